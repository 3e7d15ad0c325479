//! Decisions: every place the sliced code decides on a value (a condition,
//! the left of `&&`, `||` and `??`, the operand of `!`, the object of an
//! optional chain) is wrapped in a probe, `__kss.d((value), at)`, that hands
//! the value back unchanged. The harness records each decision it saw made
//! on a stub, a value the bundle has and the proof does not, and runs the
//! cases again with those values absent: a verdict that holds only for the
//! stub does not hold for the bundle.

use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::read::parse::range;

/// Every decision in `program`, by its bytes; the cut keeps those inside a slice.
pub(super) fn decisions(program: &Program) -> Vec<Range<usize>> {
    let mut found = Decisions { at: Vec::new() };
    program.visit_with(&mut found);
    found.at
}

struct Decisions {
    at: Vec<Range<usize>>,
}

impl Decisions {
    fn decide(&mut self, e: &Expr) {
        // A literal decides nothing a stub could change (`!0`, a minifier's true).
        if matches!(e, Expr::Lit(_)) || matches!(e, Expr::Unary(u) if matches!(&*u.arg, Expr::Lit(_))) {
            return;
        }
        let at = range(e);
        if at.start < at.end {
            self.at.push(at);
        }
    }
}

impl Visit for Decisions {
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
