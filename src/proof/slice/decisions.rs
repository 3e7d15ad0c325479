//! Decisions: every place the sliced code decides on a value (a condition,
//! the left of `&&`, `||` and `??`, the operand of `!`, the object of an
//! optional chain, a comparison and its operands) is wrapped in a probe,
//! `__kss.d(__kss.m(),(value),at,leaf)`, that hands the value back unchanged.
//! The harness records each decision it saw made on a stub, a value the bundle
//! has and the proof does not: the value itself, or for a leaf (a comparison,
//! a call decided on) one whose evaluation touched a stub (`flag === "x"`,
//! `list.includes(process.platform)`). It runs the cases again with those
//! stubs absent and those leaves answered the other way: a verdict that holds
//! only for the stub does not hold for the bundle.

use std::ops::Range;

use swc_common::Spanned;
use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::read::parse::range;
use crate::read::writes::SpanSet;

/// A decision to probe: its bytes and how the harness answers it otherwise.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Probe {
    pub(super) at: Range<usize>,
    pub(super) kind: Kind,
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Kind {
    /// Taken absent when it is a stub.
    Value,
    /// Answered the other way when a stub was touched in it.
    Leaf,
    /// A switch's discriminant: given each literal case (their bytes) in turn
    /// when it is a stub or touched one.
    Switch(Vec<Range<usize>>),
    /// A write of a top-level binding inside the slices: the harness notes
    /// that it ran (every probe notes it), since code in a slice need not be
    /// code a case runs (a static method the session calls).
    Ran,
    /// A computed key looked up in a plain read (`TABLE[settings.mode]`):
    /// given each of that object's own keys in turn when it is a stub or
    /// touched one.
    Key(Range<usize>),
    /// A function's entry (an empty range after its body's `{`): the harness
    /// notes that the function ran, which a write in it needs, not the write
    /// itself (a branch the cases do not take is the proof's own outcome).
    Entered,
}

/// The probes, and for each write of a top-level binding (by its start) the
/// probe that says its code ran: its function's entry, or the write itself.
pub(super) struct Probes {
    pub(super) probes: Vec<Probe>,
    pub(super) ran_by: std::collections::HashMap<usize, usize>,
}

/// Every decision in `program`, one probe per span, in order of their start; the cut keeps those inside a slice.
/// `writes`: the spans of the expressions that write a top-level binding
/// (see `read::writes::of_top_level`), probed as `Ran`; `reads`: those that
/// read one, noted with their function's entry.
/// `must_run`: spans probed as `Ran` for what they are, not for where they sit.
pub(super) fn decisions(program: &Program, writes: &SpanSet, reads: &SpanSet, must_run: &[Range<usize>]) -> Probes {
    // One bit per byte offset where a listed span starts: most expressions are none.
    let mut starts = vec![0u64; writes.iter().chain(reads.iter()).map(|r| r.start / 64 + 1).max().unwrap_or(0)];
    for r in writes.iter().chain(reads.iter()) {
        starts[r.start / 64] |= 1 << (r.start % 64);
    }
    let mut found =
        Decisions { at: Vec::new(), writes, reads, starts, entries: Vec::new(), ran_by: Default::default() };
    program.visit_with(&mut found);
    found.at.extend(must_run.iter().map(|at| Probe { at: at.clone(), kind: Kind::Ran }));
    let mut probes: Vec<Probe> = Vec::with_capacity(found.at.len());
    found.at.sort_by_key(|p| (p.at.start, std::cmp::Reverse(p.at.end)));
    for p in found.at {
        match probes.last_mut() {
            Some(last) if last.at == p.at => {
                if matches!(last.kind, Kind::Value | Kind::Ran) && p.kind != Kind::Ran {
                    last.kind = p.kind;
                }
            }
            _ => probes.push(p),
        }
    }
    Probes { probes, ran_by: found.ran_by }
}

struct Decisions<'w> {
    at: Vec<Probe>,
    writes: &'w SpanSet,
    /// The spans of the reads of top-level bindings: only their function's entry is noted.
    reads: &'w SpanSet,
    /// A bit per byte offset where one of `writes` or `reads` starts.
    starts: Vec<u64>,
    /// The entry probe of each function around the node visited, innermost last.
    entries: Vec<usize>,
    ran_by: std::collections::HashMap<usize, usize>,
}

impl Decisions<'_> {
    fn entered(&mut self, body: Option<&FunctionBody>, visit: impl FnOnce(&mut Self)) {
        let Some(body) = body else { return visit(self) };
        let at = crate::read::parse::lo(body.span) + 1;
        self.at.push(Probe { at: at..at, kind: Kind::Entered });
        self.entries.push(at);
        visit(self);
        self.entries.pop();
    }
    fn decide(&mut self, e: &Expr) {
        let kind = match strip(e) {
            Expr::Call(_) | Expr::OptChain(_) => Kind::Leaf,
            _ => Kind::Value,
        };
        self.probe(e, kind);
        match strip(e) {
            // Each operand of a test's `&&`/`||` decides it, the last one too.
            Expr::Bin(b) if matches!(b.op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) => {
                self.decide(&b.left);
                self.decide(&b.right);
            }
            // A stub handed to a call that inspects it without touching it
            // (`Array.isArray(stub)`) makes the call's answer one on a stub.
            Expr::Call(c) => {
                for arg in c.args.iter().filter(|a| a.spread.is_none()) {
                    if matches!(&*arg.expr, Expr::Ident(_) | Expr::Member(_)) {
                        self.probe(&arg.expr, Kind::Value);
                    }
                }
            }
            _ => {}
        }
    }
    fn probe(&mut self, e: &Expr, kind: Kind) {
        // A literal decides nothing a stub could change (`!0`, a minifier's true).
        if matches!(e, Expr::Lit(_)) || matches!(e, Expr::Unary(u) if matches!(&*u.arg, Expr::Lit(_))) {
            return;
        }
        let at = range(e);
        if at.start < at.end {
            self.at.push(Probe { at, kind });
        }
    }
}

/// A literal, or a name or a chain of plain members read from one: nothing it
/// evaluates can run code the bundle has (a getter aside, as in any read).
fn plain_read(e: &Expr) -> bool {
    match e {
        Expr::Lit(_) | Expr::Ident(_) | Expr::This(_) => true,
        Expr::Member(m) => {
            let prop = match &m.prop {
                MemberProp::Ident(_) => true,
                MemberProp::Computed(c) => matches!(&*c.expr, Expr::Lit(_)),
                MemberProp::PrivateName(_) => false,
            };
            prop && plain_read(&m.obj)
        }
        _ => false,
    }
}

fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => strip(&p.expr),
        Expr::Await(a) => strip(&a.arg),
        e => e,
    }
}

impl Visit for Decisions<'_> {
    fn visit_expr(&mut self, node: &Expr) {
        // Only these kinds write or read a binding (`of_top_level`'s spans).
        let kind = matches!(
            node,
            Expr::Assign(_) | Expr::Update(_) | Expr::Unary(_) | Expr::Call(_) | Expr::Ident(_) | Expr::Member(_)
        );
        let lo = if kind { crate::read::parse::lo(node.span()) } else { usize::MAX };
        let listed = self.starts.get(lo / 64).is_some_and(|w| w & (1 << (lo % 64)) != 0);
        if !listed {
            return node.visit_children_with(self);
        }
        let at = range(node);
        if self.writes.contains(&at) {
            self.ran_by.insert(at.start, self.entries.last().copied().unwrap_or(at.start));
            self.at.push(Probe { at, kind: Kind::Ran });
        } else if self.reads.contains(&at) {
            // Outside any function (a class field's value) a read has no entry: taken as run.
            if let Some(entry) = self.entries.last() {
                self.ran_by.insert(at.start, *entry);
            }
        }
        node.visit_children_with(self);
    }
    fn visit_function(&mut self, node: &Function) {
        self.entered(node.body.as_ref(), |v| node.visit_children_with(v));
    }
    fn visit_constructor(&mut self, node: &Constructor) {
        self.entered(node.body.as_ref(), |v| node.visit_children_with(v));
    }
    fn visit_arrow_expr(&mut self, node: &ArrowExpr) {
        match &*node.body {
            ArrowFunctionBody::FunctionBody(b) => self.entered(Some(b), |v| node.visit_children_with(v)),
            // An expression body: evaluating it is entering it.
            ArrowFunctionBody::Expr(e) => {
                let at = range(&**e);
                self.at.push(Probe { at: at.clone(), kind: Kind::Ran });
                self.entries.push(at.start);
                node.visit_children_with(self);
                self.entries.pop();
            }
        }
    }
    fn visit_switch_stmt(&mut self, node: &SwitchStmt) {
        // A case named by a constant (`case History.Turn:`) is given too: read
        // again at the probe, which is only sound for a read with no effect.
        let cases = node.cases.iter().filter_map(|c| c.test.as_deref()).filter(|t| plain_read(t));
        self.probe(&node.discriminant, Kind::Switch(cases.map(range).collect()));
        node.visit_children_with(self);
    }
    fn visit_if_stmt(&mut self, node: &IfStmt) {
        self.decide(&node.test);
        node.visit_children_with(self);
    }
    fn visit_cond_expr(&mut self, node: &CondExpr) {
        self.decide(&node.test);
        node.visit_children_with(self);
    }
    fn visit_while_stmt(&mut self, node: &WhileStmt) {
        self.decide(&node.test);
        node.visit_children_with(self);
    }
    fn visit_do_while_stmt(&mut self, node: &DoWhileStmt) {
        self.decide(&node.test);
        node.visit_children_with(self);
    }
    fn visit_for_stmt(&mut self, node: &ForStmt) {
        if let Some(test) = &node.test {
            self.decide(test);
        }
        node.visit_children_with(self);
    }
    fn visit_bin_expr(&mut self, node: &BinExpr) {
        if matches!(node.op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::NullishCoalescing) {
            self.decide(&node.left);
        }
        use BinaryOp::*;
        if matches!(node.op, EqEq | NotEq | EqEqEq | NotEqEq | Lt | LtEq | Gt | GtEq | In | InstanceOf) {
            self.at.push(Probe { at: range(node), kind: Kind::Leaf });
            // A bare stub compared (`flag === "x"`) touches nothing: its operands are values.
            for side in [&node.left, &node.right] {
                if matches!(&**side, Expr::Ident(_) | Expr::Member(_)) {
                    self.probe(side, Kind::Value);
                }
            }
        }
        node.visit_children_with(self);
    }
    fn visit_unary_expr(&mut self, node: &UnaryExpr) {
        if node.op == UnaryOp::Bang {
            self.decide(&node.arg);
        }
        node.visit_children_with(self);
    }
    fn visit_member_expr(&mut self, node: &MemberExpr) {
        if let MemberProp::Computed(c) = &node.prop {
            if !matches!(&*c.expr, Expr::Lit(_)) && plain_read(&node.obj) {
                self.probe(&c.expr, Kind::Key(range(&*node.obj)));
            }
        }
        node.visit_children_with(self);
    }
    fn visit_opt_chain_expr(&mut self, node: &OptChainExpr) {
        // `a?.b`: whether `a` is there. A call's base (`a.f?.()`) keeps its
        // receiver only unwrapped, so it is left alone.
        if let OptChainBase::Member(m) = &*node.base {
            if node.optional {
                self.decide(&m.obj);
            }
        }
        node.visit_children_with(self);
    }
}
