//! The drain shapes a release can bring (issue 19): a drain split over a
//! collector that advances the cursor once after its loop and a deliverer
//! that logs; a cursor advanced after the delivering loop; a loop body a
//! minifier wrote without braces. Both fixes prove, apply, behave under node
//! and restore byte-exactly; a drain whose parts cannot all be found is still
//! refused by name.

mod common;

use common::{code, json, repo, run_scenario, Ask, Tree};

const DRAIN_START: &str = "async function drainLiveSteering(execution) {";
const DRAIN_END: &str = "// src/telemetry/spans.ts";
const LOG: &str = "execution.sessionServices.logger.info(`[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`)";

/// The readable base bundle with its drain replaced by `drain`.
fn with_drain(drain: &str) -> Tree {
    let tree = Tree::copy("readable-cjs");
    let text = std::fs::read_to_string(&tree.target).unwrap();
    let (start, end) = (text.find(DRAIN_START).unwrap(), text.find(DRAIN_END).unwrap());
    std::fs::write(&tree.target, format!("{}{drain}\n{}", &text[..start], &text[end..])).unwrap();
    tree
}

fn shapes() -> Vec<(&'static str, String)> {
    vec![
        (
            "split: a collector advances once after its loop",
            format!(
                "function collectSteering(execution) {{\n  const buffer = execution.sessionServices.liveSteering;\n  const out = [];\n  let position = execution.steeringReaderIndex;\n  for (; position < buffer.length; position++) out.push(buffer.at(position));\n  execution.setSteeringReaderIndex(position);\n  return out;\n}}\nasync function drainLiveSteering(execution) {{\n  const messages = collectSteering(execution);\n  for (const message of messages) {{\n    if (!message) continue;\n    message.handlers.add(execution.executionId);\n    execution.queueSteering(message);\n    {LOG};\n  }}\n}}\n"
            ),
        ),
        (
            "split and minified: a brace-less delivering loop",
            format!(
                "function collectSteering(e) {{\n  const b = e.sessionServices.liveSteering, out = [];\n  let p = e.steeringReaderIndex;\n  for (; p < b.length; p++) out.push(b.at(p));\n  return e.setSteeringReaderIndex(p), out;\n}}\nasync function drainLiveSteering(execution) {{\n  const messages = collectSteering(execution);\n  for (const message of messages) message.handlers.add(execution.executionId), execution.queueSteering(message), {LOG};\n}}\n"
            ),
        ),
        (
            "one function: the cursor advanced after the loop",
            format!(
                "async function drainLiveSteering(execution) {{\n  const buffer = execution.sessionServices.liveSteering;\n  let index = execution.steeringReaderIndex;\n  for (; index < buffer.length; index++) {{\n    const message = buffer.at(index);\n    if (!message) continue;\n    message.handlers.add(execution.executionId);\n    execution.queueSteering(message);\n    {LOG};\n  }}\n  execution.setSteeringReaderIndex(index);\n}}\n"
            ),
        ),
    ]
}

#[test]
fn both_fixes_prove_apply_behave_and_restore_on_every_drain_shape() {
    let late = repo().join("testdata/scenarios/several-late-subagents.json");
    assert!(late.is_file());
    for (what, drain) in shapes() {
        for args in [
            &["--mode", "seed"][..],
            &["--mode", "gate"],
            &["--mode", "seed", "--rewind-on-clear"],
            &["--mode", "gate", "--rewind-on-clear"],
        ] {
            let tree = with_drain(&drain);
            let stock = tree.sha();
            let stock_report = run_scenario(&tree.target, "several-late-subagents");
            assert!(stock_report.subs().any(|s| !s.received.is_empty()), "{what}: the stock drain replays");
            let check = tree.run(&[&["--check", "--json"][..], args].concat());
            assert_eq!(code(&check), 1, "{what} {args:?}: {:#}", json(&check));
            let out = tree.run(&[args, &["--json"]].concat());
            let v = json(&out);
            assert_eq!(code(&out), 0, "{what} {args:?}: {v:#}");
            assert_eq!(v["proof"]["outcome"], "passed", "{what} {args:?}");
            let patched = run_scenario(&tree.target, "several-late-subagents");
            for sub in patched.subs() {
                assert!(sub.received.is_empty(), "{what} {args:?}: {} still receives {:?}", sub.agent, sub.received);
            }
            assert_eq!(
                patched.root_deliveries(),
                stock_report.root_deliveries(),
                "{what} {args:?}: the root's deliveries are unchanged"
            );
            assert_eq!(code(&tree.run(&["--restore"])), 0);
            assert_eq!(tree.sha(), stock, "{what} {args:?}: restore is byte-exact");
        }
    }
}

/// The gate adds the braces a minifier left out, both inside the markers.
#[test]
fn a_brace_less_body_gets_its_braces_inside_the_markers() {
    let (_, drain) = shapes().into_iter().find(|(w, _)| w.contains("brace-less")).unwrap();
    let tree = with_drain(&drain);
    let (_, v) = tree.judge(Ask::check().mode("gate"));
    let texts: Vec<&str> = v["insertions"].as_array().unwrap().iter().map(|i| i["text"].as_str().unwrap()).collect();
    assert_eq!(texts.len(), 2, "{v:#}");
    assert!(
        texts[0].starts_with(
            "{if(message&&(message.kind===\"user\"||String(message.id).startsWith(\"steer-\"))&&execution.subExecutionDepth>0)continue;"
        ),
        "{texts:?}"
    );
    assert_eq!(texts[1], "}");
}

#[test]
fn a_drain_whose_parts_cannot_all_be_found_is_refused_by_name() {
    let collector = |advance: &str| {
        format!(
            "function collectSteering(execution) {{\n  const buffer = execution.sessionServices.liveSteering;\n  const out = [];\n  let position = execution.steeringReaderIndex;\n  for (; position < buffer.length; position++) out.push(buffer.at(position));\n  {advance}\n  return out;\n}}\n"
        )
    };
    let deliver = |before: &str, after: &str| {
        format!("async function drainLiveSteering(execution) {{\n  {before}\n  for (const message of messages) {{\n    message.handlers.add(execution.executionId);\n    execution.queueSteering(message);\n    {LOG};\n  }}\n  {after}\n}}\n")
    };
    for (what, drain) in [
        (
            "an advance on some paths only",
            format!(
                "{}{}",
                collector("if (out.length > 1) execution.setSteeringReaderIndex(position);"),
                deliver("const messages = collectSteering(execution);", "")
            ),
        ),
        (
            "a collector called after the loop",
            format!(
                "{}{}",
                collector("execution.setSteeringReaderIndex(position);"),
                deliver("let messages = [];", "messages = collectSteering(execution);")
            ),
        ),
        (
            "a collector called only sometimes",
            format!(
                "{}{}",
                collector("execution.setSteeringReaderIndex(position);"),
                deliver("const messages = execution.agentName ? collectSteering(execution) : [];", "")
            ),
        ),
    ] {
        let tree = with_drain(&drain);
        let before = tree.sha();
        let (_, v) = tree.judge(Ask::check().mode("gate"));
        assert_eq!(v["state"], "drift", "{what}: {v:#}");
        assert!(v["error"].as_str().unwrap().contains("drain-cursor-advance"), "{what}: {v:#}");
        assert_eq!(code(&tree.run(&["--mode", "gate"])), 2, "{what}");
        assert_eq!(tree.sha(), before, "{what}: nothing was written");
    }
}
