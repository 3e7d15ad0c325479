//! The prefilter's reading of references (`refer::free_names`) held against
//! swc's own scope resolution: for every top-level statement run of a bundle
//! and every name, if swc resolves an occurrence of the name there to the
//! top-level binding (or to none: a global), the token reading must say the
//! run may refer to it. A name it misses is a statement the closed world
//! would not see: a false pass.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use kiro_steer_scope::read::parse::{self, SourceKind};
use kiro_steer_scope::read::{refer, scan};
use swc_common::{Globals, Mark, SyntaxContext, GLOBALS};
use swc_ecma_ast::{Ident, Program};
use swc_ecma_transforms_base::resolver;
use swc_ecma_visit::{Visit, VisitMutWith, VisitWith};

mod common;

/// For each run (by its start), the names swc resolves to the top level or to no binding there.
fn resolved_free(source: &str, kind: SourceKind, scanned: &scan::Scan) -> BTreeMap<usize, BTreeSet<String>> {
    let starts = &scanned.starts;
    let mut program: Program =
        parse::on_big_stack(|| parse::parse_scanned(source, kind, scanned).expect("the bundle parses"));
    parse::on_big_stack(|| {
        GLOBALS.set(&Globals::new(), || {
            let unresolved = Mark::new();
            let top = Mark::new();
            program.visit_mut_with(&mut resolver(unresolved, top, false));
            struct Free<'s> {
                contexts: [SyntaxContext; 2],
                starts: &'s [usize],
                out: BTreeMap<usize, BTreeSet<String>>,
            }
            impl Visit for Free<'_> {
                fn visit_ident(&mut self, id: &Ident) {
                    if self.contexts.contains(&id.ctxt) {
                        let at = parse::lo(id.span);
                        let run = self.starts[self.starts.partition_point(|s| *s <= at) - 1];
                        self.out.entry(run).or_default().insert(id.sym.to_string());
                    }
                }
            }
            let contexts = [SyntaxContext::empty().apply_mark(unresolved), SyntaxContext::empty().apply_mark(top)];
            let mut free = Free { contexts, starts, out: BTreeMap::new() };
            program.visit_with(&mut free);
            std::mem::forget(program);
            free.out
        })
    })
}

/// Checks one file; returns (runs, runs in doubt, names read as free beyond swc's).
fn check(path: &Path, kind: SourceKind) -> (usize, usize, usize) {
    let source = std::fs::read_to_string(path).unwrap();
    let scanned = scan::scan(source.as_bytes());
    assert!(scanned.unsure.is_none(), "{}: the scan is unsure: {:?}", path.display(), scanned.unsure);
    let starts = scanned.starts.clone();
    let swc = resolved_free(&source, kind, &scanned);
    let (mut doubt, mut extra) = (0, 0);
    let mut missed = Vec::new();
    for (i, start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(source.len());
        let text = &source.as_bytes()[*start..end];
        let want = swc.get(start).cloned().unwrap_or_default();
        match refer::read(text) {
            Err(_) => doubt += 1,
            Ok(tokens) => {
                let read = tokens.free_names(&|_| true);
                for name in want.iter().filter(|n| !read.contains(*n)) {
                    let at = memchr::memmem::find(text, name.as_bytes()).map_or(0, |p| p + start);
                    missed.push(format!("`{name}` in the run at byte {start} (first spelled at {at})"));
                }
                extra += read.iter().filter(|n| !want.contains(*n)).count();
                // The prefilter asks about one or two names, and the walk then
                // passes over every bracket that spells neither: asked alone,
                // each name must come out as it does from the whole walk.
                for name in want.iter() {
                    if !tokens.free_names_of(&[name.as_str()]).contains(name) {
                        missed.push(format!("`{name}` in the run at byte {start}, asked about alone"));
                    }
                }
            }
        }
    }
    assert!(
        missed.is_empty(),
        "{}: swc resolves references the token reading misses:\n{}",
        path.display(),
        missed.join("\n")
    );
    (starts.len(), doubt, extra)
}

fn kind_of(path: &Path) -> SourceKind {
    let name = path.to_string_lossy();
    if name.contains("esm") || name.ends_with(".mjs") {
        SourceKind::Module
    } else {
        SourceKind::Script
    }
}

fn files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<PathBuf> =
        common::BUNDLES.iter().map(|b| root.join("testdata/bundles").join(b).join(common::BUNDLE_IN_TREE)).collect();
    for dir in ["testdata/corpus/bundles", "testdata/mutants/bundles"] {
        let mut found: Vec<PathBuf> =
            walk(&root.join(dir)).into_iter().filter(|p| p.extension().is_some_and(|e| e == "js")).collect();
        found.sort();
        out.extend(found);
    }
    out.push(root.join("testdata/not-kas/node_modules/typescript/lib/_tsc.js"));
    out.push(root.join("testdata/not-kas/minified/_tsc.min.js"));
    out
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[test]
fn every_reference_swc_resolves_is_read_as_one() {
    let mut total = (0, 0, 0);
    for path in files() {
        let (runs, doubt, extra) = check(&path, kind_of(&path));
        eprintln!("{}: {runs} runs, {doubt} in doubt, {extra} names read free beyond swc's", path.display());
        total = (total.0 + runs, total.1 + doubt, total.2 + extra);
    }
    eprintln!("all: {} runs, {} in doubt, {} extra", total.0, total.1, total.2);
}

/// The real-size bench bundles (third-party chunks of several MB), when `bash bench/run` has built them.
#[test]
fn the_bench_bundles_read_alike_when_built() {
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/out");
    let bundles: Vec<PathBuf> = match std::fs::read_dir(&out) {
        Ok(dirs) => dirs.flatten().map(|d| d.path().join(common::BUNDLE_IN_TREE)).filter(|p| p.is_file()).collect(),
        Err(_) => Vec::new(),
    };
    if bundles.is_empty() {
        eprintln!(
            "no bench bundles in {} (bash bench/run builds them): the committed files are checked above",
            out.display()
        );
    }
    for path in bundles {
        let (runs, doubt, extra) = check(&path, kind_of(&path));
        eprintln!("{}: {runs} runs, {doubt} in doubt, {extra} extra", path.display());
    }
}
