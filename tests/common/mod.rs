//! Shared helpers for the integration tests: copies of the committed fixture
//! trees in temp folders, the real binary, the library, node, and sha256.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use sha2::{Digest, Sha256};

pub const BUNDLES: &[&str] = &[
    "readable-cjs",
    "readable-esm",
    "minified-cjs",
    "minified-esm",
    "variant-minified-esm",
    "variant-readable-cjs",
    "split-readable-cjs",
    "split-minified-esm",
    "split-terser-cjs",
    "third-readable-cjs",
    "third-readable-esm",
    "third-minified-esm",
    "third-minified-cjs",
    "fourth-readable-cjs",
    "fourth-minified-esm",
    "fourth-terser-cjs",
    "fifth-readable-cjs",
    "fifth-minified-esm",
    "fifth-terser-cjs",
];
pub const BUNDLE_IN_TREE: &str = "node_modules/@kiro/agent/dist/server/acp-server.js";

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The binary under test: this build's, or KIRO_STEER_SCOPE_BIN (a released
/// binary, or a wrapper that runs one under qemu; contrib/release/test-built).
pub fn bin() -> PathBuf {
    match std::env::var_os("KIRO_STEER_SCOPE_BIN").filter(|v| !v.is_empty()) {
        Some(path) => PathBuf::from(path),
        None => PathBuf::from(env!("CARGO_BIN_EXE_kiro-steer-scope")),
    }
}

pub fn sha256_file(path: &Path) -> String {
    sha256_bytes(&std::fs::read(path).unwrap())
}

pub fn sha256_bytes(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let dest = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &dest);
        } else {
            std::fs::copy(entry.path(), &dest).unwrap();
        }
    }
}

/// A private copy of one fixture KAS tree.
pub struct Tree {
    pub dir: tempfile::TempDir,
    pub target: PathBuf,
}

impl Tree {
    pub fn copy(bundle: &str) -> Tree {
        let dir = tempfile::tempdir().unwrap();
        copy_dir(&repo().join("testdata/bundles").join(bundle), dir.path());
        let target = dir.path().join(BUNDLE_IN_TREE);
        assert!(target.is_file(), "fixture {bundle} has no {BUNDLE_IN_TREE}");
        Tree { dir, target }
    }

    /// Names in the bundle's folder, to prove nothing was left beside it.
    pub fn siblings(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.target.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    pub fn sha(&self) -> String {
        sha256_file(&self.target)
    }

    pub fn run(&self, args: &[&str]) -> Output {
        self.run_env(args, &[])
    }

    /// `run` with these variables set (after the tests' defaults).
    pub fn run_env(&self, args: &[&str], env: &[(&str, &str)]) -> Output {
        let mut all = vec!["--target", self.target.to_str().unwrap()];
        all.extend_from_slice(args);
        run_with(&all, env)
    }

    pub fn scenario(&self, name: &str) -> Report {
        run_scenario(&self.target, name)
    }

    /// What the library finds or does for `ask` on this tree, as the exit
    /// code and the `--json` document the binary would print; no process of
    /// the tool is started (tests of the command line use `run`).
    pub fn judge(&self, ask: Ask) -> (i32, serde_json::Value) {
        judge(&self.target, ask)
    }
}

/// What the library finds or does for `ask` on `target` (see `Tree::judge`),
/// through the binary's own path with nothing saved.
pub fn judge(target: &Path, ask: Ask) -> (i32, serde_json::Value) {
    use kiro_steer_scope::cli::request::{self, Done, Request};
    let request = Request {
        action: ask.action,
        fix: ask.fix,
        rewind: Some(ask.rewind),
        target: Some(target.to_path_buf()),
        all: false,
        node: None,
        node_timeout: 20,
        allow_inconclusive: ask.allow_inconclusive,
        anchors: ask.anchors.map(Path::to_path_buf),
    };
    match request::handle_saved(&request, Ok(None)) {
        Done::One(outcome) => (i32::from(outcome.exit), kiro_steer_scope::run::report::to_json(&outcome)),
        Done::All(_) => unreachable!("one target was asked for"),
    }
}

/// A run asked of the library: the action and what the flags would choose.
#[derive(Clone, Copy)]
pub struct Ask<'a> {
    pub action: kiro_steer_scope::run::report::Action,
    pub fix: Option<kiro_steer_scope::fix::mark::Fix>,
    pub rewind: bool,
    pub allow_inconclusive: bool,
    pub anchors: Option<&'a Path>,
}

impl<'a> Ask<'a> {
    fn of(action: kiro_steer_scope::run::report::Action) -> Ask<'a> {
        Ask { action, fix: None, rewind: false, allow_inconclusive: false, anchors: None }
    }
    pub fn check() -> Ask<'a> {
        Ask::of(kiro_steer_scope::run::report::Action::Check)
    }
    pub fn prove() -> Ask<'a> {
        Ask::of(kiro_steer_scope::run::report::Action::Prove)
    }
    pub fn dry_run() -> Ask<'a> {
        Ask::of(kiro_steer_scope::run::report::Action::DryRun)
    }
    /// `--mode seed|gate`.
    pub fn mode(self, name: &str) -> Ask<'a> {
        let fix = match name {
            "seed" => kiro_steer_scope::fix::mark::Fix::Seed,
            "gate" => kiro_steer_scope::fix::mark::Fix::Gate,
            other => panic!("no mode {other}"),
        };
        Ask { fix: Some(fix), ..self }
    }
    /// `--rewind-on-clear`.
    pub fn rewind(self) -> Ask<'a> {
        Ask { rewind: true, ..self }
    }
    /// `--allow-inconclusive`.
    pub fn allow_inconclusive(self) -> Ask<'a> {
        Ask { allow_inconclusive: true, ..self }
    }
    /// `--anchors DIR`.
    pub fn anchors(self, dir: &'a Path) -> Ask<'a> {
        Ask { anchors: Some(dir), ..self }
    }
}

/// Where the tests' runs look for a saved choice and mirrors unless a test
/// sets them: nowhere, so that the tester's own set-up changes nothing.
pub const NO_CONFIG: &str = "/nonexistent/kiro-steer-scope-tests/config.toml";
/// Under a file, so that not even root can create it.
pub const NO_CACHE: &str = "/dev/null/kiro-steer-scope-tests/cache";

pub fn run(args: &[&str]) -> Output {
    run_with(args, &[])
}

pub fn run_with(args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(bin())
        .args(args)
        .env_remove("KIRO_KAS_SERVER_PATH")
        .env_remove("KIRO_KAS_NODE_PATH")
        .env_remove("KIRO_DATA_DIR")
        .env("KIRO_STEER_SCOPE_CONFIG", NO_CONFIG)
        .env("KIRO_STEER_SCOPE_CACHE", NO_CACHE)
        .envs(env.iter().copied())
        .output()
        .unwrap()
}

pub fn code(output: &Output) -> i32 {
    output.status.code().expect("exited normally")
}

pub fn json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("stdout is not one JSON object ({e}): {}", String::from_utf8_lossy(&output.stdout)))
}

/// Who received which steering, as the model bundle reports it.
#[derive(Debug, Clone)]
pub struct Execution {
    pub agent: String,
    pub depth: u64,
    pub received: Vec<String>,
    pub drain_retries: u64,
    pub exhausted: bool,
}

#[derive(Debug, Clone)]
pub struct Report {
    pub outcomes: Vec<String>,
    pub executions: Vec<Execution>,
}

impl Report {
    pub fn of(&self, agent: &str) -> &Execution {
        let mut found = self.executions.iter().filter(|e| e.agent == agent);
        let first = found.next().unwrap_or_else(|| panic!("no execution named {agent} in {self:#?}"));
        assert!(found.next().is_none(), "several executions named {agent}");
        first
    }

    pub fn roots(&self) -> impl Iterator<Item = &Execution> {
        self.executions.iter().filter(|e| e.depth == 0)
    }

    pub fn subs(&self) -> impl Iterator<Item = &Execution> {
        self.executions.iter().filter(|e| e.depth > 0)
    }

    /// How often each message reached a top-level execution.
    pub fn root_deliveries(&self) -> BTreeMap<String, usize> {
        let mut counts = BTreeMap::new();
        for root in self.roots() {
            for id in &root.received {
                *counts.entry(id.clone()).or_insert(0) += 1;
            }
        }
        counts
    }
}

pub fn scenarios() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(repo().join("testdata/scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

pub fn run_scenario(target: &Path, name: &str) -> Report {
    let scenario = repo().join("testdata/scenarios").join(format!("{name}.json"));
    let output = Command::new("node").arg(target).arg("--scenario").arg(&scenario).output().expect("node runs");
    assert!(output.status.success(), "{name} failed under node: {}", String::from_utf8_lossy(&output.stderr));
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("scenario report is JSON");
    let executions = value["executions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| Execution {
            agent: e["agent"].as_str().unwrap().to_string(),
            depth: e["depth"].as_u64().unwrap(),
            received: e["received"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect(),
            drain_retries: e["drainRetries"].as_u64().unwrap(),
            exhausted: e["exhausted"].as_bool().unwrap(),
        })
        .collect();
    let outcomes = value["outcomes"].as_array().unwrap().iter().map(|o| o.as_str().unwrap().to_string()).collect();
    Report { outcomes, executions }
}

/// An executable shell script `name` in `dir` (written whole, then installed, so no one runs a half-written file).
pub fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let src = dir.join(format!(".{name}.src"));
    std::fs::write(&src, format!("#!/bin/sh\n{body}\n")).unwrap();
    let dest = dir.join(name);
    let status = Command::new("install").arg("-m").arg("755").arg(&src).arg(&dest).status().unwrap();
    assert!(status.success());
    std::fs::remove_file(&src).unwrap();
    dest
}

/// A kiro-cli install in temp folders: a data folder with `kiro-cli/kas/`
/// (the Linux layout, through XDG_DATA_HOME), a `kiro-cli` on PATH that
/// prints `version_line`, and a folder of its own for the tool's config and cache.
pub struct Install {
    pub data: tempfile::TempDir,
    pub bin: tempfile::TempDir,
    pub home: tempfile::TempDir,
}

impl Install {
    pub fn new(version_line: &str) -> Install {
        let install = Install {
            data: tempfile::tempdir().unwrap(),
            bin: tempfile::tempdir().unwrap(),
            home: tempfile::tempdir().unwrap(),
        };
        std::fs::create_dir_all(install.kas()).unwrap();
        script(install.bin.path(), "kiro-cli", &format!("echo '{version_line}'"));
        install
    }

    pub fn kas(&self) -> PathBuf {
        self.data.path().join("kiro-cli/kas")
    }

    pub fn add_tree(&self, name: &str, bundle: &str) -> PathBuf {
        copy_dir(&repo().join("testdata/bundles").join(bundle), &self.kas().join(name));
        self.kas().join(name).join(BUNDLE_IN_TREE)
    }

    pub fn add_lock(&self, name: &str) {
        std::fs::write(self.kas().join(name), b"").unwrap();
    }

    pub fn command(&self, args: &[&str]) -> Command {
        let path = format!("{}:{}", self.bin.path().display(), std::env::var("PATH").unwrap_or_default());
        let mut cmd = Command::new(bin());
        cmd.args(args)
            .env_remove("KIRO_KAS_SERVER_PATH")
            .env_remove("KIRO_KAS_NODE_PATH")
            .env_remove("KIRO_DATA_DIR")
            .envs(self.env())
            .env("PATH", path);
        cmd
    }

    pub fn config(&self) -> PathBuf {
        self.home.path().join("config.toml")
    }

    pub fn cache(&self) -> PathBuf {
        self.home.path().join("cache")
    }

    /// Where the tool finds this install, its config and its cache.
    pub fn env(&self) -> Vec<(&'static str, std::ffi::OsString)> {
        vec![
            ("XDG_DATA_HOME", self.data.path().into()),
            ("KIRO_STEER_SCOPE_CONFIG", self.config().into()),
            ("KIRO_STEER_SCOPE_CACHE", self.cache().into()),
        ]
    }

    pub fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().unwrap()
    }

    /// Every file under the data folder with its hash, to prove nothing changed.
    pub fn listing(&self) -> Vec<(String, String)> {
        pub fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let entry = entry.unwrap();
                let rel = entry.path().strip_prefix(root).unwrap().display().to_string();
                if entry.file_type().unwrap().is_dir() {
                    out.push((rel, "dir".into()));
                    walk(&entry.path(), root, out);
                } else {
                    out.push((rel, sha256_file(&entry.path())));
                }
            }
        }
        let mut out = Vec::new();
        walk(self.data.path(), self.data.path(), &mut out);
        out.sort();
        out
    }
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn describe(o: &Output) -> String {
    format!("exit {:?}\n--- stdout\n{}\n--- stderr\n{}", o.status.code(), stdout(o), stderr(o))
}

/// The unprivileged account the root-only tests hand trees to.
pub const TEST_USER: &str = "kss-owner";

pub fn is_root() -> bool {
    unsafe { libc::geteuid() == 0 }
}

/// For tests of what a root run does: false (after saying so) when not root,
/// so that as an ordinary user they pass without testing anything.
pub fn running_as_root(test: &str) -> bool {
    if !is_root() {
        eprintln!("{test}: needs root (what a run started as root does); not root, so nothing is tested");
    }
    is_root()
}

fn ids_of(user: &str) -> Option<(u32, u32)> {
    let id = |flag: &str| {
        Command::new("id")
            .arg(flag)
            .arg(user)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .and_then(|o| String::from_utf8_lossy(&o.stdout).trim().parse().ok())
    };
    Some((id("-u")?, id("-g")?))
}

/// The uid and primary gid of `TEST_USER`, created (with a group of its own)
/// if missing. Root only.
pub fn test_user() -> (u32, u32) {
    static CREATING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one_at_a_time = CREATING.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(ids) = ids_of(TEST_USER) {
        return ids;
    }
    let o = Command::new("useradd")
        .args(["--user-group", "--no-create-home", "--shell", "/bin/sh", TEST_USER])
        .output()
        .expect("run useradd");
    // 9: created meanwhile by another test binary.
    assert!(
        o.status.success() || o.status.code() == Some(9),
        "useradd {TEST_USER} failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    ids_of(TEST_USER).expect("the test user exists after useradd")
}

/// Gives `path` and everything below it to `uid:gid` (links themselves, not their targets).
pub fn chown_tree(path: &Path, uid: u32, gid: u32) {
    std::os::unix::fs::lchown(path, Some(uid), Some(gid)).unwrap();
    if std::fs::symlink_metadata(path).unwrap().is_dir() {
        for entry in std::fs::read_dir(path).unwrap() {
            chown_tree(&entry.unwrap().path(), uid, gid);
        }
    }
}

/// A copy of `bundle` with each `(from, to)` edit applied once; every `from` must be there.
pub fn edited(bundle: &str, edits: &[(&str, &str)]) -> Tree {
    let tree = Tree::copy(bundle);
    let mut text = std::fs::read_to_string(&tree.target).unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "{bundle} has no `{from}`");
        text = text.replacen(from, to, 1);
    }
    std::fs::write(&tree.target, text).unwrap();
    tree
}

/// A release folder as contrib/release/build makes it (archives, SHA256SUMS,
/// install.sh), private to the caller: a copy of the one
/// KIRO_STEER_SCOPE_RELEASE_DIR names (CI's fresh build), else of one packed
/// from this build's binary under this machine's archive name.
pub fn release_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    match std::env::var_os("KIRO_STEER_SCOPE_RELEASE_DIR").filter(|v| !v.is_empty()) {
        Some(built) => copy_dir(Path::new(&built), dir.path()),
        None => copy_dir(packed_release(), dir.path()),
    }
    dir
}

/// This build's binary packed once (gzip -9 of a test build takes a while),
/// kept under the target folder by the binary's size and time.
fn packed_release() -> &'static Path {
    static PACKED: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    PACKED.get_or_init(|| {
        let meta = std::fs::metadata(bin()).unwrap();
        let stamp = meta.modified().unwrap().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
        let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        let done = tmp.join(format!("release-pack-{}-{stamp}", meta.len()));
        if done.join("SHA256SUMS").is_file() {
            return done;
        }
        let staging = tempfile::tempdir_in(&tmp).unwrap();
        let o = Command::new("bash")
            .arg(repo().join("contrib/release/build"))
            .arg("--pack")
            .arg(bin())
            .arg("--out")
            .arg(staging.path())
            .output()
            .unwrap();
        assert!(o.status.success(), "contrib/release/build --pack failed: {}", describe(&o));
        // Another test binary may have made it meanwhile: either copy is whole.
        let kept = staging.keep();
        if std::fs::rename(&kept, &done).is_err() {
            let _ = std::fs::remove_dir_all(&kept);
            assert!(done.join("SHA256SUMS").is_file());
        }
        done
    })
}

/// This machine's archive in a release folder.
pub fn archive_name() -> String {
    let arch = String::from_utf8(Command::new("uname").arg("-m").output().unwrap().stdout).unwrap();
    format!("kiro-steer-scope-{}-unknown-linux-musl.tar.gz", arch.trim().replace("arm64", "aarch64"))
}
