//! kiro-steer-scope: scopes Kiro's live steering to the execution it was meant
//! for, by patching the installed agent runtime bundle (kirodotdev/Kiro#11240).
//!
//! The library holds everything a run finds and does; the binary (`main.rs`)
//! parses flags, calls [`act::handle`] (or `--audit`, `--set-up`) and prints.
//! The pipeline, in order: [`discover`] the target, [`parse`] it (through the
//! [`prefilter`]), [`resolve`] the anchors, [`plan`] the insertions, [`mark`]
//! them, [`prove`] the result, [`validate`] it with node, [`swap`] it in; and
//! [`mark`]'s restore takes it out again.

#![recursion_limit = "256"]

pub mod account;
pub mod act;
pub mod anchor;
pub mod audit;
pub mod config;
pub mod discover;
pub mod escape;
pub mod exit;
pub mod folder;
pub mod inspect;
pub mod manual;
pub mod mark;
pub mod mirror;
pub mod parse;
pub mod pattern;
pub mod plan;
pub mod prefilter;
pub mod privilege;
pub mod prove;
pub mod refer;
pub mod report;
pub mod resolve;
pub mod scan;
pub mod scope;
pub mod sessions;
pub mod setup;
pub mod shim;
pub mod slice;
pub mod swap;
pub mod validate;
