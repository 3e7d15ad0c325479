//! Say: every line the tool prints, on stdout or stderr, goes through here,
//! so that a reader that went away (`| head -2`, `| true`) cannot make a run
//! panic. Once a stream fails, the rest meant for it is dropped and the run
//! ends with its own exit code, as ripgrep does; a failure other than a
//! closed pipe (a full disk behind `>`) is said once on stderr.

use std::io::{ErrorKind, Write};
use std::sync::atomic::{AtomicBool, Ordering};

static STDOUT_FAILED: AtomicBool = AtomicBool::new(false);
static STDERR_FAILED: AtomicBool = AtomicBool::new(false);

/// Writes `bytes` whole to `stream` unless it failed before; the error, the first time it fails.
fn write(stream: &mut dyn Write, failed: &AtomicBool, bytes: &[u8]) -> Option<std::io::Error> {
    if failed.load(Ordering::Relaxed) {
        return None;
    }
    let e = stream.write_all(bytes).and_then(|()| stream.flush()).err()?;
    failed.store(true, Ordering::Relaxed);
    Some(e)
}

/// `bytes` on stdout.
pub fn stdout(bytes: &[u8]) {
    if let Some(e) = write(&mut std::io::stdout().lock(), &STDOUT_FAILED, bytes) {
        if e.kind() != ErrorKind::BrokenPipe {
            stderr(format!("kiro-steer-scope: cannot write to stdout: {e}\n").as_bytes());
        }
    }
}

/// `bytes` on stderr.
pub fn stderr(bytes: &[u8]) {
    let _ = write(&mut std::io::stderr().lock(), &STDERR_FAILED, bytes);
}

/// `println!` that a closed pipe cannot make panic.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::run::say::stdout(format!("{}\n", format_args!($($arg)*)).as_bytes())
    };
}

/// `eprintln!` that a closed pipe cannot make panic.
macro_rules! err {
    ($($arg:tt)*) => {
        $crate::run::say::stderr(format!("{}\n", format_args!($($arg)*)).as_bytes())
    };
}

pub(crate) use {err, out};
