//! Audit: read the user's own Kiro logs for steering replayed into
//! sub-executions (kirodotdev/Kiro#11240), session by session, and say for
//! each whether it ran the installed bundle's patched code. Writes nothing.

pub mod find;
pub mod judge;
pub mod read;
pub mod show;
pub mod stamp;

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::fix::mark::{self, Mode};
use crate::run::exit::{EXIT_OK, EXIT_REFUSED, EXIT_REPLAY_PATCHED, EXIT_REPLAY_STOCK};
use crate::tree::discover;

/// Root agents' names: the public report's `chat-agent`, and the models' `kiro`.
pub const DEFAULT_ROOTS: &[&str] = &["chat-agent", "kiro"];

pub struct Options {
    pub logs: Option<PathBuf>,
    pub target: Option<PathBuf>,
    pub roots: Vec<String>,
}

/// What the installed bundle holds now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// Our markers, and whether they say the patch was written unproved (`--allow-inconclusive`).
    Patched(Mode, bool),
    /// Without our markers.
    Stock,
}

pub struct Bundle {
    pub path: PathBuf,
    pub how: String,
    /// Tampered or unreadable: why not known.
    pub code: Result<Code, String>,
    /// Why the patch was written unproved, as its markers record it.
    pub unproved: Option<String>,
    /// Last written (patched, restored or unpacked), seconds since the epoch.
    pub written: Option<i64>,
}

/// Which code a session ran, judged by when it started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ran {
    /// Started after the bundle was last written: it ran what the bundle holds now.
    After(Code),
    /// Started before: stock, or an earlier patch.
    Before,
    Unknown(String),
}

pub struct Audited {
    pub name: String,
    pub dir: Option<PathBuf>,
    pub log: read::SessionLog,
    pub judged: judge::Judged,
    pub started: Option<i64>,
    pub ran: Ran,
}

impl Audited {
    pub fn count(&self, wanted: impl Fn(judge::Verdict) -> bool) -> usize {
        self.judged.verdicts.iter().flatten().filter(|v| wanted(**v)).count()
    }

    pub fn replays(&self) -> usize {
        self.count(|v| matches!(v, judge::Verdict::Replay(_)))
    }

    pub fn ran_patched(&self) -> bool {
        matches!(self.ran, Ran::After(Code::Patched(..)))
    }
}

pub struct Audit {
    /// Where the logs were looked for, and how that place was chosen.
    pub place: String,
    pub how: String,
    pub bundle: Result<Bundle, String>,
    pub roots: Vec<String>,
    pub sessions: Vec<Audited>,
    /// The default folder does not exist.
    pub no_folder: bool,
    pub error: Option<String>,
    pub exit: u8,
}

pub fn run(options: &Options) -> Audit {
    let roots = if options.roots.is_empty() {
        DEFAULT_ROOTS.iter().map(|r| r.to_string()).collect()
    } else {
        options.roots.clone()
    };
    let bundle = bundle(options.target.as_deref());
    let mut audit = Audit {
        place: String::new(),
        how: String::new(),
        bundle,
        roots,
        sessions: Vec::new(),
        no_folder: false,
        error: None,
        exit: EXIT_OK,
    };
    let found = match find::locate(options.logs.as_deref()) {
        Ok(found) => found,
        Err(find::NotFound::NoFolder(place)) => {
            audit.place = place;
            audit.how = "the default".into();
            audit.no_folder = true;
            return audit;
        }
        Err(find::NotFound::Error(e)) => {
            audit.error = Some(e);
            audit.exit = EXIT_REFUSED;
            return audit;
        }
    };
    audit.place = found.place;
    audit.how = found.how;
    for session in found.sessions {
        let mut log = read::SessionLog::default();
        for input in session.inputs {
            log.read(input);
        }
        let judged = judge::judge(&log, &audit.roots);
        let started = log.first_epoch;
        let ran = ran(audit.bundle.as_ref().ok(), started, session.last_written);
        audit.sessions.push(Audited { name: session.name, dir: session.dir, log, judged, started, ran });
    }
    audit.exit = if audit.sessions.iter().any(|s| s.ran_patched() && s.replays() > 0) {
        EXIT_REPLAY_PATCHED
    } else if audit.sessions.iter().any(|s| s.replays() > 0) {
        EXIT_REPLAY_STOCK
    } else {
        EXIT_OK
    };
    audit
}

fn epoch(time: SystemTime) -> Option<i64> {
    time.duration_since(UNIX_EPOCH).ok().and_then(|d| i64::try_from(d.as_secs()).ok())
}

/// The installed bundle's state from its markers, and when it was last written.
fn bundle(target: Option<&std::path::Path>) -> Result<Bundle, String> {
    let target = discover::discover(target).map_err(|e| e.to_string())?;
    let read = std::fs::read(&target.path).and_then(|bytes| Ok((bytes, std::fs::metadata(&target.path)?)));
    let (code, unproved, written) = match read {
        Ok((bytes, meta)) => {
            let (code, unproved) = match mark::read(&bytes) {
                Ok(Some(marked)) => (Ok(Code::Patched(marked.mode, marked.unproved.is_some())), marked.unproved),
                Ok(None) => (Ok(Code::Stock), None),
                Err(t) => (Err(format!("its markers do not check out ({t})")), None),
            };
            (code, unproved, meta.modified().ok().and_then(epoch))
        }
        Err(e) => (Err(format!("cannot read it: {e}")), None, None),
    };
    Ok(Bundle { path: target.path, how: target.how, code, unproved, written })
}

fn ran(bundle: Option<&Bundle>, started: Option<i64>, last_written: Option<SystemTime>) -> Ran {
    let Some(bundle) = bundle else { return Ran::Unknown("the installed bundle was not found".into()) };
    let (Ok(code), Some(written)) = (bundle.code.clone(), bundle.written) else {
        return Ran::Unknown("the installed bundle's state is not known".into());
    };
    match (started, last_written.and_then(epoch)) {
        (Some(started), _) if started >= written => Ran::After(code),
        (Some(_), _) => Ran::Before,
        // Undated lines: a log last written before the bundle was is older than it.
        (None, Some(last)) if last < written => Ran::Before,
        (None, _) => Ran::Unknown("its lines carry no date".into()),
    }
}
