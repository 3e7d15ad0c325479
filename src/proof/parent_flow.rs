//! What a spawn path's function gives its child of what the parent holds,
//! followed as data: the parent's value through aliases, containers,
//! destructuring, helpers' results, callbacks and loops, to any place the
//! child receives it (a write into it, a call of its methods, a call that is
//! handed both). What the parent was told, steers included, would reach the
//! child there without passing the drain.
//!
//! The parent is an expression the function reads the execution's own
//! members of (`sessionServices`, the depth, the cursor, …), under any name
//! bound to it. What a construction passes on from it (`PARENT_CONFIG`) and
//! a count (`.length`, arithmetic, a comparison) carry no message.
//!
//! Locals are keyed by the binding they refer to, not their spelling: a
//! minifier reuses one letter for a parameter and a loop's own variable.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::pattern::{member_name, strip_parens};
use crate::anchors::resolve::FnInfo;
use crate::read::parse::range;
use crate::read::scope::FnNode;

/// Members only an execution has: a chain read through one of them is the parent.
const EXECUTION_ONLY: &[&str] =
    &["sessionServices", "subExecutionDepth", "steeringReaderIndex", "abortController", "executionId"];

/// What an execution's config names the parent by carries steering nowhere:
/// the fields a construction passes on, and the parent's name and depth.
const PARENT_CONFIG: &[&str] = &[
    "sessionServices",
    "promptContext",
    "abortController",
    "signal",
    "subExecutionDepth",
    "agentName",
    "executionId",
    "skipHooks",
];

/// The first place in `f` where the child built at `site` (named `child`,
/// with its aliases) is given something its parent holds: its config
/// included (`history: () => parent.prompts`).
/// Whether the function a call runs, handed the child as its argument at that
/// place, is read and gives it nothing (the judge's).
pub type ReadsCall<'h> = &'h dyn Fn(&Expr, usize) -> bool;

/// `reads_call(callee, i)`: whether the function a call runs, handed the child as
/// its argument `i`, is read and gives it nothing (the judge reads the bundle).
pub fn given_from_parent(
    f: &FnInfo,
    site: &Range<usize>,
    child: &[String],
    reads_call: Option<ReadsCall>,
) -> Option<(Range<usize>, String)> {
    let bindings = crate::read::scope::bindings_in(f.node);
    let mut flow = Flow { child, bindings, ..Flow::default() };
    let mut aliases = Aliases(&mut flow);
    visit_all(f, &mut aliases);
    let mut evidence = Evidence(&mut flow);
    visit_all(f, &mut evidence);
    if flow.parents.is_empty() {
        return None;
    }
    // Tainted locals grow to a fixed point, then the sinks are read.
    for _ in 0..6 {
        let before = flow.tainted.len();
        visit_all(f, &mut Spread(&mut flow));
        if flow.tainted.len() == before {
            break;
        }
    }
    let mut sinks = Sinks { flow: &flow, site, found: None, reads_call };
    visit_all(f, &mut sinks);
    sinks.found
}

fn visit_all<V: Visit>(f: &FnInfo, v: &mut V) {
    match f.node {
        FnNode::Function(func) => func.visit_with(v),
        FnNode::Arrow(a) => a.visit_with(v),
        FnNode::Constructor(c) => c.visit_with(v),
    }
}

#[derive(Default)]
struct Flow<'c> {
    child: &'c [String],
    /// The binding each identifier refers to (see `read::scope::bindings_in`).
    bindings: HashMap<swc_common::BytePos, Option<usize>>,
    /// A local bound to a chain (`const parent = state.execution`,
    /// `const { execution } = state`): the chains it may stand for.
    aliases: BTreeMap<String, BTreeSet<String>>,
    /// The parent's chains, each spelled from the function's own roots.
    parents: BTreeSet<String>,
    /// Locals holding something of the parent's.
    tainted: BTreeSet<String>,
}

impl Flow<'_> {
    /// A local as a key: its name and the scope that binds it.
    fn ident_key(&self, id: &Ident) -> String {
        match self.bindings.get(&id.span.lo) {
            Some(Some(scope)) => format!("{}#{scope}", id.sym),
            _ => format!("{}#", id.sym),
        }
    }
    fn name_key(&self, name: &str, at: swc_common::Span) -> String {
        self.ident_key(&Ident::new_no_ctxt(name.into(), at))
    }
    /// A name or a chain of static members (`state.execution`), as a key.
    fn chain_key(&self, e: &Expr) -> Option<String> {
        match strip_parens(e) {
            Expr::Ident(id) => Some(self.ident_key(id)),
            Expr::Member(m) => self.member_key(m),
            Expr::This(_) => Some("this".into()),
            _ => None,
        }
    }
    fn member_key(&self, m: &MemberExpr) -> Option<String> {
        Some(format!("{}.{}", self.chain_key(&m.obj)?, member_name(&m.prop)?))
    }
    /// Every spelling of `key` with its root local replaced by what it aliases.
    fn spellings(&self, key: &str) -> BTreeSet<String> {
        let mut out = BTreeSet::from([key.to_string()]);
        for _ in 0..4 {
            let mut more = BTreeSet::new();
            for k in &out {
                let (root, rest) = k.split_once('.').map_or((k.as_str(), ""), |(r, rest)| (r, rest));
                for to in self.aliases.get(root).into_iter().flatten() {
                    more.insert(if rest.is_empty() { to.clone() } else { format!("{to}.{rest}") });
                }
            }
            if more.is_subset(&out) {
                break;
            }
            out.extend(more);
        }
        out
    }
    fn is_parent(&self, key: &str) -> bool {
        self.spellings(key).iter().any(|k| self.parents.contains(k))
    }
    /// A chain that holds the parent inside it (`state` of `state.execution`).
    fn holds_parent(&self, key: &str) -> bool {
        self.spellings(key)
            .iter()
            .any(|k| self.parents.iter().any(|p| p.len() > k.len() && p.starts_with(&format!("{k}."))))
    }
    fn is_child(&self, key: &str) -> bool {
        let root = key.split('.').next().unwrap_or(key);
        self.is_child_name(root)
    }
    /// A key's local is the child's name (or one of its aliases).
    fn is_child_name(&self, key: &str) -> bool {
        let name = key.split('#').next().unwrap_or(key);
        self.child.iter().any(|c| c == name)
    }
    /// Whether `e`'s value may carry something the parent holds.
    fn taints(&self, e: &Expr) -> bool {
        let mut t = Taints(self, false);
        e.visit_with(&mut t);
        t.1
    }
    /// `e` is the child or a member of it, by any key.
    fn on_child(&self, e: &Expr) -> bool {
        let mut e = strip_parens(e);
        while let Expr::Member(m) = e {
            e = strip_parens(&m.obj);
        }
        matches!(e, Expr::Ident(id) if self.child.iter().any(|c| *c == *id.sym))
    }
}

/// Binds `pat` to `key`: a name to the chain, a destructured key to its member.
fn bind(flow: &mut Flow, pat: &Pat, key: &str) {
    match pat {
        Pat::Ident(id) => {
            let local = flow.ident_key(&id.id);
            flow.aliases.entry(local).or_default().insert(key.to_string());
        }
        Pat::Object(o) => {
            for p in &o.props {
                match p {
                    ObjectPatProp::KeyValue(kv) => {
                        if let Some(k) = crate::anchors::pattern::prop_name(&kv.key) {
                            bind(flow, &kv.value, &format!("{key}.{k}"));
                        }
                    }
                    ObjectPatProp::Assign(a) => {
                        let local = flow.ident_key(&a.key.id);
                        flow.aliases.entry(local).or_default().insert(format!("{key}.{}", a.key.sym));
                    }
                    ObjectPatProp::Rest(_) => {}
                }
            }
        }
        Pat::Assign(a) => bind(flow, &a.left, key),
        _ => {}
    }
}

struct Aliases<'f, 'c>(&'f mut Flow<'c>);
impl Visit for Aliases<'_, '_> {
    fn visit_var_declarator(&mut self, d: &VarDeclarator) {
        if let Some(key) = d.init.as_deref().and_then(|i| self.0.chain_key(i)) {
            bind(self.0, &d.name, &key);
        }
        d.visit_children_with(self);
    }
    fn visit_assign_expr(&mut self, a: &AssignExpr) {
        if let (AssignTarget::Simple(SimpleAssignTarget::Ident(id)), Some(key)) = (&a.left, self.0.chain_key(&a.right))
        {
            let local = self.0.ident_key(&id.id);
            self.0.aliases.entry(local).or_default().insert(key);
        }
        a.visit_children_with(self);
    }
}

/// The parent: every chain the function reads an execution's own member of.
struct Evidence<'f, 'c>(&'f mut Flow<'c>);
impl Visit for Evidence<'_, '_> {
    fn visit_member_expr(&mut self, m: &MemberExpr) {
        if member_name(&m.prop).is_some_and(|p| EXECUTION_ONLY.contains(&p)) {
            if let Some(key) = self.0.chain_key(&m.obj).filter(|k| !self.0.is_child(k)) {
                let spellings = self.0.spellings(&key);
                self.0.parents.extend(spellings);
            }
        }
        m.visit_children_with(self);
    }
}

/// Whether an expression's value may carry what the parent holds.
struct Taints<'f, 'c>(&'f Flow<'c>, bool);
impl Visit for Taints<'_, '_> {
    fn visit_member_expr(&mut self, m: &MemberExpr) {
        let flow = self.0;
        if let Some(key) = flow.member_key(m) {
            if flow.is_parent(&key) || flow.holds_parent(&key) {
                self.1 = true;
                return;
            }
        }
        let prop = member_name(&m.prop);
        if let Some(obj) = flow.chain_key(&m.obj) {
            if flow.is_parent(&obj) {
                // What a construction passes on, or a count of it.
                if !prop.is_some_and(|p| PARENT_CONFIG.contains(&p) || p == "length") {
                    self.1 = true;
                }
                return;
            }
            // Another member of what holds the parent (`state.args`), read by name.
            if flow.holds_parent(&obj) && prop.is_some() {
                return;
            }
        }
        if prop == Some("length") {
            return;
        }
        m.visit_children_with(self);
    }
    fn visit_ident(&mut self, id: &Ident) {
        let key = self.0.ident_key(id);
        if self.0.tainted.contains(&key) || self.0.is_parent(&key) || self.0.holds_parent(&key) {
            self.1 = true;
        }
    }
    fn visit_this_expr(&mut self, _: &ThisExpr) {
        if self.0.is_parent("this") || self.0.holds_parent("this") {
            self.1 = true;
        }
    }
    // Counts and truth values carry no message.
    fn visit_bin_expr(&mut self, b: &BinExpr) {
        use BinaryOp::*;
        if matches!(b.op, Add | LogicalOr | LogicalAnd | NullishCoalescing) {
            b.visit_children_with(self);
        }
    }
    fn visit_unary_expr(&mut self, _: &UnaryExpr) {}
    fn visit_update_expr(&mut self, _: &UpdateExpr) {}
    // Keys name members; they are not values given.
    fn visit_prop_name(&mut self, p: &PropName) {
        if let PropName::Computed(c) = p {
            c.visit_with(self);
        }
    }
}

/// Locals given something of the parent's: declared, assigned, iterated,
/// or a callback's parameters where the call is given the parent's data.
struct Spread<'f, 'c>(&'f mut Flow<'c>);
impl Spread<'_, '_> {
    fn taint_pat(&mut self, pat: &Pat) {
        for (name, at) in crate::read::writes::pattern_bindings(pat) {
            let key = self.0.name_key(&name, at);
            if !self.0.is_child_name(&key) {
                self.0.tainted.insert(key);
            }
        }
    }
    fn taint_callbacks(&mut self, callee_taints: bool, args: &[ExprOrSpread]) {
        let data = callee_taints || args.iter().any(|a| !is_function(&a.expr) && self.0.taints(&a.expr));
        if !data {
            return;
        }
        for a in args {
            match strip_parens(&a.expr) {
                Expr::Arrow(f) => f.params.iter().for_each(|p| self.taint_pat(p)),
                Expr::Fn(f) => f.function.params.iter().for_each(|p| self.taint_pat(&p.pat)),
                _ => {}
            }
        }
    }
}
impl Visit for Spread<'_, '_> {
    fn visit_var_declarator(&mut self, d: &VarDeclarator) {
        if d.init.as_deref().is_some_and(|i| self.0.taints(i)) {
            self.taint_pat(&d.name);
        }
        d.visit_children_with(self);
    }
    fn visit_assign_expr(&mut self, a: &AssignExpr) {
        if self.0.taints(&a.right) {
            let mut found = Vec::new();
            crate::read::writes::of_assign(a, &mut found);
            for w in found {
                if let crate::read::writes::Target::Name(n, at) = w.target {
                    let key = self.0.name_key(&n, at);
                    if !self.0.is_child_name(&key) {
                        self.0.tainted.insert(key);
                    }
                }
            }
        }
        a.visit_children_with(self);
    }
    fn visit_for_of_stmt(&mut self, node: &ForOfStmt) {
        self.for_head(&node.left, &node.right);
        node.visit_children_with(self);
    }
    fn visit_for_in_stmt(&mut self, node: &ForInStmt) {
        self.for_head(&node.left, &node.right);
        node.visit_children_with(self);
    }
    fn visit_call_expr(&mut self, call: &CallExpr) {
        let callee_taints = matches!(&call.callee, Callee::Expr(c) if self.0.taints(c));
        self.taint_callbacks(callee_taints, &call.args);
        call.visit_children_with(self);
    }
}
impl Spread<'_, '_> {
    fn for_head(&mut self, left: &ForHead, right: &Expr) {
        if !self.0.taints(right) {
            return;
        }
        match left {
            ForHead::VarDecl(v) => v.decls.iter().for_each(|d| self.taint_pat(&d.name)),
            ForHead::Pat(p) => self.taint_pat(p),
            ForHead::UsingDecl(u) => u.decls.iter().for_each(|d| self.taint_pat(&d.name)),
        }
    }
}

fn is_function(e: &Expr) -> bool {
    matches!(strip_parens(e), Expr::Arrow(_) | Expr::Fn(_))
}

/// Where the child receives what the parent holds.
struct Sinks<'f, 'c> {
    flow: &'f Flow<'c>,
    site: &'f Range<usize>,
    found: Option<(Range<usize>, String)>,
    reads_call: Option<ReadsCall<'f>>,
}
impl Sinks<'_, '_> {
    fn call(&mut self, at: Range<usize>, callee: Option<&Expr>, args: &[ExprOrSpread]) {
        let flow = self.flow;
        let on_child = callee.is_some_and(|c| match strip_parens(c) {
            Expr::Member(m) => flow.on_child(&m.obj),
            _ => false,
        });
        let handed_child = args.iter().position(|a| a.spread.is_none() && flow.on_child(&a.expr));
        let given = callee.is_some_and(|c| !on_child && flow.taints(c)) || args.iter().any(|a| flow.taints(&a.expr));
        // `this.acknowledgeHandledSteering(parent, child)`: a function the bundle defines,
        // read and found to give the child nothing, gives it nothing of its parent's.
        let read = match (self.reads_call, callee, handed_child) {
            (Some(reads), Some(c), Some(i)) if !on_child && !flow.taints(c) => reads(c, i),
            _ => false,
        };
        if (on_child || handed_child.is_some()) && given && !read && self.found.is_none() {
            self.found = Some((at, "is given what its parent holds".into()));
        }
    }
}
impl Visit for Sinks<'_, '_> {
    fn visit_assign_expr(&mut self, a: &AssignExpr) {
        let mut found = Vec::new();
        crate::read::writes::of_assign(a, &mut found);
        let into_child = found
            .iter()
            .any(|w| matches!(&w.target, crate::read::writes::Target::Member(m) if self.flow.on_child(&m.obj)));
        if into_child && self.flow.taints(&a.right) && self.found.is_none() {
            self.found = Some((range(a), "is given what its parent holds".into()));
        }
        a.visit_children_with(self);
    }
    fn visit_call_expr(&mut self, call: &CallExpr) {
        let callee = match &call.callee {
            Callee::Expr(c) => Some(&**c),
            _ => None,
        };
        self.call(range(call), callee, &call.args);
        call.visit_children_with(self);
    }
    fn visit_opt_call(&mut self, call: &OptCall) {
        self.call(range(call), Some(&call.callee), &call.args);
        call.visit_children_with(self);
    }
    fn visit_new_expr(&mut self, node: &NewExpr) {
        // The config: a closure or a member of the parent's beyond what a
        // construction passes on. What a helper builds it from is followed
        // by the config rules, not here.
        if range(node) == *self.site && self.found.is_none() {
            let values = node.args.iter().flatten().filter_map(|a| match strip_parens(&a.expr) {
                Expr::Object(o) => Some(o),
                _ => None,
            });
            let given = values.flat_map(|o| &o.props).find_map(|p| match p {
                PropOrSpread::Prop(p) => match &**p {
                    Prop::KeyValue(kv)
                        if matches!(
                            strip_parens(&kv.value),
                            Expr::Arrow(_) | Expr::Fn(_) | Expr::Member(_) | Expr::Ident(_)
                        ) && self.flow.taints(&kv.value) =>
                    {
                        Some(range(&*kv.value))
                    }
                    _ => None,
                },
                PropOrSpread::Spread(_) => None,
            });
            if let Some(at) = given {
                self.found = Some((at, "is given what its parent holds in its config".into()));
            }
        }
        node.visit_children_with(self);
    }
}
