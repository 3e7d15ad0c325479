//! Scan: one lexical pass over a bundle, no parse. It estimates how deeply
//! parsing would recurse, finds the split for the two-halves parse, and cuts
//! the file into runs of whole top-level statements for the prefilter.

use std::ops::Range;

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
            let next_statement = match (&tok, ended) {
                (TopTok::Word(start, end, _), b';') => !matches!(&source[*start..*end], b"else" | b"while"),
                (_, b';') => true,
                (TopTok::Word(start, end, _), _) => !matches!(
                    &source[*start..*end],
                    b"else" | b"catch" | b"finally" | b"while" | b"in" | b"instanceof" | b"from"
                ),
                (TopTok::Open(b'{') | TopTok::Str, _) => true,
                _ => false,
            };
            if next_statement {
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

// IDENT by kind: 1 an ASCII letter, digit, `_` or `$`; 2 `\`; 4 a byte of a multi-byte character.
const WORD: [u8; 256] = {
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
fn regex_after(word: &[u8]) -> bool {
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

#[derive(Clone, Copy, PartialEq)]
enum Tok {
    Else,
    Starts,
    Other,
}

// Counts one token at `at` on the innermost level. After a `;` or a `}`
// that ended a statement, `else` continues it; after a `}`, a word, a
// literal or a `{` starts the next statement.
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
struct Scanner<'s> {
    source: &'s [u8],
    i: usize,
    stack: Vec<Level>,
    prev: Prev,
    last: Last,
    after_dot: bool,
    after_head_word: bool,
    after_unknown_brace: bool,
    after_name_keyword: bool,
    /// Where the last `;` token ended.
    after_semicolon: usize,
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
            after_dot: false,
            after_head_word: false,
            after_unknown_brace: false,
            after_name_keyword: false,
            after_semicolon: 0,
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
        scanner.stack[0].ended = Some(b';');
        scanner.outer = Some(Vec::new());
        scanner
    }

    /// Scans from `self.i` up to `until` (or a speculative stop).
    fn run(&mut self, until: usize) -> End {
        let source = self.source;
        let n = source.len();
        let from = self.i;
        let speculative = self.outer.is_some();
        let mut i = self.i;
        let mut stack = std::mem::take(&mut self.stack);
        let (mut prev, mut last) = (self.prev, self.last);
        let (mut after_dot, mut after_head_word, mut after_unknown_brace, mut after_name_keyword) =
            (self.after_dot, self.after_head_word, self.after_unknown_brace, self.after_name_keyword);
        let mut after_semicolon = self.after_semicolon;
        let (mut max, mut max_at, mut split) = (self.max, self.max_at, self.split);
        let mut uncertain = self.uncertain;
        let mut unsure = |at: usize, why: &'static str| {
            uncertain.get_or_insert((at, why));
        };
        let (escaped_texts, escaped_words, dynamic) = (&mut self.escaped, &mut self.escaped_words, &mut self.dynamic);
        let (runs, outer) = (&mut self.runs, &mut self.outer);
        let mut top = |tok: TopTok, at: usize, after_dot: bool| match outer {
            Some(tokens) => tokens.push((tok, at, after_dot)),
            None => runs.on(tok, at, after_dot, source),
        };
        let end = loop {
            if i >= until {
                break End::Reached;
            }
            if stack.last().expect("root level").frame == Frame::Template {
                let Some(p) = memchr::memchr3(b'\\', b'`', b'$', &source[i..]) else {
                    i = n;
                    break End::Reached;
                };
                i += p;
                match source[i] {
                    b'\\' => {
                        if may_spell(source.get(i + 1)) {
                            stack.last_mut().expect("template level").escaped = true;
                        }
                        i += 2;
                    }
                    b'`' => {
                        let template = stack.pop().expect("template level");
                        if template.escaped {
                            escaped_texts.push(template.text_from..i);
                        }
                        prev = Prev::Value;
                        last = Last::Value;
                        i += 1;
                    }
                    b'$' if source.get(i + 1) == Some(&b'{') => {
                        let t = stack.last_mut().expect("template level");
                        if t.escaped {
                            escaped_texts.push(t.text_from..i);
                            t.escaped = false;
                        }
                        let base = t.base + t.run + t.elses;
                        stack.push(Level::new(Frame::TemplateExpr, base + 1));
                        prev = Prev::Operator;
                        (after_dot, after_head_word, after_unknown_brace, after_name_keyword) =
                            (false, false, false, false);
                        last = Last::Operator;
                        i += 2;
                    }
                    _ => i += 1,
                }
                continue;
            }
            let c = source[i];
            // Whitespace and comments are not tokens.
            match c {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => {
                    i += 1;
                    while i < n && matches!(source[i], b' ' | b'\t' | b'\n' | b'\r') {
                        i += 1;
                    }
                    continue;
                }
                b'/' if source.get(i + 1) == Some(&b'/') => {
                    i = memchr::memchr(b'\n', &source[i..]).map_or(n, |p| i + p);
                    continue;
                }
                b'/' if source.get(i + 1) == Some(&b'*') => {
                    i = match memchr::memmem::find(&source[i + 2..], b"*/") {
                        Some(p) => i + 2 + p + 2,
                        None => {
                            unsure(i, "a comment is not closed");
                            n
                        }
                    };
                    continue;
                }
                _ => {}
            }
            let was_dot = std::mem::take(&mut after_dot);
            let was_head_word = std::mem::take(&mut after_head_word);
            let was_unknown_brace = std::mem::take(&mut after_unknown_brace);
            let was_name_keyword = std::mem::take(&mut after_name_keyword);
            let top_level = stack.len() == 1;
            match c {
                b'\'' | b'"' => {
                    token(&mut stack, i, Tok::Starts, &mut max, &mut max_at);
                    if top_level {
                        top(TopTok::Str, i, was_dot);
                    }
                    let start = i;
                    let mut escaped = false;
                    i += 1;
                    // Jump from one quote, backslash or line end to the next.
                    loop {
                        match memchr::memchr3(c, b'\\', b'\n', &source[i.min(n)..]) {
                            None => {
                                unsure(start, "a string is not closed");
                                i = n;
                                break;
                            }
                            Some(p) => {
                                i += p;
                                if source[i] == b'\\' {
                                    escaped |= may_spell(source.get(i + 1));
                                    i += if source.get(i + 1) == Some(&b'\r') && source.get(i + 2) == Some(&b'\n') {
                                        3
                                    } else {
                                        2
                                    };
                                } else {
                                    if source[i] == b'\n' {
                                        unsure(start, "a string runs into a line break");
                                    }
                                    i += 1;
                                    break;
                                }
                            }
                        }
                    }
                    if escaped {
                        escaped_texts.push(start..i.min(n));
                    }
                    prev = Prev::Value;
                    last = Last::Value;
                }
                b'`' => {
                    token(&mut stack, i, Tok::Other, &mut max, &mut max_at);
                    if top_level {
                        top(TopTok::Other, i, was_dot);
                    }
                    let base = {
                        let t = stack.last().expect("root level");
                        t.base + t.run + t.elses
                    };
                    stack.push(Level { text_from: i + 1, ..Level::new(Frame::Template, base) });
                    i += 1;
                }
                b'/' if prev == Prev::Operator => {
                    if was_unknown_brace {
                        unsure(i, "a `/` follows a `}` that may end a block or an expression");
                    }
                    if was_name_keyword {
                        unsure(i, "a `/` follows `of`, `yield` or `await`, which may be a name");
                    }
                    // A regular expression, unless it runs into a line end.
                    let mut j = i + 1;
                    let mut class = false;
                    let end = loop {
                        match source.get(j) {
                            None | Some(b'\n') | Some(b'\r') => break None,
                            Some(b'\\') => j += 2,
                            Some(b'[') => {
                                class = true;
                                j += 1
                            }
                            Some(b']') => {
                                class = false;
                                j += 1
                            }
                            Some(b'/') if !class => break Some(j + 1),
                            Some(_) => j += 1,
                        }
                    };
                    token(&mut stack, i, Tok::Other, &mut max, &mut max_at);
                    if top_level {
                        top(TopTok::Other, i, was_dot);
                    }
                    match end {
                        Some(end) => {
                            i = end;
                            while i < n && (source[i].is_ascii_alphanumeric() || source[i] == b'_' || source[i] == b'$')
                            {
                                i += 1;
                            }
                            prev = Prev::Value;
                            last = Last::Value;
                        }
                        None => {
                            i += 1;
                            prev = Prev::Operator;
                            last = Last::Operator;
                        }
                    }
                }
                b'(' | b'[' | b'{' => {
                    token(&mut stack, i, if c == b'{' { Tok::Starts } else { Tok::Other }, &mut max, &mut max_at);
                    if top_level {
                        top(TopTok::Open(c), i, was_dot);
                    }
                    let t = stack.last_mut().expect("root level");
                    let base = t.base + t.run + t.elses;
                    // What a `/` after the matching `}` is: a function's or class's
                    // body goes with its keyword; otherwise the token before decides.
                    let block = match (c, t.body_of.take()) {
                        (b'{', Some(declaration)) => declaration,
                        (b'{', None) => match last {
                            Last::Statement | Last::Value => Some(true),
                            Last::Colon | Last::Export | Last::Async(_) | Last::Arrow => None,
                            Last::Operator => Some(false),
                        },
                        _ => None,
                    };
                    stack.push(Level { head: c == b'(' && was_head_word, block, ..Level::new(Frame::Code, base) });
                    prev = Prev::Operator;
                    last = if c == b'{' && block != Some(false) { Last::Statement } else { Last::Operator };
                    i += 1;
                }
                b')' | b']' | b'}' => {
                    let (mut head, mut block) = (false, None);
                    if stack.len() > 1 {
                        let closed = stack.pop().expect("nested level");
                        if closed.frame == Frame::TemplateExpr {
                            // Back into the template's text.
                            stack.last_mut().expect("template level").text_from = i + 1;
                            i += 1;
                            continue;
                        }
                        head = closed.head;
                        block = closed.block;
                    } else if speculative {
                        // What this closes began before the part this scan assumed.
                        break End::Underflow(i);
                    } else {
                        unsure(i, "a closing bracket has no opening one");
                    }
                    token(&mut stack, i, Tok::Other, &mut max, &mut max_at);
                    if stack.len() == 1 {
                        top(if c == b'}' { TopTok::CloseBrace } else { TopTok::Other }, i, was_dot);
                    }
                    if c == b'}' {
                        stack.last_mut().expect("root level").ended = Some(b'}');
                        after_unknown_brace = block.is_none();
                    }
                    // After `if (…)` and its kin, or a block, a statement starts;
                    // after any other `)`, a `]` or an expression's `}` a value ends.
                    let statement = if c == b'}' { block != Some(false) } else { head };
                    prev = if statement { Prev::Operator } else { Prev::Value };
                    last = if statement { Last::Statement } else { Last::Value };
                    i += 1;
                }
                b',' | b';' => {
                    let level = stack.last_mut().expect("root level");
                    level.run = 0;
                    level.ended = (c == b';').then_some(b';');
                    if c == b';' && split.is_none() && stack.len() == 1 && i + 1 >= n / 2 {
                        split = Some(i + 1);
                    }
                    if top_level {
                        top(if c == b';' { TopTok::Semi } else { TopTok::Comma }, i, was_dot);
                    }
                    prev = Prev::Operator;
                    last = if c == b';' { Last::Statement } else { Last::Operator };
                    i += 1;
                    if c == b';' {
                        after_semicolon = i;
                        if speculative && i - from >= SEGMENT {
                            break End::Stopped;
                        }
                    }
                }
                b'+' | b'-' if source.get(i + 1) == Some(&c) => {
                    // `++`/`--` after a value is postfix, and a value still ends there.
                    token(&mut stack, i, Tok::Other, &mut max, &mut max_at);
                    token(&mut stack, i + 1, Tok::Other, &mut max, &mut max_at);
                    if top_level {
                        top(TopTok::Other, i, was_dot);
                    }
                    if prev == Prev::Operator {
                        last = Last::Operator;
                    }
                    if c == b'-'
                        && source.get(i + 2) == Some(&b'>')
                        && source[..i].iter().rev().take_while(|b| **b != b'\n').all(|b| matches!(b, b' ' | b'\t'))
                    {
                        unsure(i, "an HTML-like `-->` comment");
                    }
                    i += 2;
                }
                c if IDENT[c as usize] => {
                    let start = i;
                    let number = c.is_ascii_digit();
                    // What the word's bytes were: 1 ASCII, 2 `\`, 4 part of a multi-byte character.
                    let mut seen = 0u8;
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
                    let word = &source[start..i];
                    let escaped = seen & 2 != 0;
                    if escaped {
                        escaped_words.push(start..i);
                    }
                    if seen & 4 != 0 && unicode_space(word) {
                        unsure(start, "a Unicode space stands between tokens");
                    }
                    // A property name is a value whatever it spells; so is any
                    // word that cannot be a keyword (they are all lowercase, 2 to 10 letters).
                    let keyword =
                        !was_dot && !escaped && (2..=10).contains(&word.len()) && word[0].is_ascii_lowercase();
                    let tok = match word {
                        b"else" if keyword => Tok::Else,
                        b"in" | b"instanceof" if keyword => Tok::Other,
                        _ => Tok::Starts,
                    };
                    token(&mut stack, start, tok, &mut max, &mut max_at);
                    if top_level {
                        top(TopTok::Word(start, i, escaped), start, was_dot);
                    }
                    prev = if keyword && regex_after(word) { Prev::Operator } else { Prev::Value };
                    let before = last;
                    last = if prev == Prev::Operator { Last::Operator } else { Last::Value };
                    if keyword {
                        // A declaration can start where a statement can, or after a
                        // value (by automatic semicolon insertion): never after an operator.
                        let may_declare = |l: Last| match l {
                            Last::Statement | Last::Value | Last::Export => Some(true),
                            Last::Colon => None,
                            Last::Async(declares) => declares,
                            Last::Arrow | Last::Operator => Some(false),
                        };
                        match word {
                            b"else" | b"do" | b"try" | b"finally" => last = Last::Statement,
                            b"export" | b"default" => last = Last::Export,
                            b"async" => last = Last::Async(may_declare(before)),
                            b"function" | b"class" => {
                                stack.last_mut().expect("a level").body_of = Some(may_declare(before))
                            }
                            _ => {}
                        }
                        after_head_word = matches!(word, b"if" | b"while" | b"for" | b"with" | b"catch" | b"switch");
                        after_name_keyword = matches!(word, b"of" | b"yield" | b"await");
                        match word {
                            b"with" => dynamic.push((start, "with")),
                            b"eval" => dynamic.push((start, "eval")),
                            _ => {}
                        }
                    }
                }
                _ => {
                    if c == b'<' && source[i..].starts_with(b"<!--") {
                        unsure(i, "an HTML-like `<!--` comment");
                    }
                    token(&mut stack, i, Tok::Other, &mut max, &mut max_at);
                    if top_level {
                        top(if c == b'*' { TopTok::Star } else { TopTok::Other }, i, was_dot);
                    }
                    after_dot = c == b'.' && !(i > 0 && source[i - 1] == b'.');
                    prev = Prev::Operator;
                    last = match c {
                        b':' => Last::Colon,
                        b'>' if i > 0 && source[i - 1] == b'=' => Last::Arrow,
                        _ => Last::Operator,
                    };
                    i += 1;
                }
            }
        };
        self.i = i;
        self.stack = stack;
        (self.prev, self.last) = (prev, last);
        (self.after_dot, self.after_head_word, self.after_unknown_brace, self.after_name_keyword) =
            (after_dot, after_head_word, after_unknown_brace, after_name_keyword);
        self.after_semicolon = after_semicolon;
        (self.max, self.max_at, self.split) = (max, max_at, split);
        self.uncertain = uncertain;
        end
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
        (self.prev, self.last) = (part.prev, part.last);
        (self.after_dot, self.after_head_word, self.after_unknown_brace, self.after_name_keyword) =
            (part.after_dot, part.after_head_word, part.after_unknown_brace, part.after_name_keyword);
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
    use super::*;
    use crate::parse::MAX_NESTING;

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
mod run_tests {
    use super::*;
    use crate::parse::{parse_here, parse_runs, SourceKind, PARSER_STACK};
    use swc_ecma_ast::Program;

    fn runs(scan: &Scan, len: usize) -> Vec<Range<usize>> {
        (0..scan.starts.len()).map(|i| scan.starts[i]..scan.starts.get(i + 1).copied().unwrap_or(len)).collect()
    }

    /// Each run parsed on its own gives, statement for statement, the whole file's parse.
    fn runs_parse_like_the_whole(name: &str, source: &str, kind: SourceKind) -> Scan {
        let (name, source) = (name.to_string(), source.to_string());
        std::thread::Builder::new()
            .stack_size(PARSER_STACK)
            .spawn(move || {
                let scan = scan(source.as_bytes());
                let whole = parse_here(&source, kind).unwrap_or_else(|e| panic!("{name}: {e}"));
                let mut pieces = Vec::new();
                for run in runs(&scan, source.len()) {
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
        let unlisted: Vec<&str> =
            scan.unlisted.iter().map(|r| &source[runs(&scan, source.len())[*r].clone()]).collect();
        assert_eq!(unlisted, ["var a=1,{b}=c,d=function(){return e,f};", "const [j]=k;", "import o from\"p\";"]);
        let escaped = super::scan(b"var \\u0061=1;x='\\x61';y=`\\n`;z='\\n';");
        assert_eq!((escaped.escaped_words.len(), escaped.escaped.len(), escaped.unlisted.len()), (1, 1, 1));
    }
}
