//! The anchors: the rules in `anchors/*.toml` ([`anchor`]), their patterns
//! written as code ([`pattern`]), resolving them on the parse ([`resolve`]),
//! and the [`prefilter`] that parses only what they can touch.

pub mod anchor;
pub mod pattern;
pub mod prefilter;
pub mod resolve;
