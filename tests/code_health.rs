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
