//! Scan: one lexical pass over a bundle, no parse. It estimates how deeply
//! parsing would recurse, finds the split for the two-halves parse, and cuts
//! the file into runs of whole top-level statements for the prefilter.

use std::ops::Range;

/// How deep a bundle may nest (as `scan::nesting` counts it) before it is refused
/// unparsed. Real bundles stay in the low hundreds; the parser and the walks
/// over its tree recurse once per level and would overflow even the 512 MiB
/// stack somewhere past tens of thousands (swc's expression parser also
/// slows down quadratically on deep parentheses).
pub const MAX_NESTING: usize = 10_000;

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
    let scan = scan(source);
    (scan.depth, scan.depth_at)
}

/// What one lexical pass over a file finds, without parsing it.
#[derive(Debug, PartialEq)]
pub struct Scan {
    /// `nesting`: the estimated depth and where it peaks.
    pub depth: usize,
    pub depth_at: usize,
    /// The first top-level `;` at or past the middle of the file.
    pub(crate) split: Option<usize>,
    /// Where each run of whole top-level statements starts (the first at 0);
    /// run i ends where run i+1 starts, the last at the end of the file.
    pub starts: Vec<usize>,
    /// Names a top-level declaration may bind: (start, end, run).
    pub declared: Vec<(usize, usize, usize)>,
    /// Runs that may bind top-level names not listed in `declared`
    /// (destructuring, imports, escaped names).
    pub unlisted: Vec<usize>,
    /// Strings and template texts with an escape that could spell a letter
    /// (anything but \n \r \t \\ \' \" \`).
    pub escaped: Vec<Range<usize>>,
    /// Identifiers with an escape.
    pub escaped_words: Vec<Range<usize>>,
    /// The first reason the runs may not be whole statements, and where.
    pub unsure: Option<(usize, &'static str)>,
    /// `with` and `eval` tokens (not property names).
    pub dynamic: Vec<(usize, &'static str)>,
}

impl Scan {
    /// The bytes of run `run` in a file of `len` bytes.
    #[inline]
    pub fn run_range(&self, run: usize, len: usize) -> Range<usize> {
        self.starts[run]..self.starts.get(run + 1).copied().unwrap_or(len)
    }

    /// Every run's bytes, in order.
    #[cfg(test)]
    pub fn run_ranges(&self, len: usize) -> Vec<Range<usize>> {
        (0..self.starts.len()).map(|run| self.run_range(run, len)).collect()
    }
}

/// Top-level statement runs and the names their declarations may bind.
///
/// A run ends after a top-level `;` (unless `else` or `while` follows) and
/// after a top-level `}` that a word (other than one that continues a
/// statement), a `{` or a string follows: there the statement has ended, by
/// its grammar or by automatic semicolon insertion. Anything else after a `}`
/// (`(`, `[`, an operator, a template) may continue an expression, so the run
/// goes on: runs may hold several statements, never part of one.
#[derive(Default)]
struct Runs {
    starts: Vec<usize>,
    pending: Option<(usize, u8)>,
    in_var: bool,
    expect: Expect,
    declared: Vec<(usize, usize, usize)>,
    unlisted: Vec<usize>,
}

/// What the next top-level token may be.
#[derive(Clone, Copy, Default, PartialEq)]
enum Expect {
    #[default]
    Nothing,
    /// A `var`/`let`/`const` binding: a name, or a destructuring pattern.
    Binding,
    /// The name of a `function` or `class`.
    Name,
}

#[derive(Clone, Copy)]
enum TopTok {
    /// A word: where it starts and ends, whether it holds an escape.
    Word(usize, usize, bool),
    Open(u8),
    Str,
    Semi,
    Comma,
    CloseBrace,
    Star,
    Other,
}

impl Runs {
    fn on(&mut self, tok: TopTok, at: usize, after_dot: bool, source: &[u8]) {
        if let Some((boundary, ended)) = self.pending.take() {
            if starts_statement(tok, ended, source) {
                self.starts.push(boundary);
                self.in_var = false;
                self.expect = Expect::Nothing;
            }
        }
        let run = self.starts.len() - 1;
        let expect = std::mem::take(&mut self.expect);
        match tok {
            TopTok::Word(start, end, escaped) if !after_dot => {
                if expect != Expect::Nothing {
                    if escaped {
                        self.unlisted.push(run);
                    } else {
                        self.declared.push((start, end, run));
                    }
                } else {
                    match &source[start..end] {
                        b"var" | b"let" | b"const" => {
                            self.in_var = true;
                            self.expect = Expect::Binding;
                        }
                        b"function" | b"class" => self.expect = Expect::Name,
                        b"import" => self.unlisted.push(run),
                        _ => {}
                    }
                }
            }
            TopTok::Open(b'{' | b'[') if expect == Expect::Binding => self.unlisted.push(run),
            TopTok::Star if expect == Expect::Name => self.expect = Expect::Name,
            TopTok::Comma if self.in_var => self.expect = Expect::Binding,
            TopTok::Semi => {
                self.in_var = false;
                self.pending = Some((at + 1, b';'));
            }
            TopTok::CloseBrace => self.pending = Some((at + 1, b'}')),
            _ => {}
        }
    }
}

/// Whether `tok`, right after a top-level `;` or `}` (`ended`), starts the
/// next statement.
fn starts_statement(tok: TopTok, ended: u8, source: &[u8]) -> bool {
    match (tok, ended) {
        (TopTok::Word(start, end, _), b';') => !matches!(&source[start..end], b"else" | b"while"),
        (_, b';') => true,
        (TopTok::Word(start, end, _), _) => {
            !matches!(&source[start..end], b"else" | b"catch" | b"finally" | b"while" | b"in" | b"instanceof" | b"from")
        }
        (TopTok::Open(b'{') | TopTok::Str, _) => true,
        _ => false,
    }
}

/// Whether `word` (a run of identifier bytes) holds a Unicode space, which
/// separates tokens rather than continuing a name.
fn unicode_space(word: &[u8]) -> bool {
    word.windows(2).any(|w| w == [0xc2, 0xa0])
        || word.windows(3).any(|w| {
            matches!(
                w,
                [0xe1, 0x9a, 0x80]
                    | [0xe2, 0x80, 0x80..=0x8a | 0xa8 | 0xa9 | 0xaf]
                    | [0xe2, 0x81, 0x9f]
                    | [0xe3, 0x80, 0x80]
                    | [0xef, 0xbb, 0xbf]
            )
        })
}

/// Whether the escape `\c` could stand for a letter of a literal the
/// prefilter searches for (those never hold newlines, tabs, quotes or `\`).
fn may_spell(c: Option<&u8>) -> bool {
    !matches!(c, Some(b'n' | b'r' | b't' | b'\\' | b'\'' | b'"' | b'`'))
}

/// A piece of template text or code nested in the scan.
#[derive(Clone, Copy, PartialEq)]
enum Frame {
    Code,
    TemplateExpr,
    Template,
}

#[derive(Clone)]
struct Level {
    frame: Frame,
    base: usize,
    run: usize,
    elses: usize,
    ended: Option<u8>,
    /// A `(…)` after `if`/`while`/`for`/`with`/`catch`/`switch`: a statement follows it.
    head: bool,
    /// For a `{…}`: whether a `/` after its `}` starts a regular
    /// expression (a block) or divides (an expression); None: unknown.
    block: Option<bool>,
    /// A `function` or `class` keyword on this level whose body `{` has
    /// not come yet, and whether it is a declaration (None: unknown).
    body_of: Option<Option<bool>>,
    /// Template text: where the current piece starts, and whether it has an escape that may spell.
    text_from: usize,
    escaped: bool,
}

impl Level {
    fn new(frame: Frame, base: usize) -> Level {
        Level {
            frame,
            base,
            run: 0,
            elses: 0,
            ended: None,
            head: false,
            block: None,
            body_of: None,
            text_from: 0,
            escaped: false,
        }
    }

    /// The depth of this level's latest token; a level nested here starts from it.
    fn depth(&self) -> usize {
        self.base + self.run + self.elses
    }
}

/// How the previous token leaves the grammar, where that decides what a
/// `{`, `function` or `class` starts.
#[derive(Clone, Copy, PartialEq)]
enum Last {
    /// Start of file, `;`, a block's `{` or `}`, the `)` of a statement
    /// head, `else`/`do`/`try`/`finally`: a statement may start.
    Statement,
    /// A value ended (a name, a literal, `)`, `]`): only automatic
    /// semicolon insertion lets a statement start, so one that does is one.
    Value,
    /// `:` (a label, a property, or a conditional's second branch).
    Colon,
    /// `export` or `default`.
    Export,
    /// `async`, and whether a declaration starts with it.
    Async(Option<bool>),
    /// `=>`: after a block body, node reads a `/` on the next line as a
    /// regular expression, swc as a division.
    Arrow,
    /// An operator, `(`, `[`, `,`, or a keyword taking an expression.
    Operator,
}

impl Last {
    /// Whether a `{` here opens a block rather than an object (None: unknown).
    fn opens_block(self) -> Option<bool> {
        match self {
            Last::Statement | Last::Value => Some(true),
            Last::Colon | Last::Export | Last::Async(_) | Last::Arrow => None,
            Last::Operator => Some(false),
        }
    }

    /// Whether a `function`, `class` or `async` here starts a declaration: it
    /// can where a statement can, or after a value (by automatic semicolon
    /// insertion), never after an operator (None: unknown).
    fn may_declare(self) -> Option<bool> {
        match self {
            Last::Statement | Last::Value | Last::Export => Some(true),
            Last::Colon => None,
            Last::Async(declares) => declares,
            Last::Arrow | Last::Operator => Some(false),
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Prev {
    /// After which a `/` starts a regular expression.
    Operator,
    /// After which a `/` divides.
    Value,
}

/// What the previous token tells the next one, beyond `Prev` and `Last`.
#[derive(Clone, Copy, Default)]
struct After {
    /// A `.` (not the last of `...`): the next word is a property name.
    dot: bool,
    /// `if`, `while`, `for`, `with`, `catch` or `switch`: a `(` opens a statement head.
    head_word: bool,
    /// A `}` that may end a block or an expression.
    unknown_brace: bool,
    /// `of`, `yield` or `await`, which may be a name.
    name_keyword: bool,
}

// Bytes that continue a word: ASCII letters and digits, `_`, `$`, `\`, and
// every byte of a multi-byte character.
pub(crate) const IDENT: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'\\' || c >= 0x80;
        b += 1;
    }
    table
};

// IDENT by kind: 1 an ASCII letter, digit, `_` or `$`; 2 `\`; 4 a byte of a multi-byte character.
pub(crate) const WORD: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if c == b'\\' {
            2
        } else if c >= 0x80 {
            4
        } else if c.is_ascii_alphanumeric() || c == b'_' || c == b'$' {
            1
        } else {
            0
        };
        b += 1;
    }
    table
};

// Keywords after which a `/` starts a regular expression.
pub(crate) fn regex_after(word: &[u8]) -> bool {
    matches!(
        word,
        b"return"
            | b"typeof"
            | b"instanceof"
            | b"in"
            | b"of"
            | b"new"
            | b"delete"
            | b"void"
            | b"throw"
            | b"case"
            | b"do"
            | b"else"
            | b"yield"
            | b"await"
            | b"extends"
            | b"default"
    )
}

/// Where the word starting at `start` ends, and the `WORD` kinds of its
/// bytes or-ed together; a number's word goes on through `.`.
fn word_end(source: &[u8], start: usize, number: bool) -> (usize, u8) {
    let n = source.len();
    let (mut i, mut seen) = (start, 0u8);
    while i < n {
        let kind = WORD[source[i] as usize];
        if kind == 0 && !(number && source[i] == b'.') {
            break;
        }
        seen |= kind;
        if kind == 2 && source[i + 1..].starts_with(b"u{") {
            i = memchr::memchr(b'}', &source[i..]).map_or(n - 1, |p| i + p);
        }
        i += 1;
    }
    (i, seen)
}

/// Where a regular expression whose `/` is at `at` ends (past its closing
/// `/`), or None if it runs into a line end: then the `/` is not one.
fn regex_end(source: &[u8], at: usize) -> Option<usize> {
    let mut j = at + 1;
    let mut class = false;
    loop {
        match source.get(j) {
            None | Some(b'\n') | Some(b'\r') => return None,
            Some(b'\\') => j += 2,
            Some(b'[') => {
                class = true;
                j += 1
            }
            Some(b']') => {
                class = false;
                j += 1
            }
            Some(b'/') if !class => return Some(j + 1),
            Some(_) => j += 1,
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Tok {
    Else,
    Starts,
    Other,
}

/// Why a scan stopped.
#[derive(Clone, Copy, PartialEq, Debug)]
enum End {
    /// At (or past) where it was asked to go.
    Reached,
    /// Speculative: at a closing bracket whose opening one came before its start.
    Underflow(usize),
    /// Speculative: right after a `;`, ending a segment of about `SEGMENT` bytes.
    Stopped,
}

/// How far a speculative scan goes before it ends its segment at a `;`.
const SEGMENT: usize = 256 << 10;

/// Files smaller than this are scanned on one core.
const PARALLEL_SCAN_ABOVE: usize = 1 << 20;

/// The lexical pass, resumable: `run` goes up to a byte offset. A
/// speculative scanner starts right after some `;` at an unknown depth, in
/// the state any scan is in after a `;`; it records the tokens on its
/// outermost level instead of tracking statement runs, and stops at a
/// closing bracket it has no opening for.
///
/// Each token's reader starts at `i` and leaves `i` past what it read.
struct Scanner<'s> {
    source: &'s [u8],
    i: usize,
    stack: Vec<Level>,
    prev: Prev,
    last: Last,
    after: After,
    /// Where the last `;` token ended.
    after_semicolon: usize,
    /// Speculative: a `;` that ends at or past here ends the segment.
    segment_end: usize,
    max: usize,
    max_at: usize,
    split: Option<usize>,
    uncertain: Option<(usize, &'static str)>,
    escaped: Vec<Range<usize>>,
    escaped_words: Vec<Range<usize>>,
    dynamic: Vec<(usize, &'static str)>,
    runs: Runs,
    /// Speculative: the outermost level's tokens, for `Runs::on` once it is
    /// known that this level is the file's top level.
    outer: Option<Vec<(TopTok, usize, bool)>>,
}

/// What a speculative scan found from `start` to `end`.
struct Segment<'s> {
    start: usize,
    end: End,
    scanner: Scanner<'s>,
}

impl<'s> Scanner<'s> {
    fn new(source: &'s [u8]) -> Scanner<'s> {
        let mut i = 0;
        if source.starts_with(b"#!") {
            i = memchr::memchr(b'\n', source).unwrap_or(source.len());
        }
        Scanner {
            source,
            i,
            stack: vec![Level::new(Frame::Code, 0)],
            prev: Prev::Operator,
            last: Last::Statement,
            after: After::default(),
            after_semicolon: 0,
            segment_end: usize::MAX,
            max: 0,
            max_at: 0,
            split: None,
            uncertain: None,
            escaped: Vec::new(),
            escaped_words: Vec::new(),
            dynamic: Vec::new(),
            runs: Runs { starts: vec![0], ..Runs::default() },
            outer: None,
        }
    }

    /// A scanner for the part from `at` (right after a `;`), its outermost
    /// level standing for whatever level the real scan is on there.
    fn speculative(source: &'s [u8], at: usize) -> Scanner<'s> {
        let mut scanner = Scanner::new(source);
        scanner.i = at;
        scanner.after_semicolon = at;
        scanner.segment_end = at + SEGMENT;
        scanner.stack[0].ended = Some(b';');
        scanner.outer = Some(Vec::new());
        scanner
    }

    /// Scans from `self.i` up to `until` (or a speculative stop).
    fn run(&mut self, until: usize) -> End {
        while self.i < until {
            if self.innermost().frame == Frame::Template {
                self.template_text();
                continue;
            }
            let c = self.source[self.i];
            if !self.skip_trivia(c) {
                if let Some(end) = self.token(c) {
                    return end;
                }
            }
        }
        End::Reached
    }

    fn innermost(&mut self) -> &mut Level {
        self.stack.last_mut().expect("root level")
    }

    /// Keeps the first reason the runs may not be whole statements.
    fn unsure(&mut self, at: usize, why: &'static str) {
        self.uncertain.get_or_insert((at, why));
    }

    /// Counts one token at `at` on the innermost level. After a `;` or a `}`
    /// that ended a statement, `else` continues it; after a `}`, a word, a
    /// literal or a `{` starts the next statement.
    #[inline]
    fn count(&mut self, at: usize, tok: Tok) {
        let level = self.stack.last_mut().expect("root level");
        match (level.ended, tok) {
            (Some(_), Tok::Else) => level.elses += 1,
            (Some(b'}'), Tok::Starts) => {
                level.run = 0;
                level.elses = 0;
            }
            (Some(_), _) => level.elses = 0,
            (None, _) => {}
        }
        level.ended = None;
        level.run += 1;
        let depth = level.depth();
        if depth > self.max {
            (self.max, self.max_at) = (depth, at);
        }
    }

    /// Hands a token on the outermost level to the statement runs (a
    /// speculative scan keeps it until it is known to be the top level).
    #[inline]
    fn top(&mut self, tok: TopTok, at: usize, after_dot: bool) {
        if self.stack.len() == 1 {
            match &mut self.outer {
                Some(tokens) => tokens.push((tok, at, after_dot)),
                None => self.runs.on(tok, at, after_dot, self.source),
            }
        }
    }

    /// Counts a token and hands it to the runs. Every token passes here: as
    /// a call it cost a tenth of the scan.
    #[inline(always)]
    fn emit(&mut self, at: usize, tok: Tok, top: TopTok, after_dot: bool) {
        self.count(at, tok);
        self.top(top, at, after_dot);
    }

    fn value_ended(&mut self) {
        (self.prev, self.last) = (Prev::Value, Last::Value);
    }

    /// Template text: on to the next `\`, `` ` `` or `${`, and through it.
    fn template_text(&mut self) {
        let Some(p) = memchr::memchr3(b'\\', b'`', b'$', &self.source[self.i..]) else {
            self.i = self.source.len();
            return;
        };
        self.i += p;
        match self.source[self.i] {
            b'\\' => {
                if may_spell(self.source.get(self.i + 1)) {
                    self.innermost().escaped = true;
                }
                self.i += 2;
            }
            b'`' => self.template_end(),
            b'$' if self.source.get(self.i + 1) == Some(&b'{') => self.substitution(),
            _ => self.i += 1,
        }
    }

    /// The closing `` ` ``: the template is a value.
    fn template_end(&mut self) {
        let template = self.stack.pop().expect("template level");
        if template.escaped {
            self.escaped.push(template.text_from..self.i);
        }
        self.value_ended();
        self.i += 1;
    }

    /// `${`: code nested in the template, one level deeper; its `}` goes back to the text.
    fn substitution(&mut self) {
        let at = self.i;
        let template = self.stack.last_mut().expect("template level");
        if template.escaped {
            self.escaped.push(template.text_from..at);
            template.escaped = false;
        }
        let base = template.depth() + 1;
        self.stack.push(Level::new(Frame::TemplateExpr, base));
        (self.prev, self.last, self.after) = (Prev::Operator, Last::Operator, After::default());
        self.i += 2;
    }

    /// Skips the whitespace or comment starting with `c`, if one does: they are not tokens.
    fn skip_trivia(&mut self, c: u8) -> bool {
        let (source, at) = (self.source, self.i);
        let n = source.len();
        match c {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => {
                let mut i = at + 1;
                while i < n && matches!(source[i], b' ' | b'\t' | b'\n' | b'\r') {
                    i += 1;
                }
                self.i = i;
            }
            b'/' if source.get(at + 1) == Some(&b'/') => {
                self.i = memchr::memchr(b'\n', &source[at..]).map_or(n, |p| at + p);
            }
            b'/' if source.get(at + 1) == Some(&b'*') => {
                self.i = match memchr::memmem::find(&source[at + 2..], b"*/") {
                    Some(p) => at + 2 + p + 2,
                    None => {
                        self.unsure(at, "a comment is not closed");
                        n
                    }
                };
            }
            _ => return false,
        }
        true
    }

    /// The token starting with `c`; Some where a speculative scan stops at it.
    fn token(&mut self, c: u8) -> Option<End> {
        let was = std::mem::take(&mut self.after);
        match c {
            b'\'' | b'"' => self.string(c, was.dot),
            b'`' => self.template_start(was.dot),
            b'/' if self.prev == Prev::Operator => self.regex(was),
            b'(' | b'[' | b'{' => self.open(c, was),
            b')' | b']' | b'}' => return self.close(c, was.dot),
            b',' => self.comma(was.dot),
            b';' => return self.semicolon(was.dot),
            b'+' | b'-' if self.source.get(self.i + 1) == Some(&c) => self.increment(c, was.dot),
            c if IDENT[c as usize] => self.word(c, was.dot),
            _ => self.punctuator(c, was.dot),
        }
        None
    }

    /// A string literal in `quote`s.
    fn string(&mut self, quote: u8, after_dot: bool) {
        let (source, start) = (self.source, self.i);
        let n = source.len();
        self.emit(start, Tok::Starts, TopTok::Str, after_dot);
        let mut escaped = false;
        let mut i = start + 1;
        // Jump from one quote, backslash or line end to the next.
        loop {
            let Some(p) = memchr::memchr3(quote, b'\\', b'\n', &source[i.min(n)..]) else {
                self.unsure(start, "a string is not closed");
                i = n;
                break;
            };
            i += p;
            if source[i] != b'\\' {
                if source[i] == b'\n' {
                    self.unsure(start, "a string runs into a line break");
                }
                i += 1;
                break;
            }
            escaped |= may_spell(source.get(i + 1));
            i += if source.get(i + 1) == Some(&b'\r') && source.get(i + 2) == Some(&b'\n') { 3 } else { 2 };
        }
        if escaped {
            self.escaped.push(start..i.min(n));
        }
        self.value_ended();
        self.i = i;
    }

    /// The opening `` ` ``: its text is a level of its own.
    fn template_start(&mut self, after_dot: bool) {
        let at = self.i;
        self.emit(at, Tok::Other, TopTok::Other, after_dot);
        let base = self.innermost().depth();
        self.stack.push(Level { text_from: at + 1, ..Level::new(Frame::Template, base) });
        self.i = at + 1;
    }

    /// A `/` where an operand may start: a regular expression, unless it runs into a line end.
    fn regex(&mut self, was: After) {
        let at = self.i;
        if was.unknown_brace {
            self.unsure(at, "a `/` follows a `}` that may end a block or an expression");
        }
        if was.name_keyword {
            self.unsure(at, "a `/` follows `of`, `yield` or `await`, which may be a name");
        }
        self.emit(at, Tok::Other, TopTok::Other, was.dot);
        match regex_end(self.source, at) {
            Some(end) => {
                // Past its flags.
                self.i = end + self.source[end..].iter().take_while(|b| WORD[**b as usize] == 1).count();
                self.value_ended();
            }
            None => {
                self.i = at + 1;
                (self.prev, self.last) = (Prev::Operator, Last::Operator);
            }
        }
    }

    /// `(`, `[` or `{`: a level nested one deeper than this token.
    fn open(&mut self, c: u8, was: After) {
        let at = self.i;
        self.emit(at, if c == b'{' { Tok::Starts } else { Tok::Other }, TopTok::Open(c), was.dot);
        let last = self.last;
        let level = self.innermost();
        let base = level.depth();
        // What a `/` after the matching `}` is: a function's or class's
        // body goes with its keyword; otherwise the token before decides.
        let block = match (c, level.body_of.take()) {
            (b'{', Some(declaration)) => declaration,
            (b'{', None) => last.opens_block(),
            _ => None,
        };
        self.stack.push(Level { head: c == b'(' && was.head_word, block, ..Level::new(Frame::Code, base) });
        self.prev = Prev::Operator;
        self.last = if c == b'{' && block != Some(false) { Last::Statement } else { Last::Operator };
        self.i = at + 1;
    }

    /// `)`, `]` or `}`: back to the level it closes, or to a template's text.
    /// Some(Underflow) where a speculative scan has no level to close.
    fn close(&mut self, c: u8, after_dot: bool) -> Option<End> {
        let at = self.i;
        let closed = if self.stack.len() > 1 {
            self.stack.pop()
        } else if self.outer.is_some() {
            // What this closes began before the part this scan assumed.
            return Some(End::Underflow(at));
        } else {
            self.unsure(at, "a closing bracket has no opening one");
            None
        };
        self.i = at + 1;
        if let Some(Level { frame: Frame::TemplateExpr, .. }) = closed {
            // Back into the template's text.
            self.innermost().text_from = at + 1;
            return None;
        }
        let (head, block) = closed.map_or((false, None), |level| (level.head, level.block));
        self.emit(at, Tok::Other, if c == b'}' { TopTok::CloseBrace } else { TopTok::Other }, after_dot);
        if c == b'}' {
            self.innermost().ended = Some(b'}');
            self.after.unknown_brace = block.is_none();
        }
        // After `if (…)` and its kin, or a block, a statement starts;
        // after any other `)`, a `]` or an expression's `}` a value ends.
        let statement = if c == b'}' { block != Some(false) } else { head };
        (self.prev, self.last) = if statement { (Prev::Operator, Last::Statement) } else { (Prev::Value, Last::Value) };
        None
    }

    /// `,`: the innermost level's run of tokens starts again.
    fn comma(&mut self, after_dot: bool) {
        let at = self.i;
        let level = self.innermost();
        (level.run, level.ended) = (0, None);
        self.top(TopTok::Comma, at, after_dot);
        (self.prev, self.last) = (Prev::Operator, Last::Operator);
        self.i = at + 1;
    }

    /// `;`: a statement ends. The first on the top level past the middle of
    /// the file is where the parse may split; one past a speculative
    /// segment's length ends the segment.
    fn semicolon(&mut self, after_dot: bool) -> Option<End> {
        let at = self.i;
        let level = self.innermost();
        (level.run, level.ended) = (0, Some(b';'));
        if self.split.is_none() && self.stack.len() == 1 && at + 1 >= self.source.len() / 2 {
            self.split = Some(at + 1);
        }
        self.top(TopTok::Semi, at, after_dot);
        (self.prev, self.last) = (Prev::Operator, Last::Statement);
        self.i = at + 1;
        self.after_semicolon = self.i;
        (self.i >= self.segment_end).then_some(End::Stopped)
    }

    /// `++` or `--`, two tokens: after a value it is postfix, and a value still ends there.
    fn increment(&mut self, c: u8, after_dot: bool) {
        let (source, at) = (self.source, self.i);
        self.emit(at, Tok::Other, TopTok::Other, after_dot);
        self.count(at + 1, Tok::Other);
        if self.prev == Prev::Operator {
            self.last = Last::Operator;
        }
        if c == b'-'
            && source.get(at + 2) == Some(&b'>')
            && source[..at].iter().rev().take_while(|b| **b != b'\n').all(|b| matches!(b, b' ' | b'\t'))
        {
            self.unsure(at, "an HTML-like `-->` comment");
        }
        self.i = at + 2;
    }

    /// A name, a keyword or a number, starting with `c`.
    fn word(&mut self, c: u8, after_dot: bool) {
        let (source, start) = (self.source, self.i);
        let (end, seen) = word_end(source, start, c.is_ascii_digit());
        self.i = end;
        let word = &source[start..end];
        let escaped = seen & 2 != 0;
        if escaped {
            self.escaped_words.push(start..end);
        }
        if seen & 4 != 0 && unicode_space(word) {
            self.unsure(start, "a Unicode space stands between tokens");
        }
        // A property name is a value whatever it spells; so is any
        // word that cannot be a keyword (they are all lowercase, 2 to 10 letters).
        let keyword = !after_dot && !escaped && (2..=10).contains(&word.len()) && word[0].is_ascii_lowercase();
        let tok = match word {
            b"else" if keyword => Tok::Else,
            b"in" | b"instanceof" if keyword => Tok::Other,
            _ => Tok::Starts,
        };
        self.emit(start, tok, TopTok::Word(start, end, escaped), after_dot);
        let before = self.last;
        (self.prev, self.last) =
            if keyword && regex_after(word) { (Prev::Operator, Last::Operator) } else { (Prev::Value, Last::Value) };
        if keyword {
            self.keyword(word, start, before);
        }
    }

    /// What a word that may be a keyword does to the grammar after it;
    /// `before`: how the token before it left the grammar.
    fn keyword(&mut self, word: &[u8], at: usize, before: Last) {
        match word {
            b"else" | b"do" | b"try" | b"finally" => self.last = Last::Statement,
            b"export" | b"default" => self.last = Last::Export,
            b"async" => self.last = Last::Async(before.may_declare()),
            b"function" | b"class" => self.innermost().body_of = Some(before.may_declare()),
            b"with" => self.dynamic.push((at, "with")),
            b"eval" => self.dynamic.push((at, "eval")),
            _ => {}
        }
        self.after.head_word = matches!(word, b"if" | b"while" | b"for" | b"with" | b"catch" | b"switch");
        self.after.name_keyword = matches!(word, b"of" | b"yield" | b"await");
    }

    /// Any other punctuator: an operator, `.`, `:`, or the `>` of `=>`.
    fn punctuator(&mut self, c: u8, after_dot: bool) {
        let (source, at) = (self.source, self.i);
        if c == b'<' && source[at..].starts_with(b"<!--") {
            self.unsure(at, "an HTML-like `<!--` comment");
        }
        self.emit(at, Tok::Other, if c == b'*' { TopTok::Star } else { TopTok::Other }, after_dot);
        let follows = |b: u8| at > 0 && source[at - 1] == b;
        self.after.dot = c == b'.' && !follows(b'.');
        self.prev = Prev::Operator;
        self.last = match c {
            b':' => Last::Colon,
            b'>' if follows(b'=') => Last::Arrow,
            _ => Last::Operator,
        };
        self.i = at + 1;
    }

    /// Takes over what a speculative scan found from here, if this scan is
    /// where that one assumed it was: right after a `;`, on a level with no
    /// pending `else` count or `function` body. Then it is as if this scan
    /// had gone through the segment itself.
    fn take(&mut self, segment: Segment<'s>) -> bool {
        let here = self.stack.last().expect("root level");
        if self.i != segment.start
            || self.after_semicolon != segment.start
            || here.elses != 0
            || here.body_of.is_some()
            || here.frame == Frame::Template
        {
            return false;
        }
        let Segment { end, scanner: part, .. } = segment;
        let base = here.base;
        let outermost = self.stack.len() == 1;
        if part.max > 0 && base + part.max > self.max {
            (self.max, self.max_at) = (base + part.max, part.max_at);
        }
        if outermost {
            if self.split.is_none() {
                self.split = part.split;
            }
            for (tok, at, after_dot) in part.outer.into_iter().flatten() {
                self.runs.on(tok, at, after_dot, self.source);
            }
        }
        if self.uncertain.is_none() {
            self.uncertain = part.uncertain;
        }
        self.escaped.extend(part.escaped);
        self.escaped_words.extend(part.escaped_words);
        self.dynamic.extend(part.dynamic);
        (self.prev, self.last, self.after) = (part.prev, part.last, part.after);
        self.after_semicolon = part.after_semicolon;
        self.i = part.i;
        if !matches!(end, End::Underflow(_)) {
            // The speculative outermost level is this level; levels it left open go on top.
            let mut levels = part.stack.into_iter();
            let outer = levels.next().expect("root level");
            let here = self.stack.last_mut().expect("root level");
            (here.run, here.elses, here.ended, here.body_of) = (outer.run, outer.elses, outer.ended, outer.body_of);
            self.stack.extend(levels.map(|level| Level { base: level.base + base, ..level }));
        }
        true
    }

    fn finish(mut self) -> Scan {
        if self.stack.len() > 1 {
            self.uncertain
                .get_or_insert((self.source.len(), "brackets or a template are still open at the end of the file"));
        }
        Scan {
            depth: self.max,
            depth_at: self.max_at,
            split: self.split,
            starts: self.runs.starts,
            declared: self.runs.declared,
            unlisted: self.runs.unlisted,
            escaped: self.escaped,
            escaped_words: self.escaped_words,
            unsure: self.uncertain,
            dynamic: self.dynamic,
        }
    }
}

/// Speculative segments from the first `;` at or past `from` to the end:
/// each goes on from where the previous stopped, or from the next `;` after
/// an underflow.
fn speculate(source: &[u8], from: usize) -> Vec<Segment<'_>> {
    let mut out = Vec::new();
    let mut at = memchr::memchr(b';', &source[from.min(source.len())..]).map(|p| from + p + 1);
    while let Some(start) = at {
        let mut scanner = Scanner::speculative(source, start);
        let end = scanner.run(source.len());
        at = match end {
            End::Reached => None,
            End::Stopped => Some(scanner.i),
            End::Underflow(u) => memchr::memchr(b';', &source[u..]).map(|p| u + p + 1),
        };
        out.push(Segment { start, end, scanner });
    }
    out
}

/// One lexical pass: `nesting`, the split point for the two-halves parse, and
/// what the prefilter needs (statement runs, declared names, escapes, and
/// anything that makes the runs uncertain). A big file's second half is
/// scanned on a second core, speculatively from a `;`; the first scan takes
/// each piece over only where it finds itself in the state that piece assumed,
/// and scans the rest itself, so the result is the one-core scan's.
pub fn scan(source: &[u8]) -> Scan {
    scan_on(source, if source.len() > PARALLEL_SCAN_ABOVE { 2 } else { 1 })
}

fn scan_on(source: &[u8], cores: usize) -> Scan {
    let mut scanner = Scanner::new(source);
    if cores > 1 {
        let middle = source.len() / 2;
        std::thread::scope(|scope| {
            let second = std::thread::Builder::new()
                .name("scan".into())
                .spawn_scoped(scope, || speculate(source, middle))
                .expect("spawn scan thread");
            scanner.run(middle);
            for segment in second.join().unwrap_or_else(|e| std::panic::resume_unwind(e)) {
                if scanner.i < segment.start {
                    scanner.run(segment.start);
                }
                scanner.take(segment);
            }
        });
    }
    scanner.run(source.len());
    scanner.finish()
}

#[cfg(test)]
mod tests {
    use super::MAX_NESTING;
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
            "a=b+c;".repeat(n),
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
mod run_tests {
    use super::*;

    #[test]
    fn what_the_scan_cannot_be_sure_of_is_said() {
        for (source, why) in [
            ("x=a?b:{}/2/g;", "`/`"),
            ("l:{}/;/.test(x);", "`/`"),
            ("x=()=>{}\n/;/.test(b);", "`/`"),
            ("x=of/2;", "`of`"),
            ("x=1;)", "opening"),
            ("x=(1;", "still open"),
            ("x='a", "not closed"),
            ("x='a\nb';", "line break"),
            ("/* x", "comment"),
            ("x=1<!--y\n", "HTML"),
            ("x=1\n-->y\n", "HTML"),
            ("x=typeof\u{a0}/;/.source;", "Unicode space"),
        ] {
            let scan = scan(source.as_bytes());
            let (_, said) = scan.unsure.unwrap_or_else(|| panic!("{source}: no doubt"));
            assert!(said.contains(why), "{source}: {said}");
        }
    }

    #[test]
    fn the_two_core_scan_is_the_one_core_scan() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let tsc = std::fs::read_to_string(root.join("testdata/not-kas/node_modules/typescript/lib/_tsc.js")).unwrap();
        let model = std::fs::read_to_string(
            root.join("testdata/bundles/minified-esm/node_modules/@kiro/agent/dist/server/acp-server.js"),
        )
        .unwrap();
        let mut inputs = vec![
            tsc.clone(),
            format!("{model}\n;{tsc}"),
            format!("{tsc}\n;{model}"),
            format!("{tsc}\n;){tsc}"),
            format!("{tsc}\n;(function(){{{tsc}"),
            format!("{tsc}`${{{tsc}}}`"),
        ];
        // Bench bundles, when bench/run has built them.
        for bench in ["minified-esm", "readable-cjs"] {
            if let Ok(text) = std::fs::read_to_string(
                root.join("bench/out").join(bench).join("node_modules/@kiro/agent/dist/server/acp-server.js"),
            ) {
                inputs.push(text);
            }
        }
        for input in &inputs {
            let (one, two) = (scan_on(input.as_bytes(), 1), scan_on(input.as_bytes(), 2));
            assert!(
                one == two,
                "{} bytes: the scans differ: depth {} vs {}, {} vs {} runs, unsure {:?} vs {:?}",
                input.len(),
                one.depth,
                two.depth,
                one.starts.len(),
                two.starts.len(),
                one.unsure,
                two.unsure
            );
        }
    }

    #[test]
    fn declarations_name_what_they_may_bind() {
        let source = "var a=1,{b}=c,d=function(){return e,f};function g(){}class h{}let i;const [j]=k;async function l(){}function*m(){}x.var=1,n=2;import o from\"p\";";
        let scan = scan(source.as_bytes());
        let names: Vec<&str> = scan.declared.iter().map(|(s, e, _)| &source[*s..*e]).collect();
        assert_eq!(names, ["a", "d", "g", "h", "i", "l", "m"]);
        let unlisted: Vec<&str> = scan.unlisted.iter().map(|r| &source[scan.run_range(*r, source.len())]).collect();
        assert_eq!(unlisted, ["var a=1,{b}=c,d=function(){return e,f};", "const [j]=k;", "import o from\"p\";"]);
        let escaped = super::scan(b"var \\u0061=1;x='\\x61';y=`\\n`;z='\\n';");
        assert_eq!((escaped.escaped_words.len(), escaped.escaped.len(), escaped.unlisted.len()), (1, 1, 1));
    }
}
