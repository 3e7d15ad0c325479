//! Discover: which acp-server.js to work on, and the @kiro/agent version.

use std::path::{Path, PathBuf};

use crate::tree::folder::Walked;

pub const BUNDLE_IN_TREE: &str = "node_modules/@kiro/agent/dist/server/acp-server.js";

/// Where kiro-cli keeps its data: a parameter, so that tests cover both
/// layouts on any machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    /// `${XDG_DATA_HOME:-$HOME/.local/share}`
    Linux,
    /// `$HOME/Library/Application Support`
    MacOs,
}

impl Platform {
    pub fn current() -> Platform {
        // A hidden override lets the tests drive the macOS layout on Linux.
        match std::env::var("KIRO_STEER_SCOPE_PLATFORM").as_deref() {
            Ok("macos") => return Platform::MacOs,
            Ok("linux") => return Platform::Linux,
            _ => {}
        }
        if cfg!(target_os = "macos") {
            Platform::MacOs
        } else {
            Platform::Linux
        }
    }

    /// The folder that holds `kiro-cli/` (its `kas/` trees and its `node`).
    pub fn data_dir(self, env: &dyn Fn(&str) -> Option<std::ffi::OsString>) -> Option<PathBuf> {
        let home = env("HOME").filter(|v| !v.is_empty()).map(PathBuf::from);
        match self {
            Platform::Linux => env("XDG_DATA_HOME")
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
                .or_else(|| home.map(|h| h.join(".local/share"))),
            Platform::MacOs => home.map(|h| h.join("Library/Application Support")),
        }
    }
}

/// `<data>/kiro-cli` for this machine, from the process environment;
/// `KIRO_DATA_DIR` replaces it as it does for kiro-cli.
pub fn kiro_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("KIRO_DATA_DIR").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    Platform::current().data_dir(&|k| std::env::var_os(k)).map(|d| d.join("kiro-cli"))
}

#[derive(Debug)]
pub struct Target {
    /// As the user named it (or as discovered).
    pub path: PathBuf,
    /// How it was found.
    pub how: String,
    /// The kiro-cli version the tree was chosen for, when it is known.
    pub cli_version: Option<String>,
    /// Why this tree and not the CLI's own, when that is worth saying (the engine lags the CLI).
    pub note: Option<String>,
}

impl Target {
    /// A target named by the caller, not chosen by version.
    pub fn named(path: PathBuf, how: impl Into<String>) -> Target {
        Target { path, how: how.into(), cli_version: None, note: None }
    }
}

/// One unpacked KAS tree: `<kas>/<cli-version>-<hash>/`.
#[derive(Debug, Clone)]
pub struct Tree {
    pub dir: PathBuf,
    pub cli_version: String,
}

impl Tree {
    pub fn bundle(&self) -> PathBuf {
        self.dir.join(BUNDLE_IN_TREE)
    }
}

/// Every KAS tree under `kas`, sorted. Skipped: `.lock` entries, the
/// `.incoming*` scratch entry of a tree being extracted (its bundle may be
/// half written), and folders without a bundle.
pub fn trees(kas: &Path) -> Result<Vec<Tree>, String> {
    let entries = std::fs::read_dir(kas).map_err(|e| format!("cannot list {}: {e}", kas.display()))?;
    let mut out = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".lock") || name.starts_with(".incoming") || !entry.path().join(BUNDLE_IN_TREE).is_file() {
            continue;
        }
        let cli_version = name.split_once('-').map_or(name.as_str(), |(v, _)| v).to_string();
        out.push(Tree { dir: entry.path(), cli_version });
    }
    out.sort_by(|a, b| a.dir.cmp(&b.dir));
    Ok(out)
}

/// Why discovery found no single target.
#[derive(Debug)]
pub enum NotFound {
    /// The tree for the installed kiro-cli is not unpacked yet (it is on first start).
    NotUnpacked(String),
    /// Anything else: the message says what to do.
    Other(String),
}

impl std::fmt::Display for NotFound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotFound::NotUnpacked(m) | NotFound::Other(m) => f.write_str(m),
        }
    }
}

/// The `kas/` folder under this machine's kiro-cli data folder.
pub fn kas_dir() -> Result<PathBuf, NotFound> {
    kiro_dir().map(|k| k.join("kas")).ok_or_else(|| {
        NotFound::Other("HOME is not set, so kiro-cli's data folder is unknown; pass --target PATH".into())
    })
}

/// `--target`, else KIRO_KAS_SERVER_PATH, else the tree for `kiro-cli --version`,
/// else (no kiro-cli on PATH) the only tree there is.
pub fn discover(flag: Option<&Path>) -> Result<Target, NotFound> {
    if let Some(path) = flag {
        return Ok(Target::named(path.to_path_buf(), "--target"));
    }
    if let Some(path) = std::env::var_os("KIRO_KAS_SERVER_PATH").filter(|v| !v.is_empty()) {
        return Ok(Target::named(PathBuf::from(path), "KIRO_KAS_SERVER_PATH"));
    }
    let kas = kas_dir()?;
    let version = cli_version().map_err(NotFound::Other)?;
    let listed = trees(&kas);
    choose(&kas, version.as_deref(), listed)
}

/// The one tree for `version` (or, without a version, the only tree).
fn choose(kas: &Path, version: Option<&str>, listed: Result<Vec<Tree>, String>) -> Result<Target, NotFound> {
    let list = |trees: &[Tree]| trees.iter().map(|t| t.dir.display().to_string()).collect::<Vec<_>>().join(", ");
    let Some(version) = version else {
        let trees =
            listed.map_err(|e| NotFound::Other(format!("kiro-cli is not on PATH and {e}; pass --target PATH")))?;
        return match trees.as_slice() {
            [one] => Ok(Target::named(
                one.bundle(),
                format!("the only KAS tree in {} (kiro-cli is not on PATH)", kas.display()),
            )),
            [] => Err(NotFound::Other(format!(
                "kiro-cli is not on PATH and {} holds no KAS tree; \
                pass --target PATH",
                kas.display()
            ))),
            several => Err(NotFound::Other(format!(
                "kiro-cli is not on PATH and {} holds {} KAS trees: {}; pass --target PATH to \
                    choose one, or --all for every one",
                kas.display(),
                several.len(),
                list(several)
            ))),
        };
    };
    let trees = listed.map_err(|e| {
        NotFound::NotUnpacked(format!(
            "kiro-cli {version} has not \
        unpacked its runtime yet ({e}); it does on first start, so start kiro-cli once and run this again"
        ))
    })?;
    let mut matching: Vec<Tree> = trees.iter().filter(|t| t.cli_version == version).cloned().collect();
    let mut how = format!("kiro-cli {version} in {}", kas.display());
    let mut note = None;
    // The engine may lag the CLI: then kiro-cli runs the newest tree not above its version.
    if let (true, Some(cli)) = (matching.is_empty(), version_key(version)) {
        let below = |t: &&Tree| version_key(&t.cli_version).is_some_and(|v| v <= cli);
        if let Some(best) = trees.iter().filter(below).filter_map(|t| version_key(&t.cli_version)).max() {
            matching = trees.iter().filter(|t| version_key(&t.cli_version).as_ref() == Some(&best)).cloned().collect();
            let lag = format!(
                "no {version} tree, so the newest not above it ({}; the engine lags the CLI)",
                matching[0].cli_version
            );
            how = format!("{how}: {lag}");
            note = Some(format!("kiro-cli {version} has {lag}"));
        }
    }
    match matching.as_slice() {
        [one] => Ok(Target { path: one.bundle(), how, cli_version: Some(version.to_string()), note }),
        [] => Err(NotFound::NotUnpacked(format!(
            "no KAS tree for kiro-cli {version} in {} yet (other trees: {}); kiro-cli unpacks it on \
                first start, so start kiro-cli once and run this again, or pass --target PATH",
            kas.display(),
            if trees.is_empty() { "none".into() } else { list(&trees) }
        ))),
        several => Err(NotFound::Other(format!(
            "{} KAS trees match kiro-cli {version}: {}; pass --target PATH to choose one, or --all for every one",
            several.len(),
            list(several)
        ))),
    }
}

/// A version as numbers (`2.15.1` → [2, 15, 1]), compared as versions, not as strings.
fn version_key(version: &str) -> Option<Vec<u64>> {
    version.split('.').map(|part| part.parse::<u64>().ok()).collect()
}

/// The installed kiro-cli's version; None when kiro-cli is not on PATH.
/// Run as root, it must be a program no other user could have written.
fn cli_version() -> Result<Option<String>, String> {
    let output = match crate::tree::privilege::command(Path::new("kiro-cli"))
        .and_then(|mut command| command.arg("--version").output())
    {
        Ok(output) => output,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(format!(
                "could not run `kiro-cli --version` ({e}); pass --target PATH or set KIRO_KAS_SERVER_PATH"
            ))
        }
    };
    if !output.status.success() {
        return Err(format!("`kiro-cli --version` failed ({}); pass --target PATH", output.status));
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let word = text.split_whitespace().last().ok_or("`kiro-cli --version` printed nothing; pass --target PATH")?;
    if word.contains('/') || word.starts_with('.') {
        return Err(format!("`kiro-cli --version` printed `{}`, not a version; pass --target PATH", text.trim()));
    }
    Ok(Some(word.to_string()))
}

/// The nearest package.json above the bundle: its "version" if it is
/// @kiro/agent's, and whether node treats .js files there as ES modules.
pub struct PackageInfo {
    pub agent_version: Option<String>,
    pub module: bool,
}

pub fn package_info(walked: &Walked) -> PackageInfo {
    // The held folders, nearest first: nothing is looked up by path again.
    for folder in std::iter::once(&walked.folder).chain(walked.above.iter().rev()) {
        let Ok((bytes, _)) = folder.read(std::ffi::OsStr::new("package.json")) else { continue };
        let Ok(text) = String::from_utf8(bytes) else { continue };
        if let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) {
            let is_agent = json.get("name").and_then(|n| n.as_str()) == Some("@kiro/agent");
            return PackageInfo {
                agent_version: if is_agent {
                    json.get("version").and_then(|v| v.as_str()).map(String::from)
                } else {
                    None
                },
                module: json.get("type").and_then(|t| t.as_str()) == Some("module"),
            };
        }
        return PackageInfo { agent_version: None, module: false };
    }
    PackageInfo { agent_version: None, module: false }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsString;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
        move |k| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| OsString::from(v))
    }

    #[test]
    fn data_folder_per_platform() {
        let both = [("HOME", "/home/ann"), ("XDG_DATA_HOME", "/data/ann")];
        assert_eq!(Platform::Linux.data_dir(&env(&both)), Some(PathBuf::from("/data/ann")));
        assert_eq!(
            Platform::Linux.data_dir(&env(&[("HOME", "/home/ann"), ("XDG_DATA_HOME", "")])),
            Some(PathBuf::from("/home/ann/.local/share"))
        );
        // macOS ignores XDG_DATA_HOME: kiro-cli keeps its data in Application Support.
        assert_eq!(Platform::MacOs.data_dir(&env(&both)), Some(PathBuf::from("/home/ann/Library/Application Support")));
        assert_eq!(Platform::MacOs.data_dir(&env(&[])), None);
    }

    fn layout(root: &Path, names: &[&str]) -> PathBuf {
        let kas = root.join("kiro-cli/kas");
        for name in names {
            let dir = kas.join(name);
            if name.ends_with(".lock") {
                std::fs::create_dir_all(&kas).unwrap();
                std::fs::write(&dir, "").unwrap();
                continue;
            }
            std::fs::create_dir_all(dir.join(BUNDLE_IN_TREE).parent().unwrap()).unwrap();
            std::fs::write(dir.join(BUNDLE_IN_TREE), "").unwrap();
        }
        kas
    }

    #[test]
    fn choosing_a_tree_in_both_layouts() {
        for platform in [Platform::Linux, Platform::MacOs] {
            let home = tempfile::tempdir().unwrap();
            let data = platform.data_dir(&env(&[("HOME", home.path().to_str().unwrap())])).unwrap();
            let kas = layout(&data, &["2.21.0-aaa", "2.21.0-aaa.lock", "2.22.0-bbb", "2.22.0-bbb.lock"]);
            let listed = || trees(&kas);
            let one = choose(&kas, Some("2.22.0"), listed()).unwrap();
            assert_eq!(one.path, kas.join("2.22.0-bbb").join(BUNDLE_IN_TREE), "{platform:?}");
            // A version whose tree is not unpacked yet, with no older tree to run.
            assert!(matches!(choose(&kas, Some("2.20.0"), listed()), Err(NotFound::NotUnpacked(_))));
            // No kiro-cli on PATH: two trees are a question, not a guess.
            let err = choose(&kas, None, listed()).unwrap_err().to_string();
            assert!(err.contains("--all") && err.contains("2.21.0-aaa") && err.contains("2.22.0-bbb"), "{err}");
            std::fs::remove_dir_all(kas.join("2.21.0-aaa")).unwrap();
            assert_eq!(choose(&kas, None, listed()).unwrap().path, kas.join("2.22.0-bbb").join(BUNDLE_IN_TREE));
        }
    }

    #[test]
    fn the_engine_may_lag_the_cli_and_scratch_entries_are_skipped() {
        let root = tempfile::tempdir().unwrap();
        let kas =
            layout(root.path(), &["2.9.0-old", "2.15.1-aaa", "2.15.1-aaa.lock", "2.16.0-new", ".incoming-2.15.2-x"]);
        let chosen = choose(&kas, Some("2.15.2"), trees(&kas)).unwrap();
        assert_eq!(chosen.path, kas.join("2.15.1-aaa").join(BUNDLE_IN_TREE), "2.15.1 < 2.15.2 < 2.16.0, as versions");
        assert!(chosen.how.contains("lags"), "{}", chosen.how);
        assert!(trees(&kas).unwrap().iter().all(|t| !t.dir.to_string_lossy().contains(".incoming")));
        assert_eq!(
            choose(&kas, Some("2.10.0"), trees(&kas)).unwrap().path,
            kas.join("2.9.0-old").join(BUNDLE_IN_TREE),
            "2.9 is below 2.10"
        );
        assert!(
            matches!(choose(&kas, Some("2.8.0"), trees(&kas)), Err(NotFound::NotUnpacked(_))),
            "nothing at or below"
        );
        // An exact match still wins over the lag rule.
        assert_eq!(
            choose(&kas, Some("2.16.0"), trees(&kas)).unwrap().path,
            kas.join("2.16.0-new").join(BUNDLE_IN_TREE)
        );
    }

    #[test]
    fn several_trees_for_one_version_are_refused() {
        let root = tempfile::tempdir().unwrap();
        let kas = layout(root.path(), &["2.22.0-aaa", "2.22.0-bbb"]);
        let err = choose(&kas, Some("2.22.0"), trees(&kas)).unwrap_err();
        assert!(matches!(err, NotFound::Other(ref m) if m.contains("2 KAS trees match")), "{err}");
    }

    #[test]
    fn no_kas_folder_yet_means_not_unpacked() {
        let root = tempfile::tempdir().unwrap();
        let kas = root.path().join("kiro-cli/kas");
        assert!(matches!(choose(&kas, Some("2.22.0"), trees(&kas)), Err(NotFound::NotUnpacked(_))));
    }
}
