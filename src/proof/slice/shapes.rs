//! Shapes the calibration reads from the code: the buffer class's literals,
//! the slots it may sit in, the keys of its messages, parameter lists, and the
//! bundle's own calls of the buffer, the drain and the end-of-turn check.
//! Hints only: the harness still keeps a form only for its observed effect.

use std::collections::BTreeSet;
use std::ops::Range;

use serde_json::{json, Value};
use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use super::cut::cut;
use super::cut::Edits;
use crate::anchors::pattern::{member_name, prop_name, strip_parens};
use crate::anchors::resolve::{FnInfo, Index, Resolution};
use crate::read::parse::range;
use crate::read::scope::{free_names, FnNode};

/// String literals of a node (the buffer class's kinds, origins, prefixes).
pub(super) fn literals<N: VisitWith<Literals>>(node: &N) -> Vec<String> {
    let mut l = Literals(Vec::new());
    node.visit_with(&mut l);
    l.0
}

pub struct Literals(Vec<String>);
impl Visit for Literals {
    fn visit_str(&mut self, node: &Str) {
        if let Some(v) = node.value.as_str() {
            if !v.is_empty() && v.len() <= 64 && !self.0.iter().any(|x| x == v) {
                self.0.push(v.to_string());
            }
        }
    }
}

/// Property names read right after `.sessionServices`: where the buffer may sit.
pub(super) fn service_slots<N: VisitWith<Slots>>(node: &N, into: &mut Vec<String>) {
    let mut s = Slots(std::mem::take(into));
    node.visit_with(&mut s);
    *into = s.0;
}

pub struct Slots(pub(super) Vec<String>);
impl Visit for Slots {
    fn visit_member_expr(&mut self, node: &MemberExpr) {
        if let Expr::Member(inner) = strip_parens(&node.obj) {
            if member_name(&inner.prop) == Some("sessionServices") {
                if let Some(name) = member_name(&node.prop) {
                    if !self.0.iter().any(|x| x == name) {
                        self.0.push(name.to_string());
                    }
                }
            }
        }
        node.visit_children_with(self);
    }
}

/// The keys of the object literal the append method builds a message with.
pub(super) fn entry_keys(expr: &Expr) -> Vec<String> {
    match strip_parens(expr) {
        Expr::Object(o) => o
            .props
            .iter()
            .filter_map(|p| match p {
                PropOrSpread::Prop(p) => match &**p {
                    Prop::KeyValue(kv) => prop_name(&kv.key).map(str::to_string),
                    Prop::Shorthand(id) => Some(id.sym.to_string()),
                    _ => None,
                },
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// A literal a default or an argument holds, as JSON.
fn literal(e: &Expr) -> Option<Value> {
    match strip_parens(e) {
        Expr::Lit(Lit::Str(s)) => s.value.as_str().map(|v| json!(v)),
        Expr::Lit(Lit::Num(n)) => Some(json!(n.value)),
        Expr::Lit(Lit::Bool(b)) => Some(json!(b.value)),
        Expr::Lit(Lit::Null(_)) => Some(Value::Null),
        Expr::Unary(u) if u.op == UnaryOp::Bang => match strip_parens(&u.arg) {
            Expr::Lit(Lit::Num(n)) => Some(json!(n.value == 0.0)),
            _ => None,
        },
        _ => None,
    }
}

/// One parameter: `{name}`, `{keys: [{key, default?}]}` for a destructured
/// object, with `default` when it has a literal one.
fn param_shape(pat: &Pat) -> Value {
    match pat {
        Pat::Ident(id) => json!({"name": &*id.id.sym}),
        Pat::Assign(a) => {
            let mut v = param_shape(&a.left);
            if let (Some(o), Some(d)) = (v.as_object_mut(), literal(&a.right)) {
                o.insert("default".into(), d);
            }
            v
        }
        Pat::Object(o) => {
            let keys: Vec<Value> = o
                .props
                .iter()
                .map(|p| match p {
                    ObjectPatProp::KeyValue(kv) => {
                        let default = match &*kv.value {
                            Pat::Assign(a) => literal(&a.right),
                            _ => None,
                        };
                        json!({"key": prop_name(&kv.key), "default": default})
                    }
                    ObjectPatProp::Assign(a) => {
                        json!({"key": &*a.key.sym, "default": a.value.as_deref().and_then(literal)})
                    }
                    ObjectPatProp::Rest(_) => json!({"rest": true}),
                })
                .collect();
            json!({"keys": keys})
        }
        Pat::Rest(_) => json!({"rest": true}),
        _ => json!({}),
    }
}

pub(super) fn params_of(f: FnNode) -> Value {
    match f {
        FnNode::Function(x) => Value::Array(x.params.iter().map(|p| param_shape(&p.pat)).collect()),
        FnNode::Arrow(x) => Value::Array(x.params.iter().map(param_shape).collect()),
        FnNode::Constructor(_) => json!([]),
    }
}

/// One argument of a call in the bundle: `{lit}`, `{object: [{key, value}]}`,
/// `{name}` (an identifier, or a member's last property), `{spread}` or `{}`.
fn arg_shape(e: &Expr) -> Value {
    if let Some(v) = literal(e) {
        return json!({"lit": v});
    }
    match strip_parens(e) {
        Expr::Ident(id) => json!({"name": &*id.sym}),
        Expr::Member(m) => json!({"name": member_name(&m.prop)}),
        Expr::Object(o) => {
            let props: Vec<Value> = o
                .props
                .iter()
                .map(|p| match p {
                    PropOrSpread::Spread(_) => json!({"spread": true}),
                    PropOrSpread::Prop(p) => match &**p {
                        Prop::KeyValue(kv) => json!({"key": prop_name(&kv.key), "value": arg_shape(&kv.value)}),
                        Prop::Shorthand(id) => json!({"key": &*id.sym, "value": {"name": &*id.sym}}),
                        _ => json!({}),
                    },
                })
                .collect();
            json!({"object": props})
        }
        _ => json!({}),
    }
}

/// The calls the calibration looks at: of the named top-level functions
/// (`fns`), and of the buffer's `methods` on it reached through `.<slot>`.
struct Calls<'x, 'p> {
    fns: &'x [&'x str],
    methods: &'x [String],
    slot: Option<&'x str>,
    /// Pinned: the calls visited are nodes of the parse the index holds.
    by_name: Vec<(&'x str, Range<usize>, &'p CallExpr)>,
    /// Whether a call on a local may be a call on the buffer here.
    locals: bool,
    on_buffer: Vec<(&'x str, Range<usize>, Option<String>, &'p CallExpr)>,
}

impl<'x> Calls<'x, '_> {
    /// Visits the top-level statements that spell a name or the slot.
    fn walk<T: VisitWith<Self> + swc_common::Spanned>(&mut self, body: &[T], source: &str) {
        let slot = self.slot.map(memchr::memmem::Finder::new);
        let fns: Vec<_> = self.fns.iter().map(memchr::memmem::Finder::new).collect();
        for item in body {
            let Some(text) = source.get(range(item)) else { continue };
            self.locals = slot.as_ref().is_some_and(|n| spells_token(text, n));
            if self.locals || fns.iter().any(|n| spells_token(text, n)) {
                item.visit_with(self);
            }
        }
    }
}

impl<'x> Visit for Calls<'x, '_> {
    fn visit_call_expr(&mut self, node: &CallExpr) {
        if let Callee::Expr(callee) = &node.callee {
            match strip_parens(callee) {
                Expr::Ident(id) => {
                    if let Some(name) = self.fns.iter().find(|n| **n == &*id.sym) {
                        self.by_name.push((name, range(node), crate::anchors::resolve::pin(node)));
                    }
                }
                Expr::Member(m) => {
                    let Some(method) = member_name(&m.prop).and_then(|p| self.methods.iter().find(|x| x.as_str() == p))
                    else {
                        return node.visit_children_with(self);
                    };
                    match (strip_parens(&m.obj), self.slot) {
                        (Expr::Member(inner), Some(slot)) if member_name(&inner.prop) == Some(slot) => {
                            self.on_buffer.push((method, range(node), None, crate::anchors::resolve::pin(node)))
                        }
                        (Expr::Ident(id), Some(_)) if self.locals => self.on_buffer.push((
                            method,
                            range(node),
                            Some(id.sym.to_string()),
                            crate::anchors::resolve::pin(node),
                        )),
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        node.visit_children_with(self);
    }
}

/// The object literals a construction's config is built from (see `config_parts`).
pub(super) fn config_of<'a>(
    index: &Index<'a>,
    new: &'a Expr,
    site: &Range<usize>,
    env: &[crate::anchors::resolve::Bound<'a>],
) -> Vec<crate::anchors::resolve::ConfigPart<'a>> {
    let Expr::New(n) = strip_parens(new) else { return Vec::new() };
    let Some(first) = n.args.as_ref().and_then(|a| a.first()) else { return Vec::new() };
    crate::anchors::resolve::config_parts_bound(index, &first.expr, site, env)
}

/// Whether a config sets `skipHooks` to anything but a literal false: the
/// mark of memory extraction.
/// Which cases a spawn path can stand for: (memory extraction, sub-agent).
/// skipHooks, memory extraction's mark, given as a literal decides; given
/// from elsewhere (`skipHooks: options.skipHooks`, one construction shared
/// by both, each caller saying which) it stands for both.
pub(super) fn serves(parts: &[crate::anchors::resolve::ConfigPart]) -> (bool, bool) {
    let mut marked = None;
    for part in parts {
        let crate::anchors::resolve::ConfigPart::Object(o) = part else { continue };
        for p in &o.props {
            let PropOrSpread::Prop(p) = p else { continue };
            match &**p {
                Prop::KeyValue(kv) if prop_name(&kv.key) == Some("skipHooks") => {
                    marked = Some(match literal(&kv.value) {
                        Some(serde_json::Value::Bool(false)) => (false, true),
                        Some(_) => (true, false),
                        None => (true, true),
                    });
                }
                Prop::Shorthand(id) if &*id.sym == "skipHooks" => marked = Some((true, true)),
                _ => {}
            }
        }
    }
    marked.unwrap_or((false, true))
}

/// Whether `text` holds the needle with no identifier character on either side.
fn spells_token(text: &str, needle: &memchr::memmem::Finder) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    let len = needle.needle().len();
    needle
        .find_iter(text.as_bytes())
        .any(|i| !text[..i].chars().next_back().is_some_and(word) && !text[i + len..].chars().next().is_some_and(word))
}

/// Adds to the drain's and the end-of-turn check's slices their parameter
/// list and the bundle's own calls of them (a maker's calls as text to
/// evaluate, whose free names go into `free`); returns the buffer methods'
/// parameter lists and the bundle's calls of them.
pub(super) fn code_shapes(
    resolution: &Resolution,
    program: &Program,
    buffer: &Class,
    slot: Option<&str>,
    targets: [(&mut Value, &FnInfo, Option<&FnInfo>); 2],
    free: &mut BTreeSet<String>,
    insertions: &Edits,
) -> (serde_json::Map<String, Value>, Vec<Value>) {
    let params: serde_json::Map<String, Value> = buffer
        .body
        .iter()
        .filter_map(|m| match m {
            ClassMember::Method(m) if !m.is_static && m.kind == MethodKind::Method => prop_name(&m.key).map(|k| {
                (k.to_string(), Value::Array(m.function.params.iter().map(|p| param_shape(&p.pat)).collect()))
            }),
            _ => None,
        })
        .collect();
    let methods: Vec<String> = params.keys().cloned().collect();
    let names: Vec<Option<String>> = targets
        .iter()
        .map(|(call, f, maker)| {
            maker.map_or(f.name, |m| m.name).filter(|_| call["form"] != "method").map(str::to_string)
        })
        .collect();
    let fns: Vec<&str> = names.iter().flatten().map(String::as_str).collect();
    let (calls, buffer_calls) = code_calls(resolution, program, &fns, &methods, slot, insertions);
    for ((call, f, maker), name) in targets.into_iter().zip(&names) {
        let own = calls.iter().filter(|c| Some(&c.name) == name.as_ref());
        call["params"] = params_of(f.node);
        if maker.is_some() {
            let mut makers = Vec::new();
            for c in own {
                if let Some((text, needs)) = &c.text {
                    makers.push(json!({"at": c.at, "args": text}));
                    free.extend(needs.iter().cloned());
                }
            }
            call["makers"] = Value::Array(makers);
        } else {
            call["calls"] = own.map(|c| json!({"at": c.at, "args": c.args})).collect();
        }
    }
    (params, buffer_calls)
}

/// A call of a named top-level function in the bundle.
struct NamedCall {
    name: String,
    at: usize,
    args: Vec<Value>,
    /// The arguments' text, when they can be evaluated at top level (no
    /// spread, no local of the caller), and the free names they need.
    text: Option<(String, BTreeSet<String>)>,
}

/// The bundle's own calls of the named top-level functions `fns`, and of
/// the buffer's `methods` through `.<slot>` (or a local bound to it).
fn code_calls(
    resolution: &Resolution,
    program: &Program,
    fns: &[&str],
    methods: &[String],
    slot: Option<&str>,
    insertions: &Edits,
) -> (Vec<NamedCall>, Vec<Value>) {
    let index = &resolution.index;
    // The prefilter must parse every statement that could hold such a call:
    // those where the name may refer to the top-level function (a minifier's
    // one-letter name is a token in most statements, a reference in few).
    for name in fns {
        index.lookups.mention(name, crate::anchors::resolve::Mention::Reference);
    }
    if let Some(slot) = slot {
        index.lookups.mention(slot, crate::anchors::resolve::Mention::Token);
    }
    let mut calls = Calls { fns, methods, slot, by_name: Vec::new(), locals: false, on_buffer: Vec::new() };
    // Only the top-level statements that spell a name or the slot as a
    // token: on a whole-file parse, walking every statement costs more than
    // reading its text. A call on a local is looked at only where the slot is spelled.
    match program {
        Program::Script(s) => calls.walk(&s.body, index.source),
        Program::Module(m) => calls.walk(&m.body, index.source),
    }
    let mut named = Vec::new();
    for (name, at, call) in calls.by_name {
        let locals = index.locals_around(&at);
        if locals.contains(name) {
            continue; // a local of the same name, not the top-level function
        }
        let args: Vec<Value> = call
            .args
            .iter()
            .map(|a| if a.spread.is_some() { json!({"spread": true}) } else { arg_shape(&a.expr) })
            .collect();
        let mut needs = BTreeSet::new();
        for a in &call.args {
            needs.extend(free_names(&*a.expr, &[]));
        }
        let evaluable = call.args.iter().all(|a| a.spread.is_none()) && !needs.iter().any(|n| locals.contains(n));
        let text = evaluable.then(|| {
            (
                call.args
                    .iter()
                    .map(|a| cut(index.source, &range(&*a.expr), insertions))
                    .collect::<Vec<_>>()
                    .join(", "),
                needs,
            )
        });
        named.push(NamedCall { name: name.to_string(), at: at.start, args, text });
    }
    let mut on_buffer = Vec::new();
    for (method, at, receiver, call) in calls.on_buffer {
        if let (Some(local), Some(slot)) = (&receiver, slot) {
            let bound = resolution.local_binding(&at, local).map(strip_parens);
            if !matches!(bound, Some(Expr::Member(m)) if member_name(&m.prop) == Some(slot)) {
                continue;
            }
        }
        if call.args.iter().any(|a| a.spread.is_some()) {
            continue;
        }
        let args: Vec<Value> = call.args.iter().map(|a| arg_shape(&a.expr)).collect();
        on_buffer.push(json!({"at": at.start, "method": method, "args": args}));
    }
    (named, on_buffer)
}
