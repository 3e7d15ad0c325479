//! Judge: which deliveries in one session's log are replays of a steer into
//! an execution that started after it was first delivered
//! (kirodotdev/Kiro#11240), from the delivery lines alone.
//!
//! The log names no spawn and no depth; an execution shows up at its first
//! delivery. So a steer reaching an execution first seen after that steer's
//! first delivery is a replay, or a live execution that had drawn nothing
//! yet (a parent waiting on the sub-agent that drew it first). What tells
//! them apart, and only that, is used:
//! - steering is typed to the root: a root execution (known by its agent
//!   name) is never replayed into; the root continuation is seeded, and a
//!   new turn starts after the turn-end clear;
//! - a root drawing a steer is not waiting on any sub-agent, so a sub-agent
//!   first seen afterwards was spawned afterwards;
//! - memory extraction runs after the root's turn with the root waiting on
//!   it, so it never draws late what nobody else could draw first;
//! - an execution's first drain happens as it starts and reads the whole
//!   buffer at once: if that first drain holds a replay, it started after
//!   every steer it drew there was first delivered.
//!
//! Anything else is ambiguous and reported as such.

use super::read::SessionLog;

/// The agent name all three model runtimes, and the public report, give memory extraction.
pub const MEMORY_AGENT: &str = "memory-extraction";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `steer-…`: a person's steer.
    Steer,
    /// `notify-…`: a notification, meant for sub-agents too.
    Notify,
    Other,
}

pub fn kind(id: &str) -> Kind {
    if id.starts_with("steer-") {
        Kind::Steer
    } else if id.starts_with("notify-") {
        Kind::Notify
    } else {
        Kind::Other
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The first delivery of its id.
    First,
    /// To an execution seen before the id's first delivery: it was running.
    Live,
    /// To a root execution: the steer's addressee.
    ToRoot,
    Replay(Why),
    /// Replay or a live delivery; the log cannot tell.
    Ambiguous,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// A root drew it first, so no sub-agent of it was running then.
    RootFirst,
    /// Memory extraction drew it after someone else.
    Memory,
    /// In the same first drain as a replay: started after it too.
    SameFirstDrain,
}

impl Why {
    pub fn name(self) -> &'static str {
        match self {
            Why::RootFirst => "a root drew it first, so this execution was spawned afterwards",
            Why::Memory => "memory extraction runs after the turn, so it drew an old steer",
            Why::SameFirstDrain => "drawn in the same first drain as a replayed steer",
        }
    }
}

pub struct Judged {
    /// Per delivery: None for notifications and other ids.
    pub verdicts: Vec<Option<Verdict>>,
    /// Per delivery: the index of its id's first delivery.
    pub first: Vec<usize>,
    /// Whether any execution in this log has a root's agent name.
    pub root_seen: bool,
}

pub fn is_memory(agent: &str) -> bool {
    agent == MEMORY_AGENT
}

pub fn judge(log: &SessionLog, roots: &[String]) -> Judged {
    let is_root: Vec<bool> = log.execs.iter().map(|e| roots.contains(&e.agent)).collect();
    let n = log.deliveries.len();
    let mut first_seen = vec![usize::MAX; log.execs.len()];
    let mut first_of_id = vec![usize::MAX; log.ids.len()];
    let mut verdicts = vec![None; n];
    let mut first = vec![0; n];
    // Which deliveries belong to their execution's first drain: its first
    // run of lines with no other execution's line between.
    let mut in_first_drain = vec![false; n];
    let mut open: Option<u32> = None;
    for (i, d) in log.deliveries.iter().enumerate() {
        let e = d.exec as usize;
        if open != Some(d.exec) {
            open = None;
        }
        if first_seen[e] == usize::MAX {
            first_seen[e] = i;
            open = Some(d.exec);
        }
        in_first_drain[i] = open == Some(d.exec);
        let f = &mut first_of_id[d.id as usize];
        if *f == usize::MAX {
            *f = i;
        }
        first[i] = *f;
        if kind(&log.ids[d.id as usize]) != Kind::Steer {
            continue;
        }
        let x = log.deliveries[*f].exec as usize;
        verdicts[i] = Some(if *f == i {
            Verdict::First
        } else if first_seen[e] < *f {
            Verdict::Live
        } else if is_root[e] {
            Verdict::ToRoot
        } else if is_memory(&log.execs[e].agent) {
            Verdict::Replay(Why::Memory)
        } else if is_root[x] {
            Verdict::Replay(Why::RootFirst)
        } else {
            Verdict::Ambiguous
        });
    }
    let mut replayed_first_drain = vec![false; log.execs.len()];
    for i in 0..n {
        if in_first_drain[i] && matches!(verdicts[i], Some(Verdict::Replay(_))) {
            replayed_first_drain[log.deliveries[i].exec as usize] = true;
        }
    }
    for i in 0..n {
        if in_first_drain[i]
            && verdicts[i] == Some(Verdict::Ambiguous)
            && replayed_first_drain[log.deliveries[i].exec as usize]
        {
            verdicts[i] = Some(Verdict::Replay(Why::SameFirstDrain));
        }
    }
    Judged { verdicts, first, root_seen: is_root.iter().any(|r| *r) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::read::{At, SessionLog};

    /// `(id, agent, exec)` lines in order, judged with `kiro` as the root.
    fn verdicts(lines: &[(&str, &str, &str)]) -> Vec<Option<Verdict>> {
        let mut log = SessionLog::default();
        for (i, (id, agent, exec)) in lines.iter().enumerate() {
            let line = format!("[LiveSteeringHook] injected steering {id} into {agent} ({exec}) (handlers: 1)");
            log.take_line(line.as_bytes(), At { file: 0, line: i as u64 + 1 });
        }
        judge(&log, &["kiro".to_string()]).verdicts
    }

    use Verdict::*;

    #[test]
    fn the_report_signature_is_a_replay() {
        let v = verdicts(&[
            ("steer-1", "kiro", "a"),
            ("steer-2", "kiro", "a"),
            ("steer-1", "explorer", "b"),
            ("steer-2", "explorer", "b"),
        ]);
        assert_eq!(v, [Some(First), Some(First), Some(Replay(Why::RootFirst)), Some(Replay(Why::RootFirst))]);
    }

    #[test]
    fn a_root_after_a_live_sub_agent_is_not() {
        let v = verdicts(&[("steer-1", "writer", "b"), ("steer-1", "kiro", "a")]);
        assert_eq!(v, [Some(First), Some(ToRoot)]);
    }

    #[test]
    fn a_parent_after_its_live_child_is_ambiguous_unless_its_first_drain_replays() {
        let v = verdicts(&[("steer-2", "inner", "c"), ("steer-2", "outer", "b")]);
        assert_eq!(v, [Some(First), Some(Ambiguous)]);
        let v = verdicts(&[
            ("steer-1", "kiro", "a"),
            ("steer-2", "inner", "c"),
            ("steer-1", "late", "d"),
            ("steer-2", "late", "d"),
        ]);
        assert_eq!(v, [Some(First), Some(First), Some(Replay(Why::RootFirst)), Some(Replay(Why::SameFirstDrain))]);
    }

    #[test]
    fn live_memory_and_notifications() {
        let v = verdicts(&[
            ("notify-1", "builder", "b"),
            ("steer-2", "kiro", "a"),
            ("steer-2", "builder", "b"),
            ("steer-2", "memory-extraction", "m"),
        ]);
        assert_eq!(v, [None, Some(First), Some(Live), Some(Replay(Why::Memory))]);
    }
}
