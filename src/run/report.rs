//! Report: what a run found and did, as text for people or one JSON object.

use std::path::PathBuf;

use serde_json::{json, Value};

use crate::fix::mark::{sha256_hex, Insertion, Mode};
use crate::run::exit::{EXIT_OK, EXIT_REFUSED};
use crate::run::inspect::{AnchorReport, Inspection, State};
use crate::run::say::{err, out};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Check,
    DryRun,
    Apply,
    Restore,
    Prove,
    Ensure,
}

impl Action {
    fn name(self) -> &'static str {
        match self {
            Action::Ensure => "ensure",
            Action::Check => "check",
            Action::DryRun => "dry-run",
            Action::Apply => "apply",
            Action::Restore => "restore",
            Action::Prove => "prove",
        }
    }
}

pub struct InsertionReport {
    pub offset: usize,
    pub text: String,
    pub purpose: String,
    pub before: String,
    pub after: String,
}

pub struct Outcome {
    pub action: Action,
    /// The kiro-cli version the tree was chosen for: `kiro-cli --version`'s, or with --all the
    /// tree's own (from its folder name); None when the target was named.
    pub cli_version: Option<String>,
    /// What the text output says of how the tree was chosen, when that is not the obvious (a lagging engine).
    pub found_note: Option<String>,
    /// With --all: the data folder holds no KAS tree (yet), so this outcome stands for none.
    pub no_tree: bool,
    pub mode: Mode,
    pub target: Option<PathBuf>,
    pub real_path: Option<PathBuf>,
    pub found_by: Option<String>,
    pub agent_version: Option<String>,
    pub state: Option<State>,
    pub state_after: Option<State>,
    pub stock_sha: Option<String>,
    pub sha_before: Option<String>,
    pub sha_after: Option<String>,
    pub anchors: Vec<AnchorReport>,
    pub insertions: Vec<InsertionReport>,
    pub node: Option<String>,
    pub changed: bool,
    pub message: String,
    pub error: Option<String>,
    pub next_step: Option<String>,
    pub warnings: Vec<String>,
    pub proof: Option<crate::proof::prove::Proof>,
    /// Applied on the anchors, the accounting and node --check alone after an undriven proof (--allow-inconclusive).
    pub proof_overridden: bool,
    /// The file carries a patch written unproved, and why (its markers say so).
    pub unproved: Option<String>,
    /// What the closed-world accounting found (a stock file's --check, and every proof).
    pub accounting: Option<crate::proof::account::Accounting>,
    /// Which parse ran: the prefilter's or the whole file's.
    pub parse: Option<crate::anchors::prefilter::ParseInfo>,
    /// Whether the target's folder takes a new file, where that was asked (a write, or a stock file's --check).
    pub writable: Option<bool>,
    /// --check, --ensure: the patched mirror the launch shim runs in place of this (stock) tree.
    pub served: Option<Served>,
    /// The saved choice, the launch shim and mirrors (`setup` in JSON).
    pub notes: Vec<Note>,
    pub exit: u8,
}

/// A patched mirror that kiro-cli runs in the tree's place, by the launch shim.
pub struct Served {
    pub bundle: PathBuf,
    pub mode: String,
}

/// One line about the set-up: `key: text`, and `key` in JSON.
pub struct Note {
    pub key: &'static str,
    pub text: String,
    pub json: Value,
}

/// Bytes of context shown on each side of an insertion.
const CONTEXT: usize = 48;

fn one_line(text: &str) -> String {
    text.replace('\n', "⏎")
}

impl Outcome {
    pub fn new(action: Action, mode: Mode) -> Outcome {
        Outcome {
            action,
            cli_version: None,
            found_note: None,
            no_tree: false,
            mode,
            target: None,
            real_path: None,
            found_by: None,
            agent_version: None,
            state: None,
            state_after: None,
            stock_sha: None,
            sha_before: None,
            sha_after: None,
            anchors: Vec::new(),
            insertions: Vec::new(),
            node: None,
            changed: false,
            message: String::new(),
            error: None,
            next_step: None,
            warnings: Vec::new(),
            proof: None,
            proof_overridden: false,
            unproved: None,
            accounting: None,
            parse: None,
            writable: None,
            served: None,
            notes: Vec::new(),
            exit: EXIT_REFUSED,
        }
    }

    pub fn absorb(&mut self, inspection: &Inspection) {
        self.real_path = Some(inspection.real_path.clone());
        self.agent_version = inspection.package.agent_version.clone();
        self.state = Some(inspection.state);
        self.sha_before = Some(inspection.sha256.clone());
        self.stock_sha = inspection
            .marked
            .as_ref()
            .map(|m| m.stock_sha256.clone())
            .or_else(|| matches!(inspection.state, State::Stock).then(|| self.sha_before.clone().unwrap()));
        self.anchors = inspection.anchors.clone();
        self.accounting = inspection.accounting.clone();
        self.parse = inspection.parse.clone();
        self.message = inspection.message.clone();
        self.unproved = inspection.marked.as_ref().and_then(|m| m.unproved.clone());
        if let (Some(marked), State::Patched(_)) = (&inspection.marked, inspection.state) {
            self.insertions = marked
                .found
                .iter()
                .map(|f| InsertionReport {
                    offset: f.stock_at,
                    text: f.payload.clone(),
                    purpose: "recorded in a marker".into(),
                    before: String::new(),
                    after: String::new(),
                })
                .collect();
            let n = marked.found.len();
            self.message =
                format!("patched in {} mode ({n} marked insertion{})", marked.mode, if n == 1 { "" } else { "s" });
            if inspection.predates_fence() {
                self.message.push_str(&format!(", {}", crate::run::inspect::PREDATES_FENCE));
            }
        }
    }

    /// Reads only the context around each insertion, not the whole file.
    pub fn set_insertions(&mut self, stock: &[u8], plan: &[Insertion]) {
        // Where a character starts: not a UTF-8 continuation byte.
        let starts_char = |at: usize| at >= stock.len() || (stock[at] as i8) >= -0x40;
        let floor = |mut at: usize| {
            while !starts_char(at) {
                at -= 1;
            }
            at
        };
        let ceil = |mut at: usize| {
            while !starts_char(at) {
                at += 1;
            }
            at
        };
        let text = |at: std::ops::Range<usize>| one_line(&String::from_utf8_lossy(&stock[at]));
        let mut sorted: Vec<&Insertion> = plan.iter().collect();
        sorted.sort_by_key(|i| i.at);
        self.insertions = sorted
            .iter()
            .map(|i| InsertionReport {
                offset: i.at,
                text: i.text.clone(),
                purpose: i.purpose.clone(),
                before: text(floor(i.at.saturating_sub(CONTEXT))..i.at),
                after: text(i.at..ceil((i.at + CONTEXT).min(stock.len()))),
            })
            .collect();
    }

    pub fn error(mut self, error: String, next: &str) -> Outcome {
        self.error = Some(error);
        self.next_step = Some(next.to_string());
        self.exit = EXIT_REFUSED;
        self
    }
}

pub fn next_step(state: State) -> &'static str {
    match state {
        State::Tampered => "the patched file was edited after kiro-steer-scope wrote it; reinstall kiro-cli (or delete its KAS tree so kiro-cli unpacks it again) to get a fresh stock tree, then run kiro-steer-scope again",
        State::Drift => "nothing was written: this release no longer matches an anchor. Look for a newer kiro-steer-scope, or adapt the named anchor (see anchors/README.md) and pass --anchors DIR",
        State::Foreign => "nothing was written: the bundle already carries a steering fix that kiro-steer-scope did not write. Reinstall kiro-cli for a stock tree, then run kiro-steer-scope again",
        State::NotKas => "point --target at <kas tree>/node_modules/@kiro/agent/dist/server/acp-server.js",
        State::Unparseable => "the file looks truncated or corrupted; reinstall kiro-cli for a fresh stock tree",
        State::Stock | State::Patched(_) => "",
    }
}

fn state_name(state: Option<State>) -> Value {
    state.map_or(Value::Null, |s| Value::from(s.name()))
}

fn patched_mode(state: Option<State>) -> Value {
    match state {
        Some(State::Patched(mode)) => Value::from(mode.as_str()),
        _ => Value::Null,
    }
}

/// The fixes a patched file carries, by name.
fn fixes(state: Option<State>) -> Value {
    match state {
        Some(State::Patched(mode)) => {
            let mut names = vec![mode.fix.as_str()];
            if mode.rewind {
                names.push("rewind-on-clear");
            }
            json!(names)
        }
        _ => Value::Null,
    }
}

fn accounting_json(a: &crate::proof::account::Accounting) -> Value {
    let place = |p: &crate::proof::account::Place| json!({"offset": p.at, "code": p.code, "why": p.why});
    json!({
        "closed": a.closed(),
        "unaccounted": a.unaccounted.iter().map(place).collect::<Vec<_>>(),
        "spawn_paths": a.spawn_paths.iter().map(place).collect::<Vec<_>>(),
        "accounted": a.accounted,
    })
}

/// The `--json` document of one outcome.
pub fn to_json(o: &Outcome) -> Value {
    let anchors: Vec<Value> = o
        .anchors
        .iter()
        .map(|a| {
            json!({
                "id": a.id,
                "matches": a.matches.iter().map(|m| json!({"offset": m.range.start, "end": m.range.end})).collect::<Vec<_>>(),
                "captures": a.captured.iter().map(|(k, v)| json!({"name": k, "text": v})).collect::<Vec<_>>(),
            })
        })
        .collect();
    let insertions: Vec<Value> = o
        .insertions
        .iter()
        .map(|i| {
            json!({
                "offset": i.offset,
                "length": i.text.len(),
                "sha256": sha256_hex(i.text.as_bytes()),
                "text": i.text,
                "purpose": i.purpose,
            })
        })
        .collect();
    json!({
        "tool": "kiro-steer-scope",
        "tool_version": env!("CARGO_PKG_VERSION"),
        "action": o.action.name(),
        "cli_version": o.cli_version,
        "no_tree": o.no_tree,
        "requested_mode": o.mode.as_str(),
        "target": o.target.as_ref().map(|p| p.display().to_string()),
        "real_path": o.real_path.as_ref().map(|p| p.display().to_string()),
        "found_by": o.found_by,
        "agent_version": o.agent_version,
        "state": state_name(o.state),
        "mode": patched_mode(o.state),
        "fixes": fixes(o.state),
        "unproved": o.unproved,
        "state_after": state_name(o.state_after.or(if o.changed { None } else { o.state })),
        "mode_after": patched_mode(o.state_after.or(if o.changed { None } else { o.state })),
        "changed": o.changed,
        "sha256_before": o.sha_before,
        "sha256_after": if o.changed || o.action == Action::DryRun { o.sha_after.clone() } else { o.sha_before.clone() },
        "stock_sha256": o.stock_sha,
        "parse": o.parse.as_ref().map(|p| p.path),
        "parse_reason": o.parse.as_ref().map(|p| p.reason.as_str()),
        "parsed_bytes": o.parse.as_ref().map(|p| p.parsed_bytes),
        "anchors": anchors,
        "accounting": o.accounting.as_ref().map(accounting_json),
        "insertions": insertions,
        "node": o.node,
        "message": o.message,
        "error": o.error,
        "next_step": o.next_step,
        "warnings": o.warnings,
        "proof": o.proof.as_ref().map(|p| json!({
            "mode": p.mode.as_str(),
            "passed": p.passed(),
            "outcome": p.verdict.name(),
            "reason": p.verdict.reason(),
            "inconclusive_reason": p.verdict.reason(),
            "overridable": matches!(p.verdict, crate::proof::prove::Verdict::Undriven(_)),
            "overridden": o.proof_overridden,
            "calibration": p.calibration,
            "unchecked": p.unchecked.iter().map(|u| json!({"case": u.case, "why": u.why, "applies": u.applies})).collect::<Vec<_>>(),
            "sliced": p.sliced,
            "accounting": p.accounting.as_ref().map(accounting_json),
            "spawn_paths": p.spawn_paths,
            "elapsed_ms": p.elapsed.as_millis() as u64,
            "cases": p.cases.iter().map(|c| json!({
                "name": c.name,
                "covers": c.covers,
                "stock_expected": c.stock_expected,
                "stock_observed": c.stock_observed,
                "stock_ok": c.stock_ok,
                "mode_expected": c.mode_expected,
                "patched_observed": c.patched_observed,
                "patched_ok": c.patched_ok,
                "stock_inconclusive": c.stock_inconclusive,
                "patched_inconclusive": c.patched_inconclusive,
            })).collect::<Vec<_>>(),
        })),
        "writable": o.writable,
        "mirror_in_use": o.served.as_ref().map(|s| json!({"path": s.bundle.display().to_string(), "mode": s.mode})),
        "setup": if o.notes.is_empty() { Value::Null } else { Value::Object(o.notes.iter().map(|n| (n.key.to_string(), n.json.clone())).collect()) },
        "exit_code": o.exit,
    })
}

pub fn print_usage_error(error: &str) {
    let first = error.lines().next().unwrap_or(error).trim_start_matches("error: ");
    let value = json!({
        "tool": "kiro-steer-scope",
        "tool_version": env!("CARGO_PKG_VERSION"),
        "state": null,
        "changed": false,
        "error": first,
        "next_step": "see kiro-steer-scope --help",
        "exit_code": EXIT_REFUSED,
    });
    out!("{}", serde_json::to_string_pretty(&value).expect("serialisable"));
}

/// How to print: JSON or text, and whether success is silent.
#[derive(Clone, Copy)]
pub struct Printing {
    pub json: bool,
    pub quiet: bool,
}

pub fn print(o: &Outcome, how: Printing) {
    if how.json {
        out!("{}", serde_json::to_string_pretty(&to_json(o)).expect("serialisable"));
    } else if o.action == Action::Ensure {
        // A shell function runs this before every kiro-cli: one line at most.
        return print_ensure(o, how.quiet);
    } else if !(how.quiet && o.error.is_none()) {
        print_text(o);
    }
    print_errors(o, how.quiet);
}

fn print_errors(o: &Outcome, quiet: bool) {
    if !quiet {
        for warning in &o.warnings {
            err!("kiro-steer-scope: warning: {warning}");
        }
    }
    if let Some(error) = &o.error {
        err!("kiro-steer-scope: {error}");
        if let Some(next) = o.next_step.as_deref().filter(|n| !n.is_empty()) {
            err!("  next: {next}");
        }
    }
}

/// Where `say_unproved` puts its line: stderr, or, in a worker whose stderr
/// is closed (the launch shim's), a list its parent says for it.
static RELAYED: std::sync::Mutex<Option<Vec<String>>> = std::sync::Mutex::new(None);

/// From now on, `say_unproved` keeps its lines for `relayed` instead of printing them.
pub fn relay_unproved() {
    *RELAYED.lock().unwrap_or_else(|e| e.into_inner()) = Some(Vec::new());
}

/// The lines kept since `relay_unproved`.
pub fn relayed() -> Vec<String> {
    RELAYED.lock().unwrap_or_else(|e| e.into_inner()).as_mut().map(std::mem::take).unwrap_or_default()
}

/// Said on stderr each time a patch is written unproved, even where a run is
/// otherwise quiet (--ensure, the launch shim, a mirror).
pub fn say_unproved(o: &Outcome) {
    if let (true, Some(why)) = (o.changed, &o.unproved) {
        let line = format!(
            "warning: {} was patched unproved, as the saved choice allows (--set-up --allow-inconclusive): {why}",
            o.real_path.as_ref().or(o.target.as_ref()).map(|p| p.display().to_string()).unwrap_or_default()
        );
        match RELAYED.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            Some(kept) => kept.push(line),
            None => err!("kiro-steer-scope: {line}"),
        }
    }
}

fn print_ensure(o: &Outcome, quiet: bool) {
    say_unproved(o);
    match &o.error {
        Some(error) => match o.next_step.as_deref().filter(|n| !n.is_empty()) {
            Some(next) => err!("kiro-steer-scope: not patched: {error}; next: {next}"),
            None => err!("kiro-steer-scope: not patched: {error}"),
        },
        None if !quiet => out!("kiro-steer-scope: {}", o.message),
        None => {}
    }
}

/// --all: one line per tree (or a JSON array).
pub fn print_all(outcomes: &[Outcome], how: Printing) {
    if how.json {
        let all: Vec<Value> = outcomes.iter().map(to_json).collect();
        out!("{}", serde_json::to_string_pretty(&all).expect("serialisable"));
        return;
    }
    for o in outcomes {
        let what = match (&o.error, o.next_step.as_deref().filter(|n| !n.is_empty())) {
            (Some(e), Some(next)) => format!("refused: {e}; next: {next}"),
            (Some(e), None) => format!("refused: {e}"),
            (None, _) => o.message.clone(),
        };
        let line = format!(
            "kiro-cli {:<8} @kiro/agent {:<8} {:<10} {}",
            o.cli_version.as_deref().unwrap_or("?"),
            o.agent_version.as_deref().unwrap_or("?"),
            if o.served.is_some() { "patched" } else { o.state.map_or("-", |s| s.name()) },
            what
        );
        if o.error.is_some() {
            err!("{line}");
        } else if !how.quiet {
            out!("{line}");
        }
    }
}

fn print_text(o: &Outcome) {
    if let Some(path) = &o.real_path.as_ref().or(o.target.as_ref()) {
        let version = o.agent_version.as_deref().map(|v| format!(" (@kiro/agent {v})")).unwrap_or_default();
        out!("target: {}{version}", path.display());
    }
    if let Some(note) = &o.found_note {
        out!("found:  {note}");
    }
    if let Some(served) = &o.served {
        out!("state:  patched (mirror: {}, {} mode; the tree itself is stock)", served.bundle.display(), served.mode);
    } else if let Some(state) = o.state {
        let mode = match (state, &o.unproved) {
            (State::Patched(mode), Some(why)) => format!(" ({mode} mode, unproved: {why})"),
            (State::Patched(mode), None) => format!(" ({mode} mode)"),
            _ => String::new(),
        };
        out!("state:  {}{mode}", state.name());
    }
    if o.action == Action::DryRun || (o.action == Action::Apply && o.changed) {
        for i in &o.insertions {
            out!("@ byte {}: {}", i.offset, i.purpose);
            print_inline_diff(&i.before, &i.text, &i.after);
        }
    }
    for note in &o.notes {
        out!("{:<7} {}", format!("{}:", note.key), note.text);
    }
    // The table explains a refusal only when the proof is what refused.
    if let Some(proof) = o.proof.as_ref().filter(|p| o.action == Action::Prove || (o.exit != EXIT_OK && !p.passed())) {
        print_proof(proof);
    }
    if o.action == Action::Check && o.exit != EXIT_OK {
        if let Some(sites) = o.anchors.iter().find(|a| a.id == "spawn-site") {
            out!(
                "spawn sites: {}",
                sites.matches.iter().map(|m| format!("byte {}", m.range.start)).collect::<Vec<_>>().join(", ")
            );
        }
    }
    if !o.message.is_empty() && o.error.as_deref() != Some(o.message.as_str()) {
        out!("{}", o.message);
    }
    if o.exit == EXIT_OK && o.changed && o.action == Action::Apply {
        out!("A running kiro-cli session keeps the old code until it is restarted. A kiro-cli upgrade unpacks a fresh stock tree: `kiro-steer-scope --set-up` makes every start patch it before node loads it.");
    }
}

/// Shows an insertion inline with `similar`: context, then the added text marked.
fn print_inline_diff(before: &str, inserted: &str, after: &str) {
    let old = format!("{before}{after}");
    let new = format!("{before}{inserted}{after}");
    let diff = similar::TextDiff::from_chars(old.as_str(), new.as_str());
    let mut line = String::from("    ");
    for change in diff.iter_all_changes() {
        match change.tag() {
            similar::ChangeTag::Equal => line.push_str(change.value()),
            similar::ChangeTag::Insert => {
                line.push_str("⟦+");
                line.push_str(change.value());
                line.push_str("+⟧");
            }
            similar::ChangeTag::Delete => {
                line.push_str("⟦-");
                line.push_str(change.value());
                line.push_str("-⟧");
            }
        }
    }
    out!("{}", line.replace("+⟧⟦+", ""));
}

fn print_proof(proof: &crate::proof::prove::Proof) {
    if let Some(found) = proof.calibration.as_object().filter(|f| !f.is_empty()) {
        out!("calibration (how this bundle's code is driven):");
        for key in ["buffer", "steer", "notification", "clear", "slot", "drain", "endOfTurn", "attribution"] {
            if let Some(v) = found.get(key).and_then(|v| v.as_str()) {
                out!("  {key:<13} {v}");
                if let Some(origin) = found.get("from").and_then(|f| f.get(key)).and_then(|o| o.as_str()) {
                    out!("  {:<13} ({origin})", "");
                }
            }
        }
    }
    let wide = |head: &str, cell: &dyn Fn(&crate::proof::prove::CaseResult) -> usize| {
        proof.cases.iter().map(cell).max().unwrap_or(0).max(head.chars().count())
    };
    let (stock_head, mode_head) = ("stock (expected: the defect)".to_string(), format!("{} (observed)", proof.mode));
    let width = wide("case", &|c| c.name.chars().count());
    let stock_w = wide(&stock_head, &|c| c.stock_observed.chars().count());
    let mode_w = wide(&mode_head, &|c| c.patched_observed.chars().count());
    out!("{:width$}  {:stock_w$}  {:mode_w$}  {}", "case", stock_head, mode_head, "verdict");
    for c in &proof.cases {
        let verdict = match (c.stock_ok, c.patched_ok) {
            _ if c.stock_inconclusive.is_some() => {
                format!("INCONCLUSIVE: {}", c.stock_inconclusive.as_deref().unwrap_or_default())
            }
            (true, _) if c.patched_inconclusive.is_some() => {
                format!("INCONCLUSIVE: {}", c.patched_inconclusive.as_deref().unwrap_or_default())
            }
            (true, true) => "ok".to_string(),
            (false, _) => format!("FAIL: stock should be `{}`", c.stock_expected),
            (true, false) => format!("FAIL: {} should be `{}`", proof.mode, c.mode_expected),
        };
        out!("{:width$}  {:stock_w$}  {:mode_w$}  {}", c.name, c.stock_observed, c.patched_observed, verdict);
    }
    for u in &proof.unchecked {
        out!("{:width$}  not checked{}: {}", u.case, if u.applies { "" } else { " (does not apply)" }, u.why);
    }
    if let Some(a) = &proof.accounting {
        out!(
            "closed world: {} place(s) outside the proof's code accounted for, {} not",
            a.accounted,
            a.unaccounted.len()
        );
        for p in &a.unaccounted {
            out!("  UNACCOUNTED byte {}: `{}`: {}", p.at, p.code, p.why);
        }
        // The proof's own line per spawn site says it more exactly, when there is one.
        if proof.spawn_paths.as_array().is_none_or(|p| p.is_empty()) {
            for p in &a.spawn_paths {
                out!("  {}", p.why);
            }
        }
    }
    for path in proof.spawn_paths.as_array().into_iter().flatten() {
        let at = path["at"].as_u64().unwrap_or_default();
        if path["driven"] == true {
            out!(
                "  spawn site at byte {at}: its whole function (byte {}) ran in the proof, {}",
                path["fnAt"].as_u64().unwrap_or_default(),
                path["why"].as_str().unwrap_or_default()
            );
        } else {
            out!(
                "  spawn site at byte {at}: only its construction ran in the proof ({}); its function is accounted for",
                path["why"].as_str().unwrap_or_default()
            );
        }
    }
    // A passed --prove says "proof passed" once, in its message below.
    let verdict = if proof.passed() { String::new() } else { format!("proof {}: ", proof.verdict.name()) };
    out!("{verdict}{} cases in {} ms", proof.cases.len(), proof.elapsed.as_millis());
    if let Some(reason) = proof.verdict.reason() {
        out!("{}: {reason}", proof.verdict.name());
    }
}
