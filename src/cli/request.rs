//! Request: what the command line asked for, carried out. The saved choice
//! and the flags make the fixes, the anchors are loaded, the target is found
//! (or every tree) and `run::act::run` acts on each; the set-up's notes are
//! added, and the binary prints what [`handle`] returns.

use std::path::{Path, PathBuf};

use crate::anchors::anchor;
use crate::fix::config;
use crate::fix::mark::{Fix, Mode};
use crate::run::act::{run, Options};
use crate::run::exit::EXIT_STOCK;
use crate::run::report::{Action, Outcome};
use crate::setup;
use crate::tree::discover;

/// What the command line asked for, flags only: the saved choice is read here.
#[derive(Clone, Debug)]
pub struct Request {
    pub action: Action,
    /// `--mode`, when given.
    pub fix: Option<Fix>,
    /// `--rewind-on-clear` (true) or `--no-rewind-on-clear` (false), when given.
    pub rewind: Option<bool>,
    pub target: Option<PathBuf>,
    pub all: bool,
    pub node: Option<PathBuf>,
    pub node_timeout: u64,
    pub allow_inconclusive: bool,
    /// `--anchors DIR` instead of the built-in set.
    pub anchors: Option<PathBuf>,
}

/// One outcome, or one per tree with `--all`.
// Made once per run and matched at once: boxing the large variant buys nothing.
#[allow(clippy::large_enum_variant)]
pub enum Done {
    One(Outcome),
    All(Vec<Outcome>),
}

/// Carries out a request: the saved choice and the flags make the mode, the
/// anchors are loaded, the target is found (or every tree), and each is run.
pub fn handle(request: &Request) -> Done {
    handle_saved(request, config::load())
}

/// [`handle`] with the saved choice given rather than read from the config
/// file (the tests judge bundles this way, with nothing saved).
pub fn handle_saved(request: &Request, saved: config::Saved) -> Done {
    let chosen = config::Chosen::resolve(
        request.fix,
        request.rewind,
        saved.as_ref().ok().and_then(|s| s.as_ref()).map(|(_, c)| c),
    );
    let action = request.action;
    let mode = chosen.mode();
    let options = match &saved {
        Err(e) if action != Action::Check && action != Action::Restore => Err((
            format!("the saved choice is unusable: {e}"),
            "fix or remove the config file (kiro-steer-scope --set-up writes a new one)",
        )),
        _ => options_for(request, chosen, saved_allows(action, &saved))
            .map_err(|e| (e, "fix the anchor files (see anchors/README.md) or drop --anchors")),
    };
    let options = match options {
        Ok(o) => o,
        Err((e, next)) => {
            let outcome = Outcome::new(action, mode).error(e, next);
            return if request.all { Done::All(vec![outcome]) } else { Done::One(outcome) };
        }
    };
    if request.all {
        let mut outcomes = run_all(&options, action, mode);
        setup::annotate_all(&mut outcomes, action, &saved);
        return Done::All(outcomes);
    }
    let mut outcome = run_found(request.target.as_deref(), &options, action, mode);
    setup::annotate(&mut outcome, action, &saved);
    Done::One(outcome)
}

/// The options a request makes: its flags, the chosen fixes, the anchors loaded.
/// --ensure writes an undriven patch only where the saved choice allows it.
fn saved_allows(action: Action, saved: &config::Saved) -> bool {
    action == Action::Ensure && matches!(saved, Ok(Some((_, c))) if c.allow_inconclusive)
}

fn options_for(request: &Request, chosen: config::Chosen, saved_allows: bool) -> Result<Options, String> {
    let anchors = match &request.anchors {
        Some(dir) => {
            anchor::load_dir(dir).map_err(|e| format!("the anchors in {} are not usable: {e}", dir.display()))?
        }
        None => anchor::builtin(),
    };
    Ok(Options {
        anchors,
        node: request.node.clone(),
        node_timeout: request.node_timeout,
        allow_inconclusive: request.allow_inconclusive || saved_allows,
        chosen,
    })
}

/// The target `--target` names, or the one discovery finds.
fn run_found(target: Option<&Path>, options: &Options, action: Action, mode: Mode) -> Outcome {
    match discover::discover(target) {
        Ok(target) => run(options, action, mode, target),
        // A fresh upgrade unpacks its tree on first start: --ensure patches it next time.
        Err(discover::NotFound::NotUnpacked(e)) if action == Action::Ensure => {
            let mut outcome = Outcome::new(action, mode).error(e, "nothing to do until kiro-cli has started once");
            outcome.exit = EXIT_STOCK;
            outcome
        }
        Err(e) => Outcome::new(action, mode).error(e.to_string(), "pass --target PATH to the acp-server.js to patch"),
    }
}

/// Every tree under the data folder, each handled on its own.
fn run_all(options: &Options, action: Action, mode: Mode) -> Vec<Outcome> {
    let trees = discover::kas_dir().map_err(|e| e.to_string()).and_then(|kas| {
        // No kas folder yet is no tree yet; an unreadable one stays an error.
        let missing = std::fs::metadata(&kas).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound);
        let listed = if missing { Ok(Vec::new()) } else { discover::trees(&kas) };
        listed.map(|t| (kas, t))
    });
    match trees {
        Ok((kas, trees)) if trees.is_empty() => {
            let mut outcome = Outcome::new(action, mode).error(
                format!("no KAS tree in {}", kas.display()),
                "kiro-cli unpacks one on first start; start it once, or pass --target PATH",
            );
            outcome.no_tree = true;
            vec![outcome]
        }
        Ok((_, trees)) => trees
            .into_iter()
            .map(|tree| {
                let how = format!("--all: kiro-cli {}", tree.cli_version);
                let named = discover::Target::named(tree.bundle(), how);
                let target = discover::Target { cli_version: Some(tree.cli_version), ..named };
                run(options, action, mode, target)
            })
            .collect(),
        Err(e) => vec![Outcome::new(action, mode)
            .error(e, "kiro-cli has not unpacked a runtime yet, or its data folder is elsewhere; pass --target PATH")],
    }
}
