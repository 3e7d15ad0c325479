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

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::read::parse::range;

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
}

/// Every decision in `program`, one probe per span, in order of their start; the cut keeps those inside a slice.
pub(super) fn decisions(program: &Program) -> Vec<Probe> {
    let mut found = Decisions { at: Vec::new() };
    program.visit_with(&mut found);
    let mut probes: Vec<Probe> = Vec::with_capacity(found.at.len());
    found.at.sort_by_key(|p| (p.at.start, std::cmp::Reverse(p.at.end)));
    for p in found.at {
        match probes.last_mut() {
            Some(last) if last.at == p.at => {
                if last.kind == Kind::Value {
                    last.kind = p.kind;
                }
            }
            _ => probes.push(p),
        }
    }
    probes
}

struct Decisions {
    at: Vec<Probe>,
}

impl Decisions {
    fn decide(&mut self, e: &Expr) {
        let kind = match strip(e) {
            Expr::Call(_) | Expr::OptChain(_) => Kind::Leaf,
            _ => Kind::Value,
        };
        self.probe(e, kind);
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

fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => strip(&p.expr),
        Expr::Await(a) => strip(&a.arg),
        e => e,
    }
}

impl Visit for Decisions {
    fn visit_switch_stmt(&mut self, node: &SwitchStmt) {
        let cases = node.cases.iter().filter_map(|c| c.test.as_deref()).filter(|t| matches!(t, Expr::Lit(_)));
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
