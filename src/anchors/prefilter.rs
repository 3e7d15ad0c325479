//! Prefilter: parse only the top-level statements the anchors can touch.
//!
//! Every anchor names property names, method names or string literals that
//! survive minification, and a statement that spells none of them cannot hold
//! its match. `scan::scan` cuts the file into runs of whole top-level
//! statements; the runs that spell an anchor's literals are parsed (each on
//! its own, in the file's goal, spans in file offsets) and the anchors are
//! resolved, planned and sliced on them. That evaluation notes every lookup
//! that reaches beyond the statement at hand (`resolve::Lookups`): the text a
//! `same` constraint compares with (the execution class's binding), a config
//! helper's name, each top-level name the slicer binds. The runs that mention
//! those texts, or may declare those names, are parsed too and everything is
//! evaluated again, until an evaluation needs nothing new: its lookups then
//! saw exactly what they would have seen in the whole file.
//!
//! When it cannot be sure, the whole file is parsed: the scan may have
//! misread a statement boundary, a run does not parse on its own, a parsed
//! run holds `with` or `eval`, an anchor has nothing to search for, or the
//! runs to parse are most of a big file anyway.

use std::collections::HashMap;
use std::ops::Range;

use swc_ecma_ast::Program;

use crate::anchors::anchor::{AnchorSet, Shape};
use crate::anchors::pattern::{Literal, Pattern};
use crate::anchors::resolve::{Lookups, Mention};
use crate::read::parse::{self, ParseError, SourceKind};
use crate::read::scan::{self, Scan};
use crate::read::unescape::unescape;

/// Set (to anything) to parse the whole file: for the bench and the tests.
pub const WHOLE_PARSE_ENV: &str = "KIRO_STEER_SCOPE_WHOLE_PARSE";

/// Which parse ran, and why.
#[derive(Clone, Debug)]
pub struct ParseInfo {
    /// "prefilter" or "whole".
    pub path: &'static str,
    pub reason: String,
    pub parsed_bytes: usize,
}

/// Parses what the anchors can touch (or the whole file) and evaluates it
/// with `evaluate`, again after each growth, until its lookups are closed.
/// `whole`: a reason to skip the prefilter. Only a whole-file parse error or
/// refused nesting is an error.
pub fn evaluate<T>(
    source: &str,
    kind: SourceKind,
    anchors: &AnchorSet,
    whole: Option<String>,
    mut evaluate: impl FnMut(&Program, &Lookups) -> T,
) -> Result<(T, ParseInfo), ParseError> {
    let scan = scan::scan(source.as_bytes());
    parse::check_nesting(&scan)?;
    let reason = match whole {
        Some(reason) => reason,
        None => match prefiltered(source, kind, anchors, &scan, &mut evaluate) {
            Ok(done) => return Ok(done),
            Err(reason) => reason,
        },
    };
    let program = parse::parse_scanned(source, kind, &scan)?;
    let out = evaluate(&program, &Lookups::default());
    parse::drop_aside(program);
    Ok((out, ParseInfo { path: "whole", reason, parsed_bytes: source.len() }))
}

/// The prefilter's loop; Err: why the whole file must be parsed instead.
fn prefiltered<T>(
    source: &str,
    kind: SourceKind,
    anchors: &AnchorSet,
    scan: &Scan,
    evaluate: &mut impl FnMut(&Program, &Lookups) -> T,
) -> Result<(T, ParseInfo), String> {
    if let Some((at, why)) = scan.unsure {
        return Err(format!("{why} (byte {at}), so the statement boundaries are uncertain"));
    }
    let alternatives = required(anchors)?;
    let runs = Runs::new(source, scan);
    let mut wanted = vec![false; runs.count()];
    runs.prefetch(alternatives.iter().filter_map(|r| rarest(&r.literals)).map(|l| l.text.as_str()));
    for required in &alternatives {
        for run in runs.spelling_all(required) {
            wanted[run] = true;
        }
    }
    // The last statement too: a file cut short ends in a statement that does not parse.
    wanted[runs.count() - 1] = true;
    let mut parsed = vec![false; runs.count()];
    let mut tree: Option<Program> = None;
    let mut mentions: HashMap<(String, Mention), Vec<usize>> = HashMap::new();
    loop {
        let fresh = runs.coalesce(|run| wanted[run] && !parsed[run]);
        let total: usize = (0..runs.count()).filter(|r| wanted[*r]).map(|r| runs.range(r).len()).sum();
        if source.len() > parse::SPLIT_ABOVE && total * 2 > source.len() {
            return Err(format!("the statements the anchors touch are {}% of the file", total * 100 / source.len()));
        }
        if let Some((at, what)) = scan.dynamic.iter().find(|(at, _)| wanted[runs.of(*at)]) {
            return Err(format!("a statement the anchors touch uses `{what}` (byte {at})"));
        }
        let more = parse::parse_runs(source, &fresh, kind)
            .map_err(|e| format!("a statement the anchors touch does not parse on its own ({e})"))?;
        for range in &fresh {
            parsed[runs.of(range.start)..=runs.of(range.end - 1)].fill(true);
        }
        match &mut tree {
            Some(program) => parse::absorb(program, more),
            None => tree = Some(more),
        }
        let lookups = Lookups::default();
        let out = evaluate(tree.as_ref().expect("parsed"), &lookups);
        let mut grew = false;
        let fresh: Vec<(String, Mention)> =
            lookups.mentioned.borrow().iter().filter(|m| !mentions.contains_key(*m)).cloned().collect();
        // References are judged together: each run is read once for all the
        // names asked about it. An alias `var C = NAME` is one only where it is
        // a top-level statement, so there NAME stands outside every brace.
        runs.prefetch(fresh.iter().map(|(name, _)| name.as_str()));
        let found: Vec<Vec<usize>> = fresh.iter().map(|(name, how)| runs.mentioning(name, *how)).collect();
        let asked: Vec<(&str, &[usize])> = fresh
            .iter()
            .zip(&found)
            .filter(|((_, how), _)| *how == Mention::Reference)
            .map(|((name, _), runs)| (name.as_str(), runs.as_slice()))
            .collect();
        let referring = runs.referring(&asked);
        for (mention, mut found) in fresh.into_iter().zip(found) {
            match mention.1 {
                Mention::Reference => found = referring[&mention.0].clone(),
                Mention::Aliased => found.retain(|run| runs.spelled_at_top(*run, &mention.0)),
                // Text inside a literal or a comment is no token, however it is placed.
                Mention::Token | Mention::Constructed | Mention::Named => {
                    found.retain(|run| runs.spelled_as_word(*run, &mention.0))
                }
                Mention::Name => found.retain(|run| runs.spelled_as_name(*run, &mention.0)),
                _ => {}
            }
            mentions.insert(mention, found);
        }
        for mention in lookups.mentioned.borrow().iter() {
            for run in mentions[mention].iter() {
                grew |= !std::mem::replace(&mut wanted[*run], true);
            }
        }
        for name in lookups.top_level.borrow().iter() {
            for run in runs.declaring(name) {
                grew |= !std::mem::replace(&mut wanted[run], true);
            }
        }
        if !grew {
            let statements = parsed.iter().filter(|p| **p).count();
            let bytes: usize = (0..runs.count()).filter(|r| parsed[*r]).map(|r| runs.range(r).len()).sum();
            let reason = format!(
                "parsed {statements} of {} top-level statement runs ({bytes} of {} \
                bytes): those spelling the anchors' literals, and those mentioning or declaring the names they look up",
                runs.count(),
                source.len()
            );
            parse::drop_aside(tree);
            return Ok((out, ParseInfo { path: "prefilter", reason, parsed_bytes: bytes }));
        }
    }
}

/// What a match of one alternative pattern spells: all of `literals`, and
/// all inside one class where `in_one_class` (a class anchor's match is the
/// class, its method's pattern and the class's own both inside it).
struct Required {
    literals: Vec<Literal>,
    /// Names among `literals` the match spells as an object's key.
    keys: Vec<String>,
    in_one_class: bool,
}

/// For each anchor that can match outside another anchor's matches, the sets
/// of literals (one per alternative pattern) a match must spell all of. An
/// alternative that spells nothing is found through the text its `same`
/// constraint binds (a lookup); without one there is nothing to search for.
fn required(anchors: &AnchorSet) -> Result<Vec<Required>, String> {
    let mut out = Vec::new();
    for anchor in anchors.anchors.iter().filter(|a| a.inside.is_none()) {
        let in_one_class = matches!(anchor.shape, Shape::Class { .. });
        let of = |p: &Pattern| (p.literals(), p.keys());
        let alternatives: Vec<(Vec<Literal>, Vec<String>)> = match &anchor.shape {
            // The method's pattern and the class's own are both inside the class.
            Shape::Class { method, method_has, class_has } => {
                let (mut literals, mut keys) = of(method_has);
                if method != "*" {
                    literals.push(Literal::name(method));
                }
                for (more, more_keys) in class_has.iter().map(of) {
                    for more in more {
                        if !literals.contains(&more) {
                            literals.push(more);
                        }
                    }
                    keys.extend(more_keys.into_iter().filter(|k| !keys.contains(k)).collect::<Vec<_>>());
                }
                vec![(literals, keys)]
            }
            Shape::Function { has_string, has } => {
                has_string.iter().map(|s| (vec![Literal::text(s)], Vec::new())).chain(has.iter().map(of)).collect()
            }
            Shape::Expr { patterns } => patterns.iter().map(of).collect(),
        };
        for (literals, keys) in alternatives {
            if literals.is_empty() {
                if anchor.same.is_empty() {
                    return Err(format!(
                        "anchor `{}` has a pattern that spells no name or string to search for",
                        anchor.id
                    ));
                }
                continue;
            }
            if let Some(odd) = literals
                .iter()
                .find(|l| l.text.chars().any(|c| matches!(c, '\n' | '\r' | '\t' | '\\' | '\'' | '"' | '`')))
            {
                return Err(format!(
                    "anchor `{}` searches for `{}`, which holds a quote, a backslash or a line break",
                    anchor.id, odd.text
                ));
            }
            out.push(Required { literals, keys, in_one_class });
        }
    }
    // An alternative that spells all of another's (and, if that one's must
    // be in one class, in one class too) finds no run that one does not.
    out.sort_by_key(|r| r.literals.len());
    let mut kept: Vec<Required> = Vec::new();
    for r in out {
        if !kept.iter().any(|k| {
            (!k.in_one_class || r.in_one_class)
                && k.literals.iter().all(|l| r.literals.contains(l))
                && k.keys.iter().all(|key| r.keys.contains(key))
        }) {
            kept.push(r);
        }
    }
    Ok(kept)
}

/// The scan's statement runs, and where texts occur in them.
struct Runs<'s> {
    source: &'s str,
    scan: &'s Scan,
    /// Strings and template texts with escapes, decoded, with their run.
    escaped: Vec<(usize, String)>,
    /// Identifiers with escapes, decoded, with their run.
    escaped_words: Vec<(usize, String)>,
    /// Names top-level declarations may bind -> their runs (built when first asked).
    declared: std::cell::OnceCell<HashMap<&'s str, Vec<usize>>>,
    /// Each run's tokens once read for references (None: in doubt).
    tokens: std::cell::RefCell<HashMap<usize, std::rc::Rc<Option<crate::read::refer::Tokens<'s>>>>>,
    /// (run, name) -> whether the name may refer to its binding there, once judged.
    judged: std::cell::RefCell<HashMap<(usize, String), bool>>,
    /// Text -> every byte it starts at in the file: a name is looked up in
    /// several ways, and the file is searched once for it.
    found: std::cell::RefCell<HashMap<String, std::rc::Rc<Vec<usize>>>>,
}

impl<'s> Runs<'s> {
    fn new(source: &'s str, scan: &'s Scan) -> Runs<'s> {
        let decode = |ranges: &[Range<usize>]| {
            ranges
                .iter()
                .filter_map(|r| source.get(r.clone()).map(|raw| (run_of(&scan.starts, r.start), unescape(raw))))
                .collect()
        };
        Runs {
            source,
            scan,
            escaped: decode(&scan.escaped),
            escaped_words: decode(&scan.escaped_words),
            declared: std::cell::OnceCell::new(),
            tokens: std::cell::RefCell::new(HashMap::new()),
            judged: std::cell::RefCell::new(HashMap::new()),
            found: std::cell::RefCell::new(HashMap::new()),
        }
    }

    /// Searches the file for each of `texts` not searched yet, half of them
    /// on a second thread: a round asks for a dozen at once.
    fn prefetch<'t>(&self, texts: impl IntoIterator<Item = &'t str>) {
        let mut missing: Vec<&str> = texts.into_iter().filter(|t| !self.found.borrow().contains_key(*t)).collect();
        missing.sort_unstable();
        missing.dedup();
        let bytes = self.source.as_bytes();
        let search = |texts: &[&str]| -> Vec<Vec<usize>> {
            texts.iter().map(|t| memchr::memmem::find_iter(bytes, t.as_bytes()).collect()).collect()
        };
        let (first, second) = missing.split_at(missing.len() / 2);
        let found: Vec<Vec<usize>> = if first.is_empty() {
            search(second)
        } else {
            std::thread::scope(|scope| {
                let other = std::thread::Builder::new()
                    .name("search".into())
                    .spawn_scoped(scope, || search(first))
                    .expect("spawn search thread");
                let mine = search(second);
                other.join().expect("searching does not panic").into_iter().chain(mine).collect()
            })
        };
        let mut cache = self.found.borrow_mut();
        for (text, at) in missing.iter().zip(found) {
            cache.insert(text.to_string(), std::rc::Rc::new(at));
        }
    }

    /// Where `text` starts, in the whole file or in one run.
    fn positions(&self, text: &str, within: Option<usize>) -> std::rc::Rc<Vec<usize>> {
        let cached = self.found.borrow().get(text).cloned();
        let bytes = self.source.as_bytes();
        match (within, cached) {
            (None, Some(all)) => all,
            (None, None) => {
                self.prefetch([text]);
                self.found.borrow()[text].clone()
            }
            (Some(run), Some(all)) => {
                let r = self.range(run);
                let from = all.partition_point(|p| *p < r.start);
                let to = all.partition_point(|p| *p + text.len() <= r.end);
                std::rc::Rc::new(all[from..to.max(from)].to_vec())
            }
            (Some(run), None) => {
                let r = self.range(run);
                std::rc::Rc::new(
                    memchr::memmem::find_iter(&bytes[r.clone()], text.as_bytes()).map(|p| r.start + p).collect(),
                )
            }
        }
    }

    fn count(&self) -> usize {
        self.scan.starts.len()
    }

    /// The run holding byte `at`.
    fn of(&self, at: usize) -> usize {
        run_of(&self.scan.starts, at)
    }

    fn range(&self, run: usize) -> Range<usize> {
        self.scan.run_range(run, self.source.len())
    }

    /// Consecutive chosen runs as one range each.
    fn coalesce(&self, chosen: impl Fn(usize) -> bool) -> Vec<Range<usize>> {
        let mut out: Vec<Range<usize>> = Vec::new();
        for run in (0..self.count()).filter(|r| chosen(*r)) {
            let range = self.range(run);
            match out.last_mut() {
                Some(last) if last.end == range.start => last.end = range.end,
                _ => out.push(range),
            }
        }
        out
    }

    /// Runs where `text` occurs raw (`bounded`: as a token, in the place
    /// `how` says) or in an escaped literal.
    fn occurring(&self, text: &str, bounded: Option<Mention>, within: Option<usize>) -> Vec<usize> {
        let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
        let bytes = self.source.as_bytes();
        let first = text.bytes().next().is_some_and(word);
        let last = text.bytes().last().is_some_and(word);
        let mut out: Vec<usize> = Vec::new();
        for at in self.positions(text, within).iter().copied() {
            if let Some(how) = bounded {
                if (first && at > 0 && word(bytes[at - 1]))
                    || (last && bytes.get(at + text.len()).is_some_and(|b| word(*b)))
                    || !placed(bytes, at..at + text.len(), how)
                {
                    continue;
                }
            }
            let run = within.unwrap_or_else(|| self.of(at));
            if out.last() != Some(&run) {
                out.push(run);
            }
        }
        // A literal may be spelled with escapes in a string or a name; a token only in a name.
        let spelled = |(run, decoded): &&(usize, String)| {
            within.is_none_or(|w| w == *run) && if bounded.is_some() { decoded == text } else { decoded.contains(text) }
        };
        // A name may be a whole string in a computed key (`a["na\u006De"]`).
        let strings: &[(usize, String)] = match bounded {
            None | Some(Mention::Name) => &self.escaped,
            Some(_) => &[],
        };
        out.extend(strings.iter().chain(&self.escaped_words).filter(spelled).map(|(run, _)| *run));
        out
    }

    /// Runs that spell every one of the literals `required` names, as its
    /// match would: a name as a token, a text inside a string, a template or
    /// a regular expression; all inside one class if it says so.
    fn spelling_all(&self, required: &Required) -> Vec<usize> {
        let literals = &required.literals;
        let Some(rarest) = rarest(literals) else { return Vec::new() };
        // A name is a whole token (`isHandled`, not inside `isHandledReflectionObject`).
        let how = |l: &Literal| l.name.then_some(Mention::Name);
        let mut runs = self.occurring(&rarest.text, how(rarest), None);
        runs.sort_unstable();
        runs.dedup();
        runs.retain(|run| {
            literals.iter().all(|l| l == rarest || !self.occurring(&l.text, how(l), Some(*run)).is_empty())
        });
        // The bytes are there; are the tokens? Text in a string, a template,
        // a regular expression or a comment is no name, a name or a comment no string.
        runs.retain(|run| self.spelled_by_tokens(*run, required));
        runs
    }

    /// Whether the run's tokens spell every one of `required`'s literals (in
    /// one class if it says so). Tokens in doubt, or classes the lexer could
    /// not pair with their bodies: yes.
    fn spelled_by_tokens(&self, run: usize, required: &Required) -> bool {
        let tokens = self.tokens_of(run);
        let Some(tokens) = tokens.as_ref() else { return true };
        let at: Vec<Vec<usize>> = required
            .literals
            .iter()
            .map(|l| if l.name { tokens.names_at(&l.text) } else { tokens.literals_holding(&l.text) })
            .chain(required.keys.iter().map(|key| tokens.keys_at(key)))
            .collect();
        if at.iter().any(Vec::is_empty) {
            return false;
        }
        match (required.in_one_class, tokens.classes()) {
            (true, Some(classes)) => classes.iter().any(|c| at.iter().all(|a| a.iter().any(|p| c.contains(p)))),
            _ => true,
        }
    }

    /// Runs holding `text` as a token where `how` says (or inside an escaped literal).
    fn mentioning(&self, text: &str, how: Mention) -> Vec<usize> {
        if how == Mention::Spelled {
            return self.occurring(text, None, None);
        }
        self.occurring(text, Some(how), None)
    }

    /// For each name asked about, those of its given runs where it may refer
    /// to its top-level binding: where the run's tokens (`refer::free_names`)
    /// leave an occurrence free, or are in doubt. Sorted.
    fn referring(&self, asked: &[(&str, &[usize])]) -> HashMap<String, Vec<usize>> {
        let mut out: HashMap<String, Vec<usize>> = asked.iter().map(|(n, _)| (n.to_string(), Vec::new())).collect();
        let mut by_run: std::collections::BTreeMap<usize, Vec<&str>> = std::collections::BTreeMap::new();
        for (name, runs) in asked {
            for run in runs.iter() {
                let here = by_run.entry(*run).or_default();
                if !here.contains(name) {
                    here.push(name);
                }
            }
        }
        for (run, mut here) in by_run {
            let judged = self.judged.borrow();
            for name in here.iter().filter(|n| judged.get(&(run, n.to_string())) == Some(&true)) {
                out.get_mut(*name).expect("asked for").push(run);
            }
            here.retain(|n| !judged.contains_key(&(run, n.to_string())));
            drop(judged);
            if here.is_empty() {
                continue;
            }
            let tokens = self.tokens_of(run);
            let free = tokens.as_ref().as_ref().map(|t| t.free_names_of(&here));
            for name in here {
                let refers = free.as_ref().is_none_or(|f| f.contains(name));
                self.judged.borrow_mut().insert((run, name.to_string()), refers);
                if refers {
                    out.get_mut(name).expect("asked for").push(run);
                }
            }
        }
        out
    }

    /// The run's tokens, read once (None: in doubt).
    fn tokens_of(&self, run: usize) -> std::rc::Rc<Option<crate::read::refer::Tokens<'s>>> {
        self.tokens
            .borrow_mut()
            .entry(run)
            .or_insert_with(|| crate::read::refer::read(&self.source.as_bytes()[self.range(run)]).ok().into())
            .clone()
    }

    /// Whether `name` may stand outside every brace of the run (tokens in doubt: yes).
    fn spelled_at_top(&self, run: usize, name: &str) -> bool {
        self.tokens_of(run).as_ref().as_ref().is_none_or(|t| t.spelled_at_top(name))
    }

    /// Whether `name` may be a word of the run: a name, a key or a member, not
    /// text inside a string, a template, a regular expression or a comment
    /// (tokens in doubt: yes).
    fn spelled_as_word(&self, run: usize, name: &str) -> bool {
        self.tokens_of(run).as_ref().as_ref().is_none_or(|t| t.spells_word(name))
    }

    /// Whether `name` may be a name of the run as `Mention::Name` means it: a
    /// word, or the whole of a string (a computed key); not text inside a
    /// literal or a comment (tokens in doubt: yes).
    fn spelled_as_name(&self, run: usize, name: &str) -> bool {
        self.tokens_of(run).as_ref().as_ref().is_none_or(|t| !t.names_at(name).is_empty())
    }

    /// Runs that may bind `name` at top level.
    fn declaring(&self, name: &str) -> Vec<usize> {
        let declared = self.declared.get_or_init(|| {
            let mut map: HashMap<&str, Vec<usize>> = HashMap::new();
            for (start, end, run) in &self.scan.declared {
                map.entry(&self.source[*start..*end]).or_default().push(*run);
            }
            map
        });
        let mut out = declared.get(name).cloned().unwrap_or_default();
        for run in &self.scan.unlisted {
            if !self.occurring(name, Some(Mention::Token), Some(*run)).is_empty() && self.spelled_as_word(*run, name) {
                out.push(*run);
            }
        }
        out
    }
}

/// Whether the token at `at` stands where `how` says. A comment next to it
/// (a `/`) could hide anything, so it counts as a yes.
fn placed(bytes: &[u8], at: Range<usize>, how: Mention) -> bool {
    let space = |b: u8| b.is_ascii_whitespace();
    let before = |skip: &dyn Fn(u8) -> bool| {
        let mut j = at.start;
        while j > 0 && skip(bytes[j - 1]) {
            j -= 1;
        }
        j
    };
    let word_ends = |j: usize, word: &[u8]| {
        j >= word.len()
            && &bytes[j - word.len()..j] == word
            && !(j > word.len()
                && (bytes[j - word.len() - 1].is_ascii_alphanumeric()
                    || matches!(bytes[j - word.len() - 1], b'_' | b'$')))
    };
    match how {
        Mention::Token | Mention::Spelled | Mention::Name | Mention::Reference => true,
        Mention::Constructed => {
            let j = before(&|b| space(b) || b == b'(');
            j > 0 && bytes[j - 1] == b'/' || word_ends(j, b"new")
        }
        Mention::Aliased => {
            // `= NAME` ending the initialiser: `var C = NAME;`, `,C=NAME,`, `= (NAME)`.
            let j = before(&|b| space(b) || b == b'(');
            let assigned = j > 0 && bytes[j - 1] == b'=' && !(j > 1 && b"=!<>+-*/%&|^?".contains(&bytes[j - 2]));
            let mut k = at.end;
            while k < bytes.len() && space(bytes[k]) {
                k += 1;
            }
            let ends =
                k == bytes.len() || b",;)}/".contains(&bytes[k]) || k > at.end && bytes[at.end..k].contains(&b'\n');
            assigned && ends || j > 0 && bytes[j - 1] == b'/'
        }
        Mention::Named => {
            // `NAME =` and compound assignments (`NAME ||= …`), not comparisons.
            let mut k = at.end;
            while k < bytes.len() && space(bytes[k]) {
                k += 1;
            }
            let operator = &bytes[k..k + bytes[k..].iter().take_while(|b| b"=+-*/%<>&|^?!".contains(b)).count()];
            let assigned = operator.contains(&b'/')
                || operator.ends_with(b"=") && !matches!(operator, b"==" | b"===" | b"!=" | b"!==" | b"<=" | b">=");
            let j = before(&|b| space(b) || b == b'*');
            assigned || j > 0 && bytes[j - 1] == b'/' || word_ends(j, b"function")
        }
    }
}

/// The literal a run must spell that is searched for in the whole file: the
/// longest, so the rarest; the others are then looked for in its runs only.
fn rarest(literals: &[Literal]) -> Option<&Literal> {
    literals.iter().max_by_key(|l| l.text.len())
}

fn run_of(starts: &[usize], at: usize) -> usize {
    starts.partition_point(|s| *s <= at) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The statement runs (by their first bytes) that `required` picks in `source`.
    fn picked(source: &str, required: &Required) -> Vec<String> {
        let scan = scan::scan(source.as_bytes());
        assert!(scan.unsure.is_none(), "{source}");
        let runs = Runs::new(source, &scan);
        runs.spelling_all(required).into_iter().map(|r| source[runs.range(r)].trim().to_string()).collect()
    }

    fn names(names: &[&str]) -> Required {
        Required { literals: names.iter().map(|n| Literal::name(n)).collect(), keys: Vec::new(), in_one_class: false }
    }

    #[test]
    fn a_name_inside_a_literal_or_a_comment_picks_no_statement() {
        let source = "var a=\"\\\\p{Pc}\";\nvar b=`Pc ${x}`;\nvar c=/\\p{Pc}/u;\n// Pc\nvar d=1;\n/* Pc */var e=2;\nvar f='x Pc';\n";
        assert!(picked(source, &names(&["Pc"])).is_empty());
        let source = "var a=`x ${Pc} y`;\nvar b=o[\"Pc\"];\nvar c=P\\u0063;\nvar d=new Pc;\nvar e=\"Pc x\";\n";
        assert_eq!(
            picked(source, &names(&["Pc"])),
            ["var a=`x ${Pc} y`;", "var b=o[\"Pc\"];", "var c=P\\u0063;", "var d=new Pc;"]
        );
    }

    #[test]
    fn a_text_is_found_in_strings_templates_and_regular_expressions_only() {
        let text = Required { literals: vec![Literal::text("steer")], keys: Vec::new(), in_one_class: false };
        let source = "var a=steer;\nvar b='a steer';\nvar c=`x${y}steer`;\nvar d=/steer/;\n";
        assert_eq!(picked(source, &text), ["var b='a steer';", "var c=`x${y}steer`;", "var d=/steer/;"]);
        assert!(picked("var e=1;\n// steer\nvar f=2;\n/* steer */var g=3;\n", &text).is_empty());
    }

    #[test]
    fn a_class_anchor_wants_its_literals_in_one_class_and_its_keys_as_keys() {
        let buffer = Required {
            literals: ["handlers", "size", "Set"].iter().map(|n| Literal::name(n)).collect(),
            keys: vec!["handlers".into()],
            in_one_class: true,
        };
        let source = concat!(
            // Spread over two classes, and the key outside both.
            "var A=class{f(){return this.handlers.size}},B=class{g(){return new Set}},o={handlers:1};\n",
            // One class, but `handlers` never a key (a server's handler map).
            "var C=class{constructor(){this.handlers=new Map}f(){return this.handlers.size+new Set}};\n",
            // The buffer: a key and a member in one class.
            "var D=class{add(k){return{kind:k,handlers:new Set}}isHandled(m){return m.handlers.size>0}};\n",
            // A string key and the `extends` clause are the class's too.
            "class E extends f({\"handlers\":new Set}){g(m){return m.handlers.size}}\n",
        );
        assert_eq!(picked(source, &buffer).len(), 2, "{:?}", picked(source, &buffer));
        assert!(picked(source, &buffer)[0].starts_with("var D="));
        assert!(picked(source, &buffer)[1].starts_with("class E"));
    }

    #[test]
    fn a_name_lookup_reads_tokens_not_text() {
        let source = "var a='Pc';\nvar b=\"x Pc\";\nvar c=`${Pc}`;\n// Pc\nvar d=1;\n";
        let scan = scan::scan(source.as_bytes());
        let runs = Runs::new(source, &scan);
        let found: Vec<usize> =
            runs.mentioning("Pc", Mention::Name).into_iter().filter(|r| runs.spelled_as_name(*r, "Pc")).collect();
        let texts: Vec<&str> = found.iter().map(|r| source[runs.range(*r)].trim()).collect();
        assert_eq!(texts, ["var a='Pc';", "var c=`${Pc}`;"]);
    }
}
