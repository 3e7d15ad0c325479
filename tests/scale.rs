//! A real-size bundle full of decoys: the model bundle followed by
//! TypeScript's own 6 MB compiler (real esbuild output: thousands of classes,
//! `new` expressions and top-level functions; never run here, only parsed,
//! patched, checked and sliced). The
//! anchors must still resolve exactly once where they must, the proof must
//! pass, and apply and restore must be byte-exact. It is also large enough to
//! be scanned on two cores and, with the whole-file parse forced, parsed and
//! walked in two halves.
//!
//! And the prefilter (parse only what the anchors can touch) against the
//! whole-file parse, end to end: on every fixture bundle and on the decoyed
//! ones, in both modes, the same state, anchors, insertions, patched bytes
//! (their sha256) and proof, with the prefilter's path taken.

mod common;

use std::process::{Command, Output};

use common::{bin, code, json, repo, Ask, Tree, BUNDLE_IN_TREE};

const WHOLE_PARSE: &str = "KIRO_STEER_SCOPE_WHOLE_PARSE";

fn decoyed(bundle: &str) -> Tree {
    let tree = Tree::copy(bundle);
    let tsc = std::fs::read_to_string(repo().join("testdata/not-kas/node_modules/typescript/lib/_tsc.js")).unwrap();
    let model = std::fs::read_to_string(&tree.target).unwrap();
    std::fs::write(&tree.target, format!("{model}\n;\n{tsc}\n")).unwrap();
    tree
}

#[test]
fn anchors_resolve_exactly_among_thousands_of_decoys() {
    for bundle in ["readable-cjs", "minified-cjs"] {
        let tree = decoyed(bundle);
        let stock = tree.sha();
        let (exit, v) = tree.judge(Ask::check());
        assert_eq!(exit, 1, "{bundle}: {v:#}");
        assert_eq!(v["parse"], "prefilter", "{bundle}: {v:#}");
        let anchor = |id: &str| {
            v["anchors"].as_array().unwrap().iter().find(|a| a["id"] == id).unwrap_or_else(|| panic!("no {id}")).clone()
        };
        assert_eq!(anchor("execution-class")["matches"].as_array().unwrap().len(), 1);
        assert_eq!(
            anchor("spawn-site")["matches"].as_array().unwrap().len(),
            2,
            "{bundle}: only the model's two spawn sites"
        );
        assert_eq!(anchor("drain")["matches"].as_array().unwrap().len(), 1);
        for mode in ["seed", "gate"] {
            let (exit, proof) = tree.judge(Ask::prove().mode(mode));
            assert_eq!(exit, 0, "{bundle} {mode}: {proof:#}");
            let applied = tree.run(&["--mode", mode]);
            assert_eq!(code(&applied), 0, "{bundle} {mode}: {}", String::from_utf8_lossy(&applied.stderr));
            assert_eq!(code(&tree.run(&["--check"])), 0);
        }
        assert_eq!(code(&tree.run(&["--restore"])), 0);
        assert_eq!(tree.sha(), stock, "{bundle}: restore is byte-exact on the large bundle");
    }
}

fn run_with(target: &std::path::Path, args: &[&str], whole: bool) -> Output {
    let mut command = Command::new(bin());
    command.arg("--target").arg(target).args(args).env_remove("KIRO_KAS_SERVER_PATH").env_remove("KIRO_KAS_NODE_PATH");
    if whole {
        command.env(WHOLE_PARSE, "1");
    } else {
        command.env_remove(WHOLE_PARSE);
    }
    command.output().unwrap()
}

/// Runs `args` with the prefilter and with the whole-file parse; they must
/// agree on everything but which parse ran (and how long the proof took).
fn agree(what: &str, target: &std::path::Path, args: &[&str]) -> serde_json::Value {
    agree_taking(what, target, args, "prefilter")
}

/// `agree`, where the run without the forced whole parse takes `path`.
fn agree_taking(what: &str, target: &std::path::Path, args: &[&str], path: &str) -> serde_json::Value {
    let (prefiltered, whole) = (run_with(target, args, false), run_with(target, args, true));
    let (mut p, mut w) = (json(&prefiltered), json(&whole));
    assert_eq!(p["parse"], path, "{what} {args:?}: {}", p["parse_reason"]);
    assert_eq!(w["parse"], "whole", "{what} {args:?}");
    assert_eq!(code(&prefiltered), code(&whole), "{what} {args:?}");
    for v in [&mut p, &mut w] {
        let o = v.as_object_mut().unwrap();
        for key in ["parse", "parse_reason", "parsed_bytes"] {
            o.remove(key);
        }
        if let Some(proof) = o.get_mut("proof").and_then(|p| p.as_object_mut()) {
            proof.remove("elapsed_ms");
        }
    }
    assert!(
        p == w,
        "{what} {args:?}: the prefilter's run differs from the whole parse's\n--- prefilter\n{p:#}\n--- whole\n{w:#}"
    );
    p
}

#[test]
fn the_prefilter_agrees_with_the_whole_parse_on_every_fixture_and_mode() {
    let mut bundles: Vec<String> = std::fs::read_dir(repo().join("testdata/bundles"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join(BUNDLE_IN_TREE).is_file())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    bundles.sort();
    assert!(bundles.len() >= 10, "{bundles:?}");
    for bundle in &bundles {
        let tree = Tree::copy(bundle);
        for mode in ["seed", "gate"] {
            let v = agree(bundle, &tree.target, &["--dry-run", "--json", "--mode", mode, "--rewind-on-clear"]);
            assert_eq!(v["state"], "stock", "{bundle} {mode}: {v:#}");
            assert_eq!(v["proof"]["outcome"], "passed", "{bundle} {mode}: {v:#}");
            let v = agree(bundle, &tree.target, &["--dry-run", "--json", "--mode", mode]);
            assert_eq!(v["proof"]["outcome"], "passed", "{bundle} {mode}: {v:#}");
            assert!(
                !v["insertions"].as_array().unwrap().is_empty() && v["sha256_after"].is_string(),
                "{bundle} {mode}: {v:#}"
            );
            agree(bundle, &tree.target, &["--check", "--json", "--mode", mode]);
        }
    }
}

#[test]
fn the_prefilter_agrees_with_the_whole_parse_among_decoys() {
    for bundle in ["readable-cjs", "minified-cjs"] {
        let tree = decoyed(bundle);
        for mode in ["seed", "gate"] {
            let v = agree(&format!("{bundle} with tsc"), &tree.target, &["--dry-run", "--json", "--mode", mode]);
            assert_eq!(v["exit_code"], 0, "{bundle} {mode}: {v:#}");
        }
    }
}

/// The shape of a real readable ESM bundle (issue 15): esbuild wraps a lazily
/// loaded module whole in one `__esm({ async "…"() {…} })` statement, over half
/// the file. Its names are near misses (`isHandledReflectionObject` beside real
/// `handlers` and `size`): a name is searched as a whole token, so the
/// statement is not selected, and both parses still agree.
#[test]
fn near_miss_names_in_a_huge_lazy_module_do_not_select_it() {
    for bundle in ["readable-esm", "minified-esm"] {
        let tree = Tree::copy(bundle);
        let model = std::fs::read_to_string(&tree.target).unwrap();
        let mut lazy = String::from("var registry;\nvar init_lazy_chunk = __esm({\n  async \"lazy-chunk.mjs\"() {\n    registry = [];\n    await Promise.resolve();\n");
        let mut i = 0;
        while lazy.len() < 3 * model.len().max(1 << 20) {
            lazy.push_str(&format!(
                "    registry.push(class ReflectionRegistry{i} {{\n      constructor() {{ this.handlers = new Map(); this.size = 0; }}\n      isHandledReflectionObject(o) {{ return this.handlers.has(o) && this.handlers.size > {}; }}\n      enroll(o, h) {{ this.handlers.set(o, h); this.size = this.handlers.size; return this; }}\n    }});\n",
                i % 7
            ));
            i += 1;
        }
        // (`enroll`, not `register`: a method of the key the execution's constructor calls,
        // `register`, may be the one it reaches, so every statement defining one is read.)
        // Code follows it, as in a real bundle (the last statement is always parsed).
        lazy.push_str("  }\n});\nvar lazyChunkLoaded = false;\n");
        std::fs::write(&tree.target, format!("{model}\n{lazy}")).unwrap();
        for mode in ["seed", "gate"] {
            let v =
                agree(&format!("{bundle} with a lazy module"), &tree.target, &["--dry-run", "--json", "--mode", mode]);
            assert_eq!(v["exit_code"], 0, "{bundle} {mode}: {v:#}");
        }
        let v = json(&run_with(&tree.target, &["--check", "--json"], false));
        assert!(
            v["parsed_bytes"].as_u64().unwrap() < 100_000,
            "{bundle}: the lazy module was parsed: {}",
            v["parse_reason"]
        );
    }
}

/// The classes' minified names (`Y`, `ne`) spelled only inside strings,
/// template texts, regular expressions and comments of a statement over half
/// the file, after `new` and before `=` as a construction or a helper's
/// naming would be (issue 41: a Unicode table's `"\\p{Pc}"`): no token is the
/// name, so the statement is no candidate and the prefilter still runs.
#[test]
fn names_inside_literals_do_not_select_a_statement() {
    let tree = Tree::copy("third-minified-esm");
    let model = std::fs::read_to_string(&tree.target).unwrap();
    let mut table = String::from("var unicodeClasses={");
    let mut i = 0;
    while table.len() < 3 * model.len().max(1 << 20) {
        table.push_str(&format!(
            "k{i}:[\"\\\\p{{Y}}\",\"new Y(1)\",\"Y=function(){{}}\",`Y ${{i}} new ne(2) ne=1`,/new Y\\(|ne=/g,/* new Y(3); ne=4 */!0],// Y=ne\n"
        ));
        i += 1;
    }
    table.push_str("k:0};\nvar afterTable=1;\n");
    std::fs::write(&tree.target, format!("{model}\n{table}")).unwrap();
    let v = agree("a name inside literals", &tree.target, &["--check", "--json"]);
    assert_eq!(v["state"], "stock", "{v:#}");
    for mode in ["seed", "gate"] {
        let v = agree("a name inside literals", &tree.target, &["--dry-run", "--json", "--mode", mode]);
        assert_eq!(v["exit_code"], 0, "{mode}: {v:#}");
    }
    let v = json(&run_with(&tree.target, &["--check", "--json"], false));
    assert!(v["parsed_bytes"].as_u64().unwrap() < 100_000, "the table was parsed: {}", v["parse_reason"]);
}
