//! Swap: replace the target atomically. New bytes go to a temp file beside the
//! real file (same folder, so node checks it as the same module type and the
//! rename stays on one filesystem), which is fsynced, given the target's mode
//! and owner, checked, and renamed over the target; then the folder is fsynced.

use std::fs::{self, File};
use std::io::{self, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

/// Our temp files; stale ones from a killed run are removed on the next start.
pub const TEMP_PREFIX: &str = ".kiro-steer-scope-";

/// New bytes staged beside the target. Dropping it removes the temp file.
pub struct Staged {
    temp: NamedTempFile,
}

impl Staged {
    pub fn path(&self) -> &Path {
        self.temp.path()
    }
}

/// `durable`: fsync the staged bytes (needed before they may replace the
/// target; a dry run's staged file is only checked and removed).
pub fn stage(real_target: &Path, bytes: &[u8], durable: bool) -> io::Result<Staged> {
    let dir = real_target.parent().unwrap_or(Path::new("."));
    let meta = fs::metadata(real_target)?;
    let mut temp = tempfile::Builder::new().prefix(TEMP_PREFIX).suffix(".js").tempfile_in(dir)?;
    temp.as_file_mut().write_all(bytes)?;
    // Keep the owner where we may (as root); otherwise the file is ours anyway.
    // Owner first: a change of owner clears the set-user/group-ID bits.
    let _ = std::os::unix::fs::fchown(temp.as_file(), Some(meta.uid()), Some(meta.gid()));
    temp.as_file().set_permissions(fs::Permissions::from_mode(meta.mode() & 0o7777))?;
    if durable {
        temp.as_file().sync_all()?;
    }
    Ok(Staged { temp })
}

#[derive(Debug)]
pub enum SwapError {
    Changed,
    /// What was being done, and how it failed.
    Io(String, io::Error),
}

impl std::fmt::Display for SwapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SwapError::Changed => write!(f, "the target changed while kiro-steer-scope was working on it (another process wrote it); nothing was replaced — run the command again"),
            SwapError::Io(what, e) => write!(f, "{what}: {e}"),
        }
    }
}

/// Renames the staged file over the target if the target still holds `expected`.
pub fn commit(staged: Staged, real_target: &Path, expected: &[u8]) -> Result<(), SwapError> {
    let unchanged = still_holds(real_target, expected).map_err(|e| SwapError::Io(format!("cannot re-read {}; nothing was replaced", real_target.display()), e))?;
    if !unchanged {
        return Err(SwapError::Changed);
    }
    staged.temp.persist(real_target).map_err(|e| SwapError::Io(format!("cannot replace {} (it is unchanged; is it or its folder immutable or read-only?)", real_target.display()), e.error))?;
    let dir = real_target.parent().unwrap_or(Path::new("."));
    // The rename has happened: a failed flush cannot be undone, so it is no refusal.
    let _ = File::open(dir).and_then(|d| d.sync_all());
    Ok(())
}

/// Whether the file's bytes are exactly `expected`, read in pieces so that a
/// second copy of an 11 MB bundle is never held.
fn still_holds(path: &Path, expected: &[u8]) -> io::Result<bool> {
    use std::io::Read;
    let mut file = File::open(path)?;
    if file.metadata()?.len() != expected.len() as u64 {
        return Ok(false);
    }
    let mut piece = vec![0u8; 1 << 20];
    let mut at = 0;
    loop {
        let n = file.read(&mut piece)?;
        if n == 0 {
            return Ok(at == expected.len());
        }
        if at + n > expected.len() || piece[..n] != expected[at..at + n] {
            return Ok(false);
        }
        at += n;
    }
}

/// An exclusive advisory lock on the target's folder, released on drop; no
/// lock file is created.
pub struct FolderLock {
    _dir: File,
}

pub fn lock_folder(real_target: &Path) -> io::Result<FolderLock> {
    use std::os::fd::AsRawFd;
    let dir = File::open(real_target.parent().unwrap_or(Path::new(".")))?;
    loop {
        let rc = unsafe { libc::flock(dir.as_raw_fd(), libc::LOCK_EX) };
        if rc == 0 {
            return Ok(FolderLock { _dir: dir });
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
}

/// Removes temp files a killed earlier run left beside the target. Only called
/// under the folder lock, so no live run's temp file is touched.
pub fn sweep_stale(real_target: &Path) -> Vec<PathBuf> {
    let dir = real_target.parent().unwrap_or(Path::new("."));
    let mut removed = Vec::new();
    if let Ok(entries) = fs::read_dir(dir) {
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with(TEMP_PREFIX) && name.ends_with(".js") && fs::remove_file(entry.path()).is_ok() {
                removed.push(entry.path());
            }
        }
    }
    removed
}
