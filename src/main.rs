//! kiro-steer-scope: scopes Kiro's live steering to the execution it was meant
//! for, by patching the installed agent runtime bundle (kirodotdev/Kiro#11240).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{ArgGroup, CommandFactory, Parser, ValueEnum};

use kiro_steer_scope::audit;
use kiro_steer_scope::cli::manual;
use kiro_steer_scope::cli::request::{self, Done, Request};
use kiro_steer_scope::fix::config;
use kiro_steer_scope::fix::mark::Fix;
use kiro_steer_scope::run::exit::{EXIT_OK, EXIT_REFUSED};
use kiro_steer_scope::run::report::{self, Action};
use kiro_steer_scope::run::say;
use kiro_steer_scope::setup::{self, shim};
use kiro_steer_scope::tree::{privilege, program};

// The binary's allocator, set up before main (not part of the library).
mod allocator;

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
    long_about = manual::DESCRIPTION,
    override_usage = manual::USAGE,
    after_help = manual::AFTER_HELP,
    group(ArgGroup::new("action").args(["check", "dry_run", "restore", "prove", "ensure", "audit", "completions", "man"]).multiple(false))
)]
struct Cli {
    /// The acp-server.js to work on (default: KIRO_KAS_SERVER_PATH, else the KAS tree of the installed kiro-cli);
    /// with --audit, the one whose state and time the sessions are judged against.
    #[arg(long, value_name = "PATH")]
    target: Option<PathBuf>,

    /// Which fix to insert (default: the saved choice, else seed).
    #[arg(long, value_enum, value_name = "MODE")]
    mode: Option<ModeArg>,

    /// Also insert the rewind on clear (kirodotdev/Kiro#11449): after a clear of the steering
    /// buffer, every execution reads the messages typed since. Apply without it (and without a
    /// saved choice that has it) takes it out.
    #[arg(long, conflicts_with = "no_rewind_on_clear")]
    rewind_on_clear: bool,

    /// Leave the rewind on clear out for this run (or, with --set-up, from the saved choice).
    #[arg(long)]
    no_rewind_on_clear: bool,

    /// Report the state and write nothing. Exit 0 patched, 1 stock and patchable, 2 anything else.
    #[arg(long)]
    check: bool,

    /// Do everything apply does, node --check included, but leave the target as it is
    /// (with --set-up: say whether it would write the config or the link, and write nothing).
    #[arg(long)]
    dry_run: bool,

    /// Remove the patch byte-exactly, using only what the markers record.
    #[arg(long)]
    restore: bool,

    /// Run the bundle's own steering code, sliced out, stock against patched under node; write nothing.
    #[arg(long)]
    prove: bool,

    /// For a shell function or login hook: bring the file to the chosen fixes (flags, else the
    /// saved choice; what neither chose stays as the file has it), never stand in the way (one
    /// line on stderr when refused).
    #[arg(long)]
    ensure: bool,

    /// Read Kiro's own logs for steering replayed into sub-agents and memory extraction, per
    /// session, and say whether each session ran the bundle's patched code; write nothing.
    /// Exit 0 no replay, 1 a replay in a session that ran patched code, 3 replays only in other sessions.
    #[arg(long)]
    audit: bool,

    /// With --audit: a Kiro log folder (of session folders, or one session's), one log file
    /// (plain or gzip), or - for standard input (default: KIRO_STEER_SCOPE_LOGS, else ~/.kiro/logs).
    #[arg(long, value_name = "PATH", requires = "audit")]
    logs: Option<PathBuf>,

    /// With --audit: an agent name of root executions, to which steering is addressed (repeatable;
    /// default: chat-agent and kiro).
    #[arg(long, value_name = "NAME", requires = "audit")]
    root_agent: Vec<String>,

    /// Save the chosen fixes (--mode, --rewind-on-clear, --write-to, --node) for --ensure, apply
    /// and the launch shim; link the launch shim and print how to set KIRO_KAS_NODE_PATH to it.
    /// It acts on no tree, so --all, --target and --anchors are refused beside it.
    #[arg(long, conflicts_with_all = ["check", "restore", "prove", "ensure", "audit", "completions", "man", "all", "target", "anchors"])]
    set_up: bool,

    /// With --set-up: where the launch shim puts the patched bundle.
    #[arg(long, value_enum, value_name = "WHERE", requires = "set_up")]
    write_to: Option<config::WriteTo>,

    /// Act on every KAS tree under kiro-cli's data folder, one line each; the exit code is the worst.
    #[arg(long, conflicts_with_all = ["target", "audit"])]
    all: bool,

    /// Print one JSON object on stdout instead of text (an array of them with --all).
    #[arg(long)]
    json: bool,

    /// Say nothing on success; refusals still go to stderr.
    #[arg(long, short)]
    quiet: bool,

    /// Print a shell completion script for SHELL and exit.
    #[arg(long, value_name = "SHELL", value_enum)]
    completions: Option<clap_complete::Shell>,

    /// Print the man page (roff) and exit.
    #[arg(long)]
    man: bool,

    /// The node that checks the result (default: KIRO_KAS_NODE_PATH, else kiro-cli's own node, else node on PATH).
    #[arg(long, value_name = "PATH")]
    node: Option<PathBuf>,

    /// Seconds node --check may take before it is stopped and the run refused (at least 1).
    #[arg(long, value_name = "SECS", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..))]
    node_timeout: u64,

    /// Apply unproved, on the anchors, the accounting and node --check alone, when the proof
    /// is undriven (the world is closed but the harness could not drive some of the code);
    /// the markers record it. Never overrides an open or a disproved proof. With --set-up:
    /// saved, so that --ensure and the launch shim may do the same.
    #[arg(long)]
    allow_inconclusive: bool,

    /// Use the anchors in DIR instead of the built-in set.
    #[arg(long, value_name = "DIR")]
    anchors: Option<PathBuf>,
}

fn main() -> ExitCode {
    // Started by kiro-cli in node's place: patch, then become node.
    if program::invoked_as_shim() {
        shim::main();
    }
    privilege::note_start();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion) => {
            e.exit()
        }
        Err(e) => {
            // Scripts asking for --json get an object even for a usage error.
            if std::env::args_os().any(|a| a == "--json") {
                report::print_usage_error(&e.to_string());
            }
            let _ = e.print();
            return ExitCode::from(EXIT_REFUSED);
        }
    };
    // Made whole in memory, then printed as every other output is (a closed pipe ends it quietly).
    if let Some(shell) = cli.completions {
        let mut script = Vec::new();
        clap_complete::generate(shell, &mut Cli::command(), "kiro-steer-scope", &mut script);
        say::stdout(&script);
        return ExitCode::from(EXIT_OK);
    }
    if cli.man {
        let mut page = Vec::new();
        return match manual::render(Cli::command(), &mut page) {
            Ok(()) => {
                say::stdout(&page);
                ExitCode::from(EXIT_OK)
            }
            Err(e) => {
                say::stderr(format!("kiro-steer-scope: cannot make the man page: {e}\n").as_bytes());
                ExitCode::from(EXIT_REFUSED)
            }
        };
    }
    let printing = report::Printing { json: cli.json, quiet: cli.quiet };
    if cli.audit {
        let audit = audit::run(&audit::Options {
            logs: cli.logs.clone(),
            target: cli.target.clone(),
            roots: cli.root_agent.clone(),
        });
        audit::show::print(&audit, printing);
        return ExitCode::from(audit.exit);
    }
    let action = if cli.check {
        Action::Check
    } else if cli.dry_run {
        Action::DryRun
    } else if cli.restore {
        Action::Restore
    } else if cli.prove {
        Action::Prove
    } else if cli.ensure {
        Action::Ensure
    } else {
        Action::Apply
    };
    let fix = cli.mode.map(|m| match m {
        ModeArg::Seed => Fix::Seed,
        ModeArg::Gate => Fix::Gate,
    });
    let rewind = (cli.rewind_on_clear || cli.no_rewind_on_clear).then_some(cli.rewind_on_clear);
    if cli.set_up {
        let asked = setup::Asked {
            fix,
            rewind,
            write_to: cli.write_to,
            node: cli.node.clone(),
            dry_run: cli.dry_run,
            allow_inconclusive: cli.allow_inconclusive,
        };
        return ExitCode::from(setup::set_up(asked, config::load(), printing));
    }
    let request = Request {
        action,
        fix,
        rewind,
        target: cli.target.clone(),
        all: cli.all,
        node: cli.node.clone(),
        node_timeout: cli.node_timeout,
        allow_inconclusive: cli.allow_inconclusive,
        anchors: cli.anchors.clone(),
    };
    if !cli.all {
        // One bundle, then the process ends: its parsed trees are not freed one by one.
        kiro_steer_scope::read::parse::leave_trees_to_exit();
    }
    match request::handle(&request) {
        Done::One(outcome) => {
            report::print(&outcome, printing);
            ExitCode::from(outcome.exit)
        }
        Done::All(outcomes) => {
            report::print_all(&outcomes, printing);
            ExitCode::from(outcomes.iter().map(|o| o.exit).max().unwrap_or(EXIT_REFUSED))
        }
    }
}
