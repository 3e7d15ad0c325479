//! Sweep: one walk over the whole parse that gathers the places that could
//! change the proof's outcome: uses of the execution and buffer classes,
//! writes of the cursor and uses of its setter, writes through
//! `Object.assign` and kin, uses of the buffer's slot, and the cursor's name
//! as a value. It judges nothing; the judgements read what it found.

use std::collections::{BTreeSet, HashSet};
use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::pattern::{member_name, prop_name, strip_parens};
use crate::anchors::resolve::{pin, within};
use crate::proof::account::declare::{head_declares, lexical_declares, params_declare, stmts_declare};
use crate::proof::account::place::{CURSOR, SETTER};
use crate::read::parse::range;
use crate::read::writes::{self, Target};

/// What an expression's object is, for a write to one of its members.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Obj {
    This,
    Name(String),
    Other,
}

pub(super) fn obj_of(expr: &Expr) -> Obj {
    match strip_parens(expr) {
        Expr::This(_) => Obj::This,
        Expr::Ident(id) => Obj::Name(id.sym.to_string()),
        _ => Obj::Other,
    }
}

/// The keys an object written from is known to have, or unknown.
#[derive(Clone, Debug)]
pub(super) enum Keys {
    Known(Vec<String>),
    Unknown,
}

/// A write through `Object.assign`, `Object.defineProperty` and kin.
pub(super) struct ObjWrite {
    pub(super) at: Range<usize>,
    pub(super) target: Obj,
    pub(super) keys: Keys,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Class {
    Execution,
    Buffer,
}

/// How a name bound to one of the two classes is used.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum ClassUse {
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
pub(super) enum SlotUse {
    Call(String),
    Read(String),
    /// Bound to a local: its name, and where the declaration spells it.
    Bound(String, swc_common::Span),
    Written,
    /// A member of it written (`<slot>.epoch += 1`): its key.
    MemberWritten(String),
    Key,
    Test,
    Value,
}

/// A write of the cursor: the write, its object, its value, and an
/// expression that runs exactly when it does (the member's object).
pub(super) struct CursorWrite<'a> {
    pub(super) at: Range<usize>,
    pub(super) obj: Obj,
    pub(super) value: Option<&'a Expr>,
    pub(super) runs_with: Range<usize>,
}

pub(super) struct Sweep<'a> {
    pub(super) exec_names: BTreeSet<String>,
    pub(super) buffer_names: BTreeSet<String>,
    pub(super) slot: Option<String>,
    /// Nodes already handled by their parent.
    pub(super) handled: BTreeSet<(usize, usize)>,
    pub(super) class_uses: Vec<(Range<usize>, Class, ClassUse)>,
    pub(super) cursor_writes: Vec<CursorWrite<'a>>,
    /// Each use of the setter: whether it is called, and its first argument.
    pub(super) setter_uses: Vec<(Range<usize>, bool, Option<&'a Expr>)>,
    pub(super) obj_writes: Vec<ObjWrite>,
    pub(super) slot_uses: Vec<(Range<usize>, SlotUse)>,
    /// The starts of those that are a pattern's property (`const { <slot>: b } = services`), not an expression.
    pub(super) slot_patterns: BTreeSet<usize>,
    pub(super) reflective: Vec<(Range<usize>, String)>,
    /// The cursor's or the setter's name as a string value (not a literal computed key).
    pub(super) names_as_values: Vec<Range<usize>>,
    /// The names each enclosing function and block declares: a minified
    /// class name is often a local name elsewhere, and then it is not the class.
    pub(super) scopes: Vec<HashSet<String>>,
    /// A class expression's own name, in scope inside the class only.
    pub(super) inner: Vec<(String, Range<usize>, Class)>,
}

fn is_member_of(expr: &Expr, object: &str, prop: &str) -> bool {
    match strip_parens(expr) {
        Expr::Member(m) => {
            matches!(strip_parens(&m.obj), Expr::Ident(id) if &*id.sym == object) && member_name(&m.prop) == Some(prop)
        }
        _ => false,
    }
}

pub(super) fn object_keys(expr: &Expr) -> Keys {
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

impl Sweep<'_> {
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
    /// Every member a node writes, as the grammar has them, judged as writes.
    fn member_writes(&mut self, whole: Range<usize>, find: impl FnOnce(&mut Vec<writes::Write>)) {
        let mut found = Vec::new();
        find(&mut found);
        for write in found {
            if let Target::Member(m) = &write.target {
                self.member_write(whole.clone(), m, None);
            }
        }
    }

    fn member_write(&mut self, whole: Range<usize>, target: &MemberExpr, value: Option<&Expr>) {
        if member_name(&target.prop) == Some(CURSOR) {
            let runs_with = range(&*target.obj);
            self.cursor_writes.push(CursorWrite {
                at: whole,
                obj: obj_of(&target.obj),
                value: value.map(pin),
                runs_with,
            });
        }
        if self.is_slot(&Expr::Member(target.clone())) {
            self.slot_uses.push((range(target), SlotUse::Written));
            self.handled.insert((range(target).start, range(target).end));
        }
        if self.is_slot(&target.obj) {
            self.use_slot(&target.obj, SlotUse::MemberWritten(member_name(&target.prop).unwrap_or("").to_string()));
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
            // `notifier.<slot>(…)`: a function called by the slot's key is no buffer (an
            // instance of the buffer class cannot be called), only a method of that name.
            if self.is_slot(callee) {
                let r = range(strip_parens(callee));
                self.handled.insert((r.start, r.end));
            }
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
                let value = Some(pin(&*call.args[2].expr));
                self.cursor_writes.push(CursorWrite { at: at.clone(), obj: Obj::This, value, runs_with: at });
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
            self.setter_uses.push((at, true, call.args.first().map(|a| pin(&*a.expr))));
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

impl Visit for Sweep<'_> {
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
        self.member_writes(range(node), |out| writes::of_for_head(node.span, &node.left, out));
        self.scopes.push(head_declares(&node.left));
        node.visit_children_with(self);
        self.scopes.pop();
    }

    fn visit_for_in_stmt(&mut self, node: &ForInStmt) {
        self.member_writes(range(node), |out| writes::of_for_head(node.span, &node.left, out));
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
                Pat::Ident(id) if self.is_slot(init) => {
                    self.use_slot(init, SlotUse::Bound(id.id.sym.to_string(), id.id.span))
                }
                Pat::Object(o) if self.slot.is_some() => {
                    for p in &o.props {
                        let bound = match p {
                            ObjectPatProp::KeyValue(kv) if prop_name(&kv.key) == self.slot.as_deref() => {
                                match &*kv.value {
                                    Pat::Ident(id) => Some((id.id.sym.to_string(), id.id.span)),
                                    _ => Some((String::new(), swc_common::DUMMY_SP)),
                                }
                            }
                            ObjectPatProp::Assign(a) if Some(&*a.key.sym) == self.slot.as_deref() => {
                                Some((a.key.sym.to_string(), a.key.id.span))
                            }
                            _ => None,
                        };
                        if let Some((name, span)) = bound {
                            let at = range(p);
                            self.slot_patterns.insert(at.start);
                            self.slot_uses
                                .push((at, if name.is_empty() { SlotUse::Value } else { SlotUse::Bound(name, span) }));
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
                _ => self.member_writes(at, |out| writes::of_expr(node, out)),
            },
            Expr::Update(_) => self.member_writes(at, |out| writes::of_expr(node, out)),
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
