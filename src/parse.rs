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
pub const PARSER_STACK: usize = 512 * 1024 * 1024;

/// Files smaller than this are parsed in one piece.
const SPLIT_ABOVE: usize = 1 << 20;

pub fn parse(source: &str, kind: SourceKind) -> Result<Program, ParseError> {
    if source.len() >= (u32::MAX - BASE) as usize {
        return Err(ParseError { offset: 0, message: "file is larger than 4 GiB".into() });
    }
    let (depth, offset, split) = scan(source.as_bytes());
    if depth > MAX_NESTING {
        return Err(ParseError { offset, message: format!("nests deeper than {MAX_NESTING} levels; refused rather than risk the parser's stack") });
    }
    fn big_stack<'scope, 'env>(
        scope: &'scope std::thread::Scope<'scope, 'env>,
        source: &'env str,
        range: std::ops::Range<usize>,
        kind: SourceKind,
    ) -> std::thread::ScopedJoinHandle<'scope, Result<Program, ParseError>> {
        std::thread::Builder::new()
            .name("parse".into())
            .stack_size(PARSER_STACK)
            .spawn_scoped(scope, move || parse_part(source, range, kind))
            .expect("spawn parser thread")
    }
    let crashed = || Err(ParseError { offset: 0, message: "parser crashed".into() });
    // A big bundle is two runs of top-level statements: parse the halves on
    // two cores. Any error (a split the scan misjudged, or a real one) falls
    // back to one parse of the whole file, whose error is the one reported.
    if let Some(at) = split.filter(|at| source.len() > SPLIT_ABOVE && *at < source.len()) {
        let halves = std::thread::scope(|scope| {
            let first = big_stack(scope, source, 0..at, kind);
            let second = big_stack(scope, source, at..source.len(), kind);
            (first.join().unwrap_or_else(|_| crashed()), second.join().unwrap_or_else(|_| crashed()))
        });
        if let (Ok(first), Ok(second)) = halves {
            if let Some(joined) = join(first, second) {
                return Ok(joined);
            }
        }
    }
    std::thread::scope(|scope| big_stack(scope, source, 0..source.len(), kind).join().unwrap_or_else(|_| crashed()))
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
fn parse_part(source: &str, range: std::ops::Range<usize>, kind: SourceKind) -> Result<Program, ParseError> {
    let input = StringInput::new(&source[range.clone()], BytePos(BASE + range.start as u32), BytePos(BASE + range.end as u32));
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

/// How deep a bundle may nest (as `nesting` counts it) before it is refused
/// unparsed. Real bundles stay in the low hundreds; the parser and the walks
/// over its tree recurse once per level and would overflow even the 512 MiB
/// stack somewhere past tens of thousands (swc's expression parser also
/// slows down quadratically on deep parentheses).
pub const MAX_NESTING: usize = 10_000;

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

/// An upper estimate of how deeply parsing `source` (and walking its tree)
/// recurses, and the byte offset where it peaks; one lexical pass, no parse.
///
/// Strings, comments, template text and regular expressions are skipped. Each
/// token adds one to a run that `,` and `;` end (an `else` after `;` or `}`
/// continues the statement it belongs to); an opening bracket or `${` starts
/// a nested run on top of the current total. So a deep bracket nest, a long
/// prefix or right-associative chain (`!!!!x`, `a=a=a`, `a?b:a?b:`, `a=>a=>`),
/// an `if(a)if(a)` or `else if` chain and a long operator chain (whose tree is
/// as deep as it is long) all count, while long comma lists and statement
/// sequences do not.
#[cfg(test)]
pub fn nesting(source: &[u8]) -> (usize, usize) {
    let (max, max_at, _) = scan(source);
    (max, max_at)
}

/// `nesting`, plus the first top-level statement boundary (a `;` outside any
/// bracket, string, comment or template) at or past the middle of the file.
fn scan(source: &[u8]) -> (usize, usize, Option<usize>) {
    let mut split = None;
    #[derive(Clone, Copy, PartialEq)]
    enum Frame {
        Code,
        TemplateExpr,
        Template,
    }
    struct Level {
        frame: Frame,
        base: usize,
        run: usize,
        elses: usize,
        ended: Option<u8>,
    }
    #[derive(Clone, Copy, PartialEq)]
    enum Prev {
        /// After which a `/` starts a regular expression.
        Operator,
        /// After which a `/` divides.
        Value,
    }
    // Bytes that continue a word: ASCII letters and digits, `_`, `$`, `\`, and
    // every byte of a multi-byte character.
    const IDENT: [bool; 256] = {
        let mut table = [false; 256];
        let mut b = 0;
        while b < 256 {
            let c = b as u8;
            table[b] = c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'\\' || c >= 0x80;
            b += 1;
        }
        table
    };
    // Keywords after which a `/` starts a regular expression.
    fn regex_after(word: &[u8]) -> bool {
        matches!(
            word,
            b"return" | b"typeof" | b"instanceof" | b"in" | b"of" | b"new" | b"delete" | b"void" | b"throw" | b"case" | b"do" | b"else" | b"yield" | b"await" | b"extends"
        )
    }
    let n = source.len();
    let mut stack = vec![Level { frame: Frame::Code, base: 0, run: 0, elses: 0, ended: None }];
    let (mut max, mut max_at) = (0usize, 0usize);
    let mut prev = Prev::Operator;
    let mut i = 0;
    if source.starts_with(b"#!") {
        while i < n && source[i] != b'\n' {
            i += 1;
        }
    }
    // Counts one token at `at` on the innermost level. After a `;` or a `}`
    // that ended a statement, `else` continues it; after a `}`, a word, a
    // literal or a `{` starts the next statement.
    #[derive(Clone, Copy, PartialEq)]
    enum Tok {
        Else,
        Starts,
        Other,
    }
    fn token(stack: &mut [Level], at: usize, tok: Tok, max: &mut usize, max_at: &mut usize) {
        let top = stack.last_mut().expect("root level");
        match (top.ended, tok) {
            (Some(_), Tok::Else) => top.elses += 1,
            (Some(b'}'), Tok::Starts) => {
                top.run = 0;
                top.elses = 0;
            }
            (Some(_), _) => top.elses = 0,
            (None, _) => {}
        }
        top.ended = None;
        top.run += 1;
        let depth = top.base + top.run + top.elses;
        if depth > *max {
            *max = depth;
            *max_at = at;
        }
    }
    while i < n {
        if stack.last().expect("root level").frame == Frame::Template {
            match source[i] {
                b'\\' => i += 2,
                b'`' => {
                    stack.pop();
                    prev = Prev::Value;
                    i += 1;
                }
                b'$' if source.get(i + 1) == Some(&b'{') => {
                    let base = { let t = stack.last().expect("template level"); t.base + t.run + t.elses };
                    stack.push(Level { frame: Frame::TemplateExpr, base: base + 1, run: 0, elses: 0, ended: None });
                    prev = Prev::Operator;
                    i += 2;
                }
                _ => i += 1,
            }
            continue;
        }
        let c = source[i];
        match c {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => {
                i += 1;
                while i < n && matches!(source[i], b' ' | b'\t' | b'\n' | b'\r') {
                    i += 1;
                }
            }
            b'/' if source.get(i + 1) == Some(&b'/') => {
                i = memchr::memchr(b'\n', &source[i..]).map_or(n, |p| i + p);
            }
            b'/' if source.get(i + 1) == Some(&b'*') => {
                i = match memchr::memmem::find(&source[i + 2..], b"*/") {
                    Some(p) => i + 2 + p + 2,
                    None => n,
                };
            }
            b'\'' | b'"' => {
                token(&mut stack, i, Tok::Starts, &mut max, &mut max_at);
                i += 1;
                // Jump from one quote, backslash or line end to the next.
                while let Some(p) = memchr::memchr3(c, b'\\', b'\n', &source[i.min(n)..]) {
                    i += p;
                    if source[i] == b'\\' {
                        i += 2;
                    } else {
                        break;
                    }
                }
                i += 1;
                prev = Prev::Value;
            }
            b'`' => {
                token(&mut stack, i, Tok::Other, &mut max, &mut max_at);
                let base = { let t = stack.last().expect("root level"); t.base + t.run + t.elses };
                stack.push(Level { frame: Frame::Template, base, run: 0, elses: 0, ended: None });
                i += 1;
            }
            b'/' if prev == Prev::Operator => {
                // A regular expression, unless it runs into a line end.
                let mut j = i + 1;
                let mut class = false;
                let end = loop {
                    match source.get(j) {
                        None | Some(b'\n') | Some(b'\r') => break None,
                        Some(b'\\') => j += 2,
                        Some(b'[') => { class = true; j += 1 }
                        Some(b']') => { class = false; j += 1 }
                        Some(b'/') if !class => break Some(j + 1),
                        Some(_) => j += 1,
                    }
                };
                token(&mut stack, i, Tok::Other, &mut max, &mut max_at);
                match end {
                    Some(end) => {
                        i = end;
                        while i < n && (source[i].is_ascii_alphanumeric() || source[i] == b'_' || source[i] == b'$') {
                            i += 1;
                        }
                        prev = Prev::Value;
                    }
                    None => {
                        i += 1;
                        prev = Prev::Operator;
                    }
                }
            }
            b'(' | b'[' | b'{' => {
                token(&mut stack, i, if c == b'{' { Tok::Starts } else { Tok::Other }, &mut max, &mut max_at);
                let base = { let t = stack.last().expect("root level"); t.base + t.run + t.elses };
                stack.push(Level { frame: Frame::Code, base, run: 0, elses: 0, ended: None });
                prev = Prev::Operator;
                i += 1;
            }
            b')' | b']' | b'}' => {
                if stack.len() > 1 {
                    let closed = stack.pop().expect("nested level");
                    if closed.frame == Frame::TemplateExpr {
                        // Back into the template's text.
                        i += 1;
                        continue;
                    }
                }
                token(&mut stack, i, Tok::Other, &mut max, &mut max_at);
                if c == b'}' {
                    stack.last_mut().expect("root level").ended = Some(b'}');
                }
                prev = if c == b'}' { Prev::Operator } else { Prev::Value };
                i += 1;
            }
            b',' | b';' => {
                let top = stack.last_mut().expect("root level");
                top.run = 0;
                top.ended = (c == b';').then_some(b';');
                if c == b';' && split.is_none() && stack.len() == 1 && i + 1 >= n / 2 {
                    split = Some(i + 1);
                }
                prev = Prev::Operator;
                i += 1;
            }
            c if c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'\\' || c >= 0x80 => {
                let start = i;
                let number = c.is_ascii_digit();
                while i < n && (IDENT[source[i] as usize] || (number && source[i] == b'.')) {
                    i += 1;
                }
                let word = &source[start..i];
                let tok = match word {
                    b"else" => Tok::Else,
                    b"in" | b"instanceof" => Tok::Other,
                    _ => Tok::Starts,
                };
                token(&mut stack, start, tok, &mut max, &mut max_at);
                prev = if regex_after(word) { Prev::Operator } else { Prev::Value };
            }
            _ => {
                token(&mut stack, i, Tok::Other, &mut max, &mut max_at);
                prev = Prev::Operator;
                i += 1;
            }
        }
    }
    (max, max_at, split)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth(src: &str) -> usize {
        nesting(src.as_bytes()).0
    }

    #[test]
    fn nesting_counts_recursion_not_length() {
        let n = 50_000;
        for deep in [
            format!("x={}1{};", "(".repeat(n), ")".repeat(n)),
            format!("x={}{};", "[".repeat(n), "]".repeat(n)),
            format!("x={}1;", "!".repeat(n)),
            format!("{}1;", "a=".repeat(n)),
            format!("x={}c;", "a?b:".repeat(n)),
            format!("x={}1;", "a=>".repeat(n)),
            format!("{};", "if(a)".repeat(n)),
            format!("if(a){{}}{}", "else if(a){}".repeat(n)),
            format!("if(a)b;{}", "else if(a)b;".repeat(n)),
            format!("x={}1{};", "`${".repeat(n), "}`".repeat(n)),
            format!("x={}1;", "a+".repeat(n)),
        ] {
            assert!(depth(&deep) >= n, "{}… counts {}", &deep[..40], depth(&deep));
        }
        for flat in [
            format!("x=[{}];", "1,".repeat(n)),
            format!("function f(){{{}}}", "if(a){b()}".repeat(n)),
            format!("{}", "a=b+c;".repeat(n)),
            format!("x='{}';y=\"{}\";z=`{}`;/*{}*/", "(".repeat(n), "[".repeat(n), "{".repeat(n), "(".repeat(n)),
            format!("x=/{}/g;//{}", "\\(".repeat(n), "(".repeat(n)),
            format!("x={{{}}};", "a:1,".repeat(n)),
        ] {
            assert!(depth(&flat) < 20, "{}… counts {}", &flat[..40], depth(&flat));
        }
    }

    #[test]
    fn real_bundles_stay_far_below_the_limit() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
        let mut files = vec![root.join("not-kas/node_modules/typescript/lib/_tsc.js")];
        for entry in std::fs::read_dir(root.join("bundles")).unwrap() {
            let path = entry.unwrap().path().join("node_modules/@kiro/agent/dist/server/acp-server.js");
            if path.is_file() {
                files.push(path);
            }
        }
        for file in files {
            let bytes = std::fs::read(&file).unwrap();
            let (depth, at) = nesting(&bytes);
            eprintln!("{}: {depth} at byte {at}", file.display());
            assert!(depth * 10 < MAX_NESTING, "{}: {depth} at byte {at}", file.display());
        }
    }
}

#[cfg(test)]
mod split_tests {
    use super::*;

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
        std::fs::read_to_string(format!("{}/testdata/bundles/{name}/node_modules/@kiro/agent/dist/server/acp-server.js", env!("CARGO_MANIFEST_DIR"))).unwrap()
    }

    #[test]
    fn a_split_parse_equals_a_whole_parse() {
        for (name, kind) in [("readable-cjs", SourceKind::Script), ("minified-esm", SourceKind::Module)] {
            let source = padded(&fixture(name));
            let (_, _, split) = scan(source.as_bytes());
            let at = split.expect("a top-level `;` past the middle");
            assert!(source[..at].ends_with(';'), "{name}: split at {at}");
            let split_parse = parse(&source, kind).unwrap();
            let whole = std::thread::Builder::new().stack_size(PARSER_STACK).spawn(move || parse_here(&source, kind).unwrap()).unwrap().join().unwrap();
            assert!(split_parse == whole, "{name}: the halves differ from one parse");
        }
    }

    #[test]
    fn a_misjudged_split_falls_back_to_one_parse() {
        // The scan takes `/` after `)` for division, so this regex's `;` looks
        // like a top-level boundary; the halves fail and one parse decides.
        let mut source = "var a = 1;\n".repeat(100);
        while source.len() < SPLIT_ABOVE + 10 {
            source.push_str("if (x) /;/.test(y);\n");
        }
        let (_, _, split) = scan(source.as_bytes());
        assert!(source[..split.unwrap()].ends_with("/;"), "the scan splits inside the regex");
        let program = parse(&source, SourceKind::Script).unwrap();
        let Program::Script(script) = program else { unreachable!() };
        assert_eq!(script.body.len(), source.lines().count());
    }
}
