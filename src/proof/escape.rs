//! The closed world's rules about steering that could reach an execution
//! without passing the drain, and about children kept before they start:
//!
//! - delivery happens only in the drain: every call of the execution's own
//!   delivery methods (those that add to the queue the drain fills), and every
//!   addition to that queue, outside the drain and the execution class opens
//!   the world; so does a constructor that fills the queue from its config;
//! - construction is start: a seed at `new` holds only when the child is
//!   handed to its run without being kept (a field, a map, a list, a closure)
//!   in between, else steers typed meanwhile are replayed into it.

use std::collections::BTreeSet;
use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::pattern::{member_name, prop_name, strip_parens};
use crate::anchors::resolve::{within, ClassInfo, FnInfo, Index, Mention};
use crate::read::parse::range;
use crate::read::scope::FnNode;

/// Array methods that add to the array they are called on.
const ADDS: &[&str] = &["push", "unshift", "splice", "fill", "copyWithin"];
/// The argument place of a child handed after a spread (`f(...xs, child)`): not countable.
pub const AFTER_SPREAD: usize = usize::MAX;

/// The place among a call's parameters of its argument `i`: `AFTER_SPREAD`
/// where a spread comes before it.
pub fn argument_place(args: &[ExprOrSpread], i: usize) -> usize {
    if args[..i].iter().any(|a| a.spread.is_some()) {
        AFTER_SPREAD
    } else {
        i
    }
}

/// Methods that keep their argument in a container for later.
const KEEPS: &[&str] = &["set", "push", "unshift", "add", "splice", "concat", "fill"];

/// A place the rules leave open, and why.
pub struct Open {
    pub at: Range<usize>,
    pub why: String,
}

/// The execution's methods that add to its queue (`this.<queue>.push(x)`,
/// `this.<queue> = [...]`), and those that call them on `this`, transitively.
pub fn delivery_methods(exec: &ClassInfo, queue: &str) -> BTreeSet<String> {
    let methods: Vec<(String, &Function)> = exec
        .class
        .body
        .iter()
        .filter_map(|m| match m {
            ClassMember::Method(m) if !m.is_static && m.kind == MethodKind::Method => {
                prop_name(&m.key).map(|k| (k.to_string(), &*m.function))
            }
            _ => None,
        })
        .collect();
    let mut out: BTreeSet<String> = methods
        .iter()
        .filter(|(_, f)| !additions(*f, &Target::This, queue).is_empty())
        .map(|(n, _)| n.clone())
        .collect();
    loop {
        let more: Vec<String> = methods
            .iter()
            .filter(|(n, f)| !out.contains(n) && this_calls(f).iter().any(|c| out.iter().any(|d| c.may_be(d))))
            .map(|(n, _)| n.clone())
            .collect();
        if more.is_empty() {
            return out;
        }
        out.extend(more);
    }
}

enum Target {
    /// `this.<queue>` only.
    This,
    /// `<anything>.<queue>`.
    Any,
}

/// Where `node` adds to `<target>.<queue>`: an adding method called on it, or
/// a value other than an empty array assigned to it.
fn additions<N: VisitWith<Adds>>(node: &N, target: &Target, queue: &str) -> Vec<Range<usize>> {
    let mut adds = Adds { queue: queue.to_string(), this_only: matches!(target, Target::This), found: Vec::new() };
    node.visit_with(&mut adds);
    adds.found
}

pub struct Adds {
    queue: String,
    this_only: bool,
    found: Vec<Range<usize>>,
}

impl Adds {
    fn is_queue(&self, e: &Expr) -> bool {
        let e = crate::anchors::pattern::opt_member_as_member(e);
        matches!(&e, Expr::Member(m)
            if member_name(&m.prop) == Some(self.queue.as_str())
                && (!self.this_only || matches!(strip_parens(&m.obj), Expr::This(_))))
    }
}

impl Visit for Adds {
    fn visit_opt_call(&mut self, call: &OptCall) {
        self.visit_call_expr(&crate::anchors::pattern::opt_call_as_call(call));
    }

    fn visit_call_expr(&mut self, call: &CallExpr) {
        if let Callee::Expr(c) = &call.callee {
            if let Expr::Member(m) = strip_parens(c) {
                // `splice(0)` and `splice(i, n)` take out; only more arguments put in.
                let adds = match member_name(&m.prop) {
                    Some("splice") => call.args.len() > 2,
                    Some(p) => ADDS.contains(&p),
                    None => false,
                };
                if adds && self.is_queue(&m.obj) {
                    self.found.push(range(call));
                }
            }
        }
        call.visit_children_with(self);
    }

    fn visit_assign_expr(&mut self, a: &AssignExpr) {
        if let AssignTarget::Simple(SimpleAssignTarget::Member(m)) = &a.left {
            let empty = matches!(strip_parens(&a.right), Expr::Array(arr) if arr.elems.is_empty());
            if self.is_queue(&Expr::Member(m.clone())) && !empty {
                self.found.push(range(a));
            }
        }
        a.visit_children_with(self);
    }
}

/// Where the queue itself is taken as a value (`const inbox = x.<queue>`,
/// `const { <queue>: inbox } = x`, `f(x.<queue>)`), not only read through
/// (`x.<queue>.length`, `x.<queue>[0]`), so that an addition under another
/// name is not missed.
fn queue_taken(program: &Program, queue: &str) -> Vec<Range<usize>> {
    struct Taken<'q> {
        queue: &'q str,
        /// Members read through: the queue object of `x.<queue>.length`.
        through: Vec<Range<usize>>,
        found: Vec<Range<usize>>,
    }
    impl Visit for Taken<'_> {
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            if let Expr::Member(inner) = strip_parens(&m.obj) {
                if member_name(&inner.prop) == Some(self.queue) {
                    self.through.push(range(inner));
                }
            }
            if member_name(&m.prop) == Some(self.queue) && !self.through.contains(&range(m)) {
                self.found.push(range(m));
            }
            m.visit_children_with(self);
        }
        fn visit_object_pat(&mut self, o: &ObjectPat) {
            for p in &o.props {
                let key = match p {
                    ObjectPatProp::KeyValue(kv) => prop_name(&kv.key),
                    ObjectPatProp::Assign(a) => Some(&*a.key.id.sym),
                    ObjectPatProp::Rest(_) => None,
                };
                if key == Some(self.queue) {
                    self.found.push(range(p));
                }
            }
            o.visit_children_with(self);
        }
    }
    let mut taken = Taken { queue, through: Vec::new(), found: Vec::new() };
    program.visit_with(&mut taken);
    taken.found
}

/// A method name a call on `this` may reach: spelled, or computed.
#[derive(Clone)]
enum Called {
    Named(String),
    /// A template key (`this[`enqueue${kind}Message`]`): its fixed parts in order.
    Shaped(Vec<String>),
    /// A key the tool cannot evaluate: any method.
    Any,
}

impl Called {
    fn may_be(&self, name: &str) -> bool {
        match self {
            Called::Named(n) => n == name,
            Called::Any => true,
            Called::Shaped(parts) if parts.len() < 2 => parts.first().is_some_and(|p| p == name),
            Called::Shaped(parts) => {
                let (first, last) = (parts.first().map_or("", String::as_str), parts.last().map_or("", String::as_str));
                let mut rest = match name.strip_prefix(first) {
                    Some(rest) => rest,
                    None => return false,
                };
                for part in &parts[1..parts.len().saturating_sub(1).max(1)] {
                    match rest.find(part.as_str()) {
                        Some(at) => rest = &rest[at + part.len()..],
                        None => return false,
                    }
                }
                rest.ends_with(last)
            }
        }
    }
}

#[cfg(test)]
#[test]
fn a_computed_call_on_this_may_be_every_method_its_key_can_spell() {
    let shaped = |p: &[&str]| Called::Shaped(p.iter().map(|s| s.to_string()).collect());
    assert!(shaped(&["enqueue", "Message"]).may_be("enqueueUserMessage"));
    assert!(!shaped(&["enqueue", "Message"]).may_be("enqueueUser"));
    assert!(shaped(&["a", "b", "c"]).may_be("axbyc") && !shaped(&["a", "b", "c"]).may_be("axcyb"));
    assert!(shaped(&["queueSteering"]).may_be("queueSteering") && !shaped(&["queue"]).may_be("queueSteering"));
    assert!(Called::Any.may_be("anything") && !Called::Named("a".into()).may_be("b"));
}

/// The string values of every object literal given to a name anywhere in the
/// program (`const DELIVERY = { user: "enqueueSteering" }`, or assigned so by
/// a lazy initialiser): what a lookup `DELIVERY[kind]` may give. Only string
/// literals count: a table of names is one that spells them (a value held in
/// a variable is not followed; see docs/PROOF.md).
type Tables = std::collections::HashMap<String, Vec<Called>>;

fn string_tables(program: &Program) -> Tables {
    struct Find(Tables);
    impl Find {
        fn add(&mut self, name: &str, value: &Expr) {
            let Expr::Object(o) = strip_parens(value) else { return };
            let values = o.props.iter().filter_map(|p| match p {
                PropOrSpread::Prop(p) => match &**p {
                    Prop::KeyValue(kv) => match strip_parens(&kv.value) {
                        Expr::Lit(Lit::Str(s)) => Some(Called::Named(s.value.to_string_lossy().into_owned())),
                        _ => None,
                    },
                    _ => None,
                },
                PropOrSpread::Spread(_) => None,
            });
            self.0.entry(name.to_string()).or_default().extend(values);
        }
    }
    impl Visit for Find {
        fn visit_var_declarator(&mut self, d: &VarDeclarator) {
            if let (Pat::Ident(id), Some(init)) = (&d.name, &d.init) {
                self.add(&id.id.sym, init);
            }
            d.visit_children_with(self);
        }
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            if let AssignTarget::Simple(SimpleAssignTarget::Ident(id)) = &a.left {
                self.add(&id.id.sym, &a.right);
            }
            a.visit_children_with(self);
        }
    }
    let mut find = Find(Tables::new());
    program.visit_with(&mut find);
    find.0
}

/// What a computed key may evaluate to: a string, a template's fixed parts, a
/// table's values, either branch of a conditional. Empty where the tool
/// cannot tell (a parameter, a call): such a call is judged where its
/// receiver is known to be an execution (the child, `this` in its class).
fn computed_keys(key: &Expr, tables: &Tables) -> Vec<Called> {
    match strip_parens(key) {
        Expr::Lit(Lit::Str(s)) => vec![Called::Named(s.value.to_string_lossy().into_owned())],
        Expr::Tpl(t) => vec![Called::Shaped(
            t.quasis
                .iter()
                .map(|q| q.cooked.as_ref().map_or(String::new(), |c| c.to_string_lossy().into_owned()))
                .collect(),
        )],
        Expr::Member(m) => match strip_parens(&m.obj) {
            Expr::Ident(t) => tables.get(&*t.sym).map(|v| v.iter().map(Called::clone).collect()).unwrap_or_default(),
            _ => Vec::new(),
        },
        Expr::Cond(c) => [computed_keys(&c.cons, tables), computed_keys(&c.alt, tables)].concat(),
        Expr::Bin(b) if matches!(b.op, BinaryOp::LogicalOr | BinaryOp::NullishCoalescing | BinaryOp::LogicalAnd) => {
            [computed_keys(&b.left, tables), computed_keys(&b.right, tables)].concat()
        }
        _ => Vec::new(),
    }
}

/// The methods a function calls on `this`.
fn this_calls(f: &Function) -> Vec<Called> {
    struct Calls(Vec<Called>);
    impl Visit for Calls {
        fn visit_call_expr(&mut self, call: &CallExpr) {
            if let Callee::Expr(c) = &call.callee {
                if let Expr::Member(m) = strip_parens(c) {
                    if matches!(strip_parens(&m.obj), Expr::This(_)) {
                        let called = match (&m.prop, member_name(&m.prop)) {
                            (_, Some(n)) => Called::Named(n.to_string()),
                            (MemberProp::Computed(k), None) => match strip_parens(&k.expr) {
                                Expr::Tpl(t) => Called::Shaped(
                                    t.quasis
                                        .iter()
                                        .map(|q| {
                                            q.cooked
                                                .as_ref()
                                                .map_or(String::new(), |c| c.to_string_lossy().into_owned())
                                        })
                                        .collect(),
                                ),
                                _ => Called::Any,
                            },
                            (_, None) => Called::Any,
                        };
                        self.0.push(called);
                    }
                }
            }
            call.visit_children_with(self);
        }
    }
    let mut calls = Calls(Vec::new());
    f.visit_with(&mut calls);
    calls.0
}

/// Every use of a delivery method and every addition to the queue outside
/// the drain (`drains`, its callees included) and the execution class.
/// Also returns the deliveries and additions inside the drain and the
/// execution class, which the proof must have run.
pub fn deliveries_outside(
    index: &Index,
    program: &Program,
    exec: &ClassInfo,
    queue: &str,
    delivery: &BTreeSet<String>,
    drains: &[Range<usize>],
) -> (Vec<Open>, Vec<Range<usize>>) {
    for name in delivery.iter().map(String::as_str).chain([queue]).filter(|n| !n.is_empty()) {
        index.lookups.mention(name, Mention::Name);
    }
    let mut open = Vec::new();
    let outside = |at: &Range<usize>| !within(at, &exec.range) && !drains.iter().any(|d| within(at, d));
    struct Uses<'d> {
        delivery: &'d BTreeSet<String>,
        program: &'d Program,
        /// Built once, at the first computed call.
        tables: std::cell::OnceCell<Tables>,
        found: Vec<(Range<usize>, String, bool)>,
    }
    impl Visit for Uses<'_> {
        fn visit_opt_call(&mut self, call: &OptCall) {
            self.visit_call_expr(&crate::anchors::pattern::opt_call_as_call(call));
        }
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            if let Some(name) = member_name(&m.prop).filter(|n| self.delivery.contains(*n)) {
                self.found.push((range(m), name.to_string(), false));
            }
            m.visit_children_with(self);
        }
        fn visit_call_expr(&mut self, call: &CallExpr) {
            if let Callee::Expr(c) = &call.callee {
                if let Expr::Member(m) = strip_parens(c) {
                    if let Some(name) = member_name(&m.prop).filter(|n| self.delivery.contains(*n)) {
                        self.found.push((range(call), name.to_string(), true));
                        m.obj.visit_with(self);
                        call.args.visit_with(self);
                        return;
                    }
                    // `x[TABLE[kind]](…)`, `x[`enqueue${k}`](…)`: a key that can spell a delivery method.
                    if let (MemberProp::Computed(k), None) = (&m.prop, member_name(&m.prop)) {
                        let keys = computed_keys(&k.expr, self.tables.get_or_init(|| string_tables(self.program)));
                        if let Some(name) = self.delivery.iter().find(|d| keys.iter().any(|c| c.may_be(d))) {
                            self.found.push((range(call), name.clone(), true));
                        }
                    }
                }
            }
            call.visit_children_with(self);
        }
    }
    let mut uses = Uses { delivery, program, tables: std::cell::OnceCell::new(), found: Vec::new() };
    program.visit_with(&mut uses);
    // A delivery in the drain or the execution class is the proof's own only where a case ran it.
    let mut in_drain: Vec<Range<usize>> =
        uses.found.iter().filter(|(at, _, called)| *called && !outside(at)).map(|(at, _, _)| at.clone()).collect();
    for (at, name, called) in uses.found.into_iter().filter(|(at, _, _)| outside(at)) {
        let why = if called {
            format!(
                "`{name}` queues steering into an execution here, outside the drain: \
                 a delivery the drain's fix does not see"
            )
        } else {
            format!(
                "the execution's delivery method `{name}` is taken as a value here: it may deliver outside the drain"
            )
        };
        open.push(Open { at, why });
    }
    if !queue.is_empty() {
        let (outside_adds, inside_adds): (Vec<_>, Vec<_>) =
            additions(program, &Target::Any, queue).into_iter().partition(|at| outside(at));
        in_drain.extend(inside_adds);
        for at in outside_adds {
            open.push(Open { at, why: format!("the execution's queue `{queue}` is added to here, outside the drain") });
        }
        let added: Vec<Range<usize>> = open.iter().map(|o| o.at.clone()).collect();
        for at in
            queue_taken(program, queue).into_iter().filter(|at| outside(at) && !added.iter().any(|a| within(at, a)))
        {
            open.push(Open {
                at,
                why: format!(
                    "the execution's queue `{queue}` is taken as a value here, outside the drain: it may be added \
                     to under another name"
                ),
            });
        }
        for member in &exec.class.body {
            if let ClassMember::Constructor(c) = member {
                for at in additions(c, &Target::This, queue) {
                    open.push(Open {
                        at,
                        why: format!(
                            "the constructor fills the execution's queue `{queue}`: a child may start with \
                             steering the drain never delivered"
                        ),
                    });
                }
            }
        }
    }
    (open, in_drain)
}

/// Where a child built at `site` in `f` is kept before it starts: assigned
/// to a member, put in a container, or captured by a closure (directly, under
/// another local name, or inside an object or array literal). Handed to a
/// call inside a literal (`run({ execution: child })`) is not kept.
/// `site` is the construction (or a helper's call that returns one).
pub fn kept_before_start(f: &FnInfo, site: &Range<usize>, child: Option<&str>) -> Option<(Range<usize>, String)> {
    kept(f, site, child, Holder { own_keys: &[], container: false }, None)
}

/// How the child's name holds it: its own members that hold it, and whether
/// the name is a container of it (every member of it may be the child).
struct Holder<'h> {
    own_keys: &'h [String],
    container: bool,
}

/// A function the child is handed on to: the one bound to `name`, or, where
/// `made`, the function that one returns (`makeRouter(targets)(state)`).
#[derive(Clone, Debug, PartialEq)]
pub struct HandedOn {
    pub name: String,
    pub made: bool,
    pub arg: usize,
    /// The child is inside that argument (`run(child.state ?? state)`), not
    /// the argument itself: only a function that calls the drain takes it.
    pub inside: bool,
    /// The child's own members that hold it (`child.state = { execution: child }`).
    pub own_keys: Vec<String>,
    /// Called as a method, `endOfTurn.route(state)`: every function the
    /// bundle binds to the key `name` may be the one called.
    pub by_key: bool,
    /// Its result is awaited or returned: where the bundle defines no
    /// function of the key, the call is taken for the run, as before.
    pub consumed: bool,
    /// Called on `this` (`this.run(child)`), at this call: the class `this`
    /// is there narrows which methods of the key may run.
    pub on_this: Option<Range<usize>>,
}

impl HandedOn {
    /// The child itself handed to a function by name, its result consumed.
    pub fn plain(name: String, arg: usize) -> HandedOn {
        HandedOn {
            name,
            made: false,
            arg,
            inside: false,
            own_keys: Vec::new(),
            by_key: false,
            consumed: true,
            on_this: None,
        }
    }
}

/// `kept_before_start` for a function the child is handed to as its
/// parameter `param`: Err where it keeps it; Ok, the functions it hands it
/// on to by name (and at which argument), which the caller follows in turn.
/// `on.inside`: the parameter holds the child somewhere inside (`state` of
/// `state.execution`), so every member read of it may be the child.
/// `read`: the fields of an execution the drain and the end-of-turn check read.
pub fn kept_by_callee(
    f: &FnInfo,
    param: &str,
    on: &HandedOn,
    read: &BTreeSet<String>,
) -> Result<Vec<HandedOn>, (Range<usize>, String)> {
    if let Some(found) = given_in_callee(f, param, on.inside, read) {
        return Err(found);
    }
    let mut follow: Vec<HandedOn> = Vec::new();
    let holder = Holder { own_keys: &on.own_keys, container: on.inside };
    match kept(f, &(f.range.end..f.range.end), Some(param), holder, Some(&mut follow)) {
        Some(found) => Err(found),
        None => Ok(follow),
    }
}

/// A value that can carry no message: a literal, a number or a flag made
/// of them or of the clock (`Date.now() - t0`), or a literal built of them.
fn carries_no_message(e: &Expr) -> bool {
    match strip_parens(e) {
        Expr::Lit(_) => true,
        Expr::Tpl(t) => t.exprs.is_empty(),
        Expr::Unary(u) => u.op == UnaryOp::TypeOf || carries_no_message(&u.arg),
        Expr::Update(_) => true,
        Expr::Bin(b) => {
            !matches!(b.op, BinaryOp::LogicalOr | BinaryOp::LogicalAnd | BinaryOp::NullishCoalescing)
                && carries_no_message(&b.left)
                && carries_no_message(&b.right)
        }
        Expr::Array(a) => a.elems.iter().flatten().all(|x| x.spread.is_none() && carries_no_message(&x.expr)),
        Expr::Object(o) => o.props.iter().all(|p| match p {
            PropOrSpread::Prop(p) => matches!(&**p, Prop::KeyValue(kv) if carries_no_message(&kv.value)),
            PropOrSpread::Spread(_) => false,
        }),
        Expr::Ident(id) => &*id.sym == "undefined",
        // `Date.now()`, `performance.now()`, `Math.max(…)` of such values.
        Expr::Call(CallExpr { callee: Callee::Expr(c), args, .. }) => {
            matches!(strip_parens(c), Expr::Member(m) if matches!(strip_parens(&m.obj),
                Expr::Ident(g) if matches!(&*g.sym, "Date" | "performance" | "Math")))
                && args.iter().all(|a| a.spread.is_none() && carries_no_message(&a.expr))
        }
        Expr::New(n) => {
            matches!(strip_parens(&n.callee), Expr::Ident(g) if &*g.sym == "Date")
                && n.args.iter().flatten().all(|a| a.spread.is_none() && carries_no_message(&a.expr))
        }
        _ => false,
    }
}

/// What a function the child is handed to puts into it (see `given_in_callee`).
struct Given<'r> {
    read: &'r BTreeSet<String>,
    /// The child, locals bound to it or to a chain of its members, and
    /// how far below the child each one is (-1: a container of it).
    roots: Vec<(String, i32)>,
    found: Option<(Range<usize>, String)>,
}
impl Given<'_> {
    /// How many members below the child `e` is (0: the child itself).
    fn reach(&self, e: &Expr) -> Option<i32> {
        match strip_parens(e) {
            Expr::Ident(id) => self.roots.iter().find(|(r, _)| *r == *id.sym).map(|(_, d)| *d),
            Expr::Member(m) => self.reach(&m.obj).map(|d| d + 1),
            Expr::OptChain(o) => match &*o.base {
                OptChainBase::Member(m) => self.reach(&m.obj).map(|d| d + 1),
                OptChainBase::Call(_) => None,
            },
            _ => None,
        }
    }
    fn within(&self, e: &Expr, below: i32) -> bool {
        self.reach(e).is_some_and(|d| d >= below)
    }
    fn found(&mut self, at: Range<usize>, what: &str) {
        if self.found.is_none() {
            self.found = Some((
                at,
                format!("{what} before its run, in code the proof does not run, so steers can reach it there"),
            ));
        }
    }
}
impl Visit for Given<'_> {
    fn visit_var_declarator(&mut self, d: &VarDeclarator) {
        if let Some(r) = d.init.as_deref().and_then(|i| self.reach(i)) {
            let mut names = Vec::new();
            crate::read::writes::pattern_names(&d.name, &mut names);
            // `const { prompts } = child`: each name is one member further down.
            let r = if matches!(d.name, Pat::Ident(_)) { r } else { r + 1 };
            for n in names {
                if !self.roots.iter().any(|(k, _)| *k == n) {
                    self.roots.push((n, r));
                }
            }
        }
        d.visit_children_with(self);
    }
    fn visit_assign_expr(&mut self, a: &AssignExpr) {
        // The members written on the child: a field the drain reads moves
        // what it delivers whatever the value; another, only a value that
        // can carry a message (`child.startedAt = Date.now()` cannot).
        let mut written: Vec<Option<&str>> = Vec::new();
        let mut w = Vec::new();
        match &a.left {
            AssignTarget::Simple(SimpleAssignTarget::Member(m)) if self.within(&m.obj, 0) => {
                written.push(member_name(&m.prop));
            }
            AssignTarget::Simple(_) => {}
            AssignTarget::Pat(_) => {
                crate::read::writes::of_assign(a, &mut w);
                for x in &w {
                    if let crate::read::writes::Target::Member(m) = &x.target {
                        if self.within(&m.obj, 0) {
                            written.push(member_name(&m.prop));
                        }
                    }
                }
            }
        }
        let moves = written.iter().any(|k| k.is_none_or(|k| self.read.contains(k)));
        if moves {
            self.found(range(a), "writes a field of the child the drain reads");
        } else if !written.is_empty() && !carries_no_message(&a.right) {
            self.found(range(a), "writes into the child");
        }
        a.visit_children_with(self);
    }
    fn visit_update_expr(&mut self, u: &UpdateExpr) {
        if let Expr::Member(m) = strip_parens(&u.arg) {
            if self.within(&m.obj, 0) && member_name(&m.prop).is_none_or(|k| self.read.contains(k)) {
                self.found(range(u), "writes a field of the child the drain reads");
            }
        }
        u.visit_children_with(self);
    }
    fn visit_opt_call(&mut self, call: &OptCall) {
        self.visit_call_expr(&crate::anchors::pattern::opt_call_as_call(call));
    }
    fn visit_call_expr(&mut self, call: &CallExpr) {
        let mut w = Vec::new();
        crate::read::writes::of_call(call, &mut w);
        let reflected = w.iter().any(
            |w| matches!(&w.target, crate::read::writes::Target::Reflected { object, .. } if self.within(object, 0)),
        );
        // `child.prompts.push(brief)`: onto one of the child's members.
        let added = match &call.callee {
            Callee::Expr(c) => matches!(strip_parens(c), Expr::Member(m)
                if member_name(&m.prop).is_some_and(|k| ADDS.contains(&k)) && self.within(&m.obj, 1)),
            _ => false,
        };
        if (reflected || added)
            && !call.args.iter().skip(usize::from(reflected)).all(|x| x.spread.is_none() && carries_no_message(&x.expr))
        {
            self.found(range(call), "adds to the child");
        }
        call.visit_children_with(self);
    }
}

/// Where a function the child is handed to puts something into it that is
/// not a constant (`child.prompts.push(brief)`, `child.history = log`,
/// `Object.assign(child, extra)`): the proof does not run that function, so
/// what it gives the child, steers included, reaches it past the drain.
fn given_in_callee(f: &FnInfo, param: &str, inside: bool, read: &BTreeSet<String>) -> Option<(Range<usize>, String)> {
    let mut given = Given { read, roots: vec![(param.to_string(), if inside { -1 } else { 0 })], found: None };
    // Each pass may bind more locals to the child; a write found stays found.
    for _ in 0..3 {
        let before = given.roots.len();
        visit_body(f, &mut given);
        if given.found.is_some() || given.roots.len() == before {
            break;
        }
    }
    given.found
}

fn kept(
    f: &FnInfo,
    site: &Range<usize>,
    child: Option<&str>,
    holder: Holder,
    follow: Option<&mut Vec<HandedOn>>,
) -> Option<(Range<usize>, String)> {
    let callee = follow.is_some();
    let mut keep = Keep {
        site: site.clone(),
        names: child.into_iter().map(str::to_string).collect(),
        depth: 0,
        found: None,
        consumed: Vec::new(),
        follow: callee.then(Vec::new),
        after: None,
        own_keys: holder.own_keys.to_vec(),
        containers: if holder.container { child.into_iter().map(str::to_string).collect() } else { Vec::new() },
    };
    // Aliases first (`const rec = { child }`), then the uses of all of them.
    for _ in 0..3 {
        let before = (keep.names.len(), keep.own_keys.len());
        visit_body(f, &mut Aliases(&mut keep));
        if (keep.names.len(), keep.own_keys.len()) == before {
            break;
        }
    }
    // A name bound outside the function (a module's `let standby`) keeps it
    // where other code reaches it; a local of the function does not.
    struct OuterStores<'k>(&'k Keep, FnNode<'k>, Option<(Range<usize>, String)>);
    impl Visit for OuterStores<'_> {
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            if let AssignTarget::Simple(SimpleAssignTarget::Ident(id)) = &a.left {
                let outer = crate::read::scope::binding_at(self.1, &id.id.sym, id.id.span).is_none();
                if outer && self.0.holds_child(&a.right) && self.2.is_none() {
                    self.2 = Some((
                        range(a),
                        format!(
                            "is stored in `{}`, a variable outside its function, where other code reaches it",
                            id.id.sym
                        ),
                    ));
                }
            }
            a.visit_children_with(self);
        }
    }
    keep.after = after_awaited_run(f, site, &keep);
    let mut outer = OuterStores(&keep, f.node, None);
    visit_body(f, &mut outer);
    let stored = outer.2;
    let given =
        crate::proof::parent_flow::given_from_parent(f, site, &keep.names).filter(|(at, _)| !keep.ran_after(at));
    visit_body(f, &mut keep);
    if let (Some(out), Some(found)) = (follow, keep.follow.take()) {
        *out = found;
    }
    keep.found.or(stored).or(given)
}

fn visit_body<V: Visit>(f: &FnInfo, v: &mut V) {
    match f.node {
        FnNode::Function(func) => func.body.visit_with(v),
        FnNode::Arrow(a) => a.body.visit_with(v),
        FnNode::Constructor(c) => c.body.visit_with(v),
    }
}

fn is_name(e: &Expr, name: &str) -> bool {
    matches!(strip_parens(e), Expr::Ident(id) if *id.sym == *name)
}

struct Keep {
    site: Range<usize>,
    names: Vec<String>,
    depth: usize,
    found: Option<(Range<usize>, String)>,
    /// Calls whose result is awaited or returned where they stand: a child
    /// handed to one is run now, not kept for later.
    consumed: Vec<Range<usize>>,
    /// In a function the child was handed to: the functions it is handed on
    /// to by name, followed by the caller instead of judged here.
    follow: Option<Vec<HandedOn>>,
    /// Where the child's run has finished (`after_awaited_run`): nothing
    /// done to it there happens before it starts.
    after: Option<Range<usize>>,
    /// The child's own members given the child (`child.state = { execution:
    /// child }`): stored in the child itself, they hold it wherever they go.
    own_keys: Vec<String>,
    /// Names that hold the child inside (a `state` handed on): any member of one may be it.
    containers: Vec<String>,
}

/// The rest of the block holding the construction after one of that block's
/// own statements awaits a call given the child (`await run(child);`,
/// `const out = await run(child);`): code there runs once the child's run is
/// over, so what it does with the child (`acknowledge(parent, child)`) is
/// not keeping it before it starts. A statement under a condition or in a
/// nested block is not one of the block's own.
fn after_awaited_run(f: &FnInfo, site: &Range<usize>, keep: &Keep) -> Option<Range<usize>> {
    fn awaits_child(e: &Expr, keep: &Keep) -> bool {
        match strip_parens(e) {
            Expr::Await(a) => match strip_parens(&a.arg) {
                Expr::Call(call) => call.args.iter().any(|x| x.spread.is_none() && keep.holds_child(&x.expr)),
                _ => false,
            },
            _ => false,
        }
    }
    /// A statement's steps, evaluated in order and each unconditionally: a
    /// declaration's initialisers, a sequence's expressions (`return ack(c), out`
    /// too); `None` for a step that is not an expression.
    fn steps(s: &Stmt) -> Vec<(Range<usize>, Option<&Expr>)> {
        fn seq(e: &Expr) -> Vec<(Range<usize>, Option<&Expr>)> {
            match strip_parens(e) {
                Expr::Seq(q) => q.exprs.iter().map(|x| (range(x), Some(&**x))).collect(),
                x => vec![(range(x), Some(x))],
            }
        }
        match s {
            Stmt::Expr(e) => seq(&e.expr),
            Stmt::Return(ReturnStmt { arg: Some(a), .. }) => seq(a),
            Stmt::Decl(Decl::Var(v)) => {
                v.decls.iter().map(|d| (range(d), d.init.as_deref().map(strip_parens))).collect()
            }
            s => vec![(range(s), None)],
        }
    }
    struct Blocks<'k> {
        at: usize,
        keep: &'k Keep,
        found: Option<Range<usize>>,
    }
    impl Blocks<'_> {
        /// Statements after the one holding the construction, in order; an inner block's finding wins.
        fn scan(&mut self, r: Range<usize>, stmts: &[Stmt]) -> bool {
            if !(r.start <= self.at && self.at < r.end) {
                return false;
            }
            let awaited = stmts
                .iter()
                .flat_map(steps)
                .filter(|(at, _)| at.start >= self.at)
                .find(|(_, e)| e.is_some_and(|e| awaits_child(e, self.keep)));
            if let Some((at, _)) = awaited {
                self.found = Some(at.end..r.end);
            }
            true
        }
    }
    impl Visit for Blocks<'_> {
        fn visit_block_stmt(&mut self, b: &BlockStmt) {
            if self.scan(range(b), &b.stmts) {
                b.visit_children_with(self);
            }
        }
        fn visit_function_body(&mut self, b: &FunctionBody) {
            if self.scan(range(b), &b.stmts) {
                b.visit_children_with(self);
            }
        }
        // A nested function's blocks are not this function's.
        fn visit_function(&mut self, _: &Function) {}
        fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
    }
    let body = range(f.node.body()?);
    // In a function the child is handed to (the site at its end), the child is there from the start.
    let at = if site.start >= body.end { body.start } else { site.end };
    let mut blocks = Blocks { at, keep, found: None };
    visit_body(f, &mut blocks);
    blocks.found
}

/// Writers of a member that return, and keep, nothing of their argument:
/// what they write is judged by the closed world's member writes.
const WRITES_ONLY: &[(&str, &str)] =
    &[("Object", "assign"), ("Object", "defineProperty"), ("Object", "defineProperties"), ("JSON", "stringify")];

impl Keep {
    /// The child itself, a name holding it, or a literal holding either.
    fn holds_child(&self, e: &Expr) -> bool {
        let e = strip_parens(e);
        range(e) == self.site
            || match e {
                Expr::Ident(id) => self.names.iter().any(|n| *n == *id.sym),
                Expr::Member(m) if self.is_child_name(&m.obj) => {
                    self.containers.iter().any(|c| is_name(&m.obj, c))
                        || member_name(&m.prop).is_some_and(|k| self.own_keys.iter().any(|o| o == k))
                }
                Expr::Object(o) => o.props.iter().any(|p| match p {
                    PropOrSpread::Prop(p) => match &**p {
                        Prop::KeyValue(kv) => self.holds_child(&kv.value),
                        Prop::Shorthand(id) => self.names.iter().any(|n| *n == *id.sym),
                        _ => false,
                    },
                    PropOrSpread::Spread(s) => self.holds_child(&s.expr),
                }),
                Expr::Array(a) => a.elems.iter().flatten().any(|x| self.holds_child(&x.expr)),
                Expr::Await(a) => self.holds_child(&a.arg),
                // What a constructor builds may hold its arguments (`new WeakRef(child)`).
                Expr::New(n) => n.args.iter().flatten().any(|a| self.holds_child(&a.expr)),
                Expr::Cond(c) => self.holds_child(&c.cons) || self.holds_child(&c.alt),
                Expr::Bin(b)
                    if matches!(b.op, BinaryOp::LogicalOr | BinaryOp::NullishCoalescing | BinaryOp::LogicalAnd) =>
                {
                    self.holds_child(&b.left) || self.holds_child(&b.right)
                }
                _ => false,
            }
    }

    /// `e`, awaited or returned: the call it is, and the calls a
    /// `.then`/`.catch`/`.finally` chain or `Promise.all([…])` runs now.
    fn consume(&mut self, e: &Expr) {
        // What the whole expression may evaluate to: either branch, a logical's
        // operands, a sequence's last (`return tool ? tool.run(input, state) : none`).
        match strip_parens(e) {
            Expr::Cond(c) => return [&c.cons, &c.alt].into_iter().for_each(|x| self.consume(x)),
            Expr::Bin(b)
                if matches!(b.op, BinaryOp::LogicalOr | BinaryOp::LogicalAnd | BinaryOp::NullishCoalescing) =>
            {
                return [&b.left, &b.right].into_iter().for_each(|x| self.consume(x))
            }
            Expr::Seq(q) => return q.exprs.last().into_iter().for_each(|x| self.consume(x)),
            _ => {}
        }
        let Expr::Call(call) = strip_parens(e) else { return };
        self.consumed.push(range(call));
        if let Callee::Expr(c) = &call.callee {
            if let Expr::Member(m) = strip_parens(c) {
                match (member_name(&m.prop), strip_parens(&m.obj)) {
                    (Some("then" | "catch" | "finally"), inner) => self.consume(inner),
                    (Some("all" | "allSettled" | "race" | "any"), Expr::Ident(p)) if &*p.sym == "Promise" => {
                        for arg in &call.args {
                            if let Expr::Array(a) = strip_parens(&arg.expr) {
                                a.elems.iter().flatten().for_each(|x| self.consume(&x.expr));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    fn is_child_name(&self, e: &Expr) -> bool {
        matches!(strip_parens(e), Expr::Ident(id) if self.names.iter().any(|n| *n == *id.sym))
    }

    /// Whether `at` runs once the child's run is over (see `after_awaited_run`).
    fn ran_after(&self, at: &Range<usize>) -> bool {
        self.after.as_ref().is_some_and(|after| crate::anchors::resolve::within(at, after))
    }

    fn note(&mut self, at: Range<usize>, why: &str) {
        if self.ran_after(&at) {
            return;
        }
        if self.found.is_none() {
            self.found = Some((at, why.to_string()));
        }
    }

    /// A nested function: the child's names it declares itself (a parameter
    /// `t` beside a child `t`) are not the child inside it.
    fn nested<T: VisitWith<Self>>(&mut self, node: &T, declares: std::collections::HashSet<String>) {
        let saved = self.names.clone();
        self.names.retain(|n| !declares.contains(n));
        self.depth += 1;
        node.visit_children_with(self);
        self.depth -= 1;
        self.names = saved;
    }
}

/// Adds the locals given the child (or a literal holding it) to its names.
struct Aliases<'k>(&'k mut Keep);

impl Visit for Aliases<'_> {
    fn visit_var_declarator(&mut self, d: &VarDeclarator) {
        if let (Pat::Ident(id), Some(init)) = (&d.name, &d.init) {
            if self.0.holds_child(init) && !self.0.names.iter().any(|n| *n == *id.id.sym) {
                self.0.names.push(id.id.sym.to_string());
            }
        }
        d.visit_children_with(self);
    }
    fn visit_assign_expr(&mut self, a: &AssignExpr) {
        if let AssignTarget::Simple(SimpleAssignTarget::Ident(id)) = &a.left {
            if self.0.holds_child(&a.right) && !self.0.names.iter().any(|n| *n == *id.id.sym) {
                self.0.names.push(id.id.sym.to_string());
            }
        }
        if let AssignTarget::Simple(SimpleAssignTarget::Member(m)) = &a.left {
            if let (true, Some(k)) = (self.0.is_child_name(&m.obj), member_name(&m.prop)) {
                if self.0.holds_child(&a.right) && !self.0.own_keys.iter().any(|o| o == k) {
                    self.0.own_keys.push(k.to_string());
                }
            }
        }
        a.visit_children_with(self);
    }
}

impl Visit for Keep {
    fn visit_opt_call(&mut self, call: &OptCall) {
        self.visit_call_expr(&crate::anchors::pattern::opt_call_as_call(call));
    }
    fn visit_assign_expr(&mut self, a: &AssignExpr) {
        let to_member = !matches!(&a.left, AssignTarget::Simple(SimpleAssignTarget::Ident(_)));
        // `child.state = { execution: child }`: one of its own keys, followed wherever it goes.
        let own = matches!(&a.left, AssignTarget::Simple(SimpleAssignTarget::Member(m))
            if self.is_child_name(&m.obj) && member_name(&m.prop).is_some());
        if to_member && !own && self.holds_child(&a.right) {
            self.note(range(a), "is stored in a member");
        }
        if self.depth > 0 {
            let mut found = Vec::new();
            crate::read::writes::of_assign(a, &mut found);
            if found
                .iter()
                .any(|w| matches!(&w.target, crate::read::writes::Target::Member(m) if self.is_child_name(&m.obj)))
            {
                self.note(range(a), "is written by a closure that may run later");
            }
        }
        a.visit_children_with(self);
    }
    fn visit_call_expr(&mut self, call: &CallExpr) {
        let handed = call.args.iter().any(|a| self.holds_child(&a.expr));
        let mut writes_only = false;
        if let Callee::Expr(c) = &call.callee {
            if let Expr::Member(m) = strip_parens(c) {
                let keeps = member_name(&m.prop).is_some_and(|p| KEEPS.contains(&p));
                if keeps && handed {
                    self.note(range(call), "is put in a container");
                }
                writes_only = matches!((strip_parens(&m.obj), member_name(&m.prop)),
                    (Expr::Ident(g), Some(p)) if WRITES_ONLY.contains(&(&*g.sym, p)));
                // `Object.assign(standby, { delegate: child })`: the child is written into the target.
                let into_target = matches!(strip_parens(&m.obj), Expr::Ident(g) if &*g.sym == "Object");
                if writes_only && into_target && call.args.iter().skip(1).any(|a| self.holds_child(&a.expr)) {
                    self.note(range(call), "is stored in a member");
                }
                // Inside a later closure, calling the child's own method runs it then.
                if self.depth > 0 && self.is_child_name(&m.obj) {
                    self.note(range(call), "has a method called by a closure that may run later");
                }
                // `child[key](…)`: which method runs depends on data the harness may not hold.
                if self.is_child_name(&m.obj) && member_name(&m.prop).is_none() {
                    self.note(range(call), "has a method chosen by a computed key called here");
                }
            }
        }
        // `f(child)`, or `maker(…)(child)`: the function a top-level maker returns;
        // `o.key(child)`: every function bound to the key.
        let named = match &call.callee {
            Callee::Expr(c) => match strip_parens(c) {
                Expr::Ident(id) => Some((id.sym.to_string(), false, false)),
                Expr::Call(CallExpr { callee: Callee::Expr(maker), .. }) => match strip_parens(maker) {
                    Expr::Ident(id) => Some((id.sym.to_string(), true, false)),
                    _ => None,
                },
                // `super.prepare(child)`: a method of that key on an ancestor, narrowed as `this.` is.
                Expr::SuperProp(sp) if !writes_only => match &sp.prop {
                    SuperProp::Ident(k) if !KEEPS.contains(&&*k.sym) => Some((k.sym.to_string(), false, true)),
                    _ => None,
                },
                Expr::Member(m) if !writes_only && !self.is_child_name(&m.obj) => match &m.prop {
                    // `this.#brief(child)`: the class's private method of that name.
                    MemberProp::PrivateName(p) => Some((format!("#{}", p.name), false, true)),
                    prop => member_name(prop).filter(|k| !KEEPS.contains(k)).map(|k| (k.to_string(), false, true)),
                },
                _ => None,
            },
            _ => None,
        };
        let consumed = self.consumed.contains(&range(call));
        let followed = match named {
            Some((name, made, by_key)) if handed && self.follow.is_some() => {
                // The child itself as an argument, else an argument holding it.
                let plain = call.args.iter().position(|a| self.names.iter().any(|n| is_name(&a.expr, n)));
                let plain = plain.map(|i| argument_place(&call.args, i));
                let on = match plain {
                    Some(arg) => Some((arg, false)),
                    None => call
                        .args
                        .iter()
                        .position(|a| a.spread.is_none() && self.holds_child(&a.expr))
                        .map(|arg| (arg, true)),
                };
                let own_keys = self.own_keys.clone();
                match (on, self.follow.as_mut()) {
                    (Some((arg, inside)), Some(follow)) => {
                        let on_this = match &call.callee {
                            Callee::Expr(c) => (matches!(strip_parens(c), Expr::SuperProp(_))
                                || matches!(strip_parens(c), Expr::Member(m)
                                if matches!(strip_parens(&m.obj), Expr::This(_))))
                            .then(|| range(call)),
                            _ => None,
                        };
                        follow.push(HandedOn { name, made, arg, inside, own_keys, by_key, consumed, on_this })
                    }
                    _ => self.note(range(call), "is handed on inside a value the tool cannot follow"),
                }
                true
            }
            _ => false,
        };
        if handed && !writes_only && !followed && !consumed {
            self.note(
                range(call),
                "is handed to a call whose result is neither awaited nor returned here: the callee may keep it \
                 and run it later",
            );
        }
        call.visit_children_with(self);
    }
    fn visit_new_expr(&mut self, node: &NewExpr) {
        if node.args.iter().flatten().any(|a| self.holds_child(&a.expr)) {
            self.note(range(node), "is handed to a constructor, which may keep it");
        }
        node.visit_children_with(self);
    }
    fn visit_await_expr(&mut self, node: &AwaitExpr) {
        self.consume(&node.arg);
        node.visit_children_with(self);
    }
    fn visit_return_stmt(&mut self, node: &ReturnStmt) {
        if let Some(arg) = &node.arg {
            self.consume(arg);
        }
        node.visit_children_with(self);
    }
    // Read inside a later closure (`.then(() => log(child.id))`), a member of
    // the child starts nothing; the child itself passed on, or written, may.
    fn visit_member_expr(&mut self, node: &MemberExpr) {
        if self.depth > 0 && self.is_child_name(&node.obj) {
            if let MemberProp::Computed(c) = &node.prop {
                c.visit_with(self);
            }
            return;
        }
        node.visit_children_with(self);
    }
    fn visit_ident(&mut self, id: &Ident) {
        if self.depth > 0 && self.names.iter().any(|n| *n == *id.sym) {
            self.note(range(id), "is captured by a closure that may run later");
        }
    }
    fn visit_function(&mut self, node: &Function) {
        self.nested(node, crate::read::scope::declared_by(FnNode::Function(node)));
    }
    fn visit_arrow_expr(&mut self, node: &ArrowExpr) {
        self.nested(node, crate::read::scope::declared_by(FnNode::Arrow(node)));
    }
    fn visit_class(&mut self, node: &Class) {
        self.nested(node, Default::default());
    }
    // `catch (t)` beside a child `t`: inside, `t` is the error.
    fn visit_catch_clause(&mut self, node: &CatchClause) {
        let mut declared = Vec::new();
        if let Some(p) = &node.param {
            crate::read::writes::pattern_names(p, &mut declared);
        }
        let saved = self.names.clone();
        self.names.retain(|n| !declared.contains(n));
        node.body.visit_with(self);
        self.names = saved;
    }
}

/// Whether the top-level function `name` returns its first argument
/// unchanged: `(t, v) => t`, or through `Object.defineProperty(t, …)` /
/// `Object.assign(t, …)` (which return their target), directly or through a
/// top-level alias or another such function (esbuild's `__name`, over
/// `__defProp = Object.defineProperty`).
pub fn returns_first_argument(index: &Index, name: &str, depth: usize) -> bool {
    if depth > 4 || crate::read::scope::is_global(name) {
        return false;
    }
    let Some(f) = index.top_function_info(name) else { return false };
    let Some(Some(first)) = f.node.param_names().first().copied() else { return false };
    let returned: Vec<&Expr> = match f.node {
        FnNode::Arrow(a) => match &*a.body {
            ArrowFunctionBody::Expr(e) => vec![&**e],
            ArrowFunctionBody::FunctionBody(b) => only_return(&b.stmts),
        },
        FnNode::Function(func) => func.body.as_ref().map(|b| only_return(&b.stmts)).unwrap_or_default(),
        FnNode::Constructor(_) => Vec::new(),
    };
    // One expression: nothing can rebind the parameter before it is returned.
    !returned.is_empty() && returned.iter().all(|e| returns_target(index, e, first, depth))
}

/// A body that is one `return E;`: E. Anything else: nothing.
fn only_return(stmts: &[Stmt]) -> Vec<&Expr> {
    match stmts {
        [Stmt::Return(ReturnStmt { arg: Some(e), .. })] => vec![&**e],
        _ => Vec::new(),
    }
}

/// `e` is the parameter `p`, or a call that returns its first argument with `p` there.
fn returns_target(index: &Index, e: &Expr, p: &str, depth: usize) -> bool {
    match strip_parens(e) {
        Expr::Ident(id) => *id.sym == *p,
        Expr::Call(CallExpr { callee: Callee::Expr(c), args, .. }) => {
            let on_p = args.first().is_some_and(|a| a.spread.is_none() && is_name(&a.expr, p));
            on_p && match strip_parens(c) {
                Expr::Member(_) => is_target_returning_builtin(c),
                Expr::Ident(id) => match index.top_values.iter().find(|(n, _)| *n == &*id.sym) {
                    Some((_, init)) if index.top_function(&id.sym).is_none_or(|at| at.is_empty()) => {
                        is_target_returning_builtin(init)
                    }
                    _ => returns_first_argument(index, &id.sym, depth + 1),
                },
                _ => false,
            }
        }
        _ => false,
    }
}

/// `Object.defineProperty`, `Object.defineProperties`, `Object.assign`:
/// built-ins that return the object they are given first.
fn is_target_returning_builtin(e: &Expr) -> bool {
    matches!(strip_parens(e), Expr::Member(m)
        if matches!(strip_parens(&m.obj), Expr::Ident(o) if &*o.sym == "Object")
            && matches!(member_name(&m.prop), Some("defineProperty" | "defineProperties" | "assign")))
}
