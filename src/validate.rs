//! Validate: `node --check` the patched bytes, in the target's own folder so
//! node picks the same module type (nearest package.json) as it will at run time.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Which node runs the check, and why that one.
#[derive(Clone, Debug)]
pub struct NodeChoice {
    pub path: PathBuf,
    pub source: &'static str,
}

pub fn data_home() -> Option<PathBuf> {
    match std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => Some(PathBuf::from(dir)),
        None => std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")),
    }
}

/// `--node`, then KIRO_KAS_NODE_PATH, then Kiro's own node, then `node` on PATH.
pub fn choose_node(flag: Option<&Path>) -> NodeChoice {
    if let Some(path) = flag {
        return NodeChoice { path: path.to_path_buf(), source: "--node" };
    }
    if let Some(path) = std::env::var_os("KIRO_KAS_NODE_PATH").filter(|v| !v.is_empty()) {
        return NodeChoice { path: PathBuf::from(path), source: "KIRO_KAS_NODE_PATH" };
    }
    if let Some(kiro) = data_home().map(|d| d.join("kiro-cli/node")) {
        if kiro.is_file() {
            return NodeChoice { path: kiro, source: "kiro-cli's own node" };
        }
    }
    NodeChoice { path: PathBuf::from("node"), source: "node on PATH" }
}

#[derive(Debug)]
pub enum CheckFailure {
    Missing(String),
    Rejected(String),
    TimedOut(Duration),
}

impl std::fmt::Display for CheckFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckFailure::Missing(why) => write!(f, "could not run node: {why}"),
            CheckFailure::Rejected(why) => write!(f, "node --check rejected the patched file: {why}"),
            CheckFailure::TimedOut(after) => write!(f, "node --check did not finish within {}s and was stopped", after.as_secs()),
        }
    }
}

/// How a bounded run of a child process failed.
#[derive(Debug)]
pub enum RunFailure {
    Spawn(std::io::Error),
    TimedOut,
    Wait(std::io::Error),
}

/// Runs `command` with `input` on its stdin and its stdout (up to 16 MiB) and
/// stderr (up to 64 KiB) captured, the rest read and dropped, bounded by
/// `timeout`. The child runs in a process group of its own, which is killed
/// when the child exits or runs out of time: a wrapper that leaves a process
/// behind holding a pipe open cannot stretch the run past the timeout, and
/// nothing it started is left running.
pub fn run_bounded(mut command: Command, input: Option<Vec<u8>>, timeout: Duration) -> Result<Output, RunFailure> {
    use std::os::unix::process::CommandExt;
    command
        .stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // If we are killed, so is the child (Linux); elsewhere it finishes on its own.
    #[cfg(target_os = "linux")]
    unsafe {
        command.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
    let mut child = command
        .spawn()
        .map_err(RunFailure::Spawn)?;
    let group = child.id() as libc::pid_t;
    let kill_group = || unsafe {
        libc::kill(-group, libc::SIGKILL);
    };
    if let (Some(mut stdin), Some(input)) = (child.stdin.take(), input) {
        std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
    }
    fn reader(mut pipe: impl Read + Send + 'static, cap: u64) -> std::sync::mpsc::Receiver<Vec<u8>> {
        let (sent, received) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.by_ref().take(cap).read_to_end(&mut text);
            let _ = std::io::copy(&mut pipe, &mut std::io::sink());
            let _ = sent.send(text);
        });
        received
    }
    let stdout = reader(child.stdout.take().expect("piped"), 16 << 20);
    let stderr = reader(child.stderr.take().expect("piped"), 64 << 10);
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() >= timeout => {
                kill_group();
                let _ = child.wait();
                return Err(RunFailure::TimedOut);
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => {
                kill_group();
                let _ = child.wait();
                return Err(RunFailure::Wait(e));
            }
        }
    };
    // Whatever the child left running is stopped, so the pipes close.
    kill_group();
    let grace = Instant::now() + Duration::from_secs(2);
    let collect = |from: std::sync::mpsc::Receiver<Vec<u8>>| from.recv_timeout(grace.saturating_duration_since(Instant::now())).unwrap_or_default();
    let stdout = collect(stdout);
    let stderr = collect(stderr);
    Ok(Output { status, stdout, stderr })
}

/// Runs `node --check FILE`, bounded by `timeout`.
pub fn node_check(node: &NodeChoice, file: &Path, timeout: Duration) -> Result<(), CheckFailure> {
    let mut command = Command::new(&node.path);
    command.arg("--check").arg(file);
    let output = match run_bounded(command, None, timeout) {
        Ok(output) => output,
        Err(RunFailure::Spawn(e)) => return Err(CheckFailure::Missing(format!("{} ({}): {e}", node.path.display(), node.source))),
        Err(RunFailure::TimedOut) => return Err(CheckFailure::TimedOut(timeout)),
        Err(RunFailure::Wait(e)) => return Err(CheckFailure::Missing(e.to_string())),
    };
    if output.status.success() {
        Ok(())
    } else {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let detail: Vec<String> = stderr.lines().filter(|l| !l.trim().is_empty()).take(6).map(|l| l.chars().take(200).collect()).collect();
        let detail = if detail.is_empty() { format!("exit status {}", output.status) } else { detail.join(" | ") };
        Err(CheckFailure::Rejected(detail))
    }
}
