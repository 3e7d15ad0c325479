//! Writes: every place a program writes a binding or a member, read off the
//! grammar. Each step is an exhaustive `match` over swc's node kinds with no
//! wildcard arm, so a form nobody thought of fails to compile instead of
//! reading as a read.

use swc_common::{Span, Spanned};
use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

/// What a write writes.
#[derive(Clone, Debug)]
pub enum Target {
    /// A binding, by name (`x = …`, `x++`, `for (x of …)`, `[x] = …`).
    Name(String, Span),
    /// A member (`a.b = …`, `delete a[k]`, `for (a.b of …)`, `({k: a.b} = …)`).
    Member(MemberExpr),
    /// `super.x = …`.
    SuperMember(Span),
    /// A reflective writer's object, and its key where it names one
    /// (`Object.defineProperty(o, "k", …)`, `Reflect.set(o, k, v)`, `Object.assign(o, …)`).
    Reflected { object: Box<Expr>, key: Option<Box<Expr>>, writer: &'static str },
    /// Something that is not a reference (a syntax or runtime error when written).
    Opaque(Span),
}

/// How it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// `=`.
    Assign,
    /// `+=`, `||=`, `??=`, `&&=`, and every other operator-assignment.
    Compound,
    /// `++`, `--`.
    Update,
    /// `delete`.
    Delete,
    /// The head of a `for-in` or `for-of` that assigns (`for (x.y of …)`).
    ForHead,
    /// The head of a `for-in` or `for-of` that declares (`for (const k of …)`).
    ForDeclaration,
    /// A target inside a destructuring pattern of an assignment or a `for` head.
    Pattern,
    /// A reflective writer (`Object.defineProperty`, `Reflect.set`, …).
    Reflect,
}

#[derive(Clone, Debug)]
pub struct Write {
    /// The whole node that writes.
    pub at: Span,
    pub target: Target,
    pub how: How,
}

/// The writes an assignment makes itself, as `of_expr` finds them.
pub fn of_assign(a: &AssignExpr, out: &mut Vec<Write>) {
    let how = if a.op == AssignOp::Assign { How::Assign } else { How::Compound };
    assign_target(a.span, &a.left, how, out);
}

/// The writes a call makes itself (a reflective writer's), as `of_expr` finds them.
pub fn of_call(call: &CallExpr, out: &mut Vec<Write>) {
    reflective(call.span, call, out);
}

/// The writes `node` makes itself (not those of its children).
pub fn of_expr(node: &Expr, out: &mut Vec<Write>) {
    let at = node.span();
    match node {
        Expr::Assign(a) => of_assign(a, out),
        Expr::Update(u) => out.push(Write { at, target: as_target(&u.arg), how: How::Update }),
        Expr::Unary(u) => match u.op {
            UnaryOp::Delete => out.push(Write { at, target: as_target(&u.arg), how: How::Delete }),
            UnaryOp::Minus | UnaryOp::Plus | UnaryOp::Bang | UnaryOp::Tilde | UnaryOp::TypeOf | UnaryOp::Void => {}
        },
        Expr::Call(call) => of_call(call, out),
        Expr::This(_)
        | Expr::Array(_)
        | Expr::Object(_)
        | Expr::Fn(_)
        | Expr::Bin(_)
        | Expr::Member(_)
        | Expr::SuperProp(_)
        | Expr::Cond(_)
        | Expr::New(_)
        | Expr::Seq(_)
        | Expr::Ident(_)
        | Expr::Lit(_)
        | Expr::Tpl(_)
        | Expr::TaggedTpl(_)
        | Expr::Arrow(_)
        | Expr::Class(_)
        | Expr::Yield(_)
        | Expr::MetaProp(_)
        | Expr::Await(_)
        | Expr::Paren(_)
        | Expr::JSXMember(_)
        | Expr::JSXNamespacedName(_)
        | Expr::JSXEmpty(_)
        | Expr::JSXElement(_)
        | Expr::JSXFragment(_)
        | Expr::TsTypeAssertion(_)
        | Expr::TsConstAssertion(_)
        | Expr::TsNonNull(_)
        | Expr::TsAs(_)
        | Expr::TsInstantiation(_)
        | Expr::TsSatisfies(_)
        | Expr::PrivateName(_)
        | Expr::OptChain(_)
        | Expr::Invalid(_) => {}
    }
}

/// The writes of a `for-in` or `for-of` head.
pub fn of_for_head(at: Span, head: &ForHead, out: &mut Vec<Write>) {
    match head {
        ForHead::Pat(p) => pattern(at, p, How::ForHead, out),
        // A declaration binds new names each round: a write of those names.
        ForHead::VarDecl(v) => v.decls.iter().for_each(|d| pattern(at, &d.name, How::ForDeclaration, out)),
        ForHead::UsingDecl(u) => u.decls.iter().for_each(|d| pattern(at, &d.name, How::ForDeclaration, out)),
    }
}

/// Every write in a function of any kind, its parameters' defaults included.
pub fn in_function(f: crate::read::scope::FnNode) -> Vec<Write> {
    let mut collect = Collect(Vec::new());
    f.visit(&mut collect);
    collect.0
}

/// Every write in `node` and below it.
pub fn all_in<N: VisitWith<Collect>>(node: &N) -> Vec<Write> {
    let mut collect = Collect(Vec::new());
    node.visit_with(&mut collect);
    collect.0
}

/// How a top-level binding's value reaches code that may change it
/// without a write of the name or of a member in sight.
#[derive(Debug, Clone, PartialEq)]
pub enum Handed {
    /// The value itself handed to a call or a constructor as an argument
    /// (or put in an array literal), with the called name where a plain
    /// name is called (`__name(C, "C")`).
    Value(Option<String>),
    /// A method of it called (`T.enable()`): the method gets it as `this`.
    Method(Option<String>),
}

/// What `program` does to its top-level bindings, read in one walk (a walk
/// of a whole real-size bundle costs about a tenth of a second).
pub struct TopLevelWrites {
    /// Every write of a name no enclosing function, arrow or `catch`
    /// declares: a write of a top-level binding (a local of the same name,
    /// as a minifier reuses names, is not one).
    pub names: Vec<Write>,
    /// Every place that changes what a top-level binding holds without
    /// writing the name: a member of it written (`T.k = …`, `T.a.b = …`,
    /// `Object.assign(T, …)`), or a built-in mutator called on it
    /// (`T.push(…)`, `T.set(…)`): the root name, and the node's span.
    pub members: Vec<(String, Span)>,
    /// Every place where a top-level binding's value is handed on (see
    /// `Handed`), with the root name and the node's span. A member read
    /// (`T.k`), and reading it with `Object.freeze`/`isFrozen`/`keys`/`hasOwn`,
    /// `Array.isArray` or `JSON.stringify` hand nothing on.
    pub handed: Vec<(String, Span, Handed)>,
    /// Every other reference of a top-level binding: where its value, or a
    /// member of it, is read (`T`, `T.k`, `T.k.length`), not only written.
    pub reads: Vec<(String, Span)>,
}

/// A hasher for byte offsets in one file: one multiply per word. A whole
/// bundle's expressions are looked up in these sets, which SipHash made a
/// tenth of a minified bundle's `--check`.
#[derive(Default)]
pub struct Offsets(u64);

impl std::hash::Hasher for Offsets {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|b| self.write_u64(u64::from(*b)));
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// Byte ranges, hashed by `Offsets`.
pub type SpanSet = std::collections::HashSet<std::ops::Range<usize>, std::hash::BuildHasherDefault<Offsets>>;

/// Spans of the walk's hot path, hashed by `Offsets`.
type Spans = std::collections::HashSet<Span, std::hash::BuildHasherDefault<Offsets>>;

impl TopLevelWrites {
    /// The spans of every place listed, as byte ranges.
    pub fn spans(&self) -> SpanSet {
        let names = self.names.iter().map(|w| w.at);
        let members = self.members.iter().map(|(_, at)| *at);
        let handed = self.handed.iter().map(|(_, at, _)| *at);
        names.chain(members).chain(handed).map(|at| crate::read::parse::range(&at)).collect()
    }

    /// The spans of every read listed, as byte ranges.
    pub fn read_spans(&self) -> SpanSet {
        self.reads.iter().map(|(_, at)| crate::read::parse::range(at)).collect()
    }
}

pub fn of_top_level(program: &Program) -> TopLevelWrites {
    let mut unbound = Unbound {
        declared: declared_at_top(program),
        scopes: Vec::new(),
        out: Vec::new(),
        members: Vec::new(),
        handed: Vec::new(),
        reads: Vec::new(),
        callee: None,
        dropped: Spans::default(),
        written_members: Spans::default(),
    };
    program.visit_with(&mut unbound);
    TopLevelWrites { names: unbound.out, members: unbound.members, handed: unbound.handed, reads: unbound.reads }
}

/// The names the program's own top-level statements declare: only their
/// reads are listed (a bundle reads globals such as `Object` everywhere).
fn declared_at_top(program: &Program) -> std::collections::HashSet<String> {
    let mut out = Vec::new();
    for (d, _) in crate::read::scope::top_level_decls(program) {
        match d {
            Decl::Var(v) => v.decls.iter().for_each(|d| pattern_names(&d.name, &mut out)),
            Decl::Fn(f) => out.push(f.ident.sym.to_string()),
            Decl::Class(c) => out.push(c.ident.sym.to_string()),
            Decl::Using(_) | Decl::TsInterface(_) | Decl::TsTypeAlias(_) | Decl::TsEnum(_) | Decl::TsModule(_) => {}
        }
    }
    out.into_iter().collect()
}

/// Built-ins that only read the object they are given and hand back no
/// object it holds. `Object.values`/`entries`/`fromEntries` and `Array.from`
/// are not among them: what they return holds the same element objects,
/// which the caller may then change (round 14).
const READS_ONLY: &[(&str, &str)] = &[
    ("Object", "freeze"),
    ("Object", "isFrozen"),
    ("Object", "keys"),
    ("Object", "hasOwn"),
    ("Array", "isArray"),
    ("JSON", "stringify"),
];

/// Methods of arrays, maps and sets that change their receiver.
const MUTATORS: &[&str] = &[
    "push",
    "pop",
    "shift",
    "unshift",
    "splice",
    "sort",
    "reverse",
    "fill",
    "copyWithin",
    "set",
    "add",
    "delete",
    "clear",
];

/// The name at the root of a member chain (`T` of `T.a[b].c`).
fn root_name(mut e: &Expr) -> Option<&Ident> {
    loop {
        match e {
            Expr::Member(m) => e = &m.obj,
            Expr::Paren(p) => e = &p.expr,
            Expr::Ident(id) => return Some(id),
            _ => return None,
        }
    }
}

struct Unbound {
    /// Names declared at top level: the only ones whose reads are listed.
    declared: std::collections::HashSet<String>,
    scopes: Vec<std::collections::HashSet<String>>,
    out: Vec<Write>,
    members: Vec<(String, Span)>,
    handed: Vec<(String, Span, Handed)>,
    reads: Vec<(String, Span)>,
    /// The plain name called, while its own arguments are visited.
    callee: Option<String>,
    /// Calls whose result is dropped (an expression statement's).
    dropped: Spans,
    /// Members written or changed in place (`T.k = …`, `T.push(…)`): not reads.
    written_members: Spans,
}

impl Unbound {
    fn free(&self, name: &str) -> bool {
        !self.scopes.iter().any(|s| s.contains(name))
    }

    fn member_root(&mut self, object: &Expr, at: Span) {
        if let Some(id) = root_name(object) {
            if self.free(&id.sym) {
                self.members.push((id.sym.to_string(), at));
            }
        }
    }

    fn keep(&mut self, found: Vec<Write>) {
        for write in found {
            match &write.target {
                Target::Name(name, _) => {
                    if write.how != How::ForDeclaration && self.free(name) {
                        self.out.push(write);
                    }
                }
                Target::Member(m) => self.member_root(&m.obj, write.at),
                Target::Reflected { object, .. } => self.member_root(object, write.at),
                Target::SuperMember(_) | Target::Opaque(_) => {}
            }
        }
    }

    fn hand(&mut self, id: &Ident) {
        if self.free(&id.sym) {
            self.handed.push((id.sym.to_string(), id.span, Handed::Value(self.callee.clone())));
        }
    }

    fn scoped<N: VisitWith<Self>>(&mut self, node: &N, declares: std::collections::HashSet<String>) {
        self.scopes.push(declares);
        node.visit_children_with(self);
        self.scopes.pop();
    }
}

impl Visit for Unbound {
    fn visit_expr_stmt(&mut self, s: &ExprStmt) {
        // A minifier joins statements into a sequence: each result dropped too.
        let each: Vec<&Expr> = match strip(&s.expr) {
            Expr::Seq(seq) => seq.exprs.iter().map(|e| strip(e)).collect(),
            e => vec![e],
        };
        for e in each {
            if let Expr::Call(call) = e {
                self.dropped.insert(call.span);
            }
        }
        s.visit_children_with(self);
    }
    fn visit_member_expr(&mut self, m: &MemberExpr) {
        // A member of the name read: the name itself is not handed on.
        if let Expr::Ident(id) = strip(&m.obj) {
            if self.declared.contains(&*id.sym) && self.free(&id.sym) && !self.written_members.contains(&m.span) {
                self.reads.push((id.sym.to_string(), m.span));
            }
            if let MemberProp::Computed(c) = &m.prop {
                c.visit_with(self);
            }
            return;
        }
        m.visit_children_with(self);
    }
    fn visit_call_expr(&mut self, call: &CallExpr) {
        if let Callee::Expr(c) = &call.callee {
            // Calling a function hands nothing of it on. The callee is noted
            // only where the call's result is dropped: `[__name(C, "C")]`
            // hands on what `__name` returns, `C` itself.
            if let Expr::Ident(f) = strip(c) {
                let dropped = self.dropped.contains(&call.span);
                for a in &call.args {
                    let outer = if dropped { self.callee.replace(f.sym.to_string()) } else { self.callee.take() };
                    if let Expr::Ident(id) = strip(&a.expr) {
                        self.hand(id);
                    }
                    self.callee = outer;
                    a.expr.visit_with(self);
                }
                return;
            }
            if let Expr::Member(m) = strip(c) {
                if let Expr::Ident(id) = strip(&m.obj) {
                    if self.free(&id.sym) {
                        let key = match &m.prop {
                            MemberProp::Ident(p) => Some(p.sym.to_string()),
                            _ => None,
                        };
                        self.handed.push((id.sym.to_string(), call.span, Handed::Method(key)));
                    }
                    // The built-in only where its name is not bound in a scope around the call.
                    let reads_only = self.free(&id.sym)
                        && matches!(&m.prop, MemberProp::Ident(p) if READS_ONLY.contains(&(&*id.sym, &*p.sym)));
                    if reads_only {
                        for a in &call.args {
                            if !matches!(strip(&a.expr), Expr::Ident(_)) {
                                a.visit_with(self);
                            }
                        }
                        return;
                    }
                }
            }
        }
        call.visit_children_with(self);
    }
    fn visit_expr_or_spread(&mut self, a: &ExprOrSpread) {
        if let Expr::Ident(id) = strip(&a.expr) {
            self.hand(id);
        }
        a.visit_children_with(self);
    }
    fn visit_expr(&mut self, node: &Expr) {
        let mut found = Vec::new();
        of_expr(node, &mut found);
        for write in &found {
            if let Target::Member(m) = &write.target {
                self.written_members.insert(m.span);
            }
        }
        self.keep(found);
        if let Expr::Call(CallExpr { callee: Callee::Expr(c), .. }) = node {
            if let Expr::Member(m) = &**c {
                if matches!(&m.prop, MemberProp::Ident(p) if MUTATORS.contains(&&*p.sym)) {
                    self.written_members.insert(m.span);
                    self.member_root(&m.obj, node.span());
                }
            }
        }
        if let Expr::Ident(id) = node {
            if self.declared.contains(&*id.sym) && self.free(&id.sym) {
                self.reads.push((id.sym.to_string(), id.span));
            }
        }
        node.visit_children_with(self);
    }
    fn visit_for_of_stmt(&mut self, node: &ForOfStmt) {
        let mut found = Vec::new();
        of_for_head(node.span, &node.left, &mut found);
        self.keep(found);
        node.visit_children_with(self);
    }
    fn visit_for_in_stmt(&mut self, node: &ForInStmt) {
        let mut found = Vec::new();
        of_for_head(node.span, &node.left, &mut found);
        self.keep(found);
        node.visit_children_with(self);
    }
    fn visit_function(&mut self, node: &Function) {
        self.scoped(node, crate::read::scope::declared_by(crate::read::scope::FnNode::Function(node)));
    }
    fn visit_arrow_expr(&mut self, node: &ArrowExpr) {
        self.scoped(node, crate::read::scope::declared_by(crate::read::scope::FnNode::Arrow(node)));
    }
    fn visit_constructor(&mut self, node: &Constructor) {
        self.scoped(node, crate::read::scope::declared_by(crate::read::scope::FnNode::Constructor(node)));
    }
    fn visit_catch_clause(&mut self, node: &CatchClause) {
        let mut names = Vec::new();
        if let Some(p) = &node.param {
            pattern_names(p, &mut names);
        }
        self.scoped(node, names.into_iter().collect());
    }
}

pub struct Collect(Vec<Write>);

impl Visit for Collect {
    fn visit_expr(&mut self, node: &Expr) {
        of_expr(node, &mut self.0);
        node.visit_children_with(self);
    }

    fn visit_for_of_stmt(&mut self, node: &ForOfStmt) {
        of_for_head(node.span, &node.left, &mut self.0);
        node.visit_children_with(self);
    }

    fn visit_for_in_stmt(&mut self, node: &ForInStmt) {
        of_for_head(node.span, &node.left, &mut self.0);
        node.visit_children_with(self);
    }
}

fn assign_target(at: Span, target: &AssignTarget, how: How, out: &mut Vec<Write>) {
    match target {
        AssignTarget::Simple(s) => out.push(Write { at, target: simple(s), how }),
        AssignTarget::Pat(p) => match p {
            AssignTargetPat::Array(a) => array(at, a, out),
            AssignTargetPat::Object(o) => object(at, o, out),
            AssignTargetPat::Invalid(i) => out.push(Write { at, target: Target::Opaque(i.span), how }),
        },
    }
}

fn simple(target: &SimpleAssignTarget) -> Target {
    match target {
        SimpleAssignTarget::Ident(id) => Target::Name(id.id.sym.to_string(), id.id.span),
        SimpleAssignTarget::Member(m) => Target::Member(m.clone()),
        SimpleAssignTarget::SuperProp(s) => Target::SuperMember(s.span),
        SimpleAssignTarget::Paren(p) => as_target(&p.expr),
        SimpleAssignTarget::OptChain(o) => Target::Opaque(o.span),
        SimpleAssignTarget::TsAs(t) => as_target(&t.expr),
        SimpleAssignTarget::TsSatisfies(t) => as_target(&t.expr),
        SimpleAssignTarget::TsNonNull(t) => as_target(&t.expr),
        SimpleAssignTarget::TsTypeAssertion(t) => as_target(&t.expr),
        SimpleAssignTarget::TsInstantiation(t) => as_target(&t.expr),
        SimpleAssignTarget::Invalid(i) => Target::Opaque(i.span),
    }
}

/// An expression in the place of a write's target.
fn as_target(expr: &Expr) -> Target {
    match expr {
        Expr::Ident(id) => Target::Name(id.sym.to_string(), id.span),
        Expr::Member(m) => Target::Member(m.clone()),
        Expr::SuperProp(s) => Target::SuperMember(s.span),
        Expr::Paren(p) => as_target(&p.expr),
        Expr::TsAs(t) => as_target(&t.expr),
        Expr::TsSatisfies(t) => as_target(&t.expr),
        Expr::TsNonNull(t) => as_target(&t.expr),
        Expr::TsTypeAssertion(t) => as_target(&t.expr),
        Expr::TsConstAssertion(t) => as_target(&t.expr),
        Expr::TsInstantiation(t) => as_target(&t.expr),
        Expr::This(_)
        | Expr::Array(_)
        | Expr::Object(_)
        | Expr::Fn(_)
        | Expr::Unary(_)
        | Expr::Update(_)
        | Expr::Bin(_)
        | Expr::Assign(_)
        | Expr::Cond(_)
        | Expr::Call(_)
        | Expr::New(_)
        | Expr::Seq(_)
        | Expr::Lit(_)
        | Expr::Tpl(_)
        | Expr::TaggedTpl(_)
        | Expr::Arrow(_)
        | Expr::Class(_)
        | Expr::Yield(_)
        | Expr::MetaProp(_)
        | Expr::Await(_)
        | Expr::JSXMember(_)
        | Expr::JSXNamespacedName(_)
        | Expr::JSXEmpty(_)
        | Expr::JSXElement(_)
        | Expr::JSXFragment(_)
        | Expr::PrivateName(_)
        | Expr::OptChain(_)
        | Expr::Invalid(_) => Target::Opaque(expr.span()),
    }
}

/// The targets of a pattern that writes (an assignment's or a `for` head's).
fn pattern(at: Span, pat: &Pat, how: How, out: &mut Vec<Write>) {
    match pat {
        Pat::Ident(id) => out.push(Write { at, target: Target::Name(id.id.sym.to_string(), id.id.span), how }),
        Pat::Array(a) => array(at, a, out),
        Pat::Rest(r) => pattern(at, &r.arg, How::Pattern, out),
        Pat::Object(o) => object(at, o, out),
        Pat::Assign(a) => pattern(at, &a.left, How::Pattern, out),
        Pat::Invalid(i) => out.push(Write { at, target: Target::Opaque(i.span), how }),
        Pat::Expr(e) => out.push(Write { at, target: as_target(e), how }),
    }
}

/// The names a binding pattern binds (`t`, `{ a, b: [c] }`).
pub fn pattern_names(pat: &Pat, out: &mut Vec<String>) {
    out.extend(pattern_bindings(pat).into_iter().map(|(n, _)| n));
}

/// Each name a binding pattern binds, with where it spells it.
pub fn pattern_bindings(pat: &Pat) -> Vec<(String, Span)> {
    let mut found = Vec::new();
    pattern(swc_common::DUMMY_SP, pat, How::Pattern, &mut found);
    found
        .into_iter()
        .filter_map(|w| match w.target {
            Target::Name(n, span) => Some((n, span)),
            _ => None,
        })
        .collect()
}

/// Where a binding pattern spells each name it binds.
pub fn pattern_spans(pat: &Pat) -> Vec<Span> {
    pattern_bindings(pat).into_iter().map(|(_, span)| span).collect()
}

fn array(at: Span, a: &ArrayPat, out: &mut Vec<Write>) {
    for elem in a.elems.iter().flatten() {
        pattern(at, elem, How::Pattern, out);
    }
}

fn object(at: Span, o: &ObjectPat, out: &mut Vec<Write>) {
    for prop in &o.props {
        match prop {
            ObjectPatProp::KeyValue(kv) => pattern(at, &kv.value, How::Pattern, out),
            ObjectPatProp::Assign(a) => {
                out.push(Write { at, target: Target::Name(a.key.id.sym.to_string(), a.key.id.span), how: How::Pattern })
            }
            ObjectPatProp::Rest(r) => pattern(at, &r.arg, How::Pattern, out),
        }
    }
}

/// The built-ins that write a member of their first argument, with whether
/// their second argument is the key written.
const REFLECTIVE: &[(&str, &str, bool)] = &[
    ("Object", "defineProperty", true),
    ("Object", "defineProperties", false),
    ("Object", "assign", false),
    ("Object", "setPrototypeOf", false),
    ("Reflect", "set", true),
    ("Reflect", "defineProperty", true),
    ("Reflect", "deleteProperty", true),
    ("Reflect", "setPrototypeOf", false),
];

/// A call of one of the reflective writers, by its spelled name
/// (`Object.assign(…)`, `Reflect["set"](…)`).
fn reflective(at: Span, call: &CallExpr, out: &mut Vec<Write>) {
    let Callee::Expr(callee) = &call.callee else { return };
    let Expr::Member(m) = strip(callee) else { return };
    let Expr::Ident(obj) = strip(&m.obj) else { return };
    let prop = match &m.prop {
        MemberProp::Ident(i) => i.sym.to_string(),
        MemberProp::Computed(c) => match strip(&c.expr) {
            Expr::Lit(Lit::Str(s)) => s.value.to_string_lossy().into_owned(),
            _ => return,
        },
        MemberProp::PrivateName(_) => return,
    };
    let Some(&(_, writer, keyed)) = REFLECTIVE.iter().find(|(o, p, _)| obj.sym == *o && prop == *p) else {
        return;
    };
    let Some(object) = call.args.first().filter(|a| a.spread.is_none()) else {
        // `Object.assign(...args)`: which object is written cannot be read.
        out.push(Write { at, target: Target::Opaque(at), how: How::Reflect });
        return;
    };
    let key = keyed.then(|| call.args.get(1).map(|a| a.expr.clone())).flatten();
    out.push(Write { at, target: Target::Reflected { object: object.expr.clone(), key, writer }, how: How::Reflect });
}

fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => strip(&p.expr),
        _ => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn writes(src: &str) -> Vec<String> {
        let program = crate::read::parse::parse(src, crate::read::parse::SourceKind::Script).unwrap();
        all_in(&program)
            .into_iter()
            .map(|w| {
                let t = match &w.target {
                    Target::Name(n, _) => n.clone(),
                    Target::Member(m) => match &m.prop {
                        MemberProp::Ident(i) => format!(".{}", i.sym),
                        MemberProp::Computed(_) => ".[]".into(),
                        MemberProp::PrivateName(p) => format!(".#{}", p.name),
                    },
                    Target::SuperMember(_) => "super".into(),
                    Target::Reflected { writer, key, .. } => {
                        format!("{writer}{}", if key.is_some() { "+key" } else { "" })
                    }
                    Target::Opaque(_) => "opaque".into(),
                };
                format!("{:?} {t}", w.how)
            })
            .collect()
    }

    #[test]
    fn a_local_of_the_same_name_is_not_the_top_level_binding() {
        let program = crate::read::parse::parse(
            "var a = 0, b; function f(a) { a = 1; b = 2; } const g = () => { let a; a++; }; \
             try {} catch (a) { a = 3; } for (a of []);",
            crate::read::parse::SourceKind::Script,
        )
        .unwrap();
        let names: Vec<String> = of_top_level(&program)
            .names
            .into_iter()
            .filter_map(|w| match w.target {
                Target::Name(n, _) => Some(format!("{n} {:?}", w.how)),
                _ => None,
            })
            .collect();
        assert_eq!(names, ["b Assign", "a ForHead"]);
    }

    #[test]
    fn every_position_that_writes_is_a_write() {
        let cases: &[(&str, &[&str])] = &[
            (
                "x = 1; y += 1; z ||= 1; w ??= 1; v &&= 1;",
                &["Assign x", "Compound y", "Compound z", "Compound w", "Compound v"],
            ),
            ("a.b++; --c[d];", &["Update .b", "Update .[]"]),
            ("delete o.steeringReaderIndex;", &["Delete .steeringReaderIndex"]),
            ("for (this.steeringReaderIndex of [0]) break;", &["ForHead .steeringReaderIndex"]),
            ("for (collector in collectors);", &["ForHead collector"]),
            ("for (const k of ks);", &["ForDeclaration k"]),
            ("[c.steeringReaderIndex] = [0];", &["Pattern .steeringReaderIndex"]),
            (
                "({ a: c.steeringReaderIndex, b = 2, ...rest } = o);",
                &["Pattern .steeringReaderIndex", "Pattern b", "Pattern rest"],
            ),
            ("for ([x.y] of z);", &["Pattern .y"]),
            ("(c.i) = 0;", &["Assign .i"]),
            ("class A extends B { m() { super.x = 1; } }", &["Assign super"]),
            (
                "Object.defineProperty(c, 'i', {}); Reflect.set(c, k, 0); Object.assign(c, o); Object['assign'](c, o);",
                &["Reflect defineProperty+key", "Reflect set+key", "Reflect assign", "Reflect assign"],
            ),
            ("Object.assign(...args);", &["Reflect opaque"]),
            ("f(x); x.y; typeof x;", &[]),
        ];
        for (src, want) in cases {
            assert_eq!(&writes(src), want, "{src}");
        }
    }
}
