//! Set up once, patched for good: the launch shim started the way kiro-cli
//! starts node, the saved choice, mirrors for trees that must not be written.

mod common;

use std::ffi::OsString;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{code, describe, repo, script, sha256_file, Install};
use serde_json::Value;

fn real_node() -> PathBuf {
    let o = Command::new("sh").args(["-c", "command -v node"]).output().unwrap();
    PathBuf::from(String::from_utf8(o.stdout).unwrap().trim())
}

fn scenario(name: &str) -> PathBuf {
    repo().join("testdata/scenarios").join(format!("{name}.json"))
}

/// A kiro-cli install whose own node (`<data>/kiro-cli/node`) records each
/// run's arguments, then is the real node.
struct Kiro {
    install: Install,
    log: PathBuf,
}

impl Kiro {
    fn new(version: &str) -> Kiro {
        let install = Install::new(&format!("kiro-cli {version}"));
        let log = install.home.path().join("node-runs");
        let node_dir = install.data.path().join("kiro-cli");
        script(
            &node_dir,
            "node",
            &format!("printf '%s\\n' \"$*\" >> '{}'\nexec '{}' \"$@\"", log.display(), real_node().display()),
        );
        Kiro { install, log }
    }

    /// Unpacks a stock tree, as kiro-cli does on the first start of a new version.
    fn unpack(&self, name: &str, bundle: &str) -> PathBuf {
        self.install.add_tree(name, bundle)
    }

    fn tool(&self, args: &[&str]) -> Output {
        self.install.run(args)
    }

    /// `--set-up` with `args`; the shim's path.
    fn set_up(&self, args: &[&str]) -> PathBuf {
        let o = self.tool(&[&["--set-up", "--json"], args].concat());
        assert_eq!(code(&o), 0, "{}", describe(&o));
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        PathBuf::from(v["shim"].as_str().unwrap())
    }

    /// What kiro-cli's environment holds once the user set the shim up.
    fn env(&self, shim: &Path) -> Vec<(&'static str, OsString)> {
        let mut env = self.install.env();
        env.push(("KIRO_KAS_NODE_PATH", shim.into()));
        env
    }

    /// The stand-in launcher: starts `$KIRO_KAS_NODE_PATH` the way kiro-cli
    /// starts KAS, with the fixture's `--scenario` after kiro-cli's arguments.
    fn launch(&self, shim: &Path, bundle: &Path, scenario: &Path) -> Command {
        let env = self.env(shim);
        let program = env.iter().find(|(k, _)| *k == "KIRO_KAS_NODE_PATH").map(|(_, v)| v.clone()).unwrap();
        let mut command = Command::new(program);
        command
            .arg("--experimental-wasm-modules")
            .arg(bundle)
            .args(["--transport=stdio", "--auth=acp-callback", "--scenario"])
            .arg(scenario)
            .env_remove("KIRO_KAS_SERVER_PATH")
            .env_remove("KIRO_DATA_DIR")
            .envs(env);
        command
    }

    fn node_runs(&self) -> Vec<String> {
        std::fs::read_to_string(&self.log).unwrap_or_default().lines().map(str::to_string).collect()
    }

    fn checks(&self) -> usize {
        self.node_runs().iter().filter(|r| r.starts_with("--check")).count()
    }
}

/// The real node run directly on `bundle` with kiro-cli's arguments.
fn direct(bundle: &Path, scenario: &Path) -> Output {
    Command::new(real_node())
        .arg("--experimental-wasm-modules")
        .arg(bundle)
        .args(["--transport=stdio", "--auth=acp-callback", "--scenario"])
        .arg(scenario)
        .output()
        .unwrap()
}

fn our_lines(o: &Output) -> Vec<String> {
    String::from_utf8_lossy(&o.stderr)
        .lines()
        .filter(|l| l.starts_with("kiro-steer-scope:"))
        .map(str::to_string)
        .collect()
}

fn explorer_received(o: &Output) -> Vec<String> {
    let v: Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}\n{}", describe(o)));
    let explorer =
        v["executions"].as_array().unwrap().iter().find(|e| e["agent"] == "explorer").expect("an explorer execution");
    explorer["received"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect()
}

fn state(kiro: &Kiro, bundle: &Path) -> Value {
    let o = kiro.tool(&["--check", "--json", "--target", bundle.to_str().unwrap()]);
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn the_first_start_after_an_upgrade_runs_the_patched_bundle() {
    let kiro = Kiro::new("2.23.0");
    let shim = kiro.set_up(&[]);
    // The upgrade: a fresh stock tree, unpacked right before this start.
    let bundle = kiro.unpack("2.23.0-new", "minified-esm");
    let late = scenario("late-subagent");
    assert_eq!(explorer_received(&direct(&bundle, &late)), ["steer-1"], "the stock bundle replays the steer");

    let o = kiro.launch(&shim, &bundle, &late).output().unwrap();
    assert_eq!(code(&o), 0, "{}", describe(&o));
    assert!(our_lines(&o).is_empty(), "a good start says nothing\n{}", describe(&o));
    assert_eq!(explorer_received(&o), Vec::<String>::new(), "node loaded the patched bundle on this very start");
    let again = direct(&bundle, &late);
    assert_eq!(o.stdout, again.stdout, "node's stdout reaches the launcher byte for byte");
    assert_eq!(state(&kiro, &bundle)["mode"], "seed");
    // Node got exactly kiro-cli's arguments.
    let last = kiro.node_runs().last().cloned().unwrap();
    assert_eq!(
        last,
        format!(
            "--experimental-wasm-modules {} --transport=stdio --auth=acp-callback --scenario {}",
            bundle.display(),
            late.display()
        )
    );
    // The next start finds it patched: no node --check, no proof.
    let checks = kiro.checks();
    let o = kiro.launch(&shim, &bundle, &late).output().unwrap();
    assert_eq!((code(&o), our_lines(&o).len(), kiro.checks()), (0, 0, checks), "{}", describe(&o));
}

#[test]
fn exit_status_and_signals_are_nodes_own() {
    let kiro = Kiro::new("2.23.0");
    let shim = kiro.set_up(&[]);
    let bundle = kiro.unpack("2.23.0-new", "readable-cjs");
    // A scenario node cannot read: the bundle exits non-zero, and so does the start.
    let missing = kiro.install.home.path().join("no-such-scenario.json");
    let want = direct(&bundle, &missing);
    assert_ne!(code(&want), 0);
    let o = kiro.launch(&shim, &bundle, &missing).output().unwrap();
    assert_eq!(code(&o), code(&want), "{}", describe(&o));

    // A scenario read from stdin, which stays open: node waits, and a signal ends it.
    let mut child = kiro
        .launch(&shim, &bundle, Path::new("-"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !kiro.node_runs().iter().any(|r| r.contains("--scenario -")) {
        assert!(Instant::now() < deadline, "node never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    #[cfg(target_os = "linux")]
    {
        // The launcher's child is node itself (exec, not a child of the shim).
        while std::fs::read_link(format!("/proc/{pid}/exe")).ok() != std::fs::canonicalize(real_node()).ok() {
            assert!(Instant::now() < deadline, "process {pid} never became node");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    std::thread::sleep(Duration::from_millis(300));
    unsafe { libc::kill(pid as libc::pid_t, libc::SIGTERM) };
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{status:?}");
    assert_eq!(state(&kiro, &bundle)["mode"], "seed");
}

/// One line on stderr, and node runs the file exactly as it was.
fn assert_fails_open(kiro: &Kiro, shim: &Path, bundle: &Path, says: &str) {
    let before = sha256_file(bundle);
    let late = scenario("late-subagent");
    let o = kiro.launch(shim, bundle, &late).output().unwrap();
    let ours = our_lines(&o);
    assert_eq!(ours.len(), 1, "exactly one line of ours\n{}", describe(&o));
    assert!(ours[0].contains(says), "{says:?}\n{}", describe(&o));
    assert_eq!(code(&o), 0, "{}", describe(&o));
    assert_eq!(sha256_file(bundle), before, "the file is as it was");
    assert_eq!(o.stdout, direct(bundle, &late).stdout, "node ran the file as it is");
}

#[test]
fn a_drifted_bundle_a_missing_config_or_an_exhausted_budget_still_start_node() {
    let kiro = Kiro::new("2.23.0");
    let shim = kiro.set_up(&[]);

    // A newer Kiro the anchors do not know.
    let drifted = kiro.unpack("2.23.0-drift", "minified-cjs");
    let text = std::fs::read_to_string(&drifted).unwrap();
    std::fs::write(&drifted, text.replace("setSteeringReaderIndex", "setCursor")).unwrap();
    assert_fails_open(&kiro, &shim, &drifted, "drift");

    // No saved choice.
    let stock = kiro.unpack("2.23.0-stock", "minified-esm");
    std::fs::remove_file(kiro.install.config()).unwrap();
    assert_fails_open(&kiro, &shim, &stock, "--set-up");
    // An unusable one.
    std::fs::write(kiro.install.config(), "mode = \"sideways\"\n").unwrap();
    assert_fails_open(&kiro, &shim, &stock, "config");

    // A budget the work cannot meet: node --check hangs.
    kiro.set_up(&[]);
    let config = std::fs::read_to_string(kiro.install.config()).unwrap();
    std::fs::write(kiro.install.config(), config.replace("budget-secs = 20", "budget-secs = 1")).unwrap();
    let slow = kiro.install.home.path().join("slow");
    std::fs::create_dir_all(&slow).unwrap();
    let node = script(
        &slow,
        "node",
        &format!("case \"$1\" in --check) sleep 30;; esac\nexec '{}' \"$@\"", real_node().display()),
    );
    let config = std::fs::read_to_string(kiro.install.config()).unwrap();
    std::fs::write(kiro.install.config(), format!("{config}node = \"{}\"\n", node.display())).unwrap();
    let started = Instant::now();
    assert_fails_open(&kiro, &shim, &stock, "gave up after 1s");
    assert!(started.elapsed() < Duration::from_secs(10), "the budget holds: {:?}", started.elapsed());
}

#[test]
fn ten_starts_at_once_patch_once_and_all_run_patched() {
    let kiro = Kiro::new("2.23.0");
    let shim = kiro.set_up(&["--mode", "gate"]);
    let bundle = kiro.unpack("2.23.0-new", "third-minified-esm");
    let late = scenario("late-subagent");
    let barrier = std::sync::Barrier::new(10);
    let outputs: Vec<Output> = std::thread::scope(|s| {
        let starts: Vec<_> = (0..10)
            .map(|_| {
                s.spawn(|| {
                    barrier.wait();
                    kiro.launch(&shim, &bundle, &late).output().unwrap()
                })
            })
            .collect();
        starts.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let want = direct(&bundle, &late);
    for o in &outputs {
        assert_eq!(code(o), 0, "{}", describe(o));
        assert!(our_lines(o).is_empty(), "{}", describe(o));
        assert_eq!(o.stdout, want.stdout, "every start ran the patched bundle");
    }
    assert_eq!(explorer_received(&want), Vec::<String>::new());
    assert_eq!(kiro.checks(), 1, "one node --check: patched once\n{:#?}", kiro.node_runs());
    assert_eq!(state(&kiro, &bundle)["mode"], "gate");
}

#[test]
fn the_tools_own_node_never_is_the_shim() {
    let kiro = Kiro::new("2.23.0");
    let shim = kiro.set_up(&[]);
    let bundle = kiro.unpack("2.23.0-new", "minified-esm");
    let o = kiro
        .install
        .command(&["--dry-run", "--json", "--target", bundle.to_str().unwrap()])
        .env("KIRO_KAS_NODE_PATH", &shim)
        .output()
        .unwrap();
    assert_eq!(code(&o), 0, "{}", describe(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v["node"].as_str().unwrap().contains("kiro-cli's own node"), "{v:#}");
    // --set-up says how to set the variable to the shim, in one's own terms.
    let o = kiro.tool(&["--set-up"]);
    assert_eq!(code(&o), 0, "{}", describe(&o));
    let text = common::stdout(&o);
    assert!(text.contains(&format!("export KIRO_KAS_NODE_PATH={}", shim.display())), "{text}");
    assert!(text.contains(if cfg!(target_vendor = "apple") { "launchctl setenv" } else { "environment.d" }), "{text}");
    // --check says the variable is the shim.
    let o = kiro.install.command(&["--check", "--json"]).env("KIRO_KAS_NODE_PATH", &shim).output().unwrap();
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["setup"]["shim"]["is_shim"], true, "{v:#}");
}

#[test]
fn the_saved_choice_is_applied_shown_and_never_undone() {
    let kiro = Kiro::new("2.23.0");
    let bundle = kiro.unpack("2.23.0-new", "readable-esm");
    let target = ["--target", bundle.to_str().unwrap()];

    // Without a saved choice, --ensure keeps a file's fixes instead of going back to seed.
    assert_eq!(code(&kiro.tool(&[&target[..], &["--mode", "gate", "--rewind-on-clear"]].concat())), 0);
    let o = kiro.tool(&[&target[..], &["--ensure"]].concat());
    assert_eq!(code(&o), 0, "{}", describe(&o));
    assert!(common::stdout(&o).contains("already patched in gate+rewind mode"), "{}", describe(&o));
    assert_eq!(state(&kiro, &bundle)["mode"], "gate+rewind");

    // Saved: --ensure and apply bring the file to it; --check shows it.
    kiro.set_up(&["--mode", "seed", "--rewind-on-clear"]);
    let o = kiro.tool(&[&target[..], &["--ensure", "--quiet"]].concat());
    assert_eq!(code(&o), 0, "{}", describe(&o));
    assert_eq!(state(&kiro, &bundle)["mode"], "seed+rewind");
    let o = kiro.tool(&[&target[..], &["--check"]].concat());
    assert!(common::stdout(&o).contains("choice: seed+rewind, write-to auto"), "{}", describe(&o));
    // A flag wins for that run only.
    assert_eq!(code(&kiro.tool(&[&target[..], &["--ensure", "--no-rewind-on-clear"]].concat())), 0);
    assert_eq!(state(&kiro, &bundle)["mode"], "seed");
    assert_eq!(code(&kiro.tool(&target)), 0);
    assert_eq!(state(&kiro, &bundle)["mode"], "seed+rewind");
    // --set-up with one flag keeps the rest of the choice.
    kiro.set_up(&["--mode", "gate"]);
    let saved = std::fs::read_to_string(kiro.install.config()).unwrap();
    assert!(saved.contains("mode = \"gate\"") && saved.contains("rewind-on-clear = true"), "{saved}");
}

/// The bundle's folder made unwritable: read-only tmpfs as root (who may
/// write any mode), `chmod a-w` otherwise.
#[cfg(target_os = "linux")]
struct ReadOnly {
    at: PathBuf,
    mounted: bool,
}

#[cfg(target_os = "linux")]
impl ReadOnly {
    fn tree(kiro: &Kiro, name: &str, bundle: &str) -> (ReadOnly, PathBuf) {
        let tree = kiro.install.kas().join(name);
        if !common::is_root() {
            let target = kiro.unpack(name, bundle);
            let folder = target.parent().unwrap().to_path_buf();
            std::fs::set_permissions(&folder, std::os::unix::fs::PermissionsExt::from_mode(0o555)).unwrap();
            return (ReadOnly { at: folder, mounted: false }, target);
        }
        std::fs::create_dir_all(&tree).unwrap();
        let mount = |args: &[&str]| {
            let o = Command::new("mount").args(args).arg(&tree).output().unwrap();
            assert!(o.status.success(), "mount {args:?}: {}", String::from_utf8_lossy(&o.stderr));
        };
        mount(&["-t", "tmpfs", "tmpfs"]);
        let target = kiro.unpack(name, bundle);
        mount(&["-o", "remount,ro"]);
        (ReadOnly { at: tree, mounted: true }, target)
    }
}

#[cfg(target_os = "linux")]
impl Drop for ReadOnly {
    fn drop(&mut self) {
        if self.mounted {
            let _ = Command::new("umount").arg(&self.at).status();
        } else {
            let _ = std::fs::set_permissions(&self.at, std::os::unix::fs::PermissionsExt::from_mode(0o755));
        }
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_tree_that_must_not_be_written_runs_from_a_patched_mirror() {
    let kiro = Kiro::new("2.23.0");
    let shim = kiro.set_up(&[]);
    let (_guard, bundle) = ReadOnly::tree(&kiro, "2.23.0-ro", "minified-esm");
    let listing = kiro.install.listing();
    let late = scenario("late-subagent");
    for _ in 0..2 {
        let o = kiro.launch(&shim, &bundle, &late).output().unwrap();
        assert_eq!(code(&o), 0, "{}", describe(&o));
        assert!(our_lines(&o).is_empty(), "{}", describe(&o));
        assert_eq!(explorer_received(&o), Vec::<String>::new(), "node ran a patched copy");
    }
    assert_eq!(kiro.install.listing(), listing, "the vendor tree was not touched");
    let last = kiro.node_runs().last().cloned().unwrap();
    assert!(last.contains(kiro.install.cache().to_str().unwrap()), "node was handed the mirror: {last}");
    // The mirror repeats the tree at the same depth, links beside one real file.
    let mirror = PathBuf::from(last.split(' ').nth(1).unwrap());
    assert!(mirror.ends_with(Path::new("2.23.0-ro").join(common::BUNDLE_IN_TREE)), "{}", mirror.display());
    assert!(!std::fs::symlink_metadata(&mirror).unwrap().file_type().is_symlink());
    let v = state(&kiro, &bundle);
    assert_eq!(v["state"], "stock");
    assert_eq!(v["setup"]["mirror"][0]["mode"], "seed", "{v:#}");
    let o = kiro.tool(&["--restore", "--target", bundle.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", describe(&o));
    assert!(common::stdout(&o).contains("removed 1 mirror"), "{}", describe(&o));
    assert!(!mirror.exists());
    assert_eq!(state(&kiro, &bundle)["setup"]["mirror"], Value::Null);
    let locks = std::fs::read_dir(kiro.install.cache().join("mirrors"))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().ends_with(".lock"))
        .count();
    assert_eq!(locks, 0, "the mirror's lock went with it");

    // Apply refuses the folder without showing a proof that passed.
    let o = kiro.tool(&["--target", bundle.to_str().unwrap()]);
    assert_eq!(code(&o), 2, "{}", describe(&o));
    assert!(common::stderr(&o).contains("is not writable"), "{}", describe(&o));
    assert!(common::stderr(&o).contains("runs a patched mirror of this tree"), "{}", describe(&o));
    assert!(
        !common::stdout(&o).contains("case "),
        "no proof table for a refusal the proof did not cause\n{}",
        describe(&o)
    );

    // With `write-to = "tree"`, the same folder cannot be patched: node runs it as it is.
    kiro.set_up(&["--write-to", "tree"]);
    assert_fails_open(&kiro, &shim, &bundle, "not patched");
}

/// A bundle the harness cannot drive (undriven): the shim writes it only
/// where the saved choice allows an unproved patch, and says so on stderr
/// each time it writes; otherwise node runs the file as it is.
#[test]
fn the_shim_writes_an_unproved_patch_only_by_the_saved_choice_and_says_so() {
    let kiro = Kiro::new("2.23.0");
    let shim = kiro.set_up(&[]);
    let bundle = kiro.unpack("2.23.0-undriven", "readable-cjs");
    let append =
        "  push(kind, text) {\n    const id = `${kind === \"user\" ? \"steer\" : \"notify\"}-${++this.sequence}`;";
    let text = std::fs::read_to_string(&bundle).unwrap();
    assert_eq!(text.matches(append).count(), 1);
    std::fs::write(&bundle, text.replacen(append, &format!("  async {}", append.trim_start()), 1)).unwrap();
    assert_fails_open(&kiro, &shim, &bundle, "undriven");

    let shim = kiro.set_up(&["--allow-inconclusive"]);
    let late = scenario("late-subagent");
    let o = kiro.launch(&shim, &bundle, &late).output().unwrap();
    assert_eq!(code(&o), 0, "{}", describe(&o));
    assert!(our_lines(&o).iter().any(|l| l.contains("patched unproved")), "{}", describe(&o));
    let v = state(&kiro, &bundle);
    assert_eq!(v["state"], "patched", "{v:#}");
    assert!(v["unproved"].as_str().is_some_and(|w| w.contains("no calling form")), "{v:#}");
    // Already patched: the next start writes nothing, and says nothing of ours.
    let o = kiro.launch(&shim, &bundle, &late).output().unwrap();
    assert!(our_lines(&o).is_empty(), "{}", describe(&o));
}

/// The shim's link leads to whichever binary ran --set-up. Once that binary
/// is gone, kiro-cli cannot start its agent: --check says the shim is broken
/// and to run --set-up again, not that it is some other program. --set-up
/// itself warns when the binary sits in a folder made to be cleaned.
#[test]
fn a_shim_whose_binary_is_gone_is_said_to_be_broken() {
    let kiro = Kiro::new("2.23.0");
    kiro.unpack("2.23.0-new", "minified-esm");
    let o = kiro.tool(&["--set-up", "--json"]);
    assert_eq!(code(&o), 0, "{}", describe(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let shim = PathBuf::from(v["shim"].as_str().unwrap());
    if std::env::var_os("KIRO_STEER_SCOPE_BIN").is_none() {
        // This build's binary is under cargo's target folder, which `cargo clean` removes.
        assert!(common::stderr(&o).contains("cargo clean"), "{}", describe(&o));
        assert!(v["warnings"][0].as_str().unwrap().contains("--set-up"), "{v:#}");
        // A binary anywhere else is not warned about.
        let elsewhere = tempfile::tempdir().unwrap();
        let copy = elsewhere.path().join("kiro-steer-scope");
        std::fs::copy(common::bin(), &copy).unwrap();
        let o = Command::new(&copy).args(["--set-up", "--dry-run"]).envs(kiro.install.env()).output().unwrap();
        assert_eq!(code(&o), 0, "{}", describe(&o));
        assert!(common::stderr(&o).is_empty(), "{}", describe(&o));
    }
    // The binary the link leads to is deleted (a build folder cleaned).
    let gone = kiro.install.home.path().join("build/kiro-steer-scope");
    std::fs::remove_file(&shim).unwrap();
    std::os::unix::fs::symlink(&gone, &shim).unwrap();
    for json in [false, true] {
        let args: &[&str] = if json { &["--check", "--json"] } else { &["--check"] };
        let o = kiro.install.command(args).env("KIRO_KAS_NODE_PATH", &shim).output().unwrap();
        assert_eq!(code(&o), 1, "the tree's state still sets the exit code\n{}", describe(&o));
        let said = format!("{}{}", common::stdout(&o), common::stderr(&o));
        assert!(!said.contains("not the launch shim"), "{}", describe(&o));
        assert!(common::stderr(&o).contains("broken"), "a warning, with --json too\n{}", describe(&o));
        if json {
            let v: Value = serde_json::from_slice(&o.stdout).unwrap();
            assert_eq!(v["setup"]["shim"]["broken"], true, "{v:#}");
            assert_eq!(v["setup"]["shim"]["links_to"], gone.display().to_string(), "{v:#}");
        } else {
            let line = common::stdout(&o).lines().find(|l| l.starts_with("shim:")).unwrap_or_default().to_string();
            for says in ["broken", &gone.display().to_string(), "cannot start its agent", "--set-up` again"] {
                assert!(line.contains(says), "{says}: {line}");
            }
        }
    }
    // Set up again: the link leads to a binary that is there.
    kiro.set_up(&[]);
    let o = kiro.install.command(&["--check", "--json"]).env("KIRO_KAS_NODE_PATH", &shim).output().unwrap();
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (v["setup"]["shim"]["is_shim"].clone(), v["setup"]["shim"]["broken"].clone()),
        (true.into(), false.into())
    );
}

/// --set-up acts on no tree: --all (or --target) beside it is refused, not ignored.
#[test]
fn set_up_refuses_all_and_target() {
    let kiro = Kiro::new("2.23.0");
    for extra in [&["--all"][..], &["--target", "/x/acp-server.js"], &["--all", "--json"]] {
        let o = kiro.tool(&[&["--set-up"], extra].concat());
        assert_eq!(code(&o), 2, "{extra:?}\n{}", describe(&o));
        assert!(common::stderr(&o).contains("cannot be used with"), "{extra:?}\n{}", describe(&o));
        assert!(!kiro.install.config().exists(), "{extra:?}: nothing saved");
    }
}

/// Runs commands as the owner of a kiro-cli install: this user, or as root the
/// test user, to whom the whole install is given (root may write any folder).
struct Owner(Option<(u32, u32)>);

impl Owner {
    fn of(kiro: &Kiro) -> Owner {
        if !common::is_root() {
            return Owner(None);
        }
        let (uid, gid) = common::test_user();
        for dir in [kiro.install.data.path(), kiro.install.bin.path(), kiro.install.home.path()] {
            common::chown_tree(dir, uid, gid);
        }
        Owner(Some((uid, gid)))
    }

    fn run(&self, mut command: Command) -> Output {
        use std::os::unix::process::CommandExt;
        if let Some((uid, gid)) = self.0 {
            command.uid(uid).gid(gid);
        }
        command.output().unwrap()
    }
}

/// Makes a folder read-only (to its owner too) until dropped.
struct ReadOnlyToOwner(PathBuf);

impl ReadOnlyToOwner {
    fn new(folder: &Path) -> ReadOnlyToOwner {
        std::fs::set_permissions(folder, std::os::unix::fs::PermissionsExt::from_mode(0o555)).unwrap();
        ReadOnlyToOwner(folder.to_path_buf())
    }
}

impl Drop for ReadOnlyToOwner {
    fn drop(&mut self) {
        let _ = std::fs::set_permissions(&self.0, std::os::unix::fs::PermissionsExt::from_mode(0o755));
    }
}

/// A tree whose folder its own owner may not write, run as that owner:
/// --check predicts what apply does (refused, not "patchable"), and every
/// refusal names the folder and the mirror, never "run as the user that
/// installed kiro-cli". Once the launch shim runs a mirror of it, --check
/// reports that as `patched (mirror: …)` with exit 0.
#[test]
fn a_tree_read_only_to_its_owner_is_sent_to_the_mirror_and_reported_by_it() {
    let kiro = Kiro::new("2.23.0");
    let bundle = kiro.unpack("2.23.0-ro", "minified-esm");
    let owner = Owner::of(&kiro);
    let _read_only = ReadOnlyToOwner::new(bundle.parent().unwrap());
    let stock = sha256_file(&bundle);
    let run = |args: &[&str], shim: Option<&Path>| {
        let mut command = kiro.install.command(args);
        if let Some(shim) = shim {
            command.env("KIRO_KAS_NODE_PATH", shim);
        }
        owner.run(command)
    };
    let refused = |o: &Output, what: &str| {
        assert_eq!(code(o), 2, "{what}\n{}", describe(o));
        let said = format!("{}{}", common::stdout(o), common::stderr(o));
        for says in ["not writable", "read-only to you, its owner", "--set-up --write-to mirror"] {
            assert!(said.contains(says), "{what}: {says}\n{}", describe(o));
        }
        for wrong in ["run as the user", "patchable", "case "] {
            assert!(!said.contains(wrong), "{what}: {wrong}\n{}", describe(o));
        }
    };
    refused(&run(&["--check"], None), "--check");
    refused(&run(&[], None), "apply");
    refused(&run(&["--ensure"], None), "--ensure");
    refused(&run(&["--all"], None), "--all");
    refused(&run(&["--dry-run"], None), "--dry-run");
    assert_eq!(sha256_file(&bundle), stock);

    // Set up (write-to auto): with the shim in this environment the next start
    // runs a mirror, which --check predicts; without it, --check says to set it.
    let o = run(&["--set-up", "--json"], None);
    assert_eq!(code(&o), 0, "{}", describe(&o));
    let shim = PathBuf::from(serde_json::from_slice::<Value>(&o.stdout).unwrap()["shim"].as_str().unwrap());
    let o = run(&["--check"], Some(&shim));
    assert_eq!(code(&o), 1, "{}", describe(&o));
    assert!(common::stdout(&o).contains("launch shim runs a patched mirror of it from the next"), "{}", describe(&o));
    let o = run(&["--check"], None);
    assert_eq!(code(&o), 2, "{}", describe(&o));
    assert!(common::stderr(&o).contains("KIRO_KAS_NODE_PATH does not name the working shim"), "{}", describe(&o));

    // One start makes the mirror; from then on the tree is reported as what kiro-cli runs.
    let late = scenario("late-subagent");
    let o = owner.run(kiro.launch(&shim, &bundle, &late));
    assert_eq!(code(&o), 0, "{}", describe(&o));
    assert_eq!(explorer_received(&o), Vec::<String>::new(), "node ran a patched mirror\n{}", describe(&o));
    let o = run(&["--check"], Some(&shim));
    assert_eq!(code(&o), 0, "{}", describe(&o));
    let cache = kiro.install.cache().display().to_string();
    let state = common::stdout(&o).lines().find(|l| l.starts_with("state:")).unwrap_or_default().to_string();
    assert!(state.starts_with(&format!("state:  patched (mirror: {cache}")), "{}", describe(&o));
    let v: Value = serde_json::from_slice(&run(&["--check", "--json"], Some(&shim)).stdout).unwrap();
    assert_eq!(
        (v["state"].clone(), v["exit_code"].clone()),
        ("stock".into(), 0.into()),
        "the file itself is stock\n{v:#}"
    );
    assert!(v["mirror_in_use"]["path"].as_str().unwrap().starts_with(&cache), "{v:#}");
    assert_eq!(v["mirror_in_use"]["mode"], "seed", "{v:#}");
    let o = run(&["--all", "--check"], Some(&shim));
    assert_eq!(code(&o), 0, "{}", describe(&o));
    assert!(common::stdout(&o).contains(" patched "), "{}", describe(&o));
    let o = run(&["--ensure"], Some(&shim));
    assert_eq!(code(&o), 0, "--ensure is content with the mirror\n{}", describe(&o));
    // Apply still will not write the tree, and says the mirror serves it.
    let o = run(&[], Some(&shim));
    assert_eq!(code(&o), 2, "{}", describe(&o));
    assert!(common::stderr(&o).contains("nothing needs writing here"), "{}", describe(&o));
    assert_eq!(sha256_file(&bundle), stock);

    // --restore removes the mirror and all it kept: no lock file is left.
    let o = run(&["--restore"], Some(&shim));
    assert_eq!(code(&o), 0, "{}", describe(&o));
    assert!(common::stdout(&o).contains("removed 1 mirror"), "{}", describe(&o));
    let left: Vec<String> = std::fs::read_dir(kiro.install.cache().join("mirrors"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(left.is_empty(), "{left:?}");
    assert_eq!(code(&run(&["--check"], Some(&shim))), 1);
}

/// With `write-to mirror` the shim runs a patched mirror of a tree it may
/// write but must not: where the shim is KIRO_KAS_NODE_PATH, --check reports
/// the tree as what every start runs, `patched (mirror: …)`, and exits 0.
#[test]
fn a_mirror_in_use_is_reported_as_patched() {
    let kiro = Kiro::new("2.23.0");
    let shim = kiro.set_up(&["--write-to", "mirror", "--mode", "gate"]);
    let bundle = kiro.unpack("2.23.0-new", "readable-esm");
    let check = |args: &[&str], with_shim: bool| {
        let mut command = kiro.install.command(args);
        if with_shim {
            command.env("KIRO_KAS_NODE_PATH", &shim);
        }
        command.output().unwrap()
    };
    // No start yet: stock, and patchable.
    let o = check(&["--check"], true);
    assert_eq!(code(&o), 1, "{}", describe(&o));
    assert!(common::stdout(&o).contains("launch shim runs a patched mirror of it from the next"), "{}", describe(&o));
    assert!(!common::stdout(&o).contains("not writable"), "{}", describe(&o));
    let o = kiro.launch(&shim, &bundle, &scenario("late-subagent")).output().unwrap();
    assert_eq!(code(&o), 0, "{}", describe(&o));
    assert_eq!(explorer_received(&o), Vec::<String>::new(), "{}", describe(&o));
    let o = check(&["--check"], true);
    assert_eq!(code(&o), 0, "{}", describe(&o));
    let text = common::stdout(&o);
    let state = text.lines().find(|l| l.starts_with("state:")).unwrap_or_default();
    let mirrors = kiro.install.cache().join("mirrors").display().to_string();
    assert!(state.starts_with(&format!("state:  patched (mirror: {mirrors}")), "{text}");
    assert!(state.contains("gate mode"), "{text}");
    let v: Value = serde_json::from_slice(&check(&["--check", "--json"], true).stdout).unwrap();
    assert_eq!(v["exit_code"], 0, "{v:#}");
    assert!(v["mirror_in_use"]["path"].as_str().unwrap().starts_with(&mirrors), "{v:#}");
    // Where the variable is not the shim, starts run the tree as it is: stock.
    let o = check(&["--check"], false);
    assert_eq!(code(&o), 1, "{}", describe(&o));
    assert!(common::stdout(&o).contains("state:  stock"), "{}", describe(&o));
}
