//! Validate: `node --check` the patched bytes, in the target's own folder so
//! node picks the same module type (nearest package.json) as it will at run time.

use std::io::{Read, Write};
use std::os::unix::fs::OpenOptionsExt;
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
    crate::discover::kiro_dir().and_then(|k| k.parent().map(Path::to_path_buf))
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

/// A child started by `spawn_bounded`: in its own process group (so its
/// whole tree can be killed), killed if we die (Linux), output captured.
pub struct Running {
    child: std::process::Child,
    group: libc::pid_t,
    stdin: Option<std::process::ChildStdin>,
    stdout: std::sync::mpsc::Receiver<Vec<u8>>,
    stderr: std::sync::mpsc::Receiver<Vec<u8>>,
}

impl Running {
    fn kill_group(&self) {
        unsafe {
            libc::kill(-self.group, libc::SIGKILL);
        }
    }

    /// Whether the child has exited (without reaping it).
    fn exited(&mut self) -> bool {
        !matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // Whatever happened, nothing of ours keeps running.
        self.kill_group();
        let _ = self.child.wait();
    }
}

pub fn spawn_bounded(mut command: Command, stdin: bool) -> Result<Running, RunFailure> {
    use std::os::unix::process::CommandExt;
    command
        .stdin(if stdin { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    #[cfg(target_os = "linux")]
    unsafe {
        command.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
    let mut child = command.spawn().map_err(RunFailure::Spawn)?;
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
    let group = child.id() as libc::pid_t;
    let stdin = child.stdin.take();
    Ok(Running { child, group, stdin, stdout, stderr })
}

/// Feeds `input` (if any) and waits for the child, at most `timeout` from now;
/// then kills whatever is left of its process group.
pub fn wait_bounded(mut running: Running, input: Option<Vec<u8>>, timeout: Duration) -> Result<Output, RunFailure> {
    if let (Some(mut stdin), Some(input)) = (running.stdin.take(), input) {
        std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
    }
    running.stdin = None;
    let started = Instant::now();
    let status = loop {
        match running.child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() >= timeout => return Err(RunFailure::TimedOut),
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(RunFailure::Wait(e)),
        }
    };
    running.kill_group();
    let grace = Instant::now() + Duration::from_secs(2);
    let collect = |from: &std::sync::mpsc::Receiver<Vec<u8>>| from.recv_timeout(grace.saturating_duration_since(Instant::now())).unwrap_or_default();
    let stdout = collect(&running.stdout);
    let stderr = collect(&running.stderr);
    Ok(Output { status, stdout, stderr })
}

/// Runs `command` to completion, bounded by `timeout`; see `spawn_bounded`.
pub fn run_bounded(command: Command, input: Option<Vec<u8>>, timeout: Duration) -> Result<Output, RunFailure> {
    let running = spawn_bounded(command, input.is_some())?;
    wait_bounded(running, input, timeout)
}

fn verdict(node: &NodeChoice, result: Result<Output, RunFailure>, timeout: Duration) -> Result<(), CheckFailure> {
    let output = match result {
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

/// `node --check` started before the patched bytes exist, on a FIFO beside
/// the target (a `.js` name there, so node judges the module type exactly as
/// for the target): node's start-up overlaps the parse, and the bytes are
/// written into the FIFO once planned. Dropping it kills node and removes the FIFO.
pub struct EarlyCheck {
    node: NodeChoice,
    fifo: tempfile::NamedTempFile<()>,
    running: Result<Running, Option<RunFailure>>,
}

pub fn start_check(node: &NodeChoice, folder: &Path) -> std::io::Result<EarlyCheck> {
    use std::os::unix::ffi::OsStrExt;
    let fifo = tempfile::Builder::new().prefix(crate::swap::TEMP_PREFIX).suffix(".js").make_in(folder, |path| {
        let c = std::ffi::CString::new(path.as_os_str().as_bytes()).map_err(std::io::Error::other)?;
        if unsafe { libc::mkfifo(c.as_ptr(), 0o600) } == 0 {
            Ok(())
        } else {
            Err(std::io::Error::last_os_error())
        }
    })?;
    let mut command = Command::new(&node.path);
    command.arg("--check").arg(fifo.path());
    let running = spawn_bounded(command, false).map_err(Some);
    Ok(EarlyCheck { node: node.clone(), fifo, running })
}

impl EarlyCheck {
    /// Hands node the bytes and waits for its verdict, at most `timeout` from now.
    pub fn finish(self, bytes: &[u8], timeout: Duration) -> Result<(), CheckFailure> {
        let EarlyCheck { node, fifo, running } = self;
        let mut running = match running {
            Ok(running) => running,
            Err(failure) => return verdict(&node, Err(failure.unwrap_or(RunFailure::TimedOut)), timeout),
        };
        let started = Instant::now();
        // Open the FIFO once node has opened it for reading (a node that never
        // does, or exits first, must not block us), then write from a thread so
        // that a node which stops reading cannot either.
        let writer = loop {
            match std::fs::OpenOptions::new().write(true).custom_flags(libc::O_NONBLOCK).open(fifo.path()) {
                Ok(file) => break Some(file),
                Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {
                    if running.exited() {
                        break None;
                    }
                    if started.elapsed() >= timeout {
                        return Err(CheckFailure::TimedOut(timeout));
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
                Err(e) => return Err(CheckFailure::Missing(format!("cannot write to {}: {e}", fifo.path().display()))),
            }
        };
        let result = std::thread::scope(|scope| {
            if let Some(mut file) = writer {
                use std::os::fd::AsRawFd;
                unsafe {
                    let flags = libc::fcntl(file.as_raw_fd(), libc::F_GETFL);
                    libc::fcntl(file.as_raw_fd(), libc::F_SETFL, flags & !libc::O_NONBLOCK);
                }
                // An early exit of node ends the write with EPIPE; its status decides.
                scope.spawn(move || {
                    let _ = file.write_all(bytes);
                });
            }
            let left = timeout.saturating_sub(started.elapsed());
            let result = wait_bounded(running, None, left);
            result
        });
        drop(fifo);
        verdict(&node, result, timeout)
    }
}

/// Runs `node --check FILE`, bounded by `timeout`.
pub fn node_check(node: &NodeChoice, file: &Path, timeout: Duration) -> Result<(), CheckFailure> {
    let mut command = Command::new(&node.path);
    command.arg("--check").arg(file);
    verdict(node, run_bounded(command, None, timeout), timeout)
}
