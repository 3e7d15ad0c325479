//! The fix: the modes and the markers that record each insertion's bytes
//! ([`mark`]), the user's saved choice of fixes ([`config`]), and the
//! insertions a mode makes on the resolved anchors ([`plan`]).

pub mod config;
pub mod mark;
pub mod plan;
