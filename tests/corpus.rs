//! The foreign corpus (testdata/corpus, copied from the models written
//! independently of the project): its own `run` drives the binary on every
//! bundle in both modes as a user would (check, dry-run, apply, the scenarios
//! under node, re-apply, the rewind, restore) and judges each by behaviour
//! against a hand-made reference fix. Every line must read `right`.

mod common;

use std::process::Command;

#[test]
fn every_corpus_bundle_is_right_in_both_modes() {
    let run = common::repo().join("testdata/corpus/run");
    let out = Command::new("bash").arg(&run).arg(common::bin()).output().expect("bash runs the corpus");
    let stdout = String::from_utf8_lossy(&out.stdout);
    print!("{stdout}");
    let lines: Vec<&str> = stdout
        .lines()
        .filter(|l| !l.starts_with("corpus:") && (l.ends_with(" right") || l.contains(" WRONG: ")))
        .collect();
    // Every bundle in the folder, both modes: a bundle added to the corpus is judged too.
    let bundles = std::fs::read_dir(common::repo().join("testdata/corpus/bundles"))
        .expect("the corpus bundles")
        .filter(|e| e.as_ref().is_ok_and(|e| e.path().extension().is_some_and(|x| x == "js")))
        .count();
    assert!(bundles >= 26, "the corpus holds {bundles} bundles, fewer than the 26 of models a-d");
    assert_eq!(
        lines.len(),
        bundles * 2,
        "{bundles} bundles in 2 modes, one line each; got:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let wrong: Vec<&&str> = lines.iter().filter(|l| !l.ends_with(" right")).collect();
    assert!(
        wrong.is_empty(),
        "corpus cases not right:\n{}",
        wrong.iter().map(|l| format!("  {l}\n")).collect::<String>()
    );
    assert!(out.status.success(), "the corpus run failed:\n{stdout}");
}
