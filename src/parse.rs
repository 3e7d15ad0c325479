//! Parse: the bundle's bytes into an swc AST whose spans are byte offsets.

use std::fmt;

use swc_common::{BytePos, Span, Spanned};
use swc_ecma_ast::{EsVersion, Program};
use swc_ecma_parser::{lexer::Lexer, EsSyntax, Parser, StringInput, Syntax};

/// How node will load the file, decided from the nearest package.json.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind {
    Script,
    Module,
}

impl SourceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SourceKind::Script => "commonjs",
            SourceKind::Module => "module",
        }
    }
}

/// swc reserves BytePos(0) for dummy spans, so the source starts at 1.
const BASE: u32 = 1;

pub fn lo(span: Span) -> usize {
    (span.lo.0 - BASE) as usize
}

pub fn hi(span: Span) -> usize {
    (span.hi.0 - BASE) as usize
}

pub fn range<T: Spanned>(node: &T) -> std::ops::Range<usize> {
    let span = node.span();
    lo(span)..hi(span)
}

#[derive(Debug)]
pub struct ParseError {
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: {}", self.offset, self.message)
    }
}

/// Deeply nested input recurses deeply in the parser; give it room.
const PARSER_STACK: usize = 512 * 1024 * 1024;

pub fn parse(source: &str, kind: SourceKind) -> Result<Program, ParseError> {
    if source.len() >= (u32::MAX - BASE) as usize {
        return Err(ParseError { offset: 0, message: "file is larger than 4 GiB".into() });
    }
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("parse".into())
            .stack_size(PARSER_STACK)
            .spawn_scoped(scope, || parse_here(source, kind))
            .expect("spawn parser thread")
            .join()
            .unwrap_or_else(|_| Err(ParseError { offset: 0, message: "parser crashed".into() }))
    })
}

/// Parses on the current thread; for small snippets such as anchor patterns.
pub fn parse_here(source: &str, kind: SourceKind) -> Result<Program, ParseError> {
    let input = StringInput::new(source, BytePos(BASE), BytePos(BASE + source.len() as u32));
    let syntax = Syntax::Es(EsSyntax { allow_return_outside_function: false, ..Default::default() });
    let lexer = Lexer::new(syntax, EsVersion::latest(), input, None);
    let mut parser = Parser::new_from(lexer);
    let result = match kind {
        SourceKind::Script => parser.parse_script().map(Program::Script),
        SourceKind::Module => parser.parse_module().map(Program::Module),
    };
    let first_recovered = parser.take_errors().into_iter().next();
    match (result, first_recovered) {
        (Ok(program), None) => Ok(program),
        (Ok(_), Some(error)) | (Err(error), _) => Err(ParseError {
            offset: lo(error.span()).min(source.len()),
            message: error.kind().msg().into_owned(),
        }),
    }
}
