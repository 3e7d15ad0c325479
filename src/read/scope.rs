//! Scope: the free names of a piece of code, so a slice of the bundle can run
//! on its own with each free name supplied from outside. Declarations are
//! treated as function-scoped (block scopes are merged into their function):
//! a name declared anywhere in a function binds it throughout that function.

use std::collections::{BTreeSet, HashMap, HashSet};

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

/// A function of any kind the anchors, the slicer and the closed world look into.
#[derive(Clone, Copy)]
pub enum FnNode<'a> {
    Function(&'a Function),
    Arrow(&'a ArrowExpr),
    Constructor(&'a Constructor),
}

impl<'a> FnNode<'a> {
    pub fn visit<V: Visit>(self, visitor: &mut V) {
        match self {
            FnNode::Function(f) => f.visit_with(visitor),
            FnNode::Arrow(f) => f.visit_with(visitor),
            FnNode::Constructor(f) => f.visit_with(visitor),
        }
    }

    /// Each parameter's name, or None for a destructured one.
    pub fn param_names(self) -> Vec<Option<&'a str>> {
        let name = |p: &'a Pat| if let Pat::Ident(id) = p { Some(&*id.id.sym) } else { None };
        self.param_pats().into_iter().map(|p| p.and_then(name)).collect()
    }

    /// Each parameter's pattern, or None for a TypeScript parameter property.
    pub fn param_pats(self) -> Vec<Option<&'a Pat>> {
        match self {
            FnNode::Function(f) => f.params.iter().map(|p| Some(&p.pat)).collect(),
            FnNode::Arrow(f) => f.params.iter().map(Some).collect(),
            FnNode::Constructor(f) => f
                .params
                .iter()
                .map(|p| match p {
                    ParamOrTsParamProp::Param(p) => Some(&p.pat),
                    _ => None,
                })
                .collect(),
        }
    }

    pub fn body(self) -> Option<&'a FunctionBody> {
        match self {
            FnNode::Function(f) => f.body.as_ref(),
            FnNode::Arrow(f) => match &*f.body {
                ArrowFunctionBody::FunctionBody(b) => Some(b),
                ArrowFunctionBody::Expr(_) => None,
            },
            FnNode::Constructor(f) => f.body.as_ref(),
        }
    }
}

/// Names every JavaScript realm has; the proof's context provides them.
const GLOBALS: &[&str] = &[
    "undefined",
    "NaN",
    "Infinity",
    "globalThis",
    "Object",
    "Function",
    "Array",
    "String",
    "Number",
    "Boolean",
    "Symbol",
    "BigInt",
    "Math",
    "JSON",
    "Date",
    "RegExp",
    "Error",
    "TypeError",
    "RangeError",
    "SyntaxError",
    "ReferenceError",
    "Map",
    "Set",
    "WeakMap",
    "WeakSet",
    "WeakRef",
    "Promise",
    "Proxy",
    "Reflect",
    "parseInt",
    "parseFloat",
    "isNaN",
    "isFinite",
    "encodeURIComponent",
    "decodeURIComponent",
    "Uint8Array",
    "ArrayBuffer",
    "DataView",
    "arguments",
    "AbortController",
    "AbortSignal",
    "setTimeout",
    "clearTimeout",
    "setInterval",
    "clearInterval",
    "queueMicrotask",
    "structuredClone",
    "DOMException",
    "TextEncoder",
    "TextDecoder",
    "console",
    "process",
    "require",
    "Buffer",
    "URL",
];

/// Every name these binding patterns bind (`[i, entry]`, `{ message: m }`),
/// in order; a default value's expression binds nothing.
pub fn pattern_names<'p>(pats: impl IntoIterator<Item = &'p Pat>) -> Vec<String> {
    struct Names(Vec<String>);
    impl Visit for Names {
        fn visit_binding_ident(&mut self, node: &BindingIdent) {
            self.0.push(node.id.sym.to_string());
        }
        fn visit_expr(&mut self, _: &Expr) {}
    }
    let mut names = Names(Vec::new());
    for pat in pats {
        pat.visit_with(&mut names);
    }
    names.0
}

pub fn is_global(name: &str) -> bool {
    GLOBALS.contains(&name)
}

/// Names declared directly in a function (its params and everything declared
/// in its body outside nested functions).
struct Declared {
    names: HashSet<String>,
    /// Precise: `let`, `const` and `class` bind only in their own block (and
    /// a `for` head's only in its loop); otherwise every block is merged in.
    blocks: bool,
    /// Blocks entered below the function's own body.
    depth: usize,
}

impl Visit for Declared {
    fn visit_binding_ident(&mut self, node: &BindingIdent) {
        self.names.insert(node.id.sym.to_string());
    }
    fn visit_var_decl(&mut self, node: &VarDecl) {
        if !self.blocks || node.kind == VarDeclKind::Var || self.depth == 0 {
            node.visit_children_with(self);
        }
    }
    fn visit_block_stmt(&mut self, node: &BlockStmt) {
        self.depth += 1;
        node.visit_children_with(self);
        self.depth -= 1;
    }
    fn visit_fn_decl(&mut self, node: &FnDecl) {
        if !self.blocks || self.depth == 0 {
            self.names.insert(node.ident.sym.to_string());
        }
    }
    fn visit_class_decl(&mut self, node: &ClassDecl) {
        if !self.blocks || self.depth == 0 {
            self.names.insert(node.ident.sym.to_string());
        }
    }
    fn visit_import_named_specifier(&mut self, node: &ImportNamedSpecifier) {
        self.names.insert(node.local.sym.to_string());
    }
    // An assignment (`n += 1`, `[a, b] = x`, `for (k in o)`) binds nothing.
    fn visit_assign_target(&mut self, _: &AssignTarget) {}
    fn visit_for_head(&mut self, node: &ForHead) {
        match node {
            ForHead::VarDecl(v) if self.blocks && v.kind != VarDeclKind::Var => {}
            ForHead::VarDecl(v) => v.visit_with(self),
            ForHead::UsingDecl(u) => u.visit_with(self),
            ForHead::Pat(_) => {}
        }
    }
    fn visit_for_stmt(&mut self, node: &ForStmt) {
        if let Some(VarDeclOrExpr::VarDecl(v)) = &node.init {
            if self.blocks && v.kind != VarDeclKind::Var {
                node.test.visit_with(self);
                node.update.visit_with(self);
                node.body.visit_with(self);
                return;
            }
        }
        node.visit_children_with(self);
    }
    // Nested functions and classes have their own scopes.
    fn visit_function(&mut self, _: &Function) {}
    fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
    fn visit_class(&mut self, _: &Class) {}
    fn visit_expr(&mut self, node: &Expr) {
        if !matches!(node, Expr::Fn(_) | Expr::Arrow(_) | Expr::Class(_)) {
            node.visit_children_with(self);
        }
    }
}

fn declared_in<N: VisitWith<Declared>>(node: &N) -> HashSet<String> {
    let mut d = Declared { names: HashSet::new(), blocks: false, depth: 0 };
    node.visit_children_with(&mut d);
    d.names
}

/// What a function binds for its whole body: its params, its `var`s and
/// `function`s anywhere, and the `let`/`const`/`class` of its body's own level.
fn function_level<N: VisitWith<Declared>>(node: &N) -> HashSet<String> {
    // A function's body is a `FunctionBody`, not a block: its level is depth 0.
    let mut d = Declared { names: HashSet::new(), blocks: true, depth: 0 };
    node.visit_children_with(&mut d);
    d.names
}

/// The `let`/`const`/`class`/`function` declared directly in a block.
fn block_level(stmts: &[Stmt]) -> HashSet<String> {
    let mut names = HashSet::new();
    for stmt in stmts {
        if let Stmt::Decl(decl) = stmt {
            match decl {
                Decl::Var(v) if v.kind != VarDeclKind::Var => {
                    let mut d = Declared { names: HashSet::new(), blocks: false, depth: 0 };
                    v.visit_with(&mut d);
                    names.extend(d.names);
                }
                Decl::Class(c) => {
                    names.insert(c.ident.sym.to_string());
                }
                Decl::Fn(f) => {
                    names.insert(f.ident.sym.to_string());
                }
                _ => {}
            }
        }
    }
    names
}

fn head_level(head: Option<&VarDecl>) -> HashSet<String> {
    let mut d = Declared { names: HashSet::new(), blocks: false, depth: 0 };
    if let Some(v) = head.filter(|v| v.kind != VarDeclKind::Var) {
        v.visit_with(&mut d);
    }
    d.names
}

pub struct FreeNames {
    scopes: Vec<HashSet<String>>,
    pub free: BTreeSet<String>,
    /// A name whose every spelling is collected in `seen`, with the scope it
    /// resolves to (by the order scopes were entered; None where it is free).
    track: Option<String>,
    /// Every name collected in `seen`, not only `track`.
    track_all: bool,
    ids: Vec<usize>,
    entered: usize,
    seen: Vec<(swc_common::Span, Option<usize>)>,
}

impl FreeNames {
    fn new() -> Self {
        FreeNames {
            scopes: Vec::new(),
            free: BTreeSet::new(),
            track: None,
            track_all: false,
            ids: Vec::new(),
            entered: 0,
            seen: Vec::new(),
        }
    }

    fn push(&mut self, names: HashSet<String>) {
        self.scopes.push(names);
        self.ids.push(self.entered);
        self.entered += 1;
    }

    fn with_scope(&mut self, names: HashSet<String>, f: impl FnOnce(&mut Self)) {
        self.push(names);
        f(self);
        self.scopes.pop();
        self.ids.pop();
    }

    /// `for (let x of/in right) body`: the iterated expression is outside the loop's scope.
    fn for_each(&mut self, left: &ForHead, right: &Expr, body: &Stmt) {
        let head = match left {
            ForHead::VarDecl(v) => Some(&**v),
            _ => None,
        };
        right.visit_with(self);
        self.with_scope(head_level(head), |me| {
            left.visit_with(me);
            body.visit_with(me);
        });
    }
}

impl Visit for FreeNames {
    fn visit_ident(&mut self, node: &Ident) {
        let name: &str = &node.sym;
        if self.track_all || self.track.as_deref() == Some(name) {
            let scope = self.scopes.iter().rposition(|s| s.contains(name)).map(|i| self.ids[i]);
            self.seen.push((node.span, scope));
        }
        if !GLOBALS.contains(&name) && !self.scopes.iter().any(|s| s.contains(name)) {
            self.free.insert(name.to_string());
        }
    }
    fn visit_function(&mut self, node: &Function) {
        let names = function_level(node);
        self.with_scope(names, |me| node.visit_children_with(me));
    }
    // A block's own `let`/`const`/`class` bind inside it only.
    fn visit_block_stmt(&mut self, node: &BlockStmt) {
        let names = block_level(&node.stmts);
        self.with_scope(names, |me| node.visit_children_with(me));
    }
    fn visit_for_stmt(&mut self, node: &ForStmt) {
        let head = match &node.init {
            Some(VarDeclOrExpr::VarDecl(v)) => Some(&**v),
            _ => None,
        };
        self.with_scope(head_level(head), |me| node.visit_children_with(me));
    }
    fn visit_for_of_stmt(&mut self, node: &ForOfStmt) {
        self.for_each(&node.left, &node.right, &node.body);
    }
    fn visit_for_in_stmt(&mut self, node: &ForInStmt) {
        self.for_each(&node.left, &node.right, &node.body);
    }
    fn visit_arrow_expr(&mut self, node: &ArrowExpr) {
        let mut names = function_level(node);
        for param in &node.params {
            let mut d = Declared { names: HashSet::new(), blocks: false, depth: 0 };
            param.visit_with(&mut d);
            names.extend(d.names);
        }
        self.with_scope(names, |me| node.visit_children_with(me));
    }
    fn visit_constructor(&mut self, node: &Constructor) {
        let names = function_level(node);
        self.with_scope(names, |me| node.visit_children_with(me));
    }
    fn visit_fn_expr(&mut self, node: &FnExpr) {
        let names: HashSet<String> = node.ident.iter().map(|i| i.sym.to_string()).collect();
        self.with_scope(names, |me| node.function.visit_with(me));
    }
    fn visit_class_expr(&mut self, node: &ClassExpr) {
        let names: HashSet<String> = node.ident.iter().map(|i| i.sym.to_string()).collect();
        self.with_scope(names, |me| node.class.visit_with(me));
    }
    fn visit_catch_clause(&mut self, node: &CatchClause) {
        let mut d = Declared { names: HashSet::new(), blocks: false, depth: 0 };
        node.param.visit_with(&mut d);
        self.with_scope(d.names, |me| node.body.visit_with(me));
    }
    // Labels are not variables.
    fn visit_labeled_stmt(&mut self, node: &LabeledStmt) {
        node.body.visit_with(self);
    }
    fn visit_break_stmt(&mut self, _: &BreakStmt) {}
    fn visit_continue_stmt(&mut self, _: &ContinueStmt) {}
}

/// Free names of a node, given names already bound around it.
pub fn free_names<N: VisitWith<FreeNames>>(node: &N, bound: &[&str]) -> BTreeSet<String> {
    let mut v = FreeNames::new();
    v.push(bound.iter().map(|s| s.to_string()).collect());
    node.visit_with(&mut v);
    v.free
}

/// The binding that `name` spelled at `at` in `function` refers to: every
/// place in `function` that spells the same binding (declarations, reads and
/// writes alike, by the identifier's span; not a nested function's, block's
/// or `catch`'s binding of the same name, nor a property), and whether it is
/// the function's own level (where its parameters are). None where `at` is
/// not such a spelling, or the name is bound outside `function`.
pub fn binding_at(function: FnNode, name: &str, at: swc_common::Span) -> Option<(Vec<swc_common::Span>, bool)> {
    let mut v = FreeNames::new();
    v.track = Some(name.to_string());
    walk_function(function, &mut v);
    let scope = v.seen.iter().find(|(span, _)| *span == at)?.1?;
    Some((v.seen.iter().filter(|(_, s)| *s == Some(scope)).map(|(span, _)| *span).collect(), scope == 0))
}

/// For every identifier `function` spells (declarations, reads and writes),
/// by where it starts, the binding it refers to: the scope that declares it,
/// numbered in the order scopes are entered (0: the function's own level),
/// or None where it is bound outside `function`. Two spellings of one name
/// are the same variable exactly when their numbers agree.
pub fn bindings_in(function: FnNode) -> HashMap<swc_common::BytePos, Option<usize>> {
    let mut v = FreeNames::new();
    v.track_all = true;
    walk_function(function, &mut v);
    v.seen.into_iter().map(|(span, scope)| (span.lo, scope)).collect()
}

/// Visits a function's parameters and body with its own level as scope 0.
fn walk_function(function: FnNode, v: &mut FreeNames) {
    match function {
        FnNode::Function(f) => {
            v.push(function_level(f));
            f.params.visit_with(v);
            if let Some(b) = &f.body {
                b.stmts.visit_with(v);
            }
        }
        FnNode::Arrow(a) => {
            let mut own = function_level(a);
            for param in &a.params {
                let mut d = Declared { names: HashSet::new(), blocks: false, depth: 0 };
                param.visit_with(&mut d);
                own.extend(d.names);
            }
            v.push(own);
            a.params.visit_with(v);
            match &*a.body {
                ArrowFunctionBody::FunctionBody(b) => b.stmts.visit_with(v),
                ArrowFunctionBody::Expr(e) => e.visit_with(v),
            }
        }
        FnNode::Constructor(c) => {
            v.push(function_level(c));
            c.params.visit_with(v);
            if let Some(b) = &c.body {
                b.stmts.visit_with(v);
            }
        }
    }
}

/// Names a function binds for its whole body: its params and everything it declares.
pub fn declared_by(function: FnNode) -> HashSet<String> {
    match function {
        FnNode::Function(f) => declared_in(f),
        FnNode::Arrow(f) => declared_in(f),
        FnNode::Constructor(f) => declared_in(f),
    }
}

/// The declarations of a program's own top-level statements, each with
/// whether it is exported (`export var x`).
pub fn top_level_decls(program: &Program) -> Vec<(&Decl, bool)> {
    match program {
        Program::Script(s) => s
            .body
            .iter()
            .filter_map(|st| match st {
                Stmt::Decl(d) => Some((d, false)),
                _ => None,
            })
            .collect(),
        Program::Module(m) => m
            .body
            .iter()
            .filter_map(|item| match item {
                ModuleItem::Stmt(Stmt::Decl(d)) => Some((d, false)),
                ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(e)) => Some((&e.decl, true)),
                _ => None,
            })
            .collect(),
    }
}
