//! Slice: cut the resolved steering code out of the bundle so that `--prove`
//! can run it on its own. What the slices need from the rest of the bundle is
//! found here, from the bundle's own top-level bindings: pure helpers
//! (functions, classes, literals, members of globals such as
//! `Object.defineProperty`, and pure calls of those) are sliced in,
//! transitively; anything bound to an import, a `require` or an effectful
//! initialiser is left free and becomes a stub in the harness.

mod bindings;
mod cut;
mod decisions;
mod parts;
mod reach;
mod shapes;
mod spawn;

use std::collections::BTreeSet;

use serde_json::{json, Value};
use swc_ecma_ast::Program;

use crate::anchors::resolve::Resolution;
use crate::fix::mark::Insertion;
use crate::read::scope::free_names;
use bindings::{class_aliases, close_over, TopLevel};
use cut::{add_free, cut, Edits};
use parts::Parts;
pub use reach::returned_function;
use reach::{buffer_slots, reach_functions};
use shapes::{code_shapes, literals};
use spawn::spawn_slices;

pub use spawn::{goes_on, handed_to_function, handed_to_method, returns_construction, ConstructionHelper};

/// The slices for one side (stock: no insertions; patched: the mode's).
/// `must_run`: spans the closed world accepted because the proof runs them
/// (`Accounting::must_run`), each probed so the proof can tell whether a case did.
pub fn slices(
    resolution: &Resolution,
    program: &Program,
    insertions: &[Insertion],
    must_run: &[std::ops::Range<usize>],
) -> Result<Value, String> {
    let index = &resolution.index;
    let source = index.source;
    let writes = crate::read::writes::of_top_level(program);
    let probes = decisions::decisions(program, &writes.spans(), &writes.read_spans(), must_run);
    let insertions = &Edits { insertions, probes: probes.probes, ran_by: probes.ran_by };
    let parts = Parts::locate(resolution)?;
    let (slots, primary_slot) = buffer_slots(resolution, &parts);
    // Free names of every slice, less each slice's enclosing locals.
    let mut free: BTreeSet<String> = BTreeSet::new();
    add_free(index, &mut free, free_names(parts.exec.class, &[]), &parts.exec_at);
    add_free(index, &mut free, free_names(parts.buffer.class, &[]), &parts.buffer_at);
    let mut reached = reach_functions(resolution, &parts, insertions, &mut free)?;
    let mut ran = Vec::new();
    let spawns = spawn_slices(resolution, program, &parts, insertions, &mut free, &mut ran)?;

    // How the bundle itself calls the buffer, the drain and the end-of-turn check (or its maker).
    let targets = [
        (&mut reached.drain_call, parts.drain, reached.drain_maker),
        (&mut reached.turn_call, parts.turn, reached.turn_maker),
    ];
    let (buffer_params, buffer_calls) =
        code_shapes(resolution, program, parts.buffer.class, primary_slot.as_deref(), targets, &mut free, insertions);
    let owner_names: Vec<String> =
        reached.owner_texts.iter().filter_map(|o| o["name"].as_str().map(str::to_string)).collect();
    let mut known: Vec<&str> = vec![parts.exec_name, parts.buffer_name];
    known.extend(owner_names.iter().map(String::as_str));
    let (aliases, alias_names) = class_aliases(index, &mut free, &known);
    known.extend(alias_names.iter().map(String::as_str));
    let top = TopLevel::of(program, index.lookups);
    let mut sliced =
        vec![parts.exec_at.clone(), parts.buffer_at.clone(), parts.drain.range.clone(), parts.turn.range.clone()];
    sliced.extend(ran);
    sliced.extend(reached.ran.iter().cloned());
    let closure = close_over(&top, source, insertions, free, &known, &sliced, &writes);
    Ok(json!({
        "prelude": closure.helpers.into_iter().map(|(_, v)| v).collect::<Vec<_>>(),
        "free": closure.stubs,
        "written": closure.written.iter().map(|(name, at)| json!({"name": name, "offset": at.start})).collect::<Vec<_>>(),
        "toRun": closure.to_run.iter().map(|(name, at)| {
            let ran_by = |at: &usize| insertions.ran_by.get(at).copied().unwrap_or(*at);
            // A read with no function around it (null) is taken as run.
            let reads: BTreeSet<Option<usize>> =
                closure.read_at.get(name).into_iter().flatten().map(|at| insertions.ran_by.get(at).copied()).collect();
            json!({"name": name, "offset": at.start, "ranBy": ran_by(&at.start), "readBy": reads})
        }).collect::<Vec<_>>(),
        "mustRun": must_run.iter().map(|at| {
            json!({"offset": at.start, "code": crate::anchors::resolve::clip(&source[at.clone()])})
        }).collect::<Vec<_>>(),
        "execClass": {"name": parts.exec_name, "text": cut(source, &parts.exec_at, insertions)},
        "bufferClass": {
            "name": parts.buffer_name,
            "text": cut(source, &parts.buffer_at, insertions),
            "append": parts.append,
            "clear": parts.clear,
            "handled": resolution.capture("buffer-class", "METHOD"),
            "entryKeys": parts.keys,
            "literals": literals(parts.buffer.class),
            "params": buffer_params,
            "calls": buffer_calls,
        },
        "owners": reached.owner_texts,
        "aliases": aliases,
        "drain": reached.drain_call,
        "endOfTurn": reached.turn_call,
        "queue": parts.queue,
        "slots": slots,
        "spawns": spawns,
    }))
}
