//! One action on one target: read it and say its state ([`inspect`]), carry
//! the action out ([`act`]), say what was found and done ([`report`]), with
//! the exit codes scripts rely on ([`exit`]); every line printed goes
//! through [`say`].

pub mod act;
pub mod exit;
pub mod inspect;
pub mod report;
pub mod say;
