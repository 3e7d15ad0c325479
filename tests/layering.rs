//! The layout holds its layers: `src/` is one folder per pipeline stage, and a
//! file may use only its own folder and the folders of the stages below it
//! ([`STAGES`], lowest first; `src/lib.rs` declares exactly these). No two
//! files use each other, even through others. The uses are read from the
//! source text (every `crate::…` and `super::…` path, and a root file's bare
//! paths into its parts, in `use` lines and code alike), the way a crate
//! boundary would hold them if each folder were its own crate.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The stages, lowest first: each may use only itself and those before it.
const STAGES: &[&str] = &["tree", "read", "anchors", "fix", "proof", "run", "setup", "audit", "cli"];

/// Files of `src/` that are not in a stage folder: the crate's roots and the
/// binary's own allocator.
const OUTSIDE_STAGES: &[&str] = &["lib", "main", "allocator"];

/// A module path, `["read", "scan"]` for `src/read/scan.rs`.
type Module = Vec<String>;

/// The text of every `.rs` file under `src`, by module path.
fn sources(src: &Path) -> BTreeMap<Module, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(src).unwrap().with_extension("");
                let module = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
                out.insert(module, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    out
}

/// The modules `lib.rs` declares.
fn declared(lib: &str) -> Vec<String> {
    code_only(lib)
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|m| m.trim_end_matches(';').trim().to_string())
        .collect()
}

/// The source with comments, strings and character literals blanked, so
/// that a path spelled in a doc comment or a message is not a use.
fn code_only(source: &str) -> String {
    let b = source.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &source[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').map_or(b.len(), |n| i + n);
            i = end;
        } else if rest.starts_with("/*") {
            let mut depth = 0;
            while i < b.len() {
                if source[i..].starts_with("/*") {
                    depth += 1;
                    i += 2;
                } else if source[i..].starts_with("*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if let Some(hashes) = raw_string_start(rest).filter(|_| !(i > 0 && is_word(b[i - 1]))) {
            let close = format!("\"{}", "#".repeat(hashes));
            let body = i + 2 + hashes;
            i = source[body..].find(&close).map_or(b.len(), |n| body + n + close.len());
            out.push_str("\"\"");
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if let Some(len) = char_literal(rest) {
            i += len;
            out.push_str("' '");
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The identifier `text` starts with (empty if none).
fn word_at(text: &str) -> &str {
    &text[..text.bytes().position(|c| !is_word(c)).unwrap_or(text.len())]
}

/// `r"`, `r#"`, `br"`… at the start of `rest`: how many `#` it has.
fn raw_string_start(rest: &str) -> Option<usize> {
    let rest = rest.strip_prefix('b').unwrap_or(rest).strip_prefix('r')?;
    let hashes = rest.bytes().take_while(|c| *c == b'#').count();
    (rest.as_bytes().get(hashes) == Some(&b'"')).then_some(hashes)
}

/// A character literal (`'a'`, `'\n'`, `'\u{1F600}'`), not a lifetime.
fn char_literal(rest: &str) -> Option<usize> {
    let mut chars = rest.char_indices();
    if chars.next()?.1 != '\'' {
        return None;
    }
    let (_, c) = chars.next()?;
    if c == '\\' {
        return rest.get(3..)?.find('\'').map(|n| n + 4);
    }
    let (at, close) = chars.next()?;
    (close == '\'').then_some(at + 1)
}

/// Every module path the file refers to, resolved against the modules that
/// exist (the longest existing prefix of each path).
fn references(module: &Module, source: &str, known: &BTreeSet<Module>) -> BTreeSet<Module> {
    let code = code_only(source);
    let mut found = BTreeSet::new();
    // Inline modules (`mod tests { … }`) change what `super` means.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let b = code.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'{' => depth += 1,
            b'}' => {
                depth = depth
                    .checked_sub(1)
                    .unwrap_or_else(|| panic!("src/{}.rs: unbalanced braces as read", module.join("/")));
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            _ => {}
        }
        let word_start = i == 0 || !(is_word(b[i - 1]) || b[i - 1] == b':');
        if word_start {
            if let Some(name) = inline_module(&code[i..]) {
                inline.push((name, depth));
            }
            // A child module named bare (`judge::…` or `self::judge::…`) after its `mod` line.
            let own = code[i..].strip_prefix("self::").unwrap_or(&code[i..]);
            let word = word_at(own);
            if !word.is_empty() && own[word.len()..].starts_with("::") {
                let mut child = here(module, &inline);
                child.push(word.to_string());
                if known.contains(&child) {
                    found.insert(child);
                }
            }
            let from = if let Some(rest) = code[i..].strip_prefix("crate::") {
                Some((Vec::new(), rest))
            } else if let Some(rest) = code[i..].strip_prefix("super::") {
                let mut parent = here(module, &inline);
                parent.pop();
                Some((parent, rest))
            } else {
                None
            };
            if let Some((base, rest)) = from {
                for path in expand(rest).0 {
                    let full: Module = base.iter().cloned().chain(path).collect();
                    found.extend(longest_known(&full, known));
                }
            }
        }
        i += 1;
    }
    found.remove(module);
    found
}

/// The module the code at a point is in: the file's, then its inline ones.
fn here(module: &Module, inline: &[(String, usize)]) -> Module {
    module.iter().cloned().chain(inline.iter().map(|(n, _)| n.clone())).collect()
}

/// `mod name {` at the start of `text`: the name.
fn inline_module(text: &str) -> Option<String> {
    let rest = text.strip_prefix("mod ")?;
    let name = word_at(rest);
    rest[name.len()..].trim_start().starts_with('{').then(|| name.to_string())
}

/// The paths a `use` tree or an expression path spells from its start: `a::b`,
/// `{a, b::{c, d}}`, `a::{b, c}`. Returns them and how much text they took.
fn expand(text: &str) -> (Vec<Vec<String>>, usize) {
    let b = text.as_bytes();
    let mut i = 0;
    let skip_space = |i: &mut usize| {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    let mut prefix = Vec::new();
    loop {
        skip_space(&mut i);
        if i < b.len() && b[i] == b'{' {
            let mut all = Vec::new();
            i += 1;
            loop {
                skip_space(&mut i);
                if i >= b.len() || b[i] == b'}' {
                    i += 1;
                    break;
                }
                let (inner, used) = expand(&text[i..]);
                i += used;
                all.extend(inner.into_iter().map(|p| prefix.iter().cloned().chain(p).collect()));
                skip_space(&mut i);
                if i < b.len() && b[i] == b',' {
                    i += 1;
                }
            }
            return (all, i);
        }
        let word = word_at(&text[i..]);
        if word.is_empty() {
            return (vec![prefix], i);
        }
        i += word.len();
        if word != "self" {
            prefix.push(word.to_string());
        }
        if text[i..].starts_with("::") {
            i += 2;
        } else {
            return (vec![prefix], i);
        }
    }
}

fn longest_known(path: &[String], known: &BTreeSet<Module>) -> Option<Module> {
    (1..=path.len()).rev().map(|n| path[..n].to_vec()).find(|m| known.contains(m))
}

/// What is wrong with the layering of these sources (nothing when empty).
fn judge(files: &BTreeMap<Module, String>, order: &[&str]) -> Vec<String> {
    let mut wrong = Vec::new();
    let lib = files.get(&vec!["lib".to_string()]).expect("src/lib.rs");
    let mut stages: Vec<&str> = order.to_vec();
    let mut declared = declared(lib);
    stages.sort_unstable();
    declared.sort_unstable();
    if stages != declared {
        wrong.push(format!("src/lib.rs declares {declared:?}, the stages are {stages:?}"));
    }
    let rank = |m: &Module| order.iter().position(|s| *s == m[0]);
    let known: BTreeSet<Module> = files.keys().cloned().collect();
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, source) in files {
        if module.len() == 1 && OUTSIDE_STAGES.contains(&module[0].as_str()) {
            continue;
        }
        let Some(r) = rank(module) else {
            wrong.push(format!("src/{}.rs is in no stage folder that src/lib.rs declares", module.join("/")));
            continue;
        };
        let refs = references(module, source, &known);
        for to in &refs {
            match rank(to) {
                Some(t) if t > r => wrong.push(format!(
                    "src/{}.rs (stage {}) uses {} (stage {}, above it)",
                    module.join("/"),
                    module[0],
                    to.join("::"),
                    to[0]
                )),
                None => wrong.push(format!("src/{}.rs uses {}, which is in no stage", module.join("/"), to.join("::"))),
                _ => {}
            }
        }
        graph.insert(module.clone(), refs);
    }
    if let Some(circle) = a_circle(&graph) {
        wrong.push(format!(
            "files use each other in a circle: {}",
            circle.iter().map(|m| m.join("/")).collect::<Vec<_>>().join(" → ")
        ));
    }
    wrong
}

/// One circle of the graph, first node repeated at the end, if there is any.
fn a_circle(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Seen {
        Open,
        Done,
    }
    fn visit(
        at: &Module,
        graph: &BTreeMap<Module, BTreeSet<Module>>,
        seen: &mut BTreeMap<Module, Seen>,
        path: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        seen.insert(at.clone(), Seen::Open);
        path.push(at.clone());
        for next in graph.get(at).into_iter().flatten() {
            match seen.get(next) {
                Some(Seen::Open) => {
                    let from = path.iter().position(|m| m == next).unwrap();
                    let mut circle = path[from..].to_vec();
                    circle.push(next.clone());
                    return Some(circle);
                }
                Some(Seen::Done) => {}
                None => {
                    if let Some(c) = visit(next, graph, seen, path) {
                        return Some(c);
                    }
                }
            }
        }
        path.pop();
        seen.insert(at.clone(), Seen::Done);
        None
    }
    let mut seen = BTreeMap::new();
    for start in graph.keys() {
        if !seen.contains_key(start) {
            if let Some(c) = visit(start, graph, &mut seen, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn each_stage_uses_only_itself_and_the_stages_below_it_and_no_files_form_a_circle() {
    let files = sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let wrong = judge(&files, STAGES);
    assert!(wrong.is_empty(), "the layering is broken:\n{}", wrong.join("\n"));
}

fn tree(files: &[(&str, &str)]) -> BTreeMap<Module, String> {
    files.iter().map(|(p, s)| (p.split('/').map(str::to_string).collect(), s.to_string())).collect()
}

const LIB: &str = "//! pub mod nothing;\npub mod high;\npub mod low;\n";
const ORDER: &[&str] = &["low", "high"];

#[test]
fn an_upward_use_is_found_in_every_spelling() {
    for spelling in [
        "use crate::high::b::Thing;",
        "use crate::{high::b, low::x};",
        "use crate::{\n    high::{b::{self, Thing}},\n};",
        "fn f() { crate::high::b::go() }",
        "fn f() -> crate::high::Stage { todo!() }",
    ] {
        let files =
            tree(&[("lib", LIB), ("low", ""), ("low/x", ""), ("low/a", spelling), ("high", ""), ("high/b", "")]);
        let wrong = judge(&files, ORDER);
        assert!(wrong.iter().any(|w| w.contains("src/low/a.rs (stage low) uses high")), "{spelling}: {wrong:?}");
    }
}

#[test]
fn downward_uses_and_uses_in_comments_or_strings_pass() {
    let files = tree(&[
        ("lib", LIB),
        ("low", "pub mod a;"),
        ("low/a", "//! see crate::high::b\nconst S: &str = \"crate::high::b\";\nconst R: &str = r#\"crate::high\"#;"),
        ("high", ""),
        ("high/b", "use crate::low::a;\nuse super::c;\nmod tests { use super::*; }"),
        ("high/c", "fn f<'a>(x: &'a str) -> char { 'a' }"),
        ("high/d", "pub mod e;\nfn f() { e::g(); self::e::h() }"),
        ("high/d/e", "use crate::high::c;"),
    ]);
    assert_eq!(judge(&files, ORDER), Vec::<String>::new());
}

#[test]
fn a_circle_between_files_of_one_stage_is_found() {
    let files = tree(&[
        ("lib", LIB),
        ("low", ""),
        ("low/a", "use super::b::X;"),
        ("low/b", "use crate::low::c::Y;"),
        ("low/c", "fn f() { crate::low::a::z() }"),
        ("high", ""),
    ]);
    let wrong = judge(&files, ORDER);
    assert!(
        wrong.iter().any(|w| w.starts_with("files use each other in a circle: low/a → low/b → low/c → low/a")),
        "{wrong:?}"
    );
}

#[test]
fn a_circle_between_a_stage_root_and_its_part_is_found() {
    let files = tree(&[
        ("lib", LIB),
        ("low", "pub mod part;\npub struct Outcome;\nfn run() { part::show() }"),
        ("low/part", "use super::Outcome;"),
        ("high", ""),
    ]);
    assert_eq!(judge(&files, ORDER), vec!["files use each other in a circle: low → low/part → low".to_string()]);
}

#[test]
fn a_file_outside_the_stages_is_named() {
    let files = tree(&[("lib", LIB), ("low", ""), ("high", ""), ("stray", "")]);
    assert_eq!(judge(&files, ORDER), vec!["src/stray.rs is in no stage folder that src/lib.rs declares".to_string()]);
}
