//! Behaviour under node: every committed bundle, stock and patched in each
//! mode, runs every scenario; the reports say who received which steering.

mod common;

use common::{code, scenarios, Report, Tree, BUNDLES};

/// `mode` is `seed` or `gate`, with `+rewind` for --rewind-on-clear.
fn patched(bundle: &str, mode: &str) -> Tree {
    let tree = Tree::copy(bundle);
    let (fix, rewind) = mode.split_once('+').map_or((mode, false), |(f, _)| (f, true));
    let mut args = vec!["--mode", fix];
    if rewind {
        args.push("--rewind-on-clear");
    }
    let out = tree.run(&args);
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
        assert!(
            memory.of("memory-extraction").received.iter().any(|id| is_steer(id)),
            "{bundle}: memory extraction receives user steering"
        );
        let several = tree.scenario("several-late-subagents");
        assert_eq!(several.of("planner").received, ["steer-1", "steer-2", "steer-3"], "{bundle}");
    }
}

/// Invariants every mode keeps, against the stock run of the same scenario.
/// With the rewind the root also receives what a clear stranded on stock.
fn common_invariants(bundle: &str, mode: &str, name: &str, stock: &Report, fixed: &Report) {
    let where_ = format!("{bundle} {mode} {name}");
    assert_eq!(fixed.outcomes, stock.outcomes, "{where_}: turn outcomes");
    let roots = fixed.root_deliveries();
    if mode.ends_with("+rewind") {
        assert!(
            stock.root_deliveries().keys().all(|id| roots.contains_key(id)),
            "{where_}: the root still receives what it did: {roots:?}"
        );
    } else {
        assert_eq!(roots, stock.root_deliveries(), "{where_}: the root receives the same messages");
    }
    for (id, n) in &roots {
        assert_eq!(*n, 1, "{where_}: the root receives {id} exactly once");
    }
    assert_eq!(fixed.executions.len(), stock.executions.len(), "{where_}: same executions");
    for (f, s) in fixed.executions.iter().zip(&stock.executions) {
        assert_eq!((&f.agent, f.depth), (&s.agent, s.depth), "{where_}");
        // What a clear kept from the stock root may now arrive (the rewind's job).
        let stranded_on_stock =
            |id: &String| mode.ends_with("+rewind") && !stock.roots().any(|e| e.received.contains(id));
        assert!(
            f.received.iter().all(|id| s.received.contains(id) || stranded_on_stock(id)),
            "{where_}: {} received {:?}, more than stock {:?} (beyond what a clear stranded)",
            f.agent,
            f.received,
            s.received
        );
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
        assert_eq!(
            memory.of("memory-extraction").received,
            Vec::<String>::new(),
            "{bundle}: no replay into memory extraction"
        );
        let live = tree.scenario("steer-while-subagent-live");
        assert_eq!(live.of("writer").received, ["steer-1"], "{bundle}: a live sub-agent still gets a new steer");
        let notify = tree.scenario("notify-live-and-late");
        assert_eq!(notify.of("builder").received, ["notify-1"], "{bundle}: a live sub-agent still gets a notification");
        assert_eq!(
            notify.of("fixer").received,
            Vec::<String>::new(),
            "{bundle}: a late sub-agent gets no old notification"
        );
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
                    assert!(
                        !f.received.iter().any(|id| is_steer(id)),
                        "{bundle} {name}: {} received a user steer: {:?}",
                        f.agent,
                        f.received
                    );
                    let notes = |r: &Vec<String>| r.iter().filter(|id| !is_steer(id)).cloned().collect::<Vec<_>>();
                    assert_eq!(
                        notes(&f.received),
                        notes(&s.received),
                        "{bundle} {name}: notifications still reach {}",
                        f.agent
                    );
                }
            }
        });
        let notify = tree.scenario("notify-live-and-late");
        assert_eq!(notify.of("builder").received, ["notify-1"], "{bundle}");
        let live = tree.scenario("steer-while-subagent-live");
        assert_eq!(
            live.of("writer").received,
            Vec::<String>::new(),
            "{bundle}: gate also withholds from a live sub-agent"
        );
        assert_eq!(live.of("writer").drain_retries, 0, "{bundle}: no turn-end loop on withheld work");
    }
}

/// The committed fixtures are the ones MANIFEST.json (written by build.mjs) describes.
#[test]
fn committed_bundles_match_their_manifest() {
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(common::repo().join("testdata/bundles/MANIFEST.json")).unwrap())
            .unwrap();
    let bundles = manifest["bundles"].as_array().unwrap();
    for name in BUNDLES {
        let entry =
            bundles.iter().find(|b| b["name"] == *name).unwrap_or_else(|| panic!("{name} missing from MANIFEST.json"));
        let tree = Tree::copy(name);
        assert_eq!(
            tree.sha(),
            entry["sha256"].as_str().unwrap(),
            "{name} differs from MANIFEST.json: rebuild with testdata/model/build.mjs"
        );
    }
}

/// kirodotdev/Kiro#11449: stock strands a steer typed after a clear; with
/// --rewind-on-clear every bundle delivers it, exactly once, to whom it was
/// meant for, on top of either first fix; without the flag nothing changes.
#[test]
fn rewind_on_clear_delivers_the_retyped_steer_exactly_once() {
    for bundle in BUNDLES {
        let stock = Tree::copy(bundle);
        let retype = stock.scenario("retract-and-retype");
        assert_eq!(retype.of("kiro").received, ["steer-1"], "{bundle}: stock strands the retyped steer");
        let live = stock.scenario("retract-and-retype-live-subagent");
        assert!(
            live.executions.iter().all(|e| !e.received.contains(&"steer-2".to_string())),
            "{bundle}: stock delivers the correction to nobody"
        );
        for mode in ["seed+rewind", "gate+rewind"] {
            let tree = compare_all_scenarios(bundle, mode, |name, _, fixed| {
                for e in &fixed.executions {
                    let mut seen = e.received.clone();
                    seen.dedup();
                    assert_eq!(
                        seen.len(),
                        e.received.len(),
                        "{bundle} {mode} {name}: {} received a message twice",
                        e.agent
                    );
                }
            });
            let retype = tree.scenario("retract-and-retype");
            assert_eq!(retype.of("kiro").received, ["steer-1", "steer-2"], "{bundle} {mode}");
            let live = tree.scenario("retract-and-retype-live-subagent");
            assert_eq!(live.of("kiro").received, ["steer-1", "steer-2"], "{bundle} {mode}");
            let reviewer = &live.of("reviewer").received;
            if mode.starts_with("seed") {
                assert_eq!(
                    reviewer,
                    &["steer-2"],
                    "{bundle} {mode}: the live sub-agent gets the correction, and no replay"
                );
            } else {
                assert!(reviewer.is_empty(), "{bundle} {mode}: the gate still withholds user steering: {reviewer:?}");
            }
            let mid = tree.scenario("clear-mid-turn");
            assert!(mid.of("linter").received.is_empty() || mode.starts_with("gate"), "{bundle} {mode}: {mid:#?}");
            assert!(mid.of("kiro").received.contains(&"steer-2".to_string()), "{bundle} {mode}: {mid:#?}");
        }
        // The first fix alone leaves the stranding as it is.
        let seed_only = patched(bundle, "seed");
        assert_eq!(seed_only.scenario("retract-and-retype").of("kiro").received, ["steer-1"], "{bundle}");
    }
}
