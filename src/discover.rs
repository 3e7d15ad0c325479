//! Discover: which acp-server.js to work on, and the @kiro/agent version.

use std::path::{Path, PathBuf};

use crate::folder::Walked;
use crate::validate::data_home;

pub const BUNDLE_IN_TREE: &str = "node_modules/@kiro/agent/dist/server/acp-server.js";

#[derive(Debug)]
pub struct Target {
    /// As the user named it (or as discovered).
    pub path: PathBuf,
    /// How it was found.
    pub how: String,
}

/// `--target`, else KIRO_KAS_SERVER_PATH, else the tree for `kiro-cli --version`.
pub fn discover(flag: Option<&Path>) -> Result<Target, String> {
    if let Some(path) = flag {
        return Ok(Target { path: path.to_path_buf(), how: "--target".into() });
    }
    if let Some(path) = std::env::var_os("KIRO_KAS_SERVER_PATH").filter(|v| !v.is_empty()) {
        return Ok(Target { path: PathBuf::from(path), how: "KIRO_KAS_SERVER_PATH".into() });
    }
    let version = cli_version()?;
    let data = data_home().ok_or("neither XDG_DATA_HOME nor HOME is set; pass --target PATH")?;
    let kas = data.join("kiro-cli/kas");
    let entries = std::fs::read_dir(&kas).map_err(|e| format!("cannot list {}: {e}; pass --target PATH", kas.display()))?;
    let prefix = format!("{version}-");
    let mut trees: Vec<PathBuf> = Vec::new();
    let mut others: Vec<String> = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".lock") {
            continue;
        }
        if name.starts_with(&prefix) && entry.path().join(BUNDLE_IN_TREE).is_file() {
            trees.push(entry.path());
        } else {
            others.push(name);
        }
    }
    trees.sort();
    others.sort();
    match trees.as_slice() {
        [one] => Ok(Target { path: one.join(BUNDLE_IN_TREE), how: format!("kiro-cli {version} in {}", kas.display()) }),
        [] => Err(format!(
            "no KAS tree for kiro-cli {version} in {} (looked for {prefix}*/{BUNDLE_IN_TREE}; other entries: {}); pass --target PATH",
            kas.display(),
            if others.is_empty() { "none".into() } else { others.join(", ") }
        )),
        several => Err(format!(
            "{} KAS trees match kiro-cli {version}: {}; pass --target PATH to choose one",
            several.len(),
            several.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
        )),
    }
}

fn cli_version() -> Result<String, String> {
    let output = crate::privilege::command(Path::new("kiro-cli"))
        .and_then(|mut command| command.arg("--version").output())
        .map_err(|e| format!("could not run `kiro-cli --version` ({e}); pass --target PATH or set KIRO_KAS_SERVER_PATH"))?;
    if !output.status.success() {
        return Err(format!("`kiro-cli --version` failed ({}); pass --target PATH", output.status));
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let word = text.split_whitespace().last().ok_or("`kiro-cli --version` printed nothing; pass --target PATH")?;
    if word.contains('/') || word.starts_with('.') {
        return Err(format!("`kiro-cli --version` printed `{}`, not a version; pass --target PATH", text.trim()));
    }
    Ok(word.to_string())
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
                agent_version: if is_agent { json.get("version").and_then(|v| v.as_str()).map(String::from) } else { None },
                module: json.get("type").and_then(|t| t.as_str()) == Some("module"),
            };
        }
        return PackageInfo { agent_version: None, module: false };
    }
    PackageInfo { agent_version: None, module: false }
}
