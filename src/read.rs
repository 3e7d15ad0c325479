//! Reading the bundle: the token [`scan`] that finds its statements, the swc
//! [`parse`] of those that matter, the references a run of tokens makes
//! ([`refer`]), which names a scope declares ([`scope`]), what escaped text spells
//! ([`unescape`]), and every place the code writes a binding or a member ([`writes`]).

pub mod parse;
pub mod refer;
pub mod scan;
pub mod scope;
pub mod unescape;
pub mod writes;
