//! The proof: the bundle's own steering code cut out ([`slice`]) and run
//! stock against patched under node ([`prove`], with `prove_harness.js`), and
//! the closed world behind it: everything else in the bundle that could change
//! what the proof observed, accounted for ([`account`], [`escape`]). What a
//! spawn site says of itself is read alike by both ([`site`]).

pub mod account;
pub mod escape;
pub mod parent_flow;
pub mod prove;
pub mod site;
pub mod slice;
