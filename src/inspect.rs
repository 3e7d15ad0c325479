//! Inspect: read the target once and say what state it is in; for a stock (or
//! recovered-stock) bundle, resolve the anchors and plan the requested mode.

use std::path::PathBuf;

use crate::anchor::AnchorSet;
use crate::discover::PackageInfo;
use crate::mark::{self, Insertion, Marked, Mode};
use crate::parse::{self, SourceKind};
use crate::resolve::{self, Match, Refusal};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    Patched(Mode),
    Stock,
    Drift,
    Foreign,
    Tampered,
    NotKas,
    Unparseable,
}

impl State {
    pub fn name(self) -> &'static str {
        match self {
            State::Patched(_) => "patched",
            State::Stock => "stock",
            State::Drift => "drift",
            State::Foreign => "foreign",
            State::Tampered => "tampered",
            State::NotKas => "not-kas",
            State::Unparseable => "unparseable",
        }
    }
}

/// What the anchors resolved to, kept for reports.
#[derive(Clone, Debug)]
pub struct AnchorReport {
    pub id: String,
    pub matches: Vec<Match>,
    pub captured: Vec<(String, String)>,
}

pub struct Inspection {
    pub real_path: PathBuf,
    pub package: PackageInfo,
    pub bytes: Vec<u8>,
    pub state: State,
    pub marked: Option<Marked>,
    /// The stock bytes: the file itself, or recovered from the markers.
    /// The stock bytes recovered from the markers of a patched file.
    pub recovered: Option<Vec<u8>>,
    pub plan: Option<Vec<Insertion>>,
    pub anchors: Vec<AnchorReport>,
    pub message: String,
    /// The anchor that refused, for drift and foreign.
    pub anchor: Option<String>,
    /// Sliced code for `--prove`: stock, and with the mode's insertions; or
    /// why it could not be sliced (the proof is then inconclusive).
    pub proof_input: Option<Result<(serde_json::Value, serde_json::Value), String>>,
}

impl Inspection {
    /// The stock bytes: recovered from the markers, or the file itself when
    /// it carries none (None only for a tampered file).
    pub fn stock(&self) -> Option<&[u8]> {
        match (&self.recovered, self.state) {
            (Some(recovered), _) => Some(recovered),
            (None, State::Tampered | State::Patched(_)) => None,
            (None, _) => Some(&self.bytes),
        }
    }
}

pub enum Depth {
    /// Stop once the state is known (a patched file is not re-resolved).
    StateOnly,
    /// Plan, and slice the code the proof runs.
    Prove(Mode),
    /// `--check`: the state as `StateOnly` judges it (by the seed plan) and,
    /// for a stock file, the plan for `mode`, from one parse.
    Check(Mode),
}

/// `package`: what the nearest package.json says (see `discover::package_info`).
pub fn inspect(real_path: PathBuf, package: PackageInfo, bytes: Vec<u8>, anchors: &AnchorSet, depth: Depth) -> Inspection {
    let mut out = Inspection {
        real_path,
        package,
        bytes,
        state: State::Stock,
        marked: None,
        recovered: None,
        plan: None,
        anchors: Vec::new(),
        message: String::new(),
        anchor: None,
        proof_input: None,
    };
    match mark::read(&out.bytes) {
        Err(t) => return tampered(out, t.to_string()),
        Ok(Some(marked)) => match mark::strip(&out.bytes, &marked) {
            Err(t) => return tampered(out, t.to_string()),
            Ok(stock) => {
                out.state = State::Patched(marked.mode);
                out.message = format!("patched in {} mode ({} marked insertions)", marked.mode, marked.found.len());
                out.marked = Some(marked);
                out.recovered = Some(stock);
                if matches!(depth, Depth::StateOnly | Depth::Check(_)) {
                    return out;
                }
            }
        },
        Ok(None) => {}
    }
    // --check slices too (no node runs), so that it can say in advance when
    // the proof cannot even be cut out.
    let (mode, prove) = match depth {
        Depth::Prove(mode) => (mode, true),
        Depth::StateOnly => (Mode::SEED, false),
        Depth::Check(mode) => (mode, true),
    };
    let judge_by = matches!(depth, Depth::Check(_)).then_some(Mode::SEED);
    // A file patched in this mode is proved with the insertions it carries.
    let installed: Option<Vec<Insertion>> = match (&out.marked, out.state) {
        (Some(marked), State::Patched(m)) if m == mode => Some(
            marked.found.iter().map(|f| Insertion { at: f.stock_at, text: f.payload.clone(), purpose: "installed".into() }).collect(),
        ),
        _ => None,
    };
    // A stock file is its own stock bytes: no copy of an 11 MB file.
    let stock_bytes: &[u8] = out.recovered.as_deref().unwrap_or(&out.bytes);
    // The walks over the tree recurse as deep as it nests: give them the parser's stack.
    let module = out.package.module;
    let result = parse::on_big_stack(|| resolve_and_plan(stock_bytes, module, anchors, judge_by, mode, prove.then_some(installed.as_deref())));
    match result {
        Ok((plan, reports, proof_input)) => {
            out.proof_input = proof_input;
            out.anchors = reports;
            if !matches!(out.state, State::Patched(_)) {
                let sites = out.anchors.iter().find(|a| a.id == "spawn-site").map_or(0, |a| a.matches.len());
                out.message = format!("stock, patchable in {mode} mode ({sites} spawn site(s), {} insertion(s))", plan.len());
            }
            out.plan = Some(plan);
        }
        Err(Failure { state, message, anchor, reports }) => {
            out.anchors = reports;
            out.message = message;
            out.anchor = anchor;
            if !matches!(out.state, State::Patched(_)) {
                out.state = state;
            } else {
                out.message = format!("patched, but its stock bytes no longer resolve: {}", out.message);
            }
        }
    }
    out
}

fn tampered(mut out: Inspection, why: String) -> Inspection {
    out.state = State::Tampered;
    out.message = format!("the kiro-steer-scope markers do not match the bytes they record ({why})");
    out
}

struct Failure {
    state: State,
    message: String,
    anchor: Option<String>,
    reports: Vec<AnchorReport>,
}

type Slices = Option<Result<(serde_json::Value, serde_json::Value), String>>;

/// `prove`: None, no slicing; Some(None), slice with the planned insertions;
/// Some(Some(installed)), slice with the insertions the file carries.
/// `judge_by`: a mode planned first on the same resolution; its refusal is the result.
fn resolve_and_plan(stock: &[u8], module: bool, anchors: &AnchorSet, judge_by: Option<Mode>, mode: Mode, prove: Option<Option<&[Insertion]>>) -> Result<(Vec<Insertion>, Vec<AnchorReport>, Slices), Failure> {
    let fail = |state, message: String| Failure { state, message, anchor: None, reports: Vec::new() };
    let Ok(source) = std::str::from_utf8(stock) else {
        return Err(fail(State::NotKas, "not a KAS bundle: the file is not UTF-8 text".into()));
    };
    if !anchors.identify_by.iter().any(|needle| source.contains(needle.as_str())) {
        return Err(fail(
            State::NotKas,
            format!("not a KAS bundle: none of {} appears in it", anchors.identify_by.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")),
        ));
    }
    let kind = if module { SourceKind::Module } else { SourceKind::Script };
    let program = parse::parse(source, kind).map_err(|e| {
        fail(State::Unparseable, format!("the file does not parse as a {} ({e}); it may be truncated or hand-edited", kind.as_str()))
    })?;
    let resolution = resolve::resolve(source, &program, anchors);
    let reports_of = |resolution: &resolve::Resolution| {
        anchors
            .anchors
            .iter()
            .filter(|a| resolution.matches.contains_key(&a.id))
            .map(|a| {
                let matches = resolution.get(&a.id).to_vec();
                let mut captured: Vec<(String, String)> = Vec::new();
                for m in &matches {
                    for (name, r) in &m.captures {
                        let text = resolve::clip(resolution.index.text(r));
                        if !captured.iter().any(|(n, t)| n == name && *t == text) {
                            captured.push((name.clone(), text));
                        }
                    }
                }
                AnchorReport { id: a.id.clone(), matches, captured }
            })
            .collect::<Vec<_>>()
    };
    let resolution = match resolution {
        Ok(r) => r,
        Err(refusal) => return Err(refused(refusal, Vec::new())),
    };
    let reports = reports_of(&resolution);
    let planned = match judge_by.filter(|first| *first != mode) {
        Some(first) => crate::plan::plan(&resolution, anchors, first).and_then(|_| crate::plan::plan(&resolution, anchors, mode)),
        None => crate::plan::plan(&resolution, anchors, mode),
    };
    // A slice that cannot be cut leaves the proof inconclusive; the anchors
    // still decide the state.
    let slices = match (&planned, prove) {
        (Ok(plan), Some(installed)) => {
            let with = installed.unwrap_or(plan);
            Some(crate::slice::slices(&resolution, &program, &[]).and_then(|stock| Ok((stock, crate::slice::slices(&resolution, &program, with)?))))
        }
        _ => None,
    };
    drop(resolution);
    // The process ends soon after; freeing millions of nodes costs as much as a parse.
    std::mem::forget(program);
    match planned {
        Ok(plan) => Ok((plan, reports, slices)),
        Err(refusal) => Err(refused(refusal, reports)),
    }
}

fn refused(refusal: Refusal, reports: Vec<AnchorReport>) -> Failure {
    let (state, label) = match &refusal {
        Refusal::Drift { .. } => (State::Drift, "drift"),
        Refusal::Foreign { .. } => (State::Foreign, "foreign patch"),
    };
    Failure {
        state,
        message: format!("{label} at anchor `{}`: {}", refusal.anchor(), refusal.reason()),
        anchor: Some(refusal.anchor().to_string()),
        reports,
    }
}
