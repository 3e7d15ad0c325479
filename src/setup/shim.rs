//! The launch shim. Set as `KIRO_KAS_NODE_PATH`, it is what kiro-cli starts
//! in node's place: `<shim> --experimental-wasm-modules <tree>/…/acp-server.js
//! --transport=stdio …`. It brings that bundle to the saved choice before node
//! loads it, the first start after an upgrade included, then execs the real
//! node with the same arguments, environment and descriptors, so the agent
//! server's process, stdio, signals and exit status are node's own.
//!
//! The work runs in a forked child: a root run may drop to the tree's owner
//! there without changing who node runs as, and the parent can give up after
//! its time budget. Fail-open: whatever goes wrong, one line on stderr and
//! node runs the file as it is. Nothing is ever written to stdout (it carries
//! the ACP protocol).

use std::ffi::{OsStr, OsString};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::MetadataExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::anchors::anchor;
use crate::fix::config::{self, Chosen, Config, WriteTo};
use crate::fix::mark::{self, Mode};
use crate::run::act;
use crate::run::report::Action;
use crate::run::say::err;
use crate::setup::mirror;
use crate::tree::discover::{self, Target};
use crate::tree::privilege;
use crate::tree::program::{is_this_program, SHIM_NAME};

fn say(line: &str) {
    err!("kiro-steer-scope: {}", line.replace('\n', " "));
}

fn executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.mode() & 0o111 != 0)
}

/// The node to hand over to: the configured one, else kiro-cli's own beside
/// the tree (`<data>/kiro-cli/node`), else that of this user's data folder,
/// else `node` on PATH; never this program.
fn real_node(configured: Option<&Path>, bundle: Option<&Path>) -> Result<PathBuf, String> {
    let beside_tree = bundle.and_then(mirror::tree_of).and_then(|tree| {
        let kas = tree.parent()?;
        (kas.file_name()? == "kas").then(|| kas.parent().map(|k| k.join("node")))?
    });
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).map(|d| d.join("node")).collect::<Vec<_>>())
        .unwrap_or_default();
    let candidates = configured
        .map(Path::to_path_buf)
        .into_iter()
        .chain(beside_tree)
        .chain(discover::kiro_dir().map(|k| k.join("node")))
        .chain(on_path);
    for candidate in candidates {
        if executable(&candidate) && !is_this_program(&candidate) {
            return Ok(candidate);
        }
    }
    Err("found no node to start (not beside the tree, not in kiro-cli's data folder, not on PATH); set `node = \"/path/to/node\"` in the config".into())
}

/// Where node's entry script sits among the arguments: the first one that
/// is not an option and is named acp-server.js (or KIRO_KAS_SERVER_PATH).
fn bundle_argument(args: &[OsString]) -> Option<usize> {
    let server = std::env::var_os("KIRO_KAS_SERVER_PATH").filter(|v| !v.is_empty());
    args.iter().position(|a| {
        !a.as_bytes().starts_with(b"-")
            && (Path::new(a).file_name() == Some(OsStr::new("acp-server.js")) || Some(a) == server.as_ref())
    })
}

pub fn main() -> ! {
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let saved = config::load();
    let configured = saved.as_ref().ok().and_then(|s| s.as_ref()).and_then(|(_, c)| c.node.clone());
    let at = bundle_argument(&args);
    let node = match real_node(configured.as_deref(), at.map(|i| Path::new(&args[i]))) {
        Ok(node) => node,
        Err(why) => {
            say(&why);
            std::process::exit(127);
        }
    };
    match (at, saved) {
        (None, _) if args.iter().any(|a| !a.as_bytes().starts_with(b"-")) => {
            say("no acp-server.js among node's arguments; node runs them as they are")
        }
        (None, _) => {}
        (Some(i), Err(e)) => say(&format!("{e}; {} runs as it is", args[i].to_string_lossy())),
        (Some(i), Ok(None)) => say(&format!(
            "no saved choice (run kiro-steer-scope --set-up); {} runs as it is",
            args[i].to_string_lossy()
        )),
        // Already carrying the choice, as --ensure's no-op decides it: not even a fork.
        (Some(i), Ok(Some((_, config)))) if carries(Path::new(&args[i]), config.mode()) => {}
        (Some(i), Ok(Some((_, config)))) => match prepare_bounded(Path::new(&args[i]), &config, &node) {
            Ok((path, warnings)) => {
                warnings.iter().for_each(|w| say(w));
                args[i] = path.into_os_string();
            }
            Err(why) => say(&format!("not patched: {why}; {} runs as it is", args[i].to_string_lossy())),
        },
    }
    let e = std::process::Command::new(&node).args(&args).exec();
    say(&format!("cannot start {}: {e}", node.display()));
    std::process::exit(127)
}

/// Whether the file's markers check out and record `mode`; a file seen so
/// before (same inode, size and change time) is not read again.
fn carries(bundle: &Path, mode: Mode) -> bool {
    if mirror::stamped(bundle, mode) {
        return true;
    }
    let Ok(bytes) = std::fs::read(bundle) else { return false };
    let carries = matches!(mark::read(&bytes), Ok(Some(ref m)) if m.mode == mode && mark::strip(&bytes, m).is_ok());
    if carries {
        mirror::stamp(bundle, mode);
    }
    carries
}

/// Runs `prepare` in a forked child and waits at most the budget for the
/// path node should run, and the warnings the child could not print itself.
fn prepare_bounded(bundle: &Path, config: &Config, node: &Path) -> Result<(PathBuf, Vec<String>), String> {
    let mut fds = [0; 2];
    if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
        return Err(format!("cannot make a pipe: {}", std::io::Error::last_os_error()));
    }
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    for fd in [&read, &write] {
        unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_SETFD, libc::FD_CLOEXEC) };
    }
    // Still one thread here, so the child may do anything after fork.
    let child = unsafe { libc::fork() };
    if child < 0 {
        return Err(format!("cannot fork: {}", std::io::Error::last_os_error()));
    }
    if child == 0 {
        drop(read);
        quiet_stdio();
        crate::run::report::relay_unproved();
        let answer = match std::panic::catch_unwind(|| prepare(bundle, config, node)) {
            // A path holds no NUL, nor does a warning: `ok\0path[\0warning]…`.
            Ok(Ok(path)) => {
                let mut answer = [b"ok\0".as_slice(), path.as_os_str().as_bytes()].concat();
                for warning in crate::run::report::relayed() {
                    answer.push(0);
                    answer.extend(warning.replace('\0', " ").into_bytes());
                }
                answer
            }
            Ok(Err(why)) => [b"no\0".as_slice(), why.as_bytes()].concat(),
            Err(_) => b"no\0kiro-steer-scope failed unexpectedly".to_vec(),
        };
        let mut file = std::fs::File::from(write);
        let _ = std::io::Write::write_all(&mut file, &answer);
        unsafe { libc::_exit(0) };
    }
    drop(write);
    let budget = Duration::from_secs(config.budget_secs);
    let answer = read_until(&read, Instant::now() + budget);
    if answer.is_none() {
        unsafe { libc::kill(child, libc::SIGKILL) };
    }
    let mut status = 0;
    while unsafe { libc::waitpid(child, &mut status, 0) } < 0
        && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted
    {}
    let answer = answer.ok_or_else(|| format!("gave up after {}s (budget-secs in the config)", config.budget_secs))?;
    match answer.split_first_chunk::<3>() {
        Some((b"ok\0", rest)) => {
            let mut parts = rest.split(|b| *b == 0);
            let path = PathBuf::from(OsString::from_vec(parts.next().unwrap_or_default().to_vec()));
            Ok((path, parts.map(|w| String::from_utf8_lossy(w).into_owned()).collect()))
        }
        Some((b"no\0", why)) => Err(String::from_utf8_lossy(why).into_owned()),
        _ => Err("the worker stopped without an answer".into()),
    }
}

/// The child's stdin, stdout and stderr become /dev/null: stdout carries the
/// protocol, stdin is node's, and the parent prints the one line.
fn quiet_stdio() {
    if let Ok(null) = std::fs::OpenOptions::new().read(true).write(true).open("/dev/null") {
        for fd in 0..3 {
            unsafe { libc::dup2(null.as_raw_fd(), fd) };
        }
    }
}

/// Everything written to `fd` until its end, or None once `deadline` passes.
fn read_until(fd: &OwnedFd, deadline: Instant) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return None;
        }
        let mut poll = libc::pollfd { fd: fd.as_raw_fd(), events: libc::POLLIN, revents: 0 };
        let ready = unsafe { libc::poll(&mut poll, 1, left.as_millis().clamp(1, i32::MAX as u128) as libc::c_int) };
        if ready < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        if ready <= 0 {
            continue;
        }
        let n = unsafe { libc::read(fd.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
        match n {
            0 => return Some(out),
            n if n > 0 => out.extend_from_slice(&buf[..n as usize]),
            _ if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted => {}
            _ => return Some(out),
        }
    }
}

/// In the child: the bundle in the saved mode, in the tree as --ensure
/// does, or in a mirror.
fn prepare(bundle: &Path, config: &Config, node: &Path) -> Result<PathBuf, String> {
    privilege::note_start();
    let mode = config.mode();
    let options = act::Options {
        anchors: anchor::builtin(),
        node: Some(node.to_path_buf()),
        node_timeout: config.budget_secs,
        allow_inconclusive: config.allow_inconclusive,
        chosen: Chosen { fix: Some(mode.fix), rewind: Some(mode.rewind) },
    };
    if mirrors(config, bundle) {
        // Root mirrors only a tree that root alone controls: the proof runs code from it.
        if privilege::privileged() {
            let walked =
                crate::tree::folder::walk(bundle).map_err(|e| format!("cannot open {}: {e}", bundle.display()))?;
            if privilege::owner_of(&walked)? != privilege::Identity::Root {
                return Err("as root, a mirror is made only of a tree that root alone controls".into());
            }
        }
        return mirror::serve(bundle, mode, &options);
    }
    let outcome = act::run(&options, Action::Ensure, mode, Target::named(bundle.to_path_buf(), "the launch shim"));
    crate::run::report::say_unproved(&outcome);
    match outcome.error {
        None => {
            mirror::stamp(bundle, mode);
            Ok(bundle.to_path_buf())
        }
        Some(error) => Err(error),
    }
}

/// Whether the shim, by the saved choice, runs a mirror of `bundle` rather than patch it.
pub fn mirrors(config: &Config, bundle: &Path) -> bool {
    match config.write_to {
        WriteTo::Tree => false,
        WriteTo::Mirror => true,
        WriteTo::Auto => !tree_writable(bundle),
    }
}

/// Whether this user may patch the tree itself: its folder is writable and
/// theirs (root writes any tree as its owner, see `privilege`).
fn tree_writable(bundle: &Path) -> bool {
    let Ok(walked) = crate::tree::folder::walk(bundle) else { return false };
    let me = unsafe { libc::geteuid() };
    let owner = walked.folders.last().map(|f| f.uid);
    walked.folder.unwritable().is_none() && (me == 0 || owner == Some(me))
}

/// Links `<data dir>/kiro-steer-scope/kiro-steer-scope-node` to this
/// program (replacing an older link in one rename) unless it already is that
/// link or `write` is false; returns its path, the program it leads to and
/// whether it differs (differed).
pub fn install_link(write: bool) -> Result<(PathBuf, PathBuf, bool), String> {
    let dir = dirs::data_local_dir().ok_or("the data folder is unknown (HOME is not set)")?.join("kiro-steer-scope");
    let me = std::env::current_exe()
        .and_then(std::fs::canonicalize)
        .map_err(|e| format!("cannot find this program's path: {e}"))?;
    let link = dir.join(SHIM_NAME);
    let differs = std::fs::read_link(&link).ok().as_ref() != Some(&me);
    if !differs || !write {
        return Ok((link, me, differs));
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let temp = dir.join(format!(".{SHIM_NAME}.{}", std::process::id()));
    let _ = std::fs::remove_file(&temp);
    std::os::unix::fs::symlink(&me, &temp)
        .and_then(|()| std::fs::rename(&temp, &link))
        .map_err(|e| format!("cannot link {} to {}: {e}", link.display(), me.display()))?;
    Ok((link, me, true))
}

/// What KIRO_KAS_NODE_PATH names in this environment.
pub enum Variable {
    Unset,
    /// The launch shim, and it can start.
    Shim(PathBuf),
    /// Named as the shim, but it cannot start: the program its link leads to
    /// is gone (a build folder cleaned, a binary removed), or the link itself is.
    Broken {
        path: PathBuf,
        leads_to: Option<PathBuf>,
    },
    /// Another program (node itself, most likely).
    Other(PathBuf),
}

pub fn variable() -> Variable {
    let Some(path) = std::env::var_os("KIRO_KAS_NODE_PATH").filter(|v| !v.is_empty()).map(PathBuf::from) else {
        return Variable::Unset;
    };
    match (path.file_name() == Some(OsStr::new(SHIM_NAME)), executable(&path)) {
        (true, true) => Variable::Shim(path),
        (true, false) => Variable::Broken { leads_to: std::fs::read_link(&path).ok(), path },
        (false, _) => Variable::Other(path),
    }
}

/// A warning for a shim linked to a binary in a folder made to be deleted
/// (cargo's `target/`, which holds a `CACHEDIR.TAG`): once it is, kiro-cli
/// cannot start its agent.
pub fn fragile_link(me: &Path) -> Option<String> {
    let cache = me.ancestors().skip(1).find(|dir| dir.join("CACHEDIR.TAG").is_file())?;
    Some(format!(
        "the shim links to {}, inside {}, a build or cache folder: once it is cleaned (`cargo clean`), \
         kiro-cli cannot start its agent until --set-up runs again; install the binary \
         (`cargo install --path . --locked`, or install.sh) and run --set-up from the installed one",
        me.display(),
        cache.display()
    ))
}
