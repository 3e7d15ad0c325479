//! Inspect: read the target once and say what state it is in; for a stock (or
//! recovered-stock) bundle, resolve the anchors and plan the requested mode.

use std::path::PathBuf;

use swc_ecma_ast::Program;

use crate::anchors::anchor::AnchorSet;
use crate::anchors::prefilter::{self, ParseInfo};
use crate::anchors::resolve::{self, Lookups, Match, Refusal};
use crate::fix::mark::{self, Insertion, Marked, Mode};
use crate::proof::account::Accounting;
use crate::read::parse::{self, SourceKind};
use crate::tree::discover::PackageInfo;

/// What --check and apply say of a seed patch written before the fence.
pub const PREDATES_FENCE: &str =
    "written by an earlier kiro-steer-scope without the seed's fence (issue 42): apply upgrades it in place";

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
    /// sha256 of `bytes`, hashed while the rest of the inspection ran.
    pub sha256: String,
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
    /// Which parse ran (prefilter or whole file), when one did.
    pub parse: Option<ParseInfo>,
    /// The closed world around the proof: every place outside the code it
    /// runs that could change its outcome (for a stock file, when sliced).
    pub accounting: Option<Accounting>,
}

impl Inspection {
    /// Patched in seed mode by a version without the seed's fence: apply upgrades it.
    pub fn predates_fence(&self) -> bool {
        matches!(self.state, State::Patched(_)) && self.marked.as_ref().is_some_and(crate::fix::plan::predates_fence)
    }

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
pub fn inspect(
    real_path: PathBuf,
    package: PackageInfo,
    bytes: Vec<u8>,
    anchors: &AnchorSet,
    depth: Depth,
) -> Inspection {
    let (mut out, sha256) = std::thread::scope(|scope| {
        let hash = std::thread::Builder::new()
            .name("hash".into())
            .spawn_scoped(scope, || mark::sha256_hex(&bytes))
            .expect("spawn hash thread");
        let out = inspect_bytes(real_path, package, &bytes, anchors, depth);
        (out, hash.join().expect("hashing does not panic"))
    });
    (out.bytes, out.sha256) = (bytes, sha256);
    out
}

fn inspect_bytes(
    real_path: PathBuf,
    package: PackageInfo,
    bytes: &[u8],
    anchors: &AnchorSet,
    depth: Depth,
) -> Inspection {
    let mut out = Inspection {
        real_path,
        package,
        bytes: Vec::new(),
        sha256: String::new(),
        state: State::Stock,
        marked: None,
        recovered: None,
        plan: None,
        anchors: Vec::new(),
        message: String::new(),
        anchor: None,
        proof_input: None,
        parse: None,
        accounting: None,
    };
    match mark::read(bytes) {
        Err(t) => return tampered(out, t.to_string()),
        Ok(Some(marked)) => match mark::strip(bytes, &marked) {
            Err(t) => return tampered(out, t.to_string()),
            Ok(stock) => {
                out.state = State::Patched(marked.mode);
                out.message = format!("patched in {} mode ({} marked insertions)", marked.mode, marked.found.len());
                if let Some(why) = &marked.unproved {
                    out.message.push_str(&format!(", unproved: written with --allow-inconclusive after: {why}"));
                }
                let upgrade = crate::fix::plan::predates_fence(&marked);
                if upgrade {
                    out.message.push_str(&format!(", {PREDATES_FENCE}"));
                }
                out.marked = Some(marked);
                out.recovered = Some(stock);
                // --check plans an old seed patch's upgrade, as it plans a stock file.
                if matches!(depth, Depth::StateOnly) || (matches!(depth, Depth::Check(_)) && !upgrade) {
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
        (Some(marked), State::Patched(m)) if m == mode && !out.predates_fence() => Some(
            marked
                .found
                .iter()
                .map(|f| Insertion { at: f.stock_at, text: f.payload.clone(), purpose: "installed".into() })
                .collect(),
        ),
        _ => None,
    };
    // A stock file is its own stock bytes: no copy of an 11 MB file.
    let stock_bytes: &[u8] = out.recovered.as_deref().unwrap_or(bytes);
    // The walks over the tree recurse as deep as it nests: give them the parser's stack.
    let module = out.package.module;
    let whole =
        std::env::var_os(prefilter::WHOLE_PARSE_ENV).map(|_| format!("asked for by {}", prefilter::WHOLE_PARSE_ENV));
    let (result, parse) = parse::on_big_stack(|| {
        resolve_and_plan(stock_bytes, module, anchors, judge_by, mode, prove.then_some(installed.as_deref()), whole)
    });
    out.parse = parse;
    match result {
        Ok((plan, reports, proof_input, accounting)) => {
            out.proof_input = proof_input;
            out.accounting = accounting;
            out.anchors = reports;
            if !matches!(out.state, State::Patched(_)) {
                let sites = out.anchors.iter().find(|a| a.id == "spawn-site").map_or(0, |a| a.matches.len());
                out.message =
                    format!("stock, patchable in {mode} mode ({sites} spawn site(s), {} insertion(s))", plan.len());
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
type Resolved = Result<(Vec<Insertion>, Vec<AnchorReport>, Slices, Option<Accounting>), Failure>;

/// `prove`: None, no slicing; Some(None), slice with the planned insertions;
/// Some(Some(installed)), slice with the insertions the file carries.
/// `judge_by`: a mode planned first on the same resolution; its refusal is the result.
/// `whole`: why to parse the whole file rather than what the anchors can touch.
fn resolve_and_plan(
    stock: &[u8],
    module: bool,
    anchors: &AnchorSet,
    judge_by: Option<Mode>,
    mode: Mode,
    prove: Option<Option<&[Insertion]>>,
    whole: Option<String>,
) -> (Resolved, Option<ParseInfo>) {
    let fail = |state, message: String| Failure { state, message, anchor: None, reports: Vec::new() };
    let Ok(source) = std::str::from_utf8(stock) else {
        return (Err(fail(State::NotKas, "not a KAS bundle: the file is not UTF-8 text".into())), None);
    };
    if !anchors.identify_by.iter().any(|needle| memchr::memmem::find(stock, needle.as_bytes()).is_some()) {
        return (
            Err(fail(
                State::NotKas,
                format!(
                    "not a KAS bundle: none of {} appears in it",
                    anchors.identify_by.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
                ),
            )),
            None,
        );
    }
    let kind = if module { SourceKind::Module } else { SourceKind::Script };
    let evaluated = prefilter::evaluate(source, kind, anchors, whole, |program, lookups| {
        evaluate(source, program, lookups, anchors, judge_by, mode, prove)
    });
    match evaluated {
        Ok((resolved, info)) => (resolved, Some(info)),
        Err(e) => (
            Err(fail(
                State::Unparseable,
                format!("the file does not parse as a {} ({e}); it may be truncated or hand-edited", kind.as_str()),
            )),
            None,
        ),
    }
}

/// Resolves, plans and slices on a parsed program (all of the file, or the
/// statements the prefilter chose); what it looks up beyond a statement goes to `lookups`.
fn evaluate(
    source: &str,
    program: &Program,
    lookups: &Lookups,
    anchors: &AnchorSet,
    judge_by: Option<Mode>,
    mode: Mode,
    prove: Option<Option<&[Insertion]>>,
) -> Resolved {
    let resolution = resolve::resolve(source, program, anchors, lookups);
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
        Some(first) => crate::fix::plan::plan(&resolution, anchors, first)
            .and_then(|_| crate::fix::plan::plan(&resolution, anchors, mode)),
        None => crate::fix::plan::plan(&resolution, anchors, mode),
    };
    // The closed world is accounted for on the stock code whenever the proof
    // runs: first, since what it accepts because the proof runs it is probed.
    let accounting = (planned.is_ok() && prove.is_some())
        .then(|| crate::proof::account::account(&resolution, program, mode.fix == crate::fix::mark::Fix::Seed));
    let must_run = accounting.as_ref().map(|a| a.must_run.as_slice()).unwrap_or_default();
    // A slice that cannot be cut leaves the proof inconclusive; the anchors
    // still decide the state.
    let slices = match (&planned, prove) {
        (Ok(plan), Some(installed)) => {
            let with = installed.unwrap_or(plan);
            Some(
                crate::proof::slice::slices(&resolution, program, &[], must_run)
                    .and_then(|stock| Ok((stock, crate::proof::slice::slices(&resolution, program, with, must_run)?))),
            )
        }
        _ => None,
    };
    match planned {
        Ok(plan) => Ok((plan, reports, slices, accounting)),
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

/// The prefilter gives what the whole-file parse gives: the same anchor
/// matches and captures, plans, inserted bytes and proof slices, or the same
/// refusal; on every fixture bundle, in both modes, with and without decoys.
#[cfg(test)]
mod prefilter_equality {
    use super::*;

    const WHOLE: &str = "test: the whole file";

    /// Everything a run derives from the parse, as comparable text.
    fn outcome(resolved: &Resolved) -> String {
        match resolved {
            Ok((plan, reports, slices, accounting)) => {
                let slices = match slices {
                    Some(Ok((stock, patched))) => format!("{stock}\n{patched}"),
                    Some(Err(e)) => format!("unsliceable: {e}"),
                    None => "not sliced".into(),
                };
                format!("plan {plan:?}\nanchors {reports:?}\nslices {slices}\naccounting {accounting:?}")
            }
            Err(f) => format!("{} {:?} {}\nanchors {:?}", f.state.name(), f.anchor, f.message, f.reports),
        }
    }

    /// Runs both parses for each mode and way of asking; returns the prefilter's paths and the seed outcome.
    fn both(name: &str, source: &str, module: bool) -> (Vec<&'static str>, String) {
        let anchors = crate::anchors::anchor::builtin();
        let mut paths = Vec::new();
        let mut seed = String::new();
        use crate::fix::mark::Fix;
        let modes = [Fix::Seed, Fix::Gate].into_iter().flat_map(|fix| [false, true].map(|rewind| Mode { fix, rewind }));
        for mode in modes {
            for judge_by in [None, Some(Mode::SEED)] {
                let run = |whole: Option<String>| {
                    parse::on_big_stack(|| {
                        resolve_and_plan(source.as_bytes(), module, &anchors, judge_by, mode, Some(None), whole)
                    })
                };
                let (prefiltered, info) = run(None);
                let (whole, _) = run(Some(WHOLE.into()));
                let (prefiltered, whole) = (outcome(&prefiltered), outcome(&whole));
                assert!(prefiltered == whole, "{name} {mode:?} judged by {judge_by:?}: the prefilter differs ({info:?})\n--- prefilter\n{prefiltered}\n--- whole\n{whole}");
                paths.push(info.map_or("none", |i| i.path));
                if mode == Mode::SEED && judge_by.is_none() {
                    seed = prefiltered;
                }
            }
        }
        (paths, seed)
    }

    fn fixtures() -> Vec<(String, String, bool)> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/bundles");
        let mut out = Vec::new();
        for entry in std::fs::read_dir(&root).unwrap() {
            let tree = entry.unwrap().path();
            let file = tree.join("node_modules/@kiro/agent/dist/server/acp-server.js");
            if file.is_file() {
                let module = crate::tree::discover::package_info(&crate::tree::folder::walk(&file).unwrap()).module;
                out.push((
                    tree.file_name().unwrap().to_string_lossy().into_owned(),
                    std::fs::read_to_string(file).unwrap(),
                    module,
                ));
            }
        }
        out.sort();
        assert!(out.len() >= 10, "the fixture bundles are missing");
        out
    }

    fn tsc() -> String {
        std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("testdata/not-kas/node_modules/typescript/lib/_tsc.js"),
        )
        .unwrap()
    }

    /// The binding the execution class has in this bundle.
    fn class_name(source: &str, module: bool) -> String {
        binding_of("execution-class", source, module)
    }

    /// The binding of the class an anchor (`execution-class`, `buffer-class`) found.
    fn binding_of(anchor: &str, source: &str, module: bool) -> String {
        let anchors = crate::anchors::anchor::builtin();
        let (resolved, _) = parse::on_big_stack(|| {
            resolve_and_plan(source.as_bytes(), module, &anchors, None, Mode::SEED, None, Some(WHOLE.into()))
        });
        let (_, reports, _, _) = resolved.ok().expect("stock");
        reports.iter().find(|r| r.id == anchor).unwrap().captured.iter().find(|(n, _)| n == "CLASS").unwrap().1.clone()
    }

    #[test]
    fn every_fixture_takes_the_prefilter_and_matches_the_whole_parse() {
        for (name, source, module) in fixtures() {
            let (paths, seed) = both(&name, &source, module);
            assert!(paths.iter().all(|p| *p == "prefilter"), "{name}: {paths:?}");
            assert!(seed.starts_with("plan [Insertion"), "{name} is stock and patchable: {seed}");
        }
    }

    #[test]
    fn decoys_that_spell_the_literals_change_nothing() {
        for (name, source, module) in fixtures() {
            let class = class_name(&source, module);
            // Statements that spell every literal the anchors search for and
            // mention the class's binding, but are not the steering code.
            let decoys = format!(
                "\n;var kssDecoyA = {{ setSteeringReaderIndex: 1, steeringReaderIndex: 2, isHandled: 3, handlers: {{ size: 0 }}, drainRetryCount: 4, subExecutionDepth: 5 }};\n\
                 var kssDecoyB = '[LiveSteeringHook] injected' + ' steering', kssDecoyC = \"call set\\u0053teeringReaderIndex later\";\n\
                 function kssDecoyD({class}) {{ /* new {class}({{ subExecutionDepth: x + 1 }}) */ return [{class}, `drainRetryCount ${{{class}}}`]; }}\n\
                 class kssDecoyE {{ isHandled(m) {{ return m.kind === 'user'; }} setSteeringReaderIndex() {{}} }}\n"
            );
            let (paths, decoyed) = both(&format!("{name} with decoys"), &format!("{source}{decoys}"), module);
            assert!(paths.iter().all(|p| *p == "prefilter"), "{name}: {paths:?}");
            let (_, plain) = both(&name, &source, module);
            assert_eq!(decoyed, plain, "{name}: the decoys changed the result");
            // The setter's name as a whole string value is no decoy: a computed
            // call could use it. Both parses name it.
            let named = format!("{source}\n;var kssName = \"set\\u0053teeringReaderIndex\";\n");
            let (paths, outcome) = both(&format!("{name} with the setter's name as a string"), &named, module);
            assert!(paths.iter().all(|p| *p == "prefilter"), "{name}: {paths:?}");
            assert!(outcome.contains("the cursor's name as a string value"), "{name}: {outcome}");
        }
    }

    #[test]
    fn decoys_that_match_only_when_unescaped_or_named_refuse_alike() {
        for (name, source, module) in fixtures() {
            let class = class_name(&source, module);
            for (what, decoy) in [
                // An escaped method name: a second execution class.
                (
                    "escaped method",
                    "\n;var kssDecoy = class { set\\u0053teeringReaderIndex(v) { this.steeringReaderIndex = v; } };\n"
                        .to_string(),
                ),
                // An escaped and continued log line: a second drain.
                (
                    "escaped log line",
                    "\n;function kssDecoy() { return \"[LiveSteering\\x48ook] inj\\\nected steering\"; }\n".to_string(),
                ),
                // A construction of the class the anchors cannot classify, found only through its name.
                (
                    "construction",
                    format!("\n;function kssDecoy(p) {{ return new {class}({{ subExecutionDepth: 2 }}); }}\n"),
                ),
            ] {
                let (paths, outcome) = both(&format!("{name} with {what}"), &format!("{source}{decoy}"), module);
                assert!(paths.iter().all(|p| *p == "prefilter"), "{name} {what}: {paths:?}");
                assert!(outcome.starts_with("drift"), "{name} {what}: {outcome}");
            }
        }
    }

    #[test]
    fn a_large_bundle_with_thousands_of_decoys_takes_the_prefilter() {
        let tsc = tsc();
        for (name, source, module) in fixtures().into_iter().filter(|(n, _, _)| n.contains("cjs")) {
            // The closed world looks for every reference to the execution and
            // buffer classes by their bindings. A one-letter binding (a toy
            // minified bundle's `a`) is a local name in most of tsc's
            // statements; read from their tokens (refer.rs), those locals are
            // not the class, so they are not parsed and the prefilter holds.
            // Names still looked up as tokens (terser's one-letter lazily
            // initialised module in fifth) are kept only where a token spells
            // the word, not where the letter sits in a string or comment.
            //
            // Where the closed world needs one of tsc's statements (third's
            // toolbox calls `.execute` on a value read from a map, and tsc
            // spells `createPropertyAssignment("execute", …)`, a call that may
            // bind that key), the prefilter takes it in like any other and may
            // fall back; the outcome must then name a place inside tsc.
            let plain = both(&name, &source, module).1;
            for (order, big, inside) in [
                ("after", format!("{source}\n;\n{tsc}\n"), source.len() + 3..source.len() + 3 + tsc.len()),
                ("before", format!("{tsc}\n;\n{source}\n"), 0..tsc.len()),
            ] {
                let (paths, outcome) = both(&format!("{name} with tsc {order}"), &big, module);
                let names_tsc = outcome
                    .split("byte ")
                    .skip(1)
                    .filter_map(|rest| rest.split(|c: char| !c.is_ascii_digit()).next()?.parse::<usize>().ok())
                    .any(|at| inside.contains(&at));
                if names_tsc {
                    assert_ne!(outcome, plain, "{name} {order}");
                } else {
                    assert!(paths.iter().all(|p| *p == "prefilter"), "{name} {order}: {paths:?}");
                }
            }
        }
    }

    #[test]
    fn a_redeclared_helper_changes_the_slices_alike() {
        for (name, source, module) in fixtures() {
            let anchors = crate::anchors::anchor::builtin();
            let (resolved, _) = parse::on_big_stack(|| {
                resolve_and_plan(source.as_bytes(), module, &anchors, None, Mode::SEED, Some(None), Some(WHOLE.into()))
            });
            let Ok((_, _, Some(Ok((stock, _))), _)) = resolved else { panic!("{name} slices") };
            let (_, plain) = both(&name, &source, module);
            // Each helper the slices take in, declared a second time far away: a stub instead.
            for helper in stock["prelude"].as_array().unwrap().iter().filter(|h| h.get("init").is_some()) {
                let helper = helper["name"].as_str().unwrap();
                let (paths, outcome) =
                    both(&format!("{name} redeclaring {helper}"), &format!("{source}\n;var {helper} = 0;\n"), module);
                assert!(paths.iter().all(|p| *p == "prefilter"), "{name} {helper}: {paths:?}");
                assert_ne!(outcome, plain, "{name}: {helper} bound twice is a stub, not a helper");
            }
        }
    }

    #[test]
    fn what_the_prefilter_cannot_be_sure_of_parses_the_whole_file() {
        let (_, source, _) = fixtures().into_iter().find(|(n, _, _)| n == "readable-cjs").unwrap();
        for (why, text, path, state) in [
            (
                "a `/` after a `}` that may end an expression",
                format!("{source}\n;x = a ? {{}} : {{}}\n/x/g.test(y);\n"),
                Some("whole"),
                "plan",
            ),
            ("an unopened bracket", format!("{source}\n;)\n"), None, "unparseable"),
            (
                "`with` in a touched statement",
                format!("{source}\n;function kssWith(o) {{ with (o) {{ return drainRetryCount; }} }}\n"),
                Some("whole"),
                "plan",
            ),
            (
                "`eval` in a touched statement",
                format!(
                    "{source}\n;function kssEval(o) {{ return eval(o) + '[LiveSteeringHook] injected steering'; }}\n"
                ),
                Some("whole"),
                "drift",
            ),
            (
                "a touched statement does not parse",
                format!("{source}\n;function kssBroken() {{ return drainRetryCount + ; }}\n"),
                None,
                "unparseable",
            ),
            ("a statement cut short", source[..source.len() - 3].to_string(), None, "unparseable"),
            ("asked for", source.clone(), Some("whole"), "plan"),
        ] {
            let anchors = crate::anchors::anchor::builtin();
            let forced = (why == "asked for").then(|| WHOLE.to_string());
            let (whole, _) = parse::on_big_stack(|| {
                resolve_and_plan(text.as_bytes(), false, &anchors, None, Mode::SEED, Some(None), Some(WHOLE.into()))
            });
            let (prefiltered, info) = parse::on_big_stack(|| {
                resolve_and_plan(text.as_bytes(), false, &anchors, None, Mode::SEED, Some(None), forced)
            });
            assert_eq!(outcome(&prefiltered), outcome(&whole), "{why}");
            assert_eq!(info.as_ref().map(|i| i.path), path, "{why}: {info:?}");
            assert!(outcome(&prefiltered).starts_with(state), "{why}: {}", outcome(&prefiltered));
        }
    }
}
