//! Judge: the tally of places, and the judgements of the classes (every
//! construction classified), the cursor (written only where the proof runs
//! or the anchors name) and the buffer (its messages read only by the
//! buffer, the drain and the end-of-turn check).

use std::collections::{BTreeSet, HashSet};
use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::pattern::{member_name, strip_parens};
use crate::anchors::resolve::{clip, within};
use crate::proof::account::place::Place;
use crate::proof::account::query::{arms, derived_reads, reads_of, uses_of};
use crate::proof::account::roots::{not_a_root, Roots};
use crate::proof::account::sweep::{Class, ClassUse, CursorWrite, Obj, SlotUse, Sweep};
use crate::proof::account::world::World;
use crate::read::parse::range;

/// The places the accounting found uncovered, and how many it found covered.
pub(super) struct Tally<'a> {
    pub(super) source: &'a str,
    pub(super) bad: Vec<Place>,
    pub(super) counted: usize,
    /// Spans accepted only because the proof runs them (see `Accounting::must_run`).
    pub(super) must_run: Vec<Range<usize>>,
}

impl Tally<'_> {
    pub(super) fn unaccounted(&mut self, at: &Range<usize>, why: String) {
        self.bad.push(Place { at: at.start, code: clip(&self.source[at.clone()]), why });
    }
}

pub(super) fn inside(at: &Range<usize>, spans: &[Range<usize>]) -> bool {
    spans.iter().any(|s| within(at, s))
}

fn is_zero(value: Option<&Expr>) -> bool {
    value.is_some_and(|v| matches!(strip_parens(v), Expr::Lit(Lit::Num(n)) if n.value == 0.0))
}

impl<'r, 'a> World<'r, 'a> {
    /// 1. The classes: every construction classified, nothing built out of sight.
    pub(super) fn judge_classes(&self, sweep: &Sweep, tally: &mut Tally) {
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
    pub(super) fn judge_cursor(&self, sweep: &Sweep, program: &Program, fenced: bool, tally: &mut Tally) {
        for CursorWrite { at, obj, value, runs_with } in &sweep.cursor_writes {
            // Under the fence a cursor moved back only re-reads what the fence withholds.
            if fenced && !inside(at, &self.drains) && !inside(at, &self.setter_ranges) {
                tally.counted += 1;
                continue;
            }
            let ok = inside(at, &self.drains)
                || inside(at, &self.setter_ranges)
                || (inside(at, &self.ctor_ranges) && *obj == Obj::This && is_zero(*value));
            if ok {
                tally.counted += 1;
                // The drain's writes are its own only where a case ran them.
                if inside(at, &self.drains) || inside(at, &self.setter_ranges) {
                    // And each arm of the value it writes (`this.briefed ? 0 : index`).
                    tally.must_run.push(runs_with.clone());
                    tally.must_run.extend(value.map(arms).unwrap_or_default());
                }
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
            if fenced && !inside(at, &self.drains) && !inside(at, &self.spawn_fns) {
                tally.counted += 1;
                continue;
            }
            let ok = *is_call && (inside(at, &self.drains) || (inside(at, &self.ctor_ranges) && is_zero(*arg)));
            if ok {
                tally.counted += 1;
                if inside(at, &self.drains) {
                    tally.must_run.push(at.clone());
                }
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

    /// The drain's own locals, reassigned (`start = 0`, `i += n`): where a
    /// case did not run the write, the loop ran from a value the bundle need not have.
    pub(super) fn judge_drain_locals(&self, tally: &mut Tally) {
        struct Writes<'l> {
            locals: &'l std::collections::HashSet<String>,
            found: Vec<Range<usize>>,
        }
        impl Visit for Writes<'_> {
            fn visit_expr(&mut self, e: &Expr) {
                let local = match e {
                    Expr::Assign(AssignExpr { left: AssignTarget::Simple(SimpleAssignTarget::Ident(id)), .. }) => {
                        self.locals.contains(&*id.id.sym)
                    }
                    Expr::Update(u) => {
                        matches!(strip_parens(&u.arg), Expr::Ident(id) if self.locals.contains(&*id.sym))
                    }
                    _ => false,
                };
                if local {
                    self.found.push(range(e));
                    if let Expr::Assign(a) = e {
                        self.found.extend(arms(&a.right));
                    }
                }
                e.visit_children_with(self);
            }
        }
        for d in &self.drains {
            let Some(f) = self.index.function_at(d) else { continue };
            let locals = crate::read::scope::declared_by(f.node);
            let mut writes = Writes { locals: &locals, found: Vec::new() };
            f.node.visit(&mut writes);
            tally.must_run.extend(writes.found);
        }
    }

    /// 3. The buffer's messages: read only by the buffer, the drain and the execution's check.
    pub(super) fn judge_buffer(&self, sweep: &Sweep, tally: &mut Tally) {
        for (at, how) in &sweep.slot_uses {
            if !self.judge_slot_use(at, how, tally) {
                continue;
            }
            tally.counted += 1;
            let proof_runs = self.run_by_the_proof(at);
            if proof_runs
                && !matches!(how, SlotUse::Key | SlotUse::Written | SlotUse::MemberWritten(_))
                && !sweep.slot_patterns.contains(&at.start)
            {
                // The use, and every read of a local made from it.
                match self.index.enclosing_function(at).filter(|_| !matches!(how, SlotUse::Bound(..))) {
                    Some(f) => tally.must_run.extend(derived_reads(f.node, vec![at.clone()])),
                    None => tally.must_run.push(at.clone()),
                }
            }
            let SlotUse::Bound(name, binding) = how else { continue };
            if inside(at, &self.readers) {
                // The local's every read is the buffer used there too, and so
                // is every read of a local made from it (`const all = buffer.snapshot()`).
                if let Some(f) = self.index.enclosing_function(at).filter(|_| proof_runs) {
                    tally.must_run.extend(derived_reads(f.node, reads_of(f.node, name, *binding)));
                }
                continue;
            }
            match self.index.enclosing_function(at) {
                Some(f) => {
                    for (use_at, use_how) in uses_of(f.node, name, *binding) {
                        let acknowledges = matches!(&use_how, SlotUse::Call(m) if !self.buffer_safe.contains(m))
                            && self.read_to_acknowledge(f.node, &use_at, name, *binding);
                        if acknowledges || self.judge_slot_use(&use_at, &use_how, tally) {
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

    /// Whether a use of the buffer is covered because the proof runs it: in
    /// the drain, the end-of-turn check or the length's method, not in the
    /// buffer class (whose methods a case need not call).
    fn run_by_the_proof(&self, at: &Range<usize>) -> bool {
        inside(at, &self.readers) && !within(at, &self.buffer_range)
    }

    /// Whether one use of the buffer is covered (else it is noted as not).
    fn judge_slot_use(&self, at: &Range<usize>, how: &SlotUse, tally: &mut Tally) -> bool {
        if inside(at, &self.readers) {
            return true;
        }
        match how {
            SlotUse::Call(m) if self.buffer_safe.contains(m) => match self.result_written(at) {
                Some(w) => {
                    tally.unaccounted(
                        &w,
                        format!(
                            "what the steering buffer's `{m}` returns is written here, outside the buffer: \
                             the drain may read a message field the proof's own messages lack"
                        ),
                    );
                    false
                }
                None => true,
            },
            SlotUse::Call(m) | SlotUse::Read(m) if self.buffer_safe.contains(m) => true,
            SlotUse::Key | SlotUse::Test => true,
            SlotUse::Call(m) | SlotUse::Read(m) if self.buffer_member_inert(m) => true,
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
            // A counter the readers never read (`<slot>.epoch += 1`), given only what makes a primitive.
            SlotUse::MemberWritten(m) if !m.is_empty() && self.buffer_member_inert(m) => true,
            SlotUse::MemberWritten(m) => {
                tally.unaccounted(
                    at,
                    format!(
                        "the steering buffer's `{m}` is written here, outside the buffer: the drain or the \
                         buffer's own methods may read it"
                    ),
                );
                false
            }
            SlotUse::Value => {
                tally.unaccounted(
                    at,
                    "the steering buffer is handed on here: its messages may be read where the tool cannot see".into(),
                );
                false
            }
            SlotUse::Bound(..) => true,
        }
    }
}

impl World<'_, '_> {
    /// Whether the buffer's call at `call` (`const message = buffer.at(index)`) reads a
    /// message only to acknowledge it (fact 4: where a sub-agent's result comes back):
    /// the local it is bound to is only tested and its members only handed to the
    /// buffer's own acknowledging methods (`buffer.acknowledge(message.id, child.executionId)`).
    fn read_to_acknowledge(
        &self,
        node: crate::read::scope::FnNode,
        call: &Range<usize>,
        buffer: &str,
        binding: swc_common::Span,
    ) -> bool {
        struct Bound<'c>(&'c Range<usize>, Option<Ident>);
        impl Visit for Bound<'_> {
            fn visit_var_declarator(&mut self, d: &VarDeclarator) {
                if let (Pat::Ident(id), Some(init)) = (&d.name, d.init.as_deref()) {
                    if crate::read::parse::range(strip_parens(init)) == *self.0 {
                        self.1 = Some(id.id.clone());
                    }
                }
                d.visit_children_with(self);
            }
        }
        let mut bound = Bound(call, None);
        node.visit(&mut bound);
        let Some(message) = bound.1 else { return false };
        let spans_of = |name: &str, at: swc_common::Span| {
            crate::read::scope::binding_at(node, name, at).map(|(s, _)| s.into_iter().collect::<HashSet<_>>())
        };
        let (Some(buffers), Some(messages)) = (spans_of(buffer, binding), spans_of(&message.sym, message.span)) else {
            return false;
        };
        struct Uses<'w> {
            safe: &'w BTreeSet<String>,
            buffer: &'w str,
            buffers: &'w HashSet<swc_common::Span>,
            message: &'w str,
            messages: &'w HashSet<swc_common::Span>,
            decl: swc_common::Span,
            other: bool,
        }
        impl Uses<'_> {
            fn is_message(&self, e: &Expr) -> bool {
                matches!(strip_parens(e), Expr::Ident(id) if *id.sym == *self.message && self.messages.contains(&id.span))
            }
        }
        impl Visit for Uses<'_> {
            fn visit_call_expr(&mut self, c: &CallExpr) {
                // `buffer.acknowledge(message.id, …)`: a member of the message to an acknowledging method.
                if let Callee::Expr(callee) = &c.callee {
                    if let Expr::Member(m) = strip_parens(callee) {
                        let on_buffer = matches!(strip_parens(&m.obj), Expr::Ident(b)
                            if *b.sym == *self.buffer && self.buffers.contains(&b.span));
                        if on_buffer && member_name(&m.prop).is_some_and(|k| self.safe.contains(k)) {
                            for a in &c.args {
                                match strip_parens(&a.expr) {
                                    Expr::Member(x) if self.is_message(&x.obj) && a.spread.is_none() => {}
                                    e => e.visit_with(self),
                                }
                            }
                            return;
                        }
                    }
                }
                c.visit_children_with(self);
            }
            fn visit_unary_expr(&mut self, u: &UnaryExpr) {
                if !(u.op == UnaryOp::Bang && self.is_message(&u.arg)) {
                    u.visit_children_with(self);
                }
            }
            // `message && buffer.acknowledge(message.id, …)`: a test.
            fn visit_bin_expr(&mut self, b: &BinExpr) {
                if matches!(b.op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) && self.is_message(&b.left) {
                    return b.right.visit_with(self);
                }
                b.visit_children_with(self);
            }
            fn visit_if_stmt(&mut self, i: &IfStmt) {
                if !self.is_message(&i.test) {
                    i.test.visit_with(self);
                }
                i.cons.visit_with(self);
                i.alt.visit_with(self);
            }
            fn visit_ident(&mut self, id: &Ident) {
                if *id.sym == *self.message && self.messages.contains(&id.span) && id.span != self.decl {
                    self.other = true;
                }
            }
        }
        let mut uses = Uses {
            safe: &self.buffer_safe,
            buffer,
            buffers: &buffers,
            message: &message.sym,
            messages: &messages,
            decl: message.span,
            other: false,
        };
        node.visit(&mut uses);
        !uses.other
    }

    /// A write onto the object a call of the buffer at `slot` returns, in the
    /// function around it: on the call itself (`buffer.push(k, t).audience = …`),
    /// or through the name it is bound to (`const m = buffer.push(k, t); m.x = …`).
    fn result_written(&self, slot: &Range<usize>) -> Option<Range<usize>> {
        struct Find<'s> {
            slot: &'s Range<usize>,
            call: Option<Range<usize>>,
            names: Vec<String>,
            hit: Option<Range<usize>>,
        }
        impl Find<'_> {
            fn is_result(&self, e: &Expr) -> bool {
                let e = match strip_parens(e) {
                    Expr::Await(a) => strip_parens(&a.arg),
                    e => e,
                };
                Some(range(e)) == self.call || matches!(e, Expr::Ident(id) if self.names.iter().any(|n| *n == *id.sym))
            }
        }
        impl Visit for Find<'_> {
            fn visit_call_expr(&mut self, call: &CallExpr) {
                if let Callee::Expr(c) = &call.callee {
                    if matches!(strip_parens(c), Expr::Member(m) if range(strip_parens(&m.obj)) == *self.slot) {
                        self.call = Some(range(call));
                    }
                }
                call.visit_children_with(self);
            }
            fn visit_var_declarator(&mut self, d: &VarDeclarator) {
                if let (Pat::Ident(id), Some(init)) = (&d.name, &d.init) {
                    if self.call.is_some() && self.is_result(init) {
                        self.names.push(id.id.sym.to_string());
                    }
                }
                d.visit_children_with(self);
            }
            fn visit_expr(&mut self, e: &Expr) {
                if self.hit.is_none() && self.call.is_some() {
                    let mut found = Vec::new();
                    crate::read::writes::of_expr(e, &mut found);
                    let onto = found.iter().any(|w| match &w.target {
                        crate::read::writes::Target::Member(m) => self.is_result(&m.obj),
                        crate::read::writes::Target::Reflected { object, .. } => self.is_result(object),
                        _ => false,
                    });
                    if onto {
                        self.hit = Some(range(e));
                    }
                }
                e.visit_children_with(self);
            }
        }
        let f = self.index.enclosing_function(slot)?;
        let mut find = Find { slot, call: None, names: Vec::new(), hit: None };
        // The first round finds the call and its names; the second, writes through them.
        f.node.visit(&mut find);
        find.hit = None;
        f.node.visit(&mut find);
        find.hit
    }
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
