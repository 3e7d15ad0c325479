//! Parse: the bundle's bytes into an swc AST whose spans are byte offsets.

use std::fmt;

use std::ops::Range;
use swc_common::{BytePos, Span, Spanned};

use swc_ecma_ast::{EsVersion, Module, Program, Script};
use swc_ecma_parser::{lexer::Lexer, EsSyntax, Parser, StringInput, Syntax};

use crate::read::scan::{Scan, MAX_NESTING};

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

pub fn range<T: Spanned>(node: &T) -> Range<usize> {
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
pub const PARSER_STACK: usize = 512 * 1024 * 1024;

/// Files smaller than this are parsed in one piece.
pub const SPLIT_ABOVE: usize = 1 << 20;

fn too_large(source: &str) -> Option<ParseError> {
    (source.len() >= (u32::MAX - BASE) as usize)
        .then(|| ParseError { offset: 0, message: "file is larger than 4 GiB".into() })
}

/// The scan's refusal of input nested too deeply for the parser.
pub fn check_nesting(scan: &Scan) -> Result<(), ParseError> {
    if scan.depth > MAX_NESTING {
        return Err(ParseError {
            offset: scan.depth_at,
            message: format!("nests deeper than {MAX_NESTING} levels; refused rather than risk the parser's stack"),
        });
    }
    Ok(())
}

#[cfg(test)]
pub fn parse(source: &str, kind: SourceKind) -> Result<Program, ParseError> {
    if let Some(e) = too_large(source) {
        return Err(e);
    }
    let scan = crate::read::scan::scan(source.as_bytes());
    check_nesting(&scan)?;
    parse_scanned(source, kind, &scan)
}

fn big_stack<'scope, 'env, R: Send + 'scope>(
    scope: &'scope std::thread::Scope<'scope, 'env>,
    work: impl FnOnce() -> R + Send + 'scope,
) -> std::thread::ScopedJoinHandle<'scope, R> {
    std::thread::Builder::new()
        .name("parse".into())
        .stack_size(PARSER_STACK)
        .spawn_scoped(scope, work)
        .expect("spawn parser thread")
}

fn crashed<T>() -> Result<T, ParseError> {
    Err(ParseError { offset: 0, message: "parser crashed".into() })
}

/// The whole file, after `scan` (nesting already checked).
pub fn parse_scanned(source: &str, kind: SourceKind, scan: &Scan) -> Result<Program, ParseError> {
    if let Some(e) = too_large(source) {
        return Err(e);
    }
    // A big bundle is two runs of top-level statements: parse the halves on
    // two cores. Any error (a split the scan misjudged, or a real one) falls
    // back to one parse of the whole file, whose error is the one reported.
    if let Some(at) = scan.split.filter(|at| source.len() > SPLIT_ABOVE && *at < source.len()) {
        let halves = std::thread::scope(|scope| {
            let first = big_stack(scope, || parse_part(source, 0..at, kind));
            let second = big_stack(scope, || parse_part(source, at..source.len(), kind));
            (first.join().unwrap_or_else(|_| crashed()), second.join().unwrap_or_else(|_| crashed()))
        });
        if let (Ok(first), Ok(second)) = halves {
            if let Some(joined) = join(first, second) {
                return Ok(joined);
            }
        }
    }
    std::thread::scope(|scope| {
        big_stack(scope, || parse_part(source, 0..source.len(), kind)).join().unwrap_or_else(|_| crashed())
    })
}

/// Parses runs of whole top-level statements, each on its own in the file's
/// goal, into one program in document order (two threads when they are big).
/// Spans are offsets into the whole of `source`.
pub fn parse_runs(source: &str, runs: &[Range<usize>], kind: SourceKind) -> Result<Program, ParseError> {
    if let Some(e) = too_large(source) {
        return Err(e);
    }
    let parse_all = |runs: &[Range<usize>]| -> Result<Option<Program>, ParseError> {
        let mut program: Option<Program> = None;
        for run in runs {
            let part = parse_part(source, run.clone(), kind)?;
            program = Some(match program {
                None => part,
                Some(before) => join(before, part).expect("one goal"),
            });
        }
        Ok(program)
    };
    let total: usize = runs.iter().map(|r| r.len()).sum();
    let mut at = 0;
    if total > SPLIT_ABOVE / 4 {
        let mut sum = 0;
        while at < runs.len() && sum < total / 2 {
            sum += runs[at].len();
            at += 1;
        }
    }
    let (first, second) = std::thread::scope(|scope| {
        let first = big_stack(scope, || parse_all(&runs[..at]));
        let second = big_stack(scope, || parse_all(&runs[at..]));
        (first.join().unwrap_or_else(|_| crashed()), second.join().unwrap_or_else(|_| crashed()))
    });
    let empty = || match kind {
        SourceKind::Script => Program::Script(Script { span: Span::default(), body: Vec::new(), shebang: None }),
        SourceKind::Module => Program::Module(Module { span: Span::default(), body: Vec::new(), shebang: None }),
    };
    Ok(match (first?, second?) {
        (Some(a), Some(b)) => join(a, b).expect("one goal"),
        (Some(one), None) | (None, Some(one)) => one,
        (None, None) => empty(),
    })
}

/// Adds the statements of `more` to `program`, keeping document order.
pub fn absorb(program: &mut Program, more: Program) {
    fn merge<T: Spanned>(body: &mut Vec<T>, more: Vec<T>) {
        body.extend(more);
        body.sort_by_key(|item| item.span().lo);
    }
    match (program, more) {
        (Program::Script(a), Program::Script(b)) => merge(&mut a.body, b.body),
        (Program::Module(a), Program::Module(b)) => merge(&mut a.body, b.body),
        _ => unreachable!("one goal"),
    }
}

/// One program from two consecutive halves, or None if their kinds differ.
fn join(first: Program, second: Program) -> Option<Program> {
    match (first, second) {
        (Program::Script(mut a), Program::Script(b)) => {
            a.body.extend(b.body);
            a.span = Span::new(a.span.lo, b.span.hi);
            Some(Program::Script(a))
        }
        (Program::Module(mut a), Program::Module(b)) => {
            a.body.extend(b.body);
            a.span = Span::new(a.span.lo, b.span.hi);
            Some(Program::Module(a))
        }
        _ => None,
    }
}

/// Parses on the current thread; for small snippets such as anchor patterns.
pub fn parse_here(source: &str, kind: SourceKind) -> Result<Program, ParseError> {
    parse_part(source, 0..source.len(), kind)
}

/// Parses `source[range]` with spans that are offsets into the whole of `source`.
fn parse_part(source: &str, range: Range<usize>, kind: SourceKind) -> Result<Program, ParseError> {
    let input =
        StringInput::new(&source[range.clone()], BytePos(BASE + range.start as u32), BytePos(BASE + range.end as u32));
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
        (Ok(_), Some(error)) | (Err(error), _) => {
            Err(ParseError { offset: lo(error.span()).min(source.len()), message: error.kind().msg().into_owned() })
        }
    }
}

/// Set by the binary when it works on one bundle and then exits.
static LEAVE_TREES_TO_EXIT: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// For a process that reads one bundle and exits: `drop_aside` then leaves
/// each tree to the process's end, which takes its memory back whole, rather
/// than free it node by node on a core that `node --check` and the proof's
/// node could use.
pub fn leave_trees_to_exit() {
    LEAVE_TREES_TO_EXIT.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Frees a parsed tree on a thread of its own, with the parser's stack (the
/// drop recurses as deep as the parse did): freeing millions of nodes costs
/// as much as a parse, so the caller goes on, and a process that ends first
/// simply never finishes it. Not leaked unless `leave_trees_to_exit` was
/// called: `--all` and the tests parse many bundles in one process.
pub fn drop_aside<T: Send + 'static>(tree: T) {
    if LEAVE_TREES_TO_EXIT.load(std::sync::atomic::Ordering::Relaxed) {
        std::mem::forget(tree);
        return;
    }
    // Without a thread to be had, the tree is freed here, by the failed spawn.
    let _ = std::thread::Builder::new().name("drop-tree".into()).stack_size(PARSER_STACK).spawn(move || drop(tree));
}

/// Runs `f` on a thread with the parser's stack, for walks over a parsed tree.
pub fn on_big_stack<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("inspect".into())
            .stack_size(PARSER_STACK)
            .spawn_scoped(scope, f)
            .expect("spawn inspection thread")
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

#[cfg(test)]
mod split_tests {
    use super::*;
    use crate::read::scan::scan;

    /// A bundle padded past SPLIT_ABOVE with statements whose strings,
    /// templates, regexes and comments hold `;` that must not split.
    fn padded(bundle: &str) -> String {
        let filler = "var r = /a;b[;]/g, q = a / b; /* ; */ var t = `x;${ {a: 1}.a };y`; // ;\nvar s = \"q;w\", u = 'e;\\'r';\nfunction f(x) { if (x) { return x; } else { for (;;) break; } }\n";
        let mut out = String::new();
        while out.len() < SPLIT_ABOVE {
            out.push_str(filler);
        }
        format!("{out}{bundle}{out}")
    }

    fn fixture(name: &str) -> String {
        std::fs::read_to_string(format!(
            "{}/testdata/bundles/{name}/node_modules/@kiro/agent/dist/server/acp-server.js",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
    }

    #[test]
    fn a_split_parse_equals_a_whole_parse() {
        for (name, kind) in [("readable-cjs", SourceKind::Script), ("minified-esm", SourceKind::Module)] {
            let source = padded(&fixture(name));
            let split = scan(source.as_bytes()).split;
            let at = split.expect("a top-level `;` past the middle");
            assert!(source[..at].ends_with(';'), "{name}: split at {at}");
            let split_parse = parse(&source, kind).unwrap();
            let whole = std::thread::Builder::new()
                .stack_size(PARSER_STACK)
                .spawn(move || parse_here(&source, kind).unwrap())
                .unwrap()
                .join()
                .unwrap();
            assert!(split_parse == whole, "{name}: the halves differ from one parse");
        }
    }

    #[test]
    fn a_misjudged_split_falls_back_to_one_parse() {
        // The scan reads `typeof` and a no-break space as one word, a value,
        // so the regex after it divides and its `;` looks like a top-level
        // boundary; the halves fail and one parse decides.
        let mut source = "var a = 1;\n".repeat(100);
        while source.len() < SPLIT_ABOVE + 10 {
            source.push_str("x = typeof\u{a0}/;/.source;\n");
        }
        let scanned = scan(source.as_bytes());
        assert!(source[..scanned.split.unwrap()].ends_with("/;"), "the scan splits inside the regex");
        assert!(scanned.unsure.is_some(), "and knows it may have");
        let program = parse(&source, SourceKind::Script).unwrap();
        let Program::Script(script) = program else { unreachable!() };
        assert_eq!(script.body.len(), source.lines().count());
    }
}

// The scan's statement runs, judged by the parser they are cut for.
#[cfg(test)]
mod run_tests {
    use super::{parse_here, parse_runs, SourceKind, PARSER_STACK};
    use crate::read::scan::*;
    use swc_ecma_ast::Program;

    /// Each run parsed on its own gives, statement for statement, the whole file's parse.
    fn runs_parse_like_the_whole(name: &str, source: &str, kind: SourceKind) -> Scan {
        let (name, source) = (name.to_string(), source.to_string());
        std::thread::Builder::new()
            .stack_size(PARSER_STACK)
            .spawn(move || {
                let scan = scan(source.as_bytes());
                let whole = parse_here(&source, kind).unwrap_or_else(|e| panic!("{name}: {e}"));
                let mut pieces = Vec::new();
                for run in scan.run_ranges(source.len()) {
                    match parse_runs(&source, std::slice::from_ref(&run), kind) {
                        Ok(Program::Script(s)) => pieces.extend(s.body.into_iter().map(|s| format!("{s:?}"))),
                        Ok(Program::Module(m)) => pieces.extend(m.body.into_iter().map(|s| format!("{s:?}"))),
                        Err(e) => panic!("{name}: run {run:?} `{}` does not parse alone: {e}", &source[run.clone()]),
                    }
                }
                let whole: Vec<String> = match whole {
                    Program::Script(s) => s.body.into_iter().map(|s| format!("{s:?}")).collect(),
                    Program::Module(m) => m.body.into_iter().map(|s| format!("{s:?}")).collect(),
                };
                assert!(pieces == whole, "{name}: the runs parse differently from the whole file");
                scan
            })
            .unwrap()
            .join()
            .unwrap()
    }

    #[test]
    fn statement_runs_of_real_bundles_parse_like_the_whole_file() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
        let tsc = std::fs::read_to_string(root.join("not-kas/node_modules/typescript/lib/_tsc.js")).unwrap();
        let scan = runs_parse_like_the_whole("tsc", &tsc, SourceKind::Script);
        assert!(
            scan.unsure.is_none() && scan.starts.len() > 1000,
            "tsc: {:?}, {} runs",
            scan.unsure,
            scan.starts.len()
        );
        for entry in std::fs::read_dir(root.join("bundles")).unwrap() {
            let tree = entry.unwrap().path();
            let file = tree.join("node_modules/@kiro/agent/dist/server/acp-server.js");
            if !file.is_file() {
                continue;
            }
            let module = std::fs::read_to_string(tree.join("node_modules/@kiro/agent/package.json"))
                .unwrap()
                .contains("\"module\"");
            let kind = if module { SourceKind::Module } else { SourceKind::Script };
            let scan =
                runs_parse_like_the_whole(&tree.display().to_string(), &std::fs::read_to_string(file).unwrap(), kind);
            assert!(scan.unsure.is_none() && scan.starts.len() > 10, "{}: {:?}", tree.display(), scan.unsure);
        }
    }

    #[test]
    fn statement_runs_end_only_where_statements_do() {
        for (source, kind) in [
            ("if(a)b();else c();d();do x();while(y);z();", SourceKind::Script),
            ("var f=function(){}\n(1);x={}\n[1];class A{}\nvar b=1;try{}catch(e){}finally{}x();", SourceKind::Script),
            ("if(a){}/;}/.test(b);c();async function f(){}\n/;/.test(x);", SourceKind::Script),
            ("x=function(){}/2;y=1;x=async function(){}/2;z=class{}/2;a++/2;b=c/d;x=y.return/2;z=w/3;", SourceKind::Script),
            ("x=`a${`b${c}`};`;y=2;x=`\\u0041${\"}\"}`;y=2;s='a;}\\'';t=\"b;{\";u=/[/;]/g;", SourceKind::Script),
            ("import{a as b}from\"c\";export{b as d};export default function(){}\n/;/.test(q);export class E{}var q=1;", SourceKind::Module),
            ("switch(x){case 1:function f(){}}l:for(;;){break l}while(0);function*g(){yield 1}", SourceKind::Script),
        ] {
            let scan = runs_parse_like_the_whole(source, source, kind);
            assert!(scan.unsure.is_none(), "{source}: {:?}", scan.unsure);
            assert!(scan.starts.len() >= 3, "{source}: {:?}", scan.starts);
        }
    }
}
