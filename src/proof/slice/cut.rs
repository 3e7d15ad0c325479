//! Cutting a piece out of the bundle: its bytes with the insertions applied,
//! and the names it needs from outside it (its free names, less the locals of
//! the functions around it).

use std::collections::BTreeSet;
use std::ops::Range;

use crate::anchors::resolve::Index;
use crate::fix::mark::Insertion;
use crate::read::scope::free_names;
use crate::read::scope::FnNode;

/// The bytes of `at` with the insertions that fall inside it (boundaries included) applied.
pub(super) fn cut(source: &str, at: &Range<usize>, insertions: &[Insertion]) -> String {
    let mut sorted: Vec<&Insertion> = insertions.iter().filter(|i| at.start <= i.at && i.at <= at.end).collect();
    sorted.sort_by_key(|i| i.at);
    let mut out = String::new();
    let mut from = at.start;
    for i in sorted {
        out.push_str(&source[from..i.at]);
        out.push_str(&i.text);
        from = i.at;
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
