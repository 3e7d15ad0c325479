//! The closed world behind the proof: every place outside the code the proof
//! runs that could change its outcome is accounted for, or `--check`, the
//! proof and apply say `inconclusive` and name it. Each edit here is one a
//! release could make; the harmless ones must still prove and apply.

mod common;

use common::{code, edited, json, Ask, Tree};

const SPAWNED: &str = "  recordSpan(\"sub-agent\",";
const BEFORE_HOOK: &str = "// src/steering/live-steering-hook.ts";
const SPANS: &str = "// src/telemetry/spans.ts";
const MEMORY_NEW: &str = "const extraction = new AgentExecution({";

/// Text edits of a bundle: each `(old, new)` replaces `old`.
type Edits = Vec<(&'static str, String)>;

/// Edits of the readable base bundle that open the world, with the text the
/// refusal must name.
fn opening_edits() -> Vec<(&'static str, Edits, &'static str)> {
    let after_spawn = |line: &str| vec![(SPAWNED, format!("{line}\n{SPAWNED}"))];
    vec![
        ("Object.assign of the cursor", after_spawn("  Object.assign(subAgentExecution, { steeringReaderIndex: 0 });"), "Object.assign(subAgentExecution"),
        ("Object.assign of unknown keys", after_spawn("  Object.assign(subAgentExecution, input.overrides ?? {});"), "properties the tool cannot list"),
        ("defineProperty of the cursor", after_spawn("  Object.defineProperty(subAgentExecution, \"steeringReaderIndex\", { value: 0, writable: true });"), "defineProperty"),
        ("a second cursor field", after_spawn("  subAgentExecution.queuedSteering = [...state.execution.queuedSteering];"), "`queuedSteering`"),
        ("a second reader of the buffer", after_spawn("  for (const m of state.execution.sessionServices.liveSteering.snapshot()) subAgentExecution.queueSteering(m);"), "`snapshot`"),
        ("the buffer handed on", after_spawn("  forward(state.execution.sessionServices.liveSteering, subAgentExecution);"), "handed on"),
        ("a cursor reset in a method", vec![("  queueSteering(message) {", "  beginRun() {\n    this.steeringReaderIndex = 0;\n  }\n  queueSteering(message) {".into())], "this.steeringReaderIndex = 0"),
        ("the depth rewritten in a method", vec![("  queueSteering(message) {", "  detach() {\n    this.subExecutionDepth = 0;\n  }\n  queueSteering(message) {".into())], "`subExecutionDepth`"),
        ("Reflect.construct", vec![(MEMORY_NEW, "const extraction = Reflect.construct(AgentExecution, [{".into()), ("skipHooks: true\n  });", "skipHooks: true\n  }]);".into())], "used as a value"),
        ("a subclass", vec![(MEMORY_NEW, "const extraction = new MemoryExecution({".into()), (BEFORE_HOOK, format!("var MemoryExecution = class extends AgentExecution {{\n}};\n{BEFORE_HOOK}"))], "subclassed"),
        ("new this.constructor", vec![("  queueSteering(message) {", "  spawnChild(config) {\n    return new this.constructor(config);\n  }\n  queueSteering(message) {".into())], "constructor"),
        ("the class passed as a value", vec![(MEMORY_NEW, "const extraction = build(AgentExecution, {".into()), (BEFORE_HOOK, format!("function build(Ctor, config) {{\n  return new Ctor(config);\n}}\n{BEFORE_HOOK}"))], "used as a value"),
        ("memory extraction without a depth", vec![("    subExecutionDepth: execution.subExecutionDepth + 1,\n    agentName: \"memory-extraction\",", "    agentName: \"memory-extraction\",".into())], "skipHooks"),
        ("a cursor seeded through a helper", vec![(SPAWNED, format!("  seedCursor(subAgentExecution, state.execution);\n{SPAWNED}")), (BEFORE_HOOK, format!("function seedCursor(child, parent) {{\n  child.setSteeringReaderIndex(parent.sessionServices.liveSteering.length);\n}}\n{BEFORE_HOOK}"))], "not shown to be a root continuation"),
        ("the setter taken as a value", vec![(SPAWNED, format!("  const seed = subAgentExecution.setSteeringReaderIndex.bind(subAgentExecution);\n{SPAWNED}"))], "taken as a value"),
        // Optional chaining is the same call, not a place to hide one.
        ("the setter called through ?.", after_spawn("  subAgentExecution?.setSteeringReaderIndex(0);"), "setSteeringReaderIndex(0)"),
        ("the queue added to through ?.", after_spawn("  subAgentExecution?.queuedSteering?.push(state.execution.promptContext);"), "the execution's queue"),
        ("a delivery outside the drain", after_spawn("  subAgentExecution.queueSteering({ id: \"x\", kind: \"user\", text: \"again\" });"), "outside the drain"),
        ("the child kept before it starts", after_spawn("  pending.set(state.execution, subAgentExecution);"), "put in a container"),
        // A local of the class's name elsewhere in the statement does not hide a use of the class.
        (
            "the class changed beside a local of its name",
            vec![(BEFORE_HOOK, format!("function kssPatch(x) {{\n  function inner(AgentExecution) {{\n    return AgentExecution.prototype;\n  }}\n  inner(x);\n  AgentExecution.prototype.setSteeringReaderIndex = function () {{}};\n}}\n{BEFORE_HOOK}"))],
            "prototype",
        ),
        // An alias in parentheses, changed in a statement that never spells the class.
        (
            "the class changed through an alias",
            vec![
                (BEFORE_HOOK, format!("var KssAlias = (AgentExecution);\n{BEFORE_HOOK}")),
                (SPANS, format!("KssAlias.prototype.setSteeringReaderIndex = function () {{}};\n{SPANS}")),
            ],
            "prototype",
        ),
    ]
}

#[test]
fn what_opens_the_world_is_named_by_check_prove_and_apply() {
    for (what, edits, named) in opening_edits() {
        let edits: Vec<(&str, &str)> = edits.iter().map(|(a, b)| (*a, b.as_str())).collect();
        let tree = edited("readable-cjs", &edits);
        let before = tree.sha();
        // Seed mode's fence withholds what a cursor moved back re-reads: only the gate still needs the cursor's writes.
        let gate_only = matches!(what, "a cursor reset in a method" | "a cursor seeded through a helper");
        let ask = |ask: Ask<'static>| if gate_only { ask.mode("gate") } else { ask };
        let (exit, v) = tree.judge(ask(Ask::check()));
        assert_eq!(exit, 2, "{what}: --check must not call it patchable: {v:#}");
        let places = v["accounting"]["unaccounted"].as_array().cloned().unwrap_or_default();
        let found = places.iter().any(|p| format!("{} {}", p["code"], p["why"]).contains(named));
        let foreign = v["state"] == "foreign";
        assert!(found || foreign, "{what}: nothing unaccounted names `{named}`: {v:#}");
        if !foreign {
            assert!(places.iter().all(|p| p["offset"].as_u64().is_some()), "{what}: every place has its offset");
            assert!(v["error"].as_str().unwrap().contains("would be open"), "{what}: {v:#}");
            // A script reading `message` is not told the file is patchable.
            assert_eq!(v["message"], v["error"], "{what}: {v:#}");
            assert!(v["next_step"].as_str().unwrap().contains("cannot change that"), "{what}: {v:#}");
            let (_, prove) = tree.judge(ask(Ask::prove()));
            // Open, or disproved where running the spawn function already shows the replay.
            let outcome = prove["proof"]["outcome"].as_str().unwrap_or_default().to_string();
            assert!(outcome == "open" || outcome == "disproved", "{what}: {prove:#}");
            assert_eq!(prove["proof"]["accounting"]["closed"], false, "{what}");
        }
        let modes: &[&str] = if gate_only { &["gate"] } else { &["seed", "gate"] };
        for mode in modes {
            let out = tree.run(&["--mode", mode]);
            assert_eq!(code(&out), 2, "{what} {mode}: apply must refuse");
            let out = tree.run(&["--mode", mode, "--allow-inconclusive"]);
            assert_eq!(code(&out), 2, "{what} {mode}: the way out never writes past an open world");
        }
        assert_eq!(tree.sha(), before, "{what}: nothing was written");
    }
}

/// A stock release that already seeds the cursor after `new` is not stock.
#[test]
fn a_bundle_already_seeded_at_a_spawn_site_is_foreign() {
    for line in [
        "  subAgentExecution.steeringReaderIndex = state.execution.sessionServices.liveSteering.length;",
        "  subAgentExecution[\"steeringReaderIndex\"] = 0;",
    ] {
        let tree = edited("readable-cjs", &[(SPAWNED, &format!("{line}\n{SPAWNED}"))]);
        let (_, v) = tree.judge(Ask::check());
        assert_eq!(v["state"], "foreign", "{line}: {v:#}");
    }
}

/// Reads that only report, tests that build nothing and a spawn config built
/// by a helper that spreads an extra object leave the world closed.
#[test]
fn harmless_changes_still_prove_and_apply() {
    let helper = format!("function childOf(parent, extra) {{\n  return {{ sessionServices: parent.sessionServices, promptContext: parent.promptContext, signal: parent.abortController.signal, ...extra }};\n}}\n{BEFORE_HOOK}");
    let cases: Vec<(&str, Edits)> = vec![
        ("a log line reading the cursor", vec![(SPAWNED, format!("  state.execution.sessionServices.logger.debug(`cursor ${{state.execution.steeringReaderIndex}}`);\n{SPAWNED}"))]),
        ("a status event reading the cursor", vec![(SPAWNED, format!("  recordSpan(\"status\", {{ steeringReaderIndex: state.execution.steeringReaderIndex }});\n{SPAWNED}"))]),
        ("an instanceof check", vec![(SPAWNED, format!("  if (!(subAgentExecution instanceof AgentExecution)) throw new Error(\"not an execution\");\n{SPAWNED}"))]),
        (
            "a spawn config spread from a helper",
            vec![
                (MEMORY_NEW, "const extraction = new AgentExecution(childOf(execution, {".into()),
                ("    subExecutionDepth: execution.subExecutionDepth + 1,\n    agentName: \"memory-extraction\",\n    skipHooks: true\n  });", "    subExecutionDepth: execution.subExecutionDepth + 1,\n    agentName: \"memory-extraction\",\n    skipHooks: true\n  }));".into()),
                ("    sessionServices: execution.sessionServices,\n    promptContext: memoryPromptContext(execution.promptContext),\n    signal: execution.abortController.signal,\n", String::new()),
                (BEFORE_HOOK, helper.clone()),
            ],
        ),
        // Locals named as the classes are not the classes: read from tokens, their statement is not even parsed.
        ("locals named as the classes", vec![(BEFORE_HOOK, format!("function kssLocals(AgentExecution, o) {{\n  const {{ LiveSteeringBuffer }} = o;\n  AgentExecution.prototype.setSteeringReaderIndex = LiveSteeringBuffer;\n  return AgentExecution;\n}}\n{BEFORE_HOOK}"))]),
        ("an unrelated class writing common field names", vec![(BEFORE_HOOK, format!("var Job = class {{\n  state = 0;\n  pending = [];\n  run() {{\n    this.state = 1;\n    this.pending = [1];\n  }}\n}};\n{BEFORE_HOOK}"))]),
    ];
    for (what, edits) in cases {
        let edits: Vec<(&str, &str)> = edits.iter().map(|(a, b)| (*a, b.as_str())).collect();
        let tree = edited("readable-cjs", &edits);
        let (exit, v) = tree.judge(Ask::check());
        assert_eq!(exit, 1, "{what}: stock and patchable: {v:#}");
        assert_eq!(v["accounting"]["closed"], true, "{what}: {v:#}");
        for mode in ["seed", "gate"] {
            let stock = tree.sha();
            let out = tree.run(&["--mode", mode, "--json"]);
            assert_eq!(code(&out), 0, "{what} {mode}: {:#}", json(&out));
            assert_eq!(json(&out)["proof"]["outcome"], "passed", "{what} {mode}");
            assert_eq!(code(&tree.run(&["--restore"])), 0);
            assert_eq!(tree.sha(), stock, "{what}: restore is byte-exact");
        }
    }
}

/// Every committed fixture's world is closed, and the spawn paths are reported.
#[test]
fn every_fixture_is_closed_and_reports_its_spawn_paths() {
    for bundle in common::BUNDLES {
        let (_, v) = Tree::copy(bundle).judge(Ask::check());
        assert_eq!(v["accounting"]["closed"], true, "{bundle}: {v:#}");
        let paths = v["accounting"]["spawn_paths"].as_array().unwrap();
        assert!(paths.len() >= 2, "{bundle}: {paths:?}");
        assert!(v["accounting"]["accounted"].as_u64().unwrap() > 10, "{bundle}");
    }
}

/// The whole function around each spawn site runs in the proof (the hand-off
/// replaced), on every fixture; so what a spawn function does to the child
/// before it runs is observed, not only accounted for.
#[test]
fn every_spawn_function_runs_in_the_proof() {
    for bundle in common::BUNDLES {
        let (_, v) = Tree::copy(bundle).judge(Ask::prove());
        assert_eq!(v["proof"]["outcome"], "passed", "{bundle}: {v:#}");
        let paths = v["proof"]["spawn_paths"].as_array().unwrap();
        assert!(paths.len() >= 2, "{bundle}: {paths:?}");
        assert!(paths.iter().all(|p| p["driven"] == true), "{bundle}: {paths:#?}");
    }
    // A reset done by the spawn function itself is observed by running it.
    let tree = edited(
        "readable-cjs",
        &[(SPAWNED, &format!("  Object.assign(subAgentExecution, {{ steeringReaderIndex: 0 }});\n{SPAWNED}"))],
    );
    let (_, v) = tree.judge(Ask::prove());
    let late = v["proof"]["cases"].as_array().unwrap().iter().find(|c| c["name"] == "late-spawn-1").unwrap().clone();
    assert_eq!(late["stock_observed"], "root A; sub A", "{late:#}");
    // The reset after the seeding ran, and re-read what the seed's fence then withheld.
    assert_eq!(late["patched_observed"], "root A; sub nothing", "the fence held after the reset: {late:#}");
}

/// Seed mode's fence does not trust the cursor: a method that resets it on
/// every run is accepted, and the patched bundle still hands a late
/// sub-agent nothing old (the gate mode's accounting still refuses it, above).
#[test]
fn a_cursor_reset_in_a_method_is_fenced_in_seed_mode() {
    let tree = edited(
        "readable-cjs",
        &[
            (
                "  queueSteering(message) {",
                "  beginRun() {\n    this.steeringReaderIndex = 0;\n  }\n  queueSteering(message) {",
            ),
            (SPAWNED, &format!("  subAgentExecution.beginRun();\n{SPAWNED}")),
        ],
    );
    let (exit, v) = tree.judge(Ask::dry_run());
    assert_eq!(exit, 0, "{v:#}");
    assert_eq!(v["proof"]["outcome"], "passed", "{v:#}");
    let late = v["proof"]["cases"].as_array().unwrap().iter().find(|c| c["name"] == "late-spawn-1").unwrap().clone();
    assert_eq!(late["patched_observed"], "root A; sub nothing", "{late:#}");
}
