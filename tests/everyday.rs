//! Everyday use: --ensure from a shell function, --all over every tree, the
//! cheap no-op, the macOS data folder, completions and the man page.

mod common;

use std::path::{Path, PathBuf};

use common::{
    code, copy_dir, describe, repo, script, sha256_file, stderr as err, stdout as out, Install, BUNDLE_IN_TREE,
};
use serde_json::Value;

/// A tree whose execution class lost its cursor method: the anchors drift.
fn add_drifted_tree(install: &Install, name: &str) -> PathBuf {
    let target = install.add_tree(name, "minified-cjs");
    let text = std::fs::read_to_string(&target).unwrap();
    std::fs::write(&target, text.replace("setSteeringReaderIndex", "setCursor")).unwrap();
    target
}

/// A `node` that records each run in `log`, then runs the real node.
fn recording_node(dir: &Path, log: &Path) -> PathBuf {
    let real =
        String::from_utf8(std::process::Command::new("sh").args(["-c", "command -v node"]).output().unwrap().stdout)
            .unwrap();
    script(dir, "node", &format!("echo run >> '{}'\nexec '{}' \"$@\"", log.display(), real.trim()))
}

#[test]
fn ensure_in_each_state() {
    let install = Install::new("kiro-cli 2.22.0");
    let target = install.add_tree("2.22.0-abc", "minified-esm");
    let stock = sha256_file(&target);

    // Stock: patched, and --quiet says nothing at all.
    let o = install.run(&["--ensure", "--quiet"]);
    assert_eq!(code(&o), 0, "{}", describe(&o));
    assert!(o.stdout.is_empty() && o.stderr.is_empty(), "quiet success prints nothing\n{}", describe(&o));
    let patched = sha256_file(&target);
    assert_ne!(patched, stock);

    // Patched in the mode: nothing is written and no node runs.
    let log = tempfile::tempdir().unwrap();
    let node = recording_node(log.path(), &log.path().join("runs"));
    let o = install.run(&["--ensure", "--quiet", "--node", node.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", describe(&o));
    assert!(o.stdout.is_empty() && o.stderr.is_empty(), "{}", describe(&o));
    assert_eq!(sha256_file(&target), patched);
    assert!(!log.path().join("runs").exists(), "a no-op ensure ran node");
    let o = install.run(&["--ensure"]);
    assert!(out(&o).contains("already patched in seed mode"), "{}", describe(&o));
    assert_eq!(out(&o).lines().count(), 1, "ensure prints one line\n{}", describe(&o));

    // Patched in the other mode: switched.
    let o = install.run(&["--ensure", "--quiet", "--mode", "gate"]);
    assert_eq!(code(&o), 0, "{}", describe(&o));
    let v: Value = serde_json::from_slice(&install.run(&["--check", "--json", "--mode", "gate"]).stdout).unwrap();
    assert_eq!(v["mode"], "gate");

    // Drift: one line on stderr, exit 2, nothing written.
    let other = Install::new("kiro-cli 2.22.0");
    let drifted = add_drifted_tree(&other, "2.22.0-def");
    let before = sha256_file(&drifted);
    let o = other.run(&["--ensure", "--quiet"]);
    assert_eq!(code(&o), 2, "{}", describe(&o));
    assert!(o.stdout.is_empty(), "{}", describe(&o));
    assert_eq!(err(&o).lines().count(), 1, "one line on stderr\n{}", describe(&o));
    assert!(err(&o).contains("drift"), "{}", describe(&o));
    assert_eq!(sha256_file(&drifted), before);

    // The tree of a fresh upgrade is not unpacked yet, and no older one is
    // there to run: exit 1, one line, nothing else.
    let upgraded = Install::new("kiro-cli 2.23.0");
    upgraded.add_tree("2.24.0-abc", "minified-esm");
    let o = upgraded.run(&["--ensure", "--quiet"]);
    assert_eq!(code(&o), 1, "{}", describe(&o));
    assert_eq!(err(&o).lines().count(), 1, "{}", describe(&o));
    assert!(err(&o).contains("2.23.0") && err(&o).contains("first start"), "{}", describe(&o));
}

/// An apply that finds the file patched in its mode does not parse or run node.
#[test]
fn a_no_op_apply_runs_no_node_and_writes_nothing() {
    let install = Install::new("kiro-cli 2.22.0");
    let target = install.add_tree("2.22.0-abc", "readable-cjs");
    assert_eq!(code(&install.run(&[])), 0);
    let patched = sha256_file(&target);
    let modified = std::fs::metadata(&target).unwrap().modified().unwrap();
    let log = tempfile::tempdir().unwrap();
    let node = recording_node(log.path(), &log.path().join("runs"));
    for args in [&[][..], &["--dry-run"][..]] {
        let o = install.run(&[args, &["--node", node.to_str().unwrap(), "--json"]].concat());
        assert_eq!(code(&o), 0, "{}", describe(&o));
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["changed"], false);
        assert!(v["message"].as_str().unwrap().contains("already patched"), "{v:#}");
    }
    assert!(!log.path().join("runs").exists(), "a no-op ran node");
    assert_eq!(sha256_file(&target), patched);
    assert_eq!(std::fs::metadata(&target).unwrap().modified().unwrap(), modified);
}

#[test]
fn all_trees_with_mixed_states() {
    let install = Install::new("kiro-cli 2.22.0");
    let stock = install.add_tree("2.20.0-aaa", "minified-esm");
    let patched = install.add_tree("2.21.0-bbb", "readable-cjs");
    let drifted = add_drifted_tree(&install, "2.21.4-ccc");
    let newest = install.add_tree("2.22.0-ddd", "third-minified-esm");
    install.add_lock("2.22.0-ddd.lock");
    let o = install.run(&["--target", patched.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", describe(&o));

    // --check: one line each, in folder order; the worst exit code.
    let o = install.run(&["--all", "--check"]);
    assert_eq!(code(&o), 2, "{}", describe(&o));
    let lines: Vec<String> = out(&o).lines().chain(err(&o).lines()).map(str::to_string).collect();
    assert_eq!(lines.len(), 4, "{}", describe(&o));
    for (version, state) in [("2.20.0", "stock"), ("2.21.0", "patched"), ("2.21.4", "drift"), ("2.22.0", "stock")] {
        assert!(lines.iter().any(|l| l.contains(version) && l.contains(state)), "{version} {state}\n{}", describe(&o));
    }
    assert!(lines.iter().any(|l| l.contains("@kiro/agent 0.74.0")), "{}", describe(&o));

    // --json: an array, one object per tree.
    let v: Value = serde_json::from_slice(&install.run(&["--all", "--check", "--json"]).stdout).unwrap();
    let all = v.as_array().expect("an array");
    assert_eq!(all.len(), 4);
    assert_eq!(
        all.iter().map(|t| t["cli_version"].as_str().unwrap()).collect::<Vec<_>>(),
        ["2.20.0", "2.21.0", "2.21.4", "2.22.0"]
    );

    // Apply: each tree on its own; the drifted one is refused and untouched.
    let drift_before = sha256_file(&drifted);
    let o = install.run(&["--all"]);
    assert_eq!(code(&o), 2, "{}", describe(&o));
    assert_eq!(sha256_file(&drifted), drift_before);
    for t in [&stock, &patched, &newest] {
        let o = install.run(&["--check", "--target", t.to_str().unwrap()]);
        assert_eq!(code(&o), 0, "{} is patched after --all\n{}", t.display(), describe(&o));
    }

    // --restore --all: every patched tree back to its stock bytes (a tree
    // without markers has nothing to remove, which is not an error).
    let o = install.run(&["--all", "--restore"]);
    assert_eq!(code(&o), 0, "{}", describe(&o));
    for (t, bundle) in [(&stock, "minified-esm"), (&patched, "readable-cjs"), (&newest, "third-minified-esm")] {
        assert_eq!(sha256_file(t), sha256_file(&repo().join("testdata/bundles").join(bundle).join(BUNDLE_IN_TREE)));
    }

    // Without the drifted tree, --all is clean.
    std::fs::remove_dir_all(drifted.ancestors().nth(6).unwrap()).unwrap();
    let o = install.run(&["--all", "--dry-run", "--quiet"]);
    assert_eq!(code(&o), 0, "{}", describe(&o));
    assert!(o.stdout.is_empty(), "{}", describe(&o));
}

#[test]
fn all_refuses_with_target_and_reports_an_empty_data_folder() {
    let install = Install::new("kiro-cli 2.22.0");
    let o = install.run(&["--all", "--check"]);
    assert_eq!(code(&o), 2, "{}", describe(&o));
    assert!(err(&o).contains("no KAS tree"), "{}", describe(&o));
    let o = install.run(&["--all", "--target", "x.js"]);
    assert_eq!(code(&o), 2);
}

/// The macOS layout (`~/Library/Application Support/kiro-cli`), driven on any machine.
#[test]
fn macos_layout_is_discovered() {
    let install = Install::new("kiro-cli 2.22.0");
    let home = tempfile::tempdir().unwrap();
    let kas = home.path().join("Library/Application Support/kiro-cli/kas");
    copy_dir(&repo().join("testdata/bundles/minified-esm"), &kas.join("2.22.0-mac"));
    let o = install
        .command(&["--check", "--json"])
        .env("KIRO_STEER_SCOPE_PLATFORM", "macos")
        .env("HOME", home.path())
        .output()
        .unwrap();
    assert_eq!(code(&o), 1, "{}", describe(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["target"], kas.join("2.22.0-mac").join(BUNDLE_IN_TREE).display().to_string());
    // Kiro's own node is looked for in the same data folder.
    let node_dir = kas.parent().unwrap();
    let log = node_dir.join("runs");
    let real =
        String::from_utf8(std::process::Command::new("sh").args(["-c", "command -v node"]).output().unwrap().stdout)
            .unwrap();
    script(node_dir, "node", &format!("echo run >> '{}'\nexec '{}' \"$@\"", log.display(), real.trim()));
    let o = install
        .command(&["--dry-run"])
        .env("KIRO_STEER_SCOPE_PLATFORM", "macos")
        .env("HOME", home.path())
        .output()
        .unwrap();
    assert_eq!(code(&o), 0, "{}", describe(&o));
    assert!(log.exists(), "kiro-cli's own node under Application Support was used");
}

/// KIRO_DATA_DIR replaces the data folder; a tree being extracted
/// (`.incoming*`) is never taken; an engine lagging the CLI is found.
#[test]
fn kiro_data_dir_incoming_entries_and_a_lagging_engine() {
    let install = Install::new("kiro-cli 2.15.2");
    let data = tempfile::tempdir().unwrap();
    let kas = data.path().join("kas");
    copy_dir(&repo().join("testdata/bundles/minified-esm"), &kas.join("2.15.1-aaa"));
    copy_dir(&repo().join("testdata/bundles/minified-esm"), &kas.join("2.9.9-old"));
    // Half written: must not be patched, listed or chosen.
    copy_dir(&repo().join("testdata/bundles/readable-cjs"), &kas.join(".incoming-2.15.2-bbb"));
    let half = kas.join(".incoming-2.15.2-bbb").join(BUNDLE_IN_TREE);
    let before = sha256_file(&half);
    let o = install.command(&["--check", "--json"]).env("KIRO_DATA_DIR", data.path()).output().unwrap();
    assert_eq!(code(&o), 1, "{}", describe(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["target"],
        kas.join("2.15.1-aaa").join(BUNDLE_IN_TREE).display().to_string(),
        "2.15.1 is the newest tree not above 2.15.2"
    );
    assert!(v["found_by"].as_str().unwrap().contains("lags"), "{v:#}");
    assert_eq!(v["cli_version"], "2.15.2", "the version kiro-cli gave is known: {v:#}");
    // The text says so too, on a line of its own.
    let o = install.command(&["--check"]).env("KIRO_DATA_DIR", data.path()).output().unwrap();
    let found = out(&o).lines().find(|l| l.starts_with("found:")).map(str::to_string);
    let found = found.unwrap_or_else(|| panic!("no found: line\n{}", describe(&o)));
    for says in ["kiro-cli 2.15.2", "2.15.1", "the engine lags the CLI"] {
        assert!(found.contains(says), "{says}: {found}");
    }
    let o = install.command(&["--all", "--json"]).env("KIRO_DATA_DIR", data.path()).output().unwrap();
    assert_eq!(code(&o), 0, "{}", describe(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 2, "{v:#}");
    assert_eq!(sha256_file(&half), before, "the .incoming tree was left alone");
}

/// `--help` says what no action flag does; the man page has ENVIRONMENT and
/// EXIT STATUS and placeholders in its synopsis.
#[test]
fn help_and_man_page_say_what_a_bare_run_does() {
    let o = common::run(&["--help"]);
    assert!(out(&o).contains("With no action flag, the target is patched"), "{}", out(&o));
    let man = out(&common::run(&["--man"]));
    for section in [
        ".SH \"ENVIRONMENT\"",
        ".SH \"EXIT STATUS\"",
        "KIRO_DATA_DIR",
        "KIRO_KAS_NODE_PATH",
        "<PATH>",
        "With no action flag",
    ] {
        assert!(man.contains(section), "the man page has {section}\n{man}");
    }
    assert!(!man.contains(".SH EXTRA"), "exit codes sit under EXIT STATUS");
}

/// A wrong node is named before any proof runs; a zero timeout is a usage error.
#[test]
fn a_wrong_node_and_a_zero_timeout_are_said_to_be_so() {
    let install = Install::new("kiro-cli 2.22.0");
    let target = install.add_tree("2.22.0-abc", "minified-esm");
    let stock = sha256_file(&target);
    let dir = tempfile::tempdir().unwrap();
    let not_node = script(dir.path(), "not-node", "echo 'Python 3.11.7'");
    for (node, says) in [(not_node.to_str().unwrap(), "is not node"), ("/nonexistent/node", "could not run node")] {
        for action in [&[][..], &["--dry-run"], &["--prove"]] {
            let o = install.run(&[action, &["--node", node]].concat());
            assert_eq!(code(&o), 2, "{}", describe(&o));
            assert!(err(&o).contains(says), "{action:?} {node}: {says}\n{}", describe(&o));
            for wrong in ["undriven", "open:", "report this", "case "] {
                assert!(
                    !err(&o).contains(wrong) && !out(&o).contains(wrong),
                    "{action:?} {node}: blames the proof or the bundle ({wrong})\n{}",
                    describe(&o)
                );
            }
        }
    }
    assert_eq!(sha256_file(&target), stock);
    // No node at all (none of kiro-cli's, none on PATH): said once, plainly.
    let o = install.command(&["--dry-run"]).env("PATH", install.bin.path()).output().unwrap();
    assert_eq!(code(&o), 2, "{}", describe(&o));
    assert!(err(&o).contains("could not run node: there is none on PATH"), "{}", describe(&o));
    assert!(!err(&o).contains("node node"), "{}", describe(&o));
    let o = install.run(&["--node-timeout", "0", "--dry-run"]);
    assert_eq!(code(&o), 2, "{}", describe(&o));
    assert!(err(&o).contains("--node-timeout"), "{}", describe(&o));
}

/// --prove says "proof passed" once and keeps its columns aligned; a patch
/// of one insertion says so in the singular; a restore gives no advice about upgrades.
#[test]
fn the_texts_of_prove_check_and_restore() {
    let install = Install::new("kiro-cli 2.22.0");
    let target = install.add_tree("2.22.0-abc", "readable-cjs");
    let o = install.run(&["--prove"]);
    assert_eq!(code(&o), 0, "{}", describe(&o));
    let text = out(&o);
    assert_eq!(text.matches("proof passed").count(), 1, "{text}");
    let header = text.lines().find(|l| l.starts_with("case ")).expect("a table");
    let column = header.find("verdict").unwrap();
    for row in text.lines().skip_while(|l| !l.starts_with("case ")).skip(1).take_while(|l| l.ends_with(" ok")) {
        assert_eq!(row.chars().count() - 2, header[..column].chars().count(), "aligned:\n{header}\n{row}");
    }
    assert_eq!(code(&install.run(&["--mode", "gate"])), 0);
    let o = install.run(&["--check"]);
    assert!(out(&o).contains("(1 marked insertion)"), "{}", describe(&o));
    let o = install.run(&["--restore"]);
    assert_eq!(code(&o), 0, "{}", describe(&o));
    assert!(!out(&o).contains("upgrad"), "{}", describe(&o));
    assert_eq!(sha256_file(&target), sha256_file(&repo().join("testdata/bundles/readable-cjs").join(BUNDLE_IN_TREE)));
}

#[test]
fn completions_and_man_page() {
    for shell in ["bash", "zsh", "fish"] {
        let o = common::run(&["--completions", shell]);
        assert_eq!(code(&o), 0, "{shell}");
        assert!(out(&o).contains("kiro-steer-scope") && out(&o).contains("ensure"), "{shell}: {}", out(&o));
    }
    let o = common::run(&["--man"]);
    assert_eq!(code(&o), 0);
    assert!(out(&o).starts_with(".ie") || out(&o).contains(".TH"), "{}", out(&o));
    assert!(out(&o).contains("allow\\-inconclusive"), "the man page lists every flag");
}

#[test]
fn quiet_check_prints_nothing_but_keeps_its_exit_code() {
    let install = Install::new("kiro-cli 2.22.0");
    install.add_tree("2.22.0-abc", "readable-esm");
    let o = install.run(&["--check", "--quiet"]);
    assert_eq!(code(&o), 1);
    assert!(o.stdout.is_empty() && o.stderr.is_empty(), "{}", describe(&o));
    // --json is what a script asked for: --quiet does not take it away.
    let o = install.run(&["--check", "--quiet", "--json"]);
    assert!(serde_json::from_slice::<Value>(&o.stdout).is_ok(), "{}", describe(&o));
}

/// A pipe whose reader is already gone: every write to it fails (EPIPE).
fn closed_pipe() -> std::process::Stdio {
    use std::os::fd::FromRawFd;
    let mut fds = [0; 2];
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    unsafe { libc::close(fds[0]) };
    std::process::Stdio::from(unsafe { std::os::fd::OwnedFd::from_raw_fd(fds[1]) })
}

/// Every action that prints, into a reader that went away (`| true`, `| head`):
/// no panic, no backtrace, and the action's own exit code (the work done all the
/// same), with stderr kept or closed too (`2>&1 | true`).
#[test]
fn a_closed_output_pipe_ends_every_action_quietly() {
    let install = Install::new("kiro-cli 2.22.0");
    let target = install.add_tree("2.22.0-abc", "readable-cjs");
    let logs = tempfile::tempdir().unwrap();
    let logs = logs.path().to_str().unwrap();
    // In order: each leaves the tree as the next expects.
    let runs: &[(&[&str], i32)] = &[
        (&["--help"], 0),
        (&["--version"], 0),
        (&["--man"], 0),
        (&["--completions", "bash"], 0),
        (&["--completions", "zsh"], 0),
        (&["--check"], 1),
        (&["--check", "--json"], 1),
        (&["--all", "--check"], 1),
        (&["--dry-run"], 0),
        (&["--prove"], 0),
        (&["--audit", "--logs", logs], 0),
        (&["--audit", "--logs", logs, "--json"], 0),
        (&["--set-up"], 0),
        (&["--set-up", "--dry-run", "--json"], 0),
        (&["--bogus", "--json"], 2),
        (&["--target", "/nonexistent/acp-server.js"], 2),
        (&[], 0),
        (&["--check"], 0),
        (&["--ensure"], 0),
        (&["--all", "--ensure"], 0),
        (&["--restore"], 0),
    ];
    for (args, want) in runs {
        for stderr_too in [false, true] {
            let mut command = install.command(args);
            command.stdout(closed_pipe());
            command.stderr(if stderr_too { closed_pipe() } else { std::process::Stdio::piped() });
            let o = command.output().unwrap();
            let what = format!("{args:?}{}", if stderr_too { " 2>&1" } else { "" });
            assert_eq!(code(&o), *want, "{what}\n{}", describe(&o));
            for wrong in ["panicked", "Broken pipe", "backtrace"] {
                assert!(!err(&o).contains(wrong), "{what}: {wrong}\n{}", describe(&o));
            }
        }
    }
    assert_eq!(sha256_file(&target), sha256_file(&repo().join("testdata/bundles/readable-cjs").join(BUNDLE_IN_TREE)));
    assert!(install.config().is_file(), "--set-up saved the choice all the same");
}

/// The synopsis of `--help` and of the man page is the README's Usage block, line for line.
#[test]
fn help_man_page_and_readme_give_the_same_usage() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let block = readme.split("## Usage\n").nth(1).expect("a Usage section");
    let block = block.split("```\n").nth(1).expect("a code block under Usage");
    let trimmed =
        |text: &str| text.lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_string).collect::<Vec<_>>();
    let readme = trimmed(block);
    assert!(readme.iter().any(|l| l.starts_with("kiro-steer-scope --audit")), "{readme:#?}");

    let help = out(&common::run(&["--help"]));
    let usage = help.split("Usage: ").nth(1).expect("a usage").split("\n\n").next().unwrap();
    assert_eq!(trimmed(usage), readme, "--help");

    let man = out(&common::run(&["--man"]));
    let synopsis = man.split(".SH SYNOPSIS\n").nth(1).expect("a synopsis").split(".SH ").next().unwrap();
    let synopsis: String = synopsis
        .lines()
        .filter(|l| !l.starts_with('.'))
        .map(|l| l.replace("\\fB", "").replace("\\fR", "").replace("\\-", "-") + "\n")
        .collect();
    assert_eq!(trimmed(&synopsis), readme, "the man page");
}
