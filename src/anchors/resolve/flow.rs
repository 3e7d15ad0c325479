//! Flow: values and keys followed through the bundle as data, over the
//! index. Who calls a function and with what; what a member key may hold
//! (every value the bundle gives a member of that key: an assignment,
//! `??=`/`||=`/`&&=`, an object literal, a class field, read off the complete
//! write classification); and which keys a computed key may be. The three
//! feed each other (a computed call may be a caller; a key's values may name
//! a key), so they live in one file. What cannot be followed says where.

use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use super::index::{pin, within, FnInfo, Index, KeyText, Mention};
use crate::anchors::pattern::{member_name, prop_name, strip_parens};
use crate::read::parse::range;
use crate::read::scope::FnNode;
use crate::read::writes::{How, Target};

/// The ranges of the values `key` is given anywhere in the bundle, nullish
/// ones left out; Err at a place that gives it a value that cannot be read.
pub fn values_of_key(index: &Index, key: &str) -> Result<Vec<Range<usize>>, Range<usize>> {
    values_given(index, key, false)
}

/// As `values_of_key`, where `++`/`--` (a number whatever it held) and an
/// arithmetic operator-assignment (its right side given) are followed too.
pub fn values_counted(index: &Index, key: &str) -> Result<Vec<Range<usize>>, Range<usize>> {
    values_given(index, key, true)
}

fn values_given(index: &Index, key: &str, counted: bool) -> Result<Vec<Range<usize>>, Range<usize>> {
    // The prefilter parses every statement that spells the key.
    index.lookups.mention(key, Mention::Name);
    for name in index.names_holding(key) {
        index.lookups.mention(name, Mention::Reference);
    }
    let mut find = Given { index, key, counted, out: Vec::new(), stop: None };
    index.program.visit_with(&mut find);
    match find.stop {
        Some(at) => Err(at),
        None => Ok(find.out),
    }
}

fn arithmetic(op: AssignOp) -> bool {
    !matches!(op, AssignOp::Assign | AssignOp::NullishAssign | AssignOp::OrAssign | AssignOp::AndAssign)
}

/// Whether an expression is `undefined`, `null` or `void <literal>`.
pub fn is_nullish(e: &Expr) -> bool {
    match strip_parens(e) {
        Expr::Lit(Lit::Null(_)) => true,
        Expr::Ident(id) => &*id.sym == "undefined",
        Expr::Unary(u) => u.op == UnaryOp::Void && matches!(strip_parens(&u.arg), Expr::Lit(_)),
        _ => false,
    }
}

struct Given<'i, 'a> {
    index: &'i Index<'a>,
    key: &'i str,
    counted: bool,
    out: Vec<Range<usize>>,
    stop: Option<Range<usize>>,
}

impl Given<'_, '_> {
    fn may_be(&self, prop: &MemberProp) -> bool {
        match prop {
            MemberProp::Ident(i) => &*i.sym == self.key,
            MemberProp::PrivateName(_) => false,
            MemberProp::Computed(c) => self.computed_may_be(&c.expr),
        }
    }

    fn computed_may_be(&self, e: &Expr) -> bool {
        self.index.key_may_be(e, self.key)
    }

    fn name_may_be(&self, name: &PropName) -> bool {
        match name {
            PropName::Computed(c) => self.computed_may_be(&c.expr),
            other => prop_name(other) == Some(self.key),
        }
    }

    /// Whether an `Object.assign` source may give the key: anything but an
    /// object literal whose keys are all known and none is it.
    fn source_may_give(&self, source: &Expr) -> bool {
        let Expr::Object(o) = strip_parens(source) else { return true };
        o.props.iter().any(|p| match p {
            PropOrSpread::Spread(_) => true,
            PropOrSpread::Prop(p) => match &**p {
                Prop::KeyValue(kv) => self.name_may_be(&kv.key),
                Prop::Method(m) => self.name_may_be(&m.key),
                Prop::Getter(g) => self.name_may_be(&g.key),
                Prop::Setter(s) => self.name_may_be(&s.key),
                Prop::Shorthand(id) => &*id.sym == self.key,
                Prop::Assign(_) => true,
            },
        })
    }

    /// Whether a literal gives the key only by plain `key: value` properties.
    fn gives_plainly(&self, o: &ObjectLit) -> bool {
        o.props.iter().all(|p| match p {
            PropOrSpread::Spread(_) => false,
            PropOrSpread::Prop(p) => match &**p {
                Prop::KeyValue(_) => true,
                Prop::Method(m) => !self.name_may_be(&m.key),
                Prop::Getter(g) => !self.name_may_be(&g.key),
                Prop::Setter(s) => !self.name_may_be(&s.key),
                Prop::Shorthand(id) => &*id.sym != self.key,
                Prop::Assign(_) => false,
            },
        })
    }

    fn give(&mut self, value: &Expr) {
        if !is_nullish(value) {
            self.out.push(range(strip_parens(value)));
        }
    }

    fn cannot(&mut self, at: Range<usize>) {
        self.stop.get_or_insert(at);
    }
}

impl Visit for Given<'_, '_> {
    fn visit_expr(&mut self, node: &Expr) {
        let mut writes = Vec::new();
        crate::read::writes::of_expr(node, &mut writes);
        for w in &writes {
            let hits = match &w.target {
                Target::Member(m) => self.may_be(&m.prop),
                Target::Reflected { key: Some(k), .. } => self.computed_may_be(k),
                // `Object.assign(o, { a, b: 1 })`: the keys its sources spell.
                // `Object.assign(o, { k: v })`: the keys its literal sources spell, with their values.
                Target::Reflected { key: None, writer: "assign", .. } => match node {
                    Expr::Call(call) => {
                        for a in call.args.iter().skip(1) {
                            match (&a.spread, strip_parens(&a.expr)) {
                                (None, Expr::Object(_)) if !self.source_may_give(&a.expr) => {}
                                (None, Expr::Object(o)) if self.gives_plainly(o) => {
                                    for v in plain_values(o, |k| self.name_may_be(k)) {
                                        self.give(v);
                                    }
                                }
                                _ => self.cannot(range(node)),
                            }
                        }
                        false
                    }
                    _ => true,
                },
                // `setPrototypeOf`, `defineProperties`: any key.
                Target::Reflected { key: None, .. } | Target::SuperMember(_) | Target::Opaque(_) => true,
                Target::Name(..) => false,
            };
            if !hits {
                continue;
            }
            match (node, w.how) {
                (Expr::Assign(a), How::Assign | How::Compound)
                    if matches!(
                        a.op,
                        AssignOp::Assign | AssignOp::NullishAssign | AssignOp::OrAssign | AssignOp::AndAssign
                    ) && matches!(&a.left, AssignTarget::Simple(SimpleAssignTarget::Member(_))) =>
                {
                    self.give(&a.right)
                }
                (_, How::Delete) => {}
                (_, How::Update) if self.counted => {}
                (Expr::Assign(a), How::Compound) if self.counted && arithmetic(a.op) => self.give(&a.right),
                _ => self.cannot(range(node)),
            }
        }
        node.visit_children_with(self);
    }

    fn visit_for_of_stmt(&mut self, node: &ForOfStmt) {
        self.for_head(&node.left, range(node));
        node.visit_children_with(self);
    }

    fn visit_for_in_stmt(&mut self, node: &ForInStmt) {
        self.for_head(&node.left, range(node));
        node.visit_children_with(self);
    }

    fn visit_prop(&mut self, node: &Prop) {
        match node {
            Prop::KeyValue(kv) if self.name_may_be(&kv.key) => self.give(&kv.value),
            Prop::Shorthand(id) if &*id.sym == self.key => self.cannot(range(id)),
            Prop::Getter(g) if self.name_may_be(&g.key) => self.cannot(range(g)),
            Prop::Setter(s) if self.name_may_be(&s.key) => self.cannot(range(s)),
            Prop::Method(m) if self.name_may_be(&m.key) => self.cannot(range(m)),
            Prop::Assign(_)
            | Prop::KeyValue(_)
            | Prop::Shorthand(_)
            | Prop::Getter(_)
            | Prop::Setter(_)
            | Prop::Method(_) => {}
        }
        node.visit_children_with(self);
    }

    fn visit_class_member(&mut self, node: &ClassMember) {
        match node {
            ClassMember::ClassProp(p) if self.name_may_be(&p.key) => {
                if let Some(v) = &p.value {
                    self.give(v);
                }
            }
            ClassMember::Method(m) if self.name_may_be(&m.key) => self.cannot(range(m)),
            ClassMember::AutoAccessor(a) if matches!(&a.key, Key::Public(k) if self.name_may_be(k)) => {
                self.cannot(range(a))
            }
            _ => {}
        }
        node.visit_children_with(self);
    }
}

impl Given<'_, '_> {
    fn for_head(&mut self, head: &ForHead, at: Range<usize>) {
        let mut writes = Vec::new();
        crate::read::writes::of_for_head(swc_common::DUMMY_SP, head, &mut writes);
        let hits = writes.iter().any(|w| match &w.target {
            Target::Member(m) => self.may_be(&m.prop),
            Target::Name(..) => false,
            _ => true,
        });
        if hits {
            self.cannot(at);
        }
    }
}

/// The key a member expression names, where it names one the source spells.
pub fn member_key<'e>(index: &Index, m: &'e MemberExpr) -> Option<std::borrow::Cow<'e, str>> {
    match &m.prop {
        MemberProp::Computed(c) => match index.key_text(&c.expr, 0) {
            KeyText::Is(k) => Some(std::borrow::Cow::Owned(k)),
            _ => None,
        },
        prop => member_name(prop).map(std::borrow::Cow::Borrowed),
    }
}

/// The values of a literal's plain `key: value` properties whose key may be the one asked.
fn plain_values(o: &ObjectLit, may_be: impl Fn(&PropName) -> bool) -> Vec<&Expr> {
    o.props
        .iter()
        .filter_map(|p| match p {
            PropOrSpread::Prop(p) => match &**p {
                Prop::KeyValue(kv) if may_be(&kv.key) => Some(&*kv.value),
                _ => None,
            },
            PropOrSpread::Spread(_) => None,
        })
        .collect()
}

/// Every place a function is called from, as far as the bundle shows it: the
/// arguments of each call, and what keeps the list from being whole.
pub struct Callers<'a> {
    /// Each call's arguments (`new C(…)`, `f(…)`, `o.key(…)`).
    pub calls: Vec<&'a [ExprOrSpread]>,
    /// Calls that take the function (or class) as their first argument and
    /// whose result is dropped (`__name(C, "C");`): the callee must be shown
    /// to keep nothing of it.
    pub named_in: Vec<&'a CallExpr>,
    /// Where it is taken as a value some other way: its callers are not all seen.
    pub escapes: Vec<Range<usize>>,
}

impl<'a> Index<'a> {
    /// The callers of `f`: a constructor's by `new` of its class (any of its
    /// names), a top-level function's by its name, a method's by its key on
    /// any object. None where `f` is none of these.
    pub fn callers(&self, f: &FnInfo<'a>) -> Option<Callers<'a>> {
        let by = match f.node {
            FnNode::Constructor(_) => {
                let class = self.class_around(&f.range)?;
                let names: Vec<String> = self.class_names(class).into_iter().map(str::to_string).collect();
                if names.is_empty() {
                    return None;
                }
                By::New(names)
            }
            _ => match (f.name, f.key) {
                (Some(name), _) if self.top_function(name) == Some(&f.range) => By::Name(name.to_string()),
                (_, Some(key)) => By::Key(key.to_string()),
                _ => return None,
            },
        };
        match &by {
            By::New(names) => names.iter().for_each(|n| self.lookups.mention(n, Mention::Token)),
            By::Name(n) => self.lookups.mention(n, Mention::Token),
            By::Key(k) => {
                self.lookups.mention(k, Mention::Name);
                // `o[CREATE](…)` with `const CREATE = "create"`: what spells the constant.
                self.names_holding(k).into_iter().for_each(|n| self.lookups.mention(n, Mention::Reference));
            }
        }
        let mut find = FindCallers {
            by: &by,
            out: Callers { calls: Vec::new(), named_in: Vec::new(), escapes: Vec::new() },
            computed: Vec::new(),
            top: match self.program {
                Program::Script(s) => s.body.iter().map(|x| range(x).start).collect(),
                Program::Module(m) => m.body.iter().map(|x| range(x).start).collect(),
            },
            export_objects: export_objects(self.program),
            tables: Vec::new(),
        };
        self.program.visit_with(&mut find);
        // What an export table's object is made into (`module.exports = __toCommonJS(ns)`):
        // the prefilter is asked for what spells it, so the next pass sees that statement.
        for ns in &find.tables {
            self.lookups.mention(ns, Mention::Reference);
        }
        // Held in a dispatch table read only to call what it holds: those calls are its callers.
        if let By::Name(name) = &by {
            if !find.out.escapes.is_empty() {
                if let Some(table) = self.table_calls(name) {
                    find.out.escapes.retain(|e| !table.held_at.contains(e));
                    find.out.calls.extend(table.calls);
                }
            }
        }
        // A computed call whose key is, or may be, the method's: its arguments are not all seen.
        if let By::Key(key) = &by {
            for k in find.computed {
                if self.key_may_be(k, key) {
                    find.out.escapes.push(range(k));
                }
            }
        }
        Some(find.out)
    }
}

/// How a function's calls are spelled.
enum By {
    New(Vec<String>),
    Name(String),
    Key(String),
}

/// The finder of [`Index::callers`].
struct FindCallers<'b, 'a> {
    by: &'b By,
    out: Callers<'a>,
    /// Calls through a computed member whose key is not a literal (`table[k](…)`):
    /// each may be a call of the method, judged once the walk is done.
    computed: Vec<&'a Expr>,
    /// Where the program's own top-level statements start.
    top: std::collections::HashSet<usize>,
    /// Names a top-level `module.exports = …` is made of (`__toCommonJS(x)`, `x`).
    export_objects: std::collections::HashSet<String>,
    /// The objects of calls shaped as export tables, exported or not.
    tables: Vec<String>,
}

/// The names a top-level `module.exports = x` or `module.exports = f(x)` exports.
fn export_objects(program: &Program) -> std::collections::HashSet<String> {
    let stmts: Vec<&Stmt> = match program {
        Program::Script(s) => s.body.iter().collect(),
        Program::Module(m) => m.body.iter().filter_map(|i| i.as_stmt()).collect(),
    };
    let mut out = std::collections::HashSet::new();
    for stmt in stmts {
        let Stmt::Expr(e) = stmt else { continue };
        let Expr::Assign(a) = strip_parens(&e.expr) else { continue };
        let AssignTarget::Simple(SimpleAssignTarget::Member(m)) = &a.left else { continue };
        let module_exports = matches!(strip_parens(&m.obj), Expr::Ident(id) if &*id.sym == "module")
            && member_name(&m.prop) == Some("exports");
        if !module_exports {
            continue;
        }
        match strip_parens(&a.right) {
            Expr::Ident(id) => {
                out.insert(id.sym.to_string());
            }
            Expr::Call(c) => {
                for arg in &c.args {
                    if let Expr::Ident(id) = strip_parens(&arg.expr) {
                        out.insert(id.sym.to_string());
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// `exports.x`, `module.exports`, `module.exports.x` as an assignment's target.
fn is_exports_target(t: &AssignTarget) -> bool {
    fn exports(e: &Expr) -> bool {
        match strip_parens(e) {
            Expr::Ident(id) => &*id.sym == "exports",
            Expr::Member(m) => {
                (matches!(strip_parens(&m.obj), Expr::Ident(id) if &*id.sym == "module")
                    && member_name(&m.prop) == Some("exports"))
                    || exports(&m.obj)
            }
            _ => false,
        }
    }
    match t {
        AssignTarget::Simple(SimpleAssignTarget::Member(m)) => exports(&Expr::Member(m.clone())),
        _ => false,
    }
}

/// esbuild's `__export(target, { name: () => name, … })`: a call of a function
/// given an object (`target`) and an object literal whose every property is a
/// getter-like arrow that returns a bare name. What it makes is the export
/// object of the module; the arrows call nothing. The name of `target`; the caller
/// knows whether `module.exports` is made of it.
fn export_table_object(call: &CallExpr) -> Option<&str> {
    let [target, all] = &call.args[..] else { return None };
    if target.spread.is_some() || all.spread.is_some() {
        return None;
    }
    let Expr::Ident(t) = strip_parens(&target.expr) else { return None };
    let Expr::Object(o) = strip_parens(&all.expr) else { return None };
    let shaped = !o.props.is_empty()
        && matches!(&call.callee, Callee::Expr(c) if matches!(strip_parens(c), Expr::Ident(_)))
        && o.props.iter().all(|p| match p {
            PropOrSpread::Prop(p) => match &**p {
                Prop::KeyValue(kv) => matches!(strip_parens(&kv.value), Expr::Arrow(a)
                    if a.params.is_empty() && matches!(&*a.body,
                        ArrowFunctionBody::Expr(e) if matches!(strip_parens(e), Expr::Ident(_)))),
                _ => false,
            },
            PropOrSpread::Spread(_) => false,
        });
    shaped.then_some(&*t.sym)
}
impl FindCallers<'_, '_> {
    /// What an export statement exports: a name or a literal's names are not
    /// called there; a function written in place is still read for its calls.
    fn exported(&mut self, value: &Expr) {
        match strip_parens(value) {
            Expr::Ident(_) => {}
            Expr::Object(o) => {
                for p in &o.props {
                    match p {
                        PropOrSpread::Prop(p) => match &**p {
                            Prop::Shorthand(_) => {}
                            Prop::KeyValue(kv) if matches!(strip_parens(&kv.value), Expr::Ident(_)) => {}
                            other => other.visit_with(self),
                        },
                        PropOrSpread::Spread(sp) => sp.visit_with(self),
                    }
                }
            }
            // `exports.f = function (…) {…}`: its own key is not called through `exports`.
            Expr::Fn(f) => f.function.visit_with(self),
            Expr::Arrow(a) => a.visit_with(self),
            other => other.visit_with(self),
        }
    }
    /// A top-level statement of export assignments (`exports.a = …, exports.b = …`
    /// too, as a minifier joins them): visited as exports, and true.
    fn export_statement(&mut self, e: &Expr) -> bool {
        let parts: Vec<&Expr> = match strip_parens(e) {
            Expr::Seq(q) => q.exprs.iter().map(|x| &**x).collect(),
            x => vec![x],
        };
        let is_export = |x: &Expr| matches!(strip_parens(x), Expr::Assign(a) if is_exports_target(&a.left));
        if !parts.iter().any(|x| is_export(x)) {
            return false;
        }
        for x in parts {
            match strip_parens(x) {
                Expr::Assign(a) if is_exports_target(&a.left) => self.exported(&a.right),
                other => other.visit_with(self),
            }
        }
        true
    }
    fn top_level(&self, stmt: &Stmt) -> bool {
        self.top.contains(&range(stmt).start)
    }
    fn named(&self, name: &str) -> bool {
        match self.by {
            By::New(names) => names.iter().any(|n| n == name),
            By::Name(n) => n == name,
            By::Key(_) => false,
        }
    }
}
impl Visit for FindCallers<'_, '_> {
    fn visit_new_expr(&mut self, n: &NewExpr) {
        if let (By::New(_), Expr::Ident(id)) = (self.by, strip_parens(&n.callee)) {
            if self.named(&id.sym) {
                self.out.calls.push(n.args.as_deref().map(pin).unwrap_or(&[]));
                return n.args.visit_with(self);
            }
        }
        n.visit_children_with(self);
    }
    fn visit_expr_stmt(&mut self, s: &ExprStmt) {
        if let Expr::Call(call) = strip_parens(&s.expr) {
            let first = call.args.first().filter(|a| a.spread.is_none()).map(|a| strip_parens(&a.expr));
            if let Some(Expr::Ident(id)) = first {
                if self.named(&id.sym) {
                    self.out.named_in.push(pin(call));
                    call.callee.visit_with(self);
                    return call.args.iter().skip(1).for_each(|a| a.visit_with(self));
                }
            }
        }
        s.visit_children_with(self);
    }
    fn visit_call_expr(&mut self, call: &CallExpr) {
        // The bundle's export table: nothing calls through it, the bundle being the
        // entry module node runs (kas-steering.md), never a module another imports.
        if let Some(table) = export_table_object(call) {
            if self.export_objects.contains(table) {
                return;
            }
            self.tables.push(table.to_string());
        }
        if let Callee::Expr(c) = &call.callee {
            match (self.by, strip_parens(c)) {
                (By::Name(n), Expr::Ident(id)) if *id.sym == **n => {
                    self.out.calls.push(pin(&call.args[..]));
                    return call.args.visit_with(self);
                }
                (By::Key(k), Expr::Member(m)) if member_name(&m.prop) == Some(k) => {
                    self.out.calls.push(pin(&call.args[..]));
                    m.obj.visit_with(self);
                    return call.args.visit_with(self);
                }
                (By::Key(_), Expr::Member(MemberExpr { prop: MemberProp::Computed(c), .. }))
                    if !matches!(strip_parens(&c.expr), Expr::Lit(Lit::Str(_))) =>
                {
                    self.computed.push(pin(&*c.expr));
                }
                _ => {}
            }
        }
        call.visit_children_with(self);
    }
    fn visit_opt_call(&mut self, call: &OptCall) {
        if let (By::Key(k), Expr::Member(m)) = (self.by, strip_parens(&call.callee)) {
            if member_name(&m.prop) == Some(k) {
                self.out.calls.push(pin(&call.args[..]));
                m.obj.visit_with(self);
                return call.args.visit_with(self);
            }
        }
        call.visit_children_with(self);
    }
    fn visit_member_expr(&mut self, m: &MemberExpr) {
        if let By::Key(k) = self.by {
            if member_name(&m.prop) == Some(k) {
                self.out.escapes.push(range(m));
            }
        }
        m.visit_children_with(self);
    }
    fn visit_var_declarator(&mut self, d: &VarDeclarator) {
        // A top-level alias `var C = _C` is one of the class's names.
        if let (Pat::Ident(b), Some(Expr::Ident(id))) = (&d.name, d.init.as_deref().map(strip_parens)) {
            if matches!(self.by, By::New(_)) && self.named(&id.sym) && self.named(&b.id.sym) {
                return;
            }
        }
        d.visit_children_with(self);
    }
    fn visit_ident(&mut self, id: &Ident) {
        if self.named(&id.sym) {
            self.out.escapes.push(range(id));
        }
    }
    fn visit_binding_ident(&mut self, _: &BindingIdent) {}
    // `export { createSession }`: an export of the entry module, called by nothing.
    fn visit_export_named_specifier(&mut self, _: &ExportNamedSpecifier) {}
    fn visit_module_item(&mut self, item: &ModuleItem) {
        // `exports.x = x;`, `module.exports = { x };` at top level: the same.
        if let ModuleItem::Stmt(Stmt::Expr(e)) = item {
            if self.export_statement(&e.expr) {
                return;
            }
        }
        item.visit_children_with(self);
    }
    fn visit_stmt(&mut self, stmt: &Stmt) {
        // In a script (CJS) the top-level statements are `Stmt`s, not module items.
        if let Stmt::Expr(e) = stmt {
            if self.top_level(stmt) && self.export_statement(&e.expr) {
                return;
            }
            // esbuild's `0 && (module.exports = { … })`: never runs.
            if let Expr::Bin(b) = strip_parens(&e.expr) {
                let never = matches!(strip_parens(&b.left), Expr::Lit(Lit::Num(n)) if n.value == 0.0)
                    || matches!(strip_parens(&b.left), Expr::Lit(Lit::Bool(f)) if !f.value);
                if b.op == BinaryOp::LogicalAnd && never {
                    return;
                }
            }
        }
        stmt.visit_children_with(self);
    }
    // A class's or function expression's own name binds, it does not use.
    fn visit_class_expr(&mut self, c: &ClassExpr) {
        c.class.visit_with(self);
    }
    fn visit_fn_expr(&mut self, f: &FnExpr) {
        f.function.visit_with(self);
    }
    fn visit_class_decl(&mut self, c: &ClassDecl) {
        c.class.visit_with(self);
    }
    fn visit_fn_decl(&mut self, f: &FnDecl) {
        f.function.visit_with(self);
    }
}

impl<'a> Index<'a> {
    /// Whether a computed key's expression may be `key`: its text where the
    /// source gives one, else the keys that reach it as data (`for (r in n)`
    /// over a parameter every caller fills with an object literal of known
    /// keys, webpack's `d(exports, { name: … })`; a parameter every caller
    /// fills with a known key, tslib's `__decorate(…, target, key, desc)`).
    /// Unknown is any key.
    pub fn key_may_be(&self, e: &Expr, key: &str) -> bool {
        match self.key_text(e, 0) {
            KeyText::Is(k) => k == key,
            KeyText::NoName => false,
            KeyText::Unknown => self.flowed_keys(e).is_none_or(|keys| keys.iter().any(|k| k == key)),
        }
    }

    /// The keys that reach a computed key's name as data, where all are seen.
    fn flowed_keys(&self, e: &Expr) -> Option<Vec<String>> {
        // Keys followed through keys: a few steps, then unknown.
        thread_local!(static DEPTH: std::cell::Cell<u8> = const { std::cell::Cell::new(0) });
        if DEPTH.with(|d| d.get()) >= 2 {
            return None;
        }
        DEPTH.with(|d| d.set(d.get() + 1));
        let keys = self.flowed_keys_once(e);
        DEPTH.with(|d| d.set(d.get() - 1));
        keys
    }

    fn flowed_keys_once(&self, e: &Expr) -> Option<Vec<String>> {
        // `X.Recap` of a TypeScript enum or a constants object: the strings its key is given.
        if let Expr::Member(m) = strip_parens(e) {
            let key = member_name(&m.prop)?;
            let values = values_of_key(self, key).ok()?;
            let mut keys = Vec::new();
            for at in values {
                match &self.source.get(at.clone()) {
                    Some(text)
                        if text.len() >= 2
                            && (text.starts_with('"') || text.starts_with('\''))
                            && !text.contains('\\') =>
                    {
                        keys.push(text[1..text.len() - 1].to_string())
                    }
                    _ => return None,
                }
            }
            return Some(keys);
        }
        let Expr::Ident(id) = strip_parens(e) else { return None };
        let at = range(id);
        let f = self.enclosing_function(&at)?;
        let params = f.node.param_names();
        let name: &str = &id.sym;
        // Written in the function other than by a `for-in` head that declares it: not followed.
        let writes = crate::read::writes::in_function(f.node);
        let written = |n: &str, allowed: crate::read::writes::How| {
            writes
                .iter()
                .any(|w| matches!(&w.target, crate::read::writes::Target::Name(m, _) if m == n) && w.how != allowed)
        };
        let (position, of_object) = match params.iter().position(|p| *p == Some(name)) {
            Some(p) => (p, false),
            None => {
                let object = for_in_over(f, name, &at)?;
                let p = params.iter().position(|q| *q == Some(object))?;
                if written(object, crate::read::writes::How::Assign)
                    || written(object, crate::read::writes::How::Compound)
                {
                    return None;
                }
                (p, true)
            }
        };
        if written(name, crate::read::writes::How::ForDeclaration) {
            return None;
        }
        let calls = self.calls_of(f)?;
        let mut keys = Vec::new();
        for args in calls {
            if args.iter().take(position + 1).any(|a| a.spread.is_some()) {
                return None;
            }
            let Some(arg) = args.get(position) else { continue };
            if of_object {
                let Expr::Object(o) = strip_parens(&arg.expr) else { return None };
                for p in &o.props {
                    let PropOrSpread::Prop(p) = p else { return None };
                    let k = match &**p {
                        Prop::KeyValue(kv) => kv.key.clone(),
                        Prop::Method(m) => m.key.clone(),
                        Prop::Getter(g) => g.key.clone(),
                        Prop::Setter(s) => s.key.clone(),
                        Prop::Shorthand(i) => PropName::Ident(i.clone().into()),
                        Prop::Assign(_) => return None,
                    };
                    match &k {
                        PropName::Computed(c) => match self.key_text(&c.expr, 0) {
                            KeyText::Is(t) => keys.push(t),
                            KeyText::NoName => {}
                            KeyText::Unknown => return None,
                        },
                        other => keys.push(crate::anchors::pattern::prop_name(other)?.to_string()),
                    }
                }
            } else {
                match self.key_text(&arg.expr, 0) {
                    KeyText::Is(t) => keys.push(t),
                    KeyText::NoName => {}
                    KeyText::Unknown => return None,
                }
            }
        }
        Some(keys)
    }

    /// The arguments of every call of `f`, where all are seen: its callers,
    /// or the one call of a function expression called where it stands.
    pub fn calls_of(&self, f: &FnInfo<'a>) -> Option<Vec<&'a [ExprOrSpread]>> {
        if let Some(callers) = self.callers(f) {
            return (callers.escapes.is_empty() && callers.named_in.is_empty()).then_some(callers.calls);
        }
        let mut iife = CalledInPlace::new(&f.range);
        self.program.visit_with(&mut iife);
        iife.found.last().map(|(_, args)| vec![*args])
    }
}

/// The object a `for (… name in object)` head of `f` iterates, where `at` is in its body.
fn for_in_over<'a>(f: &FnInfo<'a>, name: &str, at: &Range<usize>) -> Option<&'a str> {
    struct Find<'n> {
        name: &'n str,
        at: &'n Range<usize>,
        found: Option<String>,
    }
    impl Visit for Find<'_> {
        fn visit_for_in_stmt(&mut self, s: &ForInStmt) {
            let declares = matches!(&s.left, ForHead::VarDecl(v)
                if v.decls.len() == 1 && matches!(&v.decls[0].name, Pat::Ident(i) if &*i.id.sym == self.name));
            if declares && within(self.at, &range(&*s.body)) {
                if let Expr::Ident(o) = strip_parens(&s.right) {
                    self.found = Some(o.sym.to_string());
                }
            }
            s.visit_children_with(self);
        }
    }
    let mut find = Find { name, at, found: None };
    f.node.visit(&mut find);
    let found = find.found?;
    f.node.param_names().into_iter().flatten().find(|p| *p == found)
}

/// The calls of the function expression at `at` made where it stands
/// (`(function (e) {…})(x)`, `function*(e){…}(e)` inlined by a minifier):
/// each call's span and its arguments.
pub struct CalledInPlace<'r, 'a> {
    at: &'r Range<usize>,
    pub found: Vec<(Range<usize>, &'a [ExprOrSpread])>,
}

impl<'r> CalledInPlace<'r, '_> {
    pub fn new(at: &'r Range<usize>) -> Self {
        CalledInPlace { at, found: Vec::new() }
    }
}

impl Visit for CalledInPlace<'_, '_> {
    fn visit_call_expr(&mut self, call: &CallExpr) {
        if let Callee::Expr(c) = &call.callee {
            let c = strip_parens(c);
            if matches!(c, Expr::Fn(_) | Expr::Arrow(_)) && range(c) == *self.at {
                self.found.push((range(call), pin(&call.args[..])));
            }
        }
        call.visit_children_with(self);
    }
}

/// A top-level dispatch table that holds a function among its values (`const
/// nodes = new Map([[K, f], …])`, `const nodes = { k: f }`) and is only ever
/// read to call what it holds: `nodes.get(k)(…)`, `nodes[k](…)`, or a local
/// bound from that read and only called or tested (`const h = nodes.get(k); if
/// (!h) …; h(…)`). The calls through it, and where `name` sits in it; None
/// where no table holds `name`, or one does and is used any other way.
pub struct TableCalls<'a> {
    pub calls: Vec<&'a [ExprOrSpread]>,
    pub held_at: Vec<Range<usize>>,
}

impl<'a> Index<'a> {
    pub fn table_calls(&self, name: &str) -> Option<TableCalls<'a>> {
        let (table, held_at, is_map) = self.table_holding(name)?;
        let reads = self.table_reads(&table, is_map)?;
        let mut calls = reads.calls;
        for (local, span) in reads.locals {
            let f = self.enclosing_function(&range(&span))?;
            let (spans, _) = crate::read::scope::binding_at(f.node, &local, span)?;
            let mut uses = LocalCalls { spans: &spans, calls: Vec::new(), bad: false };
            f.node.visit(&mut uses);
            if uses.bad {
                return None;
            }
            calls.extend(uses.calls);
        }
        Some(TableCalls { calls, held_at })
    }

    /// The values of the top-level `Map` table `table` (`const T = new Map([[k, f], …])`),
    /// where it is only ever read to call what it holds (as `table_calls` requires).
    pub fn map_table_values(&self, table: &str) -> Option<Vec<&'a Expr>> {
        self.lookups.mention(table, Mention::Token);
        let mut values = None;
        for (name, init) in self.top_var_inits() {
            if name != table {
                continue;
            }
            let found = map_values(init)?;
            if values.is_some() {
                return None;
            }
            values = Some(found);
        }
        self.table_reads(table, true)?;
        values
    }

    /// The reads of `table`, where every one only calls what it holds (`TableReads`);
    /// the prefilter parses every statement that spells it.
    fn table_reads<'t>(&self, table: &'t str, is_map: bool) -> Option<TableReads<'t, 'a>> {
        self.lookups.mention(table, Mention::Token);
        let mut reads = TableReads { table, is_map, calls: Vec::new(), locals: Vec::new(), bad: false };
        self.program.visit_with(&mut reads);
        (!reads.bad).then_some(reads)
    }

    /// The program's own top-level `var`/`let`/`const NAME = init` declarations.
    fn top_var_inits(&self) -> Vec<(&'a str, &'a Expr)> {
        let mut out = Vec::new();
        for stmt in super::top_statements(self.program) {
            let Stmt::Decl(Decl::Var(v)) = stmt else { continue };
            for d in &v.decls {
                if let (Pat::Ident(b), Some(init)) = (&d.name, d.init.as_deref()) {
                    out.push((&*b.id.sym, init));
                }
            }
        }
        out
    }

    /// The one top-level table whose values include `name`, where each of its
    /// entries is written in place: its name, where `name` sits, and whether it is a `Map`.
    fn table_holding(&self, name: &str) -> Option<(String, Vec<Range<usize>>, bool)> {
        let is_name = |e: &Expr| matches!(strip_parens(e), Expr::Ident(id) if &*id.sym == name);
        let mut found = None;
        for (table, init) in self.top_var_inits() {
            let (values, is_map): (Vec<&Expr>, bool) = match strip_parens(init) {
                Expr::Object(o) => {
                    let mut values = Vec::new();
                    for p in &o.props {
                        match p {
                            PropOrSpread::Prop(p) => match &**p {
                                Prop::KeyValue(kv) => values.push(&*kv.value),
                                Prop::Shorthand(id) if &*id.sym == name => return None,
                                Prop::Shorthand(_) | Prop::Method(_) => {}
                                _ => return None,
                            },
                            PropOrSpread::Spread(_) => return None,
                        }
                    }
                    (values, false)
                }
                Expr::New(_) => match map_values(init) {
                    Some(values) => (values, true),
                    None => continue,
                },
                _ => continue,
            };
            let held: Vec<Range<usize>> = values.iter().filter(|v| is_name(v)).map(|v| range(*v)).collect();
            if held.is_empty() {
                continue;
            }
            if found.is_some() {
                return None;
            }
            found = Some((table.to_string(), held, is_map));
        }
        found
    }
}

/// The values of `new Map([[k, v], …])` written in place, every pair a plain
/// two-element literal; None for anything else.
fn map_values(init: &Expr) -> Option<Vec<&Expr>> {
    let Expr::New(n) = strip_parens(init) else { return None };
    let is_map = matches!(strip_parens(&n.callee), Expr::Ident(id) if &*id.sym == "Map");
    let args = n.args.as_ref()?;
    let (true, [arg]) = (is_map, &args[..]) else { return None };
    let Expr::Array(pairs) = strip_parens(&arg.expr) else { return None };
    let mut values = Vec::new();
    for pair in &pairs.elems {
        let Some(ExprOrSpread { spread: None, expr }) = pair else { return None };
        let Expr::Array(kv) = strip_parens(expr) else { return None };
        match &kv.elems[..] {
            [Some(k), Some(v)] if k.spread.is_none() && v.spread.is_none() => values.push(&*v.expr),
            _ => return None,
        }
    }
    Some(values)
}

/// The reads of a dispatch table (see [`Index::table_calls`]).
struct TableReads<'t, 'a> {
    table: &'t str,
    is_map: bool,
    calls: Vec<&'a [ExprOrSpread]>,
    /// Locals bound from a read: name and the binding's spelling.
    locals: Vec<(String, swc_common::Span)>,
    bad: bool,
}

impl TableReads<'_, '_> {
    /// `T.get(k)` of a Map table, `T[k]`/`T.k` of an object one: the key's expression, visited.
    fn read<'e>(&self, e: &'e Expr) -> Option<Vec<&'e Expr>> {
        let is_table = |e: &Expr| matches!(strip_parens(e), Expr::Ident(id) if &*id.sym == self.table);
        match strip_parens(e) {
            Expr::Call(c) if self.is_map => {
                let Callee::Expr(callee) = &c.callee else { return None };
                let Expr::Member(m) = strip_parens(callee) else { return None };
                (is_table(&m.obj) && member_name(&m.prop) == Some("get"))
                    .then(|| c.args.iter().map(|a| &*a.expr).collect())
            }
            Expr::Member(m) if !self.is_map && is_table(&m.obj) => Some(match &m.prop {
                MemberProp::Computed(k) => vec![&*k.expr],
                _ => Vec::new(),
            }),
            _ => None,
        }
    }
    /// A read in a place that only tests it (`!h`, `h == null`, `typeof h`).
    fn tested(&mut self, e: &Expr) -> bool {
        match self.read(e) {
            Some(keys) => {
                keys.into_iter().for_each(|k| k.visit_with(self));
                true
            }
            None => false,
        }
    }
}

impl Visit for TableReads<'_, '_> {
    fn visit_call_expr(&mut self, call: &CallExpr) {
        if let Callee::Expr(callee) = &call.callee {
            if let Some(keys) = self.read(callee) {
                self.calls.push(pin(&call.args[..]));
                keys.into_iter().for_each(|k| k.visit_with(self));
                return call.args.visit_with(self);
            }
            // `T.has(k)`, a Map table's membership test.
            if let Expr::Member(m) = strip_parens(callee) {
                if self.is_map
                    && matches!(strip_parens(&m.obj), Expr::Ident(id) if &*id.sym == self.table)
                    && member_name(&m.prop) == Some("has")
                {
                    return call.args.visit_with(self);
                }
            }
        }
        call.visit_children_with(self);
    }
    fn visit_opt_call(&mut self, call: &OptCall) {
        if let Some(keys) = self.read(&call.callee) {
            self.calls.push(pin(&call.args[..]));
            keys.into_iter().for_each(|k| k.visit_with(self));
            return call.args.visit_with(self);
        }
        call.visit_children_with(self);
    }
    fn visit_var_declarator(&mut self, d: &VarDeclarator) {
        if let (Pat::Ident(b), Some(init)) = (&d.name, d.init.as_deref()) {
            if &*b.id.sym == self.table {
                return init.visit_with(self);
            }
            if let Some(keys) = self.read(init) {
                self.locals.push((b.id.sym.to_string(), b.id.span));
                return keys.into_iter().for_each(|k| k.visit_with(self));
            }
        }
        d.visit_children_with(self);
    }
    fn visit_unary_expr(&mut self, u: &UnaryExpr) {
        if matches!(u.op, UnaryOp::Bang | UnaryOp::TypeOf) && self.tested(&u.arg) {
            return;
        }
        u.visit_children_with(self);
    }
    fn visit_ident(&mut self, id: &Ident) {
        if &*id.sym == self.table {
            self.bad = true;
        }
    }
    fn visit_binding_ident(&mut self, b: &BindingIdent) {
        if &*b.id.sym == self.table {
            self.bad = true;
        }
    }
    fn visit_export_named_specifier(&mut self, s: &ExportNamedSpecifier) {
        if matches!(&s.orig, ModuleExportName::Ident(id) if &*id.sym == self.table) {
            self.bad = true;
        }
    }
}

/// The uses of one local bound from a dispatch table's read: each a call
/// (its arguments kept) or a test; anything else is `bad`.
struct LocalCalls<'s, 'a> {
    spans: &'s [swc_common::Span],
    calls: Vec<&'a [ExprOrSpread]>,
    bad: bool,
}

impl LocalCalls<'_, '_> {
    fn is_local(&self, e: &Expr) -> bool {
        matches!(strip_parens(e), Expr::Ident(id) if self.spans.contains(&id.span))
    }
}

impl Visit for LocalCalls<'_, '_> {
    fn visit_call_expr(&mut self, call: &CallExpr) {
        if matches!(&call.callee, Callee::Expr(c) if self.is_local(c)) {
            self.calls.push(pin(&call.args[..]));
            return call.args.visit_with(self);
        }
        call.visit_children_with(self);
    }
    fn visit_opt_call(&mut self, call: &OptCall) {
        if self.is_local(&call.callee) {
            self.calls.push(pin(&call.args[..]));
            return call.args.visit_with(self);
        }
        call.visit_children_with(self);
    }
    fn visit_unary_expr(&mut self, u: &UnaryExpr) {
        if matches!(u.op, UnaryOp::Bang | UnaryOp::TypeOf) && self.is_local(&u.arg) {
            return;
        }
        u.visit_children_with(self);
    }
    fn visit_bin_expr(&mut self, b: &BinExpr) {
        let compare = matches!(b.op, BinaryOp::EqEq | BinaryOp::NotEq | BinaryOp::EqEqEq | BinaryOp::NotEqEq);
        match (compare && self.is_local(&b.left), compare && self.is_local(&b.right)) {
            (true, _) => b.right.visit_with(self),
            (_, true) => b.left.visit_with(self),
            _ => b.visit_children_with(self),
        }
    }
    fn visit_if_stmt(&mut self, s: &IfStmt) {
        if !self.is_local(&s.test) {
            s.test.visit_with(self);
        }
        s.cons.visit_with(self);
        s.alt.visit_with(self);
    }
    fn visit_var_declarator(&mut self, d: &VarDeclarator) {
        // The binding itself (its init is the table's read).
        if matches!(&d.name, Pat::Ident(b) if self.spans.contains(&b.id.span)) {
            return;
        }
        d.visit_children_with(self);
    }
    fn visit_ident(&mut self, id: &Ident) {
        if self.spans.contains(&id.span) {
            self.bad = true;
        }
    }
    fn visit_binding_ident(&mut self, b: &BindingIdent) {
        if self.spans.contains(&b.id.span) {
            self.bad = true;
        }
    }
}
