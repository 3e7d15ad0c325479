//! Cutting a piece out of the bundle: its bytes with the insertions applied,
//! and the names it needs from outside it (its free names, less the locals of
//! the functions around it).

use std::collections::BTreeSet;
use std::ops::Range;

use crate::anchors::resolve::Index;
use crate::fix::mark::Insertion;
use crate::read::scope::free_names;
use crate::read::scope::FnNode;

/// What a slice is cut with: the mode's insertions, and the decisions to
/// probe (see `decisions`).
pub(super) struct Edits<'i> {
    pub(super) insertions: &'i [Insertion],
    pub(super) probes: Vec<super::decisions::Probe>,
    /// For each write of a top-level binding, the probe that says it ran.
    pub(super) ran_by: std::collections::HashMap<usize, usize>,
}

/// The bytes of `at` with the insertions that fall inside it (boundaries
/// included) applied, and a probe around each decision wholly inside it.
pub(super) fn cut(source: &str, at: &Range<usize>, edits: &Edits) -> String {
    // At one offset: closing probes (innermost first), the mode's own
    // insertions, then opening probes (outermost first), so all nest.
    let mut pieces: Vec<((usize, u8, isize), std::borrow::Cow<str>)> = edits
        .insertions
        .iter()
        .filter(|i| at.start <= i.at && i.at <= at.end)
        .map(|i| ((i.at, 1, 0), std::borrow::Cow::Borrowed(i.text.as_str())))
        .collect();
    // The probes are in order of their start (`decisions`): only those from `at.start` are looked at.
    let first = edits.probes.partition_point(|p| p.at.start < at.start);
    let inside = edits.probes[first..].iter().take_while(|p| p.at.start < at.end).filter(|p| p.at.end <= at.end);
    for probe in inside {
        let d = &probe.at;
        if probe.kind == super::decisions::Kind::Entered {
            pieces.push(((d.start, 1, 0), format!("__kss.d([],0,{},2);", d.start).into()));
            continue;
        }
        let len = (d.end - d.start) as isize;
        let kind = match &probe.kind {
            super::decisions::Kind::Value => "0".to_string(),
            super::decisions::Kind::Leaf => "1".to_string(),
            super::decisions::Kind::Ran | super::decisions::Kind::Entered => "2".to_string(),
            super::decisions::Kind::Key(table) => format!("{{keys:({})}}", &source[table.clone()]),
            super::decisions::Kind::Switch(cases) => {
                format!("[{}]", cases.iter().map(|c| &source[c.clone()]).collect::<Vec<_>>().join(","))
            }
        };
        // The space: minified code writes `return[…]` and `return!x`.
        pieces.push(((d.start, 2, -len), " __kss.d(__kss.m(),(".into()));
        pieces.push(((d.end, 0, len), format!("),{},{kind})", d.start).into()));
    }
    pieces.sort_by_key(|(k, _)| *k);
    let mut out = String::new();
    let mut from = at.start;
    for ((offset, _, _), text) in pieces {
        out.push_str(&source[from..offset]);
        out.push_str(&text);
        from = offset;
    }
    out.push_str(&source[from..at.end]);
    out
}

pub(super) fn fn_free(f: FnNode) -> BTreeSet<String> {
    match f {
        FnNode::Function(x) => free_names(x, &[]),
        FnNode::Arrow(x) => free_names(x, &[]),
        FnNode::Constructor(x) => free_names(x, &[]),
    }
}

/// Adds a slice's free names to `free`, less the locals of the functions around it.
pub(super) fn add_free(index: &Index, free: &mut BTreeSet<String>, names: BTreeSet<String>, at: &Range<usize>) {
    let locals = index.locals_around(at);
    free.extend(names.into_iter().filter(|n| !locals.contains(n)));
}
