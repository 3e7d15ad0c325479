//! Behaviour under node: every committed bundle, stock and patched in each
//! mode, runs every scenario; the reports say who received which steering.

mod common;

use common::{code, scenarios, Report, Tree, BUNDLES};

fn patched(bundle: &str, mode: &str) -> Tree {
    let tree = Tree::copy(bundle);
    let out = tree.run(&["--mode", mode]);
    assert_eq!(code(&out), 0, "{bundle} {mode}: {}", String::from_utf8_lossy(&out.stderr));
    tree
}

fn is_steer(id: &str) -> bool {
    id.starts_with("steer-")
}

/// The stock defect, reproduced by every bundle.
#[test]
fn stock_bundles_replay_steering_into_late_sub_executions() {
    for bundle in BUNDLES {
        let tree = Tree::copy(bundle);
        let late = tree.scenario("late-subagent");
        assert_eq!(late.of("kiro").received, ["steer-1"], "{bundle}");
        assert_eq!(late.of("explorer").received, ["steer-1"], "{bundle}: a late sub-agent is handed the root's steer");
        let memory = tree.scenario("memory-extraction");
        assert!(memory.of("memory-extraction").received.iter().any(|id| is_steer(id)), "{bundle}: memory extraction receives user steering");
        let several = tree.scenario("several-late-subagents");
        assert_eq!(several.of("planner").received, ["steer-1", "steer-2", "steer-3"], "{bundle}");
    }
}

/// Invariants every mode keeps, against the stock run of the same scenario.
fn common_invariants(bundle: &str, mode: &str, name: &str, stock: &Report, fixed: &Report) {
    let where_ = format!("{bundle} {mode} {name}");
    assert_eq!(fixed.outcomes, stock.outcomes, "{where_}: turn outcomes");
    let roots = fixed.root_deliveries();
    assert_eq!(roots, stock.root_deliveries(), "{where_}: the root receives the same messages");
    for (id, n) in &roots {
        assert_eq!(*n, 1, "{where_}: the root receives {id} exactly once");
    }
    assert_eq!(fixed.executions.len(), stock.executions.len(), "{where_}: same executions");
    for (f, s) in fixed.executions.iter().zip(&stock.executions) {
        assert_eq!((&f.agent, f.depth), (&s.agent, s.depth), "{where_}");
        assert!(f.received.iter().all(|id| s.received.contains(id)), "{where_}: {} received {:?}, more than stock {:?}", f.agent, f.received, s.received);
        if f.depth > 0 {
            assert!(!f.exhausted, "{where_}: {} looped at turn end", f.agent);
            assert!(f.drain_retries <= s.drain_retries, "{where_}: {} retried more than stock", f.agent);
        }
    }
}

/// Patches a copy of `bundle` in `mode`, runs every scenario on it and on the
/// stock copy, checks the invariants plus `extra`, and returns the patched tree.
fn compare_all_scenarios(bundle: &str, mode: &str, extra: impl Fn(&str, &Report, &Report)) -> Tree {
    let stock_tree = Tree::copy(bundle);
    let tree = patched(bundle, mode);
    for name in scenarios() {
        let stock = stock_tree.scenario(&name);
        let fixed = tree.scenario(&name);
        common_invariants(bundle, mode, &name, &stock, &fixed);
        extra(&name, &stock, &fixed);
    }
    tree
}

#[test]
fn seed_mode_stops_replay_and_keeps_live_delivery() {
    for bundle in BUNDLES {
        let tree = compare_all_scenarios(bundle, "seed", |_, _, _| {});
        let late = tree.scenario("late-subagent");
        assert_eq!(late.of("explorer").received, Vec::<String>::new(), "{bundle}: no replay into a late sub-agent");
        let memory = tree.scenario("memory-extraction");
        assert_eq!(memory.of("memory-extraction").received, Vec::<String>::new(), "{bundle}: no replay into memory extraction");
        let live = tree.scenario("steer-while-subagent-live");
        assert_eq!(live.of("writer").received, ["steer-1"], "{bundle}: a live sub-agent still gets a new steer");
        let notify = tree.scenario("notify-live-and-late");
        assert_eq!(notify.of("builder").received, ["notify-1"], "{bundle}: a live sub-agent still gets a notification");
        assert_eq!(notify.of("fixer").received, Vec::<String>::new(), "{bundle}: a late sub-agent gets no old notification");
        let several = tree.scenario("several-late-subagents");
        assert!(several.subs().all(|s| s.received.is_empty()), "{bundle}: {several:#?}");
    }
}

#[test]
fn gate_mode_withholds_user_steering_from_every_sub_execution() {
    for bundle in BUNDLES {
        let tree = compare_all_scenarios(bundle, "gate", |name, stock, fixed| {
            for (f, s) in fixed.executions.iter().zip(&stock.executions) {
                if f.depth > 0 {
                    assert!(!f.received.iter().any(|id| is_steer(id)), "{bundle} {name}: {} received a user steer: {:?}", f.agent, f.received);
                    let notes = |r: &Vec<String>| r.iter().filter(|id| !is_steer(id)).cloned().collect::<Vec<_>>();
                    assert_eq!(notes(&f.received), notes(&s.received), "{bundle} {name}: notifications still reach {}", f.agent);
                }
            }
        });
        let notify = tree.scenario("notify-live-and-late");
        assert_eq!(notify.of("builder").received, ["notify-1"], "{bundle}");
        let live = tree.scenario("steer-while-subagent-live");
        assert_eq!(live.of("writer").received, Vec::<String>::new(), "{bundle}: gate also withholds from a live sub-agent");
        assert_eq!(live.of("writer").drain_retries, 0, "{bundle}: no turn-end loop on withheld work");
    }
}

/// The committed fixtures are the ones MANIFEST.json (written by build.mjs) describes.
#[test]
fn committed_bundles_match_their_manifest() {
    let manifest: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(common::repo().join("testdata/bundles/MANIFEST.json")).unwrap()).unwrap();
    let bundles = manifest["bundles"].as_array().unwrap();
    for name in BUNDLES {
        let entry = bundles.iter().find(|b| b["name"] == *name).unwrap_or_else(|| panic!("{name} missing from MANIFEST.json"));
        let tree = Tree::copy(name);
        assert_eq!(tree.sha(), entry["sha256"].as_str().unwrap(), "{name} differs from MANIFEST.json: rebuild with testdata/model/build.mjs");
    }
}
