//! The tree on disk: where the bundle is and what it may be trusted for.
//! Finding it ([`discover`]), walking to it without following a swapped link
//! ([`folder`]), acting as its owner ([`privilege`]), checking bytes with node
//! ([`validate`]), putting the result in place ([`swap`]), who runs it now
//! ([`sessions`]), and what this program is ([`program`]).

pub mod discover;
pub mod folder;
pub mod privilege;
pub mod program;
pub mod sessions;
pub mod swap;
pub mod validate;
