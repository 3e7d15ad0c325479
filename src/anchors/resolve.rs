//! Resolve: evaluate the anchors against the parsed bundle, producing byte
//! ranges and captured names. One walk indexes classes and functions and
//! collects every candidate of every expression anchor ([`index`]); each
//! anchor is then judged here, with the options a construction is given read
//! by [`config`].

mod config;
pub mod flow;
mod index;

use std::collections::BTreeMap;
use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::anchor::{Anchor, AnchorSet, ConfigRule, Count, Shape};
use crate::anchors::pattern::{prop_name, strip_parens, Captures, Matcher, Pattern};
use crate::read::parse::range;

pub use config::{config_parts, config_parts_bound, Bound, ConfigPart};
use config::{local_binding, local_value};
pub(crate) use index::called_names;
pub(crate) use index::pin;
pub(crate) use index::PrivateCalls;
pub use index::{top_statements, within, Candidate, ClassInfo, FnInfo, Index, KeyBound, KeyText, Lookups, Mention};

#[derive(Clone, Debug)]
pub struct Match {
    pub range: Range<usize>,
    pub captures: Captures,
}

/// Why resolution stopped.
#[derive(Debug)]
pub enum Refusal {
    /// An anchor did not match as required.
    Drift { anchor: String, reason: String },
    /// A patch that is not ours is already in the bundle.
    Foreign { anchor: String, reason: String },
}

impl Refusal {
    pub fn anchor(&self) -> &str {
        match self {
            Refusal::Drift { anchor, .. } | Refusal::Foreign { anchor, .. } => anchor,
        }
    }
    pub fn reason(&self) -> &str {
        match self {
            Refusal::Drift { reason, .. } | Refusal::Foreign { reason, .. } => reason,
        }
    }
}

pub struct Resolution<'a> {
    pub index: Index<'a>,
    pub matches: BTreeMap<String, Vec<Match>>,
}

impl<'a> Resolution<'a> {
    pub fn get(&self, id: &str) -> &[Match] {
        self.matches.get(id).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The text of a capture that the anchor's matches agree on.
    pub fn capture(&self, id: &str, name: &str) -> Option<&'a str> {
        self.get(id).first().and_then(|m| m.captures.get(name)).map(|r| self.index.text(r))
    }
}

fn offsets(matches: &[Range<usize>]) -> String {
    let shown: Vec<String> = matches.iter().take(6).map(|r| format!("byte {}", r.start)).collect();
    let more = matches.len().saturating_sub(6);
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

pub fn resolve<'a>(
    source: &'a str,
    program: &'a Program,
    anchors: &AnchorSet,
    lookups: &'a Lookups,
) -> Result<Resolution<'a>, Refusal> {
    let index = Index::build(source, program, anchors, lookups);
    let mut resolution = Resolution { index, matches: BTreeMap::new() };
    for anchor in &anchors.anchors {
        let found = evaluate(&resolution, anchor)?;
        check_count(&resolution, anchor, &found)?;
        resolution.matches.insert(anchor.id.clone(), found);
    }
    Ok(resolution)
}

fn check_count(resolution: &Resolution, anchor: &Anchor, found: &[Match]) -> Result<(), Refusal> {
    if !anchor.count.accepts(found.len()) {
        let ranges: Vec<Range<usize>> = found.iter().map(|m| m.range.clone()).collect();
        let what = if found.is_empty() {
            "found none".to_string()
        } else {
            format!("found {} ({})", found.len(), offsets(&ranges))
        };
        // What was found first: a runner or a log that cuts the line keeps it.
        let reason = format!("needs {} match(es), {what}, of: {}", anchor.count.describe(), anchor.about);
        return Err(if anchor.count == Count::Exactly(0) {
            Refusal::Foreign { anchor: anchor.id.clone(), reason: format!("{what}: {}", anchor.about) }
        } else {
            Refusal::Drift { anchor: anchor.id.clone(), reason }
        });
    }
    for name in &anchor.agree {
        let mut texts: Vec<&str> =
            found.iter().filter_map(|m| m.captures.get(name)).map(|r| resolution.index.text(r)).collect();
        texts.sort();
        texts.dedup();
        if texts.len() > 1 {
            let shown: Vec<String> = texts.iter().take(4).map(|t| format!("`{}`", clip(t))).collect();
            return Err(Refusal::Drift {
                anchor: anchor.id.clone(),
                reason: format!("its matches disagree on ${name}: {}", shown.join(" vs ")),
            });
        }
    }
    Ok(())
}

/// Whether `text` is one plain identifier.
pub fn is_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

pub fn clip(text: &str) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() > 80 {
        format!("{}…", flat.chars().take(80).collect::<String>())
    } else {
        flat
    }
}

/// The method of `class` whose function holds `at`.
pub fn class_method<'c>(class: &'c Class, at: &Range<usize>) -> Option<&'c ClassMethod> {
    class.body.iter().find_map(|m| match m {
        ClassMember::Method(method) if within(at, &range(&*method.function)) => Some(method),
        _ => None,
    })
}

fn evaluate(resolution: &Resolution, anchor: &Anchor) -> Result<Vec<Match>, Refusal> {
    let index = &resolution.index;
    let mut found = match &anchor.shape {
        Shape::Class { method, method_has, class_has } => {
            classes_with_method(index, method, method_has, class_has.as_ref())
        }
        Shape::Function { has_string, has } => {
            let mut spots: Vec<Range<usize>> =
                has_string.iter().flat_map(|h| index.strings.get(h).into_iter().flatten().cloned()).collect();
            if !has.is_empty() {
                spots.extend(index.candidates.get(&anchor.id).into_iter().flatten().map(|c| c.range.clone()));
            }
            enclosing_functions(index, &spots)
        }
        Shape::Expr { .. } => {
            let mut out = Vec::new();
            for candidate in index.candidates.get(&anchor.id).into_iter().flatten() {
                if let Some(m) = accept_candidate(resolution, anchor, candidate)? {
                    out.push(m);
                }
            }
            out
        }
    };
    if let Some(inside) = &anchor.inside {
        let scopes: Vec<Range<usize>> = resolution
            .get(inside)
            .iter()
            .filter_map(|m| {
                if anchor.inside_enclosing_function {
                    index.enclosing_function(&m.range).map(|f| f.range.clone())
                } else {
                    Some(m.range.clone())
                }
            })
            .collect();
        let origin = scopes.clone();
        let scopes: Vec<Range<usize>> =
            if anchor.inside_calls { scopes.iter().flat_map(|s| index.with_callees(s)).collect() } else { scopes };
        found.retain(|m| scopes.iter().any(|s| within(&m.range, s)));
        if anchor.follow_arguments {
            found = found.into_iter().flat_map(|m| index.follow_to_callers(m, &origin, &scopes)).collect();
        }
    }
    for outside in &anchor.not_inside {
        let scopes: Vec<Range<usize>> = resolution.get(outside).iter().map(|m| m.range.clone()).collect();
        found.retain(|m| !scopes.iter().any(|s| within(&m.range, s)));
    }
    Ok(found)
}

fn accept_candidate(resolution: &Resolution, anchor: &Anchor, candidate: &Candidate) -> Result<Option<Match>, Refusal> {
    let index = &resolution.index;
    for (var, other, capture) in &anchor.same {
        let Some(bound) = candidate.captures.get(var) else { return Ok(None) };
        let Some(wanted) = resolution.capture(other, capture) else { return Ok(None) };
        index.look_for_class(wanted, mention_of(anchor, var));
        if !index.names_same_at(index.text(bound), wanted, &candidate.range) {
            return Ok(None);
        }
    }
    let mut captures = candidate.captures.clone();
    if let Some(rule) = &anchor.config {
        let Expr::New(new) = strip_parens(candidate.expr) else { return Ok(None) };
        let Some(first) = new.args.as_ref().and_then(|a| a.first()) else {
            return Ok(matches!(rule, ConfigRule::Lacks(_)).then(|| Match { range: candidate.range.clone(), captures }));
        };
        let parts = config_parts(index, &first.expr, &candidate.range, 0);
        let ok = match rule {
            ConfigRule::Has(pattern) => {
                let prop = pattern.property().expect("checked at load");
                let matcher = Matcher::new(index.source);
                parts.iter().any(|part| match part {
                    ConfigPart::Object(object) => object.props.iter().any(|p| {
                        let mut trial = captures.clone();
                        let hit = matcher.key_value(prop, p, &mut trial);
                        if hit {
                            captures = trial;
                        }
                        hit
                    }),
                    ConfigPart::Unknown => false,
                })
            }
            ConfigRule::Lacks(key) => parts.iter().all(|part| match part {
                ConfigPart::Object(object) => !object.props.iter().any(|p| has_key(p, key)),
                ConfigPart::Unknown => false,
            }),
        };
        if !ok {
            return Ok(None);
        }
    }
    Ok(Some(Match { range: candidate.range.clone(), captures }))
}

/// Where the text bound to `var` can occur in a match of `anchor`.
fn mention_of(anchor: &Anchor, var: &str) -> Mention {
    match &anchor.shape {
        Shape::Expr { patterns } if patterns.iter().all(|p| p.only_constructed(var)) => Mention::Constructed,
        _ => Mention::Token,
    }
}

fn has_key(prop: &PropOrSpread, key: &str) -> bool {
    let PropOrSpread::Prop(prop) = prop else { return false };
    match &**prop {
        Prop::KeyValue(kv) => prop_name(&kv.key) == Some(key),
        Prop::Shorthand(id) => &*id.sym == key,
        Prop::Method(m) => prop_name(&m.key) == Some(key),
        Prop::Getter(g) => prop_name(&g.key) == Some(key),
        Prop::Setter(s) => prop_name(&s.key) == Some(key),
        Prop::Assign(a) => &*a.key.sym == key,
    }
}

fn classes_with_method(index: &Index, method: &str, pattern: &Pattern, class_has: Option<&Pattern>) -> Vec<Match> {
    let matcher = Matcher::new(index.source);
    let mut out = Vec::new();
    for class in &index.classes {
        if let Some(has) = class_has {
            let mut search = ExprSearch { matcher: &matcher, pattern: has, hit: false };
            class.class.visit_with(&mut search);
            if !search.hit {
                continue;
            }
        }
        // `*`: any method of the class whose body has the pattern, whatever it is called.
        let found = class.class.body.iter().find_map(|member| {
            let ClassMember::Method(m) = member else { return None };
            if m.kind != MethodKind::Method || (method != "*" && prop_name(&m.key) != Some(method)) {
                return None;
            }
            let mut search = ExprSearch { matcher: &matcher, pattern, hit: false };
            m.function.visit_with(&mut search);
            search.hit.then_some(&m.key)
        });
        if let Some(key) = found {
            let mut captures = Captures::new();
            if let Some(name) = &class.name {
                captures.insert("CLASS".into(), name.clone());
            }
            if let PropName::Ident(id) = key {
                captures.insert("METHOD".into(), range(id));
            }
            out.push(Match { range: class.range.clone(), captures });
        }
    }
    out
}

struct ExprSearch<'m, 's> {
    matcher: &'m Matcher<'s>,
    pattern: &'m Pattern,
    hit: bool,
}

impl Visit for ExprSearch<'_, '_> {
    fn visit_expr(&mut self, node: &Expr) {
        if self.hit {
            return;
        }
        let mut captures = Captures::new();
        if self.matcher.match_pattern(self.pattern, node, &mut captures) {
            self.hit = true;
            return;
        }
        node.visit_children_with(self);
    }
}

/// The distinct innermost functions around these spots.
fn enclosing_functions(index: &Index, spots: &[Range<usize>]) -> Vec<Match> {
    let mut out: Vec<Match> = Vec::new();
    for spot in spots {
        let Some(function) = index.enclosing_function(spot) else { continue };
        // A constructor initialises its object: it is never the method a function anchor names.
        if matches!(function.node, crate::read::scope::FnNode::Constructor(_)) {
            continue;
        }
        if !out.iter().any(|m| m.range == function.range) {
            out.push(Match { range: function.range.clone(), captures: Captures::new() });
        }
    }
    out
}

impl<'a> Resolution<'a> {
    /// Candidates of an expression anchor that pass its `same` constraints,
    /// whatever their `config` rule says: e.g. every construction of the class.
    pub fn constructions(&self, anchor: &Anchor) -> Vec<Range<usize>> {
        self.index
            .candidates
            .get(&anchor.id)
            .into_iter()
            .flatten()
            .filter(|c| {
                anchor.same.iter().all(|(var, other, capture)| {
                    let bound = c.captures.get(var).map(|r| self.index.text(r));
                    let wanted = self.capture(other, capture);
                    if let Some(wanted) = wanted {
                        self.index.look_for_class(wanted, mention_of(anchor, var));
                    }
                    matches!((bound, wanted), (Some(b), Some(w)) if self.index.names_same_at(b, w, &c.range))
                })
            })
            .map(|c| c.range.clone())
            .collect()
    }

    /// The expression node at exactly this range, searched inside `within`.
    pub fn expr_at(&self, within: &FnInfo<'a>, at: &Range<usize>) -> Option<&'a Expr> {
        struct Find<'a> {
            at: Range<usize>,
            found: Option<&'a Expr>,
        }
        impl<'a> Visit for Find<'a> {
            fn visit_expr(&mut self, node: &Expr) {
                if self.found.is_some() {
                    return;
                }
                let r = range(node);
                if r == self.at {
                    self.found = Some(index::pin(node));
                } else if r.start <= self.at.start && self.at.end <= r.end {
                    node.visit_children_with(self);
                }
            }
        }
        let mut find = Find { at: at.clone(), found: None };
        within.node.visit(&mut find);
        find.found
    }

    pub fn local_binding(&self, site: &Range<usize>, name: &str) -> Option<&'a Expr> {
        local_binding(&self.index, site, name)
    }

    /// `config::local_value`: a local's initialiser, and the key it destructures from it.
    pub fn local_value(&self, site: &Range<usize>, name: &str) -> Option<(&'a Expr, Option<String>)> {
        local_value(&self.index, site, name)
    }
}

/// Calls of `name(…)` (and, with `methods`, of `x.name(…)`) in what it
/// visits: each call's span and its arguments.
pub struct NamedCalls<'n, 'a> {
    name: &'n str,
    methods: bool,
    /// Pinned: callers visit only nodes of the program the index holds.
    pub found: Vec<(Range<usize>, Vec<&'a Expr>)>,
}

impl<'n> NamedCalls<'n, '_> {
    pub fn new(name: &'n str, methods: bool) -> Self {
        NamedCalls { name, methods, found: Vec::new() }
    }
}

impl<'a> Visit for NamedCalls<'_, 'a> {
    fn visit_call_expr(&mut self, call: &CallExpr) {
        if let Callee::Expr(callee) = &call.callee {
            let hit = match strip_parens(callee) {
                Expr::Ident(id) => &*id.sym == self.name,
                Expr::Member(m) => self.methods && crate::anchors::pattern::member_name(&m.prop) == Some(self.name),
                _ => false,
            };
            if hit {
                self.found.push((range(call), call.args.iter().map(|a| index::pin(&*a.expr)).collect()));
            }
        }
        call.visit_children_with(self);
    }
}

/// The buffer's slot in the session's services, and the member read after it,
/// from how the execution reads the buffer's length
/// (`this.sessionServices.liveSteering.length` -> `liveSteering`, `length`).
pub fn buffer_slot(len: &str) -> Option<(&str, &str)> {
    let word = |text: &str| text.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')).unwrap_or(text.len());
    let rest = len.split_once("sessionServices.")?.1;
    let slot = &rest[..word(rest)];
    // `(this.sessionServices.b).length`: a local the length method read it through, inlined.
    let after = rest[slot.len()..].trim_start_matches(['.', '?', ')']);
    (!slot.is_empty()).then(|| (slot, &after[..word(after)]))
}

impl<'a> Index<'a> {
    /// A match inside a callee whose captures are all that callee's
    /// parameters stands, at each call of it from the other scopes, for the
    /// arguments passed there (data, not names: a minified builder names the
    /// drain's message otherwise). Followed until the match lies in `origin`;
    /// one that cannot be followed is kept as it is, so `agree` still judges it.
    pub fn follow_to_callers(&self, m: Match, origin: &[Range<usize>], scopes: &[Range<usize>]) -> Vec<Match> {
        let mut done = Vec::new();
        let mut work = vec![(m, 0)];
        while let Some((m, depth)) = work.pop() {
            if origin.iter().any(|o| within(&m.range, o)) || depth >= 8 {
                done.push(m);
                continue;
            }
            match self.callers_view(&m, scopes) {
                Some(next) if !next.is_empty() => work.extend(next.into_iter().map(|n| (n, depth + 1))),
                _ => done.push(m),
            }
        }
        done.sort_by_key(|m| m.range.start);
        done
    }

    /// `m` seen from each call of the innermost callee holding it, or None
    /// where a capture is not one of its plain parameters or an argument not a name.
    fn callers_view(&self, m: &Match, scopes: &[Range<usize>]) -> Option<Vec<Match>> {
        let callee = scopes.iter().filter(|s| within(&m.range, s)).min_by_key(|s| s.end - s.start)?;
        let name = self.top_functions.iter().find(|(_, at)| at == callee).map(|(n, _)| *n)?;
        let params = self.function_at(callee)?.node.param_names();
        let mut positions = Vec::new();
        for (key, at) in &m.captures {
            let text = self.text(at);
            positions.push((key.clone(), params.iter().position(|p| *p == Some(text))?));
        }
        let mut out = Vec::new();
        for scope in scopes.iter().filter(|s| *s != callee) {
            let mut named = NamedCalls::new(name, false);
            self.function_at(scope)?.node.visit(&mut named);
            for (call, args) in named.found {
                let mut captures = Captures::new();
                for (key, i) in &positions {
                    let arg = range(*args.get(*i)?);
                    if !is_name(self.text(&arg)) {
                        return None;
                    }
                    captures.insert(key.clone(), arg);
                }
                out.push(Match { range: call, captures });
            }
        }
        Some(out)
    }
}
