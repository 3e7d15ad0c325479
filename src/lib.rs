//! kiro-steer-scope: scopes Kiro's live steering to the execution it was meant
//! for, by patching the installed agent runtime bundle (kirodotdev/Kiro#11240).
//!
//! The library holds everything a run finds and does; the binary (`main.rs`)
//! parses flags, calls [`cli::request::handle`] (or `--audit`, `--set-up`) and
//! prints. One folder per stage, each importing only from the stages listed
//! before it (`tests/layering.rs` holds that):
//!
//! - [`tree`]: the tree on disk: find the target, walk to it safely, run as its
//!   owner, check with node, swap the result in;
//! - [`read`]: reading the bundle: the token scan, the swc parse, references
//!   and scopes;
//! - [`anchors`]: the anchor rules, their patterns, resolving them, and the
//!   prefilter that parses only what they can touch;
//! - [`fix`]: the modes, markers and saved choice, and the plan of insertions;
//! - [`proof`]: the slices run under node, and the closed world behind them;
//! - [`run`]: one action on one target: inspect, act, report, exit codes;
//! - [`setup`]: the saved choice and the launch shim, and the mirror it serves;
//! - [`audit`]: Kiro's own logs, read for replayed steering;
//! - [`cli`]: the command line's request and the manual's words.

#![recursion_limit = "256"]

pub mod anchors;
pub mod audit;
pub mod cli;
pub mod fix;
pub mod proof;
pub mod read;
pub mod run;
pub mod setup;
pub mod tree;
