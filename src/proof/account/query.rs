//! Query: what one function does with one object: the members it reads and
//! calls on it, the members it writes on it, and every use of a local name.

use std::collections::BTreeSet;
use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::pattern::{member_name, strip_parens};
use crate::proof::account::place::COMPUTED;
use crate::proof::account::sweep::{obj_of, Obj, SlotUse};
use crate::read::parse::range;
use crate::read::scope::FnNode;

/// The member names read on `object` (compared as source text) inside `node`,
/// and the methods called on it.
pub(super) fn members_on(source: &str, node: FnNode, object: &str) -> (BTreeSet<String>, BTreeSet<String>) {
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

/// A write of a member found by `writes_on`.
pub(super) struct MemberWrite<'a> {
    pub(super) at: Range<usize>,
    pub(super) field: String,
    pub(super) value: Option<&'a Expr>,
    pub(super) object: Range<usize>,
}

/// Writes (`=`, `++`, `delete`, pattern targets) of members of `object`
/// (`this` or a name) inside `node`, not looking into functions that rebind
/// `this` when `object` is `this`. Each with the member's object, which
/// runs exactly when the write does.
pub(super) fn writes_on<'a>(node: FnNode<'a>, object: &Obj) -> Vec<MemberWrite<'a>> {
    struct Writes<'o, 'a> {
        object: &'o Obj,
        entered: bool,
        out: Vec<MemberWrite<'a>>,
    }
    impl Writes<'_, '_> {
        /// Every member a node writes, as the grammar has them.
        fn members(&mut self, at: Range<usize>, find: impl FnOnce(&mut Vec<crate::read::writes::Write>)) {
            let mut found = Vec::new();
            find(&mut found);
            for write in found {
                if let crate::read::writes::Target::Member(m) = &write.target {
                    self.on(at.clone(), m, None);
                }
            }
        }
        fn on(&mut self, at: Range<usize>, m: &MemberExpr, value: Option<&Expr>) {
            if obj_of(&m.obj) == *self.object {
                let name = member_name(&m.prop).unwrap_or(if matches!(m.prop, MemberProp::Computed(_)) {
                    COMPUTED
                } else {
                    ""
                });
                if !name.is_empty() {
                    let value = value.map(crate::anchors::resolve::pin);
                    self.out.push(MemberWrite { at, field: name.to_string(), value, object: range(&*m.obj) });
                }
            }
        }
    }
    impl Visit for Writes<'_, '_> {
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
                Expr::Assign(AssignExpr {
                    left: AssignTarget::Simple(SimpleAssignTarget::Member(m)), right, ..
                }) => self.on(at, m, Some(right)),
                _ => self.members(at, |out| crate::read::writes::of_expr(node, out)),
            }
            node.visit_children_with(self);
        }
        fn visit_for_of_stmt(&mut self, node: &ForOfStmt) {
            self.members(range(node), |out| crate::read::writes::of_for_head(node.span, &node.left, out));
            node.visit_children_with(self);
        }
        fn visit_for_in_stmt(&mut self, node: &ForInStmt) {
            self.members(range(node), |out| crate::read::writes::of_for_head(node.span, &node.left, out));
            node.visit_children_with(self);
        }
    }
    let mut w = Writes { object, entered: false, out: Vec::new() };
    node.visit(&mut w);
    w.out
}

/// Every use of the local `name` declared at `binding` inside `node`: a
/// method call, a member read, or anything else. Not a nested scope's
/// binding of the same name (where the binding cannot be placed, every
/// spelling of the name counts).
pub(super) fn uses_of(node: FnNode, name: &str, binding: swc_common::Span) -> Vec<(Range<usize>, SlotUse)> {
    struct Uses<'n> {
        name: &'n str,
        spans: Option<std::collections::HashSet<swc_common::Span>>,
        handled: BTreeSet<usize>,
        out: Vec<(Range<usize>, SlotUse)>,
    }
    impl Uses<'_> {
        fn is(&self, e: &Expr) -> bool {
            matches!(strip_parens(e), Expr::Ident(id) if self.is_id(id))
        }
        fn is_id(&self, id: &Ident) -> bool {
            &*id.sym == self.name && self.spans.as_ref().is_none_or(|s| s.contains(&id.span))
        }
    }
    impl Visit for Uses<'_> {
        fn visit_var_declarator(&mut self, d: &VarDeclarator) {
            if let Pat::Ident(id) = &d.name {
                if self.is_id(&id.id) {
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
                Expr::Ident(id) if self.is_id(id) && !self.handled.contains(&at.start) => {
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
    let spans = crate::read::scope::binding_at(node, name, binding).map(|(s, _)| s.into_iter().collect());
    let mut u = Uses { name, spans, handled: BTreeSet::new(), out: Vec::new() };
    node.visit(&mut u);
    u.out
}

/// Where the local `name` bound at `binding` in `node` is read as a value
/// (an identifier in an expression: never a target, a pattern or a shorthand key).
pub(super) fn reads_of(node: FnNode, name: &str, binding: swc_common::Span) -> Vec<Range<usize>> {
    struct Reads<'n> {
        name: &'n str,
        spans: Option<std::collections::HashSet<swc_common::Span>>,
        out: Vec<Range<usize>>,
    }
    impl Visit for Reads<'_> {
        fn visit_expr(&mut self, node: &Expr) {
            match node {
                // `i++` and `delete x` write the name, `new x()` constructs it:
                // a probe around it would change what the code does.
                Expr::Update(u) if matches!(&*u.arg, Expr::Ident(_)) => {}
                Expr::Unary(u) if u.op == UnaryOp::Delete && matches!(&*u.arg, Expr::Ident(_)) => {}
                Expr::New(n) if matches!(&*n.callee, Expr::Ident(_)) => {
                    n.args.visit_with(self);
                }
                Expr::Ident(id)
                    if &*id.sym == self.name && self.spans.as_ref().is_none_or(|s| s.contains(&id.span)) =>
                {
                    self.out.push(range(node))
                }
                _ => node.visit_children_with(self),
            }
        }
    }
    let spans = crate::read::scope::binding_at(node, name, binding).map(|(s, _)| s.into_iter().collect());
    let mut r = Reads { name, spans, out: Vec::new() };
    node.visit(&mut r);
    r.out
}

/// The reads, in `node`, of every local declared or assigned from an
/// expression holding one of `seeds` (`const all = buffer.snapshot()`), and
/// of those made from them, transitively; `seeds` included.
pub(super) fn derived_reads(node: FnNode, mut reads: Vec<Range<usize>>) -> Vec<Range<usize>> {
    struct Made<'r> {
        reads: &'r [Range<usize>],
        found: Vec<(String, swc_common::Span)>,
    }
    impl Visit for Made<'_> {
        fn visit_var_declarator(&mut self, d: &VarDeclarator) {
            if let (Pat::Ident(id), Some(init)) = (&d.name, &d.init) {
                if holds_one(init, self.reads) {
                    self.found.push((id.id.sym.to_string(), id.id.span));
                }
            }
            d.visit_children_with(self);
        }
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            if let AssignTarget::Simple(SimpleAssignTarget::Ident(id)) = &a.left {
                if holds_one(&a.right, self.reads) {
                    self.found.push((id.id.sym.to_string(), id.id.span));
                }
            }
            a.visit_children_with(self);
        }
    }
    let mut locals: Vec<String> = Vec::new();
    loop {
        let mut made = Made { reads: &reads, found: Vec::new() };
        node.visit(&mut made);
        let new: Vec<_> = made.found.into_iter().filter(|(n, _)| !locals.contains(n)).collect();
        if new.is_empty() {
            break;
        }
        for (n, span) in new {
            reads.extend(reads_of(node, &n, span));
            locals.push(n);
        }
    }
    reads.sort_by_key(|r| (r.start, r.end));
    reads.dedup();
    reads
}

/// Whether `e` holds one of `spans` (its source contains it).
fn holds_one(e: &Expr, spans: &[Range<usize>]) -> bool {
    let at = range(e);
    spans.iter().any(|r| at.start <= r.start && r.end <= at.end)
}

/// The parts of `e` evaluated only sometimes: each arm of `?:`, the right of
/// `&&`, `||` and `??` (not inside a function it makes).
pub(super) fn arms(e: &Expr) -> Vec<Range<usize>> {
    struct Arms(Vec<Range<usize>>);
    impl Visit for Arms {
        fn visit_cond_expr(&mut self, c: &CondExpr) {
            self.0.extend([range(&*c.cons), range(&*c.alt)]);
            c.visit_children_with(self);
        }
        fn visit_bin_expr(&mut self, b: &BinExpr) {
            if matches!(b.op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::NullishCoalescing) {
                self.0.push(range(&*b.right));
            }
            b.visit_children_with(self);
        }
        fn visit_function(&mut self, _: &Function) {}
        fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
    }
    let mut arms = Arms(Vec::new());
    e.visit_with(&mut arms);
    arms.0
}

/// The name of a function's parameter at `index`, and where it is declared,
/// when it is a plain name (or one with a default).
pub(super) fn param_binding(node: FnNode, index: usize) -> Option<(String, swc_common::Span)> {
    let id = match node.param_pats().get(index).copied().flatten()? {
        Pat::Assign(a) => match &*a.left {
            Pat::Ident(id) => id,
            _ => return None,
        },
        Pat::Ident(id) => id,
        _ => return None,
    };
    Some((id.id.sym.to_string(), id.id.span))
}

/// Where, in `node`, a value holding one of `tainted` leaves other than into
/// `this.<queue>` or a delivery method called on `this`: as another call's
/// argument, a constructor's, a value assigned to anything but a local, or
/// one returned.
pub(super) fn kept_besides_queue(
    node: FnNode,
    tainted: &[Range<usize>],
    queue: &str,
    delivery: &BTreeSet<String>,
) -> Vec<Range<usize>> {
    struct Kept<'t> {
        tainted: &'t [Range<usize>],
        queue: &'t str,
        delivery: &'t BTreeSet<String>,
        locals: std::collections::HashSet<String>,
        found: Vec<Range<usize>>,
    }
    impl Kept<'_> {
        fn holds(&self, e: &Expr) -> bool {
            holds_one(e, self.tainted)
        }
        /// `this.<queue>.push(…)`, `this.<delivery>(…)`.
        fn is_own(&self, callee: &Expr) -> bool {
            let Expr::Member(m) = strip_parens(callee) else { return false };
            let on_this = |e: &Expr| matches!(strip_parens(e), Expr::This(_));
            let name = member_name(&m.prop);
            match strip_parens(&m.obj) {
                Expr::Member(q) if on_this(&q.obj) && member_name(&q.prop) == Some(self.queue) => {
                    matches!(name, Some("push" | "unshift" | "splice"))
                }
                o if on_this(o) => name.is_some_and(|n| self.delivery.contains(n)),
                _ => false,
            }
        }
    }
    impl Visit for Kept<'_> {
        fn visit_call_expr(&mut self, call: &CallExpr) {
            let own = matches!(&call.callee, Callee::Expr(c) if self.is_own(c));
            if !own {
                for arg in &call.args {
                    if self.holds(&arg.expr) {
                        self.found.push(range(call));
                    }
                }
            }
            call.visit_children_with(self);
        }
        fn visit_new_expr(&mut self, n: &NewExpr) {
            if n.args.iter().flatten().any(|a| self.holds(&a.expr)) {
                self.found.push(range(n));
            }
            n.visit_children_with(self);
        }
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            let local = matches!(&a.left, AssignTarget::Simple(SimpleAssignTarget::Ident(id)) if self.locals.contains(&*id.id.sym));
            if !local && self.holds(&a.right) {
                self.found.push(range(a));
            }
            a.visit_children_with(self);
        }
        fn visit_return_stmt(&mut self, r: &ReturnStmt) {
            if r.arg.as_deref().is_some_and(|e| self.holds(e)) {
                self.found.push(range(r));
            }
            r.visit_children_with(self);
        }
    }
    let locals = crate::read::scope::declared_by(node);
    let mut kept = Kept { tainted, queue, delivery, locals, found: Vec::new() };
    node.visit(&mut kept);
    kept.found
}

/// Where `name` is called (`name(…)`, `x.name(…)`), and where it is used
/// otherwise: read as a member or a name, not as a callee (declarations aside).
pub(super) struct NameUses {
    pub(super) calls: Vec<std::ops::Range<usize>>,
    pub(super) values: Vec<std::ops::Range<usize>>,
}

pub(super) fn name_uses(program: &Program, name: &str) -> NameUses {
    use crate::read::parse::range;
    use swc_ecma_visit::{Visit, VisitWith};
    struct Find<'n>(&'n str, NameUses);
    impl Visit for Find<'_> {
        fn visit_call_expr(&mut self, call: &CallExpr) {
            if let Callee::Expr(c) = &call.callee {
                match crate::anchors::pattern::strip_parens(c) {
                    Expr::Ident(id) if &*id.sym == self.0 => {
                        self.1.calls.push(range(call));
                        return call.args.visit_with(self);
                    }
                    Expr::Member(m) if crate::anchors::pattern::member_name(&m.prop) == Some(self.0) => {
                        self.1.calls.push(range(call));
                        m.obj.visit_with(self);
                        return call.args.visit_with(self);
                    }
                    _ => {}
                }
            }
            call.visit_children_with(self);
        }
        fn visit_opt_call(&mut self, call: &OptCall) {
            self.visit_call_expr(&crate::anchors::pattern::opt_call_as_call(call));
        }
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            if crate::anchors::pattern::member_name(&m.prop) == Some(self.0) {
                self.1.values.push(range(m));
            }
            m.visit_children_with(self);
        }
        fn visit_ident(&mut self, id: &Ident) {
            if &*id.sym == self.0 {
                self.1.values.push(range(id));
            }
        }
        fn visit_binding_ident(&mut self, _: &BindingIdent) {}
        fn visit_fn_decl(&mut self, d: &FnDecl) {
            d.function.visit_with(self);
        }
        fn visit_fn_expr(&mut self, f: &FnExpr) {
            f.function.visit_with(self);
        }
        fn visit_class_decl(&mut self, d: &ClassDecl) {
            d.class.visit_with(self);
        }
    }
    let mut find = Find(name, NameUses { calls: Vec::new(), values: Vec::new() });
    program.visit_with(&mut find);
    find.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse::{parse, SourceKind};

    fn function(program: &Program) -> &Function {
        let Program::Script(s) = program else { panic!("a script") };
        let Some(Stmt::Decl(Decl::Fn(f))) = s.body.first() else { panic!("a function first") };
        &f.function
    }

    fn texts(source: &str, at: &[Range<usize>]) -> Vec<String> {
        at.iter().map(|r| source[r.clone()].to_string()).collect()
    }

    #[test]
    fn what_the_buffer_gave_is_followed_through_locals_and_never_probed_as_a_target() {
        let source = "function drain(e) { const b = e.s.buf; const all = b.snapshot(); let n = all.length; \
                      let i = 0; i++; n++; delete n; new n(); log(n, i); }";
        let program = parse(source, SourceKind::Script).unwrap();
        let f = FnNode::Function(function(&program));
        let Stmt::Decl(Decl::Var(v)) = &function(&program).body.as_ref().unwrap().stmts[0] else { panic!() };
        let Pat::Ident(id) = &v.decls[0].name else { panic!() };
        let reads = derived_reads(f, reads_of(f, "b", id.id.span));
        // `n++`, `delete n` and `new n()` are not reads a probe may wrap; `i` is not made from the buffer.
        assert_eq!(texts(source, &reads), ["b", "all", "n"]);
        assert_eq!(&source[reads[2].start..reads[2].end + 1], "n,");
    }

    #[test]
    fn a_delivered_message_may_go_into_the_queue_and_nowhere_else() {
        let source = "function q(m) { this.queue.push(m); this.deliver(m); seen.push(m); const t = m.text; \
                      let u = t; x.y = t; this.other(m); if (seen.includes(m)) {} return m; }";
        let program = parse(source, SourceKind::Script).unwrap();
        let f = FnNode::Function(function(&program));
        let (name, span) = param_binding(f, 0).unwrap();
        let tainted = derived_reads(f, reads_of(f, &name, span));
        let delivery: BTreeSet<String> = ["q", "deliver"].into_iter().map(String::from).collect();
        let kept = kept_besides_queue(f, &tainted, "queue", &delivery);
        assert_eq!(texts(source, &kept), ["seen.push(m)", "x.y = t", "this.other(m)", "seen.includes(m)", "return m;"]);
    }
}
