//! This program as others may meet it: the name it answers to as the launch
//! shim, and whether a path is this very program (never to be run as node).

use std::ffi::OsStr;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// The name the binary answers to as the shim (a link to it, or a copy).
pub const SHIM_NAME: &str = "kiro-steer-scope-node";

pub fn invoked_as_shim() -> bool {
    std::env::args_os().next().is_some_and(|a| Path::new(&a).file_name() == Some(OsStr::new(SHIM_NAME)))
}

/// Whether `path` is this very program (or a link to it): never node.
pub fn is_this_program(path: &Path) -> bool {
    let same = |a: &std::fs::Metadata, b: &std::fs::Metadata| a.dev() == b.dev() && a.ino() == b.ino();
    path.file_name() == Some(OsStr::new(SHIM_NAME))
        || std::env::current_exe()
            .and_then(std::fs::metadata)
            .is_ok_and(|me| std::fs::metadata(path).is_ok_and(|m| same(&m, &me)))
}
