//! Mirror: a patched stand-in for a KAS tree that must not be written (read
//! only, someone else's, or the user's choice). The bundle resolves dozens of
//! sibling packages from its own `node_modules`, so the mirror repeats the
//! tree's layout at the same depth: real folders along the bundle's path,
//! links to everything else, copies of the `package.json` files on the way
//! (read for the module type), and one real, patched `acp-server.js`. It lives
//! in the user's cache, keyed by the tree, the stock bundle's sha256 and the
//! fixes; it is built under a per-key lock and published by one rename.

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::Write;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::fix::mark::{self, Mode};
use crate::run::act;
use crate::run::report::Action;
use crate::tree::discover::{Target, BUNDLE_IN_TREE};

/// Overrides the cache folder (tests, fleets); else `<cache dir>/kiro-steer-scope`.
pub const CACHE_ENV: &str = "KIRO_STEER_SCOPE_CACHE";
/// Written last into a finished mirror: what it stands in for.
const READY: &str = ".ready";

pub fn root() -> Option<PathBuf> {
    let cache = std::env::var_os(CACHE_ENV)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| dirs::cache_dir().map(|d| d.join("kiro-steer-scope")));
    cache.map(|c| c.join("mirrors"))
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Manifest {
    pub tree: PathBuf,
    pub stock_sha256: String,
    pub mode: String,
}

/// A published mirror.
#[derive(Debug)]
pub struct Mirror {
    pub dir: PathBuf,
    pub manifest: Manifest,
}

impl Mirror {
    pub fn bundle(&self) -> PathBuf {
        self.dir.join(self.manifest.tree.file_name().unwrap_or_default()).join(BUNDLE_IN_TREE)
    }
}

/// The tree a bundle sits in, if it sits where kiro-cli puts it.
pub fn tree_of(bundle: &Path) -> Option<PathBuf> {
    bundle.ends_with(BUNDLE_IN_TREE).then(|| bundle.ancestors().nth(6).map(Path::to_path_buf)).flatten()
}

fn hex(bytes: &[u8]) -> String {
    mark::sha256_hex(bytes)
}

/// Names a file as it is now without reading it: a write changes its
/// ctime, which no one can set back.
fn stat_key(place: &Path, file: &Path, mode: Mode) -> std::io::Result<String> {
    let m = fs::metadata(file)?;
    let id = format!(
        "{}\n{}:{}:{}:{}.{}:{}.{}\n{mode}",
        place.display(),
        m.dev(),
        m.ino(),
        m.size(),
        m.mtime(),
        m.mtime_nsec(),
        m.ctime(),
        m.ctime_nsec()
    );
    Ok(format!(".stat-{}", &hex(id.as_bytes())[..24]))
}

/// `<cache>/verified/`: stamps of bundles whose markers were found to record a mode.
fn stamps() -> Option<PathBuf> {
    root().and_then(|r| r.parent().map(|c| c.join("verified")))
}

/// Whether `bundle`, as it is now, was found carrying `mode` before.
pub fn stamped(bundle: &Path, mode: Mode) -> bool {
    let (Some(dir), Ok(key)) = (stamps(), stat_key(bundle, bundle, mode)) else { return false };
    dir.join(key).is_file()
}

/// Remembers that `bundle`, as it is now, carries `mode`. A shortcut only
/// (a lost stamp costs one verification), so failures are ignored and
/// nothing is fsynced.
pub fn stamp(bundle: &Path, mode: Mode) {
    if let (Some(dir), Ok(key)) = (stamps(), stat_key(bundle, bundle, mode)) {
        let _ = fs::create_dir_all(&dir).and_then(|()| File::create(dir.join(key)).map(drop));
    }
}

fn read_ready(dir: &Path) -> Option<Manifest> {
    toml::from_str(&fs::read_to_string(dir.join(READY)).ok()?).ok()
}

fn lock_path(root: &Path, key: &str) -> PathBuf {
    root.join(format!("{key}.lock"))
}

/// An exclusive lock on `<root>/<key>.lock`, held while the file is open.
/// [`remove`] unlinks the file under the lock, so a lock taken on a file
/// that no longer has that name is let go and taken again on the new one.
fn lock(root: &Path, key: &str) -> Result<File, String> {
    use std::os::fd::AsRawFd;
    let path = lock_path(root, key);
    loop {
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        while unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) } != 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() != std::io::ErrorKind::Interrupted {
                return Err(format!("cannot lock {}: {e}", path.display()));
            }
        }
        let same = |held: &fs::Metadata, named: &fs::Metadata| held.dev() == named.dev() && held.ino() == named.ino();
        if file.metadata().is_ok_and(|held| fs::metadata(&path).is_ok_and(|named| same(&held, &named))) {
            return Ok(file);
        }
    }
}

/// The path node should run for `bundle` in `mode`: a published mirror,
/// built first if need be.
pub fn serve(bundle: &Path, mode: Mode, options: &act::Options) -> Result<PathBuf, String> {
    let root = root().ok_or("the cache folder is unknown (HOME is not set)")?;
    let tree = tree_of(bundle)
        .ok_or_else(|| format!("{} is not at <tree>/{BUNDLE_IN_TREE}, so it cannot be mirrored", bundle.display()))?;
    let tree = fs::canonicalize(&tree).map_err(|e| format!("cannot resolve {}: {e}", tree.display()))?;
    let vendor = tree.join(BUNDLE_IN_TREE);
    fs::create_dir_all(&root).map_err(|e| format!("cannot create {}: {e}", root.display()))?;
    // The fast path: this very file was mirrored before.
    let alias = stat_key(&tree, &vendor, mode).map_err(|e| format!("cannot read {}: {e}", vendor.display()))?;
    if let Some(found) = fs::read_to_string(root.join(&alias)).ok().map(|key| root.join(key.trim())) {
        if let Some(manifest) = read_ready(&found).filter(|m| m.tree == tree && m.mode == mode.as_str()) {
            return Ok(Mirror { dir: found, manifest }.bundle());
        }
    }
    let bytes = fs::read(&vendor).map_err(|e| format!("cannot read {}: {e}", vendor.display()))?;
    let (stock, stock_sha) = match mark::read(&bytes) {
        // Someone patched the tree itself in this very mode: nothing to mirror.
        Ok(Some(marked)) if marked.mode == mode => return Ok(vendor),
        Ok(Some(marked)) => (
            mark::strip(&bytes, &marked).map_err(|t| format!("{}: tampered: {t}", vendor.display()))?,
            marked.stock_sha256.clone(),
        ),
        Ok(None) => {
            let sha = hex(&bytes);
            (bytes, sha)
        }
        Err(t) => return Err(format!("{}: tampered: {t}", vendor.display())),
    };
    let key = format!(
        "{}-{}-{}",
        &stock_sha[..16],
        mode.as_str().replace('+', "-"),
        &hex(tree.as_os_str().as_encoded_bytes())[..8]
    );
    let dir = root.join(&key);
    let held = lock(&root, &key)?;
    let published = match read_ready(&dir) {
        Some(manifest) => Mirror { dir, manifest },
        None => build(&root, &key, &tree, &stock, &stock_sha, mode, options)?,
    };
    // The alias is only a shortcut: failing to write it costs a hash next time.
    let _ = write_whole(&root.join(&alias), key.as_bytes());
    drop(held);
    prune_orphans();
    Ok(published.bundle())
}

fn build(
    root: &Path,
    key: &str,
    tree: &Path,
    stock: &[u8],
    stock_sha: &str,
    mode: Mode,
    options: &act::Options,
) -> Result<Mirror, String> {
    let temp = root.join(format!(".tmp-{key}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&temp);
    let result = (|| {
        let copy = temp.join(tree.file_name().unwrap_or_default());
        lay_out(tree, &copy, stock).map_err(|e| format!("cannot lay out a mirror in {}: {e}", temp.display()))?;
        let target = Target::named(copy.join(BUNDLE_IN_TREE), format!("a mirror of {}", tree.display()));
        let outcome = act::run(options, Action::Apply, mode, target);
        crate::run::report::say_unproved(&outcome);
        if let Some(error) = outcome.error {
            return Err(error);
        }
        let manifest =
            Manifest { tree: tree.to_path_buf(), stock_sha256: stock_sha.to_string(), mode: mode.as_str().to_string() };
        write_whole(&temp.join(READY), toml::to_string(&manifest).map_err(|e| e.to_string())?.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", temp.display()))?;
        let dir = root.join(key);
        let _ = fs::remove_dir_all(&dir);
        fs::rename(&temp, &dir).map_err(|e| format!("cannot publish {}: {e}", dir.display()))?;
        Ok(Mirror { dir, manifest })
    })();
    if result.is_err() {
        let _ = fs::remove_dir_all(&temp);
    }
    result
}

/// The tree's layout at `copy`: real folders along the bundle's path, a link
/// to every other entry, copies of `package.json`, the stock bytes as the bundle.
fn lay_out(tree: &Path, copy: &Path, stock: &[u8]) -> std::io::Result<()> {
    let parts: Vec<&str> = BUNDLE_IN_TREE.split('/').collect();
    let (mut from, mut to) = (tree.to_path_buf(), copy.to_path_buf());
    fs::create_dir_all(&to)?;
    for part in &parts {
        for entry in fs::read_dir(&from)? {
            let entry = entry?;
            let name = entry.file_name();
            if name == *part {
                continue;
            }
            if name == "package.json" && entry.file_type()?.is_file() {
                fs::copy(entry.path(), to.join(&name))?;
            } else {
                std::os::unix::fs::symlink(entry.path(), to.join(&name))?;
            }
        }
        from.push(part);
        to.push(part);
        if from.is_dir() {
            fs::create_dir(&to)?;
        }
    }
    write_whole(&to, stock)
}

fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let temp = path.with_file_name(format!(
        ".{}.{}",
        path.file_name().unwrap_or_default().to_string_lossy(),
        std::process::id()
    ));
    let mut file = File::create(&temp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    fs::rename(&temp, path)
}

/// Every published mirror.
pub fn all() -> Vec<Mirror> {
    let Some(root) = root() else { return Vec::new() };
    let Ok(entries) = fs::read_dir(&root) else { return Vec::new() };
    let mut out: Vec<Mirror> = entries
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.') && e.path().is_dir())
        .filter_map(|e| Some(Mirror { manifest: read_ready(&e.path())?, dir: e.path() }))
        .collect();
    out.sort_by(|a, b| a.dir.cmp(&b.dir));
    out
}

/// The mirrors standing in for the tree that holds `bundle`.
pub fn of_bundle(bundle: &Path) -> Vec<Mirror> {
    let Some(tree) = tree_of(bundle).and_then(|t| fs::canonicalize(t).ok()) else { return Vec::new() };
    all().into_iter().filter(|m| m.manifest.tree == tree).collect()
}

/// Removes a mirror (under its lock) and the shortcuts that lead to it.
pub fn remove(mirror: &Mirror) -> Result<(), String> {
    let root = mirror.dir.parent().ok_or("a mirror has a folder")?;
    let key: OsString = mirror.dir.file_name().unwrap_or_default().to_os_string();
    let key = key.to_string_lossy();
    let held = lock(root, &key)?;
    fs::remove_dir_all(&mirror.dir).map_err(|e| format!("cannot remove {}: {e}", mirror.dir.display()))?;
    for entry in fs::read_dir(root).into_iter().flatten().flatten() {
        let name = entry.file_name();
        if name.to_string_lossy().starts_with(".stat-")
            && fs::read_to_string(entry.path()).is_ok_and(|k| k.trim() == key)
        {
            let _ = fs::remove_file(entry.path());
        }
    }
    // Nothing of the mirror is left, its lock included (see `lock` for why that is safe).
    let _ = fs::remove_file(lock_path(root, &key));
    drop(held);
    Ok(())
}

/// Mirrors whose tree kiro-cli has garbage-collected lead nowhere: remove them.
pub fn prune_orphans() -> Vec<PathBuf> {
    all().into_iter().filter(|m| !m.manifest.tree.is_dir()).filter_map(|m| remove(&m).ok().map(|()| m.dir)).collect()
}
