//! --prove: the bundle's own steering code, sliced out and run under node,
//! stock against patched, on every committed bundle and on bundles where the
//! proof must fail.

mod common;

use common::{code, edited, json, repo, Ask, Tree, BUNDLES};

/// The proof as the library gives it (`--prove --json` with the same choices).
fn proof_of(tree: &Tree, ask: Ask) -> (i32, serde_json::Value) {
    tree.judge(ask)
}

fn case_names(v: &serde_json::Value) -> Vec<String> {
    v["proof"]["cases"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap().to_string()).collect()
}

#[test]
fn every_bundle_proves_both_modes_and_writes_nothing() {
    for bundle in BUNDLES {
        for (mode, rewind) in [("seed", false), ("gate", false), ("seed", true), ("gate", true)] {
            let tree = Tree::copy(bundle);
            let before = tree.sha();
            let siblings = tree.siblings();
            let ask = if rewind { Ask::prove().mode(mode).rewind() } else { Ask::prove().mode(mode) };
            let (exit, v) = proof_of(&tree, ask);
            assert_eq!(exit, 0, "{bundle} {mode}: {v:#}");
            assert_eq!(v["proof"]["passed"], true);
            assert_eq!(v["proof"]["unchecked"], serde_json::json!([]), "{bundle} {mode}");
            let cases = v["proof"]["cases"].as_array().unwrap();
            assert!(cases.len() >= 14, "{bundle}: {} cases", cases.len());
            for c in cases {
                assert_eq!(c["stock_ok"], true, "{bundle} {mode}: {c:#}");
                assert_eq!(c["patched_ok"], true, "{bundle} {mode}: {c:#}");
            }
            let names = case_names(&v);
            for needed in [
                "several-late",
                "steer-while-live",
                "notify-live",
                "notify-late",
                "nested",
                "memory-extraction",
                "withheld-at-turn-end",
                "root-continuation",
                "second-turn",
            ] {
                assert!(names.iter().any(|n| n == needed), "{bundle}: no case {needed} in {names:?}");
            }
            // The stock side really shows the replay, and the mode's side really differs.
            let late = cases.iter().find(|c| c["name"] == "late-memory-extraction").unwrap();
            assert_eq!(late["stock_observed"], "root A; sub A", "{bundle}");
            assert_eq!(late["patched_observed"], "root A; sub nothing", "{bundle}");
            // Kiro#11449: stock strands the retyped steer; only the rewind delivers it.
            let retype = cases.iter().find(|c| c["name"] == "clear-then-more").unwrap();
            assert_eq!(retype["stock_observed"], "root A,B,E", "{bundle}");
            assert_eq!(
                retype["patched_observed"],
                if rewind { "root A,B,C,D,E" } else { "root A,B,E" },
                "{bundle} {mode} {rewind}"
            );
            assert_eq!(tree.sha(), before, "{bundle}: --prove wrote to the target");
            assert_eq!(tree.siblings(), siblings, "{bundle}: --prove left something beside the target");
        }
    }
}

#[test]
fn a_patched_bundle_is_proved_with_the_insertions_it_carries() {
    for mode in ["seed", "gate"] {
        let tree = Tree::copy("minified-esm");
        assert_eq!(code(&tree.run(&["--mode", mode])), 0);
        let before = tree.sha();
        let (exit, v) = proof_of(&tree, Ask::prove().mode(mode));
        assert_eq!(exit, 0, "{mode}: {v:#}");
        assert_eq!(v["state"], "patched");
        assert_eq!(tree.sha(), before);
    }
}

/// Someone already fixed the runtime: sub-executions start at the buffer's end,
/// set in the constructor. The closed world names that write before node runs.
#[test]
fn a_bundle_fixed_by_someone_else_is_refused_and_not_patched() {
    let tree = Tree::copy("readable-cjs");
    let text = std::fs::read_to_string(&tree.target).unwrap();
    let line = "    this.subExecutionDepth = config.subExecutionDepth ?? 0;\n";
    assert!(text.contains(line));
    let fixed = text.replacen(line, &format!("{line}    if (this.subExecutionDepth > 0) this.steeringReaderIndex = config.sessionServices.liveSteering.length;\n"), 1);
    std::fs::write(&tree.target, fixed).unwrap();
    let before = tree.sha();
    let siblings = tree.siblings();
    let (exit, v) = proof_of(&tree, Ask::prove());
    assert_eq!(exit, 2, "{v:#}");
    // The stock side shows no replay (disproved), and the write is named either way.
    assert_eq!(v["proof"]["outcome"], "disproved", "{v:#}");
    // Seed mode's fence does not depend on the cursor; the gate's accounting still names the write.
    let (_, v) = proof_of(&tree, Ask::prove().mode("gate"));
    let places = v["proof"]["accounting"]["unaccounted"].as_array().unwrap();
    assert!(
        places
            .iter()
            .any(|p| p["code"].as_str().unwrap().contains("this.steeringReaderIndex = config.sessionServices")),
        "{v:#}"
    );
    for args in [&["--dry-run"][..], &[][..], &["--mode", "gate"][..]] {
        let out = tree.run(args);
        assert_eq!(code(&out), 2, "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8_lossy(&out.stderr).contains("proof failed"));
    }
    assert_eq!(tree.sha(), before);
    assert_eq!(tree.siblings(), siblings);
}

/// An anchor edited so the gate lands before the cursor advance: the withheld
/// message is never passed, and the proof must catch the turn-end loop.
#[test]
fn a_gate_before_the_cursor_advance_is_caught_as_a_turn_end_loop() {
    let anchors = tempfile::tempdir().unwrap();
    common::copy_dir(&repo().join("anchors"), anchors.path());
    let file = anchors.path().join("drain-cursor-advance.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    let start = text.find("any = [").unwrap();
    let end = start + text[start..].find(']').unwrap() + 1;
    let wrong = format!("{}any = [\"$EXEC.sessionServices.liveSteering\"]{}", &text[..start], &text[end..]);
    std::fs::write(&file, wrong).unwrap();
    let dir = anchors.path().to_str().unwrap();
    for bundle in ["readable-cjs", "minified-esm"] {
        let tree = Tree::copy(bundle);
        let before = tree.sha();
        let (exit, v) = proof_of(&tree, Ask::prove().mode("gate").anchors(anchors.path()));
        assert_eq!(exit, 2, "{bundle}: {v:#}");
        let case = v["proof"]["cases"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "withheld-at-turn-end")
            .unwrap()
            .clone();
        assert_eq!(case["stock_ok"], true, "{case:#}");
        assert_eq!(case["patched_ok"], false, "{case:#}");
        assert!(case["patched_observed"].as_str().unwrap().contains("turn-end loops 3"), "{case:#}");
        let out = tree.run(&["--mode", "gate", "--anchors", dir]);
        assert_eq!(code(&out), 2, "apply must refuse: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(tree.sha(), before);
        // The correct anchors prove the same bundle.
        assert_eq!(proof_of(&tree, Ask::prove().mode("gate")).0, 0);
    }
}

#[test]
fn prove_refuses_what_is_not_a_kas_bundle() {
    let tree = Tree::copy("readable-cjs");
    std::fs::copy(repo().join("testdata/not-kas/node_modules/typescript/lib/_tsc.js"), &tree.target).unwrap();
    let (exit, v) = proof_of(&tree, Ask::prove());
    assert_eq!(exit, 2);
    assert_eq!(v["state"], "not-kas");
    assert!(v["proof"].is_null());
}

/// The proof passes in both modes, apply and restore work, and the calibration says how it drove the code.
fn proves_and_patches(tree: &Tree, what: &str) -> serde_json::Value {
    let mut calibration = serde_json::Value::Null;
    for mode in ["seed", "gate"] {
        let (exit, v) = proof_of(tree, Ask::prove().mode(mode));
        assert_eq!(exit, 0, "{what} {mode}: {v:#}");
        assert_eq!(v["proof"]["outcome"], "passed", "{what} {mode}");
        calibration = v["proof"]["calibration"].clone();
    }
    let stock = tree.sha();
    let out = tree.run(&["--mode", "gate"]);
    assert_eq!(code(&out), 0, "{what}: {}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(code(&tree.run(&["--restore"])), 0);
    assert_eq!(tree.sha(), stock, "{what}: restore is byte-exact");
    calibration
}

const APPEND: &str =
    "  push(kind, text) {\n    const id = `${kind === \"user\" ? \"steer\" : \"notify\"}-${++this.sequence}`;";

/// Cause 1: an append taking `(text, origin = "user")`, and one taking `(text)`
/// with the kind decided from the text, are calibrated, not guessed from arity.
#[test]
fn appends_of_other_shapes_are_calibrated() {
    let origin = edited(
        "readable-cjs",
        &[(APPEND, "  push(text, origin = \"user\") {\n    const kind = origin === \"user\" ? \"user\" : \"notification\";\n    const id = `${kind === \"user\" ? \"steer\" : \"notify\"}-${++this.sequence}`;")],
    );
    let c = proves_and_patches(&origin, "(text, origin)");
    // Read from the parameter list: the default "user" marks the kind.
    assert_eq!(c["steer"], "push(text, origin) with origin \"user\"", "{c:#}");
    assert_eq!(c["from"]["steer"], "from the code: the parameter list of push", "{c:#}");
    assert!(c["notification"].as_str().unwrap().starts_with("push(text, origin) with origin"), "{c:#}");

    let prefixed = edited(
        "readable-cjs",
        &[(APPEND, "  push(text) {\n    const kind = text.startsWith(\"[notice] \") ? \"notification\" : \"user\";\n    const id = `${kind === \"user\" ? \"steer\" : \"notify\"}-${++this.sequence}`;")],
    );
    let c = proves_and_patches(&prefixed, "(text)");
    assert_eq!(c["notification"], "push(text) with text prefixed \"[notice] \"", "{c:#}");
}

/// Cause 2: ids made outside the sliced code (an imported randomUUID, a stub
/// in the harness) do not decide attribution: the harness's own text does.
#[test]
fn ids_made_outside_the_slices_do_not_confuse_attribution() {
    let tree = edited(
        "readable-cjs",
        &[
            (
                "var import_node_fs = require(\"node:fs\");",
                "var import_node_fs = require(\"node:fs\");\nvar import_node_crypto = require(\"node:crypto\");",
            ),
            ("-${++this.sequence}`;", "-${(0, import_node_crypto.randomUUID)()}`;"),
        ],
    );
    proves_and_patches(&tree, "randomUUID ids");
    let (_, v) = proof_of(&tree, Ask::prove());
    assert!(
        v["proof"]["sliced"]["stubs"].as_array().unwrap().iter().any(|s| s == "import_node_crypto"),
        "{:#}",
        v["proof"]["sliced"]
    );
    let several = v["proof"]["cases"].as_array().unwrap().iter().find(|c| c["name"] == "several-late").unwrap().clone();
    assert_eq!(several["stock_observed"], "root A,B,C; s1 A,B; s2 A,B,C", "{several:#}");
}

/// Cause 3: esbuild's lowering helpers for older targets are sliced in as code.
#[test]
fn lowering_helpers_are_sliced_in_not_stubbed() {
    let tree = edited(
        "readable-cjs",
        &[
            (
                "// src/agent/execution.ts\n",
                "var __defProp = Object.defineProperty;\nvar __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;\nvar __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== \"symbol\" ? key + \"\" : key, value);\n// src/agent/execution.ts\n",
            ),
            ("  steeringReaderIndex = 0;\n  drainRetryCount = 0;\n", ""),
            ("  constructor(config) {\n", "  constructor(config) {\n    __publicField(this, \"steeringReaderIndex\", 0);\n    __publicField(this, \"drainRetryCount\", 0);\n"),
        ],
    );
    proves_and_patches(&tree, "__publicField");
    let (_, v) = proof_of(&tree, Ask::prove());
    let helpers = v["proof"]["sliced"]["helpers"].as_array().unwrap();
    for name in ["__publicField", "__defNormalProp", "__defProp"] {
        assert!(helpers.iter().any(|h| h == name), "{name} not sliced: {:#}", v["proof"]["sliced"]);
    }
}

const DRAIN_START: &str = "async function drainLiveSteering(execution) {\n";
const DRAIN_END: &str = "(handlers: ${message.handlers.size})`\n    );\n  }\n}\n";

/// Cause 4: a drain written as an instance method (using `this`) or a static method.
#[test]
fn drains_written_as_class_methods_are_driven() {
    let instance = edited(
        "readable-cjs",
        &[
            (DRAIN_START, "var LiveSteeringHook = class {\n  injected = 0;\n  async drain(execution) {\n"),
            (DRAIN_END, "(handlers: ${message.handlers.size})`\n    );\n    this.injected++;\n  }\n}\n};\nvar liveSteeringHook = new LiveSteeringHook();\n"),
            ("await drainLiveSteering(state.execution);", "await liveSteeringHook.drain(state.execution);"),
        ],
    );
    let c = proves_and_patches(&instance, "instance method");
    assert_eq!(c["drain"], "new LiveSteeringHook().drain(execution)", "{c:#}");

    let stat = edited(
        "readable-cjs",
        &[
            (DRAIN_START, "var LiveSteeringHook = class _LiveSteeringHook {\n  static async drain(execution) {\n"),
            (DRAIN_END, "(handlers: ${message.handlers.size})`\n    );\n  }\n}\n};\n"),
            ("await drainLiveSteering(state.execution);", "await LiveSteeringHook.drain(state.execution);"),
        ],
    );
    let c = proves_and_patches(&stat, "static method");
    assert_eq!(c["drain"], "LiveSteeringHook.drain(execution)", "{c:#}");
}

/// An end-of-turn check that takes the execution and answers with a boolean.
#[test]
fn an_end_of_turn_check_of_another_shape_is_calibrated() {
    let tree = edited(
        "readable-cjs",
        &[
            (
                "function endOfTurnNode(state, targets) {",
                "function shouldContinue(execution) {\n  const state = { execution };",
            ),
            ("      return targets.continueTarget;", "      return true;"),
            ("  return targets.doneTarget;\n}", "  return false;\n}"),
            (
                "endOfTurnNode(state, { continueTarget: NodeId.MODEL_INVOKE, doneTarget: NodeId.DONE })",
                "shouldContinue(state.execution) ? NodeId.MODEL_INVOKE : NodeId.DONE",
            ),
        ],
    );
    let c = proves_and_patches(&tree, "boolean end-of-turn");
    assert_eq!(c["endOfTurn"], "shouldContinue(execution), continuing when it answers true", "{c:#}");
}

/// Code the harness cannot drive (an append that only returns a promise), in
/// a closed world, is undriven: refused by default, applied with
/// --allow-inconclusive, and the patch says it is unproved for good.
#[test]
fn an_undrivable_bundle_is_undriven_and_needs_the_opt_out() {
    let tree = edited("readable-cjs", &[(APPEND, "  async push(kind, text) {\n    const id = `${kind === \"user\" ? \"steer\" : \"notify\"}-${++this.sequence}`;")]);
    let stock = tree.sha();
    let siblings = tree.siblings();
    let (exit, v) = proof_of(&tree, Ask::prove());
    assert_eq!(exit, 2, "{v:#}");
    assert_eq!(v["proof"]["outcome"], "undriven", "{v:#}");
    assert_eq!(v["proof"]["overridable"], true, "{v:#}");
    assert!(v["proof"]["reason"].as_str().unwrap().contains("no calling form of LiveSteeringBuffer.push"), "{v:#}");
    for args in [&["--dry-run"][..], &[][..]] {
        let out = tree.run(args);
        assert_eq!(code(&out), 2, "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("undriven") && err.contains("--allow-inconclusive"), "{err}");
    }
    assert_eq!(tree.sha(), stock);
    assert_eq!(tree.siblings(), siblings);
    let out = tree.run(&["--allow-inconclusive", "--json"]);
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
    assert_eq!(v["proof"]["outcome"], "undriven");
    assert_eq!(v["proof"]["overridden"], true);
    assert!(
        v["warnings"].as_array().unwrap().iter().any(|w| w.as_str().unwrap().contains("--allow-inconclusive")),
        "{v:#}"
    );
    assert_eq!(v["state_after"], "patched");
    assert!(v["unproved"].as_str().unwrap().contains("no calling form"), "{v:#}");
    // The file says so for good: --check, in text and JSON, and a second apply does not hide it.
    let check = tree.run(&["--check", "--json"]);
    assert_eq!(code(&check), 0);
    let c = json(&check);
    assert_eq!(c["state"], "patched");
    assert!(c["unproved"].as_str().unwrap().contains("no calling form"), "{c:#}");
    let text = String::from_utf8_lossy(&tree.run(&["--check"]).stdout).to_string();
    assert!(text.contains("(seed mode, unproved: "), "{text}");
    // --audit names the sessions that ran it: one dated after the patch was written.
    let logs = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(logs.path().join("s1")).unwrap();
    std::fs::write(
        logs.path().join("s1/kiro.log"),
        "2099-01-01T09:00:00.000Z [info] [LiveSteeringHook] injected steering steer-1 into kiro (00000001) (handlers: 0)\n",
    )
    .unwrap();
    let audit = tree.run(&["--audit", "--logs", logs.path().to_str().unwrap(), "--json"]);
    let a = json(&audit);
    assert!(a["bundle"]["unproved"].as_str().is_some_and(|w| w.contains("no calling form")), "{a:#}");
    assert_eq!(a["sessions"][0]["ran_unproved"], true, "{a:#}");
    let audit = tree.run(&["--audit", "--logs", logs.path().to_str().unwrap()]);
    let text = String::from_utf8_lossy(&audit.stdout).to_string();
    assert!(text.contains("ran unproved patched code: 1 session") && text.contains("that was not proved"), "{text}");
    assert_eq!(code(&tree.run(&["--restore"])), 0);
    assert_eq!(tree.sha(), stock);
    // --ensure writes it only where the saved choice allows it, and says so each time.
    let cfg = tempfile::tempdir().unwrap();
    let config = cfg.path().join("config.toml");
    let ensure = |allow: bool| {
        let body = format!("mode = \"seed\"\n{}", if allow { "allow-inconclusive = true\n" } else { "" });
        std::fs::write(&config, body).unwrap();
        tree.run_env(&["--ensure", "--quiet"], &[("KIRO_STEER_SCOPE_CONFIG", config.to_str().unwrap())])
    };
    let refused = ensure(false);
    assert_ne!(code(&refused), 0, "{}", String::from_utf8_lossy(&refused.stderr));
    assert_eq!(tree.sha(), stock);
    let written = ensure(true);
    assert_eq!(code(&written), 0, "{}", String::from_utf8_lossy(&written.stderr));
    assert!(String::from_utf8_lossy(&written.stderr).contains("patched unproved"), "quiet or not, it says so");
    assert_eq!(code(&tree.run(&["--restore"])), 0);
    assert_eq!(tree.sha(), stock);
}

/// A drain written as an object literal's method is lifted out as a
/// function and proved: --check calls the file patchable, and apply writes.
#[test]
fn an_object_literal_method_drain_is_lifted_and_proved() {
    let tree = edited(
        "readable-cjs",
        &[
            (DRAIN_START, "var hooks = {\n  async drain(execution) {\n"),
            (DRAIN_END, "(handlers: ${message.handlers.size})`\n    );\n  }\n}\n};\n"),
            ("await drainLiveSteering(state.execution);", "await hooks.drain(state.execution);"),
        ],
    );
    let out = tree.run(&["--check"]);
    assert_eq!(code(&out), 1, "{}", String::from_utf8_lossy(&out.stdout));
    let stock = tree.sha();
    let out = tree.run(&[]);
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    assert_ne!(tree.sha(), stock);
    assert_eq!(code(&tree.run(&["--restore"])), 0);
    assert_eq!(tree.sha(), stock);
}

/// --allow-inconclusive never overrides a disproved proof.
#[test]
fn the_opt_out_does_not_override_a_disproved_proof() {
    let line = "    this.subExecutionDepth = config.subExecutionDepth ?? 0;\n";
    let tree = edited("readable-cjs", &[(line, &format!("{line}    if (this.subExecutionDepth > 0) this.steeringReaderIndex = config.sessionServices.liveSteering.length;\n"))]);
    let stock = tree.sha();
    let (exit, v) = proof_of(&tree, Ask::prove().allow_inconclusive());
    assert_eq!(exit, 2);
    assert_eq!(v["proof"]["outcome"], "disproved", "{v:#}");
    let out = tree.run(&["--allow-inconclusive"]);
    assert_eq!(code(&out), 2);
    assert_eq!(tree.sha(), stock);
}

/// Someone else's fix for Kiro#11449 (cursors reset on clear) is foreign, and nothing is written.
#[test]
fn a_foreign_rewind_is_foreign() {
    let tree = edited(
        "readable-cjs",
        &[("  clearSteering() {\n", "  clearSteering() {\n    for (const execution of this.registry.executions) execution.steeringReaderIndex = 0;\n")],
    );
    let stock = tree.sha();
    for args in [&["--check", "--json"][..], &["--json"][..], &["--json", "--rewind-on-clear"][..]] {
        let out = tree.run(args);
        assert_eq!(code(&out), 2);
        let v = json(&out);
        assert_eq!(v["state"], "foreign", "{args:?}: {v:#}");
        assert!(v["error"].as_str().unwrap().contains("foreign-rewind"), "{v:#}");
    }
    assert_eq!(tree.sha(), stock);
}

/// Where no exact rewind can be placed (an execution class without a
/// constructor), the rewind is refused by name; the first fix alone still applies.
#[test]
fn no_exact_rewind_without_a_constructor_is_a_refusal() {
    let tree = Tree::copy("third-readable-cjs");
    let text = std::fs::read_to_string(&tree.target).unwrap();
    let start = text.find("var _AgentExecution = class _AgentExecution {").unwrap();
    let ctor = start + text[start..].find("  constructor(config) {").unwrap();
    let body_end = ctor + text[ctor..].find("\n  }\n").unwrap() + 4;
    // Static analysis only: without its constructor the class would not run, but
    // the tool must see that the rewind has nowhere exact to go.
    let without = format!("{}{}", &text[..ctor], &text[body_end..]);
    std::fs::write(&tree.target, &without).unwrap();
    let out = tree.run(&["--check", "--rewind-on-clear", "--json"]);
    assert_eq!(code(&out), 2);
    let v = json(&out);
    assert_eq!(v["state"], "drift", "{v:#}");
    assert!(v["error"].as_str().unwrap().contains("no constructor"), "{v:#}");
    assert_eq!(code(&tree.run(&["--check"])), 1, "seed alone is still patchable");
}

/// Apply, --check, re-apply, switch in and out of the rewind, and restore, on every bundle.
#[test]
fn rewind_life_cycle_on_every_bundle() {
    for bundle in BUNDLES {
        let tree = Tree::copy(bundle);
        let stock = tree.sha();
        let fixes = |t: &Tree| json(&t.run(&["--check", "--json"]))["fixes"].clone();
        assert_eq!(code(&tree.run(&["--rewind-on-clear"])), 0, "{bundle}");
        assert_eq!(fixes(&tree), serde_json::json!(["seed", "rewind-on-clear"]), "{bundle}");
        let once = tree.sha();
        let again = tree.run(&["--rewind-on-clear", "--json"]);
        assert_eq!(json(&again)["changed"], false, "{bundle}: re-apply is a no-op");
        assert_eq!(tree.sha(), once);
        assert_eq!(code(&tree.run(&["--mode", "gate", "--rewind-on-clear"])), 0);
        assert_eq!(fixes(&tree), serde_json::json!(["gate", "rewind-on-clear"]), "{bundle}");
        assert_eq!(code(&tree.run(&["--mode", "gate"])), 0, "{bundle}: apply without the flag takes the rewind out");
        assert_eq!(fixes(&tree), serde_json::json!(["gate"]), "{bundle}");
        assert_eq!(
            code(&tree.run(&["--rewind-on-clear", "--prove"])),
            0,
            "{bundle}: a file in another mode is proved from its stock bytes"
        );
        assert_eq!(code(&tree.run(&["--rewind-on-clear"])), 0);
        assert_eq!(code(&tree.run(&["--restore"])), 0);
        assert_eq!(tree.sha(), stock, "{bundle}: restore is byte-exact");
    }
}

const MIN_APPEND: &str = "push(e,r){let n=";
const MIN_STEER: &str = "this.sessionServices.liveSteering.push(\"user\",e)";
const MIN_NOTIFY: &str = "this.sessionServices.liveSteering.push(\"notification\",e)";

/// Issue 20, point 4: an append taking a destructured object, whose key with
/// the default "user" marks the kind, is called as the bundle's own calls
/// call it (`enqueue({ text })`, the default filling the kind); the
/// notification is the bundle's own call with another `source`.
#[test]
fn a_destructured_append_is_called_as_its_parameter_list_says() {
    let readable = edited(
        "readable-cjs",
        &[
            (
                "  push(kind, text) {\n    const id = `${kind === \"user\" ? \"steer\" : \"notify\"}-${++this.sequence}`;\n    const message = { id, kind, text,",
                "  enqueue({ text, source = \"user\" }) {\n    const id = `${source === \"user\" ? \"steer\" : \"notify\"}-${++this.sequence}`;\n    const message = { id, kind: source, text,",
            ),
            ("logger2.debug(`queued ${id} (${kind})", "logger2.debug(`queued ${id} (${source})"),
            ("this.sessionServices.liveSteering.push(\"user\", text);", "this.sessionServices.liveSteering.enqueue({ text });"),
            ("this.sessionServices.liveSteering.push(\"notification\", text);", "this.sessionServices.liveSteering.enqueue({ text, source: \"system\" });"),
        ],
    );
    let minified = edited(
        "minified-esm",
        &[
            (MIN_APPEND, "enqueue({text:r,source:e=\"user\"}){let n="),
            (MIN_STEER, "this.sessionServices.liveSteering.enqueue({text:e})"),
            (MIN_NOTIFY, "this.sessionServices.liveSteering.enqueue({text:e,source:\"system\"})"),
        ],
    );
    for (tree, what) in [(&readable, "readable"), (&minified, "minified")] {
        let c = proves_and_patches(tree, what);
        // The bundle's own call (`enqueue({ text })`) comes first; the default fills the kind.
        assert_eq!(c["steer"], "enqueue({text}) with kind \"user\"", "{what}: {c:#}");
        assert!(
            c["from"]["steer"].as_str().unwrap().starts_with("from the code: its call of enqueue at byte "),
            "{what}: {c:#}"
        );
        assert_eq!(c["notification"], "enqueue({text, source}) with source \"system\"", "{what}: {c:#}");
        assert!(
            c["from"]["notification"].as_str().unwrap().starts_with("from the code: its call of enqueue at byte "),
            "{what}: {c:#}"
        );
    }
}

/// Issue 20, point 4: an end-of-turn check that is a closure made by a
/// factory is made with the arguments of the factory's own call in the
/// bundle (bound at top level, or called where it is used). The minified
/// factory gets a three-letter name, as top-level names have in a real-size
/// bundle (calls of shorter names are not looked for).
#[test]
fn an_end_of_turn_closure_is_made_as_the_bundle_makes_it() {
    let readable = edited(
        "readable-cjs",
        &[
            ("function endOfTurnNode(state, targets) {", "function createRouter({ continueTarget, doneTarget }) {\n  return (state) => {"),
            ("      return targets.continueTarget;", "      return continueTarget;"),
            ("  return targets.doneTarget;\n}", "  return doneTarget;\n  };\n}\nvar decideEnd = createRouter({ continueTarget: NodeId.MODEL_INVOKE, doneTarget: NodeId.DONE });"),
            ("endOfTurnNode(state, { continueTarget: NodeId.MODEL_INVOKE, doneTarget: NodeId.DONE })", "decideEnd(state)"),
        ],
    );
    let minified = edited(
        "minified-cjs",
        &[
            (
                "function L(t,e){if(t.execution.hasQueuedUserMessage())",
                "function Rtr({continueTarget:e,doneTarget:z}){return t=>{if(t.execution.hasQueuedUserMessage())",
            ),
            ("),e.continueTarget;", "),e;"),
            ("return e.doneTarget}", "return z}}"),
            (
                "node:L(e,{continueTarget:s.MODEL_INVOKE,doneTarget:s.DONE})",
                "node:Rtr({continueTarget:s.MODEL_INVOKE,doneTarget:s.DONE})(e)",
            ),
        ],
    );
    // A named inner function, returned by its name.
    let named = edited(
        "readable-cjs",
        &[
            ("function endOfTurnNode(state, targets) {", "function createRouter({ continueTarget, doneTarget }) {\n  function decide(state) {"),
            ("      return targets.continueTarget;", "      return continueTarget;"),
            ("  return targets.doneTarget;\n}", "  return doneTarget;\n  }\n  return decide;\n}\nvar decideEnd = createRouter({ continueTarget: NodeId.MODEL_INVOKE, doneTarget: NodeId.DONE });"),
            ("endOfTurnNode(state, { continueTarget: NodeId.MODEL_INVOKE, doneTarget: NodeId.DONE })", "decideEnd(state)"),
        ],
    );
    for (tree, what, maker) in [
        (&readable, "readable", "createRouter"),
        (&minified, "minified", "Rtr"),
        (&named, "named inner function", "createRouter"),
    ] {
        let c = proves_and_patches(tree, what);
        let turn = c["endOfTurn"].as_str().unwrap();
        assert!(turn.starts_with(&format!("{maker}(<the arguments of its call at byte ")), "{what}: {c:#}");
        // The bundle's own targets, sliced in with the factory's call.
        assert!(turn.ends_with("continuing when it answers \"MODEL_INVOKE\""), "{what}: {c:#}");
        assert!(
            c["from"]["endOfTurn"].as_str().unwrap().starts_with("from the code: the maker's call at byte "),
            "{what}: {c:#}"
        );
    }
}

/// Issue 20, point 3: without a spawn site marked by skipHooks the memory
/// extraction case cannot be built; it is named, and the proof is open (what
/// the case is about was not found), so not even --allow-inconclusive writes.
#[test]
fn a_case_that_cannot_be_built_is_named_and_leaves_the_proof_open() {
    let tree = edited(
        "readable-cjs",
        &[
            ("  skipHooks;\n", ""),
            ("    this.skipHooks = config.skipHooks ?? false;\n", ""),
            (",\n    skipHooks: true\n", "\n"),
        ],
    );
    assert!(!std::fs::read_to_string(&tree.target).unwrap().contains("skipHooks"));
    let stock = tree.sha();
    for mode in ["seed", "gate"] {
        let (exit, v) = proof_of(&tree, Ask::prove().mode(mode));
        assert_eq!(exit, 2, "{mode}: {v:#}");
        assert_eq!(v["proof"]["outcome"], "open", "{mode}: {v:#}");
        assert_eq!(v["proof"]["overridable"], false, "{mode}: {v:#}");
        assert!(v["proof"]["reason"].as_str().unwrap().contains("memory-extraction"), "{v:#}");
        let unchecked = v["proof"]["unchecked"].as_array().unwrap();
        assert!(
            unchecked.iter().any(|u| u["case"] == "memory-extraction"
                && u["applies"] == true
                && u["why"].as_str().unwrap().contains("skipHooks")),
            "{v:#}"
        );
        // Every case it could build ran, and matched.
        assert!(case_names(&v).iter().all(|n| !n.contains("memory")), "{v:#}");
        assert!(
            v["proof"]["cases"].as_array().unwrap().iter().all(|c| c["stock_ok"] == true && c["patched_ok"] == true),
            "{v:#}"
        );
    }
    let out = tree.run(&["--prove"]);
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .any(|l| l.starts_with("memory-extraction ") && l.contains(" not checked: no spawn path")),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // --check sees it without node, so it never calls the file patchable.
    let check = tree.run(&["--check"]);
    assert_eq!(code(&check), 2, "--check predicts the refusal: {}", String::from_utf8_lossy(&check.stderr));
    assert!(String::from_utf8_lossy(&check.stderr).contains("memory-extraction would not be checked"));
    assert_eq!(code(&tree.run(&[])), 2, "apply refuses an open proof");
    let out = tree.run(&["--allow-inconclusive"]);
    assert_eq!(code(&out), 2, "the way out never writes past an open proof");
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot change that"));
    assert_eq!(tree.sha(), stock);
}

/// Issue 20, point 3: a buffer that only ever makes "user" entries gives no
/// notification form; the cases that need one are named, not dropped.
#[test]
fn cases_without_a_notification_form_are_named() {
    let tree =
        edited("readable-cjs", &[("  push(kind, text) {\n", "  push(origin, text) {\n    const kind = \"user\";\n")]);
    let (exit, v) = proof_of(&tree, Ask::prove().mode("gate"));
    assert_eq!(exit, 2, "{v:#}");
    assert_eq!(v["proof"]["outcome"], "undriven", "{v:#}");
    let unchecked: Vec<&str> =
        v["proof"]["unchecked"].as_array().unwrap().iter().map(|u| u["case"].as_str().unwrap()).collect();
    assert_eq!(unchecked, ["notify-live", "notify-late", "mixed-late"], "{v:#}");
    assert!(v["proof"]["calibration"]["notification"].as_str().unwrap().starts_with("none: "), "{v:#}");
}
