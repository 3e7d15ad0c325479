//! Roots: whether a construction the root anchor matched is a root's, and
//! whether a cursor set outside the drain sets a root's cursor (the root
//! continuation), followed through locals, parameters and helpers.

use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::pattern::{member_name, prop_name, strip_parens};
use crate::anchors::resolve::{clip, within, FnInfo, Mention, Resolution};
use crate::proof::account::place::{EXECUTION_ONLY, SUB_MARK};
use crate::proof::account::sweep::{object_keys, Keys};
use crate::read::parse::range;
use crate::read::scope::FnNode;

/// Why a construction the root anchor matched is not a root's, if it is not.
pub(super) fn not_a_root(resolution: &Resolution, at: &Range<usize>) -> Option<String> {
    let index = &resolution.index;
    let f = index.enclosing_function(at)?;
    let Some(Expr::New(new)) = resolution.expr_at(f, at) else { return None };
    let first = new.args.as_ref().and_then(|a| a.first())?;
    for part in crate::anchors::resolve::config_parts(index, &first.expr, at, 0) {
        if let crate::anchors::resolve::ConfigPart::Object(o) = part {
            if let Keys::Known(keys) = object_keys(&Expr::Object(o.clone())) {
                if keys.iter().any(|k| k == SUB_MARK) {
                    return Some(format!("it carries `{SUB_MARK}`, the mark of memory extraction"));
                }
            }
        }
    }
    // Members only an execution has, read anywhere in the arguments; on `this`
    // only where `this` may be an execution (not in another class's own method:
    // a session's `this.abortController` is the session's).
    struct Reads(Option<String>, bool);
    impl Visit for Reads {
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            if let Some(name) = member_name(&m.prop) {
                let on_other_this = self.1 && matches!(strip_parens(&m.obj), Expr::This(_));
                if EXECUTION_ONLY.contains(&name) && self.0.is_none() && !on_other_this {
                    self.0 = Some(name.to_string());
                }
            }
            m.visit_children_with(self);
        }
    }
    let mut reads = Reads(None, this_is_another_class(resolution, at));
    new.args.visit_with(&mut reads);
    reads.0.map(|m| format!("its config reads `.{m}` of another execution"))
}

/// Whether `this` at `at` is an instance of a class other than the
/// execution class: the nearest function that binds `this` (not an arrow) is
/// a method, private method or constructor of such a class.
fn this_is_another_class(resolution: &Resolution, at: &Range<usize>) -> bool {
    let index = &resolution.index;
    let Some(exec_at) = resolution.get("execution-class").first().map(|m| &m.range) else { return false };
    let binder = index
        .functions
        .iter()
        .filter(|f| within(at, &f.range) && f.range != *at && !matches!(f.node, FnNode::Arrow(_)))
        .max_by_key(|f| f.range.start);
    let Some(binder) = binder else { return false };
    index.classes.iter().filter(|c| c.range != *exec_at && !within(&c.range, exec_at)).any(|c| {
        c.class.body.iter().any(|m| match m {
            ClassMember::Method(m) => range(&*m.function) == binder.range,
            ClassMember::PrivateMethod(m) => range(&*m.function) == binder.range,
            ClassMember::Constructor(k) => range(k) == binder.range,
            _ => false,
        })
    })
}

/// Whether a cursor set outside the drain sets a root's cursor (the root
/// continuation): its object is a local bound only to root executions, or a
/// parameter that every call of its function fills with one.
pub(super) struct Roots<'r, 'a> {
    resolution: &'r Resolution<'a>,
    program: &'a Program,
    roots: &'r [Range<usize>],
}

impl<'r, 'a> Roots<'r, 'a> {
    pub(super) fn new(resolution: &'r Resolution<'a>, program: &'a Program, roots: &'r [Range<usize>]) -> Self {
        Roots { resolution, program, roots }
    }

    pub(super) fn sets_a_root(&self, call_at: &Range<usize>) -> Result<(), String> {
        let index = &self.resolution.index;
        let f = index.enclosing_function(call_at).ok_or("it is not inside a function")?;
        let Some(Expr::Call(call)) = self.resolution.expr_at(f, call_at) else {
            return Err("the call cannot be read back".into());
        };
        let Callee::Expr(callee) = &call.callee else { return Err("not a method call".into()) };
        let Expr::Member(m) = strip_parens(callee) else { return Err("not a method call".into()) };
        let Expr::Ident(object) = strip_parens(&m.obj) else {
            return Err(format!("its object `{}` is not a plain name", clip(index.text(&range(&*m.obj)))));
        };
        self.is_root_name(f, object, 0)
    }

    /// Whether `name` in `f` only ever holds a root execution.
    fn is_root_name(&self, f: &FnInfo<'a>, id: &Ident, depth: u8) -> Result<(), String> {
        let name: &str = &id.sym;
        if depth > 2 {
            return Err(format!("`{name}` is passed on too many times to follow"));
        }
        let (values, function_level) = values_of(f, id)?;
        for at in &values {
            let shown = self.resolution.expr_at(f, at).is_some_and(|v| self.is_root_value(f, v, depth));
            if !shown {
                let helper = self.resolution.expr_at(f, at).and_then(|v| self.helper_called_from_a_value(v));
                return Err(match helper {
                    Some(helper) => format!(
                        "`{name}` is given `{}`: `{helper}` builds a depth-0 execution and is also called from a \
                         function value (a handler, a callback), where what it builds may be a top-level agent's \
                         delegate that no root continuation shows is the turn's root",
                        clip(self.resolution.index.text(at))
                    ),
                    None => {
                        format!("`{name}` is given `{}`, not a root construction", clip(self.resolution.index.text(at)))
                    }
                });
            }
        }
        let param = f.node.param_names().iter().position(|p| *p == Some(name)).filter(|_| function_level);
        if !values.is_empty() && param.is_none() {
            return Ok(());
        }
        // A parameter, assigned or not: what its callers hand it must be a root too.
        let position = param.ok_or_else(|| format!("`{name}` is neither a local nor a parameter of its function"))?;
        let fname = self
            .function_name(f)
            .ok_or_else(|| format!("`{name}` is a parameter of an unnamed function whose callers cannot be found"))?;
        self.resolution.index.lookups.mention(&fname, Mention::Token);
        // Taken as a value (`.bind(this)`, handed on, `.call`): its callers are not all seen.
        let uses = crate::proof::account::query::name_uses(self.program, &fname);
        if let Some(at) = uses.values.first() {
            return Err(format!(
                "`{fname}`, whose parameter `{name}` it is, is taken as a value at byte {}, so not every call of it is seen",
                at.start
            ));
        }
        if uses.calls.is_empty() {
            return Err(format!("`{fname}`, whose parameter `{name}` it is, is never called where the tool can see"));
        }
        for at in uses.calls {
            let Some(caller) = self.resolution.index.enclosing_function(&at) else {
                return Err(format!("`{fname}` is called at top level (byte {})", at.start));
            };
            let args = match self.resolution.expr_at(caller, &at) {
                Some(Expr::Call(call)) => &call.args,
                Some(Expr::OptChain(OptChainExpr { base, .. })) => match &**base {
                    OptChainBase::Call(call) => &call.args,
                    OptChainBase::Member(_) => {
                        return Err(format!("the call at byte {} cannot be read back", at.start))
                    }
                },
                _ => return Err(format!("the call at byte {} cannot be read back", at.start)),
            };
            let arg = args
                .get(position)
                .filter(|a| a.spread.is_none())
                .ok_or_else(|| format!("`{fname}` is called at byte {} without `{name}`", at.start))?;
            if !self.is_root_value(caller, &arg.expr, depth + 1) {
                return Err(format!(
                    "`{fname}` is called at byte {} with `{}` as `{name}`, not shown to be a root execution",
                    at.start,
                    clip(self.resolution.index.text(&range(&*arg.expr)))
                ));
            }
        }
        Ok(())
    }

    fn is_root_value(&self, f: &FnInfo<'a>, value: &Expr, depth: u8) -> bool {
        let value = strip_parens(value);
        let at = range(value);
        if self.roots.contains(&at) {
            return true;
        }
        match value {
            Expr::Ident(id) => self.is_root_name(f, id, depth + 1).is_ok(),
            Expr::Await(a) => self.is_root_value(f, &a.arg, depth),
            // A root kept on a member: `this.root ??= new X({…})`, `this.root ?? (this.root = …)`.
            Expr::Member(m) => crate::anchors::resolve::flow::member_key(&self.resolution.index, m)
                .is_some_and(|k| self.key_holds_roots(&k, depth)),
            Expr::Assign(a) => {
                let AssignTarget::Simple(SimpleAssignTarget::Member(m)) = &a.left else { return false };
                let kept = match a.op {
                    AssignOp::Assign => true,
                    AssignOp::NullishAssign | AssignOp::OrAssign => {
                        crate::anchors::resolve::flow::member_key(&self.resolution.index, m)
                            .is_some_and(|k| self.key_holds_roots(&k, depth))
                    }
                    _ => false,
                };
                kept && self.is_root_value(f, &a.right, depth)
            }
            Expr::Bin(b) if matches!(b.op, BinaryOp::NullishCoalescing | BinaryOp::LogicalOr) => {
                self.is_root_value(f, &b.left, depth) && self.is_root_value(f, &b.right, depth)
            }
            // A helper that returns a root construction: `this.newRootExecution()`.
            Expr::Call(CallExpr { callee: Callee::Expr(callee), .. }) => {
                // A private method of the class the call sits in: `this.#rootExecution()`.
                if let Expr::Member(MemberExpr { prop: MemberProp::PrivateName(p), .. }) = strip_parens(callee) {
                    return self.private_method(&at, &p.name).is_some_and(|h| self.returns_only_roots(h, depth));
                }
                let name = match strip_parens(callee) {
                    Expr::Ident(id) => id.sym.to_string(),
                    Expr::Member(m) => match member_name(&m.prop) {
                        Some(n) => n.to_string(),
                        None => return false,
                    },
                    _ => return false,
                };
                self.resolution.index.lookups.mention(&name, Mention::Token);
                let helpers = self.functions_named(&name);
                !helpers.is_empty()
                    && helpers.iter().all(|h| self.returns_only_roots(h, depth))
                    && !self.called_from_a_value(&name)
            }
            _ => false,
        }
    }

    /// The helper a value calls, where every function of that name returns
    /// only roots but some call of it stands in a function value.
    fn helper_called_from_a_value(&self, value: &Expr) -> Option<String> {
        let Expr::Call(CallExpr { callee: Callee::Expr(callee), .. }) = strip_parens(value) else { return None };
        let name = match strip_parens(callee) {
            Expr::Ident(id) => id.sym.to_string(),
            Expr::Member(m) => member_name(&m.prop)?.to_string(),
            _ => return None,
        };
        let helpers = self.functions_named(&name);
        (!helpers.is_empty()
            && helpers.iter().all(|h| self.returns_only_roots(h, 0))
            && self.called_from_a_value(&name))
        .then_some(name)
    }

    /// Whether every value the bundle gives a member keyed `key` is a root
    /// execution (or nullish), so reading that member yields a root or nothing.
    fn key_holds_roots(&self, key: &str, depth: u8) -> bool {
        if depth > 3 {
            return false;
        }
        let Ok(values) = crate::anchors::resolve::flow::values_of_key(&self.resolution.index, key) else {
            return false;
        };
        let index = &self.resolution.index;
        values.iter().all(|at| {
            self.roots.contains(at)
                || index.enclosing_function(at).is_some_and(|g| {
                    self.resolution.expr_at(g, at).is_some_and(|v| self.is_root_value(g, v, depth + 1))
                })
        })
    }

    /// Whether every return of `h` is a root construction, itself or through
    /// a local of `h` that only ever holds one (`const e = new X({…}); …; return e`).
    fn returns_only_roots(&self, h: &FnInfo<'a>, depth: u8) -> bool {
        let returned = returns_of(h);
        !returned.is_empty()
            && returned.iter().all(|r| self.returned_root(h, crate::anchors::pattern::value_expr(r), depth))
    }

    /// A returned value that is a root: a root construction, a name holding
    /// only roots, or one handed through a function that returns what it is
    /// given (`return this.track(new X({…}))`, `track(e) { …; return e; }`).
    fn returned_root(&self, h: &FnInfo<'a>, value: &Expr, depth: u8) -> bool {
        let value = strip_parens(value);
        if self.roots.contains(&range(value)) {
            return true;
        }
        match value {
            Expr::Ident(id) => self.is_root_name(h, id, depth + 1).is_ok(),
            Expr::Call(CallExpr { callee: Callee::Expr(callee), args, .. }) if depth < 3 => {
                let name = match strip_parens(callee) {
                    Expr::Ident(id) => id.sym.to_string(),
                    Expr::Member(m) => match member_name(&m.prop) {
                        Some(n) => n.to_string(),
                        None => return false,
                    },
                    _ => return false,
                };
                let Some(first) = args.first().filter(|a| a.spread.is_none()) else { return false };
                self.resolution.index.lookups.mention(&name, Mention::Token);
                let helpers = self.functions_named(&name);
                !helpers.is_empty()
                    && helpers.iter().all(|g| returns_its_first_parameter(g))
                    && self.returned_root(h, &first.expr, depth + 1)
            }
            _ => false,
        }
    }

    /// The private method `#name` of the innermost class around `at`: private
    /// names are the class's own, so this is the one the call reaches.
    fn private_method(&self, at: &Range<usize>, name: &str) -> Option<&FnInfo<'a>> {
        let index = &self.resolution.index;
        let class = index.classes.iter().filter(|c| within(at, &c.range)).max_by_key(|c| c.range.start)?;
        class.class.body.iter().find_map(|m| match m {
            ClassMember::PrivateMethod(m) if &*m.key.name == name && m.kind == MethodKind::Method => {
                index.function_at(&range(&*m.function))
            }
            _ => None,
        })
    }

    fn function_name(&self, f: &FnInfo<'a>) -> Option<String> {
        called_as(&self.resolution.index, f)
    }

    /// Whether `name` is taken as a value (`.bind(this)`, handed on), or some
    /// call of it stands in an arrow or function expression: a function handed
    /// on as a value, so the depth-0 execution it returns goes where no root
    /// continuation shows it is the turn's root (the delegates of a top-level
    /// agent built by the root's own helper).
    fn called_from_a_value(&self, name: &str) -> bool {
        let uses = crate::proof::account::query::name_uses(self.program, name);
        if !uses.values.is_empty() {
            return true;
        }
        let index = &self.resolution.index;
        // An arrow, or a function that is neither a method nor a top-level function: a value.
        let is_value = |f: &FnInfo| match f.node {
            FnNode::Arrow(_) => true,
            FnNode::Constructor(_) => false,
            FnNode::Function(_) => !self.is_method(f) && !index.top_functions.iter().any(|(_, at)| *at == f.range),
        };
        uses.calls.iter().any(|at| index.enclosing_function(at).is_some_and(&is_value))
    }

    fn is_method(&self, f: &FnInfo) -> bool {
        self.resolution.index.classes.iter().any(|c| {
            c.class.body.iter().any(|m| match m {
                ClassMember::Method(method) => range(&*method.function) == f.range,
                ClassMember::PrivateMethod(method) => range(&*method.function) == f.range,
                _ => false,
            })
        })
    }

    fn functions_named(&self, name: &str) -> Vec<&FnInfo<'a>> {
        self.resolution.index.functions.iter().filter(|f| self.function_name(f).as_deref() == Some(name)).collect()
    }
}

/// The name a function is called by: its own, or its method's.
pub(super) fn called_as(index: &crate::anchors::resolve::Index, f: &FnInfo) -> Option<String> {
    if let Some(name) = f.name {
        return Some(name.to_string());
    }
    index.classes.iter().find_map(|c| {
        c.class.body.iter().find_map(|m| match m {
            ClassMember::Method(method) if range(&*method.function) == f.range => {
                prop_name(&method.key).map(str::to_string)
            }
            _ => None,
        })
    })
}

/// What the binding `id` refers to in `f` is given: its initialisers and the
/// right sides of its plain assignments, wherever in `f` (nested closures
/// included) they reach that binding and not a shadowing one. Any other write
/// of it (an operator-assignment, `++`, a destructuring, a `for` head, a
/// function or class declared under the name) cannot be followed: an error.
/// Whether it is a parameter too is the caller's to ask.
fn values_of(f: &FnInfo, id: &Ident) -> Result<(Vec<Range<usize>>, bool), String> {
    let name: &str = &id.sym;
    let (spans, function_level) = crate::read::scope::binding_at(f.node, name, id.span)
        .ok_or_else(|| format!("`{name}` is bound outside its function"))?;
    let own: std::collections::HashSet<swc_common::Span> = spans.into_iter().collect();
    struct Find<'o> {
        own: &'o std::collections::HashSet<swc_common::Span>,
        out: Vec<Range<usize>>,
        other: Option<usize>,
    }
    impl Find<'_> {
        fn declares(&mut self, span: swc_common::Span) {
            if self.own.contains(&span) && self.other.is_none() {
                self.other = Some(crate::read::parse::lo(span));
            }
        }
    }
    impl Visit for Find<'_> {
        fn visit_var_declarator(&mut self, d: &VarDeclarator) {
            match (&d.name, &d.init) {
                (Pat::Ident(id), Some(init)) if self.own.contains(&id.id.span) => self.out.push(range(&**init)),
                (Pat::Ident(_), _) => {}
                (pat, _) => {
                    for span in crate::read::writes::pattern_spans(pat) {
                        self.declares(span);
                    }
                }
            }
            d.init.visit_with(self);
        }
        fn visit_fn_decl(&mut self, d: &FnDecl) {
            self.declares(d.ident.span);
            d.function.visit_with(self);
        }
        fn visit_class_decl(&mut self, d: &ClassDecl) {
            self.declares(d.ident.span);
            d.class.visit_with(self);
        }
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            if let (AssignOp::Assign, AssignTarget::Simple(SimpleAssignTarget::Ident(id))) = (a.op, &a.left) {
                if self.own.contains(&id.id.span) {
                    self.out.push(range(&*a.right));
                }
            }
            a.visit_children_with(self);
        }
    }
    let mut find = Find { own: &own, out: Vec::new(), other: None };
    f.node.visit(&mut find);
    if let Some(at) = find.other {
        return Err(format!("`{name}` is declared at byte {at} in a way that cannot be followed"));
    }
    // Every other write of the binding: the grammar's list, not this walk's.
    // A parameter that binds it by destructuring (`function f({ n })`) holds what its callers pass in it.
    let destructured = |pats: Vec<&Pat>| {
        pats.into_iter()
            .filter(|p| !matches!(p, Pat::Ident(_)))
            .flat_map(crate::read::writes::pattern_spans)
            .find(|span| own.contains(span))
    };
    let (writes, bound) = match f.node {
        FnNode::Function(n) => {
            (crate::read::writes::all_in(n), destructured(n.params.iter().map(|p| &p.pat).collect()))
        }
        FnNode::Arrow(n) => (crate::read::writes::all_in(n), destructured(n.params.iter().collect())),
        FnNode::Constructor(n) => (
            crate::read::writes::all_in(n),
            destructured(
                n.params
                    .iter()
                    .filter_map(|p| if let ParamOrTsParamProp::Param(p) = p { Some(&p.pat) } else { None })
                    .collect(),
            ),
        ),
    };
    if let Some(span) = bound {
        return Err(format!(
            "`{name}` is bound by a destructuring parameter at byte {}, which cannot be followed",
            crate::read::parse::lo(span)
        ));
    }
    for w in writes {
        if let crate::read::writes::Target::Name(_, span) = &w.target {
            if own.contains(span) && w.how != crate::read::writes::How::Assign {
                return Err(format!(
                    "`{name}` is written at byte {} ({:?}), which cannot be followed",
                    crate::read::parse::lo(w.at),
                    w.how
                ));
            }
        }
    }
    Ok((find.out, function_level))
}

/// What a function returns: its `return` values (not of nested functions), or an arrow's expression.
fn returns_of<'a>(f: &FnInfo<'a>) -> Vec<&'a Expr> {
    if let FnNode::Arrow(a) = f.node {
        if let ArrowFunctionBody::Expr(e) = &*a.body {
            return vec![crate::anchors::resolve::pin(&**e)];
        }
    }
    struct Find<'a>(Vec<&'a Expr>);
    impl<'a> Visit for Find<'a> {
        fn visit_return_stmt(&mut self, r: &ReturnStmt) {
            if let Some(arg) = &r.arg {
                self.0.push(crate::anchors::resolve::pin(&**arg));
            }
        }
        fn visit_function(&mut self, _: &Function) {}
        fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
    }
    let mut find = Find(Vec::new());
    if let Some(body) = f.node.body() {
        body.visit_with(&mut find);
    }
    find.0
}

/// Whether every `return` of `f` gives back its first parameter, which
/// nothing in `f` reassigns.
fn returns_its_first_parameter(f: &FnInfo) -> bool {
    let Some(Some(first)) = f.node.param_names().first().copied() else { return false };
    let reassigned = crate::read::writes::in_function(f.node)
        .iter()
        .any(|w| matches!(&w.target, crate::read::writes::Target::Name(n, _) if n == first));
    let returned = returns_of(f);
    !reassigned
        && !returned.is_empty()
        && returned.iter().all(
            |r| matches!(strip_parens(crate::anchors::pattern::value_expr(r)), Expr::Ident(id) if *id.sym == *first),
        )
}
