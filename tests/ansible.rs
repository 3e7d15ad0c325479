//! The Ansible role (contrib/ansible): the example playbook run against
//! localhost, each "host" a temp folder with a home holding fixture KAS trees,
//! with the pinned ansible-core that `.ci/run` installs in a venv. Where it
//! could not be installed, each test says why on the CI log and tests nothing.

mod common;

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::TcpListener;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use common::{bin, copy_dir, describe, repo, sha256_bytes, sha256_file, BUNDLE_IN_TREE};
use serde_json::{json, Value};

/// The venv's ansible-playbook, or None after saying why there is none.
fn ansible_playbook(test: &str) -> Option<PathBuf> {
    let skip = |why: &str| {
        // eprintln! is captured for a test that passes; this line must reach the CI log.
        let _ = writeln!(std::io::stderr().lock(), "{test}: SKIPPED, the Ansible tests need ansible-core: {why}");
        None
    };
    if let Some(why) = std::env::var("KIRO_STEER_SCOPE_ANSIBLE_SKIP").ok().filter(|v| !v.is_empty()) {
        return skip(&why);
    }
    if let Some(path) = std::env::var_os("KIRO_STEER_SCOPE_ANSIBLE_PLAYBOOK").filter(|v| !v.is_empty()) {
        let path = PathBuf::from(path);
        assert!(path.is_file(), "KIRO_STEER_SCOPE_ANSIBLE_PLAYBOOK names {}, which is missing", path.display());
        return Some(path);
    }
    let path = repo().join("target/ansible-venv/bin/ansible-playbook");
    if path.is_file() {
        return Some(path);
    }
    skip(&format!(
        "{} is missing (`bash contrib/ansible/install-ansible` installs the pinned version there; .ci/run does)",
        path.display()
    ))
}

fn user_name() -> String {
    let o = Command::new("id").arg("-un").output().unwrap();
    String::from_utf8(o.stdout).unwrap().trim().to_string()
}

/// One inventory host: a folder standing for a machine, with one user's home.
struct Host {
    name: &'static str,
    root: PathBuf,
}

impl Host {
    fn home(&self) -> PathBuf {
        self.root.join("home")
    }
    fn binary(&self) -> PathBuf {
        self.root.join("bin/kiro-steer-scope")
    }
    fn profile(&self) -> PathBuf {
        self.root.join("profile.d/kiro-steer-scope.sh")
    }
    fn shim(&self) -> PathBuf {
        self.home().join(".local/share/kiro-steer-scope/kiro-steer-scope-node")
    }
    fn config(&self) -> PathBuf {
        self.home().join(".config/kiro-steer-scope/config.toml")
    }
    fn environment_file(&self) -> PathBuf {
        self.home().join(".config/environment.d/kiro-steer-scope.conf")
    }
    fn cache(&self) -> PathBuf {
        self.home().join(".cache/kiro-steer-scope")
    }

    /// A stock fixture tree, as kiro-cli unpacks it on the first start of a version.
    fn unpack(&self, name: &str, bundle: &str) -> PathBuf {
        let tree = self.home().join(".local/share/kiro-cli/kas").join(name);
        copy_dir(&repo().join("testdata/bundles").join(bundle), &tree);
        tree.join(BUNDLE_IN_TREE)
    }

    /// A tree whose execution class lost its cursor method: the anchors drift.
    fn unpack_drifted(&self, name: &str) -> PathBuf {
        let target = self.unpack(name, "minified-cjs");
        let text = std::fs::read_to_string(&target).unwrap();
        std::fs::write(&target, text.replace("setSteeringReaderIndex", "setCursor")).unwrap();
        target
    }

    /// Every entry under the host with what it holds, and for files also
    /// their inode and mtime, so that a file written again with the same
    /// bytes shows too. The tool's cache only by name: its stamps are
    /// renewed by design.
    fn snapshot(&self) -> BTreeMap<String, String> {
        fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<String, String>) {
            let Ok(entries) = std::fs::read_dir(dir) else { return };
            for entry in entries {
                let path = entry.unwrap().path();
                let rel = path.strip_prefix(root).unwrap().display().to_string();
                let meta = std::fs::symlink_metadata(&path).unwrap();
                let what = if meta.file_type().is_symlink() {
                    format!("-> {}", std::fs::read_link(&path).unwrap().display())
                } else if meta.is_dir() {
                    walk(&path, root, out);
                    "dir".into()
                } else if rel.contains(".cache/kiro-steer-scope/") {
                    "cache entry".into()
                } else {
                    let sha = if meta.len() < 16 << 20 { sha256_file(&path) } else { format!("{} bytes", meta.len()) };
                    format!("{sha} ino {} mtime {}.{}", meta.ino(), meta.mtime(), meta.mtime_nsec())
                };
                out.insert(rel, what);
            }
        }
        let mut out = BTreeMap::new();
        walk(&self.root, &self.root, &mut out);
        out
    }

    /// What the tool says of a bundle now (the test's own binary, no saved choice).
    fn state(&self, bundle: &Path) -> (String, String) {
        let o = common::run(&["--check", "--json", "--target", bundle.to_str().unwrap()]);
        let v = common::json(&o);
        (v["state"].as_str().unwrap_or("-").to_string(), v["mode"].as_str().unwrap_or("-").to_string())
    }
}

/// Stock bytes of a fixture's bundle.
fn stock_sha(bundle: &str) -> String {
    sha256_file(&repo().join("testdata/bundles").join(bundle).join(BUNDLE_IN_TREE))
}

/// Localhost hosts in temp folders, the inventory that describes them, and
/// the controller's own folders (HOME, Ansible's temp files) there too.
struct Fleet {
    dir: tempfile::TempDir,
    playbook: PathBuf,
    hosts: Vec<Host>,
}

impl Fleet {
    fn new(playbook: PathBuf, names: &[&'static str]) -> Fleet {
        let dir = tempfile::tempdir().unwrap();
        let hosts = names.iter().map(|name| Host { name, root: dir.path().join(name) }).collect::<Vec<_>>();
        for host in &hosts {
            std::fs::create_dir_all(host.profile().parent().unwrap()).unwrap();
            std::fs::create_dir_all(host.binary().parent().unwrap()).unwrap();
            std::fs::create_dir_all(host.home()).unwrap();
        }
        let controller = dir.path().join("controller");
        std::fs::create_dir_all(&controller).unwrap();
        std::fs::write(
            dir.path().join("ansible.cfg"),
            format!(
                "[defaults]\nlocal_tmp = {c}/tmp\nremote_tmp = {c}/remote-tmp\nretry_files_enabled = False\n\
                 stdout_callback = default\ninterpreter_python = auto_silent\nnocows = True\n",
                c = controller.display()
            ),
        )
        .unwrap();
        let fleet = Fleet { dir, playbook, hosts };
        fleet.inventory(|_, _| {});
        fleet
    }

    fn host(&self, name: &str) -> &Host {
        self.hosts.iter().find(|h| h.name == name).unwrap()
    }

    /// Writes the inventory: every host on localhost as the current user
    /// (no become), its binary, login script and user's home in its folder;
    /// `edit` adds or changes a host's variables.
    fn inventory(&self, edit: impl Fn(&str, &mut serde_json::Map<String, Value>)) {
        let mut hosts = serde_json::Map::new();
        for host in &self.hosts {
            let mut vars = serde_json::Map::new();
            vars.insert("kiro_steer_scope_binary_path".into(), json!(host.binary()));
            vars.insert("kiro_steer_scope_profile_script".into(), json!(host.profile()));
            vars.insert(
                "kiro_steer_scope_users".into(),
                json!([{"name": user_name(), "environment": {"HOME": host.home()}}]),
            );
            vars.insert("kiro_steer_scope_binary_src".into(), json!(bin()));
            edit(host.name, &mut vars);
            hosts.insert(host.name.into(), Value::Object(vars));
        }
        let inventory = json!({"kiro": {
            "hosts": hosts,
            "vars": {
                "ansible_connection": "local",
                "ansible_python_interpreter": "{{ ansible_playbook_python }}",
                "ansible_become": false,
            },
        }});
        std::fs::write(self.dir.path().join("inventory.json"), inventory.to_string()).unwrap();
    }

    fn play(&self, args: &[&str]) -> Played {
        let mut command = Command::new(&self.playbook);
        command
            .arg("-v")
            .arg("-i")
            .arg(self.dir.path().join("inventory.json"))
            .arg(repo().join("contrib/ansible/playbook.yml"))
            .args(args)
            .current_dir(self.dir.path());
        // Nothing of the tester's own set-up, Ansible settings or proxies reaches the play.
        for (key, _) in std::env::vars_os() {
            let key = key.to_string_lossy().into_owned();
            if key.starts_with("ANSIBLE_") || key.starts_with("KIRO_") || key.starts_with("XDG_") {
                command.env_remove(&key);
            }
            if key.to_ascii_lowercase().ends_with("_proxy") {
                command.env_remove(&key);
            }
        }
        command
            .env("HOME", self.dir.path().join("controller"))
            .env("ANSIBLE_CONFIG", self.dir.path().join("ansible.cfg"))
            .env("ANSIBLE_NOCOLOR", "1");
        Played { output: command.output().unwrap() }
    }
}

struct Played {
    output: Output,
}

impl Played {
    fn code(&self) -> i32 {
        common::code(&self.output)
    }

    fn text(&self) -> String {
        describe(&self.output)
    }

    /// The host's PLAY RECAP counts: ok, changed, failed, ...
    fn recap(&self, host: &str) -> BTreeMap<String, u64> {
        let out = String::from_utf8_lossy(&self.output.stdout);
        let recap = out.split("PLAY RECAP").nth(1).unwrap_or_else(|| panic!("no PLAY RECAP\n{}", self.text()));
        let line = recap
            .lines()
            .find(|l| l.split_whitespace().next() == Some(host))
            .unwrap_or_else(|| panic!("{host} is not in the recap\n{}", self.text()));
        line.split_whitespace()
            .filter_map(|w| w.split_once('='))
            .map(|(k, v)| (k.to_string(), v.parse().unwrap()))
            .collect()
    }

    fn changed(&self, host: &str) -> u64 {
        self.recap(host)["changed"]
    }

    fn failed(&self, host: &str) -> u64 {
        self.recap(host)["failed"]
    }

    /// The lines Ansible printed for a failed task of `host`.
    fn fatal(&self, host: &str) -> String {
        let out = String::from_utf8_lossy(&self.output.stdout);
        let head = format!("[{host}]");
        out.lines()
            .filter(|l| (l.starts_with("fatal:") || l.starts_with("failed:")) && l.contains(&head))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The shell a user logs in with reads the login script, then starts the
/// shim as kiro-cli starts node on `bundle`, in the late-subagent scenario:
/// node must have run patched code, the late sub-agent getting no replay.
fn start_kiro(host: &Host, bundle: &Path) {
    let scenario = repo().join("testdata/scenarios/late-subagent.json");
    let mut command = Command::new("sh");
    command
        .args([
            "-c",
            r#". "$1" && test -n "$KIRO_KAS_NODE_PATH" && exec "$KIRO_KAS_NODE_PATH" --experimental-wasm-modules "$2" --transport=stdio --scenario "$3""#,
            "sh",
        ])
        .arg(host.profile())
        .arg(bundle)
        .arg(scenario);
    for (key, _) in std::env::vars_os() {
        if key.to_string_lossy().starts_with("KIRO_") || key.to_string_lossy().starts_with("XDG_") {
            command.env_remove(key);
        }
    }
    let o = command.env("HOME", host.home()).output().unwrap();
    assert_eq!(common::code(&o), 0, "{}", describe(&o));
    let report: Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}\n{}", describe(&o)));
    let explorer = report["executions"].as_array().unwrap().iter().find(|e| e["agent"] == "explorer").unwrap();
    assert_eq!(explorer["received"], json!([]), "the late sub-agent got no replay\n{}", describe(&o));
}

#[test]
fn the_role_rolls_out_keeps_across_an_upgrade_and_takes_out_byte_exact() {
    let Some(playbook) = ansible_playbook("the_role_rolls_out_keeps_across_an_upgrade_and_takes_out_byte_exact") else {
        return;
    };
    let fleet = Fleet::new(playbook, &["alpha"]);
    let host = fleet.host("alpha");
    let first = host.unpack("2.23.0-abc", "minified-esm");

    // Check mode on a fresh host: what would change, and nothing written at all.
    let before = host.snapshot();
    let p = fleet.play(&["--check"]);
    assert_eq!((p.code(), p.failed("alpha")), (0, 0), "{}", p.text());
    assert!(p.changed("alpha") >= 1, "the binary would be installed\n{}", p.text());
    assert_eq!(host.snapshot(), before, "check mode wrote nothing\n{}", p.text());

    // The first run: binary, choice, shim, login script, and the tree patched.
    let p = fleet.play(&[]);
    assert_eq!((p.code(), p.failed("alpha")), (0, 0), "{}", p.text());
    assert!(p.changed("alpha") >= 3, "{}", p.text());
    assert_eq!(sha256_file(&host.binary()), sha256_file(&bin()));
    assert_eq!(host.state(&first), ("patched".into(), "seed".into()));
    let config = std::fs::read_to_string(host.config()).unwrap();
    assert!(config.contains("mode = \"seed\"") && config.contains("rewind-on-clear = false"), "{config}");
    assert_eq!(std::fs::read_link(host.shim()).unwrap(), host.binary());
    let variable = format!("KIRO_KAS_NODE_PATH={}\n", host.shim().display());
    assert_eq!(std::fs::read_to_string(host.environment_file()).unwrap(), variable);
    let o = Command::new("sh")
        .args(["-c", r#". "$1" && printf '%s' "$KIRO_KAS_NODE_PATH""#, "sh"])
        .arg(host.profile())
        .env_remove("KIRO_KAS_NODE_PATH")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout), host.shim().display().to_string(), "{}", describe(&o));

    // The second run changes nothing and writes nothing.
    let after = host.snapshot();
    let p = fleet.play(&[]);
    assert_eq!((p.code(), p.changed("alpha"), p.failed("alpha")), (0, 0, 0), "{}", p.text());
    assert_eq!(host.snapshot(), after, "a second run wrote nothing\n{}", p.text());

    // A kiro-cli upgrade unpacks a stock tree: check mode says it would patch it, and writes nothing.
    let upgraded = host.unpack("2.24.0-def", "readable-cjs");
    let before = host.snapshot();
    let p = fleet.play(&["--check"]);
    assert_eq!((p.code(), p.changed("alpha"), p.failed("alpha")), (0, 1, 0), "{}", p.text());
    assert!(p.text().contains("2 KAS trees, would patch 1"), "{}", p.text());
    assert_eq!(host.snapshot(), before, "check mode wrote nothing\n{}", p.text());
    assert_eq!(sha256_file(&upgraded), stock_sha("readable-cjs"));

    // The user's first start after the upgrade, through the login script and the shim, runs it patched.
    start_kiro(host, &upgraded);
    assert_eq!(host.state(&upgraded), ("patched".into(), "seed".into()));
    let p = fleet.play(&[]);
    assert_eq!((p.code(), p.changed("alpha"), p.failed("alpha")), (0, 0, 0), "{}", p.text());

    // Taken out: check mode first, then for real; every tree byte-exact, nothing of the set-up left.
    let before = host.snapshot();
    let p = fleet.play(&["--check", "-e", "kiro_steer_scope_state=absent"]);
    assert_eq!((p.code(), p.failed("alpha")), (0, 0), "{}", p.text());
    assert!(p.changed("alpha") >= 3, "{}", p.text());
    assert!(p.text().contains("2 KAS trees, would restore 2"), "{}", p.text());
    assert_eq!(host.snapshot(), before, "check mode wrote nothing\n{}", p.text());

    let p = fleet.play(&["-e", "kiro_steer_scope_state=absent"]);
    assert_eq!((p.code(), p.failed("alpha")), (0, 0), "{}", p.text());
    assert!(p.changed("alpha") >= 3, "{}", p.text());
    assert_eq!(sha256_file(&first), stock_sha("minified-esm"));
    assert_eq!(sha256_file(&upgraded), stock_sha("readable-cjs"));
    for gone in [host.binary(), host.profile(), host.shim(), host.config(), host.environment_file(), host.cache()] {
        assert!(std::fs::symlink_metadata(&gone).is_err(), "{} is left\n{}", gone.display(), p.text());
    }
    let p = fleet.play(&["-e", "kiro_steer_scope_state=absent"]);
    assert_eq!((p.code(), p.changed("alpha"), p.failed("alpha")), (0, 0, 0), "{}", p.text());
}

#[test]
fn a_refused_tree_fails_its_host_alone_with_nothing_written_there() {
    let Some(playbook) = ansible_playbook("a_refused_tree_fails_its_host_alone_with_nothing_written_there") else {
        return;
    };
    let fleet = Fleet::new(playbook, &["good", "drifted"]);
    let good = fleet.host("good").unpack("2.23.0-abc", "minified-esm");
    let drifted_host = fleet.host("drifted");
    let stock = drifted_host.unpack("2.23.0-abc", "minified-esm");
    let drifted = drifted_host.unpack_drifted("2.22.0-old");
    let drifted_sha = sha256_file(&drifted);
    let said = |p: &Played| {
        let fatal = p.fatal("drifted");
        for words in [
            "refused 1 KAS tree; nothing was written on this host",
            "2.22.0-old",
            "drift at anchor `execution-class`",
            "Look for a newer kiro-steer-scope",
        ] {
            assert!(fatal.contains(words), "the failure says `{words}`\n{}", p.text());
        }
    };

    // The other host goes on; the refused one keeps every tree and gets no set-up.
    let home = |host: &Host| host.snapshot().into_iter().filter(|(k, _)| k.starts_with("home")).collect::<Vec<_>>();
    let before = home(drifted_host);
    let p = fleet.play(&[]);
    assert_eq!(p.code(), 2, "{}", p.text());
    assert_eq!((p.failed("drifted"), p.failed("good")), (1, 0), "{}", p.text());
    said(&p);
    assert!(p.changed("good") >= 3, "{}", p.text());
    assert_eq!(fleet.host("good").state(&good), ("patched".into(), "seed".into()));
    assert_eq!(sha256_file(&drifted), drifted_sha, "the refused tree is not written");
    assert_eq!(sha256_file(&stock), stock_sha("minified-esm"), "nor the host's other tree");
    assert_eq!(home(drifted_host), before, "nothing in the refused host's home was written\n{}", p.text());
    assert!(!drifted_host.profile().exists());

    // Check mode (the binary is there now) fails the same host for the same reason, writing nothing.
    let before = (fleet.host("good").snapshot(), drifted_host.snapshot());
    let p = fleet.play(&["--check"]);
    assert_eq!(p.code(), 2, "{}", p.text());
    assert_eq!((p.failed("drifted"), p.failed("good"), p.changed("good")), (1, 0, 0), "{}", p.text());
    said(&p);
    assert_eq!((fleet.host("good").snapshot(), drifted_host.snapshot()), before, "{}", p.text());
}

#[test]
fn write_to_mirror_leaves_every_tree_as_it_is() {
    let Some(playbook) = ansible_playbook("write_to_mirror_leaves_every_tree_as_it_is") else {
        return;
    };
    let fleet = Fleet::new(playbook, &["mirrored"]);
    fleet.inventory(|_, vars| {
        vars.insert("kiro_steer_scope_write_to".into(), json!("mirror"));
    });
    let host = fleet.host("mirrored");
    let tree = host.unpack("2.23.0-abc", "minified-esm");
    let p = fleet.play(&[]);
    assert_eq!((p.code(), p.failed("mirrored")), (0, 0), "{}", p.text());
    assert!(p.text().contains("1 KAS tree left as it is (write-to mirror)"), "{}", p.text());
    assert!(std::fs::read_to_string(host.config()).unwrap().contains("write-to = \"mirror\""));
    assert_eq!(sha256_file(&tree), stock_sha("minified-esm"));

    // kiro-cli runs a patched mirror; the tree stays stock, and the role still has nothing to change.
    start_kiro(host, &tree);
    assert_eq!(sha256_file(&tree), stock_sha("minified-esm"));
    assert!(host.cache().join("mirrors").is_dir());
    let p = fleet.play(&[]);
    assert_eq!((p.code(), p.changed("mirrored")), (0, 0), "{}", p.text());

    let p = fleet.play(&["-e", "kiro_steer_scope_state=absent"]);
    assert_eq!((p.code(), p.failed("mirrored")), (0, 0), "{}", p.text());
    assert!(p.text().contains("removed the mirrors of 1"), "{}", p.text());
    assert!(std::fs::symlink_metadata(host.cache()).is_err(), "{}", p.text());
    assert_eq!(sha256_file(&tree), stock_sha("minified-esm"));
}

/// Serves `body` over HTTP on 127.0.0.1 at any path (the URL ends in `name`)
/// to a few requests, for at most five minutes.
fn serve(body: Vec<u8>, name: &str) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/{name}", listener.local_addr().unwrap());
    listener.set_nonblocking(true).unwrap();
    std::thread::spawn(move || {
        let deadline = Instant::now() + Duration::from_secs(300);
        let mut served = 0;
        while served < 4 && Instant::now() < deadline {
            let Ok((mut stream, _)) = listener.accept() else {
                std::thread::sleep(Duration::from_millis(20));
                continue;
            };
            served += 1;
            stream.set_nonblocking(false).unwrap();
            stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
            let mut request = Vec::new();
            let mut buf = [0u8; 1024];
            while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                match stream.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => request.extend_from_slice(&buf[..n]),
                }
            }
            let head = format!("HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", body.len());
            let _ = stream.write_all(head.as_bytes());
            if !request.starts_with(b"HEAD") {
                let _ = stream.write_all(&body);
            }
        }
    });
    url
}

/// Hosts "fetched" and "mismatch" that download `body` from 127.0.0.1 (at
/// a URL ending in `name`), with its checksum and with another one.
fn download_fleet(playbook: PathBuf, body: Vec<u8>, name: &str) -> Fleet {
    let sha = sha256_bytes(&body);
    let url = serve(body, name);
    let fleet = Fleet::new(playbook, &["fetched", "mismatch"]);
    fleet.inventory(|host, vars| {
        vars.remove("kiro_steer_scope_binary_src");
        vars.insert("kiro_steer_scope_binary_url".into(), json!(url));
        let checksum = if host == "fetched" { sha.clone() } else { sha256_bytes(b"another build") };
        vars.insert("kiro_steer_scope_binary_checksum".into(), json!(format!("sha256:{checksum}")));
    });
    fleet
}

#[test]
fn the_binary_comes_from_a_url_only_with_its_checksum() {
    let Some(playbook) = ansible_playbook("the_binary_comes_from_a_url_only_with_its_checksum") else {
        return;
    };
    let binary = std::fs::read(bin()).unwrap();
    let sha = sha256_bytes(&binary);
    let fleet = download_fleet(playbook, binary, "kiro-steer-scope");
    // kiro-cli has not started on either yet: no KAS tree, which is no failure.
    let p = fleet.play(&[]);
    assert_eq!(p.code(), 2, "{}", p.text());
    assert_eq!((p.failed("fetched"), p.failed("mismatch")), (0, 1), "{}", p.text());
    assert!(p.text().contains("no KAS tree yet"), "{}", p.text());
    assert!(p.fatal("mismatch").contains("checksum"), "{}", p.text());
    let fetched = fleet.host("fetched");
    assert_eq!(sha256_file(&fetched.binary()), sha);
    assert_eq!(std::fs::read_link(fetched.shim()).unwrap(), fetched.binary());
    let mismatch = fleet.host("mismatch");
    assert!(!mismatch.binary().exists() && !mismatch.shim().exists() && !mismatch.config().exists());
    // Downloaded once: the checksum matches what is there.
    let p = fleet.play(&["--limit", "fetched"]);
    assert_eq!((p.code(), p.changed("fetched")), (0, 0), "{}", p.text());
}

/// A release archive (contrib/release/build; CI's freshly built one) as the
/// URL: its checksum checked, its binary installed, nothing else left.
#[test]
fn the_binary_comes_from_a_release_archive() {
    let Some(playbook) = ansible_playbook("the_binary_comes_from_a_release_archive") else {
        return;
    };
    let release = common::release_folder();
    let archive = std::fs::read(release.path().join(common::archive_name())).unwrap();
    let fleet = download_fleet(playbook, archive, &common::archive_name());
    let p = fleet.play(&[]);
    assert_eq!((p.failed("fetched"), p.failed("mismatch")), (0, 1), "{}", p.text());
    assert!(p.fatal("mismatch").contains("checksum"), "{}", p.text());
    let fetched = fleet.host("fetched");
    let unpacked = tempfile::tempdir().unwrap();
    let tar = Command::new("tar")
        .arg("-xzf")
        .arg(release.path().join(common::archive_name()))
        .arg("-C")
        .arg(unpacked.path())
        .status()
        .unwrap();
    assert!(tar.success());
    let top = common::archive_name().trim_end_matches(".tar.gz").to_string();
    assert_eq!(sha256_file(&fetched.binary()), sha256_file(&unpacked.path().join(top).join("kiro-steer-scope")));
    assert_eq!(std::fs::metadata(fetched.binary()).unwrap().mode() & 0o777, 0o755);
    assert_eq!(std::fs::read_link(fetched.shim()).unwrap(), fetched.binary());
    assert_eq!(std::fs::read_dir(fetched.binary().parent().unwrap()).unwrap().count(), 1, "only the binary");
    let mismatch = fleet.host("mismatch");
    assert!(!mismatch.binary().exists() && !mismatch.shim().exists(), "{}", p.text());
    // Again: the same binary, so nothing changed.
    let p = fleet.play(&["--limit", "fetched"]);
    assert_eq!((p.code(), p.changed("fetched")), (0, 0), "{}", p.text());
}

/// What the module reads from the tool, without Ansible: --set-up says
/// whether it wrote (and writes nothing the second time, or with
/// --dry-run), and --all says when kiro-cli has unpacked no tree yet.
#[test]
fn the_tool_says_what_the_module_reads() {
    let install = common::Install::new("kiro-cli 2.23.0");
    let set_up = |extra: &[&str]| {
        let o = install.run(&[&["--set-up", "--json", "--mode", "gate"], extra].concat());
        assert_eq!(common::code(&o), 0, "{}", describe(&o));
        common::json(&o)
    };
    let v = set_up(&["--dry-run"]);
    assert_eq!((v["changed"].clone(), v["dry_run"].clone()), (json!(true), json!(true)), "{v:#}");
    let shim = PathBuf::from(v["shim"].as_str().unwrap());
    assert!(!install.config().exists() && std::fs::symlink_metadata(&shim).is_err(), "a dry run wrote");
    assert_eq!(v["cache"], json!(install.cache()));
    assert_eq!(set_up(&[])["changed"], true);
    let written = std::fs::metadata(install.config()).unwrap();
    for extra in [&["--dry-run"][..], &[]] {
        assert_eq!(set_up(extra)["changed"], false, "{extra:?}");
    }
    let again = std::fs::metadata(install.config()).unwrap();
    let stamp = |m: &std::fs::Metadata| (m.ino(), m.mtime(), m.mtime_nsec());
    assert_eq!(stamp(&again), stamp(&written), "the config was not rewritten");
    assert_eq!(std::fs::read_link(&shim).unwrap(), std::fs::canonicalize(bin()).unwrap());
    assert_eq!(set_up(&["--dry-run", "--rewind-on-clear"])["changed"], true);

    // No tree yet, in a kas folder or without one: the array says so.
    for (action, kas) in [("--dry-run", true), ("--ensure", false), ("--check", false)] {
        if !kas {
            let _ = std::fs::remove_dir(install.kas());
        }
        let o = install.run(&[action, "--all", "--json"]);
        let v = common::json(&o);
        assert_eq!(v.as_array().map(Vec::len), Some(1), "{}", describe(&o));
        assert_eq!(v[0]["no_tree"], true, "{action}: {}", describe(&o));
    }
    install.add_tree("2.23.0-abc", "minified-esm");
    let v = common::json(&install.run(&["--check", "--all", "--json"]));
    assert_eq!(v[0]["no_tree"], false, "{v:#}");
}
