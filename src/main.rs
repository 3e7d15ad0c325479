//! kiro-steer-scope: scopes Kiro's live steering to the execution it was meant
//! for, by patching the installed agent runtime bundle (kirodotdev/Kiro#11240).

#![recursion_limit = "256"]

mod anchor;
mod discover;
mod inspect;
mod mark;
mod parse;
mod pattern;
mod plan;
mod prefilter;
mod prove;
mod report;
mod resolve;
mod scope;
mod slice;
mod swap;
mod validate;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{ArgGroup, Parser, ValueEnum};

use crate::inspect::{Depth, Inspection, State};
use crate::mark::Mode;
use crate::prove::Verdict;
use crate::report::{Action, Outcome};

/// swc allocates every syntax node on its own; with mimalloc the parse of a
/// real-size bundle takes about a third less time than with the system
/// allocator (bench/run; about 10% more peak memory).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Exit codes: the contract scripts rely on.
pub const EXIT_OK: u8 = 0;
pub const EXIT_STOCK: u8 = 1;
pub const EXIT_REFUSED: u8 = 2;

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ModeArg {
    /// Seed each new sub-execution's cursor at the buffer's current length.
    Seed,
    /// Withhold user steering from sub-executions in the drain.
    Gate,
}

#[derive(Parser, Debug)]
#[command(
    name = "kiro-steer-scope",
    version,
    about = "Stops Kiro's mid-turn steering messages from being replayed into sub-agents and memory extraction (kirodotdev/Kiro#11240) by patching the installed agent runtime bundle.",
    after_help = "Exit codes: 0 done / patched (--check), 1 stock and patchable (--check only), 2 refused or error (nothing was written).",
    group(ArgGroup::new("action").args(["check", "dry_run", "restore", "prove"]).multiple(false))
)]
struct Cli {
    /// The acp-server.js to work on (default: KIRO_KAS_SERVER_PATH, else the KAS tree of the installed kiro-cli).
    #[arg(long, value_name = "PATH")]
    target: Option<PathBuf>,

    /// Which fix to insert.
    #[arg(long, value_enum, default_value = "seed")]
    mode: ModeArg,

    /// Report the state and write nothing. Exit 0 patched, 1 stock and patchable, 2 anything else.
    #[arg(long)]
    check: bool,

    /// Do everything apply does, node --check included, but leave the target as it is.
    #[arg(long)]
    dry_run: bool,

    /// Remove the patch byte-exactly, using only what the markers record.
    #[arg(long)]
    restore: bool,

    /// Run the bundle's own steering code, sliced out, stock against patched under node; write nothing.
    #[arg(long)]
    prove: bool,

    /// Print one JSON object on stdout instead of text.
    #[arg(long)]
    json: bool,

    /// The node that checks the result (default: KIRO_KAS_NODE_PATH, else kiro-cli's own node, else node on PATH).
    #[arg(long, value_name = "PATH")]
    node: Option<PathBuf>,

    /// Seconds node --check may take before it is stopped and the run refused.
    #[arg(long, value_name = "SECS", default_value_t = 20)]
    node_timeout: u64,

    /// Apply on the anchors and node --check alone when the proof is inconclusive
    /// (the harness could not drive this bundle's code). Never overrides a disproved proof.
    #[arg(long)]
    allow_inconclusive: bool,

    /// Use the anchors in DIR instead of the built-in set.
    #[arg(long, value_name = "DIR")]
    anchors: Option<PathBuf>,
}

/// mimalloc's `mi_option_arena_eager_commit` (v2 mimalloc.h). Committing
/// arena memory as it is touched instead of up front keeps peak RSS about 10%
/// lower on a real-size bundle at no measurable cost in time (bench/run).
const MI_OPTION_ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;

/// Runs before main and before the first allocation reaches an arena; set in
/// main, the option would come after the first arena was committed.
extern "C" fn configure_allocator() {
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_ARENA_EAGER_COMMIT, 0) };
}

#[used]
#[link_section = ".init_array"]
static CONFIGURE_ALLOCATOR: extern "C" fn() = configure_allocator;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion) => e.exit(),
        Err(e) => {
            // Scripts asking for --json get an object even for a usage error.
            if std::env::args_os().any(|a| a == "--json") {
                report::print_usage_error(&e.to_string());
            }
            let _ = e.print();
            return ExitCode::from(EXIT_REFUSED);
        }
    };
    let action = if cli.check {
        Action::Check
    } else if cli.dry_run {
        Action::DryRun
    } else if cli.restore {
        Action::Restore
    } else if cli.prove {
        Action::Prove
    } else {
        Action::Apply
    };
    let mode = match cli.mode {
        ModeArg::Seed => Mode::Seed,
        ModeArg::Gate => Mode::Gate,
    };
    let outcome = run(&cli, action, mode);
    report::print(&outcome, cli.json);
    ExitCode::from(outcome.exit)
}

fn run(cli: &Cli, action: Action, mode: Mode) -> Outcome {
    let mut outcome = Outcome::new(action, mode);
    let anchors = match &cli.anchors {
        Some(dir) => match anchor::load_dir(dir) {
            Ok(set) => set,
            Err(e) => return outcome.error(format!("the anchors in {} are not usable: {e}", dir.display()), "fix the anchor files (see anchors/README.md) or drop --anchors"),
        },
        None => anchor::builtin(),
    };
    let target = match discover::discover(cli.target.as_deref()) {
        Ok(t) => t,
        Err(e) => return outcome.error(e, "pass --target PATH to the acp-server.js to patch"),
    };
    outcome.target = Some(target.path.clone());
    outcome.found_by = Some(target.how.clone());
    let real = match std::fs::canonicalize(&target.path) {
        Ok(r) => r,
        Err(e) => return outcome.error(format!("cannot open {}: {e}", target.path.display()), "check the path; pass --target PATH"),
    };
    // Writers serialise on the folder; a plain check never waits.
    let _lock = if action == Action::Check {
        None
    } else {
        match swap::lock_folder(&real) {
            Ok(lock) => {
                swap::sweep_stale(&real);
                Some(lock)
            }
            Err(e) => return outcome.error(format!("cannot lock {}: {e}", real.parent().unwrap_or(&real).display()), "check the folder's permissions"),
        }
    };
    // Read the file the lock was taken for, even if a link moved since.
    let (real, bytes) = match inspect::read_target(real) {
        Ok(read) => read,
        Err(e) => return outcome.error(e, "check the path and its permissions; pass --target PATH"),
    };
    // node --check starts now, on a FIFO beside the target, so that its
    // start-up overlaps the parse; if no FIFO can be made, the staged file is
    // checked later instead.
    let early = match action {
        Action::DryRun | Action::Apply => validate::start_check(&validate::choose_node(cli.node.as_deref()), real.parent().unwrap_or(&real)).ok(),
        _ => None,
    };
    let depth = match action {
        Action::Check => Depth::Check(mode),
        Action::Restore => Depth::StateOnly,
        Action::DryRun | Action::Apply | Action::Prove => Depth::Prove(mode),
    };
    // One parse; a patched file is not re-resolved for --check or --restore.
    let inspection = inspect::inspect(real, bytes, &anchors, depth);
    outcome.absorb(&inspection);
    match action {
        Action::Check => check(outcome, &inspection, cli.allow_inconclusive),
        Action::DryRun | Action::Apply => apply(cli, outcome, &inspection, mode, action == Action::DryRun, early),
        Action::Restore => restore(outcome, &inspection),
        Action::Prove => {
            if !matches!(inspection.state, State::Stock | State::Patched(_)) || inspection.proof_input.is_none() {
                return refuse_state(outcome, &inspection);
            }
            let run = run_proof(cli, &inspection, mode);
            let verdict = run.proof.verdict.clone();
            record_proof(&mut outcome, run);
            match verdict {
                Verdict::Passed => {
                    outcome.message = format!("proof passed: the stock code replays steering and the {mode} code fixes it, in every case");
                    outcome.exit = EXIT_OK;
                    outcome
                }
                Verdict::Disproved => {
                    let summary = outcome.proof.as_ref().map(|p| p.summary()).unwrap_or_default();
                    outcome.error(summary, "nothing was written; the fix cannot be shown to work on this bundle (run --prove --json for every case)")
                }
                Verdict::Inconclusive(_) => {
                    let summary = outcome.proof.as_ref().map(|p| p.summary()).unwrap_or_default();
                    outcome.error(summary, INCONCLUSIVE_NEXT)
                }
            }
        }
    }
}

const INCONCLUSIVE_NEXT: &str = "nothing was written; the harness could not drive this bundle's code (see the reason). Report it with the --json output of --prove; to apply on the anchors and node --check alone, pass --allow-inconclusive";

/// A finished proof run.
struct ProofRun {
    node: String,
    proof: prove::Proof,
}

fn run_proof(cli: &Cli, inspection: &Inspection, mode: Mode) -> ProofRun {
    let node = validate::choose_node(cli.node.as_deref());
    let label = format!("{} ({})", node.path.display(), node.source);
    let proof = match inspection.proof_input.as_ref() {
        None => prove::Proof::inconclusive(mode, "nothing was sliced for the proof".into()),
        Some(Err(e)) => prove::Proof::inconclusive(mode, format!("the resolved code cannot be sliced out: {e}")),
        Some(Ok((stock, patched))) => {
            let folder = inspection.real_path.parent().unwrap_or(std::path::Path::new("."));
            prove::run(&node, folder, mode, stock, patched, Duration::from_secs(cli.node_timeout))
        }
    };
    ProofRun { node: label, proof }
}

fn record_proof(outcome: &mut Outcome, run: ProofRun) {
    outcome.node = Some(run.node);
    outcome.proof = Some(run.proof);
}

fn check(mut outcome: Outcome, inspection: &Inspection, allow_inconclusive: bool) -> Outcome {
    if !matches!(inspection.state, State::Stock | State::Patched(_)) || (inspection.state == State::Stock && inspection.plan.is_none()) {
        return refuse_state(outcome, inspection);
    }
    if let (State::Stock, Some(stock), Some(plan)) = (inspection.state, inspection.stock(), &inspection.plan) {
        outcome.set_insertions(stock, plan);
    }
    // Apply would refuse an inconclusive proof; say so now rather than call the file patchable.
    if let (State::Stock, Some(Err(e))) = (inspection.state, &inspection.proof_input) {
        let why = format!("stock, and the anchors resolve, but the proof cannot slice the resolved code: {e}");
        if !allow_inconclusive {
            return outcome.error(why, INCONCLUSIVE_NEXT);
        }
        outcome.warnings.push(format!("{why}; apply would go ahead on the anchors and node --check alone (--allow-inconclusive)"));
    }
    outcome.exit = match inspection.state {
        State::Patched(_) => EXIT_OK,
        State::Stock if inspection.plan.is_some() => EXIT_STOCK,
        _ => EXIT_REFUSED,
    };
    outcome
}

fn refuse_state(outcome: Outcome, inspection: &Inspection) -> Outcome {
    let next = report::next_step(inspection.state);
    outcome.error(inspection.message.clone(), next)
}

fn apply(cli: &Cli, mut outcome: Outcome, inspection: &Inspection, mode: Mode, dry_run: bool, early: Option<validate::EarlyCheck>) -> Outcome {
    if inspection.state == State::Patched(mode) {
        outcome.message = format!("already patched in {mode} mode; nothing to do");
        outcome.exit = EXIT_OK;
        return outcome;
    }
    let (Some(stock), Some(plan)) = (inspection.stock(), &inspection.plan) else {
        return refuse_state(outcome, inspection);
    };
    if !matches!(inspection.state, State::Stock | State::Patched(_)) {
        return refuse_state(outcome, inspection);
    }
    let stock_sha = outcome.stock_sha.clone().unwrap_or_else(|| mark::sha256_hex(stock));
    let patched = mark::apply_hashed(stock, &stock_sha, mode, plan);
    outcome.set_insertions(stock, plan);
    // The proof and node --check are separate node processes: run them side by side
    // (and hash the new bytes for the report meanwhile).
    let (proof_run, checked, sha_after) = std::thread::scope(|scope| {
        let proof = scope.spawn(|| run_proof(cli, inspection, mode));
        let hash = scope.spawn(|| mark::sha256_hex(&patched));
        let checked = stage_and_check(cli, inspection, &patched, dry_run, early);
        (proof.join().expect("the proof thread does not panic"), checked, hash.join().expect("hashing does not panic"))
    });
    outcome.sha_after = Some(sha_after);
    let verdict = proof_run.proof.verdict.clone();
    let summary = proof_run.proof.summary();
    record_proof(&mut outcome, proof_run);
    match verdict {
        Verdict::Passed => {}
        Verdict::Disproved => return outcome.error(summary, "nothing was written; run --prove --json to see every case"),
        Verdict::Inconclusive(_) if !cli.allow_inconclusive => return outcome.error(summary, INCONCLUSIVE_NEXT),
        Verdict::Inconclusive(_) => {
            outcome.proof_overridden = true;
            outcome.warnings.push(format!("{summary}; applying on the anchors and node --check alone, as --allow-inconclusive asks"));
        }
    }
    let staged = match checked {
        Ok(staged) => staged,
        Err((error, next)) => return outcome.error(error, next),
    };
    if dry_run {
        drop(staged);
        outcome.message = match inspection.state {
            State::Patched(from) => format!("would switch from {from} to {mode} mode; the proof and node --check passed; nothing was written"),
            _ => format!("would patch in {mode} mode; the proof and node --check passed; nothing was written"),
        };
        outcome.exit = EXIT_OK;
        return outcome;
    }
    if let Err(e) = swap::commit(staged, &inspection.real_path, &inspection.bytes) {
        return outcome.error(e.to_string(), "nothing was replaced; run the command again");
    }
    outcome.changed = true;
    outcome.warnings.extend(swap::sessions_using(&inspection.real_path));
    outcome.state_after = Some(State::Patched(mode));
    outcome.message = match inspection.state {
        State::Patched(from) => format!("switched from {from} to {mode} mode"),
        _ => format!("patched in {mode} mode"),
    };
    outcome.exit = EXIT_OK;
    outcome
}

/// Writes the new bytes beside the target and has node check them there.
fn stage_and_check(cli: &Cli, inspection: &Inspection, patched: &[u8], dry_run: bool, early: Option<validate::EarlyCheck>) -> Result<swap::Staged, (String, &'static str)> {
    let timeout = Duration::from_secs(cli.node_timeout);
    let stage = || {
        swap::stage(&inspection.real_path, patched, !dry_run).map_err(|e| {
            (
                format!("cannot write beside {}: {e}", inspection.real_path.display()),
                "check free space and that the folder is writable (run as the user that installed kiro-cli)",
            )
        })
    };
    // A node already waiting on the FIFO gets the bytes first; the staged
    // copy is written (and fsynced) while it parses them.
    let (staged, checked) = match early {
        Some(early) => std::thread::scope(|scope| {
            let staging = scope.spawn(stage);
            let checked = early.finish(patched, timeout);
            (staging.join().expect("staging does not panic"), checked)
        }),
        None => {
            let staged = stage()?;
            let checked = validate::node_check(&validate::choose_node(cli.node.as_deref()), staged.path(), timeout);
            (Ok(staged), checked)
        }
    };
    let staged = staged?;
    checked.map_err(|failure| {
        let next = match failure {
            validate::CheckFailure::Rejected(_) => "nothing was written; report this with the --json output of --dry-run",
            _ => "nothing was written; pass --node PATH to a working node, set KIRO_KAS_NODE_PATH, or raise --node-timeout",
        };
        (failure.to_string(), next)
    })?;
    Ok(staged)
}

fn restore(mut outcome: Outcome, inspection: &Inspection) -> Outcome {
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
    outcome.sha_after = Some(mark::sha256_hex(stock));
    let staged = match swap::stage(&inspection.real_path, stock, true) {
        Ok(s) => s,
        Err(e) => return outcome.error(format!("cannot write beside {}: {e}", inspection.real_path.display()), "check free space and that the folder is writable"),
    };
    if let Err(e) = swap::commit(staged, &inspection.real_path, &inspection.bytes) {
        return outcome.error(e.to_string(), "nothing was replaced; run the command again");
    }
    outcome.changed = true;
    outcome.warnings.extend(swap::sessions_using(&inspection.real_path));
    outcome.state_after = Some(State::Stock);
    outcome.message = "restored the stock bytes".into();
    outcome.exit = EXIT_OK;
    outcome
}
