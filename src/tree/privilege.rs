//! Privilege: a run started as root works on a tree another user controls
//! as that user, and runs no program that anyone but root or the user it runs
//! as could have written.
//!
//! Why drop rather than refuse: a fleet runs this as root over every user's
//! home, and as that user the run can do nothing the user could not do
//! alone. The drop is setgroups/setgid/setuid in this process, once, before
//! anything is written or any program started (the process does one job, on
//! one target, so nothing needs root afterwards).

use std::ffi::CString;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::tree::folder::{self, Passed, Walked};

static STARTED_AS_ROOT: AtomicBool = AtomicBool::new(false);

/// Call first thing in main. Started as root, every descriptor inherited
/// beyond stdin, stdout and stderr is made close-on-exec: what the caller had
/// open as root must not reach a node that runs as the tree's owner.
pub fn note_start() {
    let root = unsafe { libc::geteuid() } == 0;
    STARTED_AS_ROOT.store(root, Ordering::SeqCst);
    if root {
        // /dev/fd lists this process's descriptors on Linux and macOS alike.
        let open: Vec<libc::c_int> = std::fs::read_dir("/dev/fd")
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| e.file_name().to_str()?.parse().ok())
            .collect();
        for fd in open.into_iter().filter(|fd| *fd > 2) {
            unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
        }
    }
}

/// Whether this run started as root (and so checks what it executes).
pub fn privileged() -> bool {
    STARTED_AS_ROOT.load(Ordering::SeqCst)
}

/// Whom the run works as.
#[derive(Debug, PartialEq, Eq)]
pub enum Identity {
    /// Not root: as whoever started it.
    AsStarted,
    /// Root, on a tree only root can change.
    Root,
    /// Root on a tree this user controls: that user, in that group, no other groups.
    User { uid: u32, gid: u32, name: String },
}

/// Who besides root (and `me`, in `my_group`) could change what `passed` is:
/// a writer by group or others, except where a sticky folder protects its
/// entries (their owners are judged when passed) or the group is root's.
fn shared_with_others(passed: &Passed, my_group: Option<u32>) -> Option<String> {
    let group_ok = passed.gid == 0 || Some(passed.gid) == my_group;
    let group_writes = passed.mode & 0o020 != 0 && !group_ok;
    let others_write = passed.mode & 0o002 != 0;
    let sticky_folder = passed.is_dir() && passed.mode & libc::S_ISVTX != 0;
    if (group_writes || others_write) && !sticky_folder {
        let who = if others_write { "every user".to_string() } else { format!("group {}", passed.gid) };
        return Some(format!("{} can be written by {who} (mode {:o})", passed.path.display(), passed.mode & 0o7777));
    }
    None
}

/// Whom a run started as root must work as on `walked`: root where root alone
/// controls every folder on the way, every link followed and the file, else
/// the one user who owns any of them. Several such users, an owner without an
/// account, or a file in a group its owner is not in, are refusals.
pub fn owner_of(walked: &Walked) -> Result<Identity, String> {
    if unsafe { libc::geteuid() } != 0 {
        return Ok(Identity::AsStarted);
    }
    let file = walked.entry.is_file().then_some(&walked.entry);
    let passed: Vec<&Passed> = walked.folders.iter().chain(file).collect();
    let owners: Vec<&Passed> = passed.iter().copied().chain(&walked.links).filter(|p| p.uid != 0).collect();
    let Some(first) = owners.first() else {
        // A link's own mode means nothing; who may replace it is its folder's.
        if let Some(why) = passed.iter().find_map(|p| shared_with_others(p, None)) {
            return Err(format!(
                "{why}: as root, kiro-steer-scope works only where no other user can change the file \
                 or a folder on its way (it runs code sliced from the file)"
            ));
        }
        return Ok(Identity::Root);
    };
    if let Some(other) = owners.iter().find(|p| p.uid != first.uid) {
        return Err(format!(
            "{} belongs to uid {} but {} to uid {}: \
             as root, kiro-steer-scope runs as the one user who owns the tree, and there are two",
            first.path.display(),
            first.uid,
            other.path.display(),
            other.uid
        ));
    }
    let uid = first.uid;
    let (name, primary) = account(uid).ok_or_else(|| {
        format!(
            "{} belongs to uid {uid}, which has no account here (its groups are unknown), so root will not run as it",
            first.path.display()
        )
    })?;
    let gid = match file {
        None => primary,
        Some(file) if groups_of(&name, primary).contains(&file.gid) => file.gid,
        Some(file) => {
            return Err(format!(
                "{} is in group {}, which {name} is not in: running as {name} in that group \
                 would lend {name} the group's rights (chgrp the file to one of {name}'s groups)",
                file.path.display(),
                file.gid
            ))
        }
    };
    Ok(Identity::User { uid, gid, name })
}

/// Becomes `identity` for the rest of the process, and checks that root
/// cannot be had back.
pub fn assume(identity: Identity) -> Result<(), String> {
    let Identity::User { uid, gid, name } = identity else { return Ok(()) };
    let failed =
        |what: &str| format!("cannot become {name} (uid {uid}, gid {gid}): {what}: {}", io::Error::last_os_error());
    unsafe {
        if libc::setgroups(0, std::ptr::null()) != 0 {
            return Err(failed("setgroups"));
        }
        if libc::setgid(gid) != 0 {
            return Err(failed("setgid"));
        }
        if libc::setuid(uid) != 0 {
            return Err(failed("setuid"));
        }
        let ids = (libc::getuid(), libc::geteuid(), libc::getgid(), libc::getegid());
        if ids != (uid, uid, gid, gid) || libc::setuid(0) == 0 {
            return Err(format!("cannot become {name}: the ids are {ids:?} afterwards, or root could be had back"));
        }
    }
    Ok(())
}

/// The account's name and primary group.
fn account(uid: u32) -> Option<(String, u32)> {
    let mut buf = vec![0u8; 1024];
    loop {
        let mut pw = std::mem::MaybeUninit::<libc::passwd>::uninit();
        let mut found: *mut libc::passwd = std::ptr::null_mut();
        let rc = unsafe { libc::getpwuid_r(uid, pw.as_mut_ptr(), buf.as_mut_ptr().cast(), buf.len(), &mut found) };
        if rc == libc::ERANGE && buf.len() < 1 << 20 {
            buf.resize(buf.len() * 2, 0);
            continue;
        }
        if rc != 0 || found.is_null() {
            return None;
        }
        let pw = unsafe { pw.assume_init() };
        let name = unsafe { std::ffi::CStr::from_ptr(pw.pw_name) }.to_string_lossy().into_owned();
        return Some((name, pw.pw_gid));
    }
}

/// The groups the account database gives `name` (its primary group included).
fn groups_of(name: &str, primary: u32) -> Vec<u32> {
    let Ok(c) = CString::new(name) else { return vec![primary] };
    let mut count: libc::c_int = 64;
    loop {
        let mut groups = vec![0; count as usize];
        let asked = count;
        #[cfg(target_vendor = "apple")]
        let rc = unsafe { libc::getgrouplist(c.as_ptr(), primary as libc::c_int, groups.as_mut_ptr(), &mut count) };
        #[cfg(not(target_vendor = "apple"))]
        let rc = unsafe { libc::getgrouplist(c.as_ptr(), primary, groups.as_mut_ptr(), &mut count) };
        if rc >= 0 {
            groups.truncate(count as usize);
            return groups.into_iter().map(listed_gid).collect();
        }
        if asked >= 1 << 16 {
            return vec![primary];
        }
        count = count.max(asked * 2);
    }
}

/// A group as getgrouplist lists it: a gid_t, or on macOS a c_int holding one.
#[cfg(target_vendor = "apple")]
fn listed_gid(g: libc::c_int) -> u32 {
    g as u32
}
#[cfg(not(target_vendor = "apple"))]
fn listed_gid(g: libc::gid_t) -> u32 {
    g
}

/// Where `program` is: itself if it names a path, else the first executable
/// file of that name on PATH.
fn locate(program: &Path) -> io::Result<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    if program.components().count() > 1 || program.is_absolute() {
        return Ok(program.to_path_buf());
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0))
        .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, format!("{} is not on PATH", program.display())))
}

/// The path to execute `program` by. Started as root, that is its real path,
/// and only if the file and every folder on the way can be changed by no one
/// but root and the user the run now is (so nobody else can swap it before
/// the exec); otherwise the program is not run.
pub fn trusted(program: &Path) -> io::Result<PathBuf> {
    if !privileged() {
        return Ok(program.to_path_buf());
    }
    let walked = folder::walk(&locate(program)?)?;
    let (me, my_group) = unsafe { (libc::geteuid(), libc::getegid()) };
    let my_group = (me != 0).then_some(my_group);
    let refuse =
        |why: String| io::Error::new(io::ErrorKind::PermissionDenied, format!("not run as uid {me}, because {why}"));
    if !walked.entry.is_file() {
        return Err(refuse(format!("{} is not a regular file", walked.entry.path.display())));
    }
    let passed: Vec<&Passed> = walked.folders.iter().chain([&walked.entry]).collect();
    if let Some(other) = passed.iter().copied().chain(&walked.links).find(|p| p.uid != 0 && p.uid != me) {
        return Err(refuse(format!("{} belongs to uid {}", other.path.display(), other.uid)));
    }
    if let Some(why) = passed.iter().find_map(|p| shared_with_others(p, my_group)) {
        return Err(refuse(why));
    }
    Ok(walked.path())
}

/// A command for `program`, found and checked as `trusted` says.
pub fn command(program: &Path) -> io::Result<std::process::Command> {
    Ok(std::process::Command::new(trusted(program)?))
}
