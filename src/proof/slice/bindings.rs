//! The bundle's top-level bindings, and what a slice closes over: the pure
//! helpers its free names need, transitively, sliced in; the rest left free,
//! as stubs; and the names that only alias a class already sliced.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::ops::Range;

use serde_json::{json, Value};
use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use super::cut::cut;
use super::cut::Edits;
use crate::anchors::pattern::strip_parens;
use crate::anchors::resolve::{Index, Lookups};
use crate::read::parse::range;
use crate::read::scope::{free_names, is_global};

/// How one top-level name is bound.
enum Binding<'a> {
    /// `function f(){}` or `class C {}`: the declaration's bytes.
    Decl(Range<usize>, FreeOf<'a>),
    /// `var/let/const x = <pure initialiser>`: the initialiser's bytes.
    Init(Range<usize>, &'a Expr),
    /// An import, a `require`, an effectful initialiser, or a name bound twice: a stub.
    Opaque,
    /// `var x;`, declared once without a value: a stub, unless a lazy
    /// initialiser assigns it (see `lazy_bindings`).
    Uninit,
}

#[derive(Clone, Copy)]
enum FreeOf<'a> {
    Fn(&'a Function),
    Class(&'a Class),
}

/// Globals whose members a pure initialiser may call (`Object.freeze`, `Symbol.for`).
const PURE_CALL_GLOBALS: &[&str] =
    &["Object", "Symbol", "Array", "Math", "Number", "String", "JSON", "Reflect", "BigInt", "Boolean"];
/// Globals a pure initialiser may construct (`new Map()`).
const PURE_NEW_GLOBALS: &[&str] = &["Map", "Set", "WeakMap", "WeakSet", "Array", "Object"];

pub(super) struct TopLevel<'a> {
    names: HashMap<&'a str, Binding<'a>>,
    /// Names declared without a value: a lazy initialiser may assign them.
    uninit: HashSet<&'a str>,
    lookups: &'a Lookups,
}

impl<'a> TopLevel<'a> {
    /// How the top level binds `name` (noted for the prefilter).
    fn get(&self, name: &str) -> Option<&Binding<'a>> {
        self.lookups.top_level(name);
        if self.uninit.contains(name) {
            // Its value is assigned elsewhere (a lazy initialiser): every assignment must be seen.
            self.lookups.mention(name, crate::anchors::resolve::Mention::Token);
        }
        self.names.get(name)
    }

    pub(super) fn of(program: &'a Program, lookups: &'a Lookups) -> TopLevel<'a> {
        let mut names: HashMap<&'a str, Binding<'a>> = HashMap::new();
        let mut bind = |name: &'a str, b: Binding<'a>| {
            // A name bound twice at top level is not one helper.
            names.entry(name).and_modify(|old| *old = Binding::Opaque).or_insert(b);
        };
        let decl = |d: &'a Decl, bind: &mut dyn FnMut(&'a str, Binding<'a>)| match d {
            Decl::Fn(f) => bind(&f.ident.sym, Binding::Decl(range(&*f.function), FreeOf::Fn(&f.function))),
            Decl::Class(c) => bind(&c.ident.sym, Binding::Decl(range(&*c.class), FreeOf::Class(&c.class))),
            Decl::Var(v) => {
                for d in &v.decls {
                    match (&d.name, &d.init) {
                        (Pat::Ident(id), Some(init)) => bind(&id.id.sym, Binding::Init(range(&**init), init)),
                        (Pat::Ident(id), None) => bind(&id.id.sym, Binding::Uninit),
                        (pat, _) => {
                            for name in pattern_names(pat) {
                                bind(name, Binding::Opaque);
                            }
                        }
                    }
                }
            }
            _ => {}
        };
        for (d, exported) in crate::read::scope::top_level_decls(program) {
            if exported {
                // An exported `var x;` is left a stub: only a module's own names are bound lazily.
                decl(d, &mut |n, b| bind(n, if matches!(b, Binding::Uninit) { Binding::Opaque } else { b }));
            } else {
                decl(d, &mut bind);
            }
        }
        if let Program::Module(m) = program {
            for item in &m.body {
                if let ModuleItem::ModuleDecl(ModuleDecl::Import(import)) = item {
                    for s in &import.specifiers {
                        let local = match s {
                            ImportSpecifier::Named(n) => &n.local,
                            ImportSpecifier::Default(d) => &d.local,
                            ImportSpecifier::Namespace(n) => &n.local,
                        };
                        bind(&local.sym, Binding::Opaque);
                    }
                }
            }
        }
        let uninit = lazy_bindings(program, &mut names);
        TopLevel { names, uninit, lookups }
    }

    /// Whether `e` can be evaluated in the harness without effects, given
    /// which top-level names are themselves pure.
    fn pure(&self, e: &Expr, seen: &mut HashSet<String>) -> bool {
        match strip_parens(e) {
            Expr::Fn(_) | Expr::Arrow(_) | Expr::Class(_) | Expr::Lit(_) | Expr::This(_) => true,
            Expr::Tpl(t) => t.exprs.iter().all(|x| self.pure(x, seen)),
            Expr::Ident(id) => is_global(&id.sym) || self.pure_name(&id.sym, seen),
            Expr::Member(m) => {
                self.pure(&m.obj, seen)
                    && match &m.prop {
                        MemberProp::Computed(c) => self.pure(&c.expr, seen),
                        _ => true,
                    }
            }
            Expr::Unary(u) => u.op != UnaryOp::Delete && self.pure(&u.arg, seen),
            Expr::Bin(b) => self.pure(&b.left, seen) && self.pure(&b.right, seen),
            Expr::Cond(c) => self.pure(&c.test, seen) && self.pure(&c.cons, seen) && self.pure(&c.alt, seen),
            Expr::Seq(s) => s.exprs.iter().all(|x| self.pure(x, seen)),
            Expr::Array(a) => a.elems.iter().flatten().all(|x| self.pure(&x.expr, seen)),
            Expr::Object(o) => o.props.iter().all(|p| match p {
                PropOrSpread::Spread(s) => self.pure(&s.expr, seen),
                PropOrSpread::Prop(p) => match &**p {
                    Prop::KeyValue(kv) => !matches!(kv.key, PropName::Computed(_)) && self.pure(&kv.value, seen),
                    Prop::Shorthand(id) => is_global(&id.sym) || self.pure_name(&id.sym, seen),
                    Prop::Method(_) | Prop::Getter(_) | Prop::Setter(_) => true,
                    _ => false,
                },
            }),
            Expr::Call(c) => {
                let callee_pure = match &c.callee {
                    Callee::Expr(callee) => match strip_parens(callee) {
                        // A top-level helper function (esbuild's `__name(fn, "n")`).
                        Expr::Ident(id) => !is_global(&id.sym) && self.pure_fn(&id.sym, seen),
                        Expr::Member(m) => {
                            matches!(strip_parens(&m.obj), Expr::Ident(g) if PURE_CALL_GLOBALS.contains(&&*g.sym))
                        }
                        _ => false,
                    },
                    _ => false,
                };
                callee_pure && c.args.iter().all(|a| self.pure(&a.expr, seen))
            }
            Expr::New(n) => {
                matches!(strip_parens(&n.callee), Expr::Ident(g) if PURE_NEW_GLOBALS.contains(&&*g.sym))
                    && n.args.iter().flatten().all(|a| self.pure(&a.expr, seen))
            }
            _ => false,
        }
    }

    fn pure_name(&self, name: &str, seen: &mut HashSet<String>) -> bool {
        if !seen.insert(name.to_string()) {
            return true; // a cycle: judged by the rest of it
        }
        match self.get(name) {
            Some(Binding::Decl(..)) => true,
            Some(Binding::Init(_, init)) => self.pure(init, seen),
            _ => false,
        }
    }

    /// A name bound to a function (declaration or function/arrow initialiser).
    fn pure_fn(&self, name: &str, seen: &mut HashSet<String>) -> bool {
        match self.get(name) {
            Some(Binding::Decl(_, FreeOf::Fn(_))) => true,
            Some(Binding::Init(_, init)) => {
                matches!(strip_parens(init), Expr::Fn(_) | Expr::Arrow(_))
                    || matches!(strip_parens(init), Expr::Call(_)) && self.pure_name(name, seen)
            }
            _ => false,
        }
    }
}

/// A lazily initialised module (esbuild's `__esm`, or any wrapper called with
/// an initialiser): `var X;` at top level, `X = <value>` at the top of the
/// initialiser, or at the top of a top-level statement itself. Such a name, declared once without a value (`Binding::Uninit`)
/// and assigned once in the whole program, there, is bound to that value, as
/// its module would have it once initialised. Returns the names declared so
/// (looked up as tokens, so that every assignment of one is parsed and seen).
fn lazy_bindings<'a>(program: &'a Program, names: &mut HashMap<&'a str, Binding<'a>>) -> HashSet<&'a str> {
    let uninit: HashSet<&'a str> =
        names.iter().filter(|(_, b)| matches!(b, Binding::Uninit)).map(|(n, _)| *n).collect();
    let mut wrapped: Vec<&'a Expr> = Vec::new();
    for stmt in crate::anchors::resolve::top_statements(program) {
        match stmt {
            Stmt::Decl(Decl::Var(v)) => wrapped.extend(v.decls.iter().filter_map(|d| d.init.as_deref())),
            Stmt::Expr(e) => wrapped.push(&e.expr),
            _ => {}
        }
    }
    let mut assigned: HashMap<&'a str, Vec<&'a AssignExpr>> = HashMap::new();
    let mut note = |a: &'a AssignExpr| {
        if let AssignTarget::Simple(SimpleAssignTarget::Ident(id)) = &a.left {
            assigned.entry(crate::anchors::resolve::pin::<str>(&id.id.sym)).or_default().push(a);
        }
    };
    for e in wrapped {
        // Made at top level as the module runs: `var b, w = (b = {…}, function …)`,
        // a minifier's hoisting of a factory's argument.
        top_assignments(e, &mut note);
        let Expr::Call(call) = strip_parens(e) else { continue };
        for arg in &call.args {
            for body in initialiser_bodies(&arg.expr) {
                for stmt in body {
                    if let Stmt::Expr(e) = stmt {
                        top_assignments(&e.expr, &mut note);
                    }
                }
            }
        }
    }
    assigned.retain(|name, at| uninit.contains(name) && matches!(at.as_slice(), [only] if only.op == AssignOp::Assign));
    // One walk of the program for every candidate: a bundle has thousands of them.
    let counts = count_assignments(program, &assigned.keys().copied().collect());
    for (name, at) in assigned {
        if counts.get(name) == Some(&1) {
            names.insert(name, Binding::Init(range(&*at[0].right), &at[0].right));
        }
    }
    uninit
}

/// The statement lists an initialiser passed to a wrapper runs: a function's
/// or arrow's body, or the methods of an object of them (`{"src/x.ts"() {…}}`).
fn initialiser_bodies(e: &Expr) -> Vec<&Vec<Stmt>> {
    match strip_parens(e) {
        Expr::Fn(f) => f.function.body.iter().map(|b| &b.stmts).collect(),
        Expr::Arrow(a) => match &*a.body {
            ArrowFunctionBody::FunctionBody(b) => vec![&b.stmts],
            ArrowFunctionBody::Expr(_) => Vec::new(),
        },
        Expr::Object(o) => o
            .props
            .iter()
            .filter_map(|p| match p {
                PropOrSpread::Prop(p) => match &**p {
                    Prop::Method(m) => m.function.body.as_ref().map(|b| &b.stmts),
                    Prop::KeyValue(kv) => initialiser_bodies(&kv.value).into_iter().next(),
                    _ => None,
                },
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The assignments an expression statement makes at its own level (`a = 1`,
/// `a = 1, b = 2`, `a = (b = 1, c)`).
fn top_assignments<'e>(e: &'e Expr, each: &mut dyn FnMut(&'e AssignExpr)) {
    match strip_parens(e) {
        Expr::Assign(a) => {
            each(a);
            top_assignments(&a.right, each);
        }
        Expr::Seq(s) => s.exprs.iter().for_each(|x| top_assignments(x, each)),
        _ => {}
    }
}

/// Assignments to each of `names` anywhere in the program, whatever scope (a
/// local of the same name counts too: only a sure single assignment binds).
fn count_assignments<'n>(program: &Program, names: &HashSet<&'n str>) -> HashMap<&'n str, usize> {
    struct Count<'s, 'n> {
        names: &'s HashSet<&'n str>,
        counts: HashMap<&'n str, usize>,
    }
    impl Count<'_, '_> {
        fn one(&mut self, name: &str) {
            if let Some(n) = self.names.get(name) {
                *self.counts.entry(n).or_default() += 1;
            }
        }
    }
    if names.is_empty() {
        return HashMap::new();
    }
    let mut count = Count { names, counts: HashMap::new() };
    // Every write the grammar has (a `for (x of …)` head, a pattern, `x ||= …`),
    // not only plain assignments; a declaring `for` head binds a new local.
    for write in crate::read::writes::all_in(program) {
        if let (crate::read::writes::Target::Name(name, _), false) =
            (&write.target, write.how == crate::read::writes::How::ForDeclaration)
        {
            count.one(name);
        }
    }
    count.counts
}

fn pattern_names(pat: &Pat) -> Vec<&str> {
    struct Names<'n>(Vec<&'n str>);
    impl<'n> Visit for Names<'n> {
        fn visit_binding_ident(&mut self, node: &BindingIdent) {
            self.0.push(crate::anchors::resolve::pin::<str>(&node.id.sym));
        }
    }
    let mut names = Names(Vec::new());
    pat.visit_with(&mut names);
    names.0
}

/// A top-level name and where something is done to it.
type Placed = (String, Range<usize>);

/// The top-level helpers a set of free names needs, transitively, in source
/// order; and the names left free (stubs).
pub(super) struct Closure {
    pub(super) helpers: Vec<(usize, Value)>,
    pub(super) stubs: BTreeSet<String>,
    /// Top-level names the slices read that the bundle writes elsewhere
    /// (`for (flag of …)`, `limit = 0`), with where: the proof ran them with
    /// one value (or a stub) and cannot speak for the others.
    pub(super) written: Vec<(String, Range<usize>)>,
    /// Writes of the same kind inside the sliced code: the proof's outcome
    /// holds only if each ran in the cases (the harness reports which did).
    pub(super) to_run: Vec<(String, Range<usize>)>,
    /// Where the slices read each name of `to_run` (the starts of the reads):
    /// an unrun write matters only if one of them ran.
    pub(super) read_at: HashMap<String, Vec<usize>>,
}

pub(super) fn close_over(
    top: &TopLevel,
    source: &str,
    insertions: &Edits,
    start: BTreeSet<String>,
    known: &[&str],
    sliced: &[Range<usize>],
    writes: &crate::read::writes::TopLevelWrites,
) -> Closure {
    let mut sliced = sliced.to_vec();
    let mut helpers = Vec::new();
    let mut stubs = BTreeSet::new();
    let mut done: HashSet<String> = known.iter().map(|s| s.to_string()).collect();
    let mut todo: Vec<String> = start.into_iter().collect();
    while let Some(name) = todo.pop() {
        if !done.insert(name.clone()) {
            continue;
        }
        let pure = top.pure_name(&name, &mut HashSet::new());
        match top.get(name.as_str()) {
            Some(Binding::Decl(at, free)) if pure => {
                let more = match free {
                    FreeOf::Fn(f) => free_names(*f, &[&name]),
                    FreeOf::Class(c) => free_names(*c, &[&name]),
                };
                todo.extend(more);
                sliced.push(at.clone());
                helpers.push((at.start, json!({"name": name, "decl": cut(source, at, insertions)})));
            }
            Some(Binding::Init(at, init)) if pure => {
                todo.extend(free_names(*init, &[]));
                sliced.push(at.clone());
                helpers.push((at.start, json!({"name": name, "init": cut(source, at, insertions)})));
            }
            _ => {
                stubs.insert(name);
            }
        }
    }
    helpers.sort_by_key(|(at, _)| *at);
    let names = helpers.iter().filter_map(|(_, h)| h["name"].as_str()).chain(stubs.iter().map(String::as_str));
    // Where the slices read each top-level name (the starts of the reads).
    let mut read_at: HashMap<String, Vec<usize>> = HashMap::new();
    for (name, span) in &writes.reads {
        let at = range(span);
        if sliced.iter().any(|s| crate::anchors::resolve::within(&at, s)) {
            read_at.entry(name.clone()).or_default().push(at.start);
        }
    }
    let (written, to_run) = written_elsewhere(top, names, &stubs, &sliced, writes, &read_at);
    read_at.retain(|name, _| to_run.iter().any(|(n, _)| n == name));
    Closure { helpers, stubs, written, to_run, read_at }
}

/// Which of `names`, bound at top level, are written outside the code the
/// proof runs (`sliced`) and where they are bound (a lazy initialiser's one
/// assignment is their binding); every statement spelling one is parsed for it.
/// A stub stands for any value already, so only a value the proof ran is
/// changed by code handed it (`const OPTIONS = {…}`); a logger built by a
/// call (`new Logger(…)`, a stub) whose method is called elsewhere is not.
fn written_elsewhere<'n>(
    top: &TopLevel,
    names: impl Iterator<Item = &'n str>,
    stubs: &BTreeSet<String>,
    sliced: &[Range<usize>],
    writes: &crate::read::writes::TopLevelWrites,
    read: &HashMap<String, Vec<usize>>,
) -> (Vec<Placed>, Vec<Placed>) {
    let bound: Vec<(&str, usize)> = names
        .filter_map(|n| {
            // `var x;` at top level: its lazy initialiser's one assignment is its binding.
            let allowed = match top.names.get(n)? {
                Binding::Init(..) | Binding::Uninit if top.uninit.contains(n) => 1,
                Binding::Init(..) | Binding::Decl(..) | Binding::Uninit => 0,
                Binding::Opaque => return None,
            };
            // Every statement that refers to the binding (a write is a reference) is parsed.
            top.lookups.mention(n, crate::anchors::resolve::Mention::Reference);
            Some((n, allowed))
        })
        .collect();
    if bound.is_empty() {
        return (Vec::new(), Vec::new());
    }
    // Inside the slices, a write counts as the proof's own only where a case
    // ran its function, and only for a name the slices read: a log array they
    // only append to holds nothing the proof's outcome could depend on.
    let mut to_run: Vec<(String, Range<usize>)> = Vec::new();
    let in_slices = |at: &Range<usize>| sliced.iter().any(|s| crate::anchors::resolve::within(at, s));
    let mut to_run_if_read = |n: &str, at: Range<usize>| {
        if read.contains_key(n) {
            to_run.push((n.to_string(), at));
        }
    };
    let mut seen: HashMap<&str, Vec<Range<usize>>> = HashMap::new();
    for write in &writes.names {
        let at = range(&write.at);
        if let crate::read::writes::Target::Name(name, _) = &write.target {
            if let Some((n, _)) = bound.iter().find(|(n, _)| *n == name.as_str()) {
                if !in_slices(&at) {
                    seen.entry(n).or_default().push(at);
                } else if !stubs.contains(*n) {
                    to_run_if_read(n, at);
                }
            }
        }
    }
    let mut mutated: HashMap<&str, Range<usize>> = HashMap::new();
    // A value bound at top level (`const OPTIONS = { … }`) changed through a
    // member outside the proof's code: the proof ran the literal, not that.
    for (name, span) in &writes.members {
        let at = range(span);
        if let Some((n, _)) = bound.iter().find(|(n, _)| *n == name.as_str()) {
            if matches!(top.names.get(n), Some(Binding::Init(..) | Binding::Decl(..))) && !stubs.contains(*n) {
                if in_slices(&at) {
                    to_run_if_read(n, at);
                } else {
                    mutated.entry(n).or_insert(at);
                }
            }
        }
    }
    // Or handed on outside it, where other code may change it: passed, stored,
    // or a method of it called that is not an arrow (a method gets it as `this`).
    // Top-level names some code assigns: a callee spelled by one may be any function.
    let rebound: HashSet<&str> = writes
        .names
        .iter()
        .filter_map(|w| match &w.target {
            crate::read::writes::Target::Name(name, _) => Some(name.as_str()),
            _ => None,
        })
        .collect();
    for (name, span, how) in &writes.handed {
        let at = range(span);
        let Some((n, _)) = bound.iter().find(|(n, _)| *n == name.as_str()) else { continue };
        if stubs.contains(*n) {
            continue;
        }
        let changes = match top.names.get(n) {
            Some(Binding::Init(_, init)) => may_change_through(top, init, how, &rebound),
            // A declared class or function has members other code may set (`C.enabled = true`).
            Some(Binding::Decl(..)) => handed_to_unknown(top, how, &rebound),
            _ => false,
        };
        if changes {
            if in_slices(&at) {
                to_run_if_read(n, at);
            } else {
                mutated.entry(n).or_insert(at);
            }
        }
    }
    let mut out: Vec<(String, Range<usize>)> = bound
        .iter()
        .filter_map(|(n, allowed)| {
            if let Some(at) = mutated.get(n) {
                return Some((n.to_string(), at.clone()));
            }
            let at = seen.get(n)?;
            (at.len() > *allowed).then(|| (n.to_string(), at.last().cloned().unwrap_or_default()))
        })
        .collect();
    out.sort_by_key(|(_, at)| at.start);
    to_run.sort_by_key(|(_, at)| at.start);
    to_run.dedup_by_key(|(_, at)| at.start);
    (out, to_run)
}

/// Whether a top-level value initialised by `init` may be changed by code
/// it is handed to `how`: a primitive cannot, nor a class or function handed
/// as a value; a member called as a method only if it uses `this`.
fn may_change_through(top: &TopLevel, init: &Expr, how: &crate::read::writes::Handed, rebound: &HashSet<&str>) -> bool {
    let mut value = crate::anchors::pattern::strip_parens(init);
    // `Object.freeze({…})`: the literal, frozen.
    let frozen = match value {
        Expr::Call(call) => crate::anchors::pattern::frozen_argument(call),
        _ => None,
    };
    if let Some(frozen) = frozen {
        value = crate::anchors::pattern::strip_parens(frozen);
        // Frozen, holding only primitives and names: nothing of it can change.
        if let Expr::Object(o) = value {
            let flat = o.props.iter().all(|p| match p {
                PropOrSpread::Prop(p) => match &**p {
                    Prop::KeyValue(kv) => {
                        let v = crate::anchors::pattern::strip_parens(&kv.value);
                        // `!0`, `-1`, `void 0`: a minifier's primitives.
                        let unary = matches!(v, Expr::Unary(u) if matches!(&*u.arg, Expr::Lit(_)));
                        unary || matches!(v, Expr::Lit(_) | Expr::Ident(_))
                    }
                    Prop::Shorthand(_) => true,
                    _ => false,
                },
                PropOrSpread::Spread(_) => false,
            });
            if flat {
                return false;
            }
        }
    }
    if matches!(value, Expr::Lit(_) | Expr::Tpl(_)) {
        return false;
    }
    // `const log = createLogger("x")`: the one literal that factory returns.
    if let Some(made) = made_by_factory(top, value, rebound) {
        value = made;
    }
    // A class or function handed on: its members (`static enabled`) are the
    // callee's to set, unless the callee is seen to set only its name.
    if matches!(value, Expr::Class(_) | Expr::Fn(_) | Expr::Arrow(_)) {
        return handed_to_unknown(top, how, rebound);
    }
    let crate::read::writes::Handed::Method(Some(key)) = how else { return true };
    let Expr::Object(o) = value else { return true };
    let named = |k: &PropName| crate::anchors::pattern::prop_name(k) == Some(key.as_str());
    let member = o.props.iter().find_map(|p| match p {
        PropOrSpread::Prop(p) => match &**p {
            Prop::KeyValue(kv) if named(&kv.key) => match named_function(&kv.value) {
                Expr::Arrow(_) => Some(false),
                Expr::Fn(f) => Some(uses_this(&f.function)),
                _ => Some(true),
            },
            Prop::Method(m) if named(&m.key) => Some(uses_this(&m.function)),
            Prop::Getter(_) | Prop::Setter(_) | Prop::KeyValue(_) | Prop::Method(_) | Prop::Shorthand(_) => None,
            Prop::Assign(_) => None,
        },
        PropOrSpread::Spread(_) => Some(true),
    });
    member.unwrap_or(true)
}

/// The object literal `f(…)` gives, where `f` is a top-level function never
/// reassigned whose one `return` (outside its nested functions) returns it.
fn made_by_factory<'a>(top: &TopLevel<'a>, value: &Expr, rebound: &HashSet<&str>) -> Option<&'a Expr> {
    struct Returns<'f>(Vec<Option<&'f Expr>>);
    impl<'f> Returns<'f> {
        fn body(&mut self, stmts: &'f [Stmt]) {
            for s in stmts {
                self.stmt(s);
            }
        }
        // Statements only (not expressions), so nested functions are never entered.
        fn stmt(&mut self, s: &'f Stmt) {
            match s {
                Stmt::Return(r) => self.0.push(r.arg.as_deref()),
                Stmt::Block(b) => self.body(&b.stmts),
                Stmt::If(i) => {
                    self.stmt(&i.cons);
                    if let Some(a) = &i.alt {
                        self.stmt(a);
                    }
                }
                Stmt::Try(t) => {
                    self.body(&t.block.stmts);
                    if let Some(h) = &t.handler {
                        self.body(&h.body.stmts);
                    }
                    if let Some(f) = &t.finalizer {
                        self.body(&f.stmts);
                    }
                }
                Stmt::For(f) => self.stmt(&f.body),
                Stmt::ForIn(f) => self.stmt(&f.body),
                Stmt::ForOf(f) => self.stmt(&f.body),
                Stmt::While(w) => self.stmt(&w.body),
                Stmt::DoWhile(w) => self.stmt(&w.body),
                Stmt::Labeled(l) => self.stmt(&l.body),
                Stmt::Switch(sw) => {
                    for c in &sw.cases {
                        self.body(&c.cons);
                    }
                }
                // `with`: anything may happen; no single literal.
                Stmt::With(_) => self.0.push(None),
                _ => {}
            }
        }
    }
    let Expr::Call(CallExpr { callee: Callee::Expr(c), .. }) = value else { return None };
    let Expr::Ident(f) = crate::anchors::pattern::strip_parens(c) else { return None };
    if rebound.contains(&*f.sym) {
        return None;
    }
    let Some(Binding::Decl(_, FreeOf::Fn(func))) = top.get(&f.sym) else { return None };
    let mut returns = Returns(Vec::new());
    returns.body(&func.body.as_ref()?.stmts);
    match returns.0.as_slice() {
        [Some(e)] => match crate::anchors::pattern::strip_parens(e) {
            o @ Expr::Object(_) => Some(o),
            _ => None,
        },
        _ => None,
    }
}

/// Whether a class or function handed on `how` reaches code that may set
/// its members: any callee but one that only names its first argument
/// (esbuild's `__name = (target, value) => __defProp(target, "name", …)`).
fn handed_to_unknown(top: &TopLevel, how: &crate::read::writes::Handed, rebound: &HashSet<&str>) -> bool {
    let crate::read::writes::Handed::Value(Some(callee)) = how else { return true };
    !names_only(top, callee, rebound)
}

/// Whether the top-level function `callee` only defines `name` on its first
/// parameter with `Object.defineProperty` (or a top-level name bound to it);
/// neither name assigned anywhere (`rebound`).
fn names_only(top: &TopLevel, callee: &str, rebound: &HashSet<&str>) -> bool {
    // Every statement that may assign either name is parsed for `rebound`.
    let refer = |name: &str| top.lookups.mention(name, crate::anchors::resolve::Mention::Reference);
    refer(callee);
    if rebound.contains(callee) {
        return false;
    }
    let Some(Binding::Init(_, init)) = top.get(callee) else { return false };
    let (params, body): (Vec<&Pat>, Option<&Expr>) = match crate::anchors::pattern::strip_parens(init) {
        Expr::Arrow(a) => (
            a.params.iter().collect(),
            match &*a.body {
                ArrowFunctionBody::Expr(e) => Some(&**e),
                ArrowFunctionBody::FunctionBody(b) => single_expression(b),
            },
        ),
        Expr::Fn(f) => {
            (f.function.params.iter().map(|p| &p.pat).collect(), f.function.body.as_ref().and_then(single_expression))
        }
        _ => return false,
    };
    let (Some(Pat::Ident(target)), Some(Expr::Call(call))) =
        (params.first(), body.map(crate::anchors::pattern::strip_parens))
    else {
        return false;
    };
    let Callee::Expr(f) = &call.callee else { return false };
    let unbound = |name: &str| top.get(name).is_none() && !rebound.contains(name);
    let define = |e: &Expr| {
        matches!(e, Expr::Member(m) if matches!(&*m.obj, Expr::Ident(o) if &*o.sym == "Object" && unbound("Object"))
        && matches!(&m.prop, MemberProp::Ident(p) if &*p.sym == "defineProperty"))
    };
    let defines = match crate::anchors::pattern::strip_parens(f) {
        Expr::Ident(alias) => {
            refer(&alias.sym);
            !rebound.contains(&*alias.sym)
                && matches!(top.get(&alias.sym), Some(Binding::Init(_, v)) if define(crate::anchors::pattern::strip_parens(v)))
        }
        e => define(e),
    };
    let [object, key, descriptor] = call.args.as_slice() else { return false };
    // The descriptor a data property's: no getter or setter that could run code.
    let data = match crate::anchors::pattern::strip_parens(&descriptor.expr) {
        Expr::Object(o) => o.props.iter().all(|p| match p {
            PropOrSpread::Prop(p) => match &**p {
                Prop::KeyValue(kv) => {
                    let key = crate::anchors::pattern::prop_name(&kv.key);
                    let plain =
                        matches!(crate::anchors::pattern::strip_parens(&kv.value), Expr::Ident(_) | Expr::Lit(_))
                            || matches!(&*kv.value, Expr::Unary(u) if matches!(&*u.arg, Expr::Lit(_)));
                    matches!(key, Some("value" | "configurable" | "writable" | "enumerable")) && plain
                }
                Prop::Shorthand(id) => &*id.sym == "value",
                Prop::Assign(_) | Prop::Getter(_) | Prop::Setter(_) | Prop::Method(_) => false,
            },
            PropOrSpread::Spread(_) => false,
        }),
        _ => false,
    };
    defines
        && data
        && object.spread.is_none()
        && matches!(crate::anchors::pattern::strip_parens(&object.expr), Expr::Ident(o) if o.sym == target.id.sym)
        && matches!(crate::anchors::pattern::strip_parens(&key.expr), Expr::Lit(Lit::Str(k)) if &*k.value == "name")
}

/// The one expression a function body returns or evaluates, if that is all it does.
fn single_expression(body: &FunctionBody) -> Option<&Expr> {
    match body.stmts.as_slice() {
        [Stmt::Return(ReturnStmt { arg: Some(e), .. })] => Some(e),
        [Stmt::Expr(e)] => Some(&e.expr),
        _ => None,
    }
}

/// A member's function, through esbuild's `__name(fn, "name")` of `keepNames`.
fn named_function(value: &Expr) -> &Expr {
    let value = crate::anchors::pattern::strip_parens(value);
    if let Expr::Call(call) = value {
        if let [f, name] = call.args.as_slice() {
            let is_fn = matches!(crate::anchors::pattern::strip_parens(&f.expr), Expr::Arrow(_) | Expr::Fn(_));
            let is_name = matches!(crate::anchors::pattern::strip_parens(&name.expr), Expr::Lit(Lit::Str(_)));
            if is_fn && is_name && f.spread.is_none() {
                return crate::anchors::pattern::strip_parens(&f.expr);
            }
        }
    }
    value
}

/// Whether a method's own body reads `this` (not inside a nested function).
fn uses_this(f: &Function) -> bool {
    struct This(bool);
    impl swc_ecma_visit::Visit for This {
        fn visit_this_expr(&mut self, _: &ThisExpr) {
            self.0 = true;
        }
        fn visit_function(&mut self, _: &Function) {}
        fn visit_class(&mut self, _: &Class) {}
    }
    let mut this = This(false);
    swc_ecma_visit::VisitWith::visit_with(&f.body, &mut this);
    this.0
}

/// The free names bound by `var C = _C` to a class already sliced (`known`),
/// taken out of `free`: they name that class, not a second copy of it. Each
/// is looked up like any top-level name, so that the prefilter parses the
/// declaration. Returns the aliases as JSON, and their names.
pub(super) fn class_aliases(index: &Index, free: &mut BTreeSet<String>, known: &[&str]) -> (Vec<Value>, Vec<String>) {
    let mut aliases = Vec::new();
    let mut alias_names = Vec::new();
    for name in free.iter() {
        index.lookups.top_level(name);
        // A class's own name (`class _C {…}`) used by a slice cut from inside it names the class too.
        let same = |k: &str| {
            index.names_same(name, k)
                || index
                    .inner_names
                    .iter()
                    .any(|(inner, binding, _)| *inner == name.as_str() && index.names_same(binding, k))
        };
        if let Some(of) = known.iter().find(|k| **k != name.as_str() && same(k)) {
            aliases.push(json!({"name": name, "of": of}));
            alias_names.push(name.clone());
        }
    }
    for name in &alias_names {
        free.remove(name);
    }
    (aliases, alias_names)
}
