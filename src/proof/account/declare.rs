//! Declare: the names a function, a block or a pattern declares, for the
//! sweep's scopes (a minified class name is often a local name elsewhere,
//! and there it is not the class).

use std::collections::HashSet;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

/// The names bound by these patterns.
pub(super) fn params_declare<'p>(pats: impl Iterator<Item = &'p Pat>) -> HashSet<String> {
    crate::read::scope::pattern_names(pats).into_iter().collect()
}

pub(super) fn head_declares(head: &ForHead) -> HashSet<String> {
    match head {
        ForHead::VarDecl(v) => params_declare(v.decls.iter().map(|d| &d.name)),
        _ => HashSet::new(),
    }
}

/// The `let`, `const`, `class` and `function` declarations among `stmts` (not below them).
pub(super) fn lexical_declares<'s>(stmts: impl Iterator<Item = &'s Stmt>) -> HashSet<String> {
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
pub(super) fn stmts_declare(stmts: &[Stmt], function_body: bool) -> HashSet<String> {
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
