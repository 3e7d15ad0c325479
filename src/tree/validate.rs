//! Validate: `node --check` the patched bytes, handed to node on its stdin
//! (a pipe has no name in any folder, so nothing can be swapped for it) with
//! the module type the nearest package.json gives, as for the target itself.

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

/// The source of the last resort: a bare `node`, looked up on PATH.
const ON_PATH: &str = "node on PATH";

impl std::fmt::Display for NodeChoice {
    /// `<path> (<why this one>)`, or for the bare name on PATH, that alone.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.source == ON_PATH && self.path == Path::new("node") {
            return write!(f, "`node` on PATH");
        }
        write!(f, "{} ({})", self.path.display(), self.source)
    }
}

impl NodeChoice {
    /// Why it could not be started, in one phrase.
    pub fn not_started(&self, e: &std::io::Error) -> String {
        match e.kind() {
            std::io::ErrorKind::NotFound if self.source == ON_PATH && self.path == Path::new("node") => {
                "could not run node: there is none on PATH".into()
            }
            _ => format!("could not run node {self}: {e}"),
        }
    }
}

/// `--node`, then KIRO_KAS_NODE_PATH (unless it is the launch shim, which
/// would lead back here), then Kiro's own node, then `node` on PATH.
pub fn choose_node(flag: Option<&Path>) -> NodeChoice {
    if let Some(path) = flag {
        return NodeChoice { path: path.to_path_buf(), source: "--node" };
    }
    if let Some(path) = std::env::var_os("KIRO_KAS_NODE_PATH")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .filter(|p| !crate::tree::program::is_this_program(p))
    {
        return NodeChoice { path, source: "KIRO_KAS_NODE_PATH" };
    }
    if let Some(kiro) = crate::tree::discover::kiro_dir().map(|d| d.join("node")) {
        if kiro.is_file() {
            return NodeChoice { path: kiro, source: "kiro-cli's own node" };
        }
    }
    NodeChoice { path: PathBuf::from("node"), source: ON_PATH }
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
            CheckFailure::Missing(why) => f.write_str(why),
            CheckFailure::Rejected(why) => write!(f, "node --check rejected the patched file: {why}"),
            CheckFailure::TimedOut(after) => {
                write!(f, "node --check did not finish within {}s and was stopped", after.as_secs())
            }
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
pub fn wait_bounded(mut running: Running, input: Option<&[u8]>, timeout: Duration) -> Result<Output, RunFailure> {
    let stdin = running.stdin.take();
    std::thread::scope(|scope| {
        // A writer of its own, so that a child which stops reading cannot
        // block us; it ends (EPIPE) once the child's group is killed, which
        // happens before the scope waits for it.
        if let (Some(mut stdin), Some(input)) = (stdin, input) {
            scope.spawn(move || {
                let _ = stdin.write_all(input);
            });
        }
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
        let collect = |from: &std::sync::mpsc::Receiver<Vec<u8>>| {
            from.recv_timeout(grace.saturating_duration_since(Instant::now())).unwrap_or_default()
        };
        let stdout = collect(&running.stdout);
        let stderr = collect(&running.stderr);
        drop(running);
        Ok(Output { status, stdout, stderr })
    })
}

/// Runs `command` to completion, bounded by `timeout`; see `spawn_bounded`.
pub fn run_bounded(command: Command, input: Option<&[u8]>, timeout: Duration) -> Result<Output, RunFailure> {
    let running = spawn_bounded(command, input.is_some())?;
    wait_bounded(running, input, timeout)
}

fn verdict(node: &NodeChoice, result: Result<Output, RunFailure>, timeout: Duration) -> Result<(), CheckFailure> {
    let output = match result {
        Ok(output) => output,
        Err(RunFailure::Spawn(e)) => return Err(CheckFailure::Missing(node.not_started(&e))),
        Err(RunFailure::TimedOut) => return Err(CheckFailure::TimedOut(timeout)),
        Err(RunFailure::Wait(e)) => return Err(CheckFailure::Missing(format!("could not wait for {node}: {e}"))),
    };
    if output.status.success() {
        Ok(())
    } else {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let detail: Vec<String> =
            stderr.lines().filter(|l| !l.trim().is_empty()).take(6).map(|l| l.chars().take(200).collect()).collect();
        let detail = if detail.is_empty() { format!("exit status {}", output.status) } else { detail.join(" | ") };
        Err(CheckFailure::Rejected(detail))
    }
}

/// `node --check` started before the patched bytes exist, reading them from
/// its stdin: node's start-up overlaps the parse, and the bytes are written
/// once planned. Dropping it kills node.
pub struct EarlyCheck {
    node: NodeChoice,
    running: Result<Running, RunFailure>,
}

/// `module`: the bytes are an ES module (the nearest package.json says
/// `"type": "module"`), else CommonJS; node is told so, as a path would tell it.
/// It runs in `folder` (the target's), entered by descriptor.
pub fn start_check(node: &NodeChoice, module: bool, folder: &crate::tree::folder::Folder) -> EarlyCheck {
    let running = crate::tree::privilege::command(&node.path).map_err(RunFailure::Spawn).and_then(|mut command| {
        command.arg("--check").arg(if module { "--input-type=module" } else { "--input-type=commonjs" }).arg("-");
        folder.enter_in_child(&mut command);
        spawn_bounded(command, true)
    });
    EarlyCheck { node: node.clone(), running }
}

impl EarlyCheck {
    /// The node it runs (and the proof beside it).
    pub fn node(&self) -> &NodeChoice {
        &self.node
    }

    /// Hands node the bytes and waits for its verdict, at most `timeout` from now.
    pub fn finish(self, bytes: &[u8], timeout: Duration) -> Result<(), CheckFailure> {
        let result = self.running.and_then(|running| wait_bounded(running, Some(bytes), timeout));
        verdict(&self.node, result, timeout)
    }
}

/// `node --version`, started beside the other work: whether `node` is a
/// node at all, so that a wrong `--node` is named as such rather than
/// blamed on the bundle or the proof. It runs in the target's folder, as
/// every node run does.
pub struct Probe {
    node: NodeChoice,
    running: Result<Running, RunFailure>,
}

pub fn start_probe(node: &NodeChoice, folder: &crate::tree::folder::Folder) -> Probe {
    let running = crate::tree::privilege::command(&node.path).map_err(RunFailure::Spawn).and_then(|mut command| {
        command.arg("--version");
        folder.enter_in_child(&mut command);
        spawn_bounded(command, false)
    });
    Probe { node: node.clone(), running }
}

impl Probe {
    /// node 18 or later answered, within `timeout` from now.
    pub fn finish(self, timeout: Duration) -> Result<(), String> {
        let node = &self.node;
        let named = || node.to_string();
        let output = match self.running.and_then(|running| wait_bounded(running, None, timeout)) {
            Ok(output) => output,
            Err(RunFailure::Spawn(e) | RunFailure::Wait(e)) => return Err(node.not_started(&e)),
            Err(RunFailure::TimedOut) => {
                return Err(format!(
                    "{} did not answer `--version` within {}s: is it node?",
                    named(),
                    timeout.as_secs()
                ))
            }
        };
        let text = String::from_utf8_lossy(&output.stdout);
        let version = text.trim();
        let major = version.strip_prefix('v').and_then(|v| v.split('.').next()).and_then(|m| m.parse::<u32>().ok());
        match major {
            Some(major) if output.status.success() && major >= 18 => Ok(()),
            Some(_) if output.status.success() => {
                Err(format!("{} is node {version}; kiro-steer-scope needs node 18 or later", named()))
            }
            _ => {
                let said = String::from_utf8_lossy(&output.stderr);
                let said = said
                    .lines()
                    .find(|l| !l.trim().is_empty())
                    .map(|l| format!(": {}", l.chars().take(160).collect::<String>()))
                    .unwrap_or_default();
                Err(format!(
                    "{} is not node: `--version` printed {:?} ({}){said}",
                    named(),
                    version.chars().take(60).collect::<String>(),
                    output.status
                ))
            }
        }
    }
}
