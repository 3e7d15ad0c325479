//! Slice: cut the resolved steering code out of the bundle so that `--prove`
//! can run it on its own. What the slices need from the rest of the bundle is
//! found here, from the bundle's own top-level bindings: pure helpers
//! (functions, classes, literals, members of globals such as
//! `Object.defineProperty`, and pure calls of those) are sliced in,
//! transitively; anything bound to an import, a `require` or an effectful
//! initialiser is left free and becomes a stub in the harness.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::ops::Range;

use serde_json::{json, Value};
use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::pattern::{member_name, prop_name, strip_parens};
use crate::anchors::resolve::{class_method, ClassInfo, FnInfo, Index, Lookups, Resolution};
use crate::fix::mark::Insertion;
use crate::read::parse::range;
use crate::read::scope::FnNode;
use crate::read::scope::{declared_by, free_names, is_global};

/// The bytes of `at` with the insertions that fall inside it (boundaries included) applied.
fn cut(source: &str, at: &Range<usize>, insertions: &[Insertion]) -> String {
    let mut sorted: Vec<&Insertion> = insertions.iter().filter(|i| at.start <= i.at && i.at <= at.end).collect();
    sorted.sort_by_key(|i| i.at);
    let mut out = String::new();
    let mut from = at.start;
    for i in sorted {
        out.push_str(&source[from..i.at]);
        out.push_str(&i.text);
        from = i.at;
    }
    out.push_str(&source[from..at.end]);
    out
}

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

struct TopLevel<'a> {
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

    fn of(program: &'a Program, lookups: &'a Lookups) -> TopLevel<'a> {
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
        match program {
            Program::Script(s) => {
                for stmt in &s.body {
                    if let Stmt::Decl(d) = stmt {
                        decl(d, &mut bind);
                    }
                }
            }
            Program::Module(m) => {
                for item in &m.body {
                    match item {
                        ModuleItem::Stmt(Stmt::Decl(d)) => decl(d, &mut bind),
                        // An exported `var x;` is left a stub: only a module's own names are bound lazily.
                        ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(e)) => decl(&e.decl, &mut |n, b| {
                            bind(n, if matches!(b, Binding::Uninit) { Binding::Opaque } else { b })
                        }),
                        ModuleItem::ModuleDecl(ModuleDecl::Import(import)) => {
                            for s in &import.specifiers {
                                let local = match s {
                                    ImportSpecifier::Named(n) => &n.local,
                                    ImportSpecifier::Default(d) => &d.local,
                                    ImportSpecifier::Namespace(n) => &n.local,
                                };
                                bind(&local.sym, Binding::Opaque);
                            }
                        }
                        _ => {}
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
/// initialiser. Such a name, declared once without a value (`Binding::Uninit`)
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
    for e in wrapped {
        let Expr::Call(call) = strip_parens(e) else { continue };
        for arg in &call.args {
            for body in initialiser_bodies(&arg.expr) {
                for stmt in body {
                    if let Stmt::Expr(e) = stmt {
                        top_assignments(&e.expr, &mut |a| {
                            if let AssignTarget::Simple(SimpleAssignTarget::Ident(id)) = &a.left {
                                assigned.entry(crate::anchors::resolve::pin::<str>(&id.id.sym)).or_default().push(a);
                            }
                        });
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

/// The assignments an expression statement makes at its own level (`a = 1`, `a = 1, b = 2`).
fn top_assignments<'e>(e: &'e Expr, each: &mut dyn FnMut(&'e AssignExpr)) {
    match strip_parens(e) {
        Expr::Assign(a) => each(a),
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
    impl Visit for Count<'_, '_> {
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            if let AssignTarget::Simple(SimpleAssignTarget::Ident(id)) = &a.left {
                self.one(&id.id.sym);
            }
            if let AssignTarget::Pat(p) = &a.left {
                struct Idents<'c, 's, 'n>(&'c mut Count<'s, 'n>);
                impl Visit for Idents<'_, '_, '_> {
                    fn visit_binding_ident(&mut self, b: &BindingIdent) {
                        self.0.one(&b.id.sym);
                    }
                    fn visit_ident(&mut self, i: &Ident) {
                        self.0.one(&i.sym);
                    }
                }
                p.visit_with(&mut Idents(self));
            }
            a.visit_children_with(self);
        }
        fn visit_update_expr(&mut self, u: &UpdateExpr) {
            if let Expr::Ident(id) = &*u.arg {
                self.one(&id.sym);
            }
            u.visit_children_with(self);
        }
    }
    if names.is_empty() {
        return HashMap::new();
    }
    let mut count = Count { names, counts: HashMap::new() };
    program.visit_with(&mut count);
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

/// The top-level helpers a set of free names needs, transitively, in source
/// order; and the names left free (stubs).
struct Closure {
    helpers: Vec<(usize, Value)>,
    stubs: BTreeSet<String>,
}

fn close_over(
    top: &TopLevel,
    source: &str,
    insertions: &[Insertion],
    start: BTreeSet<String>,
    known: &[&str],
) -> Closure {
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
                helpers.push((at.start, json!({"name": name, "decl": cut(source, at, insertions)})));
            }
            Some(Binding::Init(at, init)) if pure => {
                todo.extend(free_names(*init, &[]));
                helpers.push((at.start, json!({"name": name, "init": cut(source, at, insertions)})));
            }
            _ => {
                stubs.insert(name);
            }
        }
    }
    helpers.sort_by_key(|(at, _)| *at);
    Closure { helpers, stubs }
}

/// How the harness reaches a function the anchors found: its own text as an
/// expression, or a method of a class it can construct.
fn callable(
    resolution: &Resolution,
    f: &FnInfo,
    (exec_at, buffer_at): (&Range<usize>, &Range<usize>),
    insertions: &[Insertion],
    owners: &mut Vec<Range<usize>>,
) -> Result<Value, String> {
    let index = &resolution.index;
    let source = index.source;
    match f.node {
        FnNode::Arrow(_) => {
            return Ok(
                json!({"form": "function", "name": f.name, "text": format!("({})", cut(source, &f.range, insertions))}),
            )
        }
        FnNode::Constructor(_) => return Err("it is a constructor".into()),
        FnNode::Function(_) => {}
    }
    for class in &index.classes {
        if !(class.range.start <= f.range.start && f.range.end <= class.range.end) {
            continue;
        }
        for member in &class.class.body {
            let (key, function, is_static) = match member {
                ClassMember::Method(m) => (&m.key, &*m.function, m.is_static),
                _ => continue,
            };
            if range(function) != f.range {
                continue;
            }
            let name = prop_name(key).ok_or("a method with a computed name")?.to_string();
            let owner_name = class.name.as_ref().map(|r| index.text(r).to_string());
            if class.range == *exec_at || class.range == *buffer_at {
                let owner = if class.range == *exec_at { "execution" } else { "buffer" };
                return Ok(json!({
                    "form": "method", "owner": owner, "ownerName": owner_name, "name": name, "static": is_static
                }));
            }
            let owner = match owners.iter().position(|o| *o == class.range) {
                Some(i) => i,
                None => {
                    owners.push(class.range.clone());
                    owners.len() - 1
                }
            };
            return Ok(
                json!({"form": "method", "owner": owner, "ownerName": owner_name, "name": name, "static": is_static}),
            );
        }
    }
    let text = cut(source, &f.range, insertions);
    let t = text.trim_start();
    if t.starts_with("function") || t.starts_with("async") && t["async".len()..].trim_start().starts_with("function") {
        Ok(json!({"form": "function", "name": f.name, "text": format!("({text})")}))
    } else {
        Err(format!(
            "`{}…` is an object-literal method or accessor, which the proof cannot lift out",
            t.chars().take(40).collect::<String>()
        ))
    }
}

fn fn_free(f: FnNode) -> BTreeSet<String> {
    match f {
        FnNode::Function(x) => free_names(x, &[]),
        FnNode::Arrow(x) => free_names(x, &[]),
        FnNode::Constructor(x) => free_names(x, &[]),
    }
}

/// Names declared by the functions around `at`: locals there, whatever the
/// top level binds under the same name (minifiers reuse short names).
fn enclosing_locals(index: &Index, at: &Range<usize>) -> HashSet<String> {
    index
        .functions
        .iter()
        .filter(|f| f.range.start <= at.start && at.end <= f.range.end && f.range != *at)
        .flat_map(|f| declared_by(f.node))
        .collect()
}

/// String literals of a node (the buffer class's kinds, origins, prefixes).
fn literals<N: VisitWith<Literals>>(node: &N) -> Vec<String> {
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
fn service_slots<N: VisitWith<Slots>>(node: &N, into: &mut Vec<String>) {
    let mut s = Slots(std::mem::take(into));
    node.visit_with(&mut s);
    *into = s.0;
}

pub struct Slots(Vec<String>);
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
fn entry_keys(expr: &Expr) -> Vec<String> {
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

/// The resolved pieces the slices are cut from.
struct Parts<'r, 'a> {
    exec_at: Range<usize>,
    exec: &'r ClassInfo<'a>,
    exec_name: &'a str,
    buffer_at: Range<usize>,
    buffer: &'r ClassInfo<'a>,
    buffer_name: &'a str,
    append: String,
    clear: String,
    /// The keys of the message the append method builds.
    keys: Vec<String>,
    drain: &'r FnInfo<'a>,
    turn: &'r FnInfo<'a>,
    queue: &'a str,
}

impl<'r, 'a> Parts<'r, 'a> {
    fn locate(resolution: &'r Resolution<'a>) -> Result<Parts<'r, 'a>, String> {
        let index = &resolution.index;
        let one = |id: &str| {
            resolution.get(id).first().map(|m| m.range.clone()).ok_or_else(|| format!("anchor `{id}` did not resolve"))
        };
        let class_info = |at: &Range<usize>| {
            index.classes.iter().find(|c| c.range == *at).ok_or_else(|| format!("no class at byte {}", at.start))
        };
        let exec_at = one("execution-class")?;
        let exec = class_info(&exec_at)?;
        let exec_name = resolution.capture("execution-class", "CLASS").ok_or("the execution class has no name")?;
        let buffer_at = one("buffer-class")?;
        let buffer = class_info(&buffer_at)?;
        let buffer_name = resolution.capture("buffer-class", "CLASS").ok_or("the buffer class has no name")?;
        let method_name = |class: &Class, at: Range<usize>| -> Result<String, String> {
            let m = class_method(class, &at).ok_or_else(|| format!("byte {} is not inside a method", at.start))?;
            Ok(prop_name(&m.key).ok_or("a computed method name")?.to_string())
        };
        let append_at = one("buffer-append")?;
        let append = method_name(buffer.class, append_at.clone())?;
        let clear = method_name(buffer.class, one("buffer-clear")?)?;
        let keys = index
            .enclosing_function(&append_at)
            .and_then(|f| resolution.expr_at(f, &append_at))
            .map(entry_keys)
            .unwrap_or_default();
        let drain_at = one("drain")?;
        let drain = index.function_at(&drain_at).ok_or("the drain is not a function")?;
        let turn_at = one("end-of-turn")?;
        let turn = index.function_at(&turn_at).ok_or("the end-of-turn check is not a function")?;
        let queue = resolution.capture("own-queue", "QUEUE").ok_or("own-queue captured nothing")?;
        Ok(Parts { exec_at, exec, exec_name, buffer_at, buffer, buffer_name, append, clear, keys, drain, turn, queue })
    }
}

/// Where the buffer may sit in sessionServices: first the slot the length is
/// read through (also returned alone), then every slot the execution class
/// and the drain read.
fn buffer_slots(resolution: &Resolution, parts: &Parts) -> (Vec<String>, Option<String>) {
    let mut slots = Vec::new();
    let length = crate::proof::site::buffer_length(resolution);
    let primary_slot = crate::anchors::resolve::buffer_slot(&length).map(|(slot, _)| slot.to_string());
    slots.extend(primary_slot.clone());
    service_slots(parts.exec.class, &mut slots);
    let mut s = Slots(slots);
    parts.drain.node.visit(&mut s);
    parts.turn.node.visit(&mut s);
    (s.0, primary_slot)
}

/// Adds a slice's free names to `free`, less the locals of the functions around it.
fn add_free(index: &Index, free: &mut BTreeSet<String>, names: BTreeSet<String>, at: &Range<usize>) {
    let locals = enclosing_locals(index, at);
    free.extend(names.into_iter().filter(|n| !locals.contains(n)));
}

/// How the harness calls the drain and the end-of-turn check, the makers of
/// those that are closures, and the other classes whose methods they are.
struct Reached<'r, 'a> {
    drain_call: Value,
    turn_call: Value,
    drain_maker: Option<&'r FnInfo<'a>>,
    turn_maker: Option<&'r FnInfo<'a>>,
    owner_texts: Vec<Value>,
}

fn reach_functions<'r, 'a>(
    resolution: &'r Resolution<'a>,
    parts: &Parts<'r, 'a>,
    insertions: &[Insertion],
    free: &mut BTreeSet<String>,
) -> Result<Reached<'r, 'a>, String> {
    let index = &resolution.index;
    let source = index.source;
    let (drain, turn) = (parts.drain, parts.turn);
    let mut owners: Vec<Range<usize>> = Vec::new();
    let (drain_maker, turn_maker) = (maker_of(index, drain), maker_of(index, turn));
    // A closure is reached through its maker, called as the bundle calls it.
    let reach = |f: &FnInfo, maker: Option<&FnInfo>, owners: &mut Vec<Range<usize>>| match maker {
        Some(m) => Ok(json!({
            "form": "factory",
            "name": m.name,
            "text": format!("({})", cut(source, &m.range, insertions)),
            "makerParams": params_of(m.node),
        })),
        None => callable(resolution, f, (&parts.exec_at, &parts.buffer_at), insertions, owners),
    };
    let drain_call = reach(drain, drain_maker, &mut owners)?;
    let turn_call = reach(turn, turn_maker, &mut owners)?;
    let mut owner_texts = Vec::new();
    for at in &owners {
        let class =
            index.classes.iter().find(|c| c.range == *at).ok_or_else(|| format!("no class at byte {}", at.start))?;
        add_free(index, free, free_names(class.class, &[]), at);
        // A class with a top-level binding keeps its name (its methods may use it).
        let binding = class.name.as_ref().map(|r| index.text(r).to_string());
        owner_texts.push(json!({"name": binding, "text": cut(source, at, insertions)}));
    }
    for (call, f, maker) in [(&drain_call, drain, drain_maker), (&turn_call, turn, turn_maker)] {
        match maker {
            Some(m) => add_free(index, free, fn_free(m.node), &m.range),
            None if call["form"] == "function" => add_free(index, free, fn_free(f.node), &f.range),
            None => {}
        }
    }
    Ok(Reached { drain_call, turn_call, drain_maker, turn_maker, owner_texts })
}

/// Each spawn path as the harness drives it; the names it needs from the
/// top level go into `free`. A spawn site is one path, or, in a construction
/// helper, one path per call of the helper, each with its own options.
fn spawn_slices(
    resolution: &Resolution,
    program: &Program,
    parts: &Parts,
    insertions: &[Insertion],
    free: &mut BTreeSet<String>,
) -> Result<Vec<Value>, String> {
    let index = &resolution.index;
    let mut spawns = Vec::new();
    for site in resolution.get("spawn-site") {
        let located =
            index.enclosing_function(&site.range).and_then(|f| Some((f, resolution.expr_at(f, &site.range)?)));
        let Some((f, expr)) = located else {
            return Err(format!("cannot locate the spawn site at byte {}", site.range.start));
        };
        let class =
            site.captures.get("EXEC").map(|r| index.text(r).to_string()).ok_or("the construction names no class")?;
        if let Some(helper) = ConstructionHelper::of(index, program, f, &site.range, expr) {
            for call in &helper.calls {
                spawns.push(helper_path(resolution, parts, insertions, free, &helper, call, &class));
            }
            continue;
        }
        let locals = split_locals(index, free_names(expr, &[parts.exec_name]), &site.range, free);
        let depth = site.captures.get("DEPTH").map(|r| index.text(r).to_string());
        let driver = spawn_driver(resolution, &site.range, &class, None, insertions, &parts.exec_at);
        add_driver_free(&driver, free);
        spawns.push(json!({
            "driver": driver.as_ref().ok(),
            "notDriven": driver.as_ref().err(),
            "at": site.range.start,
            "memory": marks_memory(&config_of(index, expr, &site.range, &[])),
            // A spawn in the execution class's own method builds from `this`: the parent.
            "thisIsParent": crate::anchors::resolve::within(&site.range, &parts.exec_at),
            "text": cut(index.source, &site.range, insertions),
            "locals": locals,
            "depth": depth,
        }));
    }
    Ok(spawns)
}

/// Of `names`, those the functions around `at` declare (views of the parent
/// in the harness); the rest are sliced in or stubbed like any top-level name.
fn split_locals(index: &Index, names: BTreeSet<String>, at: &Range<usize>, free: &mut BTreeSet<String>) -> Vec<String> {
    let enclosing = enclosing_locals(index, at);
    let mut locals = Vec::new();
    for name in names {
        if enclosing.contains(&name) {
            locals.push(name);
        } else {
            free.insert(name);
        }
    }
    locals
}

fn add_driver_free(driver: &Result<Value, String>, free: &mut BTreeSet<String>) {
    if let Ok(d) = driver {
        for name in d["free"].as_array().into_iter().flatten().filter_map(|n| n.as_str()) {
            free.insert(name.to_string());
        }
    }
}

/// A top-level function that returns the construction it holds: every
/// spawn path that calls it gets its child from there.
pub struct ConstructionHelper<'a> {
    pub name: String,
    f: &'a FnInfo<'a>,
    new: &'a Expr,
    site: Range<usize>,
    /// Each call: its span and arguments.
    pub calls: Vec<(Range<usize>, Vec<&'a Expr>)>,
}

impl<'a> ConstructionHelper<'a> {
    pub fn of(
        index: &'a Index<'a>,
        program: &'a Program,
        f: &'a FnInfo<'a>,
        site: &Range<usize>,
        new: &'a Expr,
    ) -> Option<ConstructionHelper<'a>> {
        let name = index.top_functions.iter().find(|(_, at)| *at == f.range).map(|(n, _)| n.to_string())?;
        let child = crate::proof::site::bound_to(f, site);
        if !returns_construction(f, site, child.as_deref()) {
            return None;
        }
        index.lookups.mention(&name, crate::anchors::resolve::Mention::Token);
        let mut named = crate::anchors::resolve::NamedCalls::new(&name, false);
        program.visit_with(&mut named);
        // SAFETY: the pointers are into `program`, which outlives this.
        let calls: Vec<(Range<usize>, Vec<&'a Expr>)> = named
            .found
            .into_iter()
            .map(|(at, args)| (at, args.into_iter().map(|a| unsafe { &*a }).collect()))
            .collect();
        (!calls.is_empty()).then(|| ConstructionHelper { name, f, new, site: site.clone(), calls })
    }

    /// The helper's parameters bound to one call's arguments.
    fn bound(&self, call: &(Range<usize>, Vec<&'a Expr>)) -> Vec<crate::anchors::resolve::Bound<'a>> {
        self.f
            .node
            .param_names()
            .into_iter()
            .zip(&call.1)
            .filter_map(|(p, arg)| p.map(|p| (p.to_string(), *arg, call.0.clone())))
            .collect()
    }
}

/// Whether `f` returns the construction at `site`, itself or by the local it is bound to.
fn returns_construction(f: &FnInfo, site: &Range<usize>, child: Option<&str>) -> bool {
    struct Returns<'r> {
        site: &'r Range<usize>,
        child: Option<&'r str>,
        found: bool,
    }
    impl Returns<'_> {
        fn is_child(&self, e: &Expr) -> bool {
            let e = strip_parens(e);
            range(e) == *self.site || matches!((e, self.child), (Expr::Ident(id), Some(c)) if &*id.sym == c)
        }
    }
    impl Visit for Returns<'_> {
        fn visit_return_stmt(&mut self, node: &ReturnStmt) {
            self.found |= node.arg.as_deref().is_some_and(|e| self.is_child(e));
        }
        fn visit_function(&mut self, _: &Function) {}
        fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
        fn visit_class(&mut self, _: &Class) {}
    }
    let mut find = Returns { site, child, found: false };
    match f.node {
        FnNode::Arrow(a) => match &*a.body {
            ArrowFunctionBody::Expr(e) => return find.is_child(e),
            ArrowFunctionBody::FunctionBody(b) => b.visit_children_with(&mut find),
        },
        FnNode::Function(func) => func.body.visit_with(&mut find),
        FnNode::Constructor(_) => return false,
    }
    find.found
}

/// One call of a construction helper as a spawn path: run as the caller's
/// whole function (the helper inside it building the recorded class), or as
/// the call alone; memory extraction where this call's options carry skipHooks.
fn helper_path(
    resolution: &Resolution,
    parts: &Parts,
    insertions: &[Insertion],
    free: &mut BTreeSet<String>,
    helper: &ConstructionHelper,
    call: &(Range<usize>, Vec<&Expr>),
    class: &str,
) -> Value {
    let index = &resolution.index;
    let (at, args) = call;
    let mut names = BTreeSet::new();
    for arg in args {
        names.extend(free_names(*arg, &[]));
    }
    free.insert(helper.name.clone());
    let locals = split_locals(index, names, at, free);
    let lifted = lift(index.source, helper.f, insertions).map(|(text, _)| {
        let mut inner = fn_free(helper.f.node);
        inner.remove(class);
        free.extend(inner);
        json!({"name": helper.name, "text": text})
    });
    let driver = match lifted {
        Ok(h) => spawn_driver(resolution, at, class, Some(h), insertions, &parts.exec_at),
        Err(why) => Err(format!("the construction helper `{}` cannot be lifted: {why}", helper.name)),
    };
    add_driver_free(&driver, free);
    json!({
        "driver": driver.as_ref().ok(),
        "notDriven": driver.as_ref().err(),
        "at": at.start,
        "memory": marks_memory(&config_of(index, helper.new, &helper.site, &helper.bound(call))),
        "helper": helper.name,
        "thisIsParent": crate::anchors::resolve::within(at, &parts.exec_at),
        "text": cut(index.source, at, insertions),
        "locals": locals,
        "depth": Value::Null,
    })
}

/// The free names bound by `var C = _C` to a class already sliced (`known`),
/// taken out of `free`: they name that class, not a second copy of it. Each
/// is looked up like any top-level name, so that the prefilter parses the
/// declaration. Returns the aliases as JSON, and their names.
fn class_aliases(index: &Index, free: &mut BTreeSet<String>, known: &[&str]) -> (Vec<Value>, Vec<String>) {
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

/// The slices for one side (stock: no insertions; patched: the mode's).
pub fn slices(resolution: &Resolution, program: &Program, insertions: &[Insertion]) -> Result<Value, String> {
    let index = &resolution.index;
    let source = index.source;
    let parts = Parts::locate(resolution)?;
    let (slots, primary_slot) = buffer_slots(resolution, &parts);
    // Free names of every slice, less each slice's enclosing locals.
    let mut free: BTreeSet<String> = BTreeSet::new();
    add_free(index, &mut free, free_names(parts.exec.class, &[]), &parts.exec_at);
    add_free(index, &mut free, free_names(parts.buffer.class, &[]), &parts.buffer_at);
    let mut reached = reach_functions(resolution, &parts, insertions, &mut free)?;
    let spawns = spawn_slices(resolution, program, &parts, insertions, &mut free)?;

    // How the bundle itself calls the buffer, the drain and the end-of-turn check (or its maker).
    let targets = [
        (&mut reached.drain_call, parts.drain, reached.drain_maker),
        (&mut reached.turn_call, parts.turn, reached.turn_maker),
    ];
    let (buffer_params, buffer_calls) =
        code_shapes(resolution, program, parts.buffer.class, primary_slot.as_deref(), targets, &mut free, insertions);
    let owner_names: Vec<String> =
        reached.owner_texts.iter().filter_map(|o| o["name"].as_str().map(str::to_string)).collect();
    let mut known: Vec<&str> = vec![parts.exec_name, parts.buffer_name];
    known.extend(owner_names.iter().map(String::as_str));
    let (aliases, alias_names) = class_aliases(index, &mut free, &known);
    known.extend(alias_names.iter().map(String::as_str));
    let top = TopLevel::of(program, index.lookups);
    let closure = close_over(&top, source, insertions, free, &known);
    Ok(json!({
        "prelude": closure.helpers.into_iter().map(|(_, v)| v).collect::<Vec<_>>(),
        "free": closure.stubs,
        "execClass": {"name": parts.exec_name, "text": cut(source, &parts.exec_at, insertions)},
        "bufferClass": {
            "name": parts.buffer_name,
            "text": cut(source, &parts.buffer_at, insertions),
            "append": parts.append,
            "clear": parts.clear,
            "entryKeys": parts.keys,
            "literals": literals(parts.buffer.class),
            "params": buffer_params,
            "calls": buffer_calls,
        },
        "owners": reached.owner_texts,
        "aliases": aliases,
        "drain": reached.drain_call,
        "endOfTurn": reached.turn_call,
        "queue": parts.queue,
        "slots": slots,
        "spawns": spawns,
    }))
}

// ---- shapes the calibration reads from the code ---------------------------
// Hints only: the harness still keeps a form only for its observed effect.

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

fn params_of(f: FnNode) -> Value {
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
struct Calls<'x> {
    fns: &'x [&'x str],
    methods: &'x [String],
    slot: Option<&'x str>,
    by_name: Vec<(&'x str, Range<usize>, *const CallExpr)>,
    /// Whether a call on a local may be a call on the buffer here.
    locals: bool,
    on_buffer: Vec<(&'x str, Range<usize>, Option<String>, *const CallExpr)>,
}

impl<'x> Calls<'x> {
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

impl<'x> Visit for Calls<'x> {
    fn visit_call_expr(&mut self, node: &CallExpr) {
        if let Callee::Expr(callee) = &node.callee {
            match strip_parens(callee) {
                Expr::Ident(id) => {
                    if let Some(name) = self.fns.iter().find(|n| **n == &*id.sym) {
                        self.by_name.push((name, range(node), node));
                    }
                }
                Expr::Member(m) => {
                    let Some(method) = member_name(&m.prop).and_then(|p| self.methods.iter().find(|x| x.as_str() == p))
                    else {
                        return node.visit_children_with(self);
                    };
                    match (strip_parens(&m.obj), self.slot) {
                        (Expr::Member(inner), Some(slot)) if member_name(&inner.prop) == Some(slot) => {
                            self.on_buffer.push((method, range(node), None, node))
                        }
                        (Expr::Ident(id), Some(_)) if self.locals => {
                            self.on_buffer.push((method, range(node), Some(id.sym.to_string()), node))
                        }
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
fn config_of<'a>(
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
fn marks_memory(parts: &[crate::anchors::resolve::ConfigPart]) -> bool {
    parts.iter().any(|part| match part {
        crate::anchors::resolve::ConfigPart::Object(o) => o.props.iter().any(|p| match p {
            PropOrSpread::Prop(p) => match &**p {
                Prop::KeyValue(kv) => {
                    prop_name(&kv.key) == Some("skipHooks") && literal(&kv.value) != Some(json!(false))
                }
                Prop::Shorthand(id) => &*id.sym == "skipHooks",
                _ => false,
            },
            _ => false,
        }),
        crate::anchors::resolve::ConfigPart::Unknown => false,
    })
}

/// The top-level function that makes `f` as a closure over its own
/// parameters or locals (`createRouter({continueTarget}) { return (s) => … }`):
/// sliced alone, `f` would miss the names it closes over.
fn maker_of<'i, 'a>(index: &'i Index<'a>, f: &FnInfo<'a>) -> Option<&'i FnInfo<'a>> {
    let outer = index.enclosing_function(&f.range)?;
    let declared = declared_by(outer.node);
    if outer.name.is_none() || !fn_free(f.node).iter().any(|n| declared.contains(n)) {
        return None;
    }
    let nested = index.enclosing_function(&outer.range).is_some()
        || index.classes.iter().any(|c| crate::anchors::resolve::within(&outer.range, &c.range));
    (!nested && returns(outer.node, f)).then_some(outer)
}

/// Whether `maker` returns the function `inner` itself, or by its name
/// (not, say, runs it).
fn returns(maker: FnNode, inner: &FnInfo) -> bool {
    struct Returns<'r>(&'r FnInfo<'r>, bool);
    impl Visit for Returns<'_> {
        fn visit_return_stmt(&mut self, node: &ReturnStmt) {
            self.1 |= node.arg.as_deref().is_some_and(|e| is(e, self.0));
        }
        // A nested function's returns are its own.
        fn visit_function(&mut self, _: &Function) {}
        fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
        fn visit_class(&mut self, _: &Class) {}
    }
    fn is(e: &Expr, f: &FnInfo) -> bool {
        match strip_parens(e) {
            Expr::Ident(id) => f.name == Some(&*id.sym),
            e => range(e) == f.range,
        }
    }
    match maker {
        FnNode::Arrow(a) => match &*a.body {
            ArrowFunctionBody::Expr(e) => is(e, inner),
            ArrowFunctionBody::FunctionBody(b) => {
                let mut r = Returns(inner, false);
                b.visit_with(&mut r);
                r.1
            }
        },
        FnNode::Function(f) => {
            let mut r = Returns(inner, false);
            f.body.visit_with(&mut r);
            r.1
        }
        FnNode::Constructor(_) => false,
    }
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
fn code_shapes(
    resolution: &Resolution,
    program: &Program,
    buffer: &Class,
    slot: Option<&str>,
    targets: [(&mut Value, &FnInfo, Option<&FnInfo>); 2],
    free: &mut BTreeSet<String>,
    insertions: &[Insertion],
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
    // A name of one or two characters is a minifier's, a token in most
    // statements: looking for its calls would make the prefilter parse them all.
    let fns: Vec<&str> = names.iter().flatten().map(String::as_str).filter(|n| n.len() >= 3).collect();
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
    insertions: &[Insertion],
) -> (Vec<NamedCall>, Vec<Value>) {
    let index = &resolution.index;
    // The prefilter must parse every statement that could hold such a call.
    for name in fns {
        index.lookups.mention(name, crate::anchors::resolve::Mention::Token);
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
        // SAFETY: the node lives in `program`, borrowed for this whole function.
        let call = unsafe { &*call };
        let locals = enclosing_locals(index, &at);
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
        let call = unsafe { &*call };
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

/// The whole function around a spawn site (or a helper's call), to be run
/// by the proof with the parent's views as its arguments, the class it builds
/// recorded and the call that hands the child on replaced: so that what the
/// function does to the child between `new` and the hand-off runs too. A
/// construction helper is lifted into it, building the recorded class too.
/// Err: why it cannot be run.
fn spawn_driver(
    resolution: &Resolution,
    site: &Range<usize>,
    class: &str,
    helper: Option<Value>,
    insertions: &[Insertion],
    exec_at: &Range<usize>,
) -> Result<Value, String> {
    let index = &resolution.index;
    let f = index.enclosing_function(site).ok_or("it is not inside a function")?;
    // The call that receives the child: `run(child)` after `const child = new …`, or `run(new …)`.
    let child = crate::proof::site::bound_to(f, site);
    let handoff = handoff_of(f, site, child.as_deref()).ok_or("no call is found that hands the child on")?;
    if let Handoff::Member(Some(object)) = &handoff {
        if !declared_by(f.node).contains(object) {
            return Err(format!(
                "it hands the child to a method of `{object}`, which is not its own: that code would run"
            ));
        }
    }
    let (text, params) = lift(index.source, f, insertions)?;
    let mut names = fn_free(f.node);
    names.remove(class);
    if let Handoff::Named(name) = &handoff {
        names.remove(name);
    }
    if let Some(h) = &helper {
        names.remove(h["name"].as_str().unwrap_or_default());
    }
    // The locals of functions around it stand for the parent, as a spawn site's do.
    let outer = enclosing_locals(index, &f.range);
    let (views, free): (Vec<String>, Vec<String>) = names.into_iter().partition(|n| outer.contains(n));
    Ok(json!({
        "text": text,
        "params": params,
        "class": class,
        "handoff": match &handoff { Handoff::Named(n) => Some(n.clone()), Handoff::Member(_) => None },
        "helper": helper,
        "views": views,
        "free": free,
        "fnAt": f.range.start,
        "thisIsParent": crate::anchors::resolve::within(&f.range, exec_at),
    }))
}

/// A function as an anonymous expression the harness can call, and its
/// number of parameters.
fn lift(source: &str, f: &FnInfo, insertions: &[Insertion]) -> Result<(String, usize), String> {
    match f.node {
        FnNode::Arrow(a) => Ok((format!("({})", cut(source, &f.range, insertions)), a.params.len())),
        FnNode::Function(func) => {
            let body = func.body.as_ref().ok_or("the function has no body")?;
            let params = match (func.params.first(), func.params.last()) {
                (Some(first), Some(last)) => cut(source, &(range(first).start..range(last).end), insertions),
                _ => String::new(),
            };
            let head = format!(
                "{}function{}",
                if func.is_async { "async " } else { "" },
                if func.is_generator { "*" } else { "" }
            );
            Ok((format!("({head} ({params}) {})", cut(source, &range(body), insertions)), func.params.len()))
        }
        FnNode::Constructor(_) => Err("it is a constructor".into()),
    }
}

enum Handoff {
    /// A function called by name: the proof replaces it.
    Named(String),
    /// A method of a local or parameter (named) or of `this`: a view or a stub in the proof.
    Member(Option<String>),
}

/// The first call after the construction that is given the child (or the
/// construction itself), other than a built-in's (`Object.assign`).
fn handoff_of(f: &FnInfo, site: &Range<usize>, child: Option<&str>) -> Option<Handoff> {
    struct Find<'c> {
        site: Range<usize>,
        child: Option<&'c str>,
        found: Option<(usize, Option<Handoff>)>,
    }
    impl Visit for Find<'_> {
        fn visit_call_expr(&mut self, call: &CallExpr) {
            let at = range(call);
            let gets_child = call.args.iter().any(|a| {
                let arg = strip_parens(&a.expr);
                range(arg) == self.site || matches!((arg, self.child), (Expr::Ident(id), Some(c)) if &*id.sym == c)
            });
            let after = at.start >= self.site.end || crate::anchors::resolve::within(&self.site, &at);
            // `Object.assign(child, …)` and kin run for real: they are done to the child, not a hand-off.
            let on_global = |m: &MemberExpr| matches!(strip_parens(&m.obj), Expr::Ident(id) if is_global(&id.sym));
            let builtin =
                matches!(&call.callee, Callee::Expr(c) if matches!(strip_parens(c), Expr::Member(m) if on_global(m)));
            if gets_child && after && !builtin && self.found.as_ref().is_none_or(|(start, _)| at.start < *start) {
                let how = match &call.callee {
                    Callee::Expr(callee) => match strip_parens(callee) {
                        Expr::Ident(id) => Some(Handoff::Named(id.sym.to_string())),
                        Expr::Member(m) => match strip_parens(&m.obj) {
                            Expr::This(_) => Some(Handoff::Member(None)),
                            Expr::Ident(id) => Some(Handoff::Member(Some(id.sym.to_string()))),
                            _ => None,
                        },
                        _ => None,
                    },
                    _ => None,
                };
                self.found = Some((at.start, how));
            }
            call.visit_children_with(self);
        }
    }
    let mut find = Find { site: site.clone(), child, found: None };
    f.node.visit(&mut find);
    find.found.and_then(|(_, how)| how)
}
