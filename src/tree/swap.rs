//! Swap: replace the target atomically. New bytes go to a temp file created
//! in the target's folder (same folder, so the rename stays on one
//! filesystem), which is fsynced, given the target's mode and owner, checked,
//! and renamed over the target; then the folder is fsynced. Every step is
//! made relative to the folder's descriptor (see `folder`).

use std::ffi::{OsStr, OsString};
use std::fs::{self, File, Metadata};
use std::io::{self, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::PathBuf;

use crate::tree::folder::Folder;

/// Our temp files; stale ones from a killed run are removed on the next start.
pub const TEMP_PREFIX: &str = ".kiro-steer-scope-";

/// New bytes staged beside the target. Dropping it removes the temp file
/// unless it was renamed over the target.
pub struct Staged<'f> {
    folder: &'f Folder,
    name: OsString,
    file: File,
    renamed: bool,
}

impl Drop for Staged<'_> {
    fn drop(&mut self) {
        if !self.renamed {
            let _ = self.folder.remove(&self.name);
        }
    }
}

/// `target` is the metadata of the file being replaced, as read. `durable`:
/// fsync the staged bytes (needed before they may replace the target; a dry
/// run's staged file is only checked and removed).
pub fn stage<'f>(folder: &'f Folder, target: &Metadata, bytes: &[u8], durable: bool) -> io::Result<Staged<'f>> {
    let (name, file) = folder.create_new(TEMP_PREFIX, ".js")?;
    let mut staged = Staged { folder, name, file, renamed: false };
    staged.file.write_all(bytes)?;
    // Keep the owner where we may (as root); otherwise the file is ours anyway.
    // Owner first: a change of owner clears the set-user/group-ID bits.
    let _ = std::os::unix::fs::fchown(&staged.file, Some(target.uid()), Some(target.gid()));
    staged.file.set_permissions(fs::Permissions::from_mode(target.mode() & 0o7777))?;
    if durable {
        staged.file.sync_all()?;
    }
    Ok(staged)
}

#[derive(Debug)]
pub enum SwapError {
    Changed,
    /// The staged file's name no longer leads to the staged file.
    Swapped,
    /// What was being done, and how it failed.
    Io(String, io::Error),
}

impl std::fmt::Display for SwapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SwapError::Changed => write!(
                f,
                "the target changed while kiro-steer-scope was working \
                on it (another process wrote it); nothing was replaced — run the command again"
            ),
            SwapError::Swapped => write!(
                f,
                "the staged file beside the target was replaced by \
                another process; nothing was replaced — run the command again"
            ),
            SwapError::Io(what, e) => write!(f, "{what}: {e}"),
        }
    }
}

/// Renames the staged file over `name` in its folder if that still holds `expected`.
pub fn commit(mut staged: Staged, name: &OsStr, expected: &[u8]) -> Result<(), SwapError> {
    let folder = staged.folder;
    let shown = folder.path.join(name);
    let unchanged = folder.open_file(name).and_then(|opened| still_holds(opened.file, expected));
    let unchanged =
        unchanged.map_err(|e| SwapError::Io(format!("cannot re-read {}; nothing was replaced", shown.display()), e))?;
    if !unchanged {
        return Err(SwapError::Changed);
    }
    if !folder.names_file(&staged.name, &staged.file).unwrap_or(false) {
        return Err(SwapError::Swapped);
    }
    folder.rename(&staged.name, name).map_err(|e| {
        SwapError::Io(
            format!(
                "cannot replace {} (it is unchanged; is it or its folder immutable or read-only?)",
                shown.display()
            ),
            e,
        )
    })?;
    staged.renamed = true;
    // The rename has happened: a failed flush cannot be undone, so it is no refusal.
    let _ = folder.sync();
    Ok(())
}

/// Whether the file's bytes are exactly `expected`, read in pieces so that a
/// second copy of an 11 MB bundle is never held.
fn still_holds(mut file: File, expected: &[u8]) -> io::Result<bool> {
    use std::io::Read;
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

/// Removes temp files (and FIFOs of earlier versions) a killed earlier run
/// left in the folder. Only called under the folder lock, so no live run's
/// temp file is touched.
pub fn sweep_stale(folder: &Folder) -> Vec<PathBuf> {
    let mut removed = Vec::new();
    for name in folder.names().unwrap_or_default() {
        let text = name.to_string_lossy();
        if text.starts_with(TEMP_PREFIX) && text.ends_with(".js") && folder.remove(&name).is_ok() {
            removed.push(folder.path.join(&name));
        }
    }
    removed
}
