//! Prove: run the code `slice` cut out of the stock bytes and out of the
//! patched bytes under node, each in an isolated `vm` context, through cases
//! that show the defect and the fix. Four outcomes: passed; disproved (the
//! stock code does not show the defect, or the patched code does not meet the
//! mode); open (something the outcome depends on lies outside what the proof
//! could see: never overridable); undriven (the world is closed but the
//! harness could not drive some of the code: the only one
//! `--allow-inconclusive` may override).

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::fix::mark::Mode;
use crate::tree::folder::Folder;
use crate::tree::validate::{NodeChoice, RunFailure};

const HARNESS: &str = include_str!("prove_harness.js");

/// One case as the harness reports it.
#[derive(Clone, Debug)]
pub struct CaseResult {
    pub name: String,
    pub covers: String,
    pub stock_expected: String,
    pub stock_observed: String,
    pub stock_ok: bool,
    pub mode_expected: String,
    pub patched_observed: String,
    pub patched_ok: bool,
    pub stock_inconclusive: Option<String>,
    pub patched_inconclusive: Option<String>,
    /// A side's prompt held what code the proof does not have returned: open, not undriven.
    pub unseen: bool,
}

/// A case the harness could not build, and why.
#[derive(Clone, Debug)]
pub struct Unchecked {
    pub case: String,
    pub why: String,
    /// False only when the bundle shows that the case has nothing to check.
    pub applies: bool,
}

/// The cases that are about a construction the tool must find: left
/// unchecked, the very execution the defect is about was not seen.
const CASES_ABOUT_A_CONSTRUCTION: &[&str] = &["memory-extraction", "sub-agent", "all"];

impl Unchecked {
    fn about_what_was_not_found(&self) -> bool {
        CASES_ABOUT_A_CONSTRUCTION.contains(&self.case.as_str())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Passed,
    Disproved,
    /// A place outside the proof's code could change its outcome, or a case
    /// could not run because what it is about was not found.
    Open(String),
    /// The world is closed, but the harness could not drive some of the code.
    Undriven(String),
}

impl Verdict {
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Passed => "passed",
            Verdict::Disproved => "disproved",
            Verdict::Open(_) => "open",
            Verdict::Undriven(_) => "undriven",
        }
    }

    /// Why it is open or undriven.
    pub fn reason(&self) -> Option<&str> {
        match self {
            Verdict::Open(r) | Verdict::Undriven(r) => Some(r),
            _ => None,
        }
    }

    /// A proof that passes speaks only for the code it ran: an open world
    /// turns a pass, or a side it could not drive, into open.
    pub fn opened_by(self, open: String) -> Verdict {
        match self {
            Verdict::Passed | Verdict::Undriven(_) => Verdict::Open(open),
            other => other,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Proof {
    pub mode: Mode,
    pub verdict: Verdict,
    pub cases: Vec<CaseResult>,
    /// The cases that did not run; one that applies leaves the proof inconclusive.
    pub unchecked: Vec<Unchecked>,
    /// How the harness found it must call this bundle's code.
    pub calibration: Value,
    /// Which free names of the slices were sliced in as helpers, and which are stubs.
    pub sliced: Value,
    pub elapsed: Duration,
    /// The closed world the verdict stands on (see `account`).
    pub accounting: Option<crate::proof::account::Accounting>,
    /// Per spawn site: whether the whole function around it ran in the proof, and why not.
    pub spawn_paths: Value,
}

impl Proof {
    pub fn undriven(mode: Mode, reason: String) -> Proof {
        Proof {
            mode,
            verdict: Verdict::Undriven(reason),
            cases: Vec::new(),
            unchecked: Vec::new(),
            calibration: json!({}),
            sliced: Value::Null,
            elapsed: Duration::ZERO,
            accounting: None,
            spawn_paths: Value::Null,
        }
    }

    pub fn passed(&self) -> bool {
        self.verdict == Verdict::Passed
    }

    /// What went wrong, in one line: the failing cases, or what could not be driven.
    pub fn summary(&self) -> String {
        match &self.verdict {
            Verdict::Passed => "every case matched".into(),
            Verdict::Open(reason) => format!("the proof is open: {reason}"),
            Verdict::Undriven(reason) => format!("the proof is undriven: {reason}"),
            Verdict::Disproved => format!("the proof failed: {}", self.failures().join("; ")),
        }
    }

    pub fn failures(&self) -> Vec<String> {
        self.cases
            .iter()
            .filter(|c| !(c.stock_ok && c.patched_ok))
            .map(|c| {
                if !c.stock_ok {
                    format!(
                        "{} ({}): the stock code should show `{}` but showed `{}`",
                        c.name, c.covers, c.stock_expected, c.stock_observed
                    )
                } else {
                    format!(
                        "{} ({}): {} mode should give `{}` but gave `{}`",
                        c.name, c.covers, self.mode, c.mode_expected, c.patched_observed
                    )
                }
            })
            .collect()
    }
}

/// The verdict of a finished harness run: a mismatch the harness could
/// observe disproves; a case about something the bundle was not found to
/// have (memory extraction, a sub-agent spawn) leaves it open; a side it
/// could not drive, or another case it could not build, leaves it undriven.
fn judge(cases: &[CaseResult], stuck: &[String], unchecked: &[Unchecked]) -> Verdict {
    if cases.is_empty() {
        return Verdict::Undriven("the harness ran no case".into());
    }
    let observed_mismatch = cases.iter().any(|c| {
        (!c.stock_ok && c.stock_inconclusive.is_none())
            || (c.stock_ok && !c.patched_ok && c.patched_inconclusive.is_none())
    });
    let applies = |u: &&Unchecked| u.applies;
    if observed_mismatch {
        Verdict::Disproved
    } else if let Some(c) = cases.iter().find(|c| c.unseen) {
        let why = c.stock_inconclusive.as_ref().or(c.patched_inconclusive.as_ref());
        Verdict::Open(format!("case {}: {}", c.name, why.map_or("", String::as_str)))
    } else if let Some(u) = unchecked.iter().filter(applies).find(|u| u.about_what_was_not_found()) {
        Verdict::Open(format!("case {} was not checked: {}", u.case, u.why))
    } else if let Some(first) = stuck.first() {
        Verdict::Undriven(first.clone())
    } else if let Some(u) = unchecked.iter().find(applies) {
        Verdict::Undriven(format!("case {} was not checked: {}", u.case, u.why))
    } else {
        Verdict::Passed
    }
}

/// Runs the harness: the stock slices against the patched slices, in `folder`
/// (the bundle's own, entered by descriptor; the harness is piped in).
pub fn run(node: &NodeChoice, folder: &Folder, mode: Mode, stock: &Value, patched: &Value, timeout: Duration) -> Proof {
    let sliced = json!({
        "helpers": stock["prelude"].as_array().map(|p| p.iter().map(|h| h["name"].clone()).collect::<Vec<_>>()),
        "stubs": stock["free"],
    });
    Proof { sliced, ..run_harness(node, folder, mode, stock, patched, timeout) }
}

/// How the harness says that the sliced code did not load (`build` in the harness).
const SLICE_DID_NOT_LOAD: &str = "the sliced code did not load";

fn run_harness(
    node: &NodeChoice,
    folder: &Folder,
    mode: Mode,
    stock: &Value,
    patched: &Value,
    timeout: Duration,
) -> Proof {
    let input =
        json!({"mode": mode.fix.as_str(), "rewind": mode.rewind, "stock": stock, "patched": patched}).to_string();
    if let Ok(dump) = std::env::var("KSS_DUMP_HARNESS") {
        let _ = std::fs::write(dump, &input);
    }
    let started = Instant::now();
    let stuck = |reason: String| Proof { elapsed: started.elapsed(), ..Proof::undriven(mode, reason) };
    let report = match harness_report(node, folder, &input, timeout) {
        Ok(report) => report,
        Err(reason) => return stuck(reason),
    };
    let calibration = report["calibration"].clone();
    if let Some(reason) = report["inconclusive"].as_str() {
        let mut proof = Proof { calibration, ..stuck(reason.to_string()) };
        // Code cut out of the bundle that does not load is the tool's own fault (a slice or a probe
        // cut wrong), not a calling form it could not reproduce: nothing can be said, and no flag writes it.
        if reason.starts_with(SLICE_DID_NOT_LOAD) {
            proof.verdict = proof.verdict.opened_by(format!(
                "{reason} (the code kiro-steer-scope cut out of this bundle is not valid JavaScript: a fault of \
                 the tool, not of the bundle; please report it)"
            ));
        }
        return proof;
    }
    let Some(list) = report["cases"].as_array() else {
        return Proof { calibration, ..stuck("the proof harness reported no cases".into()) };
    };
    let cases: Vec<CaseResult> = list.iter().map(case_result).collect();
    let unchecked = unchecked_cases(&report["unchecked"]);
    let mut verdict = judge(&cases, &stuck_cases(&cases), &unchecked);
    if let Some(open) = decided_on_stubs(&report["stubDecisions"], mode) {
        verdict = verdict.opened_by(open);
    }
    if let Some(open) = writes_not_run(&stock["toRun"], &report["ran"]) {
        verdict = verdict.opened_by(open);
    }
    if let Some(open) = uses_not_run(&stock["mustRun"], &report["ran"]) {
        verdict = verdict.opened_by(open);
    }
    Proof {
        mode,
        verdict,
        cases,
        unchecked,
        calibration,
        sliced: Value::Null,
        elapsed: started.elapsed(),
        accounting: None,
        spawn_paths: report["spawnPaths"].clone(),
    }
}

/// Why the verdict holds only for values the proof does not have: the
/// cases that, run again with each stub the code decided on taken as absent,
/// fail the mode (see the harness's `withStubsAbsent`).
fn decided_on_stubs(decisions: &Value, mode: Mode) -> Option<String> {
    let failed = decisions["failed"].as_array().filter(|f| !f.is_empty())?;
    let sites: Vec<String> = decisions["sites"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_u64)
        .map(|at| format!("byte {at}"))
        .collect();
    let first = &failed[0];
    Some(format!(
        "the proof's code decides on {} value(s) it does not have, names left free in the slices and run as stubs \
         ({}); answered otherwise (absent, another count, another of a table's keys), as the bundle's may be, case {} gives `{}` in {mode} mode, not `{}`{}",
        sites.len(),
        sites.join(", "),
        text(first, "name"),
        text(first, "patchedObserved"),
        text(first, "expected"),
        if failed.len() > 1 { format!(" (and {} more case(s))", failed.len() - 1) } else { String::new() }
    ))
}

/// The writes of top-level names inside the slices whose function no case
/// ran: the slices hold them (a static method of the class the session
/// calls), the bundle runs them, the proof ran the value from before them.
fn writes_not_run(to_run: &Value, ran: &Value) -> Option<String> {
    let ran = ran_offsets(ran)?;
    let missed = places(to_run, "name", |w| {
        w["ranBy"].as_u64().is_some_and(|at| !ran.contains(&at))
            // Only a name some case read can have changed the outcome.
            && w["readBy"].as_array().into_iter().flatten().any(|at| at.as_u64().is_none_or(|at| ran.contains(&at)))
    })?;
    Some(format!(
        "{} write(s) of top-level name(s) the proof's code reads sit in that code, in functions no case ran, \
         so the proof ran the value from before them: {}",
        missed.len(),
        missed.join(", ")
    ))
}

/// The places the closed world accepted because the proof runs them (the
/// buffer used, the cursor written and a delivery in the drain or the end-of-turn check)
/// that no case ran: a branch the harness's data never takes (a rollout flag,
/// an agent's name) is code the bundle runs and the proof did not.
fn uses_not_run(must_run: &Value, ran: &Value) -> Option<String> {
    let ran = ran_offsets(ran)?;
    let missed = places(must_run, "code", |u| u["offset"].as_u64().is_some_and(|at| !ran.contains(&at)))?;
    Some(format!(
        "{} place(s) of the proof's own code (the drain, the end-of-turn check, the execution class) that use the \
         steering buffer or what it gave, write the cursor or the drain's locals, or deliver, accepted because the \
         proof runs that code, ran in no case (a branch its data does not take): {}",
        missed.len(),
        missed.join(", ")
    ))
}

/// `byte <offset> `<what>`` for each entry of `list` that `pick` keeps; None when none is.
fn places(list: &Value, what: &str, pick: impl Fn(&Value) -> bool) -> Option<Vec<String>> {
    let found: Vec<String> = list
        .as_array()?
        .iter()
        .filter(|e| pick(e))
        .map(|e| format!("byte {} `{}`", e["offset"], e[what].as_str().unwrap_or_default()))
        .collect();
    (!found.is_empty()).then_some(found)
}

/// The offsets of the probes some case passed (the harness's `ran`).
fn ran_offsets(ran: &Value) -> Option<std::collections::HashSet<u64>> {
    Some(ran.as_array()?.iter().filter_map(Value::as_u64).collect())
}

/// Runs node on the harness with `input` on its stdin: the report it printed,
/// or why there is none.
fn harness_report(node: &NodeChoice, folder: &Folder, input: &str, timeout: Duration) -> Result<Value, String> {
    let ran = crate::tree::privilege::command(&node.path).map_err(RunFailure::Spawn).and_then(|mut command| {
        command.arg("-e").arg(HARNESS);
        folder.enter_in_child(&mut command);
        crate::tree::validate::run_bounded(command, Some(input.as_bytes()), timeout)
    });
    let output = match ran {
        Ok(output) => output,
        Err(RunFailure::Spawn(e)) => return Err(node.not_started(&e)),
        Err(RunFailure::TimedOut) => return Err(format!("the proof did not finish within {}s", timeout.as_secs())),
        Err(RunFailure::Wait(e)) => return Err(e.to_string()),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(stdout.trim()).map_err(|_| {
        let err: String = String::from_utf8_lossy(&output.stderr).lines().take(8).collect::<Vec<_>>().join(" | ");
        format!("the proof harness failed: {}", if err.is_empty() { "no report".into() } else { err })
    })
}

fn text(v: &Value, k: &str) -> String {
    v[k].as_str().unwrap_or_default().to_string()
}

/// One case of the harness's report.
fn case_result(c: &Value) -> CaseResult {
    let opt = |k: &str| c[k].as_str().map(str::to_string);
    CaseResult {
        name: text(c, "name"),
        covers: text(c, "covers"),
        stock_expected: text(c, "stockExpected"),
        stock_observed: text(c, "stockObserved"),
        stock_ok: c["stockOk"].as_bool().unwrap_or(false),
        mode_expected: text(c, "modeExpected"),
        patched_observed: text(c, "patchedObserved"),
        patched_ok: c["patchedOk"].as_bool().unwrap_or(false),
        stock_inconclusive: opt("stockInconclusive"),
        patched_inconclusive: opt("patchedInconclusive"),
        unseen: c["stockUnseen"].as_bool().unwrap_or(false) || c["patchedUnseen"].as_bool().unwrap_or(false),
    }
}

/// Why a side of a case could not be driven, one line a case (the stock side first).
fn stuck_cases(cases: &[CaseResult]) -> Vec<String> {
    cases
        .iter()
        .filter_map(|c| {
            c.stock_inconclusive
                .as_ref()
                .map(|r| format!("case {}: the stock side could not be driven: {r}", c.name))
                .or_else(|| {
                    c.patched_inconclusive
                        .as_ref()
                        .map(|r| format!("case {}: the patched side could not be driven: {r}", c.name))
                })
        })
        .collect()
}

/// The cases the harness could not build. Missing or unreadable: nothing
/// says every case was built, so it counts.
/// The cases the harness will name unchecked, seen from the slices alone
/// (no node runs), so that `--check` says so before an apply would: the
/// wording is the harness's own.
pub fn unchecked_from_slices(stock: &Value) -> Option<String> {
    let spawns = stock["spawns"].as_array()?;
    let memory = spawns.iter().filter(|s| s["memory"] == Value::Bool(true)).count();
    let sub = spawns
        .iter()
        .filter(|s| {
            s["sub"] != Value::Bool(false) && (s["sub"] == Value::Bool(true) || s["memory"] != Value::Bool(true))
        })
        .count();
    if memory == 0 {
        Some(
            "case memory-extraction would not be checked: no spawn path's config carries skipHooks (the mark of \
             memory extraction), so no construction is taken for memory extraction"
                .into(),
        )
    } else if sub == 0 {
        Some("case sub-agent would not be checked: every spawn path carries skipHooks, so no sub-agent spawn path is found".into())
    } else {
        None
    }
}

/// Names the slices read that the bundle writes elsewhere, seen from the
/// slices alone: the proof ran one value of each, so its outcome does not
/// hold for the others.
pub fn written_from_slices(stock: &Value) -> Option<String> {
    let written = stock["written"].as_array().filter(|w| !w.is_empty())?;
    let each: Vec<String> =
        written.iter().map(|w| format!("byte {} `{}`", w["offset"], w["name"].as_str().unwrap_or_default())).collect();
    Some(format!(
        "{} top-level name(s) the proof's code reads are written elsewhere, so the proof ran them with a value \
         the bundle may not have: {}",
        each.len(),
        each.join(", ")
    ))
}

fn unchecked_cases(list: &Value) -> Vec<Unchecked> {
    match list.as_array() {
        Some(list) => list
            .iter()
            .map(|u| Unchecked {
                case: text(u, "case"),
                why: text(u, "why"),
                applies: u["applies"].as_bool() != Some(false) || text(u, "why").is_empty(),
            })
            .collect(),
        None => vec![Unchecked {
            case: "all".into(),
            why: "the harness did not say which cases it could not build".into(),
            applies: true,
        }],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(name: &str) -> CaseResult {
        CaseResult {
            name: name.into(),
            covers: String::new(),
            stock_expected: "x".into(),
            stock_observed: "x".into(),
            stock_ok: true,
            mode_expected: "y".into(),
            patched_observed: "y".into(),
            patched_ok: true,
            stock_inconclusive: None,
            patched_inconclusive: None,
            unseen: false,
        }
    }

    fn unchecked(applies: bool) -> Unchecked {
        Unchecked { case: "memory-extraction".into(), why: "no site".into(), applies }
    }

    #[test]
    fn an_unchecked_case_that_applies_leaves_the_proof_open() {
        let cases = [ok("a")];
        assert_eq!(judge(&cases, &[], &[]), Verdict::Passed);
        assert_eq!(judge(&cases, &[], &[unchecked(false)]), Verdict::Passed);
        assert_eq!(
            judge(&cases, &[], &[unchecked(true)]),
            Verdict::Open("case memory-extraction was not checked: no site".into())
        );
        // A case that needs a form the harness could not find is undriven, not open;
        // a missing construction wins over a side it could not drive.
        let notification = Unchecked { case: "notification-late".into(), why: "no form".into(), applies: true };
        assert_eq!(
            judge(&cases, &[], std::slice::from_ref(&notification)),
            Verdict::Undriven("case notification-late was not checked: no form".into())
        );
        assert!(matches!(judge(&cases, &["stuck".into()], &[notification, unchecked(true)]), Verdict::Open(_)));
        // An observed mismatch still disproves.
        let failed = CaseResult { patched_ok: false, ..ok("b") };
        assert_eq!(judge(&[failed], &[], &[unchecked(true)]), Verdict::Disproved);
    }
}
