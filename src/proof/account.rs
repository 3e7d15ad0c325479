//! Account: the closed world behind the proof. The proof runs only the code
//! the anchors name; its verdict holds for the bundle only if nothing else in
//! the bundle can change what it observed. This walks everything the parse
//! holds for the places that could: references to the execution class,
//! writes of the cursor in any spelling, readers of the steering buffer, and
//! writes of the fields the drain and the end-of-turn check read on an
//! object that is, or may be, an execution. Each place is either accounted
//! for, with the reason, or left unaccounted: then the proof is inconclusive
//! and the place is named.

use std::collections::{BTreeSet, HashSet};
use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::pattern::{member_name, prop_name, strip_parens};
use crate::anchors::resolve::{clip, within, ClassInfo, FnInfo, Index, Mention, Resolution};
use crate::proof::site::{bound_to, buffer_length};
use crate::read::parse::range;
use crate::read::scope::FnNode;

const CURSOR: &str = "steeringReaderIndex";
const SETTER: &str = "setSteeringReaderIndex";
const DEPTH: &str = "subExecutionDepth";
/// Members only an execution has (public facts): a config that reads one of
/// them is built from another execution, so it is not a root's.
const EXECUTION_ONLY: &[&str] = &[
    "abortController",
    "subExecutionDepth",
    "steeringReaderIndex",
    "setSteeringReaderIndex",
    "executionId",
    "drainRetryCount",
];
/// A member written through a computed key the tool cannot read.
const COMPUTED: &str = "[computed key]";
/// The mark of a sub-execution that memory extraction carries.
const SUB_MARK: &str = "skipHooks";

/// One place in the bundle and what the accounting made of it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    pub at: usize,
    pub code: String,
    pub why: String,
}

#[derive(Clone, Debug, Default)]
pub struct Accounting {
    /// Places that could change the proof's outcome and that nothing covers.
    pub unaccounted: Vec<Place>,
    /// How each spawn path is covered: run by the proof, or accounted for.
    pub spawn_paths: Vec<Place>,
    /// How many places were looked at and found covered.
    pub accounted: usize,
}

impl Accounting {
    pub fn closed(&self) -> bool {
        self.unaccounted.is_empty()
    }

    /// One line for a refusal: the first places, with their offsets.
    pub fn summary(&self) -> String {
        let shown: Vec<String> =
            self.unaccounted.iter().take(3).map(|p| format!("byte {} `{}`: {}", p.at, p.code, p.why)).collect();
        let more = self.unaccounted.len().saturating_sub(3);
        let tail = if more > 0 { format!("; and {more} more (see --json)") } else { String::new() };
        format!(
            "{} place(s) outside the code the proof runs could change its outcome: {}{tail}",
            self.unaccounted.len(),
            shown.join("; ")
        )
    }
}

/// What an expression's object is, for a write to one of its members.
#[derive(Clone, Debug, PartialEq)]
enum Obj {
    This,
    Name(String),
    Other,
}

fn obj_of(expr: &Expr) -> Obj {
    match strip_parens(expr) {
        Expr::This(_) => Obj::This,
        Expr::Ident(id) => Obj::Name(id.sym.to_string()),
        _ => Obj::Other,
    }
}

/// The keys an object written from is known to have, or unknown.
#[derive(Clone, Debug)]
enum Keys {
    Known(Vec<String>),
    Unknown,
}

/// A write through `Object.assign`, `Object.defineProperty` and kin.
struct ObjWrite {
    at: Range<usize>,
    target: Obj,
    keys: Keys,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Class {
    Execution,
    Buffer,
}

/// How a name bound to one of the two classes is used.
#[derive(Clone, Debug, PartialEq)]
enum ClassUse {
    Construct,
    Extends,
    /// `x instanceof C`, `typeof C`: reads that build nothing.
    Test,
    /// `C.m(…)`, `C.x`: a static member read.
    Static,
    /// `C.prototype…`, `C.x = …`: the class itself changed.
    Changed,
    /// esbuild's `__name(C, "…")` and `__publicField(C, "…", …)`.
    Named,
    Value,
}

/// How the buffer's slot in the session's services is used.
#[derive(Clone, Debug, PartialEq)]
enum SlotUse {
    Call(String),
    Read(String),
    Bound(String),
    Written,
    Key,
    Test,
    Value,
}

struct Sweep {
    exec_names: BTreeSet<String>,
    buffer_names: BTreeSet<String>,
    slot: Option<String>,
    /// Nodes already handled by their parent.
    handled: BTreeSet<(usize, usize)>,
    class_uses: Vec<(Range<usize>, Class, ClassUse)>,
    cursor_writes: Vec<(Range<usize>, Obj, Option<*const Expr>)>,
    /// Each use of the setter: whether it is called, and its first argument.
    setter_uses: Vec<(Range<usize>, bool, Option<*const Expr>)>,
    obj_writes: Vec<ObjWrite>,
    slot_uses: Vec<(Range<usize>, SlotUse)>,
    reflective: Vec<(Range<usize>, String)>,
    /// The cursor's or the setter's name as a string value (not a literal computed key).
    names_as_values: Vec<Range<usize>>,
    /// The names each enclosing function and block declares: a minified
    /// class name is often a local name elsewhere, and then it is not the class.
    scopes: Vec<HashSet<String>>,
    /// A class expression's own name, in scope inside the class only.
    inner: Vec<(String, Range<usize>, Class)>,
}

fn is_member_of(expr: &Expr, object: &str, prop: &str) -> bool {
    match strip_parens(expr) {
        Expr::Member(m) => {
            matches!(strip_parens(&m.obj), Expr::Ident(id) if &*id.sym == object) && member_name(&m.prop) == Some(prop)
        }
        _ => false,
    }
}

fn object_keys(expr: &Expr) -> Keys {
    match strip_parens(expr) {
        Expr::Object(o) => {
            let mut keys = Vec::new();
            for p in &o.props {
                match p {
                    PropOrSpread::Spread(_) => return Keys::Unknown,
                    PropOrSpread::Prop(p) => match &**p {
                        Prop::KeyValue(kv) => match prop_name(&kv.key) {
                            Some(k) => keys.push(k.to_string()),
                            None => return Keys::Unknown,
                        },
                        Prop::Shorthand(id) => keys.push(id.sym.to_string()),
                        Prop::Method(m) => keys.extend(prop_name(&m.key).map(str::to_string)),
                        Prop::Getter(g) => keys.extend(prop_name(&g.key).map(str::to_string)),
                        Prop::Setter(s) => keys.extend(prop_name(&s.key).map(str::to_string)),
                        Prop::Assign(a) => keys.push(a.key.sym.to_string()),
                    },
                }
            }
            Keys::Known(keys)
        }
        _ => Keys::Unknown,
    }
}

fn str_lit(expr: &Expr) -> Option<String> {
    match strip_parens(expr) {
        Expr::Lit(Lit::Str(s)) => s.value.as_str().map(str::to_string),
        _ => None,
    }
}

impl Sweep {
    fn shadowed(&self, name: &str) -> bool {
        self.scopes.iter().any(|s| s.contains(name))
    }

    fn class_of(&self, expr: &Expr) -> Option<Class> {
        match strip_parens(expr) {
            Expr::Ident(id) if self.shadowed(&id.sym) => None,
            Expr::Ident(id) if !self.exec_names.contains(&*id.sym) && !self.buffer_names.contains(&*id.sym) => {
                let at = range(id);
                self.inner
                    .iter()
                    .find(|(name, class, _)| *name == *id.sym && within(&at, class))
                    .map(|(_, _, which)| *which)
            }
            Expr::Ident(id) if self.exec_names.contains(&*id.sym) => Some(Class::Execution),
            Expr::Ident(id) if self.buffer_names.contains(&*id.sym) => Some(Class::Buffer),
            _ => None,
        }
    }

    fn use_class(&mut self, expr: &Expr, how: ClassUse) -> bool {
        match self.class_of(expr) {
            Some(class) => {
                let at = range(strip_parens(expr));
                self.handled.insert((at.start, at.end));
                self.class_uses.push((at, class, how));
                true
            }
            None => false,
        }
    }

    fn is_slot(&self, expr: &Expr) -> bool {
        match (strip_parens(expr), &self.slot) {
            (Expr::Member(m), Some(slot)) => member_name(&m.prop) == Some(slot.as_str()),
            _ => false,
        }
    }

    fn use_slot(&mut self, expr: &Expr, how: SlotUse) {
        let at = range(strip_parens(expr));
        self.handled.insert((at.start, at.end));
        self.slot_uses.push((at, how));
    }

    /// A write to `target`'s member: the cursor's, anywhere.
    fn member_write(&mut self, whole: Range<usize>, target: &MemberExpr, value: Option<&Expr>) {
        if member_name(&target.prop) == Some(CURSOR) {
            self.cursor_writes.push((whole, obj_of(&target.obj), value.map(|v| v as *const Expr)));
        }
        if self.is_slot(&Expr::Member(target.clone())) {
            self.slot_uses.push((range(target), SlotUse::Written));
            self.handled.insert((range(target).start, range(target).end));
        }
        if self.class_of(&target.obj).is_some() {
            self.use_class(&target.obj, ClassUse::Changed);
        }
    }

    /// `Object.assign(t, …)`, `Object.defineProperty(t, k, …)`, `Reflect.set(t, k, …)` and kin.
    fn object_write(&mut self, call: &CallExpr) {
        let Callee::Expr(callee) = &call.callee else { return };
        let args: Vec<&Expr> = call.args.iter().map(|a| &*a.expr).collect();
        let spread = call.args.iter().any(|a| a.spread.is_some());
        let Some(target) = args.first() else { return };
        let keys = if spread {
            Keys::Unknown
        } else if is_member_of(callee, "Object", "assign") {
            let mut all = Vec::new();
            for source in &args[1..] {
                match object_keys(source) {
                    Keys::Known(k) => all.extend(k),
                    Keys::Unknown => {
                        all.clear();
                        break;
                    }
                }
            }
            if args[1..].iter().all(|s| matches!(object_keys(s), Keys::Known(_))) {
                Keys::Known(all)
            } else {
                Keys::Unknown
            }
        } else if is_member_of(callee, "Object", "defineProperty")
            || is_member_of(callee, "Reflect", "set")
            || is_member_of(callee, "Reflect", "defineProperty")
        {
            match args.get(1).and_then(|k| str_lit(k)) {
                Some(k) => Keys::Known(vec![k]),
                None => Keys::Unknown,
            }
        } else if is_member_of(callee, "Object", "defineProperties")
            || is_member_of(callee, "Object", "setPrototypeOf")
            || is_member_of(callee, "Reflect", "setPrototypeOf")
        {
            match args.get(1) {
                Some(map) if is_member_of(callee, "Object", "defineProperties") => object_keys(map),
                _ => Keys::Unknown,
            }
        } else {
            return;
        };
        self.obj_writes.push(ObjWrite { at: range(call), target: obj_of(target), keys });
    }

    /// `new C(…)`; or `new x.constructor(…)`, which builds whatever class `x` has.
    fn construction(&mut self, at: Range<usize>, new: &NewExpr) {
        if self.use_class(&new.callee, ClassUse::Construct) {
            return;
        }
        if let Expr::Member(m) = strip_parens(&new.callee) {
            if member_name(&m.prop) == Some("constructor") {
                self.reflective
                    .push((at, "a construction through `.constructor` builds whatever class the object has".into()));
            }
        }
    }

    /// `typeof`/`!` of a class or the slot (tests), and `delete` of a member (a write).
    fn unary(&mut self, at: Range<usize>, u: &UnaryExpr) {
        if u.op == UnaryOp::Delete {
            if let Expr::Member(m) = strip_parens(&u.arg) {
                self.member_write(at, m, None);
            }
        } else if (u.op == UnaryOp::TypeOf || u.op == UnaryOp::Bang)
            && !self.use_class(&u.arg, ClassUse::Test)
            && self.is_slot(&u.arg)
        {
            self.use_slot(&u.arg, SlotUse::Test);
        }
    }

    fn call(&mut self, at: Range<usize>, call: &CallExpr) {
        if let Callee::Expr(callee) = &call.callee {
            if let Expr::Member(m) = strip_parens(callee) {
                self.method_call(at.clone(), call, callee, m);
            }
            // A lowered class field: `__publicField(this, "steeringReaderIndex", 0)`.
            if call.args.len() >= 3
                && matches!(strip_parens(&call.args[0].expr), Expr::This(_))
                && str_lit(&call.args[1].expr).as_deref() == Some(CURSOR)
            {
                let key = range(strip_parens(&call.args[1].expr));
                self.handled.insert((key.start, key.end));
                self.cursor_writes.push((at, Obj::This, Some(&*call.args[2].expr as *const Expr)));
            }
            // esbuild's helpers: `__name(C, "C")`, `__publicField(C, "x", v)`.
            if call.args.len() >= 2
                && str_lit(&call.args[1].expr).is_some()
                && matches!(strip_parens(callee), Expr::Ident(_))
            {
                self.use_class(&call.args[0].expr, ClassUse::Named);
            }
        }
        self.object_write(call);
    }

    /// `x.setSteeringReaderIndex(…)`, `<slot>.m(…)`, `C.m(…)`.
    fn method_call(&mut self, at: Range<usize>, call: &CallExpr, callee: &Expr, m: &MemberExpr) {
        let name = member_name(&m.prop);
        if name == Some(SETTER) {
            self.setter_uses.push((at, true, call.args.first().map(|a| &*a.expr as *const Expr)));
            let r = range(strip_parens(callee));
            self.handled.insert((r.start, r.end));
        }
        if self.is_slot(&m.obj) {
            self.use_slot(&m.obj, SlotUse::Call(name.unwrap_or("").to_string()));
        }
        if self.class_of(&m.obj).is_some() {
            self.use_class(&m.obj, ClassUse::Static);
        }
        // `Reflect.construct(<class>, …)` is the class used as a value (below);
        // with another first argument it builds what that names, which the
        // class could only be if it was passed there as a value (also below).
    }

    /// A member read its parent did not handle: the setter taken as a value,
    /// the slot read, a class's static member or prototype, the slot itself.
    fn member_read(&mut self, at: Range<usize>, node: &Expr, m: &MemberExpr) {
        if member_name(&m.prop) == Some(SETTER) {
            self.setter_uses.push((at, false, None));
        }
        if self.is_slot(&m.obj) {
            let name = member_name(&m.prop).unwrap_or("").to_string();
            self.use_slot(&m.obj, SlotUse::Read(name));
        }
        let obj = range(strip_parens(&m.obj));
        if self.class_of(&m.obj).is_some() && !self.handled.contains(&(obj.start, obj.end)) {
            let how = if member_name(&m.prop) == Some("prototype") { ClassUse::Changed } else { ClassUse::Static };
            self.use_class(&m.obj, how);
        }
        if self.is_slot(node) {
            self.use_slot(node, SlotUse::Value);
        }
    }
}

impl Visit for Sweep {
    fn visit_function(&mut self, node: &Function) {
        let mut names = params_declare(node.params.iter().map(|p| &p.pat));
        if let Some(body) = &node.body {
            names.extend(stmts_declare(&body.stmts, true));
        }
        self.scopes.push(names);
        node.visit_children_with(self);
        self.scopes.pop();
    }

    fn visit_arrow_expr(&mut self, node: &ArrowExpr) {
        let mut names = params_declare(node.params.iter());
        if let ArrowFunctionBody::FunctionBody(body) = &*node.body {
            names.extend(stmts_declare(&body.stmts, true));
        }
        self.scopes.push(names);
        node.visit_children_with(self);
        self.scopes.pop();
    }

    fn visit_constructor(&mut self, node: &Constructor) {
        let mut names = params_declare(node.params.iter().filter_map(|p| match p {
            ParamOrTsParamProp::Param(p) => Some(&p.pat),
            _ => None,
        }));
        if let Some(body) = &node.body {
            names.extend(stmts_declare(&body.stmts, true));
        }
        self.scopes.push(names);
        node.visit_children_with(self);
        self.scopes.pop();
    }

    fn visit_block_stmt(&mut self, node: &BlockStmt) {
        self.scopes.push(stmts_declare(&node.stmts, false));
        node.visit_children_with(self);
        self.scopes.pop();
    }

    // A static block is a function body of its own: its `var`s stay in it.
    fn visit_static_block(&mut self, node: &StaticBlock) {
        self.scopes.push(stmts_declare(&node.body.stmts, true));
        node.visit_children_with(self);
        self.scopes.pop();
    }

    // A switch's cases share one block scope.
    fn visit_switch_stmt(&mut self, node: &SwitchStmt) {
        node.discriminant.visit_with(self);
        self.scopes.push(lexical_declares(node.cases.iter().flat_map(|c| &c.cons)));
        node.cases.visit_with(self);
        self.scopes.pop();
    }

    fn visit_catch_clause(&mut self, node: &CatchClause) {
        self.scopes.push(params_declare(node.param.iter()));
        node.visit_children_with(self);
        self.scopes.pop();
    }

    fn visit_for_stmt(&mut self, node: &ForStmt) {
        let names = match &node.init {
            Some(VarDeclOrExpr::VarDecl(v)) => params_declare(v.decls.iter().map(|d| &d.name)),
            _ => HashSet::new(),
        };
        self.scopes.push(names);
        node.visit_children_with(self);
        self.scopes.pop();
    }

    fn visit_for_of_stmt(&mut self, node: &ForOfStmt) {
        self.scopes.push(head_declares(&node.left));
        node.visit_children_with(self);
        self.scopes.pop();
    }

    fn visit_for_in_stmt(&mut self, node: &ForInStmt) {
        self.scopes.push(head_declares(&node.left));
        node.visit_children_with(self);
        self.scopes.pop();
    }

    fn visit_class(&mut self, node: &swc_ecma_ast::Class) {
        if let Some(sup) = &node.super_class {
            self.use_class(sup, ClassUse::Extends);
        }
        node.visit_children_with(self);
    }

    fn visit_var_declarator(&mut self, node: &VarDeclarator) {
        if let Some(init) = &node.init {
            match &node.name {
                // `var C = _C`: an alias, already followed by the anchors.
                Pat::Ident(_) if self.class_of(init).is_some() => {
                    let r = range(strip_parens(init));
                    self.handled.insert((r.start, r.end));
                }
                Pat::Ident(id) if self.is_slot(init) => self.use_slot(init, SlotUse::Bound(id.id.sym.to_string())),
                Pat::Object(o) if self.slot.is_some() => {
                    for p in &o.props {
                        let bound = match p {
                            ObjectPatProp::KeyValue(kv) if prop_name(&kv.key) == self.slot.as_deref() => {
                                match &*kv.value {
                                    Pat::Ident(id) => Some(id.id.sym.to_string()),
                                    _ => Some(String::new()),
                                }
                            }
                            ObjectPatProp::Assign(a) if Some(&*a.key.sym) == self.slot.as_deref() => {
                                Some(a.key.sym.to_string())
                            }
                            _ => None,
                        };
                        if let Some(name) = bound {
                            let at = range(p);
                            self.slot_uses
                                .push((at, if name.is_empty() { SlotUse::Value } else { SlotUse::Bound(name) }));
                        }
                    }
                }
                _ => {}
            }
        }
        node.visit_children_with(self);
    }

    fn visit_prop(&mut self, node: &Prop) {
        if let (Prop::KeyValue(kv), Some(slot)) = (node, &self.slot) {
            if prop_name(&kv.key) == Some(slot.as_str()) {
                self.slot_uses.push((range(node), SlotUse::Key));
            }
        }
        node.visit_children_with(self);
    }

    fn visit_expr(&mut self, node: &Expr) {
        let at = range(node);
        match node {
            Expr::New(new) => self.construction(at, new),
            Expr::Bin(bin) if bin.op == BinaryOp::InstanceOf => {
                self.use_class(&bin.right, ClassUse::Test);
            }
            Expr::Unary(u) => self.unary(at, u),
            Expr::Assign(assign) => match &assign.left {
                AssignTarget::Simple(SimpleAssignTarget::Member(m)) => self.member_write(at, m, Some(&assign.right)),
                AssignTarget::Simple(SimpleAssignTarget::Ident(_)) if self.is_slot(&assign.right) => {}
                AssignTarget::Pat(pat) => {
                    for m in &pattern_members(pat) {
                        self.member_write(at.clone(), m, None);
                    }
                }
                _ => {}
            },
            Expr::Update(update) => {
                if let Expr::Member(m) = strip_parens(&update.arg) {
                    self.member_write(at, m, None);
                }
            }
            Expr::Call(call) => self.call(at, call),
            // `x?.setSteeringReaderIndex(0)`, `x?.[k]`: judged as the plain call or member.
            Expr::OptChain(chain) => match &*chain.base {
                OptChainBase::Call(call) => self.call(at, &crate::anchors::pattern::opt_call_as_call(call)),
                OptChainBase::Member(m) if !self.handled.contains(&(at.start, at.end)) => {
                    self.member_read(at, &Expr::Member(m.clone()), m)
                }
                OptChainBase::Member(_) => {}
            },
            Expr::Member(m) if !self.handled.contains(&(at.start, at.end)) => self.member_read(at, node, m),
            Expr::Ident(_) if !self.handled.contains(&(at.start, at.end)) => {
                self.use_class(node, ClassUse::Value);
            }
            Expr::Lit(Lit::Str(text))
                if matches!(text.value.as_str(), Some(CURSOR) | Some(SETTER))
                    && !self.handled.contains(&(at.start, at.end)) =>
            {
                self.names_as_values.push(at)
            }
            _ => {}
        }
        node.visit_children_with(self);
    }

    // `x["steeringReaderIndex"]`: a literal computed key is judged as the member it names.
    fn visit_member_expr(&mut self, node: &MemberExpr) {
        node.obj.visit_with(self);
        if let MemberProp::Computed(c) = &node.prop {
            if !matches!(strip_parens(&c.expr), Expr::Lit(Lit::Str(_))) {
                c.visit_with(self);
            }
        }
    }
}

/// The members an assignment pattern writes (`[a.steeringReaderIndex] = …`).
fn pattern_members(pat: &AssignTargetPat) -> Vec<MemberExpr> {
    struct Members(Vec<MemberExpr>);
    impl Visit for Members {
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            self.0.push(m.clone());
        }
    }
    let mut found = Members(Vec::new());
    pat.visit_with(&mut found);
    found.0
}

/// The names bound by these patterns.
fn params_declare<'p>(pats: impl Iterator<Item = &'p Pat>) -> HashSet<String> {
    struct Names(HashSet<String>);
    impl Visit for Names {
        fn visit_binding_ident(&mut self, b: &BindingIdent) {
            self.0.insert(b.id.sym.to_string());
        }
        // A default value's expression binds nothing.
        fn visit_expr(&mut self, _: &Expr) {}
    }
    let mut names = Names(HashSet::new());
    for p in pats {
        p.visit_with(&mut names);
    }
    names.0
}

fn head_declares(head: &ForHead) -> HashSet<String> {
    match head {
        ForHead::VarDecl(v) => params_declare(v.decls.iter().map(|d| &d.name)),
        _ => HashSet::new(),
    }
}

/// The `let`, `const`, `class` and `function` declarations among `stmts` (not below them).
fn lexical_declares<'s>(stmts: impl Iterator<Item = &'s Stmt>) -> HashSet<String> {
    let mut out = HashSet::new();
    for stmt in stmts {
        if let Stmt::Decl(d) = stmt {
            match d {
                Decl::Class(c) => {
                    out.insert(c.ident.sym.to_string());
                }
                Decl::Fn(f) => {
                    out.insert(f.ident.sym.to_string());
                }
                Decl::Var(v) => out.extend(params_declare(v.decls.iter().map(|d| &d.name))),
                _ => {}
            }
        }
    }
    out
}

/// What a list of statements declares: its own `let`, `const`, `class` and
/// `function` declarations and, for a function body, every `var` below it
/// outside nested functions.
fn stmts_declare(stmts: &[Stmt], function_body: bool) -> HashSet<String> {
    let mut out = lexical_declares(stmts.iter());
    if function_body {
        struct Vars(HashSet<String>);
        impl Visit for Vars {
            fn visit_var_decl(&mut self, v: &VarDecl) {
                if v.kind == VarDeclKind::Var {
                    self.0.extend(params_declare(v.decls.iter().map(|d| &d.name)));
                }
            }
            fn visit_function(&mut self, _: &Function) {}
            fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
            fn visit_class(&mut self, _: &swc_ecma_ast::Class) {}
        }
        let mut vars = Vars(HashSet::new());
        stmts.visit_with(&mut vars);
        out.extend(vars.0);
    }
    out
}

/// The member names read on `object` (compared as source text) inside `node`,
/// and the methods called on it.
fn members_on(source: &str, node: FnNode, object: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    struct Reads<'s> {
        source: &'s str,
        object: &'s str,
        read: BTreeSet<String>,
        called: BTreeSet<String>,
    }
    impl Visit for Reads<'_> {
        fn visit_call_expr(&mut self, call: &CallExpr) {
            if let Callee::Expr(callee) = &call.callee {
                if let Expr::Member(m) = strip_parens(callee) {
                    if self.source[range(strip_parens(&m.obj))].trim() == self.object {
                        self.called.extend(member_name(&m.prop).map(str::to_string));
                    }
                }
            }
            call.visit_children_with(self);
        }
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            if self.source[range(strip_parens(&m.obj))].trim() == self.object {
                self.read.extend(member_name(&m.prop).map(str::to_string));
            }
            m.visit_children_with(self);
        }
        // What is only spelled into text (a log line's `${x.agentName}`)
        // decides no delivery: a write of it cannot change what the proof saw.
        fn visit_tpl(&mut self, _: &Tpl) {}
    }
    let mut reads = Reads { source, object, read: BTreeSet::new(), called: BTreeSet::new() };
    node.visit(&mut reads);
    (reads.read, reads.called)
}

/// Writes (`=`, `++`, `delete`, pattern targets) of members of `object`
/// (`this` or a name) inside `node`, not looking into functions that rebind
/// `this` when `object` is `this`.
fn writes_on(node: FnNode, object: &Obj) -> Vec<(Range<usize>, String, Option<*const Expr>)> {
    struct Writes<'o> {
        object: &'o Obj,
        entered: bool,
        out: Vec<(Range<usize>, String, Option<*const Expr>)>,
    }
    impl Writes<'_> {
        fn on(&mut self, at: Range<usize>, m: &MemberExpr, value: Option<&Expr>) {
            if obj_of(&m.obj) == *self.object {
                let name = member_name(&m.prop).unwrap_or(if matches!(m.prop, MemberProp::Computed(_)) {
                    COMPUTED
                } else {
                    ""
                });
                if !name.is_empty() {
                    self.out.push((at, name.to_string(), value.map(|v| v as *const Expr)));
                }
            }
        }
    }
    impl Visit for Writes<'_> {
        // A nested `function` has its own `this`.
        fn visit_function(&mut self, f: &Function) {
            if !self.entered || *self.object != Obj::This {
                self.entered = true;
                f.visit_children_with(self);
            }
        }
        fn visit_expr(&mut self, node: &Expr) {
            let at = range(node);
            match node {
                Expr::Assign(a) => match &a.left {
                    AssignTarget::Simple(SimpleAssignTarget::Member(m)) => self.on(at, m, Some(&a.right)),
                    AssignTarget::Pat(p) => {
                        for m in &pattern_members(p) {
                            self.on(at.clone(), m, None);
                        }
                    }
                    _ => {}
                },
                Expr::Update(u) => {
                    if let Expr::Member(m) = strip_parens(&u.arg) {
                        self.on(at, m, None);
                    }
                }
                Expr::Unary(u) if u.op == UnaryOp::Delete => {
                    if let Expr::Member(m) = strip_parens(&u.arg) {
                        self.on(at, m, None);
                    }
                }
                _ => {}
            }
            node.visit_children_with(self);
        }
    }
    let mut w = Writes { object, entered: false, out: Vec::new() };
    node.visit(&mut w);
    w.out
}

/// Every use of a local `name` inside `node`: a method call, a member read, or anything else.
fn uses_of(node: FnNode, name: &str) -> Vec<(Range<usize>, SlotUse)> {
    struct Uses<'n> {
        name: &'n str,
        handled: BTreeSet<usize>,
        out: Vec<(Range<usize>, SlotUse)>,
    }
    impl Uses<'_> {
        fn is(&self, e: &Expr) -> bool {
            matches!(strip_parens(e), Expr::Ident(id) if &*id.sym == self.name)
        }
    }
    impl Visit for Uses<'_> {
        fn visit_var_declarator(&mut self, d: &VarDeclarator) {
            if let Pat::Ident(id) = &d.name {
                if &*id.id.sym == self.name {
                    if let Some(init) = &d.init {
                        init.visit_with(self);
                    }
                    return;
                }
            }
            d.visit_children_with(self);
        }
        fn visit_expr(&mut self, node: &Expr) {
            let at = range(node);
            match node {
                Expr::Call(CallExpr { callee: Callee::Expr(callee), .. }) => {
                    if let Expr::Member(m) = strip_parens(callee) {
                        if self.is(&m.obj) {
                            self.handled.insert(range(strip_parens(callee)).start);
                            self.handled.insert(range(strip_parens(&m.obj)).start);
                            self.out.push((at.clone(), SlotUse::Call(member_name(&m.prop).unwrap_or("").to_string())));
                        }
                    }
                }
                Expr::Member(m) if !self.handled.contains(&at.start) && self.is(&m.obj) => {
                    self.handled.insert(range(strip_parens(&m.obj)).start);
                    self.out.push((at.clone(), SlotUse::Read(member_name(&m.prop).unwrap_or("").to_string())));
                }
                Expr::Unary(u) if (u.op == UnaryOp::Bang || u.op == UnaryOp::TypeOf) && self.is(&u.arg) => {
                    self.handled.insert(range(strip_parens(&u.arg)).start);
                }
                Expr::Ident(id) if &*id.sym == self.name && !self.handled.contains(&at.start) => {
                    self.out.push((at.clone(), SlotUse::Value));
                }
                _ => {}
            }
            node.visit_children_with(self);
        }
        fn visit_stmt(&mut self, s: &Stmt) {
            // `if (!buffer) return;` and `if (buffer)`: tests.
            if let Stmt::If(i) = s {
                if self.is(&i.test) {
                    self.handled.insert(range(strip_parens(&i.test)).start);
                }
            }
            s.visit_children_with(self);
        }
    }
    let mut u = Uses { name, handled: BTreeSet::new(), out: Vec::new() };
    node.visit(&mut u);
    u.out
}

/// Accounts for the whole parsed program around a resolution whose anchors
/// all matched. `program` is what the parse holds: the prefilter parses every
/// statement that mentions what this looks for (noted in the lookups).
pub fn account(resolution: &Resolution, program: &Program) -> Accounting {
    let Some(world) = World::gather(resolution) else { return Accounting::default() };
    let mut tally = Tally { source: world.index.source, bad: Vec::new(), counted: 0 };
    if world.slot.is_none() {
        let len = buffer_length(resolution);
        tally.unaccounted(
            &resolution.get("queued-length")[0].range,
            format!(
                "the buffer length `{}` is not read through sessionServices.<slot>, \
                 so the buffer's other readers cannot be found",
                clip(&len)
            ),
        );
    }
    let mut sweep = world.sweep();
    program.visit_with(&mut sweep);
    world.judge_classes(&sweep, &mut tally);
    world.judge_cursor(&sweep, program, &mut tally);
    world.judge_buffer(&sweep, &mut tally);
    world.judge_own_writes(&mut tally);
    world.judge_constructed(&sweep, &mut tally);
    world.judge_object_writes(&sweep, &mut tally);
    world.judge_deliveries(program, &mut tally);
    let spawn_paths = world.judge_started(program, &mut tally);
    let mut bad = tally.bad;
    bad.sort();
    bad.dedup();
    Accounting { unaccounted: bad, spawn_paths, accounted: tally.counted }
}

/// The places the accounting found uncovered, and how many it found covered.
struct Tally<'a> {
    source: &'a str,
    bad: Vec<Place>,
    counted: usize,
}

impl Tally<'_> {
    fn unaccounted(&mut self, at: &Range<usize>, why: String) {
        self.bad.push(Place { at: at.start, code: clip(&self.source[at.clone()]), why });
    }
}

fn inside(at: &Range<usize>, spans: &[Range<usize>]) -> bool {
    spans.iter().any(|s| within(at, s))
}

fn is_zero(value: Option<*const Expr>) -> bool {
    value.is_some_and(|v| matches!(strip_parens(unsafe { &*v }), Expr::Lit(Lit::Num(n)) if n.value == 0.0))
}

/// What the sweep's findings are judged against: where the anchors put the
/// classes, the drain, the end-of-turn check, the spawn sites and the roots,
/// and what those read.
struct World<'r, 'a> {
    resolution: &'r Resolution<'a>,
    index: &'r Index<'a>,
    exec: &'r ClassInfo<'a>,
    exec_range: Range<usize>,
    buffer_range: Range<usize>,
    exec_names: BTreeSet<String>,
    buffer_names: BTreeSet<String>,
    /// The buffer's slot in the session's services, where the length says it is.
    slot: Option<String>,
    /// Methods of the buffer a caller may use without reading its messages.
    buffer_safe: BTreeSet<String>,
    /// What the drain and the end-of-turn check read on an execution.
    fields: BTreeSet<String>,
    /// The field the drain empties its own queue through (`this.<queue> = []`).
    queue: String,
    /// A drain split over the functions it calls (a collector and a deliverer) is one drain.
    drains: Vec<Range<usize>>,
    turns: Vec<Range<usize>>,
    spawns: Vec<Range<usize>>,
    roots: Vec<Range<usize>>,
    spawn_fns: Vec<Range<usize>>,
    ctor_ranges: Vec<Range<usize>>,
    setter_ranges: Vec<Range<usize>>,
    /// Where the buffer's messages may be read: the buffer, the drain, the check, the length's method.
    readers: Vec<Range<usize>>,
}

impl<'r, 'a> World<'r, 'a> {
    /// The world around the resolved anchors, or None where the classes did not resolve.
    fn gather(resolution: &'r Resolution<'a>) -> Option<World<'r, 'a>> {
        let index = &resolution.index;
        let ranges = |id: &str| resolution.get(id).iter().map(|m| m.range.clone()).collect::<Vec<_>>();
        let drains: Vec<Range<usize>> = ranges("drain").iter().flat_map(|d| index.with_callees(d)).collect();
        let turns = ranges("end-of-turn");
        let exec_range = ranges("execution-class").first().cloned()?;
        let buffer_range = ranges("buffer-class").first().cloned()?;
        let exec = index.classes.iter().find(|c| c.range == exec_range)?;
        let buffer = index.classes.iter().find(|c| c.range == buffer_range)?;
        let exec_names = class_names(resolution, "execution-class");
        let buffer_names = class_names(resolution, "buffer-class");
        // The buffer, from the execution's side: `this.sessionServices.<slot>.<tail>`.
        let len = buffer_length(resolution);
        let (slot, tail) = match crate::anchors::resolve::buffer_slot(&len) {
            Some((slot, tail)) => (Some(slot.to_string()), tail.to_string()),
            None => (None, String::new()),
        };
        for name in exec_names.iter().chain(&buffer_names) {
            index.lookups.mention(name, Mention::Reference);
        }
        for text in [CURSOR, SETTER].into_iter().chain(slot.as_deref()) {
            index.lookups.mention(text, Mention::Spelled);
        }
        let buffer_safe = buffer_safe(resolution, buffer.class, &tail);
        let ql_method = resolution
            .get("queued-length")
            .first()
            .and_then(|m| index.enclosing_function(&m.range))
            .map(|f| f.range.clone());
        let fields = drain_fields(resolution, exec, &drains, &turns, ql_method.as_ref());
        let queue = resolution.capture("own-queue", "QUEUE").unwrap_or_default().to_string();
        let spawns = ranges("spawn-site");
        let spawn_fns = spawns.iter().filter_map(|r| index.enclosing_function(r)).map(|f| f.range.clone()).collect();
        let ctor_ranges = exec
            .class
            .body
            .iter()
            .filter_map(|m| match m {
                ClassMember::Constructor(c) => Some(range(c)),
                _ => None,
            })
            .collect();
        let setter_ranges = methods_named(index, exec, SETTER).iter().map(|f| f.range.clone()).collect();
        let readers = [buffer_range.clone()]
            .into_iter()
            .chain(drains.iter().cloned())
            .chain(turns.iter().cloned())
            .chain(ql_method.iter().cloned())
            .collect();
        Some(World {
            resolution,
            index,
            exec,
            exec_range,
            buffer_range,
            exec_names,
            buffer_names,
            slot,
            buffer_safe,
            fields,
            queue,
            drains,
            turns,
            spawns,
            roots: ranges("root-construction"),
            spawn_fns,
            ctor_ranges,
            setter_ranges,
            readers,
        })
    }

    /// A sweep for the places that could change the proof's outcome.
    fn sweep(&self) -> Sweep {
        let inner = [(&self.exec_range, Class::Execution), (&self.buffer_range, Class::Buffer)]
            .into_iter()
            .filter_map(|(at, which)| {
                self.index
                    .inner_names
                    .iter()
                    .find(|(_, _, class)| class == at)
                    .map(|(name, _, class)| (name.to_string(), class.clone(), which))
            })
            .collect();
        Sweep {
            exec_names: self.exec_names.clone(),
            buffer_names: self.buffer_names.clone(),
            slot: self.slot.clone(),
            handled: BTreeSet::new(),
            class_uses: Vec::new(),
            cursor_writes: Vec::new(),
            setter_uses: Vec::new(),
            obj_writes: Vec::new(),
            slot_uses: Vec::new(),
            reflective: Vec::new(),
            names_as_values: Vec::new(),
            scopes: Vec::new(),
            inner,
        }
    }

    /// 1. The classes: every construction classified, nothing built out of sight.
    fn judge_classes(&self, sweep: &Sweep, tally: &mut Tally) {
        for (at, class, how) in &sweep.class_uses {
            let what = if *class == Class::Execution { "the execution class" } else { "the buffer class" };
            match how {
                ClassUse::Construct if *class == Class::Execution => self.judge_construction(at, tally),
                ClassUse::Construct | ClassUse::Test | ClassUse::Static | ClassUse::Named => tally.counted += 1,
                ClassUse::Extends => tally.unaccounted(
                    at,
                    format!("{what} is subclassed here: the subclass's constructions and overrides are not classified"),
                ),
                ClassUse::Changed => {
                    tally.unaccounted(at, format!("{what} itself is changed here (its prototype or a static member)"))
                }
                ClassUse::Value => tally.unaccounted(
                    at,
                    format!(
                        "{what} is used as a value here (passed, stored or returned): \
                         it may be constructed where the tool cannot see"
                    ),
                ),
            }
        }
        for at in &sweep.names_as_values {
            tally.unaccounted(
                at,
                "the cursor's name as a string value: a computed key or a reflective call may write it \
                 where the tool cannot see"
                    .into(),
            );
        }
        // `new x.constructor(…)` builds an execution only where x may be one: in the
        // execution class, the drain, the end-of-turn check or a spawn site's function.
        for (at, why) in &sweep.reflective {
            if within(at, &self.exec_range)
                || inside(at, &self.drains)
                || inside(at, &self.turns)
                || inside(at, &self.spawn_fns)
            {
                tally.unaccounted(at, format!("{why}: here it may build an execution unseen"));
            }
        }
        // `this.constructor` inside the execution class: a construction of its own class.
        for at in this_constructor_reads(self.exec.class) {
            tally.unaccounted(
                &at,
                "the execution class reads its own constructor here: an execution may be built from it unseen".into(),
            );
        }
    }

    /// A construction of the execution class. `plan` refuses one that is
    /// neither a spawn site nor a root; here a root needs evidence.
    fn judge_construction(&self, at: &Range<usize>, tally: &mut Tally) {
        if let Some(root) = self.roots.iter().find(|r| r.start == at.start || within(at, r)) {
            if let Some(why) = not_a_root(self.resolution, root) {
                tally.unaccounted(
                    root,
                    format!(
                        "a construction without subExecutionDepth that is not a root's: {why}; \
                         it may be a sub-execution that is neither seeded nor gated"
                    ),
                );
                return;
            }
        }
        tally.counted += 1;
    }

    /// 2. The cursor: written only where the proof runs or the anchors name.
    fn judge_cursor(&self, sweep: &Sweep, program: &Program, tally: &mut Tally) {
        for (at, obj, value) in &sweep.cursor_writes {
            let ok = inside(at, &self.drains)
                || inside(at, &self.setter_ranges)
                || (inside(at, &self.ctor_ranges) && *obj == Obj::This && is_zero(*value));
            if ok {
                tally.counted += 1;
            } else {
                tally.unaccounted(
                    at,
                    "a write of the cursor outside the drain, the setter and the constructor's 0: \
                     the proof does not run it"
                        .into(),
                );
            }
        }
        for (at, is_call, arg) in &sweep.setter_uses {
            let ok = *is_call && (inside(at, &self.drains) || (inside(at, &self.ctor_ranges) && is_zero(*arg)));
            if ok {
                tally.counted += 1;
                continue;
            }
            if !is_call {
                tally.unaccounted(
                    at,
                    "the cursor's setter is taken as a value here: it may be called where the tool cannot see".into(),
                );
                continue;
            }
            if inside(at, &self.spawn_fns) {
                // foreign-seed refuses these before the accounting runs.
                tally.unaccounted(at, "a spawn site's function sets a cursor".into());
                continue;
            }
            match Roots::new(self.resolution, program, &self.roots).sets_a_root(at) {
                Ok(()) => tally.counted += 1,
                Err(why) => tally.unaccounted(
                    at,
                    format!(
                        "the cursor is set here outside the drain, and it is not shown to be a root continuation: {why}"
                    ),
                ),
            }
        }
    }

    /// 3. The buffer's messages: read only by the buffer, the drain and the execution's check.
    fn judge_buffer(&self, sweep: &Sweep, tally: &mut Tally) {
        for (at, how) in &sweep.slot_uses {
            if !self.judge_slot_use(at, how, tally) {
                continue;
            }
            tally.counted += 1;
            let SlotUse::Bound(name) = how else { continue };
            if inside(at, &self.readers) {
                continue;
            }
            match self.index.enclosing_function(at) {
                Some(f) => {
                    for (use_at, use_how) in uses_of(f.node, name) {
                        if self.judge_slot_use(&use_at, &use_how, tally) {
                            tally.counted += 1;
                        }
                    }
                }
                None => tally.unaccounted(
                    at,
                    "the steering buffer is bound at top level: its readers cannot be followed".into(),
                ),
            }
        }
    }

    /// Whether one use of the buffer is covered (else it is noted as not).
    fn judge_slot_use(&self, at: &Range<usize>, how: &SlotUse, tally: &mut Tally) -> bool {
        if inside(at, &self.readers) {
            return true;
        }
        match how {
            SlotUse::Call(m) | SlotUse::Read(m) if self.buffer_safe.contains(m) => true,
            SlotUse::Key | SlotUse::Test => true,
            SlotUse::Call(m) | SlotUse::Read(m) => {
                tally.unaccounted(
                    at,
                    format!(
                        "the steering buffer's `{m}` is used here, outside the drain: \
                         a second reader of its messages that the proof does not run"
                    ),
                );
                false
            }
            SlotUse::Written => {
                tally.unaccounted(at, "the session's steering buffer is replaced here".into());
                false
            }
            SlotUse::Value => {
                tally.unaccounted(
                    at,
                    "the steering buffer is handed on here: its messages may be read where the tool cannot see".into(),
                );
                false
            }
            SlotUse::Bound(_) => true,
        }
    }

    /// 4. The fields the drain and the check read, written on an execution by its own methods.
    fn judge_own_writes(&self, tally: &mut Tally) {
        for member in &self.exec.class.body {
            let (f, method) = match member {
                ClassMember::Method(m) => {
                    (self.index.function_at(&range(&*m.function)), prop_name(&m.key).unwrap_or(""))
                }
                ClassMember::PrivateMethod(m) => (self.index.function_at(&range(&*m.function)), ""),
                _ => continue,
            };
            let Some(f) = f else { continue };
            for (at, field, value) in writes_on(f.node, &Obj::This) {
                if field == COMPUTED {
                    tally.unaccounted(
                        &at,
                        format!(
                            "the execution's method `{method}` writes a member through a computed key \
                             the tool cannot read"
                        ),
                    );
                    continue;
                }
                if !self.fields.contains(&field) || field == CURSOR {
                    continue; // the cursor was judged above
                }
                let consumes_queue = field == self.queue
                    && value
                        .is_some_and(|v| matches!(strip_parens(unsafe { &*v }), Expr::Array(a) if a.elems.is_empty()));
                if consumes_queue {
                    tally.counted += 1;
                } else {
                    tally.unaccounted(
                        &at,
                        format!(
                            "the execution's method `{method}` writes `{field}`, which the drain \
                             or the end-of-turn check reads; the proof does not run it"
                        ),
                    );
                }
            }
        }
    }

    /// Variables bound to a construction: what is done to the child before it runs.
    fn judge_constructed(&self, sweep: &Sweep, tally: &mut Tally) {
        let field_list = || self.fields.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", ");
        for site in self.spawns.iter().chain(&self.roots) {
            let Some(f) = self.index.enclosing_function(site) else { continue };
            let Some(name) = bound_to(f, site) else { continue };
            let built = format!("`{name}`, built at byte {}", site.start);
            let obj = Obj::Name(name);
            for (at, field, _) in writes_on(f.node, &obj) {
                if field == COMPUTED {
                    tally.unaccounted(
                        &at,
                        format!("{built}, gets a member written through a computed key the tool cannot read"),
                    );
                } else if field != CURSOR && self.fields.contains(&field) {
                    tally.unaccounted(
                        &at,
                        format!(
                            "{built}, gets `{field}` written before it runs; \
                             the drain or the end-of-turn check reads it"
                        ),
                    );
                }
            }
            for w in sweep.obj_writes.iter().filter(|w| within(&w.at, &f.range) && w.target == obj) {
                match &w.keys {
                    Keys::Known(keys) if !keys.iter().any(|k| self.fields.contains(k)) => tally.counted += 1,
                    Keys::Known(keys) => {
                        let hit: Vec<String> =
                            keys.iter().filter(|k| self.fields.contains(*k)).map(|k| format!("`{k}`")).collect();
                        tally.unaccounted(&w.at, format!("{built}, gets {} written before it runs", hit.join(", ")));
                    }
                    Keys::Unknown => tally.unaccounted(
                        &w.at,
                        format!(
                            "{built}, gets properties the tool cannot list written before it runs \
                             (the drain reads {})",
                            field_list()
                        ),
                    ),
                }
            }
        }
    }

    /// Writes through Object.assign and kin: the cursor onto anything; onto the execution's own `this`,
    /// the fields the drain reads or keys the tool cannot list.
    fn judge_object_writes(&self, sweep: &Sweep, tally: &mut Tally) {
        for w in &sweep.obj_writes {
            let on_exec_this =
                w.target == Obj::This && within(&w.at, &self.exec_range) && !inside(&w.at, &self.ctor_ranges);
            match &w.keys {
                Keys::Known(keys) if keys.iter().any(|k| k == CURSOR) => tally.unaccounted(
                    &w.at,
                    "the cursor is written here through an object (Object.assign, defineProperty, Reflect)".into(),
                ),
                Keys::Known(keys) if on_exec_this && keys.iter().any(|k| self.fields.contains(k)) => tally
                    .unaccounted(&w.at, "the execution writes fields the drain reads through an object here".into()),
                Keys::Unknown if on_exec_this => tally
                    .unaccounted(&w.at, "the execution writes properties the tool cannot list onto itself here".into()),
                // Writes onto other objects are none of the proof's business, and
                // not counted: only what the prefilter parses for a reason counts.
                _ => {}
            }
        }
    }

    /// Delivery happens only in the drain (see `escape`).
    fn judge_deliveries(&self, program: &Program, tally: &mut Tally) {
        let delivery = crate::proof::escape::delivery_methods(self.exec, &self.queue);
        let open = crate::proof::escape::deliveries_outside(
            self.index,
            program,
            self.exec,
            &self.queue,
            &delivery,
            &self.drains,
        );
        for o in open {
            tally.unaccounted(&o.at, o.why);
        }
    }

    /// Construction is start: no child is kept between its `new` and its run.
    /// Returns each spawn path: a spawn site, or each call of the construction
    /// helper that holds one.
    fn judge_started(&self, program: &'a Program, tally: &mut Tally) -> Vec<Place> {
        let source = self.index.source;
        let mut reported = Vec::new();
        for (n, site) in self.spawns.iter().enumerate() {
            let Some(f) = self.index.enclosing_function(site) else { continue };
            // The site's own function, and each caller of a construction helper holding it.
            let mut paths = vec![(f, site.clone(), None)];
            let helper = self
                .resolution
                .expr_at(f, site)
                .and_then(|new| crate::proof::slice::ConstructionHelper::of(self.index, program, f, site, new));
            for (call, _) in helper.iter().flat_map(|h| &h.calls) {
                let Some(caller) = self.index.enclosing_function(call) else { continue };
                let name = helper.as_ref().map_or("", |h| h.name.as_str());
                let why = format!(
                    "spawn site {}, through the construction helper `{name}`: what the caller (byte {}) \
                     does to the child before the hand-off is accounted for",
                    n + 1,
                    caller.range.start
                );
                paths.push((caller, call.clone(), Some(why)));
            }
            let through_helper = paths.len() > 1;
            for (f, at, why) in paths {
                let why = why.or_else(|| {
                    (!through_helper).then(|| {
                        format!(
                            "spawn site {}: what its function (byte {}) does to the child before the hand-off \
                             is accounted for",
                            n + 1,
                            f.range.start
                        )
                    })
                });
                if let Some(why) = why {
                    reported.push(Place { at: at.start, code: clip(&source[at.clone()]), why });
                }
                if let Some((kept, how)) = crate::proof::escape::kept_before_start(f, &at, bound_to(f, &at).as_deref())
                {
                    tally.unaccounted(
                        &kept,
                        format!(
                            "the child built at byte {} {how} before it starts: a seed at its construction \
                             would be taken early, and steers typed in between replayed into it",
                            at.start
                        ),
                    );
                } else {
                    tally.counted += 1;
                }
            }
        }
        reported
    }
}

/// A class anchor's class by its captured name and the name's aliases.
fn class_names(resolution: &Resolution, anchor: &str) -> BTreeSet<String> {
    let mut set = BTreeSet::new();
    if let Some(name) = resolution.capture(anchor, "CLASS") {
        set.insert(name.to_string());
        set.extend(resolution.index.aliases_of(name).into_iter().map(str::to_string));
    }
    set
}

/// The methods of the buffer class a caller may use without reading its
/// messages: the append, the clear, the length's own member, `isHandled`.
fn buffer_safe(resolution: &Resolution, buffer: &swc_ecma_ast::Class, tail: &str) -> BTreeSet<String> {
    let method_of = |id: &str| -> Option<String> {
        let at = resolution.get(id).first()?.range.clone();
        crate::anchors::resolve::class_method(buffer, &at).and_then(|m| prop_name(&m.key)).map(str::to_string)
    };
    let acks = buffer.body.iter().filter_map(|m| match m {
        ClassMember::Method(m) if m.kind == MethodKind::Method && acknowledges_only(&m.function) => {
            prop_name(&m.key).map(str::to_string)
        }
        _ => None,
    });
    [method_of("buffer-append"), method_of("buffer-clear"), Some(tail.to_string()), Some("isHandled".to_string())]
        .into_iter()
        .flatten()
        .chain(acks)
        .filter(|m| !m.is_empty())
        .collect()
}

/// Whether an expression's value can only be a primitive (a literal, a
/// negation, a comparison), whatever it evaluates on the way.
fn yields_no_object(e: &Expr) -> bool {
    match strip_parens(e) {
        Expr::Lit(_) => true,
        Expr::Unary(u) => matches!(u.op, UnaryOp::Bang | UnaryOp::Void | UnaryOp::TypeOf),
        Expr::Bin(b) if matches!(b.op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::NullishCoalescing) => {
            yields_no_object(&b.left) && yields_no_object(&b.right)
        }
        Expr::Bin(_) => true,
        Expr::Cond(c) => yields_no_object(&c.cons) && yields_no_object(&c.alt),
        Expr::Seq(s) => s.exprs.last().is_some_and(|x| yields_no_object(x)),
        _ => false,
    }
}

/// Whether a buffer method only acknowledges (fact 4): it looks a message
/// up, adds to its `handlers` set, and hands nothing back. Such a call moves
/// no cursor and delivers nothing; only the prompt wording reads `handlers`.
fn acknowledges_only(f: &Function) -> bool {
    struct Ack {
        ok: bool,
        /// The method's own names: only its temporaries may be written.
        own: HashSet<String>,
        /// Whether it touches a message's `handlers` at all: one that does
        /// nothing is no acknowledgment.
        handlers: bool,
    }
    impl Visit for Ack {
        fn visit_return_stmt(&mut self, node: &ReturnStmt) {
            self.ok &= node.arg.as_deref().is_none_or(yields_no_object);
            node.visit_children_with(self);
        }
        // `(_a = this.m.get(id)) == null ? …`: lowered `?.`.
        fn visit_assign_expr(&mut self, node: &AssignExpr) {
            let own = matches!(&node.left, AssignTarget::Simple(SimpleAssignTarget::Ident(id)) if self.own.contains(&*id.id.sym));
            self.ok &= own && node.op == AssignOp::Assign;
            node.right.visit_with(self);
        }
        fn visit_update_expr(&mut self, _: &UpdateExpr) {
            self.ok = false;
        }
        fn visit_unary_expr(&mut self, node: &UnaryExpr) {
            self.ok &= node.op != UnaryOp::Delete;
            node.visit_children_with(self);
        }
        fn visit_call_expr(&mut self, node: &CallExpr) {
            let ok = match &node.callee {
                Callee::Expr(c) => match strip_parens(c) {
                    Expr::Member(m) => match member_name(&m.prop) {
                        Some("get" | "has" | "find" | "some" | "includes") => true,
                        Some("add") => {
                            matches!(strip_parens(&m.obj), Expr::Member(o) if member_name(&o.prop) == Some("handlers"))
                        }
                        _ => false,
                    },
                    _ => false,
                },
                _ => false,
            };
            self.ok &= ok;
            node.visit_children_with(self);
        }
        fn visit_new_expr(&mut self, _: &NewExpr) {
            self.ok = false;
        }
        fn visit_member_expr(&mut self, node: &MemberExpr) {
            self.handlers |= member_name(&node.prop) == Some("handlers");
            node.visit_children_with(self);
        }
    }
    let Some(body) = &f.body else { return false };
    let mut ack = Ack { ok: true, own: crate::read::scope::declared_by(FnNode::Function(f)), handlers: false };
    body.visit_with(&mut ack);
    ack.ok && ack.handlers
}

/// The execution class's methods called `name`.
fn methods_named<'i, 'a>(index: &'i Index<'a>, exec: &ClassInfo<'a>, name: &str) -> Vec<&'i FnInfo<'a>> {
    exec.class
        .body
        .iter()
        .filter_map(|m| match m {
            ClassMember::Method(method) if prop_name(&method.key) == Some(name) => {
                index.function_at(&range(&*method.function))
            }
            _ => None,
        })
        .collect()
}

/// What the drain, the end-of-turn check and the method that reads the
/// buffer's length read on the execution; with the `this` reads of the
/// execution's methods they call, transitively (those methods are not fields).
fn drain_fields(
    resolution: &Resolution,
    exec: &ClassInfo,
    drains: &[Range<usize>],
    turns: &[Range<usize>],
    ql_method: Option<&Range<usize>>,
) -> BTreeSet<String> {
    let index = &resolution.index;
    let mut fields: BTreeSet<String> = [CURSOR, DEPTH].into_iter().map(str::to_string).collect();
    let mut called: BTreeSet<String> = BTreeSet::new();
    let exec_var = resolution.capture("drain-cursor-advance", "EXEC");
    for (fns, object, is_drain) in [(drains, exec_var, true), (turns, end_of_turn_object(resolution), false)] {
        for at in fns.iter() {
            let Some(f) = index.function_at(at) else { continue };
            // The execution by the anchor's name, and by each drain function's first parameter.
            let first =
                if is_drain { f.node.param_names().first().copied().flatten().map(str::to_string) } else { None };
            for object in object.map(str::to_string).into_iter().chain(first) {
                let (read, calls) = members_on(index.source, f.node, object.trim());
                fields.extend(read);
                called.extend(calls);
            }
        }
    }
    if let Some(f) = ql_method.and_then(|at| index.function_at(at)) {
        fields.extend(members_on(index.source, f.node, "this").0);
    }
    let mut seen = BTreeSet::new();
    while let Some(name) = called.iter().find(|n| !seen.contains(*n)).cloned() {
        seen.insert(name.clone());
        for f in methods_named(index, exec, &name) {
            let (read, calls) = members_on(index.source, f.node, "this");
            fields.extend(read);
            called.extend(calls);
        }
    }
    fields.retain(|f| !called.contains(f));
    fields
}

/// The expression the end-of-turn check reads the execution through (`$E`).
fn end_of_turn_object<'a>(resolution: &Resolution<'a>) -> Option<&'a str> {
    resolution.capture("end-of-turn", "E").or_else(|| {
        let m = resolution.get("end-of-turn").first()?;
        let f = resolution.index.function_at(&m.range)?;
        // The anchor's match is the function; find `$E.drainRetryCount` in it.
        let text = resolution.index.text(&f.range);
        let at = text.find(".drainRetryCount")?;
        let start =
            text[..at].rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$' || c == '.')).map_or(0, |i| i + 1);
        let abs = f.range.start + start..f.range.start + at;
        Some(resolution.index.text(&abs))
    })
}

/// Why a construction the root anchor matched is not a root's, if it is not.
fn not_a_root(resolution: &Resolution, at: &Range<usize>) -> Option<String> {
    let index = &resolution.index;
    let f = index.enclosing_function(at)?;
    let Some(Expr::New(new)) = resolution.expr_at(f, at) else { return None };
    let first = new.args.as_ref().and_then(|a| a.first())?;
    for part in crate::anchors::resolve::config_parts(index, &first.expr, at, 0) {
        if let crate::anchors::resolve::ConfigPart::Object(o) = part {
            if let Keys::Known(keys) = object_keys(&Expr::Object(o.clone())) {
                if keys.iter().any(|k| k == SUB_MARK) {
                    return Some(format!("it carries `{SUB_MARK}`, the mark of memory extraction"));
                }
            }
        }
    }
    // Members only an execution has, read anywhere in the arguments; on `this`
    // only where `this` may be an execution (not in another class's own method:
    // a session's `this.abortController` is the session's).
    struct Reads(Option<String>, bool);
    impl Visit for Reads {
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            if let Some(name) = member_name(&m.prop) {
                let on_other_this = self.1 && matches!(strip_parens(&m.obj), Expr::This(_));
                if EXECUTION_ONLY.contains(&name) && self.0.is_none() && !on_other_this {
                    self.0 = Some(name.to_string());
                }
            }
            m.visit_children_with(self);
        }
    }
    let mut reads = Reads(None, this_is_another_class(resolution, at));
    new.args.visit_with(&mut reads);
    reads.0.map(|m| format!("its config reads `.{m}` of another execution"))
}

/// Whether `this` at `at` is an instance of a class other than the
/// execution class: the nearest function that binds `this` (not an arrow) is
/// a method, private method or constructor of such a class.
fn this_is_another_class(resolution: &Resolution, at: &Range<usize>) -> bool {
    let index = &resolution.index;
    let Some(exec_at) = resolution.get("execution-class").first().map(|m| &m.range) else { return false };
    let binder = index
        .functions
        .iter()
        .filter(|f| within(at, &f.range) && f.range != *at && !matches!(f.node, FnNode::Arrow(_)))
        .max_by_key(|f| f.range.start);
    let Some(binder) = binder else { return false };
    index.classes.iter().filter(|c| c.range != *exec_at && !within(&c.range, exec_at)).any(|c| {
        c.class.body.iter().any(|m| match m {
            ClassMember::Method(m) => range(&*m.function) == binder.range,
            ClassMember::PrivateMethod(m) => range(&*m.function) == binder.range,
            ClassMember::Constructor(k) => range(k) == binder.range,
            _ => false,
        })
    })
}

/// `this.constructor` anywhere inside the class.
fn this_constructor_reads(class: &swc_ecma_ast::Class) -> Vec<Range<usize>> {
    struct Find(Vec<Range<usize>>);
    impl Visit for Find {
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            if matches!(strip_parens(&m.obj), Expr::This(_)) && member_name(&m.prop) == Some("constructor") {
                self.0.push(range(m));
            }
            m.visit_children_with(self);
        }
    }
    let mut find = Find(Vec::new());
    class.visit_with(&mut find);
    find.0
}

/// Whether a cursor set outside the drain sets a root's cursor (the root
/// continuation): its object is a local bound only to root executions, or a
/// parameter that every call of its function fills with one.
struct Roots<'r, 'a> {
    resolution: &'r Resolution<'a>,
    program: &'a Program,
    roots: &'r [Range<usize>],
}

impl<'r, 'a> Roots<'r, 'a> {
    fn new(resolution: &'r Resolution<'a>, program: &'a Program, roots: &'r [Range<usize>]) -> Self {
        Roots { resolution, program, roots }
    }

    fn sets_a_root(&self, call_at: &Range<usize>) -> Result<(), String> {
        let index = &self.resolution.index;
        let f = index.enclosing_function(call_at).ok_or("it is not inside a function")?;
        let Some(Expr::Call(call)) = self.resolution.expr_at(f, call_at) else {
            return Err("the call cannot be read back".into());
        };
        let Callee::Expr(callee) = &call.callee else { return Err("not a method call".into()) };
        let Expr::Member(m) = strip_parens(callee) else { return Err("not a method call".into()) };
        let Expr::Ident(object) = strip_parens(&m.obj) else {
            return Err(format!("its object `{}` is not a plain name", clip(index.text(&range(&*m.obj)))));
        };
        self.is_root_name(f, &object.sym, 0)
    }

    /// Whether `name` in `f` only ever holds a root execution.
    fn is_root_name(&self, f: &FnInfo<'a>, name: &str, depth: u8) -> Result<(), String> {
        if depth > 2 {
            return Err(format!("`{name}` is passed on too many times to follow"));
        }
        let values = values_of(f, name);
        if !values.is_empty() {
            for v in values {
                if !self.is_root_value(f, unsafe { &*v }, depth) {
                    return Err(format!(
                        "`{name}` is given `{}`, not a root construction",
                        clip(self.resolution.index.text(&range(unsafe { &*v })))
                    ));
                }
            }
            return Ok(());
        }
        let position = f
            .node
            .param_names()
            .iter()
            .position(|p| *p == Some(name))
            .ok_or_else(|| format!("`{name}` is neither a local nor a parameter of its function"))?;
        let fname = self
            .function_name(f)
            .ok_or_else(|| format!("`{name}` is a parameter of an unnamed function whose callers cannot be found"))?;
        self.resolution.index.lookups.mention(&fname, Mention::Token);
        let mut named = crate::anchors::resolve::NamedCalls::new(&fname, true);
        self.program.visit_with(&mut named);
        let calls = named.found;
        if calls.is_empty() {
            return Err(format!("`{fname}`, whose parameter `{name}` it is, is never called where the tool can see"));
        }
        for (at, args) in calls {
            let Some(caller) = self.resolution.index.enclosing_function(&at) else {
                return Err(format!("`{fname}` is called at top level (byte {})", at.start));
            };
            let arg = args
                .get(position)
                .ok_or_else(|| format!("`{fname}` is called at byte {} without `{name}`", at.start))?;
            if !self.is_root_value(caller, unsafe { &**arg }, depth + 1) {
                return Err(format!(
                    "`{fname}` is called at byte {} with `{}` as `{name}`, not shown to be a root execution",
                    at.start,
                    clip(self.resolution.index.text(&range(unsafe { &**arg })))
                ));
            }
        }
        Ok(())
    }

    fn is_root_value(&self, f: &FnInfo<'a>, value: &Expr, depth: u8) -> bool {
        let value = strip_parens(value);
        let at = range(value);
        if self.roots.contains(&at) {
            return true;
        }
        match value {
            Expr::Ident(id) => self.is_root_name(f, &id.sym, depth + 1).is_ok(),
            Expr::Await(a) => self.is_root_value(f, &a.arg, depth),
            // A helper that returns a root construction: `this.newRootExecution()`.
            Expr::Call(CallExpr { callee: Callee::Expr(callee), .. }) => {
                // A private method of the class the call sits in: `this.#rootExecution()`.
                if let Expr::Member(MemberExpr { prop: MemberProp::PrivateName(p), .. }) = strip_parens(callee) {
                    return self.private_method(&at, &p.name).is_some_and(|h| self.returns_only_roots(h));
                }
                let name = match strip_parens(callee) {
                    Expr::Ident(id) => id.sym.to_string(),
                    Expr::Member(m) => match member_name(&m.prop) {
                        Some(n) => n.to_string(),
                        None => return false,
                    },
                    _ => return false,
                };
                self.resolution.index.lookups.mention(&name, Mention::Token);
                let helpers = self.functions_named(&name);
                !helpers.is_empty() && helpers.iter().all(|h| self.returns_only_roots(h))
            }
            _ => false,
        }
    }

    fn returns_only_roots(&self, h: &FnInfo) -> bool {
        let returned = returns_of(h);
        !returned.is_empty() && returned.iter().all(|r| self.roots.contains(&range(strip_parens(unsafe { &**r }))))
    }

    /// The private method `#name` of the innermost class around `at`: private
    /// names are the class's own, so this is the one the call reaches.
    fn private_method(&self, at: &Range<usize>, name: &str) -> Option<&FnInfo<'a>> {
        let index = &self.resolution.index;
        let class = index.classes.iter().filter(|c| within(at, &c.range)).max_by_key(|c| c.range.start)?;
        class.class.body.iter().find_map(|m| match m {
            ClassMember::PrivateMethod(m) if &*m.key.name == name && m.kind == MethodKind::Method => {
                index.function_at(&range(&*m.function))
            }
            _ => None,
        })
    }

    /// The name a function is called by: its own, or its method's.
    fn function_name(&self, f: &FnInfo<'a>) -> Option<String> {
        if let Some(name) = f.name {
            return Some(name.to_string());
        }
        self.resolution.index.classes.iter().find_map(|c| {
            c.class.body.iter().find_map(|m| match m {
                ClassMember::Method(method) if range(&*method.function) == f.range => {
                    prop_name(&method.key).map(str::to_string)
                }
                _ => None,
            })
        })
    }

    fn functions_named(&self, name: &str) -> Vec<&FnInfo<'a>> {
        self.resolution.index.functions.iter().filter(|f| self.function_name(f).as_deref() == Some(name)).collect()
    }
}

/// Everything assigned to a local `name` in `f` (declarations and assignments).
fn values_of(f: &FnInfo, name: &str) -> Vec<*const Expr> {
    struct Find<'n> {
        name: &'n str,
        out: Vec<*const Expr>,
    }
    impl Visit for Find<'_> {
        fn visit_var_declarator(&mut self, d: &VarDeclarator) {
            if let (Pat::Ident(id), Some(init)) = (&d.name, &d.init) {
                if &*id.id.sym == self.name {
                    self.out.push(&**init);
                }
            }
            d.visit_children_with(self);
        }
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            if let AssignTarget::Simple(SimpleAssignTarget::Ident(id)) = &a.left {
                if &*id.id.sym == self.name {
                    self.out.push(&*a.right);
                }
            }
            a.visit_children_with(self);
        }
    }
    let mut find = Find { name, out: Vec::new() };
    f.node.visit(&mut find);
    find.out
}

/// What a function returns: its `return` values (not of nested functions), or an arrow's expression.
fn returns_of(f: &FnInfo) -> Vec<*const Expr> {
    if let FnNode::Arrow(a) = f.node {
        if let ArrowFunctionBody::Expr(e) = &*a.body {
            return vec![&**e];
        }
    }
    struct Find(Vec<*const Expr>);
    impl Visit for Find {
        fn visit_return_stmt(&mut self, r: &ReturnStmt) {
            if let Some(arg) = &r.arg {
                self.0.push(&**arg);
            }
        }
        fn visit_function(&mut self, _: &Function) {}
        fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
    }
    let mut find = Find(Vec::new());
    if let Some(body) = f.node.body() {
        body.visit_with(&mut find);
    }
    find.0
}
