//! The entry: what the command line asked for, carried out over the target or
//! every tree ([`request`]), and the manual's words ([`manual`]).

pub mod manual;
pub mod request;
