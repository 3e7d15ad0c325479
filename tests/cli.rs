//! The command-line contract, end to end, against the real binary:
//! exit codes, what is (and is not) written, discovery, node checks, --json,
//! --anchors, symlinks. Every refusal must exit 2 and leave the target's bytes,
//! file mode and folder exactly as they were.

mod common;

use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{
    bin, code, copy_dir, describe, repo, script, sha256_bytes, sha256_file, stderr, stdout, Install, Tree, BUNDLES,
    BUNDLE_IN_TREE,
};
use serde_json::Value;

// ---------------------------------------------------------------- helpers

const MODES: &[&str] = &["seed", "gate"];
/// A file mode the fixtures do not have, so a lost mode shows.
const ODD_MODE: u32 = 0o640;

fn expect_code(o: &Output, want: i32, what: &str) {
    assert_eq!(code(o), want, "{what}: wrong exit code\n{}", describe(o));
}

fn file_mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// A fixture tree whose target has an unusual file mode.
fn tree(bundle: &str) -> Tree {
    let t = Tree::copy(bundle);
    set_mode(&t.target, ODD_MODE);
    t
}

/// A fixture tree whose target's bytes are replaced.
fn tree_with(bundle: &str, bytes: &[u8]) -> Tree {
    let t = tree(bundle);
    std::fs::write(&t.target, bytes).unwrap();
    set_mode(&t.target, ODD_MODE);
    t
}

fn stock_bytes(bundle: &str) -> Vec<u8> {
    std::fs::read(repo().join("testdata/bundles").join(bundle).join(BUNDLE_IN_TREE)).unwrap()
}

fn agent_version(bundle: &str) -> String {
    let text = std::fs::read_to_string(
        repo().join("testdata/bundles").join(bundle).join("node_modules/@kiro/agent/package.json"),
    )
    .unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    v["version"].as_str().unwrap().to_string()
}

/// What must not change on a refusal.
#[derive(Debug, PartialEq, Eq)]
struct Snapshot {
    sha: String,
    mode: u32,
    siblings: Vec<String>,
}

fn snapshot(t: &Tree) -> Snapshot {
    Snapshot { sha: t.sha(), mode: file_mode(&t.target), siblings: t.siblings() }
}

fn assert_untouched(t: &Tree, before: &Snapshot, what: &str, o: &Output) {
    let after = snapshot(t);
    assert_eq!(&after, before, "{what}: the target or its folder changed\n{}", describe(o));
}

/// Runs `args` on the tree, expects exit 2 and an untouched target, folder and mode.
fn refused(t: &Tree, args: &[&str], what: &str) -> Output {
    let before = snapshot(t);
    let o = t.run(args);
    expect_code(&o, 2, what);
    assert_untouched(t, &before, what, &o);
    // Every refusal, --check's exit 2 included, explains itself on stderr.
    assert!(!o.stderr.is_empty(), "{what}: a refusal must explain itself on stderr\n{}", describe(&o));
    o
}

/// Why a run refused: the error, or for --check the reported message.
fn reason(v: &Value) -> String {
    v["error"].as_str().or(v["message"].as_str()).unwrap_or_default().to_string()
}

/// Exactly one JSON value on stdout, and it is an object.
fn one_json_object(o: &Output, what: &str) -> Value {
    let mut values = serde_json::Deserializer::from_slice(&o.stdout).into_iter::<Value>();
    let first = match values.next() {
        Some(Ok(v)) => v,
        other => panic!("{what}: stdout does not start with a JSON value ({other:?})\n{}", describe(o)),
    };
    assert!(values.next().is_none(), "{what}: more than one JSON value on stdout\n{}", describe(o));
    assert!(first.is_object(), "{what}: stdout is JSON but not an object\n{}", describe(o));
    first
}

fn check_json(t: &Tree, mode: &str) -> (Output, Value) {
    let o = t.run(&["--check", "--json", "--mode", mode]);
    let v = one_json_object(&o, "check --json");
    (o, v)
}

fn apply(t: &Tree, mode: &str) -> Value {
    let o = t.run(&["--json", "--mode", mode]);
    expect_code(&o, 0, &format!("apply --mode {mode}"));
    one_json_object(&o, "apply --json")
}

fn insert(bytes: &[u8], edits: &[(usize, &str)]) -> Vec<u8> {
    let mut edits: Vec<(usize, &str)> = edits.to_vec();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = bytes.to_vec();
    for (at, text) in edits {
        out.splice(at..at, text.bytes());
    }
    out
}

/// The offsets of an anchor's matches, from a stock check.
fn anchor_matches(v: &Value, id: &str) -> Vec<(usize, usize)> {
    let anchor = v["anchors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == id)
        .unwrap_or_else(|| panic!("no anchor {id} in {v:#}"));
    anchor["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["offset"].as_u64().unwrap() as usize, m["end"].as_u64().unwrap() as usize))
        .collect()
}

fn stock_check(bundle: &str) -> Value {
    let t = Tree::copy(bundle);
    let (o, v) = check_json(&t, "seed");
    expect_code(&o, 1, "stock check");
    v
}

/// Byte spans of our marked runs (begin marker .. end marker) in a patched file.
fn marked_runs(bytes: &[u8]) -> Vec<(usize, usize)> {
    let text = String::from_utf8_lossy(bytes);
    let begin = "/*kiro-steer-scope:1 mode=";
    let end = "/*kiro-steer-scope:1 end*/";
    let mut runs = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find(begin) {
        let start = from + at;
        let stop = start + text[start..].find(end).expect("end marker") + end.len();
        runs.push((start, stop));
        from = stop;
    }
    runs
}

// ------------------------------------------------------ 1. check, every state

#[test]
fn check_stock_exits_1_in_both_modes_on_every_bundle() {
    for bundle in BUNDLES {
        let t = tree(bundle);
        for mode in MODES {
            let before = snapshot(&t);
            let (o, v) = check_json(&t, mode);
            let what = format!("{bundle} check --mode {mode}");
            expect_code(&o, 1, &what);
            assert_untouched(&t, &before, &what, &o);
            assert_eq!(v["state"], "stock", "{what}: {v:#}");
            assert_eq!(v["mode"], Value::Null, "{what}");
            assert_eq!(v["exit_code"], 1, "{what}");
            assert_eq!(v["changed"], false, "{what}");
            assert_eq!(v["target"], t.target.display().to_string(), "{what}");
            assert_eq!(v["agent_version"], agent_version(bundle), "{what}: agent_version comes from package.json");
            assert_eq!(v["sha256_before"], sha256_bytes(&stock_bytes(bundle)), "{what}");
            assert_eq!(v["sha256_before"], v["stock_sha256"], "{what}");
            assert!(v["insertions"].is_array(), "{what}: insertions must be an array");
            let anchors = v["anchors"].as_array().expect("anchors array");
            assert!(!anchors.is_empty(), "{what}: a stock check reports the anchors it resolved");
            for a in anchors {
                assert!(a["id"].is_string());
                for m in a["matches"].as_array().unwrap() {
                    let (start, end) = (m["offset"].as_u64().unwrap(), m["end"].as_u64().unwrap());
                    assert!(
                        start < end && end as usize <= stock_bytes(bundle).len(),
                        "{what}: match offsets inside the file: {a}"
                    );
                }
            }
            assert_eq!(anchor_matches(&v, "execution-class").len(), 1, "{what}");
            assert!(!anchor_matches(&v, "spawn-site").is_empty(), "{what}: a spawn site at least");
            assert!(
                v["accounting"]["spawn_paths"].as_array().is_some_and(|p| p.len() >= 2),
                "{what}: invoke-sub-agent and memory extraction at least, as spawn paths"
            );
            assert_eq!(anchor_matches(&v, "drain").len(), 1, "{what}");

            // Text mode says the same with the same exit code.
            let text = t.run(&["--check", "--mode", mode]);
            expect_code(&text, 1, &what);
            assert!(stdout(&text).contains("stock"), "{what}: {}", describe(&text));
        }
    }
}

#[test]
fn check_patched_reports_mode_and_insertions_on_every_bundle() {
    for bundle in BUNDLES {
        let t = tree(bundle);
        let stock_sha = t.sha();
        for patched in MODES {
            apply(&t, patched);
            let patched_sha = t.sha();
            // --check reports the state whatever --mode asks for.
            for asked in MODES {
                let before = snapshot(&t);
                let (o, v) = check_json(&t, asked);
                let what = format!("{bundle} patched {patched}, check --mode {asked}");
                expect_code(&o, 0, &what);
                assert_untouched(&t, &before, &what, &o);
                assert_eq!(v["state"], "patched", "{what}: {v:#}");
                assert_eq!(v["mode"], *patched, "{what}");
                assert_eq!(v["exit_code"], 0, "{what}");
                assert_eq!(v["agent_version"], agent_version(bundle), "{what}");
                assert_eq!(v["sha256_before"], patched_sha, "{what}");
                assert_eq!(v["stock_sha256"], stock_sha, "{what}: the markers record the stock hash");
                let insertions = v["insertions"].as_array().unwrap();
                assert!(!insertions.is_empty(), "{what}: a patched check lists the marked insertions");
                for i in insertions {
                    let text = i["text"].as_str().unwrap();
                    assert!(i["offset"].is_u64(), "{what}: {i}");
                    assert_eq!(i["length"].as_u64().unwrap() as usize, text.len(), "{what}");
                    assert_eq!(i["sha256"], sha256_bytes(text.as_bytes()), "{what}");
                }
                if *patched == "seed" {
                    // A seeding wrapper per spawn site, and the fence: the message numbered where the
                    // buffer builds it, the ids forgotten at a clear, the count at the first drain, the skip.
                    let sites = anchor_matches(&stock_check(bundle), "spawn-site").len();
                    let with =
                        |part: &str| insertions.iter().filter(|i| i["text"].as_str().unwrap().contains(part)).count();
                    assert_eq!(with("setSteeringReaderIndex"), sites, "{what}");
                    assert_eq!(with("__kssSeq=n"), 1, "{what}");
                    assert_eq!(with("__kssIds=void 0"), 1, "{what}");
                    assert_eq!(with("__kssBorn===void 0"), 1, "{what}");
                    assert_eq!(with("continue"), 1, "{what}");
                } else {
                    assert!(
                        insertions.iter().any(|i| i["text"].as_str().unwrap().contains("subExecutionDepth")),
                        "{what}"
                    );
                }
            }
        }
    }
}

// ------------------------------------------- 2. apply, switch, restore, idempotence

#[test]
fn apply_switch_restore_round_trip_is_byte_exact_on_every_bundle() {
    for bundle in BUNDLES {
        let t = tree(bundle);
        let stock_sha = t.sha();
        let siblings = t.siblings();
        let step = |args: &[&str], what: &str| -> Value {
            let mut all = vec!["--json"];
            all.extend_from_slice(args);
            let o = t.run(&all);
            let what = format!("{bundle} {what}");
            expect_code(&o, 0, &what);
            assert_eq!(file_mode(&t.target), ODD_MODE, "{what}: the file mode must survive");
            assert_eq!(t.siblings(), siblings, "{what}: nothing may be left beside the target");
            let v = one_json_object(&o, &what);
            assert_eq!(v["sha256_after"], t.sha(), "{what}: sha256_after is the file's hash");
            v
        };

        let v = step(&["--mode", "seed"], "apply seed");
        assert_eq!(v["changed"], true);
        assert_eq!(v["state"], "stock");
        assert_eq!(v["state_after"], "patched");
        assert_eq!(v["mode_after"], "seed");
        assert_eq!(v["sha256_before"], stock_sha);
        let seed_sha = t.sha();
        assert_ne!(seed_sha, stock_sha);

        // Applying the same mode again: exit 0, changed false, bytes untouched.
        let v = step(&["--mode", "seed"], "apply seed again");
        assert_eq!(v["changed"], false, "{bundle}: {v:#}");
        assert_eq!(t.sha(), seed_sha, "{bundle}: a second apply must not touch the bytes");

        let v = step(&["--mode", "gate"], "switch seed -> gate");
        assert_eq!(v["changed"], true);
        assert_eq!(v["state"], "patched");
        assert_eq!(v["mode"], "seed");
        assert_eq!(v["mode_after"], "gate");
        assert_eq!(v["stock_sha256"], stock_sha);
        let gate_sha = t.sha();
        assert_ne!(gate_sha, seed_sha);
        assert_ne!(gate_sha, stock_sha);
        let (o, c) = check_json(&t, "seed");
        expect_code(&o, 0, "check after switch");
        assert_eq!(c["mode"], "gate");

        let v = step(&["--mode", "gate"], "apply gate again");
        assert_eq!(v["changed"], false);
        assert_eq!(t.sha(), gate_sha);

        step(&["--mode", "seed"], "switch gate -> seed");
        assert_eq!(t.sha(), seed_sha, "{bundle}: seed after gate is the same bytes as seed on stock");

        let v = step(&["--restore"], "restore");
        assert_eq!(v["changed"], true);
        assert_eq!(t.sha(), stock_sha, "{bundle}: restore is byte-exact");
        assert_eq!(std::fs::read(&t.target).unwrap(), stock_bytes(bundle));
        let (o, c) = check_json(&t, "seed");
        expect_code(&o, 1, "check after restore");
        assert_eq!(c["state"], "stock");

        // Restore on stock: exit 0, nothing to do, nothing touched.
        let v = step(&["--restore"], "restore on stock");
        assert_eq!(v["changed"], false);
        assert_eq!(t.sha(), stock_sha);

        // Gate straight from stock, then restore.
        step(&["--mode", "gate"], "apply gate on stock");
        assert_eq!(t.sha(), gate_sha, "{bundle}: gate on stock equals gate switched from seed");
        step(&["--restore"], "restore gate");
        assert_eq!(t.sha(), stock_sha);
    }
}

#[test]
fn restore_on_stock_in_text_mode_exits_0_and_changes_nothing() {
    let t = tree("minified-cjs");
    let before = snapshot(&t);
    let o = t.run(&["--restore"]);
    expect_code(&o, 0, "restore on stock");
    assert_untouched(&t, &before, "restore on stock", &o);
}

#[test]
fn second_apply_does_not_rewrite_the_file() {
    // "No-op leaving bytes untouched": not even rewritten with the same bytes.
    let t = tree("readable-esm");
    apply(&t, "gate");
    let inode = std::os::unix::fs::MetadataExt::ino(&std::fs::metadata(&t.target).unwrap());
    let before = snapshot(&t);
    let o = t.run(&["--mode", "gate"]);
    expect_code(&o, 0, "second apply");
    assert_untouched(&t, &before, "second apply", &o);
    let after = std::os::unix::fs::MetadataExt::ino(&std::fs::metadata(&t.target).unwrap());
    assert_eq!(inode, after, "a no-op apply must not replace the file");
}

#[test]
fn concurrent_applies_serialise_and_leave_nothing_behind() {
    let t = tree("minified-esm");
    let siblings = t.siblings();
    let spawn = |mode: &str| {
        Command::new(bin())
            .args(["--target", t.target.to_str().unwrap(), "--mode", mode])
            .env_remove("KIRO_KAS_SERVER_PATH")
            .env_remove("KIRO_KAS_NODE_PATH")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let children: Vec<_> = ["seed", "gate", "seed", "gate"].iter().map(|m| spawn(m)).collect();
    for child in children {
        let o = child.wait_with_output().unwrap();
        expect_code(&o, 0, "concurrent apply");
    }
    assert_eq!(t.siblings(), siblings);
    assert_eq!(file_mode(&t.target), ODD_MODE);
    let (o, v) = check_json(&t, "seed");
    expect_code(&o, 0, "check after concurrent applies");
    assert_eq!(v["state"], "patched");
    let o = t.run(&["--restore"]);
    expect_code(&o, 0, "restore");
    assert_eq!(t.sha(), sha256_bytes(&stock_bytes("minified-esm")));
}

// ----------------------------------------------------------------- 3. dry-run

#[test]
fn dry_run_writes_nothing_and_shows_the_insertions_on_every_bundle() {
    for bundle in BUNDLES {
        for mode in MODES {
            let t = tree(bundle);
            let what = format!("{bundle} --dry-run --mode {mode}");
            let before = snapshot(&t);
            let o = t.run(&["--dry-run", "--json", "--mode", mode]);
            expect_code(&o, 0, &what);
            assert_untouched(&t, &before, &what, &o);
            let v = one_json_object(&o, &what);
            assert_eq!(v["changed"], false, "{what}");
            assert_eq!(v["action"], "dry-run");
            let insertions = v["insertions"].as_array().unwrap();
            assert!(!insertions.is_empty(), "{what}: a dry run lists what it would insert");
            assert!(v["sha256_after"].is_string() && v["sha256_after"] != v["sha256_before"], "{what}: {v:#}");

            // The text output shows each inserted text in context.
            let o = t.run(&["--dry-run", "--mode", mode]);
            expect_code(&o, 0, &what);
            assert_untouched(&t, &before, &what, &o);
            let shown = stdout(&o);
            assert!(shown.contains("⟦+"), "{what}: the insertions are marked in the text output\n{shown}");
            let plain = shown.replace("⟦+", "").replace("+⟧", "");
            for i in insertions {
                assert!(plain.contains(i["text"].as_str().unwrap()), "{what}: text output lacks {i}\n{shown}");
            }

            // The dry run predicts the real apply.
            let predicted = v["sha256_after"].clone();
            let applied = apply(&t, mode);
            assert_eq!(applied["sha256_after"], predicted, "{what}: dry run and apply disagree");
            assert_eq!(t.sha(), predicted.as_str().unwrap());
        }
    }
}

#[test]
fn dry_run_on_patched_files_writes_nothing() {
    let t = tree("variant-readable-cjs");
    apply(&t, "seed");
    for mode in MODES {
        let before = snapshot(&t);
        let o = t.run(&["--dry-run", "--mode", mode]);
        expect_code(&o, 0, &format!("dry-run {mode} on seed-patched"));
        assert_untouched(&t, &before, "dry-run on patched", &o);
    }
}

// ------------------------------------------------------------------ 4. refusals

fn all_actions() -> Vec<Vec<&'static str>> {
    let mut out = Vec::new();
    for mode in MODES {
        out.push(vec!["--check", "--mode", mode]);
        out.push(vec!["--dry-run", "--mode", mode]);
        out.push(vec!["--mode", mode]);
    }
    out
}

#[test]
fn refuses_a_bundle_that_is_not_kas() {
    let tsc = std::fs::read(repo().join("testdata/not-kas/node_modules/typescript/lib/_tsc.js")).unwrap();
    let t = tree_with("readable-cjs", &tsc);
    for args in all_actions().iter().chain([vec!["--restore"]].iter()) {
        let o = refused(&t, args, &format!("not-kas {args:?}"));
        let mut json_args = args.clone();
        json_args.push("--json");
        let v = one_json_object(&refused(&t, &json_args, "not-kas --json"), "not-kas");
        assert_eq!(v["state"], "not-kas", "{args:?}: {v:#}");
        assert!(reason(&v).to_lowercase().contains("not a kas bundle"), "{args:?}: {v:#}");
        assert!(stderr(&o).to_lowercase().contains("not a kas bundle"), "{args:?}: {}", describe(&o));
    }
}

#[test]
fn refuses_a_large_non_kas_file_that_merely_mentions_the_names() {
    let mut tsc = std::fs::read(repo().join("testdata/not-kas/node_modules/typescript/lib/_tsc.js")).unwrap();
    tsc.extend_from_slice(b"\n// steeringReaderIndex subExecutionDepth [LiveSteeringHook]\n");
    let t = tree_with("minified-esm", &tsc);
    for args in all_actions() {
        let started = Instant::now();
        let o = refused(&t, &[&args[..], &["--json"]].concat(), &format!("tsc with names {args:?}"));
        assert!(started.elapsed() < Duration::from_secs(30), "a 6 MB file must be refused promptly");
        let v = one_json_object(&o, "tsc");
        assert!(v["state"] == "not-kas" || v["state"] == "drift", "{v:#}");
    }
}

#[test]
fn refuses_a_truncated_stock_bundle() {
    for bundle in BUNDLES {
        let stock = stock_bytes(bundle);
        let t = tree_with(bundle, &stock[..stock.len() / 2]);
        for args in all_actions() {
            let o = refused(&t, &[&args[..], &["--json"]].concat(), &format!("{bundle} truncated {args:?}"));
            let v = one_json_object(&o, "truncated");
            assert!(v["state"] == "unparseable" || v["state"] == "drift", "{bundle} truncated {args:?}: {v:#}");
        }
        // Restore must not claim to have produced a stock file from a broken one.
        let before = snapshot(&t);
        let o = t.run(&["--restore", "--json"]);
        assert_untouched(&t, &before, "restore truncated", &o);
        let v = one_json_object(&o, "restore truncated");
        if v["state"] == "unparseable" {
            expect_code(&o, 2, &format!("{bundle} restore truncated"));
        }
    }
}

#[test]
fn refuses_a_truncated_patched_bundle() {
    for bundle in ["readable-cjs", "minified-esm"] {
        for mode in MODES {
            let t = tree(bundle);
            apply(&t, mode);
            let patched = std::fs::read(&t.target).unwrap();
            // Cut just after the first marked run: markers survive, the stock hash does not.
            let (_, first_end) = marked_runs(&patched)[0];
            std::fs::write(&t.target, &patched[..first_end + 10]).unwrap();
            for args in all_actions().iter().chain([vec!["--restore"]].iter()) {
                let o = refused(
                    &t,
                    &[&args[..], &["--json"]].concat(),
                    &format!("{bundle} {mode} truncated patched {args:?}"),
                );
                assert_eq!(one_json_object(&o, "truncated patched")["state"], "tampered");
            }
        }
    }
}

#[test]
fn drift_when_the_execution_class_method_is_renamed() {
    for bundle in BUNDLES {
        let text = String::from_utf8(stock_bytes(bundle)).unwrap();
        assert!(text.contains("setSteeringReaderIndex"));
        let t = tree_with(bundle, text.replace("setSteeringReaderIndex", "setSteeringCursorAt").as_bytes());
        for args in all_actions() {
            let o = refused(&t, &[&args[..], &["--json"]].concat(), &format!("{bundle} renamed {args:?}"));
            let v = one_json_object(&o, "renamed");
            assert_eq!(v["state"], "drift", "{bundle} {args:?}: {v:#}");
            assert!(reason(&v).contains("execution-class"), "{bundle}: drift names the anchor: {v:#}");
            assert!(stderr(&o).contains("execution-class"), "{bundle}: {}", describe(&o));
        }
    }
}

#[test]
fn drift_when_a_second_class_has_the_cursor_method() {
    for bundle in BUNDLES {
        let mut bytes = stock_bytes(bundle);
        bytes.extend_from_slice(
            b"\nvar OtherExecution = class { setSteeringReaderIndex(i) { this.steeringReaderIndex = i; } };\n",
        );
        let t = tree_with(bundle, &bytes);
        for args in all_actions() {
            let o = refused(&t, &[&args[..], &["--json"]].concat(), &format!("{bundle} second class {args:?}"));
            let v = one_json_object(&o, "second class");
            assert_eq!(v["state"], "drift", "{bundle} {args:?}: {v:#}");
            let error = reason(&v);
            assert!(error.contains("execution-class") && error.contains("found 2"), "{bundle}: {v:#}");
        }
    }
}

#[test]
fn foreign_seed_next_to_a_spawn_site() {
    for bundle in BUNDLES {
        let stock = stock_bytes(bundle);
        let sites = anchor_matches(&stock_check(bundle), "spawn-site");
        // Someone else's seeding, wrapped around the first construction (same function).
        let (start, end) = sites[0];
        let bytes = insert(&stock, &[(start, "(X.setSteeringReaderIndex(0),"), (end, ")")]);
        let t = tree_with(bundle, &bytes);
        for args in all_actions() {
            let o = refused(&t, &[&args[..], &["--json"]].concat(), &format!("{bundle} foreign seed {args:?}"));
            let v = one_json_object(&o, "foreign seed");
            assert_eq!(v["state"], "foreign", "{bundle} {args:?}: {v:#}");
        }
        refused(&t, &["--restore"], &format!("{bundle} restore foreign seed"));
    }
}

#[test]
fn foreign_depth_check_in_the_drain() {
    for bundle in BUNDLES {
        let stock = stock_bytes(bundle);
        let (start, end) = anchor_matches(&stock_check(bundle), "drain-cursor-advance")[0];
        let bytes = insert(&stock, &[(start, "(X.subExecutionDepth,"), (end, ")")]);
        let t = tree_with(bundle, &bytes);
        for args in all_actions() {
            let o = refused(&t, &[&args[..], &["--json"]].concat(), &format!("{bundle} foreign gate {args:?}"));
            let v = one_json_object(&o, "foreign gate");
            assert_eq!(v["state"], "foreign", "{bundle} {args:?}: {v:#}");
        }
        refused(&t, &["--restore"], &format!("{bundle} restore foreign gate"));
    }
}

#[test]
fn foreign_depth_check_readable_if_statement() {
    // The shape a hand-made fix would most likely take.
    let text = String::from_utf8(stock_bytes("readable-cjs")).unwrap();
    let anchor = "    if (!message) continue;\n";
    assert_eq!(text.matches(anchor).count(), 1);
    let text = text.replace(
        anchor,
        &format!("{anchor}    if (execution.subExecutionDepth > 0 && message.kind === \"user\") continue;\n"),
    );
    let t = tree_with("readable-cjs", text.as_bytes());
    for args in all_actions() {
        let o = refused(&t, &[&args[..], &["--json"]].concat(), &format!("foreign if {args:?}"));
        assert_eq!(one_json_object(&o, "foreign if")["state"], "foreign");
    }
}

fn assert_tampered_everywhere(t: &Tree, what: &str) {
    for args in all_actions() {
        let o = refused(t, &[&args[..], &["--json"]].concat(), &format!("{what} {args:?}"));
        let v = one_json_object(&o, what);
        assert_eq!(v["state"], "tampered", "{what} {args:?}: {v:#}");
    }
    let o = refused(t, &["--restore"], &format!("{what} restore"));
    assert!(
        stderr(&o).contains("reinstall kiro-cli"),
        "{what}: restore must point at reinstalling kiro-cli\n{}",
        describe(&o)
    );
    let o = refused(t, &["--restore", "--json"], &format!("{what} restore --json"));
    let v = one_json_object(&o, what);
    assert_eq!(v["state"], "tampered");
    assert!(v["next_step"].as_str().unwrap_or_default().contains("reinstall kiro-cli"), "{v:#}");
}

#[test]
fn tampered_when_a_byte_inside_an_insertion_is_edited() {
    for (n, bundle) in BUNDLES.iter().enumerate() {
        let mode = MODES[n % 2];
        let t = tree(bundle);
        apply(&t, mode);
        let mut bytes = std::fs::read(&t.target).unwrap();
        let (start, _) = marked_runs(&bytes)[0];
        let payload = start + String::from_utf8_lossy(&bytes[start..]).find("*/").unwrap() + 2;
        bytes[payload] ^= 1;
        std::fs::write(&t.target, &bytes).unwrap();
        assert_tampered_everywhere(&t, &format!("{bundle} {mode} payload edited"));
    }
}

#[test]
fn tampered_when_a_byte_outside_the_markers_is_edited() {
    for (n, bundle) in BUNDLES.iter().enumerate() {
        let mode = MODES[(n + 1) % 2];
        let t = tree(bundle);
        apply(&t, mode);
        let mut bytes = std::fs::read(&t.target).unwrap();
        let runs = marked_runs(&bytes);
        let at = String::from_utf8_lossy(&bytes).rfind("MODEL_INVOKE").unwrap();
        assert!(runs.iter().all(|(s, e)| at < *s || at >= *e));
        bytes[at] = b'N';
        std::fs::write(&t.target, &bytes).unwrap();
        assert_tampered_everywhere(&t, &format!("{bundle} {mode} outside edited"));
    }
}

/// The mode a marker records is part of what the tool wrote: flipping it must
/// not make a gate-patched file pass for seed-patched.
#[test]
fn tampered_when_a_marker_mode_is_edited() {
    let t = tree("minified-cjs");
    apply(&t, "gate");
    let text = std::fs::read_to_string(&t.target).unwrap();
    std::fs::write(&t.target, text.replace("mode=gate", "mode=seed")).unwrap();
    // Whatever the tool makes of it, it must not call this file patched in seed mode.
    let (o, v) = check_json(&t, "seed");
    assert!(
        !(code(&o) == 0 && v["mode"] == "seed"),
        "a gate payload under a seed marker passes as patched in seed mode\n{}",
        describe(&o)
    );
    assert_tampered_everywhere(&t, "marker mode edited");
}

/// A whole marked run (marker, payload and end marker) cut out of a seed patch
/// leaves a file that does not even parse; it must not pass for patched.
#[test]
fn tampered_when_a_whole_marked_run_is_removed() {
    let t = tree("minified-cjs");
    apply(&t, "seed");
    let bytes = std::fs::read(&t.target).unwrap();
    let runs = marked_runs(&bytes);
    assert!(runs.len() >= 4);
    let (s, e) = *runs.last().unwrap();
    let mut cut = bytes[..s].to_vec();
    cut.extend_from_slice(&bytes[e..]);
    std::fs::write(&t.target, &cut).unwrap();
    let (o, v) = check_json(&t, "seed");
    assert_ne!(code(&o), 0, "a seed patch missing one of its insertions passes --check as patched: {v:#}");
    assert_tampered_everywhere(&t, "marked run removed");
}

fn fake_dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

#[test]
fn node_missing_refuses_apply_and_dry_run() {
    let t = tree("minified-esm");
    for mode in MODES {
        for action in [&["--dry-run"][..], &[][..]] {
            let args = [action, &["--mode", mode, "--node", "/nonexistent/node"]].concat();
            refused(&t, &args, &format!("node missing {args:?}"));
            let o = refused(&t, &[&args[..], &["--json"]].concat(), "node missing --json");
            let v = one_json_object(&o, "node missing");
            assert_eq!(v["exit_code"], 2);
            assert!(v["error"].is_string());
        }
    }
    // A check needs no node.
    let o = t.run(&["--check", "--node", "/nonexistent/node"]);
    expect_code(&o, 1, "check without node");
}

/// A stand-in node answers `--version` as node does (the tool asks before
/// anything else, to tell a wrong program from a node that rejects the file).
const ANSWERS_VERSION: &str = "[ \"$1\" = --version ] && { echo v20.0.0; exit 0; }\n";

#[test]
fn node_rejecting_refuses_apply_dry_run_and_switch() {
    let dir = fake_dir();
    let node = script(
        dir.path(),
        "node",
        &format!("{ANSWERS_VERSION}echo 'SyntaxError: fake node rejects this file' >&2\nexit 1"),
    );
    let node = node.to_str().unwrap();
    let t = tree("readable-cjs");
    for mode in MODES {
        for action in [&["--dry-run"][..], &[][..]] {
            let args = [action, &["--mode", mode, "--node", node]].concat();
            let o = refused(&t, &args, &format!("node rejects {args:?}"));
            assert!(
                stderr(&o).contains("fake node rejects this file"),
                "node's complaint is passed on\n{}",
                describe(&o)
            );
        }
    }
    // A patched file is not switched when node rejects the other mode.
    apply(&t, "seed");
    refused(&t, &["--mode", "gate", "--node", node], "switch with rejecting node");
    let (_, v) = check_json(&t, "seed");
    assert_eq!(v["mode"], "seed");
}

#[test]
fn node_hanging_is_stopped_by_the_timeout() {
    let dir = fake_dir();
    let node = script(dir.path(), "node", "exec sleep 30");
    let t = tree("minified-cjs");
    for action in [&["--dry-run"][..], &[][..]] {
        let args = [action, &["--node", node.to_str().unwrap(), "--node-timeout", "1"]].concat();
        let started = Instant::now();
        refused(&t, &args, &format!("node hangs {args:?}"));
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the run must stop after --node-timeout, took {:?}",
            started.elapsed()
        );
    }
}

/// node --check starts before the plan exists and reads the patched bytes
/// from its stdin: it must receive exactly the bytes written.
#[test]
fn node_check_reads_exactly_the_patched_bytes() {
    let dir = fake_dir();
    let received = dir.path().join("received.js");
    // The proof runs node with -e; only the --check run copies what it reads.
    let node = script(
        dir.path(),
        "node",
        &format!(
            "if [ \"$1\" = --check ]; then cat > '{r}'; exec node \"$@\" < '{r}'; fi\nexec node \"$@\"",
            r = received.display()
        ),
    );
    let t = tree("readable-cjs");
    let o = t.run(&["--node", node.to_str().unwrap(), "--json"]);
    expect_code(&o, 0, "apply through a copying node");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(sha256_file(&received), v["sha256_after"].as_str().unwrap(), "node checked the bytes that were written");
    assert_eq!(sha256_file(&t.target), v["sha256_after"].as_str().unwrap());
}

/// The check names no file: the bytes come on stdin (a pipe, which nobody can
/// swap for a link), the module type is the one the target's package.json
/// gives, and node runs in the target's folder.
#[test]
fn node_check_reads_stdin_as_the_targets_module_type_in_its_folder() {
    for (bundle, input_type) in [("readable-esm", "--input-type=module"), ("readable-cjs", "--input-type=commonjs")] {
        let dir = fake_dir();
        let log = dir.path().join("args.log");
        // The proof's run (`-e HARNESS`) has a multi-line argument: log the first only.
        let node = script(
            dir.path(),
            "node",
            &format!("echo \"$(pwd -P) $1 $2 $3\" | head -n 1 >> '{}'\nexec node \"$@\"", log.display()),
        );
        let t = tree(bundle);
        let siblings = t.siblings();
        let o = t.run(&["--node", node.to_str().unwrap()]);
        expect_code(&o, 0, &format!("{bundle}: apply with logging node"));
        let logged = std::fs::read_to_string(&log).unwrap();
        let folder = t.target.parent().unwrap().display().to_string();
        let check = format!("{folder} --check {input_type} -");
        assert!(logged.lines().any(|l| l == check), "{bundle}: node was not run as `{check}`:\n{logged}");
        let runs = logged.lines().filter(|l| !l.ends_with(" --version  ")).count();
        assert_eq!(
            runs, 2,
            "{bundle}: the check and the proof (besides `--version`, asked before anything):\n{logged}"
        );
        assert!(
            logged.lines().all(|l| l.starts_with(&format!("{folder} "))),
            "{bundle}: every node run starts in the target's folder:\n{logged}"
        );
        assert_eq!(t.siblings(), siblings, "{bundle}: nothing is left beside the target");
    }
}

#[test]
fn kiro_kas_node_path_is_honoured_and_node_flag_wins() {
    let dir = fake_dir();
    let bad =
        script(dir.path(), "node", &format!("{ANSWERS_VERSION}echo 'rejected by KIRO_KAS_NODE_PATH node' >&2\nexit 1"));
    let t = tree("minified-esm");
    let before = snapshot(&t);
    let o = Command::new(bin())
        .args(["--target", t.target.to_str().unwrap()])
        .env_remove("KIRO_KAS_SERVER_PATH")
        .env("KIRO_KAS_NODE_PATH", &bad)
        .output()
        .unwrap();
    expect_code(&o, 2, "KIRO_KAS_NODE_PATH rejecting");
    assert_untouched(&t, &before, "KIRO_KAS_NODE_PATH", &o);
    assert!(stderr(&o).contains("rejected by KIRO_KAS_NODE_PATH node"), "{}", describe(&o));
    let o = Command::new(bin())
        .args(["--target", t.target.to_str().unwrap(), "--node", "node"])
        .env_remove("KIRO_KAS_SERVER_PATH")
        .env("KIRO_KAS_NODE_PATH", &bad)
        .output()
        .unwrap();
    expect_code(&o, 0, "--node wins over KIRO_KAS_NODE_PATH");
}

#[test]
fn kiro_clis_own_node_is_preferred_over_node_on_path() {
    let data = fake_dir();
    std::fs::create_dir_all(data.path().join("kiro-cli")).unwrap();
    script(
        &data.path().join("kiro-cli"),
        "node",
        &format!("{ANSWERS_VERSION}echo 'rejected by kiro-cli own node' >&2\nexit 1"),
    );
    let t = tree("readable-cjs");
    let before = snapshot(&t);
    let o = Command::new(bin())
        .args(["--target", t.target.to_str().unwrap()])
        .env_remove("KIRO_KAS_SERVER_PATH")
        .env_remove("KIRO_KAS_NODE_PATH")
        .env("XDG_DATA_HOME", data.path())
        .output()
        .unwrap();
    expect_code(&o, 2, "kiro-cli's node rejects");
    assert_untouched(&t, &before, "kiro-cli's node", &o);
    assert!(stderr(&o).contains("rejected by kiro-cli own node"), "{}", describe(&o));
}

// ----------------------------------------------------------------- discovery

#[test]
fn discovery_finds_the_one_tree_and_skips_lock_entries() {
    let install = Install::new("kiro-cli 2.21.0");
    let target = install.add_tree("2.21.0-aaa", "minified-esm");
    install.add_lock("2.21.0-aaa.lock");
    // A lock entry that is a folder holding a bundle must still be skipped.
    install.add_tree("2.21.0-zzz.lock", "minified-cjs");
    // Other versions are ignored.
    install.add_tree("2.20.0-old", "readable-cjs");
    install.add_lock("2.20.0-old.lock");

    let o = install.run(&["--check", "--json"]);
    expect_code(&o, 1, "discovered check");
    let v = one_json_object(&o, "discovered check");
    assert_eq!(v["target"], target.display().to_string(), "{v:#}");
    assert_eq!(v["agent_version"], agent_version("minified-esm"));
    assert!(v["found_by"].as_str().unwrap_or_default().contains("2.21.0"), "{v:#}");

    let listing = install.listing();
    let o = install.run(&["--mode", "gate"]);
    expect_code(&o, 0, "discovered apply");
    let (o2, v) = {
        let o = install.run(&["--check", "--json"]);
        let v = one_json_object(&o, "check after discovered apply");
        (o, v)
    };
    expect_code(&o2, 0, "check after discovered apply");
    assert_eq!(v["mode"], "gate");
    // Only the discovered target changed.
    let after = install.listing();
    let changed: Vec<_> = after.iter().filter(|e| !listing.contains(e)).map(|e| e.0.clone()).collect();
    assert_eq!(changed, vec![target.strip_prefix(install.data.path()).unwrap().display().to_string()], "{o:?}");
    let o = install.run(&["--restore"]);
    expect_code(&o, 0, "discovered restore");
    assert_eq!(install.listing(), listing);
}

#[test]
fn discovery_refuses_several_trees_and_lists_them() {
    let install = Install::new("kiro-cli 2.21.0");
    install.add_tree("2.21.0-aaa", "minified-esm");
    install.add_tree("2.21.0-bbb", "minified-cjs");
    install.add_lock("2.21.0-aaa.lock");
    install.add_lock("2.21.0-bbb.lock");
    let listing = install.listing();
    for args in [vec!["--check"], vec!["--dry-run"], vec![], vec!["--restore"], vec!["--mode", "gate"]] {
        let o = install.run(&args);
        expect_code(&o, 2, &format!("ambiguous {args:?}"));
        let err = stderr(&o);
        assert!(
            err.contains("2.21.0-aaa") && err.contains("2.21.0-bbb"),
            "{args:?}: both trees are listed\n{}",
            describe(&o)
        );
        let o = install.run(&[&args[..], &["--json"]].concat());
        expect_code(&o, 2, "ambiguous --json");
        let v = one_json_object(&o, "ambiguous --json");
        let error = v["error"].as_str().unwrap_or_default();
        assert!(error.contains("2.21.0-aaa") && error.contains("2.21.0-bbb"), "{v:#}");
        assert_eq!(install.listing(), listing, "{args:?}: nothing may change");
    }
}

#[test]
fn discovery_refuses_when_no_tree_matches_and_lists_what_it_found() {
    // Both above 2.21.0 (2.21.01 is 2.21.1), so not even a lagging engine's tree.
    let install = Install::new("kiro-cli 2.21.0");
    install.add_tree("2.22.0-new", "minified-esm");
    install.add_lock("2.22.0-new.lock");
    install.add_tree("2.21.01-other", "minified-esm");
    let listing = install.listing();
    for args in [vec!["--check"], vec![], vec!["--restore"]] {
        let o = install.run(&args);
        expect_code(&o, 2, &format!("no match {args:?}"));
        assert!(stderr(&o).contains("2.22.0-new"), "{args:?}: what was found is listed\n{}", describe(&o));
        assert!(stderr(&o).contains("2.21.0"), "{}", describe(&o));
        let o = install.run(&[&args[..], &["--json"]].concat());
        expect_code(&o, 2, "no match --json");
        one_json_object(&o, "no match --json");
        assert_eq!(install.listing(), listing);
    }
}

#[test]
fn discovery_refuses_when_the_kas_folder_is_empty_or_missing() {
    let install = Install::new("kiro-cli 2.21.0");
    let o = install.run(&["--check", "--json"]);
    expect_code(&o, 2, "empty kas folder");
    one_json_object(&o, "empty kas");
    std::fs::remove_dir_all(install.kas()).unwrap();
    let o = install.run(&["--check", "--json"]);
    expect_code(&o, 2, "missing kas folder");
    one_json_object(&o, "missing kas");
}

#[test]
fn discovery_without_kiro_cli_takes_the_only_tree_and_asks_when_there_are_several() {
    let install = Install::new("kiro-cli 2.21.0");
    let only = install.add_tree("2.21.0-aaa", "minified-esm");
    let empty = fake_dir();
    let o = install.command(&["--check", "--json"]).env("PATH", empty.path()).output().unwrap();
    expect_code(&o, 1, "no kiro-cli, one tree");
    let v = one_json_object(&o, "no kiro-cli, one tree");
    assert_eq!(v["target"], only.display().to_string());
    assert!(v["found_by"].as_str().unwrap().contains("not on PATH"), "{v:#}");
    install.add_tree("2.22.0-bbb", "readable-esm");
    let o = install.command(&["--check", "--json"]).env("PATH", empty.path()).output().unwrap();
    expect_code(&o, 2, "no kiro-cli, two trees");
    let v = one_json_object(&o, "no kiro-cli, two trees");
    let err = v["error"].as_str().unwrap_or_default();
    assert!(err.contains("2.21.0-aaa") && err.contains("2.22.0-bbb") && err.contains("--all"), "{v:#}");
}
#[test]
fn discovery_falls_back_to_home_local_share() {
    let install = Install::new("kiro-cli 2.21.0");
    let home = fake_dir();
    let kas = home.path().join(".local/share/kiro-cli/kas");
    copy_dir(&repo().join("testdata/bundles/readable-esm"), &kas.join("2.21.0-h1"));
    let o =
        install.command(&["--check", "--json"]).env_remove("XDG_DATA_HOME").env("HOME", home.path()).output().unwrap();
    expect_code(&o, 1, "HOME fallback");
    let v = one_json_object(&o, "HOME fallback");
    assert_eq!(v["target"], kas.join("2.21.0-h1").join(BUNDLE_IN_TREE).display().to_string());
}

#[test]
fn kiro_kas_server_path_is_honoured_before_discovery() {
    // Discovery here would be ambiguous, so success proves the variable was used.
    let install = Install::new("kiro-cli 2.21.0");
    install.add_tree("2.21.0-aaa", "minified-esm");
    install.add_tree("2.21.0-bbb", "minified-cjs");
    let t = tree("variant-minified-esm");
    let o = install.command(&["--check", "--json"]).env("KIRO_KAS_SERVER_PATH", &t.target).output().unwrap();
    expect_code(&o, 1, "KIRO_KAS_SERVER_PATH check");
    let v = one_json_object(&o, "KIRO_KAS_SERVER_PATH");
    assert_eq!(v["target"], t.target.display().to_string());
    assert!(v["found_by"].as_str().unwrap_or_default().contains("KIRO_KAS_SERVER_PATH"), "{v:#}");
    let o = install.command(&["--mode", "seed"]).env("KIRO_KAS_SERVER_PATH", &t.target).output().unwrap();
    expect_code(&o, 0, "KIRO_KAS_SERVER_PATH apply");
    assert_ne!(t.sha(), sha256_bytes(&stock_bytes("variant-minified-esm")));
    // --target wins over the variable.
    let other = tree("readable-cjs");
    let o = install
        .command(&["--check", "--json", "--target", other.target.to_str().unwrap()])
        .env("KIRO_KAS_SERVER_PATH", &t.target)
        .output()
        .unwrap();
    expect_code(&o, 1, "--target over KIRO_KAS_SERVER_PATH");
    assert_eq!(one_json_object(&o, "--target wins")["target"], other.target.display().to_string());
}

#[test]
fn a_missing_target_is_refused() {
    let dir = fake_dir();
    let missing = dir.path().join(BUNDLE_IN_TREE);
    for args in [vec!["--check"], vec![], vec!["--dry-run"], vec!["--restore"]] {
        let all = [&["--target", missing.to_str().unwrap(), "--json"][..], &args[..]].concat();
        let o = common::run(&all);
        expect_code(&o, 2, &format!("missing target {args:?}"));
        one_json_object(&o, "missing target");
        assert!(!o.stderr.is_empty());
        assert!(!missing.exists());
    }
}

#[test]
fn a_directory_target_is_refused() {
    let t = tree("readable-cjs");
    let dir = t.target.parent().unwrap();
    for args in [vec!["--check"], vec![], vec!["--restore"]] {
        let before = snapshot(&t);
        let all = [&["--target", dir.to_str().unwrap(), "--json"][..], &args[..]].concat();
        let o = common::run(&all);
        expect_code(&o, 2, &format!("directory target {args:?}"));
        assert_untouched(&t, &before, "directory target", &o);
        one_json_object(&o, "directory target");
    }
}

// --------------------------------------------------------------------- 5. --json

#[test]
fn json_is_exactly_one_object_for_success_and_refusal() {
    let t = tree("minified-cjs");
    // Successes.
    for args in [
        vec!["--check"],
        vec!["--dry-run"],
        vec!["--mode", "gate"],
        vec!["--mode", "gate"],
        vec!["--check"],
        vec!["--restore"],
        vec!["--restore"],
    ] {
        let o = t.run(&[&args[..], &["--json"]].concat());
        let v = one_json_object(&o, &format!("{args:?} --json"));
        assert_eq!(v["exit_code"].as_i64().unwrap() as i32, code(&o), "{args:?}");
        assert!(code(&o) != 2, "{args:?}: {}", describe(&o));
        assert_eq!(v["error"], Value::Null, "{args:?}");
        assert!(o.stderr.is_empty(), "{args:?}: no error text on success\n{}", describe(&o));
    }
    // Refusals: JSON on stdout, the error text on stderr.
    let text = String::from_utf8(stock_bytes("minified-cjs")).unwrap();
    let drift = tree_with("minified-cjs", text.replace("setSteeringReaderIndex", "setCursor").as_bytes());
    for args in [vec!["--check"], vec!["--dry-run"], vec![], vec!["--mode", "gate"]] {
        let o = refused(&drift, &[&args[..], &["--json"]].concat(), "drift --json");
        let v = one_json_object(&o, "drift --json");
        assert_eq!(v["exit_code"], 2);
        assert_eq!(v["state"], "drift");
        if args.contains(&"--check") {
            // --check reports the state; its reason is in the JSON message.
            assert!(reason(&v).contains("execution-class"), "{v:#}");
            continue;
        }
        let error = v["error"].as_str().expect("refusals carry an error");
        assert!(stderr(&o).contains(error), "stderr has the error text\n{}", describe(&o));
        assert!(!stdout(&o).contains("kiro-steer-scope: "), "stdout has nothing but JSON");
    }
}

#[test]
fn json_usage_errors_still_print_one_object() {
    // The contract: --json prints exactly one JSON object on stdout, also on errors.
    let t = tree("minified-cjs");
    for args in
        [vec!["--check", "--restore"], vec!["--mode", "bogus"], vec!["--node-timeout", "soon"], vec!["--bogus-flag"]]
    {
        let before = snapshot(&t);
        let o = t.run(&[&args[..], &["--json"]].concat());
        expect_code(&o, 2, &format!("usage error {args:?}"));
        assert_untouched(&t, &before, "usage error", &o);
        assert!(!o.stderr.is_empty());
        let v = one_json_object(&o, &format!("usage error {args:?} --json"));
        assert_eq!(v["exit_code"], 2);
    }
}

#[test]
fn text_mode_usage_errors_exit_2() {
    let t = tree("minified-cjs");
    let before = snapshot(&t);
    let o = t.run(&["--check", "--dry-run"]);
    expect_code(&o, 2, "conflicting actions");
    assert_untouched(&t, &before, "conflicting actions", &o);
}

// -------------------------------------------------------------------- 6. symlinks

#[test]
fn apply_through_a_symlink_patches_the_real_file_and_keeps_the_link() {
    let t = tree("readable-esm");
    let stock_sha = t.sha();
    let siblings = t.siblings();
    let links = fake_dir();
    let link = links.path().join("acp-server.js");
    symlink(&t.target, &link).unwrap();
    let via = |args: &[&str]| common::run(&[&["--target", link.to_str().unwrap()][..], args].concat());

    let o = via(&["--json", "--mode", "seed"]);
    expect_code(&o, 0, "apply via link");
    let v = one_json_object(&o, "apply via link");
    assert_eq!(v["real_path"], std::fs::canonicalize(&t.target).unwrap().display().to_string());
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
    assert_eq!(std::fs::read_link(&link).unwrap(), t.target);
    assert_ne!(t.sha(), stock_sha, "the real file is patched");
    assert_eq!(file_mode(&t.target), ODD_MODE);
    assert_eq!(t.siblings(), siblings);
    let link_dir: Vec<_> = std::fs::read_dir(links.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(link_dir.len(), 1, "nothing beside the link either: {link_dir:?}");
    let (o, c) = check_json(&t, "seed");
    expect_code(&o, 0, "check real file");
    assert_eq!(c["mode"], "seed");

    let o = via(&["--mode", "gate"]);
    expect_code(&o, 0, "switch via link");
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    let o = via(&["--restore"]);
    expect_code(&o, 0, "restore via link");
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(t.sha(), stock_sha);
    assert_eq!(t.siblings(), siblings);
}

#[test]
fn a_relative_symlink_in_the_bundle_folder_is_followed() {
    let t = tree("minified-esm");
    let real = t.target.with_file_name("acp-server.real.js");
    std::fs::rename(&t.target, &real).unwrap();
    symlink("acp-server.real.js", &t.target).unwrap();
    let siblings = t.siblings();
    let o = t.run(&["--mode", "gate"]);
    expect_code(&o, 0, "apply via relative link");
    assert!(std::fs::symlink_metadata(&t.target).unwrap().file_type().is_symlink());
    assert_ne!(sha256_file(&real), sha256_bytes(&stock_bytes("minified-esm")));
    assert_eq!(t.siblings(), siblings);
    let o = t.run(&["--restore"]);
    expect_code(&o, 0, "restore via relative link");
    assert_eq!(sha256_file(&real), sha256_bytes(&stock_bytes("minified-esm")));
    assert!(std::fs::symlink_metadata(&t.target).unwrap().file_type().is_symlink());
}

// ---------------------------------------------------------------- 7. --anchors

fn anchors_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&repo().join("anchors"), dir.path());
    dir
}

#[test]
fn anchors_dir_copy_behaves_like_the_builtin_set() {
    let anchors = anchors_copy();
    let a = anchors.path().to_str().unwrap();
    for bundle in BUNDLES {
        let t = tree(bundle);
        let builtin = t.run(&["--dry-run", "--json", "--mode", "seed"]);
        let from_dir = t.run(&["--dry-run", "--json", "--mode", "seed", "--anchors", a]);
        expect_code(&from_dir, 0, &format!("{bundle} dry-run --anchors"));
        let (b, d) = (one_json_object(&builtin, "builtin"), one_json_object(&from_dir, "--anchors"));
        let by_id = |v: &Value| {
            let mut a = v["anchors"].as_array().unwrap().clone();
            a.sort_by_key(|x| x["id"].as_str().unwrap().to_string());
            a
        };
        assert_eq!(by_id(&b), by_id(&d), "{bundle}");
        assert_eq!(b["insertions"], d["insertions"], "{bundle}");
        assert_eq!(b["sha256_after"], d["sha256_after"], "{bundle}");
        let o = t.run(&["--check", "--anchors", a]);
        expect_code(&o, 1, &format!("{bundle} check --anchors"));
        let o = t.run(&["--mode", "gate", "--anchors", a]);
        expect_code(&o, 0, &format!("{bundle} apply --anchors"));
        let o = t.run(&["--restore", "--anchors", a]);
        expect_code(&o, 0, &format!("{bundle} restore --anchors"));
        assert_eq!(t.sha(), sha256_bytes(&stock_bytes(bundle)));
    }
}

#[test]
fn anchors_dir_is_really_used() {
    // Demanding exactly one spawn site makes every fixture (two or more) drift.
    let anchors = anchors_copy();
    let file = anchors.path().join("spawn-site.toml");
    let text = std::fs::read_to_string(&file).unwrap().replace("count = \"at least 1\"", "count = \"exactly 1\"");
    std::fs::write(&file, text).unwrap();
    let t = tree("readable-cjs");
    let o = refused(&t, &["--check", "--json", "--anchors", anchors.path().to_str().unwrap()], "edited anchors");
    let v = one_json_object(&o, "edited anchors");
    assert_eq!(v["state"], "drift");
    assert!(reason(&v).contains("spawn-site"), "{v:#}");
}

#[test]
fn broken_anchors_dir_is_refused() {
    let t = tree("minified-esm");
    // Each case damages a copy of the anchors folder.
    type Damage = fn(&Path);
    let cases: Vec<(&str, Damage)> = vec![
        ("bad toml", |d| std::fs::write(d.join("drain.toml"), "id = \"drain\"\nkind = [unclosed\n").unwrap()),
        ("bad count", |d| {
            let f = d.join("drain.toml");
            let text = std::fs::read_to_string(&f).unwrap().replace("count = \"exactly 1\"", "count = \"several\"");
            std::fs::write(f, text).unwrap()
        }),
        ("bad bundle.toml", |d| std::fs::write(d.join("bundle.toml"), "identify-by = \n").unwrap()),
        ("missing anchor", |d| std::fs::remove_file(d.join("execution-class.toml")).unwrap()),
        ("no bundle.toml", |d| std::fs::remove_file(d.join("bundle.toml")).unwrap()),
    ];
    for (what, damage) in cases {
        let anchors = anchors_copy();
        damage(anchors.path());
        let a = anchors.path().to_str().unwrap();
        for args in [vec!["--check"], vec!["--dry-run"], vec![], vec!["--restore"]] {
            let o = refused(&t, &[&args[..], &["--anchors", a, "--json"]].concat(), &format!("{what} {args:?}"));
            let v = one_json_object(&o, what);
            assert!(v["error"].as_str().unwrap_or_default().contains("anchors"), "{what}: {v:#}");
        }
    }
    let o = refused(&t, &["--anchors", "/nonexistent/anchors"], "missing anchors dir");
    assert!(stderr(&o).contains("/nonexistent/anchors"));
}

#[test]
fn restore_needs_no_anchors_beyond_the_markers() {
    // Restore works from the markers alone: a patched file restores even with
    // anchors that would no longer resolve it.
    let t = tree("variant-minified-esm");
    apply(&t, "seed");
    let anchors = anchors_copy();
    let file = anchors.path().join("spawn-site.toml");
    let text = std::fs::read_to_string(&file).unwrap().replace("count = \"at least 1\"", "count = \"exactly 1\"");
    std::fs::write(&file, text).unwrap();
    let o = t.run(&["--restore", "--anchors", anchors.path().to_str().unwrap()]);
    expect_code(&o, 0, "restore with drifting anchors");
    assert_eq!(t.sha(), sha256_bytes(&stock_bytes("variant-minified-esm")));
}

/// A seed patch written by an earlier kiro-steer-scope, before the seed's
/// fence (issue 42; `testdata/old-patches`, made by that release): `--check`
/// says apply would upgrade it, apply rewrites it in place with the fence,
/// and `--restore` gives back the stock bytes, from the old patch or the new.
#[test]
fn a_seed_patch_from_before_the_fence_is_upgraded_in_place_and_restores() {
    for bundle in ["readable-cjs", "minified-esm"] {
        let old = std::fs::read(repo().join(format!("testdata/old-patches/{bundle}-seed-645e4d7.js"))).unwrap();
        let stock_sha = sha256_bytes(&stock_bytes(bundle));

        let t = tree_with(bundle, &old);
        let (o, v) = check_json(&t, "seed");
        expect_code(&o, 1, &format!("{bundle}: --check on an old seed patch: apply would write"));
        assert_eq!(v["state"], "patched", "{bundle}: {v:#}");
        assert!(v["message"].as_str().unwrap().contains("without the seed's fence"), "{bundle}: {v:#}");
        assert_eq!(t.sha(), sha256_bytes(&old), "{bundle}: --check writes nothing");

        let v = apply(&t, "seed");
        assert_eq!(v["changed"], true, "{bundle}: {v:#}");
        assert!(v["message"].as_str().unwrap().starts_with("upgraded the seed mode patch"), "{bundle}: {v:#}");
        assert_eq!(v["proof"]["outcome"], "passed", "{bundle}: {v:#}");
        let upgraded = t.sha();
        let fresh = Tree::copy(bundle);
        apply(&fresh, "seed");
        assert_eq!(upgraded, fresh.sha(), "{bundle}: the upgrade writes what apply writes on stock");
        let (o, v) = check_json(&t, "seed");
        expect_code(&o, 0, &format!("{bundle}: --check after the upgrade"));
        assert!(!v["message"].as_str().unwrap().contains("fence"), "{bundle}: {v:#}");
        assert_eq!(apply(&t, "seed")["changed"], false, "{bundle}: the upgrade is done once");

        expect_code(&t.run(&["--restore"]), 0, &format!("{bundle}: restore after the upgrade"));
        assert_eq!(t.sha(), stock_sha, "{bundle}: restore after the upgrade is byte-exact");
        let t = tree_with(bundle, &old);
        expect_code(&t.run(&["--restore"]), 0, &format!("{bundle}: restore of the old patch"));
        assert_eq!(t.sha(), stock_sha, "{bundle}: restore of the old patch is byte-exact");
    }
}
