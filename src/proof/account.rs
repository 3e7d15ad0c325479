//! Account: the closed world behind the proof. The proof runs only the code
//! the anchors name; its verdict holds for the bundle only if nothing else in
//! the bundle can change what it observed. This walks everything the parse
//! holds for the places that could: references to the execution class,
//! writes of the cursor in any spelling, readers of the steering buffer, and
//! writes of the fields the drain and the end-of-turn check read on an
//! object that is, or may be, an execution. Each place is either accounted
//! for, with the reason, or left unaccounted: then the proof is inconclusive
//! and the place is named.
//!
//! The parts, in the order they run: `world` gathers from the anchors what
//! the places are judged against; `sweep` walks the parse once for the
//! places (with `declare` for its scopes); `judge`, `judge_writes` and
//! `judge_escape` judge each kind of place, with `query` for what one
//! function does and `roots` for whether a construction is a root's.

mod declare;
mod inert;
mod judge;
mod judge_escape;
mod judge_writes;
mod place;
mod query;
mod roots;
mod sweep;
mod world;

use swc_ecma_ast::Program;
use swc_ecma_visit::VisitWith;

use crate::anchors::resolve::{clip, Resolution};
use crate::proof::site::buffer_length;

use judge::Tally;
pub use place::Place;
use world::World;

#[derive(Clone, Debug, Default)]
pub struct Accounting {
    /// Places that could change the proof's outcome and that nothing covers.
    pub unaccounted: Vec<Place>,
    /// How each spawn path is covered: run by the proof, or accounted for.
    pub spawn_paths: Vec<Place>,
    /// How many places were looked at and found covered.
    pub accounted: usize,
    /// Places covered only because the proof runs them (the buffer used in
    /// the drain or the end-of-turn check): the proof must show a case ran
    /// each, else its verdict does not speak for them.
    pub must_run: Vec<std::ops::Range<usize>>,
}

impl Accounting {
    pub fn closed(&self) -> bool {
        self.unaccounted.is_empty()
    }

    /// One line for a refusal: the first places, with their offsets.
    pub fn summary(&self) -> String {
        let shown: Vec<String> =
            self.unaccounted.iter().take(3).map(|p| format!("byte {} `{}`: {}", p.at, p.code, p.why)).collect();
        let more = self.unaccounted.len().saturating_sub(3);
        let tail = if more > 0 { format!("; and {more} more (see --json)") } else { String::new() };
        format!(
            "{} place(s) outside the code the proof runs could change its outcome: {}{tail}",
            self.unaccounted.len(),
            shown.join("; ")
        )
    }
}

/// Accounts for the whole parsed program around a resolution whose anchors
/// all matched. `program` is what the parse holds: the prefilter parses every
/// statement that mentions what this looks for (noted in the lookups).
/// `fenced`: the seed's fence is what the proof checks (seed mode), so a
/// spawned execution's cursor moved elsewhere cannot hand it an old message.
pub fn account(resolution: &Resolution, program: &Program, fenced: bool) -> Accounting {
    let Some(world) = World::gather(resolution) else { return Accounting::default() };
    let mut tally = Tally { source: world.index.source, bad: Vec::new(), counted: 0, must_run: Vec::new() };
    if world.slot.is_none() {
        let len = buffer_length(resolution);
        tally.unaccounted(
            &resolution.get("queued-length")[0].range,
            format!(
                "the buffer length `{}` is not read through sessionServices.<slot>, \
                 so the buffer's other readers cannot be found",
                clip(&len)
            ),
        );
    }
    let mut sweep = world.sweep();
    program.visit_with(&mut sweep);
    world.judge_classes(&sweep, &mut tally);
    world.judge_cursor(&sweep, program, fenced, &mut tally);
    world.judge_buffer(&sweep, &mut tally);
    world.judge_own_writes(&mut tally);
    world.judge_constructed(&sweep, &mut tally);
    world.judge_object_writes(&sweep, &mut tally);
    world.judge_deliveries(program, &mut tally);
    world.judge_registration(program, &mut tally);
    world.judge_drain_locals(&mut tally);
    // Construction is start in both modes: a child kept before it runs can be
    // reached through what keeps it (its depth rewritten, its prompt filled),
    // which the rules on locals bound to a construction do not see (round 14).
    let spawn_paths = world.judge_started(program, &mut tally);
    let mut bad = tally.bad;
    bad.sort();
    bad.dedup();
    let mut must_run = tally.must_run;
    must_run.sort_by_key(|r| (r.start, r.end));
    must_run.dedup();
    Accounting { unaccounted: bad, spawn_paths, accounted: tally.counted, must_run }
}
