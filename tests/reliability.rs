//! Reliability under faults, races and hostile input (issue 5): every test runs
//! the real binary. Whatever happens, the target holds either its old bytes or
//! the complete new bytes, and nothing is left beside it.
//!
//! Some tests need root (mount, chattr); CI runs as root. They fail loudly,
//! never skip, when the mechanism they rely on is unavailable. The owner test
//! is about what a run started as root does: as another user it says it needs
//! root and tests nothing (as tests/privilege.rs does).

mod common;

use std::os::unix::fs::{symlink, MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use common::*;
use serde_json::Value;

const TEMP_PREFIX: &str = ".kiro-steer-scope-";

// ------------------------------------------------------------------ helpers

fn describe(o: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}\n--- stderr\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn expect_code(o: &Output, want: i32, what: &str) {
    assert_eq!(o.status.code(), Some(want), "{what}\n{}", describe(o));
}

fn stock_bytes(bundle: &str) -> Vec<u8> {
    std::fs::read(repo().join("testdata/bundles").join(bundle).join(BUNDLE_IN_TREE)).unwrap()
}

/// A fixture tree whose bundle holds `bytes`.
fn tree_with(bundle: &str, bytes: &[u8]) -> Tree {
    let t = Tree::copy(bundle);
    std::fs::write(&t.target, bytes).unwrap();
    t
}

fn command(target: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(bin());
    c.arg("--target").arg(target).args(args).env_remove("KIRO_KAS_SERVER_PATH").env_remove("KIRO_KAS_NODE_PATH");
    c
}

fn run_on(target: &Path, args: &[&str]) -> Output {
    command(target, args).output().unwrap()
}

/// Runs with a deadline, so a hang is a test failure and not a stuck suite.
fn run_bounded(target: &Path, args: &[&str], limit: Duration) -> Output {
    let mut child = command(target, args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("kiro-steer-scope {args:?} on {} did not finish within {limit:?}", target.display());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

fn json_of(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("stdout is not one JSON object ({e})\n{}", describe(o)))
}

/// Our temp files in `dir`.
fn temps(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(TEMP_PREFIX))
        .collect()
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// The bytes `mode` produces from a stock copy of `bundle` (or of `bytes`).
fn patched_bytes(bundle: &str, bytes: &[u8], mode: &str) -> Vec<u8> {
    let t = tree_with(bundle, bytes);
    let o = t.run(&["--mode", mode]);
    expect_code(&o, 0, &format!("apply {mode} to make the reference bytes"));
    std::fs::read(&t.target).unwrap()
}

fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Every action that may write, in both modes, plus the check.
fn every_action() -> Vec<Vec<&'static str>> {
    vec![vec!["--check"], vec!["--mode", "seed"], vec!["--mode", "gate"], vec!["--dry-run"], vec!["--restore"]]
}

/// Runs every action on `t` and asserts each is refused with exit 2 and leaves
/// the bytes, mode and folder exactly as they were.
fn refused_everywhere(t: &Tree, what: &str, limit: Duration) -> Vec<Output> {
    let before = (std::fs::read(&t.target).unwrap(), std::fs::metadata(&t.target).unwrap().mode(), t.siblings());
    let mut outputs = Vec::new();
    for args in every_action() {
        let all = [&args[..], &["--json"]].concat();
        let o = run_bounded(&t.target, &all, limit);
        assert_eq!(o.status.code(), Some(2), "{what} {args:?} must be refused with exit 2\n{}", describe(&o));
        json_of(&o);
        let after = (std::fs::read(&t.target).unwrap(), std::fs::metadata(&t.target).unwrap().mode(), t.siblings());
        assert!(before == after, "{what} {args:?} changed the target or its folder");
        outputs.push(o);
    }
    outputs
}

/// A seeded xorshift generator: the same cases on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A mount that is unmounted (lazily, so a failing test cannot leave it busy) on drop.
#[cfg(target_os = "linux")]
struct Mount {
    at: PathBuf,
}

#[cfg(target_os = "linux")]
impl Mount {
    /// Mounts a tmpfs with `args` at `at`.
    fn tmpfs(at: &Path, args: &[&str]) -> Mount {
        std::fs::create_dir_all(at).unwrap();
        let o = Command::new("mount").args(args).arg("tmpfs").arg(at).output().expect("run mount");
        assert!(
            o.status.success(),
            "mount {args:?} {} failed: {} — these tests need root and mount (CI runs as root); they do not skip",
            at.display(),
            String::from_utf8_lossy(&o.stderr)
        );
        Mount { at: at.to_path_buf() }
    }

    fn remount(&self, options: &str) {
        let o = Command::new("mount").args(["-o", options]).arg(&self.at).output().unwrap();
        assert!(
            o.status.success(),
            "mount -o {options} {} failed: {}",
            self.at.display(),
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[cfg(target_os = "linux")]
impl Drop for Mount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.at).status();
    }
}

/// `chattr +i` (immutable: not even root may write, rename over or unlink it), undone on drop.
#[cfg(target_os = "linux")]
struct Immutable {
    path: PathBuf,
}

#[cfg(target_os = "linux")]
impl Immutable {
    fn set(path: &Path) -> Immutable {
        let o = Command::new("chattr").arg("+i").arg(path).output().expect("run chattr");
        assert!(
            o.status.success(),
            "chattr +i {} failed: {} — this test needs root and an ext2/3/4-like filesystem",
            path.display(),
            String::from_utf8_lossy(&o.stderr)
        );
        Immutable { path: path.to_path_buf() }
    }
}

#[cfg(target_os = "linux")]
impl Drop for Immutable {
    fn drop(&mut self) {
        let _ = Command::new("chattr").arg("-i").arg(&self.path).status();
    }
}

/// Processes (other than ours) whose command line mentions `needle`.
#[cfg(target_os = "linux")]
fn processes_mentioning(needle: &str) -> Vec<u32> {
    let own = std::process::id();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
        if pid == own {
            continue;
        }
        if let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) {
            if String::from_utf8_lossy(&cmdline).contains(needle) {
                found.push(pid);
            }
        }
    }
    found
}

/// Without /proc (macOS): `ps` lists every process with its whole command line.
#[cfg(not(target_os = "linux"))]
fn processes_mentioning(needle: &str) -> Vec<u32> {
    let own = std::process::id();
    let listing = Command::new("ps").args(["-axww", "-o", "pid=,command="]).output().unwrap();
    String::from_utf8_lossy(&listing.stdout)
        .lines()
        .filter(|l| l.contains(needle))
        .filter_map(|l| l.split_whitespace().next()?.parse::<u32>().ok())
        .filter(|pid| *pid != own)
        .collect()
}

fn wait_until_gone(needle: &str, limit: Duration) {
    let started = Instant::now();
    loop {
        let left = processes_mentioning(needle);
        if left.is_empty() {
            return;
        }
        assert!(started.elapsed() < limit, "processes still running after {limit:?}: {left:?} ({needle})");
        std::thread::sleep(Duration::from_millis(20));
    }
}

// ------------------------------------------------------------ 1. concurrency

#[test]
fn eight_concurrent_applies_end_with_one_valid_patched_file_while_checks_never_see_a_partial_one() {
    let bundle = "minified-esm";
    let stock = stock_bytes(bundle);
    let seed = patched_bytes(bundle, &stock, "seed");
    let gate = patched_bytes(bundle, &stock, "gate");
    let t = Tree::copy(bundle);
    let siblings = t.siblings();
    let target = t.target.clone();

    // Round 1: eight identical applies released at once; exactly one writes.
    // Round 2: applies in both modes and restores at once; the file ends as
    // one of the three complete versions.
    let same: [&[&str]; 8] = [&["--mode", "seed"]; 8];
    let rounds: [&[&[&str]]; 2] = [
        &same,
        &[
            &["--mode", "seed"],
            &["--restore"],
            &["--mode", "gate"],
            &["--restore"],
            &["--mode", "seed"],
            &["--mode", "gate"],
            &["--restore"],
            &["--mode", "gate"],
        ],
    ];
    for (round, actions) in rounds.iter().enumerate() {
        let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
        // Readers: a check running during the swaps sees stock or patched, never a torn file.
        let readers: Vec<_> = (0..2)
            .map(|_| {
                let (done, target) = (done.clone(), target.clone());
                std::thread::spawn(move || {
                    let mut codes = Vec::new();
                    while !done.load(std::sync::atomic::Ordering::SeqCst) {
                        let o = run_on(&target, &["--check", "--json"]);
                        codes.push((o.status.code(), json_of(&o)["state"].clone()));
                    }
                    codes
                })
            })
            .collect();
        let barrier = Arc::new(Barrier::new(actions.len()));
        let writers: Vec<_> = actions
            .iter()
            .map(|args| {
                let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
                let (barrier, target) = (barrier.clone(), target.clone());
                std::thread::spawn(move || {
                    let mut c = command(&target, &args.iter().map(String::as_str).collect::<Vec<_>>());
                    c.arg("--json");
                    barrier.wait();
                    (args, c.output().unwrap())
                })
            })
            .collect();
        let results: Vec<(Vec<String>, Output)> = writers.into_iter().map(|w| w.join().unwrap()).collect();
        done.store(true, std::sync::atomic::Ordering::SeqCst);
        for (args, o) in &results {
            expect_code(o, 0, &format!("round {round}: concurrent {args:?}"));
        }
        for reader in readers {
            for (code, state) in reader.join().unwrap() {
                assert!(
                    matches!(code, Some(0) | Some(1)),
                    "round {round}: a check during the swaps saw {state} (exit {code:?})"
                );
            }
        }
        assert_eq!(t.siblings(), siblings, "round {round}: nothing is left beside the target");
        let now = std::fs::read(&target).unwrap();
        if round == 0 {
            let writes = results.iter().filter(|(_, o)| json_of(o)["changed"] == true).count();
            assert_eq!(writes, 1, "round 0: exactly one of eight identical applies writes; the rest find it patched");
            assert!(now == seed, "round 0: the file is the complete seed patch");
        } else {
            assert!(now == seed || now == gate || now == stock, "round {round}: the file is one complete version");
        }
        let o = run_on(&target, &["--check", "--json"]);
        assert!(matches!(o.status.code(), Some(0) | Some(1)), "round {round}: check after the race\n{}", describe(&o));
    }
    let o = t.run(&["--restore"]);
    expect_code(&o, 0, "restore after the races");
    assert_eq!(t.sha(), sha256_bytes(&stock), "restore gives the stock bytes back");
    assert_eq!(t.siblings(), siblings);
}

#[test]
fn a_writer_that_ignores_the_lock_is_caught_before_the_rename() {
    // Another program rewrites the bundle while node checks our staged copy
    // (a kiro-cli upgrade does not take our lock): the rename must not
    // overwrite its bytes.
    let t = Tree::copy("readable-cjs");
    let dir = tempfile::tempdir().unwrap();
    let flag = dir.path().join("wrote");
    let node = script(
        dir.path(),
        "node",
        &format!("if mkdir '{flag}' 2>/dev/null; then printf '\\n// rewritten meanwhile\\n' >> '{target}'; fi\nexec node \"$@\"", flag = flag.display(), target = t.target.display()),
    );
    let siblings = t.siblings();
    let mut expected = stock_bytes("readable-cjs");
    expected.extend_from_slice(b"\n// rewritten meanwhile\n");
    let o = run_on(&t.target, &["--node", node.to_str().unwrap(), "--json"]);
    expect_code(&o, 2, "apply while another writer changes the file");
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("changed"),
        "the refusal says the file changed\n{}",
        describe(&o)
    );
    assert!(std::fs::read(&t.target).unwrap() == expected, "the other writer's bytes are kept, not ours");
    assert_eq!(t.siblings(), siblings, "the staged file is removed");
}

// ----------------------------------------------------------- 2. crash safety

#[test]
fn killed_at_random_moments_the_target_is_old_or_new_and_the_next_run_sweeps_the_temp_files() {
    // A bigger bundle (the model plus ~3 MB of comment) makes the read, the
    // hashing, the staged write and its fsync take long enough to be hit.
    let bundle = "minified-cjs";
    let mut stock = stock_bytes(bundle);
    stock.extend_from_slice(b"\n/*");
    for i in 0..60_000 {
        stock.extend_from_slice(format!("padding line {i:08} of a large bundle ...........\n").as_bytes());
    }
    stock.extend_from_slice(b"*/\n");
    let patched = patched_bytes(bundle, &stock, "seed");
    let t = tree_with(bundle, &stock);
    let folder = t.target.parent().unwrap().to_path_buf();
    let siblings = t.siblings();
    let tree_path = t.dir.path().display().to_string();

    // How long an uninterrupted apply and restore take here.
    let started = Instant::now();
    expect_code(&t.run(&["--mode", "seed"]), 0, "timing apply");
    expect_code(&t.run(&["--restore"]), 0, "timing restore");
    let span = started.elapsed() / 2;

    let mut rng = Rng(0x5eed_cafe_f00d_0005);
    let (mut old, mut new, mut leftovers) = (0, 0, 0);
    for run in 0..50 {
        // Even runs apply to the stock file, odd runs restore the patched one.
        let (from, to, args): (&[u8], &[u8], &[&str]) =
            if run % 2 == 0 { (&stock, &patched, &["--mode", "seed"]) } else { (&patched, &stock, &["--restore"]) };
        assert!(std::fs::read(&t.target).unwrap() == from, "run {run}: starts from the expected bytes");
        let delay = Duration::from_micros(rng.below(span.as_micros() as usize * 5 / 4) as u64);
        let mut child: Child =
            command(&t.target, args).stdout(Stdio::null()).stderr(Stdio::null()).process_group(0).spawn().unwrap();
        std::thread::sleep(delay);
        unsafe {
            libc::kill(-(child.id() as i32), libc::SIGKILL);
        }
        let status = child.wait().unwrap();
        let now = std::fs::read(&t.target).unwrap();
        if now == from {
            old += 1;
        } else if now == to {
            new += 1;
        } else {
            panic!("run {run}: killed after {delay:?} ({status}), the target holds neither the old nor the new bytes ({} bytes)", now.len());
        }
        let left = temps(&folder);
        leftovers += left.len();
        for name in names(&folder) {
            assert!(
                siblings.contains(&name) || name.starts_with(TEMP_PREFIX),
                "run {run}: a foreign file {name} appeared"
            );
        }
        // Nothing the killed run started keeps running (node dies with it).
        wait_until_gone(&tree_path, Duration::from_secs(5));
        // The next run finishes the job and removes what the killed one left.
        let o = run_on(&t.target, args);
        expect_code(&o, 0, &format!("run {run}: the run after the kill"));
        assert!(std::fs::read(&t.target).unwrap() == to, "run {run}: the next run completes the action");
        assert_eq!(t.siblings(), siblings, "run {run}: no temp file survives the next run");
        if run % 2 == 1 {
            assert_eq!(t.sha(), sha256_bytes(&stock));
        }
    }
    eprintln!("50 kills: {old} left the old bytes, {new} the new bytes; {leftovers} temp file(s) were left and swept");
    assert!(old > 0, "no kill landed before the rename: the delays do not cover the run");
}

// --------------------------------------------------------------- 3. disk full

// tmpfs mounts and chattr are Linux tools; macOS has neither in this form.
#[cfg(target_os = "linux")]
/// Fills the filesystem at `dir` until a write fails, in 4 KiB files.
fn fill(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for i in 0..100_000 {
        let path = dir.join(format!("filler-{i}"));
        let written = std::fs::File::create(&path).and_then(|mut f| std::io::Write::write_all(&mut f, &[0x55; 4096]));
        if written.is_err() {
            let _ = std::fs::remove_file(&path);
            return files;
        }
        files.push(path);
    }
    panic!("the filesystem at {} never filled", dir.display());
}

// tmpfs mounts and chattr are Linux tools; macOS has neither in this form.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_a_refusal_that_leaves_the_old_bytes_and_no_temp_file() {
    let bundle = "minified-cjs";
    let stock = stock_bytes(bundle);
    let seed = patched_bytes(bundle, &stock, "seed");
    let base = tempfile::tempdir().unwrap();
    let fs = Mount::tmpfs(&base.path().join("fs"), &["-t", "tmpfs", "-o", "size=256k"]);
    let root = fs.at.join("kas");
    copy_dir(&repo().join("testdata/bundles").join(bundle), &root);
    let target = root.join(BUNDLE_IN_TREE);
    let folder = target.parent().unwrap().to_path_buf();
    let filler_dir = fs.at.join("filler");
    std::fs::create_dir(&filler_dir).unwrap();

    for (from, args) in [(&stock, &["--mode", "seed"][..]), (&seed, &["--restore"][..])] {
        std::fs::write(&target, from).unwrap();
        let siblings = names(&folder);
        let mut filler = fill(&filler_dir);
        // Completely full, then with one 4 KiB page free: less than the file
        // needs, so the staged write fails part way.
        for free_pages in [0, 1] {
            if free_pages == 1 {
                std::fs::remove_file(filler.pop().unwrap()).unwrap();
            }
            let o = run_on(&target, &[args, &["--json"]].concat());
            expect_code(&o, 2, &format!("{args:?} on a full disk ({free_pages} page(s) free)"));
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(
                err.contains("No space left") || err.contains("space"),
                "the refusal names the cause\n{}",
                describe(&o)
            );
            assert!(std::fs::read(&target).unwrap() == *from, "{args:?}: the old bytes are intact");
            assert_eq!(names(&folder), siblings, "{args:?}: no partial temp file is left");
        }
        for f in filler {
            std::fs::remove_file(f).unwrap();
        }
        // With room again the same action succeeds.
        let o = run_on(&target, args);
        expect_code(&o, 0, &format!("{args:?} once there is room"));
        assert_eq!(names(&folder), siblings);
    }
    assert!(std::fs::read(&target).unwrap() == stock);
    drop(fs);
}

// ------------------------------------------- 4. permissions, owner, symlinks

// tmpfs mounts and chattr are Linux tools; macOS has neither in this form.
#[cfg(target_os = "linux")]
#[test]
fn an_immutable_target_or_folder_is_a_refusal_with_nothing_changed() {
    let t = Tree::copy("readable-esm");
    let folder = t.target.parent().unwrap().to_path_buf();
    {
        let _lock = Immutable::set(&t.target);
        assert!(
            std::fs::OpenOptions::new().append(true).open(&t.target).is_err(),
            "chattr +i did not make the file read-only for root"
        );
        for args in [&["--mode", "seed"][..], &["--mode", "gate"]] {
            let before = t.siblings();
            let o = run_on(&t.target, &[args, &["--json"]].concat());
            expect_code(&o, 2, &format!("{args:?} on an immutable target"));
            assert!(
                String::from_utf8_lossy(&o.stderr).contains("cannot replace"),
                "the refusal says what failed\n{}",
                describe(&o)
            );
            assert!(std::fs::read(&t.target).unwrap() == stock_bytes("readable-esm"));
            assert_eq!(t.siblings(), before, "the staged file is removed");
        }
    }
    expect_code(&t.run(&[]), 0, "apply once writable again");
    let patched = std::fs::read(&t.target).unwrap();
    {
        let _lock = Immutable::set(&folder);
        assert!(
            std::fs::File::create(folder.join("probe")).is_err(),
            "chattr +i did not make the folder read-only for root"
        );
        for args in [&["--restore"][..], &["--mode", "gate"]] {
            let before = t.siblings();
            let o = run_on(&t.target, &[args, &["--json"]].concat());
            expect_code(&o, 2, &format!("{args:?} in an immutable folder"));
            assert!(std::fs::read(&t.target).unwrap() == patched);
            assert_eq!(t.siblings(), before);
        }
    }
    expect_code(&t.run(&["--restore"]), 0, "restore once writable again");
    assert_eq!(t.sha(), sha256_bytes(&stock_bytes("readable-esm")));
}

// tmpfs mounts and chattr are Linux tools; macOS has neither in this form.
#[cfg(target_os = "linux")]
#[test]
fn a_read_only_mount_is_a_refusal_with_nothing_changed() {
    let base = tempfile::tempdir().unwrap();
    let fs = Mount::tmpfs(&base.path().join("ro"), &["-t", "tmpfs", "-o", "size=1m"]);
    copy_dir(&repo().join("testdata/bundles/minified-esm"), &fs.at);
    let target = fs.at.join(BUNDLE_IN_TREE);
    expect_code(&run_on(&target, &["--mode", "gate"]), 0, "patch while writable");
    let patched = std::fs::read(&target).unwrap();
    fs.remount("remount,ro");
    assert!(std::fs::File::create(fs.at.join("probe")).is_err(), "the remount did not make the tmpfs read-only");
    let folder = target.parent().unwrap();
    let before = names(folder);
    for args in [&["--restore"][..], &["--mode", "seed"], &["--dry-run", "--mode", "seed"]] {
        let o = run_on(&target, &[args, &["--json"]].concat());
        expect_code(&o, 2, &format!("{args:?} on a read-only filesystem"));
        assert!(std::fs::read(&target).unwrap() == patched);
        assert_eq!(names(folder), before);
    }
    // A check only reads.
    expect_code(&run_on(&target, &["--check"]), 0, "check on a read-only filesystem");
}

#[test]
fn mode_and_owner_are_kept_and_a_read_only_mode_does_not_block_the_owner() {
    if !running_as_root("mode_and_owner_are_kept_and_a_read_only_mode_does_not_block_the_owner") {
        return;
    }
    // 0444 is a permission for writers of the file; replacing it is a matter
    // of the folder, as for any package manager. The mode survives exactly,
    // set-ID bits included, and so does the owner: on another user's tree a
    // run started as root works as that user (tests/privilege.rs).
    let (uid, gid) = test_user();
    for mode in [0o444, 0o6751, 0o600] {
        let t = Tree::copy("readable-cjs");
        chown_tree(t.target.parent().unwrap(), uid, gid);
        std::fs::set_permissions(&t.target, std::fs::Permissions::from_mode(mode)).unwrap();
        for args in [&["--mode", "seed"][..], &["--mode", "gate"], &["--restore"]] {
            let o = t.run(args);
            expect_code(&o, 0, &format!("{args:?} on a {mode:o} file"));
            let meta = std::fs::metadata(&t.target).unwrap();
            assert_eq!(meta.mode() & 0o7777, mode, "{args:?}: mode {mode:o} kept");
            assert_eq!((meta.uid(), meta.gid()), (uid, gid), "{args:?}: owner kept");
        }
        assert_eq!(t.sha(), sha256_bytes(&stock_bytes("readable-cjs")));
    }
}

#[test]
fn a_chain_of_links_and_a_linked_folder_patch_the_real_file_and_keep_every_link() {
    let t = Tree::copy("minified-cjs");
    let stock_sha = t.sha();
    let links = tempfile::tempdir().unwrap();
    // link2 -> link1 -> real file; and a folder link to the real folder.
    let link1 = links.path().join("one.js");
    let link2 = links.path().join("two.js");
    symlink(&t.target, &link1).unwrap();
    symlink(&link1, &link2).unwrap();
    let dir_link = links.path().join("server");
    symlink(t.target.parent().unwrap(), &dir_link).unwrap();
    let via_dir = dir_link.join("acp-server.js");
    let siblings = t.siblings();
    for (via, args) in [(&link2, &["--mode", "seed"][..]), (&via_dir, &["--mode", "gate"]), (&link2, &["--restore"])] {
        let o = run_on(via, args);
        expect_code(&o, 0, &format!("{args:?} via {}", via.display()));
        for link in [&link1, &link2, &dir_link] {
            assert!(
                std::fs::symlink_metadata(link).unwrap().file_type().is_symlink(),
                "{} stays a link",
                link.display()
            );
        }
        assert_eq!(std::fs::read_link(&link2).unwrap(), link1);
        assert_eq!(t.siblings(), siblings);
        assert_eq!(names(links.path()), vec!["one.js", "server", "two.js"], "nothing is staged beside a link");
    }
    assert_eq!(t.sha(), stock_sha);
    // A dangling link is refused and stays as it is.
    let dangling = links.path().join("dangling.js");
    symlink(links.path().join("missing.js"), &dangling).unwrap();
    for args in every_action() {
        let o = run_on(&dangling, &args);
        expect_code(&o, 2, &format!("{args:?} on a dangling link"));
        assert!(std::fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink());
        assert!(!links.path().join("missing.js").exists(), "the link's target is not created");
    }
}

// --------------------------------------------------------------------- 5. node

#[test]
fn a_node_that_floods_garbage_is_a_prompt_refusal_with_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    // 8 MiB of (seeded) random bytes on stdout and stderr, then failure or "success".
    let mut rng = Rng(0x9a4b_a6e0_0000_0001);
    let garbage = dir.path().join("garbage");
    std::fs::write(&garbage, (0..8 << 20).map(|_| rng.next() as u8).collect::<Vec<u8>>()).unwrap();
    let flood = format!("cat '{0}'; cat '{0}' >&2", garbage.display());
    let failing = script(dir.path(), "node-fails", &format!("{flood}\nexit 1"));
    let lying = script(dir.path(), "node-lies", &format!("{flood}\nexit 0"));
    let t = Tree::copy("minified-esm");
    for node in [&failing, &lying] {
        for args in [&[][..], &["--dry-run"], &["--mode", "gate"]] {
            let all = [args, &["--json", "--node", node.to_str().unwrap()]].concat();
            let before = (t.sha(), t.siblings());
            let started = Instant::now();
            let o = run_bounded(&t.target, &all, Duration::from_secs(30));
            expect_code(&o, 2, &format!("{all:?}"));
            assert!(started.elapsed() < Duration::from_secs(15), "{all:?} took {:?}", started.elapsed());
            let v = json_of(&o);
            let error = v["error"].as_str().unwrap_or_else(|| panic!("an error: {v:#}"));
            assert!(
                error.len() < 80 * 1024,
                "a bounded excerpt of node's output, not the flood ({} bytes)",
                error.len()
            );
            assert!(
                o.stderr.len() < 200 * 1024,
                "stderr carries a bounded excerpt, not the flood ({} bytes)",
                o.stderr.len()
            );
            assert_eq!((t.sha(), t.siblings()), before, "{all:?}: nothing written");
        }
    }
}

#[test]
fn a_node_that_leaves_a_process_behind_cannot_stretch_the_run_past_the_timeout() {
    let dir = tempfile::tempdir().unwrap();
    // Each wrapper starts a long sleep that holds stdout/stderr open; the
    // first then hangs itself, the second fails, the third runs the real node.
    let hangs = script(dir.path(), "node-hangs", "trap '' TERM\nsleep 41.5 &\nsleep 41.5");
    let fails = script(dir.path(), "node-fails", "sleep 41.5 &\necho 'fake failure' >&2\nexit 1");
    let works = script(dir.path(), "node-works", "sleep 41.5 &\nexec node \"$@\"");
    let t = Tree::copy("readable-esm");
    let stock_sha = t.sha();
    for (node, want) in [(&hangs, 2), (&fails, 2), (&works, 0)] {
        let started = Instant::now();
        let o = run_bounded(
            &t.target,
            &["--dry-run", "--node", node.to_str().unwrap(), "--node-timeout", "2"],
            Duration::from_secs(30),
        );
        expect_code(&o, want, &format!("{}", node.display()));
        assert!(
            started.elapsed() < Duration::from_secs(8),
            "{}: the run took {:?} with --node-timeout 2",
            node.display(),
            started.elapsed()
        );
        // The whole process group node started is stopped, not just node.
        wait_until_gone("41.5", Duration::from_secs(3));
    }
    assert_eq!(t.sha(), stock_sha);
    let help = String::from_utf8_lossy(&run_on(Path::new("."), &["--help"]).stdout).into_owned();
    let default: u64 = help
        .split("--node-timeout")
        // The option's own entry, after the usage lines that also name it.
        .last()
        .and_then(|rest| rest.split("[default: ").nth(1))
        .and_then(|rest| rest.split(']').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("--help does not show the --node-timeout default:\n{help}"));
    assert!(default > 0 && default <= 30, "the default node timeout ({default}s) is well under a minute");
}

// ------------------------------------------------------ 6. hostile bundles

/// Random edits of a patched file, aimed at and around the markers.
fn mutate(rng: &mut Rng, patched: &[u8]) -> Vec<u8> {
    const PIECES: &[&[u8]] = &[
        b"/*kiro-steer-scope:",
        b"/*kiro-steer-scope:1 end*/",
        b"*/",
        b"/*",
        b" mode=gate",
        b" len=",
        b"=",
        b"0",
        b"9",
        b" ",
        b"\xff",
        b"\0",
        b"}",
        b";",
    ];
    let markers: Vec<usize> =
        patched.windows(19).enumerate().filter(|(_, w)| *w == b"/*kiro-steer-scope:").map(|(i, _)| i).collect();
    let mut out = patched.to_vec();
    if rng.below(20) == 0 {
        return out;
    }
    for _ in 0..1 + rng.below(3) {
        // Near a marker most of the time, anywhere otherwise.
        let at = if rng.below(4) > 0 && !markers.is_empty() {
            (markers[rng.below(markers.len())] + rng.below(260)).saturating_sub(20).min(out.len())
        } else {
            rng.below(out.len() + 1)
        };
        match rng.below(7) {
            0 => {
                let end = (at + 1 + rng.below(40)).min(out.len());
                out.drain(at..end);
            }
            1 => {
                let piece = PIECES[rng.below(PIECES.len())];
                out.splice(at..at, piece.iter().copied());
            }
            2 if at < out.len() => out[at] = out[at].wrapping_add(1 + rng.below(255) as u8),
            3 if at < out.len() => out[at] = b"0123456789abcdef"[rng.below(16)],
            4 => out.truncate(at),
            5 => {
                // Copy a stretch (maybe a whole marked run) somewhere else.
                let from = rng.below(out.len());
                let len = rng.below(300).min(out.len() - from);
                let chunk: Vec<u8> = out[from..from + len].to_vec();
                let to = rng.below(out.len() + 1);
                out.splice(to..to, chunk);
            }
            _ => {
                // Drop one whole marked run, or swap two halves of the file.
                if let Some(&m) = markers.get(rng.below(markers.len().max(1))) {
                    let end =
                        patched[m..].windows(26).position(|w| w == b"/*kiro-steer-scope:1 end*/").map(|p| m + p + 26);
                    if let (Some(end), true) = (end, end.is_some_and(|e| e <= out.len())) {
                        out.drain(m..end);
                    }
                }
            }
        }
    }
    out
}

#[test]
fn restore_of_a_randomly_edited_patched_file_gives_the_stock_bytes_or_refuses() {
    let bundle = "minified-cjs";
    let stock = stock_bytes(bundle);
    let patched = [patched_bytes(bundle, &stock, "seed"), patched_bytes(bundle, &stock, "gate")];
    let t = Tree::copy(bundle);
    let siblings = t.siblings();
    let mut rng = Rng(0x0bad_5eed_1234_5678);
    let (mut restored, mut refused, mut untouched) = (0, 0, 0);
    for case in 0..400 {
        let edited = mutate(&mut rng, &patched[case % 2]);
        std::fs::write(&t.target, &edited).unwrap();
        let o = run_on(&t.target, &["--restore", "--json"]);
        let now = std::fs::read(&t.target).unwrap();
        match o.status.code() {
            Some(0) if now == stock && edited != stock => restored += 1,
            Some(0) if now == edited => untouched += 1,
            Some(2) if now == edited => refused += 1,
            _ => panic!(
                "case {case}: restore of an edited file must give the stock bytes or refuse; it wrote something else ({} bytes, stock {})\n{}",
                now.len(),
                stock.len(),
                describe(&o)
            ),
        }
        assert_eq!(t.siblings(), siblings, "case {case}: nothing left beside the target");
        json_of(&o);
    }
    eprintln!("400 edited files: {restored} restored to stock, {refused} refused, {untouched} left as they were (no markers left)");
    assert!(refused > 200, "most random edits must be caught as tampering");
    assert!(restored > 0, "unedited cases restore to stock");
}

#[test]
fn deep_nesting_is_refused_cleanly_not_a_crash() {
    let words = "var steeringReaderIndex=0,subExecutionDepth=0;\n";
    let n = 100_000;
    let shapes = [
        ("parentheses", format!("x={}1{};", "(".repeat(n), ")".repeat(n))),
        ("arrays", format!("x={}{};", "[".repeat(n), "]".repeat(n))),
        ("objects", format!("x={}1{};", "{a:".repeat(n), "}".repeat(n))),
        ("blocks", format!("{}{}", "{".repeat(n), "}".repeat(n))),
        ("negations", format!("x={}1;", "!".repeat(n))),
        ("assignments", format!("{}1;", "a=".repeat(n))),
        ("conditionals", format!("x={}c;", "a?b:".repeat(n))),
        ("arrows", format!("x={}1;", "a=>".repeat(n))),
        ("else-if chain", format!("if(a){{}}{}", "else if(a){}".repeat(n))),
        ("templates", format!("x={}1{};", "`${".repeat(n), "}`".repeat(n))),
        ("unclosed parentheses", format!("x={}", "(".repeat(n))),
        ("calls", format!("x={}{};", "f(".repeat(n), ")".repeat(n))),
    ];
    for (name, body) in shapes {
        let t = tree_with("minified-cjs", format!("{words}{body}\n").as_bytes());
        let outputs = refused_everywhere(&t, name, Duration::from_secs(30));
        let v = json_of(&outputs[0]);
        assert_eq!(v["state"], "unparseable", "{name}: {v:#}");
        assert!(v["error"].as_str().unwrap_or_default().contains("nests deeper"), "{name}: {v:#}");
    }
    // Just under the limit: parsed and walked without overflowing either.
    for (name, body) in [
        ("9,000 negations", format!("x={}1;", "!".repeat(9_000))),
        ("9,000 arrays", format!("x={}{};", "[".repeat(9_000), "]".repeat(9_000))),
    ] {
        let t = tree_with("minified-cjs", format!("{words}{body}\n").as_bytes());
        let o = run_bounded(&t.target, &["--check", "--json"], Duration::from_secs(30));
        expect_code(&o, 2, name);
        assert_ne!(json_of(&o)["state"], "unparseable", "{name} is within the limit and parses");
    }
}

#[test]
fn a_20_mb_single_line_is_patched_and_restored_byte_exactly() {
    let bundle = "minified-cjs";
    let mut big = stock_bytes(bundle);
    big.extend_from_slice(b"\nvar __kssPadding=\"");
    big.extend(std::iter::repeat_n(b'a', 20 << 20));
    big.extend_from_slice(b"\";\n");
    let t = tree_with(bundle, &big);
    let siblings = t.siblings();
    for args in [&["--mode", "seed"][..], &["--mode", "gate"], &["--restore"]] {
        let o = run_bounded(&t.target, args, Duration::from_secs(60));
        expect_code(&o, 0, &format!("{args:?} on a bundle with a 20 MB line"));
        assert_eq!(t.siblings(), siblings);
    }
    assert!(std::fs::read(&t.target).unwrap() == big);
    // The same line without the bundle's words is not a KAS bundle.
    let line: Vec<u8> = [b"var x=\"".as_slice(), &vec![b'b'; 20 << 20], b"\";"].concat();
    refused_everywhere(&tree_with(bundle, &line), "a 20 MB line that is not KAS", Duration::from_secs(30));
}

#[test]
fn non_utf8_bytes_are_refused_and_never_restored_into_something_else() {
    let bundle = "minified-esm";
    let mut stock = stock_bytes(bundle);
    stock.extend_from_slice(b"\n/* \xff\xfe latin-1 \xe9 */\n");
    let v = json_of(&refused_everywhere(&tree_with(bundle, &stock), "non-UTF-8 stock", Duration::from_secs(30))[0]);
    assert_eq!(v["state"], "not-kas");
    // Invalid bytes inside and outside the markers of a patched file.
    let patched = patched_bytes(bundle, &stock_bytes(bundle), "seed");
    let marker = patched.windows(19).position(|w| w == b"/*kiro-steer-scope:").unwrap();
    for at in [0, marker + 5, marker + 150, patched.len()] {
        let mut edited = patched.clone();
        edited.insert(at.min(edited.len()), 0xff);
        let v = json_of(
            &refused_everywhere(
                &tree_with(bundle, &edited),
                &format!("0xff at byte {at} of a patched file"),
                Duration::from_secs(30),
            )[0],
        );
        assert!(matches!(v["state"].as_str(), Some("tampered") | Some("not-kas")), "{v:#}");
    }
}

#[test]
fn an_empty_file_a_device_and_a_fifo_are_refused() {
    let t = tree_with("readable-cjs", b"");
    refused_everywhere(&t, "a 0-byte file", Duration::from_secs(30));
    assert_eq!(std::fs::metadata(&t.target).unwrap().len(), 0);

    for args in every_action() {
        let o = run_bounded(Path::new("/dev/null"), &args, Duration::from_secs(30));
        expect_code(&o, 2, &format!("/dev/null {args:?}"));
        assert!(
            std::os::unix::fs::FileTypeExt::is_char_device(&std::fs::metadata("/dev/null").unwrap().file_type()),
            "/dev/null is still a device"
        );
        assert!(temps(Path::new("/dev")).is_empty(), "nothing staged in /dev");
    }

    // A FIFO would block a reader forever: it is refused without being opened.
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("acp-server.js");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    for args in every_action() {
        let o = run_bounded(&fifo, &args, Duration::from_secs(10));
        expect_code(&o, 2, &format!("fifo {args:?}"));
    }
    assert_eq!(names(dir.path()), vec!["acp-server.js"]);
}

#[test]
fn a_path_with_spaces_and_non_ascii_characters_works_end_to_end() {
    let base = tempfile::tempdir().unwrap();
    let root = base.path().join("Kiro Data/ünïcode ✓/kas/2.21.0-ab cd");
    copy_dir(&repo().join("testdata/bundles/variant-readable-cjs"), &root);
    let target = root.join(BUNDLE_IN_TREE);
    let stock = std::fs::read(&target).unwrap();
    let folder = target.parent().unwrap().to_path_buf();
    let before = names(&folder);
    expect_code(&run_on(&target, &["--check"]), 1, "check");
    let o = run_on(&target, &["--mode", "gate", "--json"]);
    expect_code(&o, 0, "apply");
    assert_eq!(json_of(&o)["real_path"], target.display().to_string());
    expect_code(&run_on(&target, &["--check"]), 0, "check patched");
    expect_code(&run_on(&target, &["--dry-run", "--mode", "seed"]), 0, "dry-run switch");
    expect_code(&run_on(&target, &["--restore"]), 0, "restore");
    assert!(std::fs::read(&target).unwrap() == stock);
    assert_eq!(names(&folder), before);
    // Also through KIRO_KAS_SERVER_PATH rather than --target.
    let o = Command::new(bin())
        .arg("--check")
        .env("KIRO_KAS_SERVER_PATH", &target)
        .env_remove("KIRO_KAS_NODE_PATH")
        .output()
        .unwrap();
    expect_code(&o, 1, "check via KIRO_KAS_SERVER_PATH");
}

// ------------------------------------------------------ 7. running sessions

#[test]
fn a_live_process_running_the_bundle_is_warned_about_not_refused() {
    let base = tempfile::tempdir().unwrap();
    let root = base.path().join("Kiro Data/kas tree");
    copy_dir(&repo().join("testdata/bundles/minified-esm"), &root);
    let target = root.join(BUNDLE_IN_TREE);
    let server = target.parent().unwrap().to_path_buf();
    // A stand-in for a kiro-cli session: node running the bundle (by its
    // path, and another by a relative path from its folder), waiting for its
    // scenario on a stdin that stays open.
    let spawn = |arg: &Path, cwd: &Path| {
        Command::new("node")
            .arg("--experimental-wasm-modules")
            .arg(arg)
            .args(["--scenario", "-"])
            .current_dir(cwd)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    };
    let mut sessions = [spawn(&target, base.path()), spawn(Path::new("./acp-server.js"), &server)];
    // Processes that only mention the bundle run no copy of it.
    let mut bystander =
        Command::new("tail").arg("-f").arg(&target).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let pids: Vec<String> = sessions.iter().map(|c| c.id().to_string()).collect();
    let bystander_pid = bystander.id();

    for args in [&["--mode", "seed"][..], &["--mode", "gate"], &["--restore"]] {
        let o = run_on(&target, &[args, &["--json"]].concat());
        expect_code(&o, 0, &format!("{args:?} with a live session"));
        let v = json_of(&o);
        let warnings: Vec<String> =
            v["warnings"].as_array().unwrap().iter().map(|w| w.as_str().unwrap().to_string()).collect();
        for pid in &pids {
            assert!(
                warnings.iter().any(|w| w.contains(&format!("process {pid} "))),
                "{args:?}: a warning names process {pid}: {warnings:?}"
            );
        }
        assert!(
            !warnings.iter().any(|w| w.contains(&format!("process {bystander_pid} "))),
            "{args:?}: `tail -f` runs no bundle: {warnings:?}"
        );
        assert_eq!(warnings.len(), pids.len(), "{warnings:?}");
        let o = run_on(&target, args);
        let err = String::from_utf8_lossy(&o.stderr);
        // Already in that state: nothing written, so nothing to warn about.
        assert!(!err.contains("warning"), "{args:?} repeated writes nothing and warns about nothing\n{err}");
    }
    let o = run_on(&target, &["--mode", "seed"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("kiro-steer-scope: warning:") && err.contains(&pids[0]), "text mode warns on stderr\n{err}");
    for s in sessions.iter_mut().chain([&mut bystander]) {
        let _ = s.kill();
        let _ = s.wait();
    }
    let o = run_on(&target, &["--restore", "--json"]);
    expect_code(&o, 0, "restore without sessions");
    assert_eq!(json_of(&o)["warnings"], serde_json::json!([]), "no session, no warning");
}
