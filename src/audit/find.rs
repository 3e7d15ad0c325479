//! Find: which log files to audit, grouped by session, newest session first.
//! KAS keeps its per-user files under `$HOME/.kiro` (it does not read
//! `KIRO_HOME`): one folder per session under `~/.kiro/logs/`, each with a
//! `kiro.log` and perhaps rotated `kiro.log.1`, `kiro.log.2.gz`, ….

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::read::Input;

/// Another place for Kiro's log folder, for scripts and tests.
pub const LOGS_VARIABLE: &str = "KIRO_STEER_SCOPE_LOGS";
const LOG_NAME: &str = "kiro.log";

/// One session's files, oldest first (rotated ones before the current one).
pub struct Session {
    pub name: String,
    pub dir: Option<PathBuf>,
    pub inputs: Vec<Input>,
    /// When its newest file was last written.
    pub last_written: Option<SystemTime>,
}

pub struct Found {
    /// What was searched, as shown to the user.
    pub place: String,
    /// How the place was chosen: `--logs`, the variable, or the default.
    pub how: String,
    pub sessions: Vec<Session>,
}

/// Why nothing could be searched.
pub enum NotFound {
    /// The default folder does not exist: nothing to audit, not an error.
    NoFolder(String),
    /// A place the user named cannot be read.
    Error(String),
}

pub fn locate(flag: Option<&Path>) -> Result<Found, NotFound> {
    let (place, how, named) = match (flag, std::env::var_os(LOGS_VARIABLE).filter(|v| !v.is_empty())) {
        (Some(path), _) => (path.to_path_buf(), "--logs".to_string(), true),
        (None, Some(path)) => (PathBuf::from(path), LOGS_VARIABLE.to_string(), true),
        (None, None) => {
            let home = std::env::var_os("HOME").filter(|h| !h.is_empty()).ok_or_else(|| {
                NotFound::Error("HOME is not set, so Kiro's log folder is unknown; pass --logs PATH".into())
            })?;
            (PathBuf::from(home).join(".kiro/logs"), "the default".to_string(), false)
        }
    };
    let shown = place.display().to_string();
    if place.as_os_str() == "-" {
        let stdin =
            Session { name: "standard input".into(), dir: None, inputs: vec![Input::Stdin], last_written: None };
        return Ok(Found { place: "standard input".into(), how, sessions: vec![stdin] });
    }
    let meta = match std::fs::metadata(&place) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !named => return Err(NotFound::NoFolder(shown)),
        Err(e) => return Err(NotFound::Error(format!("cannot read {shown}: {e}"))),
    };
    if !meta.is_dir() {
        let name = place.file_name().map_or(shown.clone(), |n| n.to_string_lossy().into_owned());
        let session = Session {
            name,
            dir: place.parent().map(Path::to_path_buf),
            last_written: meta.modified().ok(),
            inputs: vec![Input::File(place)],
        };
        return Ok(Found { place: shown, how, sessions: vec![session] });
    }
    let mut sessions = Vec::new();
    // The folder may be one session's, or hold one folder per session.
    if let Some(here) = session_in(&place).map_err(|e| NotFound::Error(format!("cannot list {shown}: {e}")))? {
        sessions.push(here);
    }
    let entries = std::fs::read_dir(&place).map_err(|e| NotFound::Error(format!("cannot list {shown}: {e}")))?;
    for entry in entries.flatten() {
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            // A session folder that cannot be listed shows as a session whose file cannot be read.
            match session_in(&entry.path()) {
                Ok(Some(session)) => sessions.push(session),
                Ok(None) => {}
                Err(_) => sessions.push(Session {
                    name: entry.file_name().to_string_lossy().into_owned(),
                    dir: Some(entry.path()),
                    inputs: vec![Input::File(entry.path().join(LOG_NAME))],
                    last_written: None,
                }),
            }
        }
    }
    // Newest first; among equal times, by name (session folders are usually named by date).
    sessions.sort_by(|a, b| b.last_written.cmp(&a.last_written).then_with(|| b.name.cmp(&a.name)));
    Ok(Found { place: shown, how, sessions })
}

/// Where a file sits in rotation: higher is older (`kiro.log.3` before
/// `kiro.log.1` before `kiro.log`); unnumbered extras come first, by time.
fn age_rank(name: &str) -> Option<u64> {
    let rest = name.strip_prefix(LOG_NAME)?;
    if rest.is_empty() {
        return Some(0);
    }
    let number = rest.strip_prefix('.')?.split('.').next()?;
    Some(number.parse::<u64>().map_or(u64::MAX, |n| n + 1))
}

/// The `kiro.log*` files directly in `dir`, as a session; None when there are none.
fn session_in(dir: &Path) -> std::io::Result<Option<Session>> {
    let mut files: Vec<(u64, Option<SystemTime>, PathBuf)> = Vec::new();
    for entry in std::fs::read_dir(dir)?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rank) = age_rank(&name) else { continue };
        // Only regular files (links followed): opening a FIFO found in a folder would block.
        let Ok(meta) = std::fs::metadata(entry.path()) else { continue };
        if !meta.is_file() {
            continue;
        }
        files.push((rank, meta.modified().ok(), entry.path()));
    }
    if files.is_empty() {
        return Ok(None);
    }
    files.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)).then_with(|| a.2.cmp(&b.2)));
    let last_written = files.iter().filter_map(|f| f.1).max();
    let name = dir.file_name().map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into_owned());
    Ok(Some(Session {
        name,
        dir: Some(dir.to_path_buf()),
        last_written,
        inputs: files.into_iter().map(|f| Input::File(f.2)).collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_order() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["kiro.log", "kiro.log.1", "kiro.log.2.gz", "kiro.log.old", "other.log", "kiro.logger"] {
            std::fs::write(dir.path().join(name), "").unwrap();
        }
        let session = session_in(dir.path()).unwrap().unwrap();
        let names: Vec<String> = session
            .inputs
            .iter()
            .map(|i| match i {
                Input::File(p) => p.file_name().unwrap().to_string_lossy().into_owned(),
                Input::Stdin => "-".into(),
            })
            .collect();
        assert_eq!(names, ["kiro.log.old", "kiro.log.2.gz", "kiro.log.1", "kiro.log"]);
    }
}
