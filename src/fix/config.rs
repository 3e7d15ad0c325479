//! Config: the fixes a user chose, kept in one small TOML file in the
//! platform's config folder, so that `--ensure`, apply and the launch shim
//! bring every tree to the same choice without flags, and never undo it.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::fix::mark::{Fix, Mode};

/// Overrides the file's place (tests, fleets); else `<config dir>/kiro-steer-scope/config.toml`.
pub const CONFIG_ENV: &str = "KIRO_STEER_SCOPE_CONFIG";

/// How long the shim may spend before it starts node on the file as it is.
pub const DEFAULT_BUDGET_SECS: u64 = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FixName {
    Seed,
    Gate,
}

/// Where the shim puts the patched bundle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum WriteTo {
    /// The tree itself when this user may write it, else a mirror.
    #[default]
    Auto,
    /// Always the tree (a tree that cannot be written runs as it is).
    Tree,
    /// Always a patched mirror in the user's cache; the tree is never written.
    Mirror,
}

impl WriteTo {
    pub fn as_str(self) -> &'static str {
        match self {
            WriteTo::Auto => "auto",
            WriteTo::Tree => "tree",
            WriteTo::Mirror => "mirror",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Config {
    pub mode: FixName,
    #[serde(default)]
    pub rewind_on_clear: bool,
    #[serde(default)]
    pub write_to: WriteTo,
    /// The node the shim starts (default: kiro-cli's own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<PathBuf>,
    #[serde(default = "default_budget")]
    pub budget_secs: u64,
    /// Whether --ensure and the launch shim may write a patch whose proof
    /// was undriven (`--set-up --allow-inconclusive`); never an open or disproved one.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub allow_inconclusive: bool,
}

fn default_budget() -> u64 {
    DEFAULT_BUDGET_SECS
}

impl Default for Config {
    fn default() -> Config {
        Config {
            mode: FixName::Seed,
            rewind_on_clear: false,
            write_to: WriteTo::Auto,
            node: None,
            budget_secs: DEFAULT_BUDGET_SECS,
            allow_inconclusive: false,
        }
    }
}

impl Config {
    pub fn mode(&self) -> Mode {
        let fix = match self.mode {
            FixName::Seed => Fix::Seed,
            FixName::Gate => Fix::Gate,
        };
        Mode { fix, rewind: self.rewind_on_clear }
    }

    pub fn set_mode(&mut self, mode: Mode) {
        self.mode = match mode.fix {
            Fix::Seed => FixName::Seed,
            Fix::Gate => FixName::Gate,
        };
        self.rewind_on_clear = mode.rewind;
    }
}

pub fn path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(CONFIG_ENV).filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(p));
    }
    dirs::config_dir().map(|d| d.join("kiro-steer-scope/config.toml"))
}

/// The saved choice and its file, `Ok(None)` when nothing was saved, or why it is unusable.
pub type Saved = Result<Option<(PathBuf, Config)>, String>;

/// The saved choice; `Ok(None)` when nothing was saved.
pub fn load() -> Saved {
    let Some(path) = path() else { return Ok(None) };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let config: Config = toml::from_str(&text)
        .map_err(|e| format!("{} is not a valid kiro-steer-scope config: {}", path.display(), e.message()))?;
    if config.budget_secs == 0 {
        return Err(format!("{}: budget-secs must be at least 1", path.display()));
    }
    Ok(Some((path, config)))
}

/// Writes the config whole (a temp file renamed over the old one), unless it
/// already holds these bytes or `write` is false; says whether its bytes
/// differ(ed), so that a configuration manager can report a change honestly.
pub fn save(config: &Config, write: bool) -> Result<(PathBuf, bool), String> {
    let path = path().ok_or("the config folder is unknown (HOME is not set)")?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let body = toml::to_string(config).map_err(|e| e.to_string())?;
    let text = format!(
        "# kiro-steer-scope: the fixes to apply, written by `kiro-steer-scope --set-up`.\n\
         # Read by --ensure, apply and the launch shim; a flag on the command line wins for that run.\n\
         # mode: seed or gate; write-to: auto, tree or mirror.\n{body}"
    );
    let differs = !std::fs::read(&path).is_ok_and(|old| old == text.as_bytes());
    if !differs || !write {
        return Ok((path, differs));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let temp = dir.join(format!(".config.toml.{}", std::process::id()));
    std::fs::write(&temp, text).and_then(|()| std::fs::rename(&temp, &path)).map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        format!("cannot write {}: {e}", path.display())
    })?;
    Ok((path, true))
}

/// What this run was asked for: each part from a flag, else from the config,
/// else unchosen.
#[derive(Clone, Copy, Debug, Default)]
pub struct Chosen {
    pub fix: Option<Fix>,
    pub rewind: Option<bool>,
}

impl Chosen {
    /// Flags first, then the saved choice.
    pub fn resolve(fix_flag: Option<Fix>, rewind_flag: Option<bool>, saved: Option<&Config>) -> Chosen {
        let saved = saved.map(Config::mode);
        Chosen { fix: fix_flag.or(saved.map(|m| m.fix)), rewind: rewind_flag.or(saved.map(|m| m.rewind)) }
    }

    /// What an action that sets the file (apply, --dry-run) aims for: seed, no rewind, unless chosen.
    pub fn mode(self) -> Mode {
        Mode { fix: self.fix.unwrap_or(Fix::Seed), rewind: self.rewind.unwrap_or(false) }
    }

    /// For --ensure: what was not chosen stays as the file carries it.
    pub fn keeping(self, carried: Option<Mode>) -> Mode {
        match carried {
            Some(m) => Mode { fix: self.fix.unwrap_or(m.fix), rewind: self.rewind.unwrap_or(m.rewind) },
            None => self.mode(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_strictness() {
        let mut c = Config::default();
        c.set_mode(Mode { fix: Fix::Gate, rewind: true });
        c.write_to = WriteTo::Mirror;
        let text = toml::to_string(&c).unwrap();
        assert!(
            text.contains("mode = \"gate\"")
                && text.contains("rewind-on-clear = true")
                && text.contains("write-to = \"mirror\""),
            "{text}"
        );
        assert_eq!(toml::from_str::<Config>(&text).unwrap(), c);
        assert!(
            toml::from_str::<Config>("mode = \"seed\"\nrewind = true\n").is_err(),
            "a misspelt key is an error, not ignored"
        );
        assert_eq!(toml::from_str::<Config>("mode = \"seed\"\n").unwrap(), Config::default());
    }

    #[test]
    fn flags_win_and_ensure_keeps_what_was_not_chosen() {
        let mut saved = Config::default();
        saved.set_mode(Mode { fix: Fix::Gate, rewind: true });
        let c = Chosen::resolve(Some(Fix::Seed), None, Some(&saved));
        assert_eq!(c.mode(), Mode { fix: Fix::Seed, rewind: true });
        let none = Chosen::resolve(None, None, None);
        let gate = Mode { fix: Fix::Gate, rewind: false };
        assert_eq!(none.keeping(Some(gate)), gate);
        assert_eq!(none.keeping(None), Mode::SEED);
        assert_eq!(Chosen::resolve(None, Some(true), None).keeping(Some(gate)), Mode { fix: Fix::Gate, rewind: true });
    }
}
