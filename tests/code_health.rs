//! The length rule for the one source file clippy does not read: no function
//! in the proof's JavaScript harness is longer than 100 lines (clippy's
//! `too_many_lines` holds the Rust code to the same).

use std::path::Path;

use swc_common::{BytePos, Span};
use swc_ecma_ast::{ArrowExpr, EsVersion, Function};
use swc_ecma_parser::{lexer::Lexer, EsSyntax, Parser, StringInput, Syntax};
use swc_ecma_visit::{Visit, VisitWith};

const MOST_LINES: usize = 100;

struct Lengths<'a> {
    source: &'a str,
    long: Vec<(usize, usize)>,
}

impl Lengths<'_> {
    fn measure(&mut self, span: Span) {
        let line_of =
            |pos: BytePos| self.source[..(pos.0 as usize - 1).min(self.source.len())].matches('\n').count() + 1;
        let (first, last) = (line_of(span.lo), line_of(span.hi));
        if last - first + 1 > MOST_LINES {
            self.long.push((first, last - first + 1));
        }
    }
}

impl Visit for Lengths<'_> {
    fn visit_function(&mut self, f: &Function) {
        self.measure(f.span);
        f.visit_children_with(self);
    }

    fn visit_arrow_expr(&mut self, a: &ArrowExpr) {
        self.measure(a.span);
        a.visit_children_with(self);
    }
}

#[test]
fn no_harness_function_is_longer_than_100_lines() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/proof/prove_harness.js");
    let source = std::fs::read_to_string(&path).unwrap();
    let input = StringInput::new(&source, BytePos(1), BytePos(1 + source.len() as u32));
    let lexer = Lexer::new(Syntax::Es(EsSyntax::default()), EsVersion::latest(), input, None);
    let script = Parser::new_from(lexer).parse_script().expect("the harness parses");
    let mut lengths = Lengths { source: &source, long: Vec::new() };
    script.visit_with(&mut lengths);
    assert!(
        lengths.long.is_empty(),
        "functions over {MOST_LINES} lines in the harness (line, length): {:?}",
        lengths.long
    );
}

/// Everything the tool prints goes through `src/run/say.rs`, which a closed
/// pipe cannot make panic (`println!` and `eprintln!` do): no other file of
/// `src/` prints with std's macros outside its tests.
#[test]
fn every_line_printed_goes_through_say() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![src.clone()];
    let mut found = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || path.ends_with("run/say.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap();
            for (n, line) in code.lines().enumerate() {
                let line = line.trim_start();
                let printing = ["println!", "print!(", "eprint!(", "eprintln!", "stdout()", "stderr()"]
                    .iter()
                    .any(|m| line.contains(m));
                if printing && !line.starts_with("//") {
                    found.push(format!("{}:{}: {line}", path.strip_prefix(&src).unwrap().display(), n + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "print through crate::run::say instead:\n{}", found.join("\n"));
}
