//! install.sh against a release folder (common::release_folder): from a
//! file:// folder and from an HTTP server on 127.0.0.1, each followed by a
//! check, apply and restore with the installed binary; and every refusal
//! (tampered archive, unlisted archive, unknown platform, no download tool,
//! unwritable prefix) with nothing installed.

mod common;

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{
    archive_name, code, describe, release_folder, repo, script, sha256_file, stdout, Tree, NO_CACHE, NO_CONFIG,
};

/// One run of install.sh with its own HOME, and PATH when given (else the caller's). SHELL is
/// removed: CI and cron run without it, and `set -u` must not trip on it.
fn install(home: &Path, args: &[&str], path: Option<&str>) -> Output {
    let mut cmd = Command::new("/bin/sh");
    cmd.arg(repo().join("install.sh"))
        .args(args)
        .env("HOME", home)
        .env_remove("KIRO_STEER_SCOPE_RELEASE")
        .env_remove("SHELL");
    if let Some(path) = path {
        cmd.env("PATH", path);
    }
    cmd.output().unwrap()
}

fn file_url(dir: &Path) -> String {
    format!("file://{}", dir.display())
}

/// Every entry under `dir`, to show that a refused install left nothing.
fn entries(dir: &Path) -> Vec<PathBuf> {
    if !dir.exists() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        out.push(path.clone());
        if path.is_dir() {
            out.extend(entries(&path));
        }
    }
    out
}

fn assert_refused(o: &Output, says: &str, prefix: &Path) {
    assert_eq!(code(o), 1, "{}", describe(o));
    let err = common::stderr(o);
    assert!(err.contains(says) && err.contains("nothing was installed"), "wanted `{says}`: {}", describe(o));
    assert!(entries(prefix).is_empty(), "a refused install left {:?}", entries(prefix));
}

/// What a user does after the install: the installed binary checks, patches
/// and restores a fixture tree, byte-exact.
fn assert_works(binary: &Path) {
    let o = Command::new(binary).arg("--version").output().unwrap();
    assert!(o.status.success() && stdout(&o).starts_with("kiro-steer-scope "), "{}", describe(&o));
    let tree = Tree::copy("minified-esm");
    let stock = tree.sha();
    let run = |args: &[&str]| {
        Command::new(binary)
            .args(args)
            .arg("--target")
            .arg(&tree.target)
            .env_remove("KIRO_KAS_NODE_PATH")
            .env("KIRO_STEER_SCOPE_CONFIG", NO_CONFIG)
            .env("KIRO_STEER_SCOPE_CACHE", NO_CACHE)
            .output()
            .unwrap()
    };
    for (args, want) in [(&["--check"][..], 1), (&[], 0), (&["--check"], 0), (&["--restore"], 0), (&["--check"], 1)] {
        let o = run(args);
        assert_eq!(code(&o), want, "{args:?}: {}", describe(&o));
    }
    assert_eq!(tree.sha(), stock, "restore gives the stock bytes back");
}

/// The files an install puts under `prefix`, each with the bytes the archive holds.
fn assert_installed(prefix: &Path, o: &Output) {
    assert_eq!(code(o), 0, "{}", describe(o));
    let binary = prefix.join("bin/kiro-steer-scope");
    let mode = std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(&binary).unwrap().permissions());
    assert_eq!(mode & 0o777, 0o755);
    for file in [
        "share/man/man1/kiro-steer-scope.1",
        "share/bash-completion/completions/kiro-steer-scope",
        "share/zsh/site-functions/_kiro-steer-scope",
        "share/fish/vendor_completions.d/kiro-steer-scope.fish",
    ] {
        assert!(std::fs::metadata(prefix.join(file)).unwrap().len() > 0, "{file}: {}", describe(o));
    }
    let man = std::fs::read_to_string(prefix.join("share/man/man1/kiro-steer-scope.1")).unwrap();
    assert!(man.starts_with(".ie") || man.contains(".TH"), "not a man page");
    let last = stdout(o).lines().last().unwrap_or_default().to_string();
    assert!(last.trim_end().ends_with("kiro-steer-scope --set-up"), "ends with the set-up step: {}", describe(o));
    // No temporary file of the install is left in any folder it wrote.
    assert!(entries(prefix).iter().all(|p| !p.file_name().unwrap().to_string_lossy().contains(".new.")));
    assert_works(&binary);
}

#[test]
fn installs_from_a_file_url_into_the_prefix_or_home() {
    let release = release_folder();
    let home = tempfile::tempdir().unwrap();
    let prefix = home.path().join("opt/kss");
    let o = install(home.path(), &["--prefix", prefix.to_str().unwrap(), "--from", &file_url(release.path())], None);
    assert_installed(&prefix, &o);
    assert!(stdout(&o).contains("is not on PATH"), "{}", describe(&o));

    // No --prefix: ~/.local, with the location from the variable.
    let o = Command::new("/bin/sh")
        .arg(repo().join("install.sh"))
        .env("HOME", home.path())
        .env("KIRO_STEER_SCOPE_RELEASE", file_url(release.path()))
        .env("SHELL", "/usr/bin/zsh")
        .output()
        .unwrap();
    assert_installed(&home.path().join(".local"), &o);
    assert!(stdout(&o).contains("zsh: add  fpath="), "{}", describe(&o));
    // Again over the first install: replaced in place.
    let o = install(home.path(), &["--from", &file_url(release.path())], None);
    assert_installed(&home.path().join(".local"), &o);
}

/// `python3 -m http.server` on a free port of 127.0.0.1, stopped on drop.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start(dir: &Path) -> Server {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new("python3")
            .args(["-m", "http.server", "--bind", "127.0.0.1", "--directory"])
            .arg(dir)
            .arg(port.to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 runs");
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "the HTTP server did not start on port {port}");
            std::thread::sleep(Duration::from_millis(50));
        }
        Server { child, url: format!("http://127.0.0.1:{port}") }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A PATH of links to the tools install.sh uses, without curl and wget
/// unless `with` names them, and a `uname` stand-in when `uname` is given.
fn tools_path(dir: &Path, with: &[&str], uname: Option<(&str, &str)>) -> String {
    let base = ["tar", "gzip", "mktemp", "sha256sum", "cut", "awk", "cp", "mv", "rm", "chmod", "mkdir", "dirname"];
    for tool in base.iter().chain(with).chain(if uname.is_none() { &["uname"][..] } else { &[] }) {
        let o = Command::new("sh").args(["-c", &format!("command -v {tool}")]).output().unwrap();
        let real = String::from_utf8(o.stdout).unwrap();
        assert!(!real.trim().is_empty(), "{tool} is not installed here");
        std::os::unix::fs::symlink(real.trim(), dir.join(tool)).unwrap();
    }
    if let Some((s, m)) = uname {
        script(dir, "uname", &format!("case $1 in -s) echo {s} ;; -m) echo {m} ;; esac"));
    }
    dir.display().to_string()
}

#[test]
fn installs_over_http_from_127_0_0_1_with_curl_or_wget() {
    let release = release_folder();
    let server = Server::start(release.path());
    for tool in ["curl", "wget"] {
        let home = tempfile::tempdir().unwrap();
        let bin = tempfile::tempdir().unwrap();
        let path = tools_path(bin.path(), &[tool], None);
        let prefix = home.path().join("p");
        let o = install(home.path(), &["--prefix", prefix.to_str().unwrap(), "--from", &server.url], Some(&path));
        assert_installed(&prefix, &o);
    }
}

/// The release folder with this machine's archive changed: one byte, or
/// replaced by another well-formed archive (the same files, another binary).
fn tamper(release: &Path, how: &str) {
    let archive = release.join(archive_name());
    let mut bytes = std::fs::read(&archive).unwrap();
    match how {
        "byte" => {
            let mid = bytes.len() / 2;
            bytes[mid] ^= 1;
            std::fs::write(&archive, bytes).unwrap();
        }
        _ => {
            let unpacked = tempfile::tempdir().unwrap();
            let ok = |c: &mut Command| assert!(c.status().unwrap().success());
            ok(Command::new("tar").arg("-xzf").arg(&archive).arg("-C").arg(unpacked.path()));
            let top = archive_name().trim_end_matches(".tar.gz").to_string();
            std::fs::write(
                unpacked.path().join(&top).join("kiro-steer-scope"),
                "#!/bin/sh\necho kiro-steer-scope 6.6.6\n",
            )
            .unwrap();
            ok(Command::new("tar").arg("-czf").arg(&archive).arg("-C").arg(unpacked.path()).arg(&top));
        }
    }
}

#[test]
fn a_tampered_archive_is_refused_before_it_is_unpacked() {
    for how in ["byte", "repacked"] {
        let release = release_folder();
        let sums = sha256_file(&release.path().join("SHA256SUMS"));
        tamper(release.path(), how);
        assert_eq!(sha256_file(&release.path().join("SHA256SUMS")), sums);
        let server = Server::start(release.path());
        for from in [file_url(release.path()), server.url.clone()] {
            let home = tempfile::tempdir().unwrap();
            let prefix = home.path().join("p");
            let o = install(home.path(), &["--prefix", prefix.to_str().unwrap(), "--from", &from], None);
            assert_refused(&o, "checksum mismatch", &prefix);
            assert!(entries(home.path()).is_empty(), "{how} {from}: {:?}", entries(home.path()));
        }
    }
}

#[test]
fn an_archive_missing_from_sha256sums_is_refused() {
    let release = release_folder();
    std::fs::write(release.path().join("SHA256SUMS"), "").unwrap();
    let home = tempfile::tempdir().unwrap();
    let prefix = home.path().join("p");
    let o = install(home.path(), &["--prefix", prefix.to_str().unwrap(), "--from", &file_url(release.path())], None);
    assert_refused(&o, "does not list", &prefix);
}

#[test]
fn the_platform_picks_the_archive_and_an_unknown_one_is_refused() {
    let release = release_folder();
    for (s, m, says) in [
        ("FreeBSD", "amd64", "no prebuilt binary for FreeBSD amd64"),
        ("Linux", "riscv64", "no prebuilt binary for Linux riscv64"),
        ("Darwin", "arm64", "kiro-steer-scope-aarch64-apple-darwin.tar.gz"),
        ("Darwin", "x86_64", "kiro-steer-scope-x86_64-apple-darwin.tar.gz"),
        ("Linux", "aarch64", "kiro-steer-scope-aarch64-unknown-linux-musl.tar.gz"),
    ] {
        let home = tempfile::tempdir().unwrap();
        let bin = tempfile::tempdir().unwrap();
        let path = tools_path(bin.path(), &[], Some((s, m)));
        let prefix = home.path().join("p");
        let o = install(
            home.path(),
            &["--prefix", prefix.to_str().unwrap(), "--from", &file_url(release.path())],
            Some(&path),
        );
        // The folder holds this machine's archive only: another platform's is not found.
        let expected = if says.starts_with("no prebuilt") { says } else { "cannot fetch" };
        assert_refused(&o, expected, &prefix);
        assert!(describe(&o).contains(says), "{s} {m}: {}", describe(&o));
    }
}

#[test]
fn no_download_tool_is_refused_for_an_http_location() {
    let home = tempfile::tempdir().unwrap();
    let bin = tempfile::tempdir().unwrap();
    let path = tools_path(bin.path(), &[], None);
    let prefix = home.path().join("p");
    let o =
        install(home.path(), &["--prefix", prefix.to_str().unwrap(), "--from", "http://127.0.0.1:9/none"], Some(&path));
    assert_refused(&o, "neither curl nor wget", &prefix);
}

#[test]
fn an_unwritable_prefix_is_refused() {
    let release = release_folder();
    let home = tempfile::tempdir().unwrap();
    // Under a file: not even root can make it.
    std::fs::write(home.path().join("file"), "").unwrap();
    let mut prefixes = vec![home.path().join("file/prefix")];
    if !common::is_root() {
        let locked = home.path().join("locked");
        std::fs::create_dir(&locked).unwrap();
        std::fs::set_permissions(&locked, std::os::unix::fs::PermissionsExt::from_mode(0o555)).unwrap();
        prefixes.push(locked.join("prefix"));
    }
    for prefix in prefixes {
        let o =
            install(home.path(), &["--prefix", prefix.to_str().unwrap(), "--from", &file_url(release.path())], None);
        assert_refused(&o, "cannot write in", &prefix);
    }
    assert_eq!(entries(home.path()).len(), if common::is_root() { 1 } else { 2 }, "{:?}", entries(home.path()));
}
