//! Sessions: live processes whose command line names the bundle. They keep
//! running the old code until restarted, so a write warns about them. Linux
//! reads `/proc`; macOS asks the kernel (`proc_listallpids`, `KERN_PROCARGS2`,
//! `PROC_PIDVNODEPATHINFO`).

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// One process: its arguments, its executable and its working folder (for relative paths).
struct Process {
    pid: u32,
    args: Vec<Vec<u8>>,
    exe: Option<PathBuf>,
    cwd: Option<PathBuf>,
}

impl Process {
    /// A node running a script: `argv[0]` or the executable is a node, and
    /// the script is its first argument that is not an option. Anything else
    /// that merely mentions the bundle (`timeout 30 kiro-steer-scope …`,
    /// `runuser …`, an editor) runs no copy of it.
    fn node_script(&self) -> Option<&Vec<u8>> {
        let named_node = |name: Option<&OsStr>| name.is_some_and(|n| n.as_bytes().starts_with(b"node"));
        let argv0 = self.args.first().map(|a| Path::new(OsStr::from_bytes(a)).file_name());
        if !named_node(argv0.flatten()) && !named_node(self.exe.as_deref().and_then(Path::file_name)) {
            return None;
        }
        self.args.iter().skip(1).find(|a| !a.starts_with(b"-"))
    }
}

pub fn sessions_using(real_target: &Path) -> Vec<String> {
    let needle = real_target.as_os_str().as_bytes();
    let file_name = real_target.file_name().map_or(&b""[..], |n| n.as_bytes());
    let own = std::process::id();
    let mut out = Vec::new();
    for process in processes() {
        if process.pid == own {
            continue;
        }
        // The path as given, or any other spelling of it (a link, a relative path from the process's folder).
        let names_it = |arg: &Vec<u8>| {
            arg.as_slice() == needle
                || (!file_name.is_empty() && arg.ends_with(file_name) && {
                    let arg = Path::new(OsStr::from_bytes(arg));
                    let full = match (&process.cwd, arg.is_absolute()) {
                        (_, true) => arg.to_path_buf(),
                        (Some(cwd), false) => cwd.join(arg),
                        (None, false) => return false,
                    };
                    std::fs::canonicalize(full).is_ok_and(|p| p == real_target)
                })
        };
        if process.node_script().is_some_and(names_it) {
            out.push(format!(
                "process {} is running this bundle and keeps the old code until it is \
                restarted; restart kiro-cli sessions to use the change",
                process.pid
            ));
        }
    }
    out
}

#[cfg(target_os = "linux")]
fn processes() -> Vec<Process> {
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .flatten()
        .filter_map(|entry| {
            let pid = entry.file_name().to_str()?.parse::<u32>().ok()?;
            let cmdline = std::fs::read(entry.path().join("cmdline")).ok()?;
            let args = cmdline.split(|b| *b == 0).filter(|a| !a.is_empty()).map(<[u8]>::to_vec).collect();
            Some(Process {
                pid,
                args,
                exe: std::fs::read_link(entry.path().join("exe")).ok(),
                cwd: std::fs::read_link(entry.path().join("cwd")).ok(),
            })
        })
        .collect()
}

#[cfg(target_vendor = "apple")]
fn processes() -> Vec<Process> {
    use std::mem::size_of;
    let count = unsafe { libc::proc_listallpids(std::ptr::null_mut(), 0) };
    if count <= 0 {
        return Vec::new();
    }
    let mut pids = vec![0 as libc::pid_t; count as usize + 64];
    let bytes = (pids.len() * size_of::<libc::pid_t>()) as libc::c_int;
    let count = unsafe { libc::proc_listallpids(pids.as_mut_ptr().cast(), bytes) };
    pids.truncate(count.max(0) as usize);
    pids.into_iter()
        .filter(|p| *p > 0)
        .filter_map(|pid| {
            let (exe, args) = arguments(pid)?;
            Some(Process { pid: pid as u32, args, exe: Some(exe), cwd: working_folder(pid) })
        })
        .collect()
}

/// The executable and argv from `KERN_PROCARGS2`: argc, the executable path, padding, then argc strings.
#[cfg(target_vendor = "apple")]
fn arguments(pid: libc::pid_t) -> Option<(PathBuf, Vec<Vec<u8>>)> {
    let mut mib = [libc::CTL_KERN, libc::KERN_PROCARGS2, pid];
    let mut size: libc::size_t = 0;
    if unsafe { libc::sysctl(mib.as_mut_ptr(), 3, std::ptr::null_mut(), &mut size, std::ptr::null_mut(), 0) } != 0
        || size < 4
    {
        return None;
    }
    let mut buf = vec![0u8; size];
    if unsafe { libc::sysctl(mib.as_mut_ptr(), 3, buf.as_mut_ptr().cast(), &mut size, std::ptr::null_mut(), 0) } != 0 {
        return None;
    }
    buf.truncate(size);
    let argc = i32::from_ne_bytes(buf[..4].try_into().ok()?).max(0) as usize;
    let rest = &buf[4..];
    let exec_end = rest.iter().position(|b| *b == 0)?;
    let exe = PathBuf::from(OsStr::from_bytes(&rest[..exec_end]));
    let mut parts = rest[exec_end..].split(|b| *b == 0).filter(|p| !p.is_empty());
    Some((exe, (0..argc).filter_map(|_| parts.next().map(<[u8]>::to_vec)).collect()))
}

#[cfg(target_vendor = "apple")]
fn working_folder(pid: libc::pid_t) -> Option<PathBuf> {
    let mut info: libc::proc_vnodepathinfo = unsafe { std::mem::zeroed() };
    let size = std::mem::size_of::<libc::proc_vnodepathinfo>() as libc::c_int;
    let got = unsafe {
        libc::proc_pidinfo(
            pid,
            libc::PROC_PIDVNODEPATHINFO,
            0,
            (&mut info as *mut libc::proc_vnodepathinfo).cast(),
            size,
        )
    };
    if got != size {
        return None;
    }
    let raw: Vec<u8> = info.pvi_cdir.vip_path.iter().flatten().map(|c| *c as u8).take_while(|b| *b != 0).collect();
    (!raw.is_empty()).then(|| PathBuf::from(OsStr::from_bytes(&raw)))
}

/// Elsewhere nothing is reported (the warning is advice, not a check).
#[cfg(not(any(target_os = "linux", target_vendor = "apple")))]
fn processes() -> Vec<Process> {
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn process(args: &[&str]) -> Process {
        Process { pid: 1, args: args.iter().map(|a| a.as_bytes().to_vec()).collect(), exe: None, cwd: None }
    }

    #[test]
    fn only_a_node_running_the_bundle_counts() {
        let bundle = "/d/kas/2.22.0-a/node_modules/@kiro/agent/dist/server/acp-server.js";
        let script = |args: &[&str]| process(args).node_script().map(|s| String::from_utf8_lossy(s).into_owned());
        assert_eq!(
            script(&["/d/kiro-cli/node", "--experimental-wasm-modules", bundle, "--transport=stdio"]).as_deref(),
            Some(bundle)
        );
        assert_eq!(script(&["node", bundle, "--scenario", "-"]).as_deref(), Some(bundle));
        assert_eq!(script(&["timeout", "30", "kiro-steer-scope", "--target", bundle]), None);
        assert_eq!(script(&["runuser", "-u", "ann", "--", "node", bundle]), None);
        assert_eq!(script(&["tail", "-f", bundle]), None);
        // Named otherwise, but its executable is node.
        let mut renamed = process(&["kas-server", bundle]);
        renamed.exe = Some(PathBuf::from("/usr/bin/node"));
        assert_eq!(renamed.node_script().map(|s| s.as_slice()), Some(bundle.as_bytes()));
    }
}
