//! Set-up: `--set-up` saves the choice and links the launch shim; `--check`
//! says what the set-up holds (the choice, the shim, mirrors) and
//! `--restore` removes the mirrors of the tree it restores. The launch shim
//! ([`shim`]), the patched stand-in it may serve ([`mirror`]) and what a tree
//! is reported as when it does ([`served`]) are its parts.

pub mod mirror;
pub mod served;
pub mod shim;

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::fix::config::{self, Config, Saved, WriteTo};
use crate::fix::mark::{Fix, Mode};
use crate::run::exit::{EXIT_OK, EXIT_REFUSED};
use crate::run::inspect::State;
use crate::run::report::{Action, Note, Outcome, Printing};
use crate::run::say::{err, out};

/// What `--set-up` was given on the command line.
pub struct Asked {
    pub fix: Option<Fix>,
    pub rewind: Option<bool>,
    pub write_to: Option<WriteTo>,
    pub node: Option<PathBuf>,
    /// `--dry-run`: say what would be written, write nothing.
    pub dry_run: bool,
    /// `--allow-inconclusive`: --ensure and the shim may write undriven patches (saved).
    pub allow_inconclusive: bool,
}

pub fn set_up(asked: Asked, saved: Saved, printing: Printing) -> u8 {
    let (mut config, replaced) = match saved {
        Ok(Some((_, c))) => (c, None),
        Ok(None) => (Config::default(), None),
        // Set-up is how a broken file is mended: start again from the defaults.
        Err(e) => (Config::default(), Some(e)),
    };
    let old = config.mode();
    config.set_mode(Mode { fix: asked.fix.unwrap_or(old.fix), rewind: asked.rewind.unwrap_or(old.rewind) });
    if let Some(w) = asked.write_to {
        config.write_to = w;
    }
    config.allow_inconclusive = asked.allow_inconclusive;
    if let Some(node) = asked.node {
        config.node = Some(std::fs::canonicalize(&node).unwrap_or(node));
    }
    let write = !asked.dry_run;
    let done = config::save(&config, write).and_then(|(path, saved)| {
        shim::install_link(write).map(|(link, me, linked)| (path, link, me, saved || linked))
    });
    let (path, link, me, changed) = match done {
        Ok(done) => done,
        Err(e) => {
            if printing.json {
                out!(
                    "{}",
                    json!({"tool": "kiro-steer-scope", "action": "set-up", "error": e, "exit_code": EXIT_REFUSED})
                );
            }
            err!("kiro-steer-scope: set-up failed: {e}");
            return EXIT_REFUSED;
        }
    };
    let did = if asked.dry_run { "would replace" } else { "replaced" };
    let warnings: Vec<String> = replaced
        .map(|e| format!("{did} an unusable config ({e})"))
        .into_iter()
        .chain(shim::fragile_link(&me))
        .collect();
    // Said even with --quiet: a shim that will break is worth a line.
    warnings.iter().for_each(|w| err!("kiro-steer-scope: warning: {w}"));
    if printing.json {
        let v = json!({
            "tool": "kiro-steer-scope",
            "action": "set-up",
            "config": path.display().to_string(),
            "mode": config.mode().as_str(),
            "write_to": config.write_to.as_str(),
            "node": config.node.as_ref().map(|n| n.display().to_string()),
            "shim": link.display().to_string(),
            "shim_links_to": me.display().to_string(),
            // Where the shim keeps mirrors and stamps, for whoever undoes the set-up.
            "cache": mirror::root().as_deref().and_then(Path::parent).map(|c| c.display().to_string()),
            "dry_run": asked.dry_run,
            // Whether the config's bytes or the link differ(ed): written now, or would be with --dry-run.
            "changed": changed,
            "warnings": warnings,
            "exit_code": EXIT_OK,
        });
        out!("{}", serde_json::to_string_pretty(&v).expect("serialisable"));
    } else if !printing.quiet {
        print_set_up(&config, &path, &link, asked.dry_run.then_some(changed));
    }
    EXIT_OK
}

/// The text of a set-up: what was saved and linked, and how to have kiro-cli start the shim
/// (with `--dry-run`, `Some(whether anything would change)` and one line).
fn print_set_up(config: &Config, path: &Path, link: &Path, dry_run: Option<bool>) {
    let (mode, write_to) = (config.mode(), config.write_to.as_str());
    if let Some(changed) = dry_run {
        let what = if changed { "would save and link" } else { "already saved and linked" };
        out!("{what}: {mode}, write-to {write_to} ({}, {})", path.display(), link.display());
        return;
    }
    let quoted = shell_quote(link);
    out!("saved:  {mode}, write-to {write_to} ({})", path.display());
    out!("shim:   {}", link.display());
    out!("");
    out!("Have kiro-cli start the shim in node's place, wherever it is started:");
    out!("  shells (~/.profile, ~/.bashrc, ~/.zshrc):  export KIRO_KAS_NODE_PATH={quoted}");
    out!("  fish:  set -Ux KIRO_KAS_NODE_PATH {quoted}");
    if cfg!(target_vendor = "apple") {
        out!("  apps started from the Dock or Finder:  launchctl setenv KIRO_KAS_NODE_PATH {quoted}");
    } else {
        out!("  programs of your systemd user session (editors, launchers):");
        out!("    mkdir -p ~/.config/environment.d && echo KIRO_KAS_NODE_PATH={quoted} > ~/.config/environment.d/kiro-steer-scope.conf");
    }
    out!("Every kiro-cli start then brings its agent runtime to {mode} before node loads it, the first start after an upgrade included.");
    out!("Check with: kiro-steer-scope --check");
}

fn shell_quote(path: &Path) -> String {
    let text = path.display().to_string();
    if text.bytes().all(|b| b.is_ascii_alphanumeric() || b"/._-~".contains(&b)) {
        text
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// `--check` reports the set-up; `--restore` removes the tree's mirrors.
pub fn annotate(outcome: &mut Outcome, action: Action, saved: &Saved) {
    match action {
        Action::Check => {
            outcome.notes.push(choice_note(saved));
            let shim = shim_note(outcome);
            outcome.notes.push(shim);
            served::by_mirror(outcome, saved);
            mirrors_note(outcome);
        }
        Action::Restore => remove_mirrors(outcome),
        Action::Apply | Action::Ensure if is_set_up(saved) => {
            served::by_mirror(outcome, saved);
            stamp(outcome);
        }
        _ => {}
    }
}

fn is_set_up(saved: &Saved) -> bool {
    matches!(saved, Ok(Some(_)))
}

/// A file left carrying its fixes is stamped, so the shim's next start need not read it.
fn stamp(outcome: &mut Outcome) {
    if let (0, Some(State::Patched(mode)), Some(path)) =
        (outcome.exit, outcome.state_after.or(outcome.state), &outcome.real_path)
    {
        mirror::stamp(path, mode);
    }
}

/// With --all: each tree as one, and mirrors of trees that are gone are removed on --restore.
pub fn annotate_all(outcomes: &mut [Outcome], action: Action, saved: &Saved) {
    match action {
        Action::Check => outcomes.iter_mut().for_each(|o| {
            served::by_mirror(o, saved);
            mirrors_note(o);
        }),
        Action::Restore => {
            outcomes.iter_mut().for_each(remove_mirrors);
            mirror::prune_orphans();
        }
        Action::Apply | Action::Ensure if is_set_up(saved) => outcomes.iter_mut().for_each(|o| {
            served::by_mirror(o, saved);
            stamp(o);
        }),
        _ => {}
    }
}

fn choice_note(saved: &Saved) -> Note {
    let (text, json) = match saved {
        Ok(Some((path, c))) => (
            format!("{}, write-to {} (saved in {})", c.mode(), c.write_to.as_str(), path.display()),
            json!({"saved": true, "path": path.display().to_string(), "mode": c.mode().as_str(), "write_to": c.write_to.as_str()}),
        ),
        Ok(None) => (
            "none saved: --ensure keeps a patched file's fixes, apply uses seed; `kiro-steer-scope --set-up` saves one"
                .into(),
            json!({"saved": false, "path": config::path().map(|p| p.display().to_string())}),
        ),
        Err(e) => (format!("unusable: {e}"), json!({"saved": false, "error": e})),
    };
    Note { key: "choice", text, json }
}

/// What KIRO_KAS_NODE_PATH is here; a shim that cannot start is also a warning, since
/// kiro-cli then cannot start its agent at all.
fn shim_note(outcome: &mut Outcome) -> Note {
    let variable = shim::variable();
    let (value, is_shim, broken) = match &variable {
        shim::Variable::Unset => (None, false, false),
        shim::Variable::Shim(p) => (Some(p), true, false),
        shim::Variable::Broken { path, .. } => (Some(path), false, true),
        shim::Variable::Other(p) => (Some(p), false, false),
    };
    let text = match &variable {
        shim::Variable::Shim(p) => format!(
            "KIRO_KAS_NODE_PATH is the launch shim ({}): every kiro-cli start from this environment is patched first",
            p.display()
        ),
        shim::Variable::Broken { path, leads_to } => {
            let what = match leads_to {
                Some(to) => format!("its link leads to {}, which is gone", to.display()),
                None if path.exists() => "it is not executable".into(),
                None => "it does not exist".into(),
            };
            let text = format!(
                "KIRO_KAS_NODE_PATH is the launch shim ({}), but it is broken: {what}, so kiro-cli cannot start its \
                 agent from this environment; run `kiro-steer-scope --set-up` again (from an installed binary), or \
                 unset KIRO_KAS_NODE_PATH",
                path.display()
            );
            outcome.warnings.push(text.clone());
            text
        }
        shim::Variable::Other(p) => format!("KIRO_KAS_NODE_PATH is {}, not the launch shim", p.display()),
        shim::Variable::Unset => {
            "KIRO_KAS_NODE_PATH is not set here, so kiro-cli starts run the tree as it is (see --set-up)".into()
        }
    };
    let links_to = match &variable {
        shim::Variable::Broken { leads_to, .. } => leads_to.as_ref().map(|p| p.display().to_string()),
        _ => None,
    };
    let json = json!({"variable": value.map(|p| p.display().to_string()), "is_shim": is_shim, "broken": broken, "links_to": links_to});
    Note { key: "shim", text, json }
}

fn bundle_of(outcome: &Outcome) -> Option<PathBuf> {
    outcome.real_path.clone().or_else(|| outcome.target.clone())
}

fn mirrors_note(outcome: &mut Outcome) {
    let Some(bundle) = bundle_of(outcome) else { return };
    let found = mirror::of_bundle(&bundle);
    if found.is_empty() {
        return;
    }
    let text = found
        .iter()
        .map(|m| format!("{} ({}; the shim runs it in the tree's place)", m.bundle().display(), m.manifest.mode))
        .collect::<Vec<_>>()
        .join(", ");
    let json = found.iter().map(|m| json!({"path": m.bundle().display().to_string(), "mode": m.manifest.mode, "stock_sha256": m.manifest.stock_sha256})).collect();
    outcome.notes.push(Note { key: "mirror", text, json: Value::Array(json) });
}

fn remove_mirrors(outcome: &mut Outcome) {
    let Some(bundle) = bundle_of(outcome) else { return };
    let mut removed = Vec::new();
    for m in mirror::of_bundle(&bundle) {
        match mirror::remove(&m) {
            Ok(()) => removed.push(m.dir.display().to_string()),
            Err(e) => outcome.warnings.push(e),
        }
    }
    if !removed.is_empty() {
        if outcome.error.is_none() {
            outcome.message = format!(
                "{}; removed {} mirror{}",
                outcome.message,
                removed.len(),
                if removed.len() == 1 { "" } else { "s" }
            );
        }
        outcome.notes.push(Note {
            key: "mirror",
            text: format!("removed {}", removed.join(", ")),
            json: json!({"removed": removed}),
        });
    }
}
