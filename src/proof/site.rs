//! Site: what a spawn site and the execution class say of themselves, read
//! alike by the slicer and the accounting: the local a construction is bound
//! to, and the buffer length the cursor is compared with.

use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::pattern::strip_parens;
use crate::anchors::resolve::{FnInfo, Resolution};
use crate::read::parse::range;

/// The buffer length the execution compares its cursor with, the method's
/// locals inlined (`const b = this.sessionServices.x; … b.length`).
pub fn buffer_length(resolution: &Resolution) -> String {
    crate::fix::plan::length_of(resolution, "this")
        .ok()
        .or_else(|| resolution.capture("queued-length", "LEN").map(str::to_string))
        .unwrap_or_default()
}

/// The local name a construction at `site` is bound to in `f` (`const x = new C(…)`, `x = new C(…)`).
pub fn bound_to(f: &FnInfo, site: &Range<usize>) -> Option<String> {
    struct Find<'r> {
        site: &'r Range<usize>,
        name: Option<String>,
    }
    impl Visit for Find<'_> {
        fn visit_var_declarator(&mut self, d: &VarDeclarator) {
            if let (Pat::Ident(id), Some(init)) = (&d.name, &d.init) {
                if range(strip_parens(init)) == *self.site {
                    self.name = Some(id.id.sym.to_string());
                }
            }
            d.visit_children_with(self);
        }
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            if let AssignTarget::Simple(SimpleAssignTarget::Ident(id)) = &a.left {
                if range(strip_parens(&a.right)) == *self.site {
                    self.name = Some(id.id.sym.to_string());
                }
            }
            a.visit_children_with(self);
        }
    }
    let mut find = Find { site, name: None };
    f.node.visit(&mut find);
    find.name
}
