//! Exit codes: the contract scripts rely on (the manual's EXIT STATUS).

/// Done: patched, restored, already as asked, or (`--audit`) no replay found.
pub const EXIT_OK: u8 = 0;
/// `--check`: stock and patchable; `--ensure`: no tree unpacked yet.
pub const EXIT_STOCK: u8 = 1;
/// Refused or failed; nothing was written.
pub const EXIT_REFUSED: u8 = 2;
/// `--audit`: a replay in a session that ran the patched code.
pub const EXIT_REPLAY_PATCHED: u8 = 1;
/// `--audit`: replays only in sessions not known to have run patched code.
pub const EXIT_REPLAY_STOCK: u8 = 3;
