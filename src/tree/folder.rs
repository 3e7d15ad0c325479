//! The target's folder, held open. The path is walked one component at a
//! time (each folder opened without following a link, each link read and
//! followed here), and every later step (the lock, the read, the staged file,
//! the re-read, the rename, the sweep) is made relative to the folder's
//! descriptor: a folder or entry swapped for a symlink after the walk
//! redirects nothing.

use std::collections::VecDeque;
use std::ffi::{CString, OsStr, OsString};
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};

/// How many links one walk follows before it gives up (the kernel's own limit).
const MAX_LINKS: usize = 40;

/// Something a walk went through, as it was when passed.
#[derive(Clone, Debug)]
pub struct Passed {
    pub path: PathBuf,
    pub uid: u32,
    pub gid: u32,
    /// `st_mode`, file type bits included; `mode_t` is u32 on Linux but u16 on
    /// macOS, so it is kept as the platform has it and compared uncast.
    pub mode: libc::mode_t,
}

impl Passed {
    fn of(path: PathBuf, st: &libc::stat) -> Passed {
        Passed { path, uid: st.st_uid, gid: st.st_gid, mode: st.st_mode }
    }

    pub fn is_dir(&self) -> bool {
        self.mode & libc::S_IFMT == libc::S_IFDIR
    }

    pub fn is_file(&self) -> bool {
        self.mode & libc::S_IFMT == libc::S_IFREG
    }
}

/// A folder held by descriptor; `path` is where it was when walked, for messages.
pub struct Folder {
    fd: OwnedFd,
    pub path: PathBuf,
    /// Opened for reading (needed to lock and list it), not only for lookups.
    listable: bool,
}

/// A walked path: the folder that holds its last component, that component's
/// name, and everything passed on the way.
pub struct Walked {
    pub folder: Folder,
    pub name: OsString,
    /// Every folder passed through, `/` first and the holding folder last.
    pub folders: Vec<Passed>,
    /// Every link followed (whoever owns one may have chosen where it leads).
    pub links: Vec<Passed>,
    /// The last component (never a link: links are followed).
    pub entry: Passed,
    /// The folders above `folder`, `/` first, held for lookups only.
    pub above: Vec<Folder>,
}

impl Walked {
    pub fn path(&self) -> PathBuf {
        self.folder.path.join(&self.name)
    }
}

enum Step {
    Up,
    Down(OsString),
}

fn steps(path: &Path) -> impl DoubleEndedIterator<Item = Step> + '_ {
    path.components().filter_map(|c| match c {
        Component::ParentDir => Some(Step::Up),
        Component::Normal(name) => Some(Step::Down(name.to_os_string())),
        _ => None,
    })
}

fn c_name(name: &OsStr) -> io::Result<CString> {
    CString::new(name.as_bytes()).map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a name with a NUL byte"))
}

fn check(rc: libc::c_int) -> io::Result<libc::c_int> {
    if rc < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(rc)
    }
}

fn stat_at(dir: RawFd, name: &OsStr) -> io::Result<libc::stat> {
    let name = c_name(name)?;
    let mut st = std::mem::MaybeUninit::<libc::stat>::uninit();
    check(unsafe { libc::fstatat(dir, name.as_ptr(), st.as_mut_ptr(), libc::AT_SYMLINK_NOFOLLOW) })?;
    Ok(unsafe { st.assume_init() })
}

fn stat_fd(fd: RawFd) -> io::Result<libc::stat> {
    let mut st = std::mem::MaybeUninit::<libc::stat>::uninit();
    check(unsafe { libc::fstat(fd, st.as_mut_ptr()) })?;
    Ok(unsafe { st.assume_init() })
}

fn kind(st: &libc::stat) -> libc::mode_t {
    st.st_mode & libc::S_IFMT
}

fn open_at(dir: RawFd, name: &OsStr, flags: libc::c_int, mode: libc::c_uint) -> io::Result<OwnedFd> {
    let name = c_name(name)?;
    let fd = check(unsafe { libc::openat(dir, name.as_ptr(), flags | libc::O_CLOEXEC, mode) })?;
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// A folder opened only to look names up in it, never through a final link.
/// Linux: O_PATH, so a folder we may search but not list can still be passed.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn open_dir(dir: RawFd, name: &OsStr) -> io::Result<OwnedFd> {
    open_at(dir, name, libc::O_PATH | libc::O_DIRECTORY | libc::O_NOFOLLOW, 0)
}

/// Elsewhere: for reading, else (macOS, a folder we may only search) O_SEARCH.
#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn open_dir(dir: RawFd, name: &OsStr) -> io::Result<OwnedFd> {
    match open_at(dir, name, libc::O_RDONLY | libc::O_DIRECTORY | libc::O_NOFOLLOW, 0) {
        #[cfg(target_vendor = "apple")]
        Err(e) if e.raw_os_error() == Some(libc::EACCES) => open_at(dir, name, libc::O_SEARCH | libc::O_NOFOLLOW, 0),
        other => other,
    }
}

fn read_link_at(dir: RawFd, name: &OsStr) -> io::Result<PathBuf> {
    let c = c_name(name)?;
    let mut buf = vec![0u8; 4096];
    loop {
        let n = unsafe { libc::readlinkat(dir, c.as_ptr(), buf.as_mut_ptr().cast(), buf.len()) };
        if n < 0 {
            return Err(io::Error::last_os_error());
        }
        if (n as usize) < buf.len() {
            buf.truncate(n as usize);
            return Ok(PathBuf::from(OsStr::from_bytes(&buf)));
        }
        buf.resize(buf.len() * 2, 0);
    }
}

/// Walks `path` from `/` (a relative path from the current folder), one
/// component at a time. Each folder is opened with O_NOFOLLOW after its entry
/// was seen not to be a link, so a link swapped in meanwhile fails the walk
/// rather than redirect it; links met on the way are read and followed here.
pub fn walk(path: &Path) -> io::Result<Walked> {
    let absolute = if path.is_absolute() { path.to_path_buf() } else { std::env::current_dir()?.join(path) };
    let root = open_dir(libc::AT_FDCWD, OsStr::new("/"))?;
    let mut folders = vec![Passed::of(PathBuf::from("/"), &stat_fd(root.as_raw_fd())?)];
    let mut held: Vec<(OwnedFd, PathBuf)> = vec![(root, PathBuf::from("/"))];
    let mut pending: VecDeque<Step> = steps(&absolute).collect();
    let mut links = Vec::new();
    while let Some(step) = pending.pop_front() {
        let name = match step {
            Step::Up => {
                if held.len() > 1 {
                    held.pop();
                }
                continue;
            }
            Step::Down(name) => name,
        };
        let (dir, dir_path) = held.last().expect("the root is never popped");
        let here = dir_path.join(&name);
        let st = stat_at(dir.as_raw_fd(), &name)?;
        if kind(&st) == libc::S_IFLNK {
            links.push(Passed::of(here, &st));
            if links.len() > MAX_LINKS {
                return Err(io::Error::from_raw_os_error(libc::ELOOP));
            }
            let to = read_link_at(dir.as_raw_fd(), &name)?;
            if to.is_absolute() {
                held.truncate(1);
            }
            for step in steps(&to).rev() {
                pending.push_front(step);
            }
            continue;
        }
        if pending.is_empty() {
            let (fd, path) = held.pop().expect("the folder holding the last component");
            let folder = Folder::reopen(fd, path)?;
            let above = held.into_iter().map(|(fd, path)| Folder { fd, path, listable: false }).collect();
            return Ok(Walked { folder, name, folders, links, entry: Passed::of(here, &st), above });
        }
        let fd = open_dir(dir.as_raw_fd(), &name)?;
        let st = stat_fd(fd.as_raw_fd())?;
        if kind(&st) != libc::S_IFDIR {
            return Err(io::Error::from_raw_os_error(libc::ENOTDIR));
        }
        folders.push(Passed::of(here.clone(), &st));
        held.push((fd, here));
    }
    // The path names a folder ("/", "a/..").
    Err(io::Error::from_raw_os_error(libc::EISDIR))
}

/// A regular file opened for reading, with its metadata.
pub struct Opened {
    pub file: File,
    pub meta: std::fs::Metadata,
}

impl Folder {
    /// The folder itself (`.` of the descriptor: no name is looked up again),
    /// opened for reading where we may.
    fn reopen(fd: OwnedFd, path: PathBuf) -> io::Result<Folder> {
        match open_at(fd.as_raw_fd(), OsStr::new("."), libc::O_RDONLY | libc::O_DIRECTORY, 0) {
            Ok(readable) => Ok(Folder { fd: readable, path, listable: true }),
            Err(e) if e.raw_os_error() == Some(libc::EACCES) => Ok(Folder { fd, path, listable: false }),
            Err(e) => Err(e),
        }
    }

    fn not_listable(&self) -> io::Error {
        io::Error::new(io::ErrorKind::PermissionDenied, "the folder is not readable")
    }

    /// Why this user may not create a file in the folder (a patch is staged
    /// beside the target and renamed over it), or None when they may.
    pub fn unwritable(&self) -> Option<String> {
        let fd = self.fd.as_raw_fd();
        if unsafe { libc::faccessat(fd, c".".as_ptr(), libc::W_OK, libc::AT_EACCESS) } == 0 {
            return None;
        }
        let e = io::Error::last_os_error();
        let me = unsafe { libc::geteuid() };
        Some(match (e.raw_os_error(), stat_fd(fd)) {
            (Some(libc::EROFS), _) => "it is on a read-only file system".into(),
            (Some(libc::EACCES), Ok(st)) if st.st_uid == me => {
                format!("it is read-only to you, its owner (mode {:o})", st.st_mode & 0o7777)
            }
            (Some(libc::EACCES), Ok(st)) => {
                format!("it belongs to uid {}, not to you (uid {me}; mode {:o})", st.st_uid, st.st_mode & 0o7777)
            }
            (Some(libc::EPERM), _) => format!("{e} (is it immutable, `chattr +i`?)"),
            _ => e.to_string(),
        })
    }

    /// An exclusive advisory lock, held as long as the folder is.
    pub fn lock(&self) -> io::Result<()> {
        if !self.listable {
            return Err(self.not_listable());
        }
        loop {
            match check(unsafe { libc::flock(self.fd.as_raw_fd(), libc::LOCK_EX) }) {
                Ok(_) => return Ok(()),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// Opens `name` for reading if it is a regular file (never a link; a FIFO
    /// or device is refused without being opened).
    pub fn open_file(&self, name: &OsStr) -> io::Result<Opened> {
        let not_regular = || io::Error::new(io::ErrorKind::InvalidInput, "not a regular file");
        let seen = stat_at(self.fd.as_raw_fd(), name)?;
        if kind(&seen) != libc::S_IFREG {
            return Err(not_regular());
        }
        // O_NONBLOCK: should a FIFO be swapped in after the look, opening it cannot hang.
        let file =
            File::from(open_at(self.fd.as_raw_fd(), name, libc::O_RDONLY | libc::O_NOFOLLOW | libc::O_NONBLOCK, 0)?);
        let meta = file.metadata()?;
        if !meta.is_file() {
            return Err(not_regular());
        }
        Ok(Opened { file, meta })
    }

    /// The whole of the regular file `name`, and its metadata as opened.
    pub fn read(&self, name: &OsStr) -> io::Result<(Vec<u8>, std::fs::Metadata)> {
        use std::io::Read;
        let Opened { file, meta } = self.open_file(name)?;
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        (&file).read_to_end(&mut bytes)?;
        Ok((bytes, meta))
    }

    /// Creates a new file `<prefix><random><suffix>` (O_EXCL, O_NOFOLLOW,
    /// mode 0600); a name already taken, by anything, is never reused.
    pub fn create_new(&self, prefix: &str, suffix: &str) -> io::Result<(OsString, File)> {
        use std::hash::{BuildHasher, Hasher};
        for _ in 0..64 {
            let random = std::collections::hash_map::RandomState::new().build_hasher().finish();
            let name = OsString::from(format!("{prefix}{random:016x}{suffix}"));
            match open_at(
                self.fd.as_raw_fd(),
                &name,
                libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_NOFOLLOW,
                0o600,
            ) {
                Ok(fd) => return Ok((name, File::from(fd))),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        Err(io::Error::new(io::ErrorKind::AlreadyExists, "no free name for a temp file"))
    }

    /// Whether `name` is still the very file `file` is open on.
    pub fn names_file(&self, name: &OsStr, file: &File) -> io::Result<bool> {
        use std::os::unix::fs::MetadataExt;
        let st = stat_at(self.fd.as_raw_fd(), name)?;
        let meta = file.metadata()?;
        Ok(kind(&st) == libc::S_IFREG && st.st_dev as u64 == meta.dev() && st.st_ino as u64 == meta.ino())
    }

    pub fn rename(&self, from: &OsStr, to: &OsStr) -> io::Result<()> {
        let (from, to) = (c_name(from)?, c_name(to)?);
        check(unsafe { libc::renameat(self.fd.as_raw_fd(), from.as_ptr(), self.fd.as_raw_fd(), to.as_ptr()) }).map(drop)
    }

    /// Removes `name` (not a folder) from this folder.
    pub fn remove(&self, name: &OsStr) -> io::Result<()> {
        let name = c_name(name)?;
        check(unsafe { libc::unlinkat(self.fd.as_raw_fd(), name.as_ptr(), 0) }).map(drop)
    }

    /// The names in the folder.
    pub fn names(&self) -> io::Result<Vec<OsString>> {
        if !self.listable {
            return Err(self.not_listable());
        }
        // A descriptor of its own: readdir moves the offset it reads from.
        let own = open_at(self.fd.as_raw_fd(), OsStr::new("."), libc::O_RDONLY | libc::O_DIRECTORY, 0)?;
        let dir = unsafe { libc::fdopendir(own.as_raw_fd()) };
        if dir.is_null() {
            return Err(io::Error::last_os_error());
        }
        // closedir closes the descriptor.
        std::mem::forget(own);
        let mut out = Vec::new();
        loop {
            let entry = unsafe { libc::readdir(dir) };
            if entry.is_null() {
                break;
            }
            let name = unsafe { std::ffi::CStr::from_ptr((*entry).d_name.as_ptr()) }.to_bytes();
            if name != b"." && name != b".." {
                out.push(OsStr::from_bytes(name).to_os_string());
            }
        }
        unsafe { libc::closedir(dir) };
        Ok(out)
    }

    pub fn sync(&self) -> io::Result<()> {
        check(unsafe { libc::fsync(self.fd.as_raw_fd()) }).map(drop)
    }

    /// Makes `command`'s process start in this folder (fchdir between fork
    /// and exec), without its path being looked up again.
    pub fn enter_in_child(&self, command: &mut std::process::Command) {
        use std::os::unix::process::CommandExt;
        let fd = self.fd.as_raw_fd();
        // The descriptor is close-on-exec, but still open until the exec.
        unsafe {
            command.pre_exec(move || check(libc::fchdir(fd)).map(drop));
        }
    }
}
