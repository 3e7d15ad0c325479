//! A real-size bundle full of decoys: the model bundle followed by
//! TypeScript's own 6 MB compiler (real esbuild output: thousands of classes,
//! `new` expressions and top-level functions; never run here, only parsed,
//! patched, checked and sliced). The
//! anchors must still resolve exactly once where they must, the proof must
//! pass, and apply and restore must be byte-exact. It is also large enough to
//! be parsed and walked in two halves.

mod common;

use common::{code, json, repo, Tree};

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
        let out = tree.run(&["--check", "--json"]);
        let v = json(&out);
        assert_eq!(code(&out), 1, "{bundle}: {v:#}");
        let anchor = |id: &str| v["anchors"].as_array().unwrap().iter().find(|a| a["id"] == id).unwrap_or_else(|| panic!("no {id}")).clone();
        assert_eq!(anchor("execution-class")["matches"].as_array().unwrap().len(), 1);
        assert_eq!(anchor("spawn-site")["matches"].as_array().unwrap().len(), 2, "{bundle}: only the model's two spawn sites");
        assert_eq!(anchor("drain")["matches"].as_array().unwrap().len(), 1);
        for mode in ["seed", "gate"] {
            let proof = tree.run(&["--prove", "--mode", mode]);
            assert_eq!(code(&proof), 0, "{bundle} {mode}: {}", String::from_utf8_lossy(&proof.stdout));
            let applied = tree.run(&["--mode", mode]);
            assert_eq!(code(&applied), 0, "{bundle} {mode}: {}", String::from_utf8_lossy(&applied.stderr));
            assert_eq!(code(&tree.run(&["--check"])), 0);
        }
        assert_eq!(code(&tree.run(&["--restore"])), 0);
        assert_eq!(tree.sha(), stock, "{bundle}: restore is byte-exact on the large bundle");
    }
}
