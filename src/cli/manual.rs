//! The words of `--help` and the man page that the flag definitions do not
//! carry: what no action flag does, the environment, the exit status.

use std::io::Write;

/// The synopsis of `--help` and the man page; the README's Usage block says
/// the same lines (tests/everyday.rs compares them).
pub const USAGE: &str = "kiro-steer-scope [--target <PATH> | --all] [--mode <seed|gate>] [--rewind-on-clear | --no-rewind-on-clear]
       [--check | --dry-run | --restore | --prove | --ensure] [--json] [--quiet] [--node <PATH>]
       [--node-timeout <SECS>] [--anchors <DIR>] [--allow-inconclusive]
       kiro-steer-scope --set-up [--mode <seed|gate>] [--rewind-on-clear | --no-rewind-on-clear] [--write-to <auto|tree|mirror>] [--node <PATH>]
       [--allow-inconclusive] [--dry-run] [--json] [--quiet]
       kiro-steer-scope --audit [--logs <PATH|->] [--root-agent <NAME>]... [--target <PATH>] [--json] [--quiet]
       kiro-steer-scope --completions <SHELL> | --man";

pub const DESCRIPTION: &str = "Stops Kiro's mid-turn steering messages from being replayed into sub-agents and memory extraction (kirodotdev/Kiro#11240), and optionally from being stranded after a clear (kirodotdev/Kiro#11449), by patching the installed agent runtime bundle (acp-server.js in kiro-cli's KAS tree).

With no action flag, kiro-steer-scope applies: it patches the target with the chosen fixes (atomically, after a proof and node --check), or does nothing if it already carries them.

The fixes come from --mode and --rewind-on-clear, else from the choice saved by --set-up, else seed mode without the rewind. --set-up also links the launch shim: set KIRO_KAS_NODE_PATH to it and every kiro-cli start patches its runtime before node loads it, the first start after an upgrade included.";

pub const AFTER_HELP: &str = "With no action flag, the target is patched (apply).
Exit codes: 0 done / patched (--check, --ensure), 1 stock and patchable (--check) or no tree unpacked yet (--ensure), 2 refused or error (nothing was written).
--audit: 0 no replay found (or no log), 1 a replay in a session that ran the patched code, 3 replays only in sessions not known to have run patched code (stock, started before the bundle was last written, or undated), 2 the logs named cannot be read. See the man page (--man) for the environment and files.";

const ENVIRONMENT: &[(&str, &str)] = &[
    ("KIRO_KAS_NODE_PATH", "kiro-cli starts this program in node's place. Set it to the launch shim that --set-up links (kiro-steer-scope-node): it patches the bundle among its arguments, then runs kiro-cli's own node. Otherwise it is the node that checks the result, unless it is the shim."),
    ("KIRO_KAS_SERVER_PATH", "the bundle kiro-cli runs; without --target, the one to work on."),
    ("KIRO_DATA_DIR", "replaces kiro-cli's data folder: its KAS trees are then in $KIRO_DATA_DIR/kas and its node is $KIRO_DATA_DIR/node."),
    ("XDG_DATA_HOME, HOME", "kiro-cli's data folder is ${XDG_DATA_HOME:-$HOME/.local/share}/kiro-cli on Linux and ~/Library/Application Support/kiro-cli on macOS."),
    ("KIRO_STEER_SCOPE_CONFIG", "the saved choice (default: kiro-steer-scope/config.toml in the config folder: ${XDG_CONFIG_HOME:-~/.config} on Linux, ~/Library/Application Support on macOS)."),
    ("KIRO_STEER_SCOPE_CACHE", "where the shim keeps mirrors (default: kiro-steer-scope in ${XDG_CACHE_HOME:-~/.cache} on Linux, ~/Library/Caches on macOS)."),
    ("KIRO_STEER_SCOPE_LOGS", "with --audit and no --logs: Kiro's log folder (default: ~/.kiro/logs)."),
    ("KIRO_STEER_SCOPE_WHOLE_PARSE", "when set, parse the whole bundle rather than the statements the anchors can touch."),
    ("PATH", "where kiro-cli (for its version) and, failing kiro-cli's own, node are found."),
];

const EXIT_STATUS: &[(&str, &str)] = &[
    ("0", "done: patched, or run from the launch shim's patched mirror (--check, --ensure), applied, restored, would succeed (--dry-run), the proof passed (--prove), saved (--set-up)."),
    ("1", "--check: stock and patchable with the chosen fixes (by apply, or by the launch shim's mirror where the folder is not writable). --ensure: the installed kiro-cli's tree is not unpacked yet."),
    ("2", "refused or failed: drift, foreign, tampered, not a KAS bundle, unparseable, a failed proof, a folder that is not writable, an I/O error, a usage error. The target is exactly as it was. With --all, the highest of the trees' codes."),
    ("--audit", "0 no replay found (or no log); 1 a replay in a session that ran the patched code; 3 replays only in sessions not known to have run patched code; 2 the logs named cannot be read."),
    ("(shim)", "started as kiro-steer-scope-node, the exit status and signals are node's own; 127 when no node can be started."),
];

fn escape(text: &str) -> String {
    text.replace('\\', "\\e").replace('-', "\\-")
}

fn section(out: &mut String, title: &str, items: &[(&str, &str)]) {
    out.push_str(&format!(".SH \"{title}\"\n"));
    for (name, text) in items {
        out.push_str(&format!(".TP\n\\fB{}\\fR\n{}\n", escape(name), escape(text)));
    }
}

/// clap_mangen's sections, then ENVIRONMENT, EXIT STATUS and FILES (in place of its EXTRA).
pub fn render(cmd: clap::Command, out: &mut dyn Write) -> std::io::Result<()> {
    let man = clap_mangen::Man::new(cmd);
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    let mut text = String::new();
    section(&mut text, "ENVIRONMENT", ENVIRONMENT);
    section(&mut text, "EXIT STATUS", EXIT_STATUS);
    section(
        &mut text,
        "FILES",
        &[
            ("config.toml", "the saved choice: mode, rewind-on-clear, write-to (auto, tree or mirror), node, budget-secs (how long the shim may work before node runs the file as it is)."),
            ("kiro-steer-scope-node", "the launch shim, a link to the kiro-steer-scope that ran --set-up, in the data folder (~/.local/share/kiro-steer-scope on Linux); should that binary go, --check says the shim is broken, and --set-up mends it."),
            ("mirrors/", "patched stand-ins for trees that must not be written, in the cache folder; --restore removes a tree's."),
            ("verified/", "stamps in the cache folder of bundles found carrying the choice, by inode, size and change time, so a later start need not read them."),
        ],
    );
    out.write_all(text.as_bytes())?;
    man.render_version_section(out)
}
