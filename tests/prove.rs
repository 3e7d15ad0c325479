//! --prove: the bundle's own steering code, sliced out and run under node,
//! stock against patched, on every committed bundle and on bundles where the
//! proof must fail.

mod common;

use common::{code, json, repo, Tree, BUNDLES};

fn proof_of(tree: &Tree, args: &[&str]) -> (i32, serde_json::Value) {
    let mut all = vec!["--prove", "--json"];
    all.extend_from_slice(args);
    let out = tree.run(&all);
    (code(&out), json(&out))
}

fn case_names(v: &serde_json::Value) -> Vec<String> {
    v["proof"]["cases"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap().to_string()).collect()
}

#[test]
fn every_bundle_proves_both_modes_and_writes_nothing() {
    for bundle in BUNDLES {
        for mode in ["seed", "gate"] {
            let tree = Tree::copy(bundle);
            let before = tree.sha();
            let siblings = tree.siblings();
            let (exit, v) = proof_of(&tree, &["--mode", mode]);
            assert_eq!(exit, 0, "{bundle} {mode}: {v:#}");
            assert_eq!(v["proof"]["passed"], true);
            let cases = v["proof"]["cases"].as_array().unwrap();
            assert!(cases.len() >= 14, "{bundle}: {} cases", cases.len());
            for c in cases {
                assert_eq!(c["stock_ok"], true, "{bundle} {mode}: {c:#}");
                assert_eq!(c["patched_ok"], true, "{bundle} {mode}: {c:#}");
            }
            let names = case_names(&v);
            for needed in ["several-late", "steer-while-live", "notify-live", "notify-late", "nested", "memory-extraction", "withheld-at-turn-end", "root-continuation", "second-turn"] {
                assert!(names.iter().any(|n| n == needed), "{bundle}: no case {needed} in {names:?}");
            }
            // The stock side really shows the replay, and the mode's side really differs.
            let late = cases.iter().find(|c| c["name"] == "late-memory-extraction").unwrap();
            assert_eq!(late["stock_observed"], "root A; sub A", "{bundle}");
            assert_eq!(late["patched_observed"], "root A; sub nothing", "{bundle}");
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
        let (exit, v) = proof_of(&tree, &["--mode", mode]);
        assert_eq!(exit, 0, "{mode}: {v:#}");
        assert_eq!(v["state"], "patched");
        assert_eq!(tree.sha(), before);
    }
}

/// Someone already fixed the runtime: sub-executions start at the buffer's end.
#[test]
fn a_bundle_fixed_by_someone_else_fails_the_proof_and_is_not_patched() {
    let tree = Tree::copy("readable-cjs");
    let text = std::fs::read_to_string(&tree.target).unwrap();
    let line = "    this.subExecutionDepth = config.subExecutionDepth ?? 0;\n";
    assert!(text.contains(line));
    let fixed = text.replacen(line, &format!("{line}    if (this.subExecutionDepth > 0) this.steeringReaderIndex = config.sessionServices.liveSteering.length;\n"), 1);
    std::fs::write(&tree.target, fixed).unwrap();
    let before = tree.sha();
    let siblings = tree.siblings();
    let (exit, v) = proof_of(&tree, &[]);
    assert_eq!(exit, 2, "{v:#}");
    let late = v["proof"]["cases"].as_array().unwrap().iter().find(|c| c["name"] == "late-spawn-1").unwrap().clone();
    assert_eq!(late["stock_ok"], false, "the fixed stock code does not replay: {late:#}");
    assert!(v["error"].as_str().unwrap().contains("the stock code should show"), "{v:#}");
    for args in [&["--dry-run"][..], &[][..]] {
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
        let (exit, v) = proof_of(&tree, &["--mode", "gate", "--anchors", dir]);
        assert_eq!(exit, 2, "{bundle}: {v:#}");
        let case = v["proof"]["cases"].as_array().unwrap().iter().find(|c| c["name"] == "withheld-at-turn-end").unwrap().clone();
        assert_eq!(case["stock_ok"], true, "{case:#}");
        assert_eq!(case["patched_ok"], false, "{case:#}");
        assert!(case["patched_observed"].as_str().unwrap().contains("turn-end loops 3"), "{case:#}");
        let out = tree.run(&["--mode", "gate", "--anchors", dir]);
        assert_eq!(code(&out), 2, "apply must refuse: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(tree.sha(), before);
        // The correct anchors prove the same bundle.
        assert_eq!(proof_of(&tree, &["--mode", "gate"]).0, 0);
    }
}

#[test]
fn prove_refuses_what_is_not_a_kas_bundle() {
    let tree = Tree::copy("readable-cjs");
    std::fs::copy(repo().join("testdata/not-kas/node_modules/typescript/lib/_tsc.js"), &tree.target).unwrap();
    let (exit, v) = proof_of(&tree, &[]);
    assert_eq!(exit, 2);
    assert_eq!(v["state"], "not-kas");
    assert!(v["proof"].is_null());
}
