//! A run started as root on a tree another user owns (issue 11): it works as
//! that user or refuses, never runs a program another user could have written,
//! and a folder or temp file swapped for a link under it redirects nothing.
//!
//! These need root (CI runs as root); as an ordinary user each says so and
//! passes without testing anything.

mod common;

use std::os::unix::fs::{symlink, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::*;

const TEMP_PREFIX: &str = ".kiro-steer-scope-";
const VERSION: &str = "1.2.3";

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

fn real_node() -> PathBuf {
    let o = Command::new("sh").args(["-c", "command -v node"]).output().unwrap();
    let path = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim());
    assert!(path.is_absolute(), "node is on PATH (.ci/run installs it)");
    path
}

fn write_script(path: &Path, body: &str, mode: u32) {
    std::fs::write(path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// A script that appends `<uid> <gid> <groups>|<first argument>` to `log`
/// (`<groups> fd9` if it has a descriptor 9), then runs the real node.
fn logging_node(path: &Path, log: &Path) {
    let body = format!(
        "echo \"$(id -u) $(id -g) $(id -G)$([ -e /proc/self/fd/9 ] && echo ' fd9')|$1\" | head -n 1 >> '{}'\nexec '{}' \"$@\"",
        log.display(),
        real_node().display()
    );
    write_script(path, &body, 0o755);
}

/// Who ran each logged node: (uid, gid, groups).
fn runs(log: &Path) -> Vec<(u32, u32, String)> {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    text.lines()
        .map(|line| {
            let ids = line.split('|').next().unwrap();
            let mut words = ids.split_whitespace();
            let uid = words.next().unwrap().parse().unwrap();
            let gid = words.next().unwrap().parse().unwrap();
            (uid, gid, words.collect::<Vec<_>>().join(" "))
        })
        .collect()
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// Root-owned and world-traversable, so the test user can reach what is below.
fn open_base() -> tempfile::TempDir {
    let base = tempfile::tempdir().unwrap();
    std::fs::set_permissions(base.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    base
}

/// A user's Kiro install as a fleet finds it: `<home>/data` (XDG_DATA_HOME)
/// holds a KAS tree for kiro-cli 1.2.3 and `kiro-cli/node`, a script that logs
/// who runs it and runs the real node; all of it the test user's. `bin` holds
/// a root-owned `kiro-cli` that prints the version.
struct Home {
    base: tempfile::TempDir,
    uid: u32,
    gid: u32,
}

impl Home {
    fn new(bundle: &str) -> Home {
        let (uid, gid) = test_user();
        let home = Home { base: open_base(), uid, gid };
        copy_dir(
            &repo().join("testdata/bundles").join(bundle),
            &home.data().join(format!("kiro-cli/kas/{VERSION}-abc")),
        );
        std::fs::write(home.log(), b"").unwrap();
        logging_node(&home.node(), &home.log());
        chown_tree(&home.base.path().join("home"), uid, gid);
        std::fs::create_dir(home.bin()).unwrap();
        write_script(&home.bin().join("kiro-cli"), &format!("echo 'kiro-cli {VERSION}'"), 0o755);
        home
    }

    fn data(&self) -> PathBuf {
        self.base.path().join("home/data")
    }

    fn bin(&self) -> PathBuf {
        self.base.path().join("bin")
    }

    fn log(&self) -> PathBuf {
        self.base.path().join("home/runs.log")
    }

    fn node(&self) -> PathBuf {
        self.data().join("kiro-cli/node")
    }

    fn target(&self) -> PathBuf {
        self.data().join(format!("kiro-cli/kas/{VERSION}-abc")).join(BUNDLE_IN_TREE)
    }

    /// The tool as root, finding the target by discovery.
    fn command(&self, args: &[&str]) -> Command {
        let path = format!("{}:{}", self.bin().display(), std::env::var("PATH").unwrap_or_default());
        let mut c = Command::new(bin());
        c.args(args)
            .env_remove("KIRO_KAS_SERVER_PATH")
            .env_remove("KIRO_KAS_NODE_PATH")
            .env("XDG_DATA_HOME", self.data())
            .env("PATH", path);
        c
    }
}

#[test]
fn a_root_run_on_a_users_tree_works_as_that_user_and_never_runs_its_node_as_root() {
    if !running_as_root("a_root_run_on_a_users_tree_works_as_that_user_and_never_runs_its_node_as_root") {
        return;
    }
    let home = Home::new("readable-cjs");
    let target = home.target();
    let folder = target.parent().unwrap().to_path_buf();
    let stock = std::fs::read(&target).unwrap();
    let siblings = names(&folder);
    let node = home.node().display().to_string();
    // Root's caller hands the run a descriptor (9) on a file only root may read.
    let secret = home.base.path().join("root-only");
    std::fs::write(&secret, b"root's").unwrap();
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    let secret = std::fs::File::open(&secret).unwrap();
    let inherit_fd9 = |c: &mut Command| {
        use std::os::fd::AsRawFd;
        use std::os::unix::process::CommandExt;
        let fd = secret.as_raw_fd();
        unsafe {
            c.pre_exec(move || if libc::dup2(fd, 9) < 0 { Err(std::io::Error::last_os_error()) } else { Ok(()) });
        }
    };
    // kiro-cli's own node found through XDG_DATA_HOME, then the same named by --node.
    for extra in [&[][..], &["--node", node.as_str()]] {
        let steps: [(&[&str], i32); 6] = [
            (&["--check"], 1),
            (&["--dry-run"], 0),
            (&["--mode", "seed"], 0),
            (&["--prove"], 0),
            (&["--mode", "gate"], 0),
            (&["--restore"], 0),
        ];
        for (args, want) in steps {
            let all = [args, extra].concat();
            let mut command = home.command(&all);
            inherit_fd9(&mut command);
            let o = command.output().unwrap();
            expect_code(&o, want, &format!("{all:?} as root on the user's tree"));
            let meta = std::fs::metadata(&target).unwrap();
            assert_eq!((meta.uid(), meta.gid()), (home.uid, home.gid), "{all:?}: the file stays the user's");
            assert_eq!(names(&folder), siblings, "{all:?}: nothing left beside the target");
            for entry in std::fs::read_dir(&folder).unwrap() {
                assert_eq!(
                    entry.unwrap().metadata().unwrap().uid(),
                    home.uid,
                    "{all:?}: everything in the folder is the user's"
                );
            }
        }
        let ran = runs(&home.log());
        // --dry-run, two applies and --prove ran node: a check and a proof each (the proof alone for --prove).
        assert!(ran.len() >= 7, "node ran for the check and the proof: {ran:?}");
        for (uid, gid, groups) in &ran {
            assert_ne!(*uid, 0, "node ran as root");
            assert_eq!((*uid, *gid), (home.uid, home.gid), "node ran as the tree's owner");
            assert_eq!(groups, &home.gid.to_string(), "no supplementary groups (root's or the user's) were kept, and no descriptor root's caller had open reached node");
        }
        std::fs::write(home.log(), b"").unwrap();
    }
    assert!(std::fs::read(&target).unwrap() == stock, "restored to the stock bytes");
}

#[test]
fn a_root_run_never_executes_a_program_another_user_could_have_written() {
    if !running_as_root("a_root_run_never_executes_a_program_another_user_could_have_written") {
        return;
    }
    let (uid, gid) = test_user();
    let t = Tree::copy("minified-esm");
    let stock_sha = t.sha();
    let base = open_base();
    let log = base.path().join("runs.log");
    // Each case: a node whose file or a folder on its way someone else may write.
    let place = |name: &str, folder_mode: u32, folder_owner: Option<(u32, u32)>| {
        let dir = base.path().join(name);
        std::fs::create_dir(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(folder_mode)).unwrap();
        let node = dir.join("node");
        logging_node(&node, &log);
        if let Some((u, g)) = folder_owner {
            std::os::unix::fs::chown(&dir, Some(u), Some(g)).unwrap();
        }
        node
    };
    let user_owned = place("user-owned", 0o755, None);
    std::os::unix::fs::chown(&user_owned, Some(uid), Some(gid)).unwrap();
    let in_users_folder = place("users-folder", 0o755, Some((uid, gid)));
    let in_shared_folder = place("shared-folder", 0o777, None);
    let group_writable = place("group-writable", 0o755, None);
    std::os::unix::fs::chown(&group_writable, None, Some(gid)).unwrap();
    std::fs::set_permissions(&group_writable, std::fs::Permissions::from_mode(0o775)).unwrap();
    let world_writable = place("world-writable", 0o755, None);
    std::fs::set_permissions(&world_writable, std::fs::Permissions::from_mode(0o757)).unwrap();
    // A root-owned node reached through a link in the user's folder, or
    // through a link the user made in a sticky folder (/tmp-like).
    let trusted = place("trusted", 0o755, None);
    let linked = base.path().join("users-folder/link-to-node");
    symlink(&trusted, &linked).unwrap();
    let sticky = base.path().join("sticky");
    std::fs::create_dir(&sticky).unwrap();
    std::fs::set_permissions(&sticky, std::fs::Permissions::from_mode(0o1777)).unwrap();
    let users_link = sticky.join("node");
    symlink(&trusted, &users_link).unwrap();
    std::os::unix::fs::lchown(&users_link, Some(uid), Some(gid)).unwrap();
    for node in
        [&user_owned, &in_users_folder, &in_shared_folder, &group_writable, &world_writable, &linked, &users_link]
    {
        for args in [&["--dry-run"][..], &["--mode", "gate"], &["--prove"]] {
            let all = [args, &["--node", node.to_str().unwrap()]].concat();
            let o = t.run(&all);
            expect_code(&o, 2, &format!("{all:?}: a node another user could have written"));
            assert!(
                String::from_utf8_lossy(&o.stderr).contains("not run as uid 0"),
                "the refusal says why\n{}",
                describe(&o)
            );
            assert_eq!(runs(&log), vec![], "{all:?}: the node never ran");
            assert_eq!(t.sha(), stock_sha);
        }
    }
    // A root-owned system install keeps working as root.
    let o = t.run(&["--node", trusted.to_str().unwrap()]);
    expect_code(&o, 0, "a root-owned node in root-owned folders");
    let ran = runs(&log);
    assert!(!ran.is_empty() && ran.iter().all(|(u, _, _)| *u == 0), "{ran:?}");
    expect_code(&t.run(&["--restore"]), 0, "restore");

    // Discovery runs kiro-cli: not one another user could have written.
    let home = Home::new("readable-cjs");
    std::os::unix::fs::chown(home.bin().join("kiro-cli"), Some(uid), Some(gid)).unwrap();
    let o = home.command(&["--check"]).output().unwrap();
    expect_code(&o, 2, "a kiro-cli the user could have written");
    assert!(String::from_utf8_lossy(&o.stderr).contains("not run as uid 0"), "{}", describe(&o));
}

#[test]
fn a_root_run_refuses_a_tree_it_cannot_hand_to_one_account() {
    if !running_as_root("a_root_run_refuses_a_tree_it_cannot_hand_to_one_account") {
        return;
    }
    let (uid, gid) = test_user();
    let nobody = Command::new("id").args(["-u", "nobody"]).output().unwrap();
    let nobody: u32 = String::from_utf8_lossy(&nobody.stdout).trim().parse().expect("the nobody account exists");
    let no_account = 4321;
    assert!(
        !Command::new("getent").args(["passwd", &no_account.to_string()]).output().unwrap().status.success(),
        "uid {no_account} has no account"
    );
    let base = open_base();
    let log = base.path().join("runs.log");
    let node = base.path().join("node");
    logging_node(&node, &log);
    type Arrange = fn(&Path, u32, u32, u32) -> PathBuf;
    let cases: [(&str, Arrange, &str); 5] = [
        (
            "a folder one user owns holding a file another owns",
            |t, uid, gid, nobody| {
                chown_tree(t.parent().unwrap(), uid, gid);
                std::os::unix::fs::chown(t, Some(nobody), None).unwrap();
                t.to_path_buf()
            },
            "but",
        ),
        (
            "a tree whose owner has no account",
            |t, _, _, _| {
                chown_tree(t.parent().unwrap(), 4321, 4321);
                t.to_path_buf()
            },
            "no account",
        ),
        (
            "the user's file in a group the user is not in",
            |t, uid, gid, _| {
                chown_tree(t.parent().unwrap(), uid, gid);
                std::os::unix::fs::chown(t, None, Some(0)).unwrap();
                t.to_path_buf()
            },
            "not in",
        ),
        (
            "a root-owned tree in a folder every user may write",
            |t, _, _, _| {
                std::fs::set_permissions(t.parent().unwrap(), std::fs::Permissions::from_mode(0o777)).unwrap();
                t.to_path_buf()
            },
            "every user",
        ),
        // The user chose where the link leads: the run is the user's, who may not write root's file.
        (
            "a root-owned tree named through a link the user made in a sticky folder",
            |t, uid, gid, _| {
                let sticky = t.ancestors().nth(Path::new(BUNDLE_IN_TREE).components().count()).unwrap().join("sticky");
                std::fs::create_dir(&sticky).unwrap();
                std::fs::set_permissions(&sticky, std::fs::Permissions::from_mode(0o1777)).unwrap();
                let link = sticky.join("acp-server.js");
                symlink(t, &link).unwrap();
                std::os::unix::fs::lchown(&link, Some(uid), Some(gid)).unwrap();
                link
            },
            "not in",
        ),
    ];
    for (what, arrange, says) in cases {
        let t = Tree::copy("readable-esm");
        let named = arrange(&t.target, uid, gid, nobody);
        let stock_sha = t.sha();
        let siblings = t.siblings();
        for args in [&["--check"][..], &["--dry-run"], &["--mode", "seed"], &["--prove"], &["--restore"]] {
            let all = [args, &["--node", node.to_str().unwrap()]].concat();
            let o = run(&[&["--target", named.to_str().unwrap()], &all[..]].concat());
            expect_code(&o, 2, &format!("{what}: {all:?}"));
            assert!(
                String::from_utf8_lossy(&o.stderr).contains(says),
                "{what}: the refusal says why\n{}",
                describe(&o)
            );
            assert_eq!(
                (t.sha(), t.siblings()),
                (stock_sha.clone(), siblings.clone()),
                "{what}: {all:?} changed nothing"
            );
            assert_eq!(runs(&log), vec![], "{what}: {all:?}: node never ran");
        }
    }
}

/// Swaps, until told to stop: every temp entry of ours in `folder` for a link
/// to `sentinel` (the entry moved aside), and `folder` itself for a link to
/// `decoy` for a moment. Returns how many of each it swapped.
fn race(folder: PathBuf, decoy: PathBuf, sentinel: PathBuf, stop: Arc<AtomicBool>) -> (usize, usize) {
    let away = folder.with_file_name("server-away");
    let (mut temps, mut folders) = (0, 0);
    let swap_temps = |dir: &Path, temps: &mut usize| {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let is_link = entry.file_type().is_ok_and(|t| t.is_symlink());
            if name.starts_with(TEMP_PREFIX)
                && !is_link
                && std::fs::rename(entry.path(), dir.join(format!("racer-aside-{}", *temps))).is_ok()
            {
                let _ = symlink(&sentinel, entry.path());
                *temps += 1;
            }
        }
    };
    while !stop.load(Ordering::SeqCst) {
        swap_temps(&folder, &mut temps);
        std::fs::rename(&folder, &away).unwrap();
        symlink(&decoy, &folder).unwrap();
        folders += 1;
        swap_temps(&away, &mut temps);
        std::thread::sleep(Duration::from_micros(300));
        std::fs::remove_file(&folder).unwrap();
        std::fs::rename(&away, &folder).unwrap();
        std::thread::sleep(Duration::from_micros(300));
    }
    (temps, folders)
}

/// Runs the tool with a deadline.
fn run_within(command: &mut Command, limit: Duration) -> Output {
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("the run did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn swapping_the_folder_and_our_temp_files_for_links_during_root_runs_never_writes_outside_the_target() {
    if !running_as_root(
        "swapping_the_folder_and_our_temp_files_for_links_during_root_runs_never_writes_outside_the_target",
    ) {
        return;
    }
    // The user's tree (the run becomes the user) and a root-owned one (it stays root).
    for users in [true, false] {
        let home = Home::new("readable-cjs");
        if !users {
            chown_tree(&home.base.path().join("home"), 0, 0);
        }
        let target = home.target();
        let folder = target.parent().unwrap().to_path_buf();
        let stock = std::fs::read(&target).unwrap();
        // Root's: a folder the links lead to, holding a file that must not change.
        let decoy = home.base.path().join("decoy");
        std::fs::create_dir(&decoy).unwrap();
        let sentinel = decoy.join("acp-server.js");
        std::fs::write(&sentinel, b"root's own file; no byte of a bundle may land here\n").unwrap();
        let sentinel_sha = sha256_file(&sentinel);
        let decoy_names = names(&decoy);

        let stop = Arc::new(AtomicBool::new(false));
        let racer = {
            let (folder, decoy, sentinel, stop) = (folder.clone(), decoy.clone(), sentinel.clone(), stop.clone());
            std::thread::spawn(move || race(folder, decoy, sentinel, stop))
        };
        let done = AtomicUsize::new(0);
        let started = Instant::now();
        let node = home.node().display().to_string();
        let actions: [&[&str]; 4] = [&["--mode", "seed"], &["--mode", "gate"], &["--dry-run"], &["--restore"]];
        let mut i = 0;
        while started.elapsed() < Duration::from_secs(8) {
            let all =
                [actions[i % actions.len()], &["--target", target.to_str().unwrap(), "--node", node.as_str()]].concat();
            let o = run_within(&mut home.command(&all), Duration::from_secs(30));
            assert!(matches!(o.status.code(), Some(0) | Some(2)), "{all:?} under the race\n{}", describe(&o));
            if o.status.code() == Some(0) {
                done.fetch_add(1, Ordering::SeqCst);
            }
            i += 1;
        }
        stop.store(true, Ordering::SeqCst);
        let (temps, folders) = racer.join().unwrap();
        let what = if users { "the user's tree" } else { "a root-owned tree" };
        eprintln!("{what}: {i} runs ({} succeeded) while {temps} temp files and the folder {folders} times were swapped for links", done.load(Ordering::SeqCst));
        assert!(temps > 0 && folders > 0, "{what}: the race swapped nothing");

        assert_eq!(sha256_file(&sentinel), sentinel_sha, "{what}: a byte landed in root's file through a link");
        assert_eq!(names(&decoy), decoy_names, "{what}: nothing was written into the folder a link led to");
        if users {
            let ran = runs(&home.log());
            assert!(
                !ran.is_empty() && ran.iter().all(|(u, _, _)| *u == home.uid),
                "{what}: node ran as the user only: {ran:?}"
            );
        }
        // What the racer left: our bytes moved aside in the folder, links named like our temp files.
        for name in names(&folder) {
            if name.starts_with("racer-aside-") || name.starts_with(TEMP_PREFIX) {
                std::fs::remove_file(folder.join(name)).unwrap();
            }
        }
        let meta = std::fs::symlink_metadata(&target).unwrap();
        assert!(meta.is_file(), "{what}: the target is still a file");
        let now = std::fs::read(&target).unwrap();
        assert!(
            now == stock || now.windows(19).any(|w| w == b"/*kiro-steer-scope:"),
            "{what}: the target holds whole bytes"
        );
        let o = home
            .command(&["--restore", "--target", target.to_str().unwrap(), "--node", node.as_str()])
            .output()
            .unwrap();
        expect_code(&o, 0, &format!("{what}: restore after the race"));
        assert!(std::fs::read(&target).unwrap() == stock, "{what}: restored to stock");
    }
}
