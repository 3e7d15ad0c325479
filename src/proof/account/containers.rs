//! Containers a child is put in before it starts (`services.live.add(child)`),
//! followed as data: the set is harmless when every value the bundle gives
//! its key is a new built-in `Set` or `WeakSet`, and every use of the key
//! anywhere adds, deletes, asks or counts, or takes children out only to read
//! members the drain does not read or call methods of those members (an
//! abort on cancel). A child taken out and handed on, stored, run, written
//! or delivered to is kept: the container is not harmless.

use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::pattern::{member_name, strip_parens};
use crate::anchors::resolve::held::values_of_key;
use crate::anchors::resolve::KeyText;
use crate::proof::account::world::World;
use crate::read::parse::range;

impl World<'_, '_> {
    /// The key of the container a call at `at` puts the child in
    /// (`<…>.key.add(child)`), where that container is harmless.
    pub(super) fn harmless_container_at(&self, at: &Range<usize>) -> Option<String> {
        let f = self.index.enclosing_function(at)?;
        let Some(Expr::Call(call)) = self.resolution.expr_at(f, at) else { return None };
        let Callee::Expr(callee) = &call.callee else { return None };
        let Expr::Member(add) = strip_parens(callee) else { return None };
        let Expr::Member(holder) = strip_parens(&add.obj) else { return None };
        if member_name(&add.prop) != Some("add") {
            return None;
        }
        let key = member_name(&holder.prop)?.to_string();
        self.container_is_harmless(&key).then_some(key)
    }

    fn container_is_harmless(&self, key: &str) -> bool {
        let index = self.index;
        // What the key holds: a new built-in set, nothing else.
        let Ok(values) = values_of_key(index, key) else { return false };
        let builtin = |name: &str, at: &Range<usize>| {
            index.lookups.top_level(name);
            !index.locals_around(at).contains(name)
                && index.top_function_info(name).is_none()
                && !index.top_values.iter().any(|(n, _)| *n == name)
                && !index.classes.iter().any(|c| index.class_names(c).contains(&name))
        };
        let sets = values.iter().all(|at| {
            let Some(f) = index.enclosing_function(at) else {
                return top_level_new_set(index.program, at, &builtin);
            };
            matches!(self.resolution.expr_at(f, at), Some(Expr::New(n))
                if matches!(strip_parens(&n.callee), Expr::Ident(c)
                    if matches!(&*c.sym, "Set" | "WeakSet") && builtin(&c.sym, at))
                    && n.args.as_ref().is_none_or(|a| a.is_empty()))
        });
        if !sets {
            return false;
        }
        let holders = holder_literals(index, key);
        let mut uses = Uses { world: self, key, holders, open: false };
        index.program.visit_with(&mut uses);
        !uses.open
    }

    /// Whether a child taken out of the container as `name` in `body` is only
    /// read where the read makes a primitive (a comparison, `!`, a template)
    /// of a member that is no accessor, or has its abort controller aborted
    /// (a key every value of which is a new built-in `AbortController`).
    fn taken_out_harmlessly(&self, name: &str, body: &dyn Fn(&mut dyn Visit)) -> bool {
        struct Out<'w, 'a> {
            index: &'w crate::anchors::resolve::Index<'a>,
            name: &'w str,
            ok: bool,
        }
        impl Out<'_, '_> {
            fn is_child(&self, e: &Expr) -> bool {
                matches!(strip_parens(e), Expr::Ident(id) if &*id.sym == self.name)
            }
            /// `child.k`, and whether reading it runs no code (no accessor anywhere gives `k`).
            fn plain_read(&self, e: &Expr) -> Option<bool> {
                let Expr::Member(m) = strip_parens(e) else { return None };
                if !self.is_child(&m.obj) {
                    return None;
                }
                Some(member_name(&m.prop).is_some_and(|k| values_of_key(self.index, k).is_ok()))
            }
            fn operand(&mut self, e: &Expr) {
                match self.plain_read(e) {
                    Some(ok) => self.ok &= ok,
                    None => e.visit_with(self),
                }
            }
            /// `child.k` where every value the bundle gives `k` is a new built-in `AbortController`.
            fn is_abort_controller(&self, e: &Expr) -> bool {
                let Expr::Member(m) = strip_parens(e) else { return false };
                if !self.is_child(&m.obj) {
                    return false;
                }
                let Some(key) = member_name(&m.prop) else { return false };
                let Ok(values) = values_of_key(self.index, key) else { return false };
                !values.is_empty()
                    && values.iter().all(|at| {
                        let text = self.index.text(at);
                        let bare = text.strip_prefix("new AbortController").is_some_and(|r| r == "()" || r.is_empty());
                        self.index.lookups.top_level("AbortController");
                        bare && !self.index.locals_around(at).contains("AbortController")
                            && self.index.top_function_info("AbortController").is_none()
                            && !self.index.top_values.iter().any(|(n, _)| *n == "AbortController")
                    })
            }
        }
        impl Visit for Out<'_, '_> {
            fn visit_ident(&mut self, id: &Ident) {
                // Reached only where the child is not a member's object: handed on, stored, compared.
                if &*id.sym == self.name {
                    self.ok = false;
                }
            }
            fn visit_member_expr(&mut self, m: &MemberExpr) {
                // `child.k.length`, `child.k.size`: a count, wherever it goes.
                if matches!(member_name(&m.prop), Some("length" | "size")) {
                    if let Some(ok) = self.plain_read(&m.obj) {
                        self.ok &= ok;
                        return;
                    }
                }
                // A member of the child read anywhere but a place that makes a primitive of it.
                if self.is_child(&m.obj) {
                    self.ok = false;
                }
                m.visit_children_with(self);
            }
            fn visit_bin_expr(&mut self, b: &BinExpr) {
                if matches!(b.op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::NullishCoalescing) {
                    b.visit_children_with(self);
                } else {
                    self.operand(&b.left);
                    self.operand(&b.right);
                }
            }
            fn visit_unary_expr(&mut self, u: &UnaryExpr) {
                match u.op {
                    UnaryOp::Delete => self.ok = false,
                    _ => self.operand(&u.arg),
                }
            }
            fn visit_tpl(&mut self, t: &Tpl) {
                for e in &t.exprs {
                    self.operand(e);
                }
            }
            fn visit_call_expr(&mut self, call: &CallExpr) {
                if let Callee::Expr(c) = &call.callee {
                    if let Expr::Member(m) = strip_parens(c) {
                        if self.plain_read(&m.obj).is_some() {
                            self.ok &= member_name(&m.prop) == Some("abort") && self.is_abort_controller(&m.obj);
                            call.args.visit_with(self);
                            return;
                        }
                    }
                }
                call.visit_children_with(self);
            }
        }
        let mut out = Out { index: self.index, name, ok: true };
        body(&mut out);
        out.ok
    }
}

/// `new Set()` at top level, at `at`.
fn top_level_new_set(program: &Program, at: &Range<usize>, builtin: &dyn Fn(&str, &Range<usize>) -> bool) -> bool {
    struct Find<'a>(&'a Range<usize>, Option<bool>, &'a dyn Fn(&str, &Range<usize>) -> bool);
    impl Visit for Find<'_> {
        fn visit_new_expr(&mut self, n: &NewExpr) {
            if range(n) == *self.0 {
                self.1 = Some(
                    matches!(strip_parens(&n.callee), Expr::Ident(c)
                        if matches!(&*c.sym, "Set" | "WeakSet") && (self.2)(&c.sym, self.0))
                        && n.args.as_ref().is_none_or(|a| a.is_empty()),
                );
            }
            n.visit_children_with(self);
        }
    }
    let mut find = Find(at, None, builtin);
    program.visit_with(&mut find);
    find.1.unwrap_or(false)
}

/// Every use of a member keyed `key`; `open` where one is not harmless.
struct Uses<'u, 'r, 'a> {
    world: &'u World<'r, 'a>,
    key: &'u str,
    /// The object literals that give the key, where nothing else gives it to an object.
    holders: Option<Vec<Range<usize>>>,
    open: bool,
}

impl Uses<'_, '_, '_> {
    /// Whether `e` is a member with the container's key.
    fn is_container(&self, e: &Expr) -> bool {
        match strip_parens(e) {
            Expr::Member(m) => self.names_key(m),
            _ => false,
        }
    }

    fn names_key(&self, m: &MemberExpr) -> bool {
        match &m.prop {
            MemberProp::Ident(i) => &*i.sym == self.key,
            MemberProp::PrivateName(_) => false,
            MemberProp::Computed(c) => match self.world.index.key_text(&c.expr, 0) {
                KeyText::Is(k) => k == self.key,
                KeyText::NoName => false,
                // A key the source computes may be this one (`services[key]` over
                // `Object.keys(services)`), unless it can only be a number (an index)
                // or the object read cannot be one that holds the container.
                KeyText::Unknown => {
                    self.world.index.key_may_be(&c.expr, self.key)
                        && !crate::proof::account::inert::numeric_key(self.world.index, &c.expr)
                        && self.holders.as_ref().is_none_or(|h| may_be_holder(self.world.index, &m.obj, h, 0))
                }
            },
        }
    }
}

impl Visit for Uses<'_, '_, '_> {
    fn visit_call_expr(&mut self, call: &CallExpr) {
        if let Callee::Expr(c) = &call.callee {
            if let Expr::Member(m) = strip_parens(c) {
                if self.is_container(&m.obj) {
                    match member_name(&m.prop) {
                        Some("add" | "delete" | "has" | "clear") => {}
                        Some("forEach") => {
                            let ok = match call.args.first().map(|a| strip_parens(&a.expr)) {
                                // `forEach((value, key, set) => …)`: a Set hands each element twice, and itself.
                                Some(Expr::Arrow(a)) if a.params.len() > 1 => false,
                                Some(Expr::Fn(f)) if f.function.params.len() > 1 => false,
                                Some(Expr::Arrow(a)) => match a.params.first() {
                                    Some(Pat::Ident(p)) => {
                                        self.world.taken_out_harmlessly(&p.id.sym, &|v| a.body.visit_with(v))
                                    }
                                    None => true,
                                    Some(_) => false,
                                },
                                Some(Expr::Fn(f)) => match f.function.params.first().map(|p| &p.pat) {
                                    Some(Pat::Ident(p)) => {
                                        self.world.taken_out_harmlessly(&p.id.sym, &|v| f.function.body.visit_with(v))
                                    }
                                    None => true,
                                    Some(_) => false,
                                },
                                _ => false,
                            };
                            self.open |= !ok;
                        }
                        _ => self.open = true,
                    }
                    // The container's own object and the arguments are read on.
                    if let Expr::Member(holder) = strip_parens(&m.obj) {
                        holder.obj.visit_with(self);
                    }
                    if member_name(&m.prop) != Some("forEach") {
                        call.args.visit_with(self);
                    }
                    return;
                }
            }
        }
        call.visit_children_with(self);
    }

    fn visit_for_of_stmt(&mut self, s: &ForOfStmt) {
        if self.is_container(&s.right) {
            let name = match &s.left {
                ForHead::VarDecl(v) if v.decls.len() == 1 => match &v.decls[0].name {
                    Pat::Ident(id) => Some(id.id.sym.to_string()),
                    _ => None,
                },
                _ => None,
            };
            let ok = name.is_some_and(|n| self.world.taken_out_harmlessly(&n, &|v| s.body.visit_with(v)));
            self.open |= !ok;
            if let Expr::Member(holder) = strip_parens(&s.right) {
                holder.obj.visit_with(self);
            }
            s.body.visit_with(self);
            return;
        }
        s.visit_children_with(self);
    }

    fn visit_member_expr(&mut self, m: &MemberExpr) {
        // `<container>.size`: a count.
        if self.is_container(&m.obj) && member_name(&m.prop) == Some("size") {
            if let Expr::Member(holder) = strip_parens(&m.obj) {
                holder.obj.visit_with(self);
            }
            return;
        }
        if self.names_key(m) {
            self.open = true;
        }
        m.visit_children_with(self);
    }

    // Writes of the key are values_of_key's: the target itself is not a use.
    fn visit_assign_expr(&mut self, a: &AssignExpr) {
        match &a.left {
            AssignTarget::Simple(SimpleAssignTarget::Member(m)) if a.op == AssignOp::Assign && self.names_key(m) => {
                m.obj.visit_with(self);
            }
            left => left.visit_with(self),
        }
        a.right.visit_with(self);
    }
}

/// The object literals that give `key` a value, where those are the only
/// places any object is given it (no member write, reflective writer or
/// class field may give it): then only those objects hold the container.
fn holder_literals(index: &crate::anchors::resolve::Index, key: &str) -> Option<Vec<Range<usize>>> {
    struct Find<'i, 'a> {
        index: &'i crate::anchors::resolve::Index<'a>,
        key: &'i str,
        out: Vec<Range<usize>>,
        elsewhere: bool,
    }
    impl Visit for Find<'_, '_> {
        fn visit_object_lit(&mut self, o: &ObjectLit) {
            let gives = o.props.iter().any(|p| match p {
                PropOrSpread::Prop(p) => match &**p {
                    Prop::KeyValue(kv) => match &kv.key {
                        PropName::Computed(c) => self.index.key_may_be(&c.expr, self.key),
                        k => crate::anchors::pattern::prop_name(k) == Some(self.key),
                    },
                    Prop::Shorthand(id) => &*id.sym == self.key,
                    _ => false,
                },
                // A spread copies what another object holds: that one is a holder already.
                PropOrSpread::Spread(_) => false,
            });
            if gives {
                self.out.push(range(o));
            }
            o.visit_children_with(self);
        }
        fn visit_expr(&mut self, e: &Expr) {
            let mut writes = Vec::new();
            crate::read::writes::of_expr(e, &mut writes);
            self.elsewhere |= writes.iter().any(|w| match &w.target {
                crate::read::writes::Target::Member(m) => match &m.prop {
                    MemberProp::Ident(i) => &*i.sym == self.key,
                    MemberProp::PrivateName(_) => false,
                    MemberProp::Computed(c) => self.index.key_may_be(&c.expr, self.key),
                },
                crate::read::writes::Target::Name(..) => false,
                _ => true,
            });
            e.visit_children_with(self);
        }
        fn visit_class_prop(&mut self, p: &ClassProp) {
            self.elsewhere |= match &p.key {
                PropName::Computed(c) => self.index.key_may_be(&c.expr, self.key),
                k => crate::anchors::pattern::prop_name(k) == Some(self.key),
            };
            p.visit_children_with(self);
        }
    }
    let mut find = Find { index, key, out: Vec::new(), elsewhere: false };
    index.program.visit_with(&mut find);
    (!find.elsewhere).then_some(find.out)
}

/// Whether `e` may evaluate to one of the `holders` object literals,
/// followed back through parameters (every call's argument), locals and
/// top-level names a few steps; anything else may be any object.
fn may_be_holder(index: &crate::anchors::resolve::Index, e: &Expr, holders: &[Range<usize>], depth: u8) -> bool {
    if depth > 4 {
        return true;
    }
    match strip_parens(e) {
        Expr::Object(o) => holders.contains(&range(o)),
        // `this` in a class's own method is an instance of the class, built by
        // `new`, not one of the literals (a method called on a literal through
        // `.call` is not seen: docs/PROOF.md, known limits).
        Expr::This(t) => {
            let at = range(t);
            let binder = index
                .functions
                .iter()
                .filter(|f| crate::anchors::resolve::within(&at, &f.range))
                .filter(|f| !matches!(f.node, crate::read::scope::FnNode::Arrow(_)))
                .max_by_key(|f| f.range.start);
            !binder.is_some_and(|f| index.classes.iter().any(|c| c.is_member(f)))
        }
        // `x.messages`: what the bundle gives that key.
        Expr::Member(m) => {
            let Some(key) = member_name(&m.prop) else { return true };
            let Ok(values) = values_of_key(index, key) else { return true };
            values.iter().any(|at| {
                holders.contains(at)
                    || match crate::proof::account::inert::value_at(index.program, at) {
                        Some(
                            Expr::Array(_)
                            | Expr::New(_)
                            | Expr::Lit(_)
                            | Expr::Object(_)
                            | Expr::Arrow(_)
                            | Expr::Fn(_),
                        ) => false,
                        Some(v) => may_be_holder(index, &v, holders, depth + 1),
                        None => true,
                    }
            })
        }
        Expr::Ident(id) => {
            let name: &str = &id.sym;
            let at = range(id);
            // The innermost function around `at` that declares the name.
            let owner = index
                .functions
                .iter()
                .filter(|f| crate::anchors::resolve::within(&at, &f.range))
                .filter(|f| crate::read::scope::declared_by(f.node).contains(name))
                .max_by_key(|f| f.range.start);
            match owner {
                Some(f) => match f.node.param_names().iter().position(|p| *p == Some(name)) {
                    Some(position) => {
                        if crate::read::writes::in_function(f.node)
                            .iter()
                            .any(|w| matches!(&w.target, crate::read::writes::Target::Name(n, _) if n == name))
                        {
                            return true;
                        }
                        let Some(calls) = index.calls_of(f) else { return true };
                        calls.iter().any(|args| {
                            if args.iter().take(position + 1).any(|a| a.spread.is_some()) {
                                return true;
                            }
                            args.get(position).is_some_and(|a| may_be_holder(index, &a.expr, holders, depth + 1))
                        })
                    }
                    // A local: followed no further.
                    None => true,
                },
                // A top-level name: its initialiser and what every assignment gives it.
                None => {
                    index.lookups.top_level(name);
                    let init = index.top_values.iter().find(|(n, _)| *n == name).map(|(_, i)| *i);
                    let writes = crate::read::writes::of_top_level_names(index.program);
                    let mut given = Vec::new();
                    for w in writes
                        .iter()
                        .filter(|w| matches!(&w.target, crate::read::writes::Target::Name(n, _) if n == name))
                    {
                        match crate::proof::account::inert::value_at(index.program, &crate::read::parse::range(&w.at)) {
                            Some(Expr::Assign(a)) if w.how == crate::read::writes::How::Assign => given.push(*a.right),
                            _ => return true,
                        }
                    }
                    if init.is_none() && given.is_empty() && !declared_at_top(index, name) {
                        return true;
                    }
                    init.is_some_and(|i| may_be_holder(index, i, holders, depth + 1))
                        || given.iter().any(|v| may_be_holder(index, v, holders, depth + 1))
                }
            }
        }
        _ => true,
    }
}

/// Whether the program declares `name` at its top level (`var e;`).
fn declared_at_top(index: &crate::anchors::resolve::Index, name: &str) -> bool {
    index.top_functions.iter().any(|(n, _)| *n == name)
        || crate::anchors::resolve::top_statements(index.program).iter().any(|s| match s {
            Stmt::Decl(Decl::Var(v)) => v.decls.iter().any(|d| {
                let mut names = Vec::new();
                crate::read::writes::pattern_names(&d.name, &mut names);
                names.iter().any(|n| n == name)
            }),
            _ => false,
        })
}
