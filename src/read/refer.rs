//! Refer: which names a run of whole top-level statements may use as the
//! top-level binding, read from its tokens without parsing it.
//!
//! A minifier gives the same two letters to a top-level class and to locals
//! all over a large bundle, so "the run spells the name as a token" is not
//! "the run refers to it". Here each occurrence of a wanted name is judged:
//! a property name (after `.` or `?.`), a key, a method or class member name,
//! a label, and an occurrence bound by a declaration in a nested scope
//! (a parameter, `var`/`let`/`const`, a function or class declaration, a
//! catch parameter, a destructuring target) do not refer to the top-level
//! binding; anything else may. Scopes are read narrowly, declarations only
//! where their position is certain, so a doubt always leaves an occurrence
//! free: the answer may name too many names, never too few. Where the tokens
//! themselves are in doubt (a `/` that may start a regular expression or
//! divide, brackets that do not pair), the whole run is in doubt.

use std::collections::HashSet;

/// Why the run's tokens could not be read with certainty.
pub type Doubt = &'static str;

/// The wanted names (`wanted` tells which) that some occurrence in `run`
/// may use as the top-level binding. Err: the tokens are in doubt, so every
/// wanted name the run spells may be used.
pub fn free_names(run: &[u8], wanted: &dyn Fn(&str) -> bool) -> Result<HashSet<String>, Doubt> {
    Ok(read(run)?.free_names(wanted))
}

/// A run's tokens, read once and judged for as many names as asked.
pub struct Tokens<'s> {
    run: &'s [u8],
    tokens: Vec<Token>,
    /// Some word holds a `\`: a name may be spelled without its bytes.
    escaped: bool,
    /// Each class's bytes, from its `class` keyword to its body's `}` (None:
    /// a class keyword the lexer could not pair with its body).
    classes: Option<Vec<std::ops::Range<usize>>>,
}

/// Reads `run`'s tokens (Err: they are in doubt).
pub fn read(run: &[u8]) -> Result<Tokens<'_>, Doubt> {
    let (tokens, escaped, classes) = lex(run)?;
    Ok(Tokens { run, tokens, escaped, classes })
}

impl Tokens<'_> {
    /// `free_names` of the run these tokens are.
    pub fn free_names(&self, wanted: &dyn Fn(&str) -> bool) -> HashSet<String> {
        Walk::new(self.run, &self.tokens, wanted, None).run()
    }

    /// `free_names` for just `names` (compared byte for byte, quicker).
    pub fn free_names_of(&self, names: &[&str]) -> HashSet<String> {
        let wanted = |n: &str| names.contains(&n);
        let mut walk = Walk::new(self.run, &self.tokens, &wanted, Some(names));
        if !self.escaped {
            let mut at: Vec<u32> = names
                .iter()
                .flat_map(|n| memchr::memmem::find_iter(self.run, n.as_bytes()).map(|p| p as u32))
                .collect();
            at.sort_unstable();
            walk.occurs = Some(at);
        }
        walk.run()
    }

    /// Whether some word of the run spells `name` (escapes decoded): a name,
    /// a key, a member; a literal's or a comment's text is no word.
    pub fn spells_word(&self, name: &str) -> bool {
        self.tokens.iter().any(|t| {
            let raw = &self.run[t.start as usize..t.end as usize];
            let raw = match t.kind {
                Kind::Word => raw,
                Kind::Private => raw.strip_prefix(b"#").unwrap_or(raw),
                _ => return false,
            };
            raw == name.as_bytes() || raw.contains(&b'\\') && spelled(raw) == name
        })
    }

    /// Where (byte offsets in the run, in order) a token is the name `name`:
    /// a word that spells it (escapes decoded), or a string, or a template
    /// without substitutions, that is all of it (a computed key `a["name"]`).
    /// Text inside a literal, a regular expression or a comment is no token.
    pub fn names_at(&self, name: &str) -> Vec<usize> {
        self.name_tokens(name).map(|k| self.tokens[k].start as usize).collect()
    }

    /// Where (byte offsets in the run, in order) the name `name` (as
    /// `names_at` finds it) may be an object's key: followed by `:` (or by
    /// `,` or `}`: a shorthand), and not after a `.`.
    pub fn keys_at(&self, name: &str) -> Vec<usize> {
        self.name_tokens(name)
            .filter(|k| {
                let word = self.tokens[*k].kind == Kind::Word;
                let dotted =
                    k.checked_sub(1).is_some_and(|j| matches!(self.tokens[j].kind, Kind::Punct(P::Dot | P::OptDot)));
                // Only a word can be a shorthand.
                let ends = self.tokens.get(k + 1).is_some_and(|t| match t.kind {
                    Kind::Punct(P::Colon) => true,
                    Kind::Punct(P::Comma) => word,
                    Kind::Close => word && matches!(self.tokens[t.mate as usize].kind, Kind::Open(Bracket::Brace(_))),
                    _ => false,
                });
                ends && !(word && dotted)
            })
            .map(|k| self.tokens[k].start as usize)
            .collect()
    }

    /// The indexes of the tokens that are the name `name` (see `names_at`).
    fn name_tokens<'a>(&'a self, name: &'a str) -> impl Iterator<Item = usize> + 'a {
        let word = move |raw: &[u8]| raw == name.as_bytes() || raw.contains(&b'\\') && spelled(raw) == name;
        let whole = move |raw: &[u8]| {
            let inner = match raw {
                [q @ (b'"' | b'\'' | b'`'), inner @ .., end] if end == q => inner,
                _ => return false,
            };
            inner == name.as_bytes()
                || inner.contains(&b'\\') && crate::read::unescape::unescape(&String::from_utf8_lossy(inner)) == name
        };
        self.tokens.iter().enumerate().filter_map(move |(k, t)| {
            let raw = &self.run[t.start as usize..t.end as usize];
            let is = match t.kind {
                Kind::Word => word(raw),
                Kind::Private => word(raw.strip_prefix(b"#").unwrap_or(raw)),
                Kind::Literal => whole(raw),
                _ => false,
            };
            is.then_some(k)
        })
    }

    /// Where (byte offsets in the run, in order) a string, a template's text
    /// or a regular expression holds `text` (escapes decoded); a name's or a
    /// comment's text does not.
    pub fn literals_holding(&self, text: &str) -> Vec<usize> {
        self.tokens
            .iter()
            .filter(|t| {
                let raw = &self.run[t.start as usize..t.end as usize];
                matches!(t.kind, Kind::Literal | Kind::Open(Bracket::Subst))
                    && (memchr::memmem::find(raw, text.as_bytes()).is_some()
                        || raw.contains(&b'\\')
                            && crate::read::unescape::unescape(&String::from_utf8_lossy(raw)).contains(text))
            })
            .map(|t| t.start as usize)
            .collect()
    }

    /// The bytes of each class of the run (nested ones too), from its `class`
    /// keyword (so its `extends` clause) to its body's `}`. None: the lexer
    /// could not pair some `class` with its body.
    pub fn classes(&self) -> Option<&[std::ops::Range<usize>]> {
        self.classes.as_deref()
    }

    /// Whether `name` is spelled by a word outside every bracket of the run
    /// but grouping parentheses: where a top-level `var C = NAME` (or
    /// `= (NAME)`) puts it. Nothing in parameters, a body, a block, an
    /// object, an array or a template is.
    pub fn spelled_at_top(&self, name: &str) -> bool {
        let mut k = 0;
        while k < self.tokens.len() {
            let t = self.tokens[k];
            match t.kind {
                Kind::Open(Bracket::Paren(Paren::Group)) => {}
                Kind::Open(_) => {
                    k = t.mate as usize;
                }
                Kind::Word => {
                    let raw = &self.run[t.start as usize..t.end as usize];
                    if raw == name.as_bytes() || raw.contains(&b'\\') && spelled(raw) == name {
                        return true;
                    }
                }
                _ => {}
            }
            k += 1;
        }
        false
    }
}

/// The name a word's bytes spell, escapes decoded.
fn spelled(raw: &[u8]) -> std::borrow::Cow<'_, str> {
    if raw.is_ascii() && !raw.contains(&b'\\') {
        return std::borrow::Cow::Borrowed(std::str::from_utf8(raw).expect("ASCII"));
    }
    let text = String::from_utf8_lossy(raw);
    if raw.contains(&b'\\') {
        std::borrow::Cow::Owned(crate::read::unescape::unescape(&text))
    } else {
        text
    }
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    Word,
    /// `#name`.
    Private,
    /// A number, string, template piece or regular expression: a value.
    Literal,
    Open(Bracket),
    Close,
    Punct(P),
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum P {
    Dot,
    OptDot,
    Question,
    Colon,
    Comma,
    Semi,
    Assign,
    Arrow,
    Spread,
    Inc,
    Dec,
    Star,
    Other,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Bracket {
    Paren(Paren),
    Square,
    Brace(Brace),
    /// A template's `${`.
    Subst,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Paren {
    Group,
    /// After `if`, `while`, `for`, `with`, `switch`.
    Head,
    /// After `catch`.
    Catch,
    /// A function's, method's or arrow's parameters.
    Params,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Brace {
    Block,
    /// A function's or method's body; `decl`: of a function declaration.
    Body {
        decl: bool,
    },
    ArrowBody,
    Object,
    Class {
        decl: bool,
    },
    Static,
    /// `import {…}` / `export {…}`.
    Module,
}

#[derive(Clone, Copy, Debug)]
struct Token {
    kind: Kind,
    start: u32,
    end: u32,
    /// A line break between this token and the one before it.
    newline: bool,
    /// For a bracket, the index of its partner.
    mate: u32,
}

const NONE: u32 = u32::MAX;

/// A byte that continues a word: the scan's table (ASCII name bytes, `\`, any byte of a multi-byte character).
fn word_byte(b: u8) -> bool {
    crate::read::scan::IDENT[b as usize]
}

/// Words after which a `{` opens an object (they take an expression).
fn takes_expression(word: &[u8]) -> bool {
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
            | b"yield"
            | b"await"
            | b"var"
            | b"let"
            | b"const"
            | b"default"
    )
}

/// Words that are never a name, so never a key before `(` of a method either.
fn reserved(word: &[u8]) -> bool {
    matches!(
        word,
        b"if"
            | b"while"
            | b"for"
            | b"with"
            | b"switch"
            | b"catch"
            | b"function"
            | b"return"
            | b"typeof"
            | b"new"
            | b"delete"
            | b"void"
            | b"throw"
            | b"case"
            | b"do"
            | b"else"
            | b"in"
            | b"instanceof"
            | b"var"
            | b"const"
            | b"class"
            | b"extends"
            | b"super"
            | b"this"
            | b"import"
            | b"export"
            | b"default"
            | b"try"
            | b"finally"
            | b"break"
            | b"continue"
            | b"debugger"
            | b"null"
            | b"true"
            | b"false"
            | b"enum"
    )
}

/// What the lexer knows of an open bracket.
struct Frame {
    at: usize,
    /// `function` seen on this level, its `(` not yet: Some(whether a declaration).
    function: Option<bool>,
    /// `class` seen on this level, its body not yet: Some(whether a
    /// declaration, where its keyword starts).
    class: Option<(bool, usize)>,
    /// Open `?` of conditionals on this level.
    ternary: u32,
    /// Whether the last `:` on this level ended a conditional's first branch.
    colon_ternary: bool,
}

struct Lexer<'s> {
    src: &'s [u8],
    i: usize,
    tokens: Vec<Token>,
    frames: Vec<Frame>,
    newline: bool,
    /// The `(` of each `function`'s parameters: whether a declaration.
    fn_decl: std::collections::HashMap<usize, bool>,
    /// A word with a `\` was read.
    escaped: bool,
    /// Each class body's `{` (token index), with where its `class` keyword starts.
    classes: Vec<(usize, usize)>,
    /// A `class` keyword came while another on its level still awaited its body.
    classes_unpaired: bool,
}

/// The tokens, whether a word holds an escape, and each class's bytes (see `Tokens::classes`).
type Lexed = (Vec<Token>, bool, Option<Vec<std::ops::Range<usize>>>);

fn lex(src: &[u8]) -> Result<Lexed, Doubt> {
    let mut lx = Lexer {
        src,
        i: 0,
        // Minified code has a token every three bytes or so: growing past a
        // short guess would copy the tokens and double their memory.
        tokens: Vec::with_capacity(src.len() / 2 + 16),
        frames: vec![Frame { at: usize::MAX, function: None, class: None, ternary: 0, colon_ternary: false }],
        newline: false,
        fn_decl: std::collections::HashMap::new(),
        escaped: false,
        classes: Vec::new(),
        classes_unpaired: false,
    };
    if src.starts_with(b"#!") {
        lx.i = memchr::memchr(b'\n', src).unwrap_or(src.len());
    }
    lx.lex()?;
    if lx.frames.len() != 1 {
        return Err("a bracket is not closed");
    }
    let classes = (!lx.classes_unpaired).then(|| {
        let tokens = &lx.tokens;
        lx.classes.iter().map(|(keyword, open)| *keyword..tokens[tokens[*open].mate as usize].end as usize).collect()
    });
    Ok((lx.tokens, lx.escaped, classes))
}

impl<'s> Lexer<'s> {
    fn push(&mut self, kind: Kind, start: usize) {
        self.tokens.push(Token { kind, start: start as u32, end: self.i as u32, newline: self.newline, mate: NONE });
        self.newline = false;
    }

    fn last(&self) -> Option<&Token> {
        self.tokens.last()
    }

    fn text(&self, t: &Token) -> &'s [u8] {
        &self.src[t.start as usize..t.end as usize]
    }

    fn last_word(&self, n: usize) -> Option<&'s [u8]> {
        let t = self.tokens.len().checked_sub(n + 1).map(|k| self.tokens[k])?;
        (t.kind == Kind::Word).then(|| self.text(&t))
    }

    fn frame(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("root frame")
    }

    /// The kind of the bracket open at frame index `f` (None: the run's top).
    fn bracket_of(&self, f: usize) -> Option<Bracket> {
        let at = self.frames[f].at;
        (at != usize::MAX).then(|| match self.tokens[at].kind {
            Kind::Open(b) => b,
            _ => unreachable!("frames are opened at brackets"),
        })
    }

    fn holds_statements(&self) -> bool {
        matches!(
            self.bracket_of(self.frames.len() - 1),
            None | Some(Bracket::Brace(Brace::Block | Brace::Body { .. } | Brace::ArrowBody | Brace::Static))
        )
    }

    /// Whether the next token starts a statement, for certain.
    fn statement_start(&self) -> bool {
        if !self.holds_statements() {
            return false;
        }
        match self.last() {
            None => true,
            Some(t) => matches!(t.kind, Kind::Punct(P::Semi) | Kind::Close | Kind::Open(Bracket::Brace(_))),
        }
    }

    fn lex(&mut self) -> Result<(), Doubt> {
        let src = self.src;
        while self.i < src.len() {
            let c = src[self.i];
            let start = self.i;
            match c {
                b'\n' | b'\r' => {
                    self.newline = true;
                    self.i += 1;
                }
                b' ' | b'\t' | 0x0b | 0x0c => self.i += 1,
                b'/' if src.get(self.i + 1) == Some(&b'/') => {
                    self.i = memchr::memchr2(b'\n', b'\r', &src[self.i..]).map_or(src.len(), |p| self.i + p);
                }
                b'/' if src.get(self.i + 1) == Some(&b'*') => {
                    let end = memchr::memmem::find(&src[self.i + 2..], b"*/").ok_or("a comment is not closed")?;
                    let body = &src[self.i..self.i + 2 + end];
                    if memchr::memchr2(b'\n', b'\r', body).is_some() || body.windows(3).any(|w| w == [0xe2, 0x80, 0xa8])
                    {
                        self.newline = true;
                    }
                    self.i += end + 4;
                }
                b'/' => {
                    if self.regex_here()? {
                        self.regex()?;
                        self.push(Kind::Literal, start);
                    } else {
                        self.i += if src.get(self.i + 1) == Some(&b'=') { 2 } else { 1 };
                        self.push(Kind::Punct(P::Other), start);
                    }
                }
                b'\'' | b'"' => {
                    self.string(c)?;
                    self.push(Kind::Literal, start);
                }
                b'`' => {
                    self.i += 1;
                    self.template(start)?;
                }
                b'#' => {
                    self.i += 1;
                    while self.i < src.len() && word_byte(src[self.i]) {
                        self.i += 1;
                    }
                    self.push(Kind::Private, start);
                }
                b'0'..=b'9' => {
                    self.number();
                    self.push(Kind::Literal, start);
                }
                b'.' if src.get(self.i + 1).is_some_and(u8::is_ascii_digit) => {
                    self.number();
                    self.push(Kind::Literal, start);
                }
                b'(' | b'[' | b'{' => self.open(c, start)?,
                b')' | b']' | b'}' => {
                    if self.close(c, start)? {
                        // The `}` of a `${`: template text goes on.
                        self.template(start)?;
                    }
                }
                _ if word_byte(c) => {
                    let mut plain = true;
                    while self.i < src.len() {
                        let b = src[self.i];
                        // The busiest test of the lexer: a plain ASCII name byte.
                        if crate::read::scan::WORD[b as usize] == 1 {
                            self.i += 1;
                            continue;
                        }
                        if !word_byte(b) {
                            break;
                        }
                        plain = false;
                        if b == b'\\' && src.get(self.i + 1) == Some(&b'u') && src.get(self.i + 2) == Some(&b'{') {
                            self.i = memchr::memchr(b'}', &src[self.i..]).map_or(src.len(), |p| self.i + p);
                        }
                        self.i += 1;
                    }
                    if !plain
                        && (src[start..self.i].windows(2).any(|w| w == [0xc2, 0xa0])
                            || src[start..self.i].contains(&0xe2))
                    {
                        return Err("a name holds a character that may be a space");
                    }
                    self.escaped |= !plain && src[start..self.i].contains(&b'\\');
                    self.word(start);
                }
                _ => self.punct(start)?,
            }
        }
        Ok(())
    }

    fn word(&mut self, start: usize) {
        let word = &self.src[start..self.i];
        if matches!(word, b"function" | b"class") {
            let dotted = matches!(self.last().map(|t| t.kind), Some(Kind::Punct(P::Dot | P::OptDot)));
            // `{class: …}`, `{class() {…}}`: a key, not a keyword.
            let key =
                self.src[self.i..].iter().find(|b| !b.is_ascii_whitespace()).is_some_and(|b| matches!(b, b':' | b'('));
            let statement = self.statement_start()
                || matches!(self.last_word(0), Some(b"export"))
                || self.last_word(0) == Some(b"default") && self.last_word(1) == Some(b"export");
            if word == b"function" && !dotted {
                let decl = statement || self.last_word(0) == Some(b"async") && self.async_statement();
                self.frame().function = Some(decl);
            } else if word == b"class" && !dotted && !key {
                // `class A extends class {} {}`: the level's one slot holds only the inner class.
                self.classes_unpaired |= self.frame().class.is_some();
                self.frame().class = Some((statement, start));
            }
        }
        self.push(Kind::Word, start);
    }

    /// Whether the `async` just before starts a statement.
    fn async_statement(&self) -> bool {
        let n = self.tokens.len();
        if !self.holds_statements() || n == 0 {
            return false;
        }
        n == 1 || matches!(self.tokens[n - 2].kind, Kind::Punct(P::Semi) | Kind::Close | Kind::Open(Bracket::Brace(_)))
    }

    fn punct(&mut self, start: usize) -> Result<(), Doubt> {
        let rest = &self.src[self.i..];
        let (len, p) = if rest.starts_with(b"...") {
            (3, P::Spread)
        } else if rest.starts_with(b"?.") && !rest.get(2).is_some_and(u8::is_ascii_digit) {
            (2, P::OptDot)
        } else if rest.starts_with(b"=>") {
            (2, P::Arrow)
        } else if rest.starts_with(b"++") {
            (2, P::Inc)
        } else if rest.starts_with(b"--") {
            (2, P::Dec)
        } else {
            let ops: &[&[u8]] = &[
                b">>>=", b"===", b"!==", b"**=", b"<<=", b">>=", b">>>", b"&&=", b"||=", b"??=", b"==", b"!=", b"<=",
                b">=", b"&&", b"||", b"??", b"+=", b"-=", b"*=", b"%=", b"&=", b"|=", b"^=", b"**", b"<<", b">>",
            ];
            // Only a second operator byte can make a longer operator.
            let longer = rest.get(1).is_some_and(|b| b"=&|?*<>".contains(b));
            match ops.iter().find(|op| longer && rest.starts_with(op)) {
                Some(op) => (op.len(), P::Other),
                None => match rest[0] {
                    b'.' => (1, P::Dot),
                    b'?' => (1, P::Question),
                    b':' => (1, P::Colon),
                    b',' => (1, P::Comma),
                    b';' => (1, P::Semi),
                    b'=' => (1, P::Assign),
                    b'*' => (1, P::Star),
                    b'+' | b'-' | b'%' | b'<' | b'>' | b'&' | b'|' | b'^' | b'!' | b'~' | b'@' => (1, P::Other),
                    _ => return Err("a character the tool does not read as JavaScript"),
                },
            }
        };
        if rest.starts_with(b"<!--") || rest.starts_with(b"-->") {
            return Err("an HTML-like comment");
        }
        self.i += len;
        match p {
            P::Question => self.frame().ternary += 1,
            P::Colon => {
                let f = self.frame();
                f.colon_ternary = f.ternary > 0;
                f.ternary = f.ternary.saturating_sub(1);
            }
            P::Arrow => {
                // `(…) =>`: those were parameters.
                if let Some(t) = self.tokens.last().copied() {
                    if t.kind == Kind::Close {
                        let open = t.mate as usize;
                        if let Kind::Open(Bracket::Paren(_)) = self.tokens[open].kind {
                            self.tokens[open].kind = Kind::Open(Bracket::Paren(Paren::Params));
                        }
                    }
                }
            }
            _ => {}
        }
        self.push(Kind::Punct(p), start);
        Ok(())
    }

    /// Whether a `/` here starts a regular expression, from the token before.
    fn regex_here(&self) -> Result<bool, Doubt> {
        let Some(t) = self.last() else { return Ok(true) };
        Ok(match t.kind {
            Kind::Word => {
                let w = self.text(t);
                if matches!(w, b"of" | b"yield" | b"await" | b"let" | b"async" | b"get" | b"set" | b"static") {
                    return Err("a `/` after a word that may be a keyword or a name");
                }
                crate::read::scan::regex_after(w)
            }
            Kind::Private | Kind::Literal => false,
            Kind::Punct(P::Inc | P::Dec) => {
                // Postfix after a value divides; prefix would start one.
                let before = self.tokens.len().checked_sub(2).map(|k| self.tokens[k].kind);
                !matches!(before, Some(Kind::Word | Kind::Literal | Kind::Close | Kind::Private))
            }
            Kind::Punct(_) | Kind::Open(_) => true,
            Kind::Close => match self.tokens[t.mate as usize].kind {
                Kind::Open(Bracket::Paren(Paren::Head)) => true,
                Kind::Open(Bracket::Paren(_) | Bracket::Square) => false,
                Kind::Open(Bracket::Brace(b)) => match b {
                    Brace::Block | Brace::Static | Brace::Module => true,
                    Brace::Body { decl } | Brace::Class { decl } => decl,
                    Brace::Object => false,
                    Brace::ArrowBody => return Err("a `/` after an arrow function's body"),
                },
                Kind::Open(Bracket::Subst) => unreachable!("a template goes on after `${{…}}`"),
                _ => unreachable!("a close's mate is an open"),
            },
        })
    }

    fn regex(&mut self) -> Result<(), Doubt> {
        let src = self.src;
        let mut j = self.i + 1;
        let mut class = false;
        loop {
            match src.get(j) {
                None | Some(b'\n' | b'\r') => return Err("a regular expression runs into a line end"),
                Some(b'\\') => j += 2,
                Some(b'[') => {
                    class = true;
                    j += 1;
                }
                Some(b']') => {
                    class = false;
                    j += 1;
                }
                Some(b'/') if !class => break,
                Some(_) => j += 1,
            }
        }
        j += 1;
        while j < src.len() && word_byte(src[j]) {
            j += 1;
        }
        self.i = j;
        Ok(())
    }

    fn string(&mut self, quote: u8) -> Result<(), Doubt> {
        let src = self.src;
        let mut j = self.i + 1;
        loop {
            match src.get(j) {
                None | Some(b'\n' | b'\r') => return Err("a string is not closed on its line"),
                Some(b'\\') => {
                    j += if src.get(j + 1) == Some(&b'\r') && src.get(j + 2) == Some(&b'\n') { 3 } else { 2 }
                }
                Some(c) if *c == quote => break,
                Some(_) => j += 1,
            }
        }
        self.i = j + 1;
        Ok(())
    }

    /// Template text from `self.i` to its end or its next `${`.
    fn template(&mut self, start: usize) -> Result<(), Doubt> {
        let src = self.src;
        let mut j = self.i;
        loop {
            match src.get(j) {
                None => return Err("a template is not closed"),
                Some(b'\\') => j += 2,
                Some(b'`') => {
                    self.i = j + 1;
                    self.push(Kind::Literal, start);
                    return Ok(());
                }
                Some(b'$') if src.get(j + 1) == Some(&b'{') => {
                    self.i = j + 2;
                    self.push(Kind::Literal, start);
                    let at = self.tokens.len() - 1;
                    self.tokens[at].kind = Kind::Open(Bracket::Subst);
                    self.frames.push(Frame { at, function: None, class: None, ternary: 0, colon_ternary: false });
                    return Ok(());
                }
                Some(_) => j += 1,
            }
        }
    }

    fn number(&mut self) {
        let src = self.src;
        while self.i < src.len() && (word_byte(src[self.i]) || src[self.i] == b'.') {
            // `1..toString()`: the second `.` is a member access.
            if src[self.i] == b'.' && src.get(self.i + 1) == Some(&b'.') {
                self.i += 1;
                return;
            }
            self.i += 1;
        }
    }

    fn open(&mut self, c: u8, start: usize) -> Result<(), Doubt> {
        self.i += 1;
        let bracket = match c {
            b'(' => Bracket::Paren(self.paren_kind()),
            b'[' => Bracket::Square,
            _ => Bracket::Brace(self.brace_kind()?),
        };
        self.push(Kind::Open(bracket), start);
        let at = self.tokens.len() - 1;
        self.frames.push(Frame { at, function: None, class: None, ternary: 0, colon_ternary: false });
        Ok(())
    }

    fn paren_kind(&mut self) -> Paren {
        if let Some(decl) = self.frame().function.take() {
            self.fn_decl.insert(self.tokens.len(), decl);
            return Paren::Params;
        }
        let dotted = self.tokens.len() >= 2
            && matches!(self.tokens[self.tokens.len() - 2].kind, Kind::Punct(P::Dot | P::OptDot));
        match self.last_word(0) {
            Some(b"if" | b"while" | b"for" | b"with" | b"switch") if !dotted => Paren::Head,
            Some(b"await") if self.last_word(1) == Some(b"for") => Paren::Head,
            Some(b"catch") if !dotted => Paren::Catch,
            _ => Paren::Group,
        }
    }

    fn brace_kind(&mut self) -> Result<Brace, Doubt> {
        let Some(t) = self.last().copied() else { return Ok(Brace::Block) };
        let class = self.frame().class;
        let statements = self.holds_statements();
        let kind = match t.kind {
            Kind::Close => {
                let open = t.mate as usize;
                match self.tokens[open].kind {
                    Kind::Open(Bracket::Paren(Paren::Head | Paren::Catch)) => Brace::Block,
                    Kind::Open(Bracket::Paren(Paren::Params)) => match self.fn_decl.get(&open) {
                        Some(decl) => Brace::Body { decl: *decl },
                        None => return Err("a `{` after parameters the tool cannot place"),
                    },
                    _ if class.is_some() => Brace::Class { decl: class.is_some_and(|c| c.0) },
                    Kind::Open(Bracket::Paren(Paren::Group)) if !self.newline && self.method_key(open) => {
                        self.tokens[open].kind = Kind::Open(Bracket::Paren(Paren::Params));
                        Brace::Body { decl: false }
                    }
                    // After a value, by automatic semicolon insertion.
                    _ if statements => Brace::Block,
                    _ => return Err("a `{` after a `)` the tool cannot place"),
                }
            }
            Kind::Punct(P::Arrow) => Brace::ArrowBody,
            _ if class.is_some() => {
                if self.last_word(0) == Some(b"extends") {
                    return Err("a class extends an object literal");
                }
                Brace::Class { decl: class.is_some_and(|c| c.0) }
            }
            Kind::Word => {
                let w = self.text(&t);
                if w == b"static"
                    && matches!(self.bracket_of(self.frames.len() - 1), Some(Bracket::Brace(Brace::Class { .. })))
                {
                    Brace::Static
                } else if matches!(w, b"import" | b"export") {
                    Brace::Module
                } else if self.newline && matches!(w, b"return" | b"yield" | b"break" | b"continue") && statements {
                    // `return` ends at the line break.
                    Brace::Block
                } else if takes_expression(w) {
                    Brace::Object
                } else if w == b"extends" {
                    return Err("a class extends an object literal");
                } else if statements {
                    // After `else`, `do`, `try`, `finally`, or a value (by automatic semicolon insertion).
                    Brace::Block
                } else {
                    return Err("a `{` after a word the tool cannot place");
                }
            }
            Kind::Punct(P::Semi | P::Inc | P::Dec) => {
                if statements {
                    Brace::Block
                } else {
                    Brace::Object
                }
            }
            Kind::Punct(P::Colon) => {
                let bracket = self.bracket_of(self.frames.len() - 1);
                if bracket == Some(Bracket::Brace(Brace::Object)) || self.frame().colon_ternary {
                    Brace::Object
                } else if statements {
                    // A label's or a `case`'s colon.
                    Brace::Block
                } else {
                    return Err("a `{` after a `:` the tool cannot place");
                }
            }
            Kind::Open(Bracket::Brace(Brace::Block | Brace::Body { .. } | Brace::ArrowBody | Brace::Static)) => {
                Brace::Block
            }
            Kind::Punct(_) | Kind::Open(_) => Brace::Object,
            Kind::Literal | Kind::Private => {
                if statements {
                    Brace::Block
                } else {
                    return Err("a `{` after a value the tool cannot place");
                }
            }
        };
        if let (Brace::Class { .. }, Some((_, keyword))) = (kind, class) {
            self.frame().class = None;
            // This `{` is pushed next.
            self.classes.push((keyword, self.tokens.len()));
        }
        Ok(kind)
    }

    /// Whether the token before the `(` at `open` is a method's key, in an
    /// object or a class body.
    fn method_key(&self, open: usize) -> bool {
        let in_members =
            matches!(self.bracket_of(self.frames.len() - 1), Some(Bracket::Brace(Brace::Object | Brace::Class { .. })));
        let Some(key) = open.checked_sub(1).map(|k| self.tokens[k]) else { return false };
        in_members
            && match key.kind {
                Kind::Word => !reserved(self.text(&key)) || self.member_start(open - 1),
                Kind::Literal | Kind::Private | Kind::Close => true,
                _ => false,
            }
    }

    /// Whether the token at `k` starts a member (after `{`, `,`, `;`, `}` or a modifier).
    fn member_start(&self, k: usize) -> bool {
        match k.checked_sub(1).map(|j| (j, self.tokens[j])) {
            None => false,
            // A modifier at a member's start: `async export(…) {`, `static get default() {`.
            Some((j, t)) if t.kind == Kind::Word && matches!(self.text(&t), b"async" | b"get" | b"set" | b"static") => {
                self.member_start(j)
            }
            Some((_, t)) => {
                matches!(t.kind, Kind::Open(_) | Kind::Close | Kind::Punct(P::Comma | P::Semi | P::Star))
            }
        }
    }

    /// Closes a bracket; true when it was a template's `${`.
    fn close(&mut self, c: u8, start: usize) -> Result<bool, Doubt> {
        self.i += 1;
        if self.frames.len() == 1 {
            return Err("a closing bracket has no opening one");
        }
        let frame = self.frames.pop().expect("open frame");
        let open = frame.at;
        let fits = match self.tokens[open].kind {
            Kind::Open(Bracket::Paren(_)) => c == b')',
            Kind::Open(Bracket::Square) => c == b']',
            Kind::Open(Bracket::Brace(_) | Bracket::Subst) => c == b'}',
            _ => false,
        };
        if !fits {
            return Err("brackets do not pair");
        }
        if self.tokens[open].kind == Kind::Open(Bracket::Subst) {
            self.tokens[open].mate = self.tokens.len() as u32;
            // The `}` is the start of the next template piece: a Close with no text of its own.
            self.i = start;
            self.push(Kind::Close, start);
            let at = self.tokens.len() - 1;
            self.tokens[at].mate = open as u32;
            self.i = start + 1;
            return Ok(true);
        }
        self.push(Kind::Close, start);
        let at = self.tokens.len() - 1;
        self.tokens[at].mate = open as u32;
        self.tokens[open].mate = at as u32;
        Ok(false)
    }
}

#[derive(Clone, Copy, PartialEq)]
enum ScopeKind {
    Program,
    /// Parameters (and a catch's): names bound from their `(` to the end of the body.
    Params,
    /// A function's body or a static block: where `var` binds.
    Body,
    Block,
}

struct Scope {
    kind: ScopeKind,
    /// The token index after which this scope ends.
    until: usize,
    names: Vec<String>,
    pending: Vec<String>,
}

struct Walk<'s, 't, 'w> {
    src: &'s [u8],
    tokens: &'t [Token],
    wanted: &'w dyn Fn(&str) -> bool,
    /// The wanted names, when they are a short list: a word spelling none of them is skipped unread.
    exact: Option<&'w [&'w str]>,
    scopes: Vec<Scope>,
    /// Tokens that are names a declaration binds (or labels): not references.
    binding: Vec<bool>,
    free: HashSet<String>,
    /// For each open bracket on the way, its token index.
    open: Vec<usize>,
    /// Where the wanted names' bytes occur in the run, in order, when every
    /// occurrence is spelled plainly (no escapes): a bracket whose reach holds
    /// none is skipped whole (`run`).
    occurs: Option<Vec<u32>>,
}

impl<'s, 't, 'w> Walk<'s, 't, 'w> {
    fn new(src: &'s [u8], tokens: &'t [Token], wanted: &'w dyn Fn(&str) -> bool, exact: Option<&'w [&'w str]>) -> Self {
        Walk {
            src,
            tokens,
            wanted,
            exact,
            scopes: vec![Scope { kind: ScopeKind::Program, until: usize::MAX, names: Vec::new(), pending: Vec::new() }],
            binding: vec![false; tokens.len()],
            free: HashSet::new(),
            open: Vec::new(),
            occurs: None,
        }
    }

    fn text(&self, k: usize) -> &'s [u8] {
        let t = self.tokens[k];
        &self.src[t.start as usize..t.end as usize]
    }

    fn kind(&self, k: usize) -> Option<Kind> {
        self.tokens.get(k).map(|t| t.kind)
    }

    fn is_word(&self, k: usize, w: &[u8]) -> bool {
        self.kind(k) == Some(Kind::Word) && self.text(k) == w
    }

    /// The name the word at `k` spells, when it is wanted.
    fn wants(&self, k: usize) -> Option<std::borrow::Cow<'s, str>> {
        if let Some(exact) = self.exact {
            let raw = self.text(k);
            if !raw.contains(&b'\\') && !exact.iter().any(|n| n.as_bytes() == raw) {
                return None;
            }
        }
        let name = self.name(k);
        (self.wanted)(&name).then_some(name)
    }

    /// The name a word token spells, escapes decoded.
    fn name(&self, k: usize) -> std::borrow::Cow<'s, str> {
        spelled(self.text(k))
    }

    fn inner(&self) -> Option<Bracket> {
        self.open.last().map(|k| match self.tokens[*k].kind {
            Kind::Open(b) => b,
            _ => unreachable!("open brackets"),
        })
    }

    fn holds_statements(&self) -> bool {
        matches!(
            self.inner(),
            None | Some(Bracket::Brace(Brace::Block | Brace::Body { .. } | Brace::ArrowBody | Brace::Static))
        )
    }

    fn statement_start(&self, k: usize) -> bool {
        self.holds_statements()
            && match k.checked_sub(1).map(|j| self.tokens[j].kind) {
                None => true,
                Some(kind) => matches!(kind, Kind::Punct(P::Semi) | Kind::Close | Kind::Open(Bracket::Brace(_))),
            }
    }

    fn run(mut self) -> HashSet<String> {
        let n = self.tokens.len();
        let mut k = 0;
        let mut next = 0;
        while k < n {
            if let (Kind::Open(b), Some(occurs)) = (self.tokens[k].kind, &self.occurs) {
                // A bracket and all it binds into (a function's parameters
                // reach to the end of its body) that spell no wanted name
                // bind none and use none: nothing in them changes a scope or
                // a token outside, so they are passed over whole.
                let start = self.tokens[k].start;
                while next < occurs.len() && occurs[next] < start {
                    next += 1;
                }
                let reach = self.reach(k, b);
                if occurs.get(next).is_none_or(|at| *at >= self.tokens[reach].end) {
                    while self.scopes.last().is_some_and(|s| s.until >= k && s.until <= reach) {
                        self.close_scope();
                    }
                    k = reach + 1;
                    continue;
                }
            }
            self.token(k);
            while self.scopes.last().is_some_and(|s| s.until == k) {
                self.close_scope();
            }
            k += 1;
        }
        while self.scopes.len() > 1 {
            self.close_scope();
        }
        let program = self.scopes.pop().expect("program scope");
        self.free.extend(program.pending);
        self.free
    }

    fn close_scope(&mut self) {
        let scope = self.scopes.pop().expect("a scope");
        let parent = self.scopes.last_mut().expect("program scope");
        parent.pending.extend(scope.pending.into_iter().filter(|p| !scope.names.contains(p)));
    }

    fn push_scope(&mut self, kind: ScopeKind, until: usize, names: Vec<String>) {
        self.scopes.push(Scope { kind, until, names, pending: Vec::new() });
    }

    /// Binds `name` (at token `k`) in the nearest scope `var` (or, with
    /// `lexical`, `let`) would bind it in; at the program level it is the top-level binding.
    fn declare(&mut self, k: usize, lexical: bool) {
        self.binding[k] = true;
        let Some(name) = self.wants(k) else { return };
        let target = self
            .scopes
            .iter_mut()
            .rev()
            .find(|s| match s.kind {
                ScopeKind::Program | ScopeKind::Body => true,
                ScopeKind::Block => lexical,
                ScopeKind::Params => false,
            })
            .expect("program scope");
        if target.kind == ScopeKind::Program {
            // A top-level declaration: the binding itself, kept as a mention.
            self.free.insert(name.into_owned());
        } else {
            target.names.push(name.into_owned());
        }
    }

    fn token(&mut self, k: usize) {
        let t = self.tokens[k];
        match t.kind {
            Kind::Open(b) => {
                self.open.push(k);
                self.on_open(k, b);
            }
            Kind::Close => {
                self.open.pop();
            }
            Kind::Word => self.on_word(k),
            _ => {}
        }
    }

    /// The last token that what the bracket at `k` binds reaches: the end
    /// of the scope it opens, which for parameters is the end of the body.
    fn reach(&self, k: usize, b: Bracket) -> usize {
        let mate = self.tokens[k].mate as usize;
        match b {
            // A function's, method's or arrow's scope: from `(` to the end of its body.
            Bracket::Paren(Paren::Params) => self.body_end(mate),
            // A catch parameter's and a `for (let …)` head's: the head and a braced body.
            Bracket::Paren(Paren::Catch) => self.braced_after(mate),
            Bracket::Paren(Paren::Head) if self.for_head(k) => self.braced_after(mate),
            _ => mate,
        }
    }

    /// The `}` of a block right after `close`, else `close`.
    fn braced_after(&self, close: usize) -> usize {
        match self.kind(close + 1) {
            Some(Kind::Open(Bracket::Brace(Brace::Block))) => self.tokens[close + 1].mate as usize,
            _ => close,
        }
    }

    fn for_head(&self, k: usize) -> bool {
        self.is_word(k.wrapping_sub(1), b"for") || self.is_word(k.wrapping_sub(1), b"await")
    }

    fn on_open(&mut self, k: usize, b: Bracket) {
        let mate = self.tokens[k].mate as usize;
        match b {
            Bracket::Paren(Paren::Params | Paren::Catch) => {
                self.push_scope(ScopeKind::Params, self.reach(k, b), Vec::new());
                self.elements(k + 1, mate, false, true);
            }
            Bracket::Paren(Paren::Head) if self.for_head(k) => {
                self.push_scope(ScopeKind::Block, self.reach(k, b), Vec::new());
            }
            Bracket::Brace(Brace::Body { .. } | Brace::ArrowBody | Brace::Static) => {
                self.push_scope(ScopeKind::Body, mate, Vec::new());
            }
            Bracket::Brace(Brace::Block) => self.push_scope(ScopeKind::Block, mate, Vec::new()),
            Bracket::Brace(Brace::Module) => {
                // `import {…}`, `export {…}`: each name may be the binding.
                for j in k + 1..mate {
                    if self.kind(j) == Some(Kind::Word) {
                        if let Some(name) = self.wants(j) {
                            self.free.insert(name.into_owned());
                        }
                        self.binding[j] = true;
                    }
                }
            }
            _ => {}
        }
    }

    /// The last token of the body of the function whose parameters close at `close`.
    fn body_end(&self, close: usize) -> usize {
        match self.kind(close + 1) {
            Some(Kind::Open(Bracket::Brace(_))) => self.tokens[close + 1].mate as usize,
            Some(Kind::Punct(P::Arrow)) => self.arrow_end(close + 2),
            // Parameters that no body follows: nothing is bound past them.
            _ => close,
        }
    }

    /// The last token of an arrow's body starting at `from`: a braced body's
    /// `}`, or a concise body read narrowly (up to a `,`, `;`, `:`, a closing
    /// bracket or a line break where a statement may end).
    fn arrow_end(&self, from: usize) -> usize {
        if let Some(Kind::Open(Bracket::Brace(_))) = self.kind(from) {
            return self.tokens[from].mate as usize;
        }
        let stop = |k: usize| matches!(self.tokens[k].kind, Kind::Punct(P::Comma | P::Semi | P::Colon));
        self.level_end(from, stop).1
    }

    /// Where an expression starting at `from` ends on its bracket level: at
    /// the first token `stop` takes, a closing bracket, a line break where a
    /// statement may end, or the end of the run (bracket groups are skipped
    /// whole). Returns that token's index and the last token before it.
    fn level_end(&self, from: usize, stop: impl Fn(usize) -> bool) -> (usize, usize) {
        let mut j = from;
        let mut last = from.saturating_sub(1);
        while j < self.tokens.len() {
            let t = self.tokens[j];
            if t.kind == Kind::Close || stop(j) || t.newline && self.may_end_statement(last, j) {
                break;
            }
            if let Kind::Open(_) = t.kind {
                last = t.mate as usize;
                j = t.mate as usize + 1;
                continue;
            }
            last = j;
            j += 1;
        }
        (j, last)
    }

    /// Whether a line break between tokens `a` and `b` may end a statement.
    fn may_end_statement(&self, a: usize, b: usize) -> bool {
        let value_ends = matches!(self.kind(a), Some(Kind::Word | Kind::Literal | Kind::Close | Kind::Private))
            || matches!(self.kind(a), Some(Kind::Punct(P::Inc | P::Dec)));
        let continues = match self.kind(b) {
            Some(Kind::Punct(P::Inc | P::Dec)) => false,
            Some(Kind::Punct(_)) => true,
            Some(Kind::Open(Bracket::Paren(_) | Bracket::Square)) => true,
            Some(Kind::Word) => matches!(self.text(b), b"in" | b"instanceof"),
            _ => false,
        };
        value_ends && !continues
    }

    /// Binding elements from `from` to `to` (exclusive): parameters, a catch
    /// parameter, or an array pattern's items; `defaults` skipped.
    fn elements(&mut self, from: usize, to: usize, lexical: bool, param: bool) {
        let mut j = from;
        while j < to {
            match self.kind(j) {
                Some(Kind::Punct(P::Comma)) => {
                    j += 1;
                    continue;
                }
                Some(Kind::Punct(P::Spread)) => j += 1,
                _ => {}
            }
            j = self.target(j, lexical, param);
            j = self.skip_default(j, to);
        }
    }

    /// A binding target at `j` (a name or a pattern); returns the token after it.
    fn target(&mut self, j: usize, lexical: bool, param: bool) -> usize {
        match self.kind(j) {
            Some(Kind::Word) if !reserved(self.text(j)) => {
                if param {
                    self.binding[j] = true;
                    if let Some(name) = self.wants(j) {
                        self.scopes.last_mut().expect("params scope").names.push(name.into_owned());
                    }
                } else {
                    self.declare(j, lexical);
                }
                j + 1
            }
            Some(Kind::Open(Bracket::Square)) => {
                let mate = self.tokens[j].mate as usize;
                self.elements(j + 1, mate, lexical, param);
                mate + 1
            }
            Some(Kind::Open(Bracket::Brace(_))) => {
                let mate = self.tokens[j].mate as usize;
                let mut i = j + 1;
                while i < mate {
                    match self.kind(i) {
                        Some(Kind::Punct(P::Comma)) => {
                            i += 1;
                            continue;
                        }
                        Some(Kind::Punct(P::Spread)) => i = self.target(i + 1, lexical, param),
                        Some(Kind::Word | Kind::Literal) if self.kind(i + 1) == Some(Kind::Punct(P::Colon)) => {
                            i = self.target(i + 2, lexical, param);
                        }
                        Some(Kind::Open(Bracket::Square)) => {
                            let close = self.tokens[i].mate as usize;
                            if self.kind(close + 1) != Some(Kind::Punct(P::Colon)) {
                                return mate + 1;
                            }
                            i = self.target(close + 2, lexical, param);
                        }
                        Some(Kind::Word) => i = self.target(i, lexical, param),
                        // Not a pattern the tool reads: bind nothing more of it.
                        _ => return mate + 1,
                    }
                    i = self.skip_default(i, mate);
                }
                mate + 1
            }
            // Not a target: nothing bound; go on after it.
            _ => j + 1,
        }
    }

    /// Past a `= default` (or anything else) up to the next `,` at this level, or `to`.
    fn skip_default(&self, mut j: usize, to: usize) -> usize {
        while j < to {
            match self.tokens[j].kind {
                Kind::Punct(P::Comma) => return j,
                Kind::Open(_) => j = self.tokens[j].mate as usize + 1,
                _ => j += 1,
            }
        }
        to
    }

    /// A declaration list after `var`/`let`/`const` at `k`.
    fn declarations(&mut self, k: usize, lexical: bool) {
        let mut j = k + 1;
        loop {
            let Some(kind) = self.kind(j) else { return };
            if !matches!(kind, Kind::Word | Kind::Open(Bracket::Square | Bracket::Brace(_))) {
                return;
            }
            j = self.target(j, lexical, false);
            // The initialiser, up to the next `,` of this list (`in`/`of` end a `for` head's).
            let stop = |at: usize| {
                matches!(self.tokens[at].kind, Kind::Punct(P::Comma | P::Semi))
                    || self.is_word(at, b"in")
                    || self.is_word(at, b"of")
            };
            let (end, _) = self.level_end(j, stop);
            if self.kind(end) != Some(Kind::Punct(P::Comma)) {
                return;
            }
            j = end + 1;
        }
    }

    fn on_word(&mut self, k: usize) {
        if self.binding[k] {
            return;
        }
        let w = self.text(k);
        let prev = k.checked_sub(1).map(|j| self.tokens[j].kind);
        let next = self.kind(k + 1);
        if matches!(prev, Some(Kind::Punct(P::Dot | P::OptDot))) {
            return;
        }
        match w {
            b"var" => return self.declarations(k, false),
            b"const" => return self.declarations(k, true),
            b"let"
                if (self.statement_start(k) || self.in_for_head(k))
                    && matches!(next, Some(Kind::Word | Kind::Open(Bracket::Brace(_)))) =>
            {
                return self.declarations(k, true);
            }
            b"function" => {
                // A declaration's name binds in its block; an expression's (conservatively) nowhere.
                let mut j = k + 1;
                if self.kind(j) == Some(Kind::Punct(P::Star)) {
                    j += 1;
                }
                let decl =
                    self.statement_start(k) || self.is_word(k.wrapping_sub(1), b"async") && self.statement_start(k - 1);
                if self.kind(j) == Some(Kind::Word) {
                    if decl {
                        self.declare(j, true);
                    } else {
                        self.binding[j] = true;
                    }
                }
                return;
            }
            b"class" => {
                if self.kind(k + 1) == Some(Kind::Word) && !self.is_word(k + 1, b"extends") {
                    if self.statement_start(k) {
                        self.declare(k + 1, true);
                    } else {
                        self.binding[k + 1] = true;
                    }
                }
                return;
            }
            b"break" | b"continue" => {
                if self.kind(k + 1) == Some(Kind::Word) && !self.tokens[k + 1].newline {
                    self.binding[k + 1] = true;
                }
                return;
            }
            _ => {}
        }
        // `x => …`: a parameter, bound in the arrow.
        if next == Some(Kind::Punct(P::Arrow)) {
            let until = self.arrow_end(k + 2);
            self.push_scope(ScopeKind::Params, until, Vec::new());
            self.target(k, false, true);
            return;
        }
        let Some(name) = self.wants(k) else { return };
        if self.is_key(k) {
            return;
        }
        self.scopes.last_mut().expect("a scope").pending.push(name.into_owned());
    }

    fn in_for_head(&self, k: usize) -> bool {
        matches!(self.inner(), Some(Bracket::Paren(Paren::Head)))
            && self.open.last().is_some_and(|o| *o + 1 == k && self.is_word(o.wrapping_sub(1), b"for"))
    }

    /// Whether the word at `k` names a property, a member or a label rather than a binding.
    fn is_key(&self, k: usize) -> bool {
        let prev = k.checked_sub(1).map(|j| self.tokens[j].kind);
        let next = self.kind(k + 1);
        match self.inner() {
            Some(Bracket::Brace(Brace::Object)) => {
                let after_open = matches!(prev, Some(Kind::Open(_) | Kind::Punct(P::Comma)))
                    || matches!(prev, Some(Kind::Word))
                        && matches!(self.text(k - 1), b"get" | b"set" | b"async")
                        && matches!(
                            k.checked_sub(2).map(|j| self.tokens[j].kind),
                            Some(Kind::Open(_) | Kind::Punct(P::Comma))
                        )
                    || prev == Some(Kind::Punct(P::Star));
                after_open
                    && (next == Some(Kind::Punct(P::Colon)) || next == Some(Kind::Open(Bracket::Paren(Paren::Params))))
            }
            Some(Bracket::Brace(Brace::Class { .. })) => self.class_member_start(k),
            _ => {
                // A label: `name:` where a statement starts.
                next == Some(Kind::Punct(P::Colon)) && self.statement_start(k)
            }
        }
    }

    /// Whether the word at `k` in a class body is a member's name.
    fn class_member_start(&self, k: usize) -> bool {
        let mut j = k;
        loop {
            let Some(p) = j.checked_sub(1) else { return false };
            match self.tokens[p].kind {
                Kind::Open(Bracket::Brace(Brace::Class { .. })) | Kind::Close | Kind::Punct(P::Semi) => return true,
                Kind::Punct(P::Star) => j = p,
                Kind::Word if matches!(self.text(p), b"static" | b"get" | b"set" | b"async" | b"accessor") => {
                    // A modifier: a name after it is a member's; one after a value is by ASI too.
                    return true;
                }
                _ => return false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `name` is free in `src`, read both ways: walked whole, and
    /// walked past the brackets that do not spell it (which must agree).
    fn free(src: &str, name: &str) -> bool {
        let whole = free_names(src.as_bytes(), &|n| n == name).expect("tokens read").contains(name);
        let skipping = read(src.as_bytes()).expect("tokens read").free_names_of(&[name]).contains(name);
        assert_eq!(whole, skipping, "{src}: the walk past brackets differs");
        whole
    }

    #[test]
    fn locals_and_properties_are_not_the_binding() {
        for src in [
            "function f(Pc){return Pc.x}",
            "function f(a){var Pc=a;return Pc}",
            "function f(a){if(a){var Pc=1}return Pc}",
            "var f=(a,{b:Pc})=>Pc+1;",
            "var f=Pc=>Pc*2;",
            "x.Pc=1;a?.Pc;",
            "var o={Pc:1,Pc(){return 1},get Pc(){return 2}};",
            "class A{Pc(){}static Pc=1;get Pc(){}#Pc;x=this.#Pc}",
            "try{}catch(Pc){Pc.y}",
            "function f(){let Pc=1;{Pc++}}",
            "function f(){return g();function Pc(){}function g(){return Pc}}",
            "for(const Pc of x){Pc()}",
            "function f(){Pc:for(;;){break Pc}}",
            "var g=function(){const[a,Pc]=b;return Pc};",
            "function f(){var a=1,Pc=2;return Pc}",
            "function f(a,b=c=>c){var{x:{y:Pc}}=a;return Pc}",
            "class A{static{var Pc=1;Pc++}}",
            "var f=`a${x.Pc}b`;",
            // A keyword as a method's name after a modifier (a bundled exporter's `async export(…)`).
            "class A{async export(f,h){var Pc=f;return Pc}}",
            "class A{static get default(){let Pc=1;return Pc}}",
            "var o={async delete(a){const Pc=a;return Pc}};",
        ] {
            assert!(!free(src, "Pc"), "{src}");
        }
    }

    #[test]
    fn a_word_is_never_a_literals_text() {
        let word = |src: &str| read(src.as_bytes()).expect("tokens read").spells_word("Pc");
        for src in ["x=\"\\\\p{Pc}\";", "x=/\\p{Pc}/u;", "x=`Pc ${a}`;", "// Pc\nx=1;", "/* Pc */x=1;"] {
            assert!(!word(src), "{src}");
        }
        for src in ["x.Pc=1;", "new Pc;", "x={Pc:1};", "class A{#Pc}", "P\\u0063=1;"] {
            assert!(word(src), "{src}");
        }
    }

    #[test]
    fn a_name_is_a_token_or_a_whole_string() {
        let at = |src: &str| read(src.as_bytes()).expect("tokens read").names_at("Pc");
        for src in [
            "x=\"\\\\p{Pc}\";",
            "x=/\\p{Pc}/u;",
            "x=`Pc ${a}`;",
            "x=`a${b}Pc`;",
            "// Pc\nx=1;",
            "/* Pc */x=1;",
            "x='Pc '",
        ] {
            assert!(at(src).is_empty(), "{src}");
        }
        for (src, want) in
            [("x=`a${Pc}b`;", 6), ("a[\"Pc\"];", 2), ("a[`Pc`];", 2), ("a['P\\u0063'];", 2), ("P\\u0063=1;", 0)]
        {
            assert_eq!(at(src), [want], "{src}");
        }
    }

    #[test]
    fn a_key_is_a_name_before_a_colon_or_a_shorthand() {
        let keys = |src: &str| read(src.as_bytes()).expect("tokens read").keys_at("k");
        for src in ["x={k:1};", "x={'k':1};", "x={a,k};", "x={k}"] {
            assert_eq!(keys(src).len(), 1, "{src}");
        }
        for src in ["x.k=1;", "f(x.k,1);", "x={a:y.k};", "x={a:'k'};", "x={a:`${k}`};"] {
            assert!(keys(src).is_empty(), "{src}");
        }
    }

    #[test]
    fn a_literals_text_is_not_a_names() {
        let holding = |src: &str| read(src.as_bytes()).expect("tokens read").literals_holding("steer").len();
        for (src, want) in [
            ("steer=1;", 0),
            ("// steer\n", 0),
            ("x='a steer';", 1),
            ("x=`${a}steer${b}`", 1),
            ("x=`steer${a}`", 1),
            ("x=/steer/", 1),
            ("x='ste\\u0065r'", 1),
        ] {
            assert_eq!(holding(src), want, "{src}");
        }
    }

    #[test]
    fn each_class_runs_from_its_keyword_to_its_body() {
        let classes = |src: &str| read(src.as_bytes()).expect("tokens read").classes().map(<[_]>::to_vec);
        let src = "var a={class:1},A=class extends B{f(){return class{}}};class C{}";
        let got: Vec<&str> = classes(src).expect("paired").into_iter().map(|r| &src[r]).collect();
        assert_eq!(got, ["class extends B{f(){return class{}}}", "class{}", "class C{}"]);
        // A class in another's `extends` clause, on the same level: not paired, so in doubt.
        assert_eq!(classes("var A=class extends class{}{};"), None);
    }

    #[test]
    fn references_are_the_binding() {
        for src in [
            "new Pc();",
            "function f(a){return new Pc(a)}",
            "var o={Pc};",
            "var o={a:Pc};",
            "var o={...Pc};",
            "function f(a=Pc){var Pc}",
            "function f(){{let Pc}return Pc}",
            "var f=a=>a,g=Pc;",
            "var f=a=>a?Pc:b;",
            "var f=Pc=>1,g=Pc;",
            "var f=x=>x\nPc.y();",
            "class A{x=Pc;y=a*Pc}",
            "class A extends Pc{}",
            "switch(a){case b,Pc:break}",
            "var f=`${Pc}`;",
            "function f(){var a=1\nPc=2}",
            "function f(){try{}catch(e){}return Pc}",
            "var g=function Pc(){return Pc};",
            "export{Pc};",
            "a?.[Pc];",
            "var a=b?Pc:c;",
            "function f(){x=let\nPc=1}",
            "for(let i of Pc){}",
            "var a=b/Pc/c;",
            "if(a)/Pc/.test(b),Pc();",
            // Scopes that end inside a bracket passed over end there all the same.
            "var f=Pc=>(a),g=Pc;",
            "var f=Pc=>[a],g=Pc;",
            "var f=Pc=>{a},g=Pc;",
            "var f=(Pc)=>(a),g=Pc;",
            "try{}catch(Pc){a}Pc;",
            "for(let Pc of a){b}Pc;",
            "function f(Pc){a}Pc;",
        ] {
            assert!(free(src, "Pc"), "{src}");
        }
    }

    #[test]
    fn top_level_spellings_are_outside_braces_but_in_parentheses() {
        let at_top = |src: &str, name: &str| read(src.as_bytes()).expect("tokens read").spelled_at_top(name);
        for (src, name) in [("var C = JU;", "JU"), ("var C=(JU),D=1", "JU"), ("var C = J\\u0055;", "JU")] {
            assert!(at_top(src, name), "{src}");
        }
        for (src, name) in [
            ("var x = f(function (JU) { var C = JU; });", "JU"),
            ("var x = { a: JU };", "JU"),
            ("var x = [JU];", "JU"),
            ("var f = (JU) => 1;", "JU"),
            ("var x = `${JU}`;", "JU"),
            ("{ var C = JU; }", "JU"),
            ("var C = JUx;", "JU"),
        ] {
            assert!(!at_top(src, name), "{src}");
        }
    }

    #[test]
    fn doubtful_tokens_are_doubt() {
        for src in ["a=>{}\n/x/g", "a(", "'abc", "x = of / 2"] {
            assert!(free_names(src.as_bytes(), &|_| true).is_err(), "{src}");
        }
    }
}
