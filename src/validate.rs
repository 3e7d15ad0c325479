//! Validate: `node --check` the patched bytes, in the target's own folder so
//! node picks the same module type (nearest package.json) as it will at run time.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
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

/// Runs `node --check FILE`, bounded by `timeout`.
pub fn node_check(node: &NodeChoice, file: &Path, timeout: Duration) -> Result<(), CheckFailure> {
    let mut child = Command::new(&node.path)
        .arg("--check")
        .arg(file)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| CheckFailure::Missing(format!("{} ({}): {e}", node.path.display(), node.source)))?;
    let mut stderr = child.stderr.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.by_ref().take(64 * 1024).read_to_end(&mut text);
        let _ = std::io::copy(&mut stderr, &mut std::io::sink());
        String::from_utf8_lossy(&text).into_owned()
    });
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() >= timeout => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(CheckFailure::TimedOut(timeout));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(CheckFailure::Missing(e.to_string())),
        }
    };
    let stderr = reader.join().unwrap_or_default();
    if status.success() {
        Ok(())
    } else {
        let detail: Vec<String> = stderr.lines().filter(|l| !l.trim().is_empty()).take(6).map(|l| l.chars().take(200).collect()).collect();
        let detail = if detail.is_empty() { format!("exit status {status}") } else { detail.join(" | ") };
        Err(CheckFailure::Rejected(detail))
    }
}
