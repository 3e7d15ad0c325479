//! Act: carry out one action (check, dry run, apply, ensure, restore, prove)
//! on one target: lock, read, inspect, prove and check beside each other,
//! swap. The command line's request (`cli::request`), the launch shim and the
//! mirror each call [`run`] with the [`Options`] they make.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::anchors::anchor::AnchorSet;
use crate::fix::config::Chosen;
use crate::fix::mark::{self, Mode};
use crate::proof::prove::{self, Verdict};
use crate::run::exit::{EXIT_OK, EXIT_REFUSED, EXIT_STOCK};
use crate::run::inspect::{self, Depth, Inspection, State};
use crate::run::report::{self, Action, Outcome};
use crate::tree::discover::{self, Target};
use crate::tree::folder::{self, Walked};
use crate::tree::validate::NodeChoice;
use crate::tree::{privilege, swap, validate};

/// What every action needs besides the target.
pub struct Options {
    pub anchors: AnchorSet,
    pub node: Option<PathBuf>,
    pub node_timeout: u64,
    pub allow_inconclusive: bool,
    /// What the flags and the saved config chose (--ensure keeps the rest as the file has it).
    pub chosen: Chosen,
}

pub fn run(cli: &Options, action: Action, mode: Mode, target: Target) -> Outcome {
    let mut outcome = Outcome::new(action, mode);
    outcome.target = Some(target.path.clone());
    outcome.found_by = Some(target.how.clone());
    outcome.cli_version = target.cli_version.clone();
    outcome.found_note = target.note.clone();
    let Opened { walked, bytes, meta } = match open_target(&target.path, action) {
        Ok(opened) => opened,
        Err((error, next)) => return outcome.error(error, next),
    };
    let real = walked.path();
    let package = discover::package_info(&walked);
    // A file already patched in this mode (as its markers say) costs what
    // --check costs: no parse, no node.
    let writes = matches!(action, Action::DryRun | Action::Apply | Action::Ensure);
    let marks = mark::read(&bytes);
    // --ensure never undoes a choice: what was not chosen stays as the file carries it.
    let mode = if action == Action::Ensure {
        cli.chosen.keeping(marks.as_ref().ok().and_then(|m| m.as_ref()).map(|m| m.mode))
    } else {
        mode
    };
    outcome.mode = mode;
    let no_op = writes && matches!(marks, Ok(Some(ref m)) if m.mode == mode && !crate::fix::plan::predates_fence(m));
    // A wrong node is said to be one before anything blames the proof or the bundle.
    // One node for the probe, node --check and the proof, chosen only when one runs.
    let node = std::cell::LazyCell::new(|| validate::choose_node(cli.node.as_deref()));
    let probe = ((writes && !no_op) || action == Action::Prove).then(|| validate::start_probe(&node, &walked.folder));
    // node --check starts now, reading the patched bytes from its stdin once
    // they are planned, so that its start-up overlaps the parse.
    let early = (writes && !no_op).then(|| validate::start_check(&node, package.module, &walked.folder));
    let depth = match action {
        Action::Check => Depth::Check(mode),
        Action::Restore => Depth::StateOnly,
        _ if no_op => Depth::StateOnly,
        Action::DryRun | Action::Apply | Action::Ensure | Action::Prove => Depth::Prove(mode),
    };
    // One parse; a patched file is not re-resolved for --check, --restore or a no-op.
    let inspection = inspect::inspect(real, package, bytes, &cli.anchors, depth);
    outcome.absorb(&inspection);
    if let Some(Err(e)) = probe.map(|p| p.finish(Duration::from_secs(cli.node_timeout))) {
        return outcome.error(
            e,
            "nothing was written; pass --node PATH to a working node (18 or later), \
             or leave --node out to use kiro-cli's own",
        );
    }
    let place = Place { walked: &walked, meta: &meta };
    match action {
        Action::Check => check(outcome, &inspection, &walked.folder, cli.allow_inconclusive),
        Action::DryRun | Action::Apply | Action::Ensure => {
            apply(cli, outcome, &inspection, &place, mode, action == Action::DryRun, early)
        }
        Action::Restore => restore(outcome, &inspection, &place),
        Action::Prove => prove_only(cli, &node, outcome, &inspection, &walked.folder, mode),
    }
}

/// The target as opened: its walked path, its bytes and its metadata.
struct Opened {
    walked: Walked,
    bytes: Vec<u8>,
    meta: std::fs::Metadata,
}

/// Walks to the target, works as its owner where started as root, locks its
/// folder for a writer, and reads it; else what failed and the next step.
fn open_target(path: &Path, action: Action) -> Result<Opened, (String, &'static str)> {
    // The folder is held from here on; nothing is looked up by its path again.
    let walked = folder::walk(path)
        .map_err(|e| (format!("cannot open {}: {e}", path.display()), "check the path; pass --target PATH"))?;
    // Root works on another user's tree as that user, before anything is written or run.
    privilege::owner_of(&walked).and_then(privilege::assume).map_err(|e| {
        (e, "run kiro-steer-scope as the user who owns the installation, or fix the ownership as the message says")
    })?;
    // Writers serialise on the folder; a plain check never waits.
    if action != Action::Check {
        walked.folder.lock().map_err(|e| {
            (format!("cannot lock {}: {e}", walked.folder.path.display()), "check the folder's permissions")
        })?;
        swap::sweep_stale(&walked.folder);
    }
    let (bytes, meta) = walked.folder.read(&walked.name).map_err(|e| {
        (
            format!("cannot read {}: {e}", walked.path().display()),
            "check the path and its permissions; pass --target PATH",
        )
    })?;
    Ok(Opened { walked, bytes, meta })
}

/// --prove: the proof alone, nothing written.
fn prove_only(
    cli: &Options,
    node: &NodeChoice,
    mut outcome: Outcome,
    inspection: &Inspection,
    folder: &folder::Folder,
    mode: Mode,
) -> Outcome {
    if !matches!(inspection.state, State::Stock | State::Patched(_)) || inspection.proof_input.is_none() {
        return refuse_state(outcome, inspection);
    }
    let run = run_proof(cli, node, inspection, folder, mode);
    let verdict = run.proof.verdict.clone();
    record_proof(&mut outcome, run);
    match verdict {
        Verdict::Passed => {
            outcome.message =
                format!("proof passed: the stock code replays steering and the {mode} code fixes it, in every case");
            outcome.exit = EXIT_OK;
            outcome
        }
        Verdict::Disproved => {
            let summary = outcome.proof.as_ref().map(|p| p.summary()).unwrap_or_default();
            outcome.error(summary, DISPROVED_NEXT)
        }
        Verdict::Open(_) => {
            let summary = outcome.proof.as_ref().map(|p| p.summary()).unwrap_or_default();
            outcome.error(summary, OPEN_NEXT)
        }
        Verdict::Undriven(_) => {
            let summary = outcome.proof.as_ref().map(|p| p.summary()).unwrap_or_default();
            outcome.error(summary, UNDRIVEN_NEXT)
        }
    }
}

const DISPROVED_NEXT: &str = "nothing was written, and no flag changes that: the proof ran this bundle's own code and \
    the fix does not hold on it (or the stock code does not replay); run --prove --json to see every case";

/// What is true when the world is open, and what the user can do.
pub const OPEN_NEXT: &str = "nothing was written, and --allow-inconclusive cannot change that: code the proof did not \
    run could change its outcome (each place is named above: outside the code it runs, or in it on a branch no case \
    took), or what a case is about was not found, so \
    kiro-steer-scope cannot make this bundle safe. Report it with the --json output of --prove; until a release \
    of kiro-steer-scope understands this code, starting a new session clears steers replayed in the last one";

/// What is true when the harness could not drive the code, and the way out.
pub const UNDRIVEN_NEXT: &str = "nothing was written; every place that could change the outcome is accounted for, \
    but the harness could not drive some of this bundle's code (see the reason). Report it with the --json output \
    of --prove; to apply on the anchors, the accounting and node --check alone, pass --allow-inconclusive (the \
    patch is then marked unproved, and --check says so)";

/// A finished proof run.
struct ProofRun {
    node: String,
    proof: prove::Proof,
}

fn run_proof(
    cli: &Options,
    node: &NodeChoice,
    inspection: &Inspection,
    folder: &folder::Folder,
    mode: Mode,
) -> ProofRun {
    let label = node.to_string();
    let mut proof = match inspection.proof_input.as_ref() {
        None => prove::Proof::undriven(mode, "nothing was sliced for the proof".into()),
        Some(Err(e)) => prove::Proof::undriven(mode, format!("the resolved code cannot be sliced out: {e}")),
        Some(Ok((stock, patched))) => {
            prove::run(node, folder, mode, stock, patched, Duration::from_secs(cli.node_timeout))
        }
    };
    // Cases that pass speak only for the code they ran: with places left
    // unaccounted the bundle is not shown fixed. A disproof still stands.
    if let Some(open) = inspection.accounting.as_ref().filter(|a| !a.closed()) {
        proof.verdict = proof.verdict.opened_by(open.summary());
    }
    if let Some(Ok((stock, _))) = &inspection.proof_input {
        if let Some(written) = prove::written_from_slices(stock) {
            proof.verdict = proof.verdict.opened_by(written);
        }
    }
    proof.accounting = inspection.accounting.clone();
    ProofRun { node: label, proof }
}

fn record_proof(outcome: &mut Outcome, run: ProofRun) {
    outcome.node = Some(run.node);
    outcome.proof = Some(run.proof);
}

/// What to do about a folder that will not take the patch: the mirror, which
/// the launch shim runs in the tree's place (`setup` says more once it knows the saved choice).
pub const UNWRITABLE_NEXT: &str = "a tree that must not be written runs from a patched mirror in your cache \
    instead: `kiro-steer-scope --set-up --write-to mirror`, then set KIRO_KAS_NODE_PATH as it prints; or make \
    the folder writable for you";

/// Why the target's folder will not take a new file beside the target, said
/// before any work is spent on it; records what was found.
fn unwritable(outcome: &mut Outcome, folder: &folder::Folder) -> Option<String> {
    let why = folder.unwritable();
    outcome.writable = Some(why.is_none());
    why.map(|why| format!("its folder {} is not writable: {why}", folder.path.display()))
}

/// A refusal that replaces the file's own state ("stock, patchable") in the message: `--json`
/// must not call a file patchable beside the error that says apply would refuse it.
fn refuse_stated(mut outcome: Outcome, error: String, next: &str) -> Outcome {
    outcome.message.clone_from(&error);
    outcome.error(error, next)
}

fn check(mut outcome: Outcome, inspection: &Inspection, folder: &folder::Folder, allow_inconclusive: bool) -> Outcome {
    if !matches!(inspection.state, State::Stock | State::Patched(_))
        || (inspection.state == State::Stock && inspection.plan.is_none())
    {
        return refuse_state(outcome, inspection);
    }
    // A seed patch from before the fence is planned and predicted like a stock file: apply rewrites it.
    let upgrade = inspection.predates_fence();
    if upgrade && inspection.plan.is_none() {
        return outcome.error(
            inspection.message.clone(),
            "the patch was left as it was written, without the fence; --restore removes it byte-exactly, or look for a newer kiro-steer-scope",
        );
    }
    if let (State::Stock, Some(stock), Some(plan)) = (inspection.state, inspection.stock(), &inspection.plan) {
        outcome.set_insertions(stock, plan);
    }
    // Apply would refuse; say so now rather than call the file patchable.
    if inspection.state == State::Stock || upgrade {
        if let Some(open) = open_before_proof(inspection) {
            let error = format!("stock, and the anchors resolve, but the proof would be open: {open}");
            return refuse_stated(outcome, error, OPEN_NEXT);
        }
        if let Some(Err(e)) = &inspection.proof_input {
            let why = format!("stock, and the anchors resolve, but the proof cannot slice the resolved code: {e}");
            if !allow_inconclusive {
                return refuse_stated(outcome, why, UNDRIVEN_NEXT);
            }
            outcome.warnings.push(format!(
                "{why}; apply would go ahead unproved, on the anchors, the accounting and node --check alone \
                 (--allow-inconclusive)"
            ));
        }
    }
    // Last, so that a folder found unwritable is the only refusal left.
    if inspection.state == State::Stock || upgrade {
        if let Some(why) = unwritable(&mut outcome, folder) {
            let message = format!("stock, but apply would be refused: {why}");
            return refuse_stated(outcome, message, UNWRITABLE_NEXT);
        }
    }
    outcome.exit = match inspection.state {
        State::Patched(_) if upgrade => EXIT_STOCK,
        State::Patched(_) => EXIT_OK,
        State::Stock if inspection.plan.is_some() => EXIT_STOCK,
        _ => EXIT_REFUSED,
    };
    outcome
}

/// Why the proof would be open, seen without running node: a place the
/// accounting could not account for, or a case whose construction was not found.
fn open_before_proof(inspection: &Inspection) -> Option<String> {
    let open_world = inspection.accounting.as_ref().filter(|a| !a.closed()).map(|a| a.summary());
    let unfound = match &inspection.proof_input {
        Some(Ok((stock, _))) => prove::unchecked_from_slices(stock).or_else(|| prove::written_from_slices(stock)),
        _ => None,
    };
    open_world.or(unfound)
}

fn refuse_state(outcome: Outcome, inspection: &Inspection) -> Outcome {
    let next = report::next_step(inspection.state);
    outcome.error(inspection.message.clone(), next)
}

/// The target as it was read: its held folder and name, and its file's metadata.
struct Place<'a> {
    walked: &'a Walked,
    meta: &'a std::fs::Metadata,
}

fn apply(
    cli: &Options,
    mut outcome: Outcome,
    inspection: &Inspection,
    place: &Place,
    mode: Mode,
    dry_run: bool,
    early: Option<validate::EarlyCheck>,
) -> Outcome {
    if inspection.state == State::Patched(mode) && !inspection.predates_fence() {
        outcome.message = format!("already patched in {mode} mode; nothing to do");
        outcome.exit = EXIT_OK;
        return outcome;
    }
    let (Some(stock), Some(plan), Some(early)) = (inspection.stock(), &inspection.plan, early) else {
        return refuse_state(outcome, inspection);
    };
    if !matches!(inspection.state, State::Stock | State::Patched(_)) {
        return refuse_state(outcome, inspection);
    }
    if let Some(why) = unwritable(&mut outcome, &place.walked.folder) {
        let error = format!("cannot patch {}: {why}", inspection.real_path.display());
        return refuse_stated(outcome, error, UNWRITABLE_NEXT);
    }
    let stock_sha = outcome.stock_sha.clone().unwrap_or_else(|| mark::sha256_hex(stock));
    let patched = mark::apply_hashed(stock, &stock_sha, mode, plan, None);
    outcome.set_insertions(stock, plan);
    // The proof and node --check are separate node processes: run them side by side
    // (and hash the new bytes for the report meanwhile).
    // The proof runs under the node that checks the bytes.
    let node = early.node().clone();
    let (proof_run, checked, sha_after) = std::thread::scope(|scope| {
        let proof = scope.spawn(|| run_proof(cli, &node, inspection, &place.walked.folder, mode));
        let hash = scope.spawn(|| mark::sha256_hex(&patched));
        let checked = stage_and_check(cli, inspection, place, &patched, dry_run, early);
        (proof.join().expect("the proof thread does not panic"), checked, hash.join().expect("hashing does not panic"))
    });
    outcome.sha_after = Some(sha_after);
    let verdict = proof_run.proof.verdict.clone();
    let summary = proof_run.proof.summary();
    record_proof(&mut outcome, proof_run);
    let unproved = match verdict {
        Verdict::Passed => None,
        Verdict::Disproved => return outcome.error(summary, DISPROVED_NEXT),
        Verdict::Open(_) => return outcome.error(summary, OPEN_NEXT),
        Verdict::Undriven(_) if !cli.allow_inconclusive => return outcome.error(summary, UNDRIVEN_NEXT),
        Verdict::Undriven(reason) => {
            outcome.proof_overridden = true;
            outcome.warnings.push(format!(
                "{summary}; writing the patch unproved, on the anchors, the accounting and node --check alone, \
                 as --allow-inconclusive asks (the markers record it, and --check reports it)"
            ));
            Some(reason)
        }
    };
    let mut staged = match checked {
        Ok(staged) => staged,
        Err((error, next)) => return outcome.error(error, next),
    };
    if let Some(reason) = &unproved {
        // The mark of an unproved patch is part of the bytes: stage and check those.
        drop(staged);
        let marked = mark::apply_hashed(stock, &stock_sha, mode, plan, Some(reason));
        outcome.sha_after = Some(mark::sha256_hex(&marked));
        let again = validate::start_check(&node, inspection.package.module, &place.walked.folder);
        staged = match stage_and_check(cli, inspection, place, &marked, dry_run, again) {
            Ok(staged) => staged,
            Err((error, next)) => return outcome.error(error, next),
        };
    }
    if dry_run {
        drop(staged);
        outcome.message = match inspection.state {
            State::Patched(from) if from == mode => format!(
                "would upgrade the {mode} mode patch (the seed's fence added); the proof and node --check passed; nothing was written"
            ),
            State::Patched(from) => format!(
                "would switch from {from} to {mode} mode; the proof and node --check passed; nothing was written"
            ),
            _ if unproved.is_some() => {
                format!("would patch in {mode} mode, unproved; node --check passed; nothing was written")
            }
            _ => format!("would patch in {mode} mode; the proof and node --check passed; nothing was written"),
        };
        outcome.exit = EXIT_OK;
        return outcome;
    }
    if let Err(e) = swap::commit(staged, &place.walked.name, &inspection.bytes) {
        return outcome.error(e.to_string(), "nothing was replaced; run the command again");
    }
    outcome.changed = true;
    outcome.unproved = unproved.clone();
    outcome.warnings.extend(crate::tree::sessions::sessions_using(&inspection.real_path));
    outcome.state_after = Some(State::Patched(mode));
    outcome.message = match inspection.state {
        State::Patched(from) if from == mode => format!("upgraded the {mode} mode patch (the seed's fence added)"),
        State::Patched(from) => format!("switched from {from} to {mode} mode"),
        _ if unproved.is_some() => format!("patched in {mode} mode, unproved (--allow-inconclusive)"),
        _ => format!("patched in {mode} mode"),
    };
    outcome.exit = EXIT_OK;
    outcome
}

/// Writes the new bytes beside the target and has node check them.
fn stage_and_check<'f>(
    cli: &Options,
    inspection: &Inspection,
    place: &Place<'f>,
    patched: &[u8],
    dry_run: bool,
    early: validate::EarlyCheck,
) -> Result<swap::Staged<'f>, (String, &'static str)> {
    let stage = || {
        swap::stage(&place.walked.folder, place.meta, patched, !dry_run).map_err(|e| {
            (
                format!("cannot write beside {}: {e}", inspection.real_path.display()),
                "check free space, and that nothing (another program, a mount) took the folder's write access away",
            )
        })
    };
    // The waiting node gets the bytes first; the staged copy is written (and
    // fsynced) while it parses them.
    let (staged, checked) = std::thread::scope(|scope| {
        let staging = scope.spawn(stage);
        let checked = early.finish(patched, Duration::from_secs(cli.node_timeout));
        (staging.join().expect("staging does not panic"), checked)
    });
    let staged = staged?;
    checked.map_err(|failure| {
        let next = match failure {
            validate::CheckFailure::Rejected(_) => {
                "nothing was written; report this with the --json output of --dry-run"
            }
            _ => {
                "nothing was written; pass --node PATH to a working node, set KIRO_KAS_NODE_PATH, \
                 or raise --node-timeout"
            }
        };
        (failure.to_string(), next)
    })?;
    Ok(staged)
}

fn restore(mut outcome: Outcome, inspection: &Inspection, place: &Place) -> Outcome {
    match inspection.state {
        State::Patched(_) => {}
        State::Stock | State::Drift => {
            outcome.message = "no kiro-steer-scope markers; nothing to remove".into();
            outcome.exit = EXIT_OK;
            return outcome;
        }
        _ => return refuse_state(outcome, inspection),
    }
    let stock = inspection.stock().expect("patched files carry their stock bytes");
    if let Some(why) = unwritable(&mut outcome, &place.walked.folder) {
        let error = format!("cannot restore {}: {why}", inspection.real_path.display());
        let next = "make the folder writable for you (or run as the user it belongs to), then run --restore again";
        return refuse_stated(outcome, error, next);
    }
    outcome.sha_after = Some(mark::sha256_hex(stock));
    let staged = match swap::stage(&place.walked.folder, place.meta, stock, true) {
        Ok(s) => s,
        Err(e) => {
            return outcome.error(
                format!("cannot write beside {}: {e}", inspection.real_path.display()),
                "check free space and that the folder is writable",
            )
        }
    };
    if let Err(e) = swap::commit(staged, &place.walked.name, &inspection.bytes) {
        return outcome.error(e.to_string(), "nothing was replaced; run the command again");
    }
    outcome.changed = true;
    outcome.warnings.extend(crate::tree::sessions::sessions_using(&inspection.real_path));
    outcome.state_after = Some(State::Stock);
    outcome.message = "restored the stock bytes".into();
    outcome.exit = EXIT_OK;
    outcome
}
