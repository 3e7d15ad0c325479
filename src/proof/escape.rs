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
/// Methods that put a value into their receiver: an array's, and a Map's or Set's
/// (a queue may be either: blind pair 17).
const ADDS: &[&str] = &["push", "unshift", "splice", "fill", "copyWithin", "set", "add"];
/// Whether `callee` is a method of the language's values that calls a function it is
/// handed with what its receiver holds or gives (`list.forEach(f)`, `p.then(f)`).
fn takes_callback(callee: &Expr) -> bool {
    matches!(strip_parens(callee), Expr::Member(m) if matches!(member_name(&m.prop), Some(
        "forEach" | "map" | "flatMap" | "filter" | "find" | "findLast" | "findIndex" | "findLastIndex" | "some"
            | "every" | "reduce" | "reduceRight" | "sort" | "toSorted" | "then" | "catch" | "finally"
    )))
}
/// A container callback's parameters with their depth: the element's 0, the container's -1.
fn element_params(params: Vec<&Pat>, element: usize, container: usize) -> Vec<(&Pat, i32)> {
    let depth = |i| match i {
        i if i == element => Some(0),
        i if i == container => Some(-1),
        _ => None,
    };
    params.into_iter().enumerate().filter_map(|(i, p)| depth(i).map(|d| (p, d))).collect()
}
/// Whether `key` names a method of the language's own values (arrays, maps,
/// sets, strings, promises, functions).
pub fn is_builtin_method(key: &str) -> bool {
    ADDS.contains(&key)
        || READING_METHODS.contains(&key)
        || KEEPS.contains(&key)
        || matches!(
            key,
            "get"
                | "has"
                | "delete"
                | "clear"
                | "then"
                | "catch"
                | "finally"
                | "call"
                | "apply"
                | "bind"
                | "forEach"
                | "map"
                | "filter"
                | "find"
                | "some"
                | "every"
                | "reduce"
                | "keys"
                | "values"
                | "entries"
                | "shift"
                | "pop"
                | "emit"
                | "on"
                | "once"
        )
}
/// Constructors of the language's own values, which run no code of the bundle on
/// what they are handed (a `Proxy`'s handler does: not one of them).
const BUILT_INS: &[&str] = &[
    "WeakRef",
    "WeakMap",
    "WeakSet",
    "Set",
    "Map",
    "Array",
    "Promise",
    "Error",
    "TypeError",
    "RangeError",
    "Date",
    "URL",
    "AbortController",
];
/// Methods of the language's values that read their receiver and change nothing in it.
const READING_METHODS: &[&str] = &[
    "at",
    "includes",
    "indexOf",
    "lastIndexOf",
    "slice",
    "concat",
    "join",
    "toString",
    "toJSON",
    "valueOf",
    "startsWith",
    "endsWith",
    "trim",
    "trimStart",
    "trimEnd",
    "toLowerCase",
    "toUpperCase",
    "split",
    "replace",
    "replaceAll",
    "match",
    "matchAll",
    "search",
    "padStart",
    "padEnd",
    "repeat",
    "charAt",
    "charCodeAt",
    "codePointAt",
    "localeCompare",
    "normalize",
    "substring",
    "has",
    "get",
    "keys",
    "values",
    "entries",
    "find",
    "findIndex",
    "findLast",
    "findLastIndex",
    "some",
    "every",
    "filter",
    "map",
    "flatMap",
    "reduce",
    "reduceRight",
    "forEach",
    "toReversed",
    "toSorted",
    "toSpliced",
    "with",
    "flat",
    "test",
    "exec",
    "then",
    "catch",
    "finally",
];
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
pub const KEEPS: &[&str] = &["set", "push", "unshift", "add", "splice", "concat", "fill"];

/// The object a method is called on, as far as it narrows the classes whose
/// method runs. (A member, `services.executions.register(child)`, is not one:
/// the values a key is given cost a pass over every computed key of the bundle.)
#[derive(Clone, Debug, PartialEq)]
pub enum Receiver {
    /// A local bound once to `new C(…)` (`const graph = new TurnGraph(…);
    /// graph.run(child)`): the class that name is, where the call stands.
    New(String),
    /// Any other name (`briefing.add(state)`): a module's value, where it is
    /// bound once to `new C(…)`.
    Name(String),
}

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
                // A computed method on the queue may be any of them.
                let adds = match member_name(&m.prop) {
                    Some("splice") => call.args.len() > 2,
                    Some(p) => ADDS.contains(&p),
                    None => true,
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
            let empty = match strip_parens(&a.right) {
                Expr::Array(arr) => arr.elems.is_empty(),
                Expr::New(n) => {
                    matches!(strip_parens(&n.callee), Expr::Ident(c) if matches!(&*c.sym, "Map" | "Set"))
                        && n.args.as_ref().is_none_or(|a| a.is_empty())
                }
                _ => false,
            };
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
/// Where something was found, and what it is.
type Found = (Range<usize>, String);

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
/// `held`: the keys of the containers it is added to (see `Keep::held`).
/// `reads_call`: see `parent_flow::given_from_parent`.
pub fn kept_before_start(
    f: &FnInfo,
    site: &Range<usize>,
    child: Option<&str>,
    held: &mut Vec<String>,
    reads_call: ReadsCall,
) -> Option<Found> {
    let holder = Holder { own_keys: &[], container: false, reads_call: Some(reads_call) };
    kept(f, site, child, holder, None, held, None)
}

/// How the child's name holds it: its own members that hold it, and whether
/// the name is a container of it (every member of it may be the child).
pub use crate::proof::parent_flow::ReadsCall;

struct Holder<'h> {
    /// Whether a call the child is handed to beside its parent's is read.
    reads_call: Option<ReadsCall<'h>>,
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
    /// What it is called on, where that narrows which methods run.
    pub receiver: Option<Receiver>,
    /// The call that hands it on.
    pub at: Range<usize>,
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
            receiver: None,
            at: 0..0,
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
    read: &ExecReads,
    makers: &[(String, usize)],
    held: &mut Vec<String>,
) -> Result<Vec<HandedOn>, (Range<usize>, String)> {
    if let Some(found) = given_in_callee(f, param, on.inside, read, makers) {
        return Err(found);
    }
    let mut follow: Vec<HandedOn> = Vec::new();
    let holder = Holder { own_keys: &on.own_keys, container: on.inside, reads_call: None };
    match kept(f, &(f.range.end..f.range.end), Some(param), holder, Some(&mut follow), held, None) {
        Some(found) => Err(found),
        None => Ok(follow),
    }
}

/// The functions one the child is handed to as `param` hands it on to, as
/// `kept_by_callee` finds them, whatever it keeps.
/// Err where it puts the child in a container the tool cannot judge by its
/// readers: kept there, code that delivers to what it holds may reach it
/// even once its run has started.
/// `unread`: whether a module-level container by that name has elements nothing
/// ever reads (the judge asks the whole bundle): what is kept there reaches nothing.
pub fn handed_on_by(
    f: &FnInfo,
    param: &str,
    on: &HandedOn,
    held: &mut Vec<String>,
    unread: &dyn Fn(&str) -> bool,
) -> Result<Vec<HandedOn>, Found> {
    let mut follow: Vec<HandedOn> = Vec::new();
    let holder = Holder { own_keys: &on.own_keys, container: on.inside, reads_call: None };
    let mut contained = None;
    kept(f, &(f.range.end..f.range.end), Some(param), holder, Some(&mut follow), held, Some((&mut contained, unread)));
    match contained {
        Some(found) => Err(found),
        None => Ok(follow),
    }
}

const PUT_IN_CONTAINER: &str = "is put in a container";

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
        // The test only picks between the two.
        Expr::Cond(c) => carries_no_message(&c.cons) && carries_no_message(&c.alt),
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

/// What an execution's readers read (`fields`: the drain's and the
/// end-of-turn check's) and the names of its class's own members.
#[derive(Clone, Default)]
pub struct ExecReads {
    pub fields: BTreeSet<String>,
    pub members: BTreeSet<String>,
    /// The names the execution class is bound to, where `new` of it gives a new
    /// object (no superclass, no constructor that returns a value): what is
    /// written on that object itself is not written on the child (`class_reads`).
    pub fresh: BTreeSet<String>,
    /// Methods of the execution class whose body gives `this` nothing and hands it
    /// nowhere (`class_reads`): called on the child, they put nothing into it.
    pub benign: BTreeSet<String>,
    /// Classes of the bundle, by the names code read here builds them with, whose
    /// construction runs no code but storing what it is handed (`inert_class`).
    pub inert: BTreeSet<String>,
    /// The buffer's acknowledging methods (fact 4) whose key no other member of the
    /// bundle has: a call by that key only adds an id to a message's handlers.
    pub acks: BTreeSet<String>,
    /// Methods that would be `benign` or `acks` if their key is unique in the bundle;
    /// the judge asks, for the keys the code it reads calls (each lookup may parse more).
    pub benign_if_unique: BTreeSet<String>,
    pub acks_if_unique: BTreeSet<String>,
}

impl ExecReads {
    /// The same, for code inside functions that declare `outer`: a local of the
    /// class's name there is another value.
    pub fn around(&self, outer: &std::collections::HashSet<String>) -> ExecReads {
        ExecReads { fresh: self.fresh.iter().filter(|n| !outer.contains(*n)).cloned().collect(), ..self.clone() }
    }
}

/// Whether a node refers to a name `Given` tracks (see `Given::mentions`).
struct MentionsOf<'g, 'r>(&'g Given<'r>, bool);
impl Visit for MentionsOf<'_, '_> {
    fn visit_ident(&mut self, id: &Ident) {
        let g = self.0;
        let n = &*id.sym;
        if g.roots.iter().any(|(r, _)| r == n)
            || g.maybe.iter().any(|r| r == n)
            || g.made.iter().any(|r| r == n)
            || g.anys.iter().any(|r| r == n)
            || g.derived.iter().any(|r| r == n)
            || g.literal_keys.iter().any(|(r, _, _)| r == n)
            || g.fresh.iter().any(|r| r == n)
        {
            self.1 = true;
        }
    }
    fn visit_this_expr(&mut self, _: &ThisExpr) {
        if self.0.this_child {
            self.1 = true;
        }
    }
    // `o.execution`: a key, not a name.
    fn visit_member_prop(&mut self, p: &MemberProp) {
        if let MemberProp::Computed(c) = p {
            c.visit_with(self);
        }
    }
    fn visit_prop_name(&mut self, p: &PropName) {
        if let PropName::Computed(c) = p {
            c.visit_with(self);
        }
    }
}

/// What a function the child is handed to puts into it (see `given_in_callee`).
struct Given<'r> {
    exec: &'r ExecReads,
    read: &'r BTreeSet<String>,
    /// The execution class's own member names: a call of one on what may be
    /// the child may put anything into it (round 24).
    members: &'r BTreeSet<String>,
    /// The child, locals bound to it or to a chain of its members, and
    /// how far below the child each one is (-1: a container of it).
    roots: Vec<(String, i32)>,
    /// Keys of containers that hold executions (`registry.executions`), on any object.
    containers: &'r [String],
    /// Names bound from a holder of the child's members: they may be the child, or not.
    maybe: Vec<String>,
    /// Functions (by name or method key) whose call gives back what the containers
    /// hold, with how far below an execution (-1: a container of them).
    returners: &'r [(String, i32)],
    /// Where this function gives back what the containers hold, and how far below an execution.
    returned: Vec<(Range<usize>, i32)>,
    /// When what is found happens, for the message.
    when: &'static str,
    found: Option<Found>,
    /// Locals made by a maker (`makers`) handed a holder of the child (`const
    /// next = appendQueued(state)`: the run's next holder), or bound to a
    /// literal holding the child (the run's state).
    derived: Vec<String>,
    /// Names bound once in the function, its nested functions included, and never
    /// written again: only such a name can stand for what it was made as.
    bound_once: Vec<String>,
    /// The function read, for `bound_once` (asked only of the names that need it).
    node: Option<FnNode<'r>>,
    makers: &'r [(String, usize)],
    /// The parameters of the function read (its inputs, whatever callers pass).
    params: Vec<String>,
    /// Locals bound to a value made of the child by a form `reach` does not
    /// classify (a conditional, a literal, a spread): at `depth`'s depth, but
    /// never the run's own holder.
    made: Vec<String>,
    /// Locals bound to what a call, a callback or a closure makes of the child:
    /// they may be the child, a member of it or a container of it (round 24).
    anys: Vec<String>,
    /// Locals bound to an object literal of plain keys, with the depth of what
    /// each key holds (`{ agentName: child.agentName, told: [] }`: only `agentName`).
    literal_keys: Vec<(String, String, i32)>,
    /// The execution class's names not shadowed in the function read (`ExecReads::fresh`).
    fresh_classes: Vec<String>,
    /// Locals bound to a new execution built from the child (`const sub = new
    /// AgentExecution({ sessionServices: parent.sessionServices })`): not the child,
    /// but each member of one may be anything the child holds.
    fresh: Vec<String>,
    /// `this` is the child (a method of its class, read for what it gives it).
    this_child: bool,
    /// The function read, for the callbacks it declares by name (`read_named`).
    scope: Option<FnNode<'r>>,
    /// Locals bound to an object or array literal with no accessor or method: a
    /// member written on one runs no code.
    plain: Vec<String>,
    /// Registry mode: the functions an execution held is handed to by name.
    handed: Vec<Handed>,
}
impl<'r> Given<'r> {
    /// Whether `e` holds what may be the child itself anywhere in it: a tracked
    /// name used as a value (not only read a member of), or a member that may
    /// be the child (`state.execution`). A member of the child (`child.agentName`
    /// in an error's message) is not counted here.
    fn carries_child(&self, e: &Expr) -> bool {
        struct Find<'g, 'r>(&'g Given<'r>, bool);
        impl Visit for Find<'_, '_> {
            fn visit_member_expr(&mut self, m: &MemberExpr) {
                if self.0.depth(&Expr::Member(m.clone())).is_some_and(|d| d <= 0) {
                    self.1 = true;
                    return;
                }
                if matches!(strip_parens(&m.obj), Expr::Ident(_) | Expr::This(_)) {
                    // A member read off a name: the name is not handed on itself.
                    if let MemberProp::Computed(c) = &m.prop {
                        c.visit_with(self);
                    }
                    return;
                }
                m.visit_children_with(self);
            }
            fn visit_expr(&mut self, e: &Expr) {
                match e {
                    Expr::Ident(_) | Expr::This(_) => self.1 |= self.0.mentions(e),
                    _ => e.visit_children_with(self),
                }
            }
            fn visit_prop(&mut self, p: &Prop) {
                match p {
                    Prop::Shorthand(id) => self.1 |= self.0.mentions(&Expr::Ident(id.clone())),
                    _ => p.visit_children_with(self),
                }
            }
        }
        let mut find = Find(self, false);
        e.visit_with(&mut find);
        find.1
    }
    /// A pattern that takes what may be the child apart by a key the tool
    /// cannot read (`const { [CURRENT]: t } = state`), or whose default may be
    /// it (`const { target = state.execution } = overrides`): its names may be
    /// anything the child holds, the child itself included.
    fn opaque_pattern(&mut self, pat: &Pat, value: Option<&Expr>) {
        if matches!(pat, Pat::Ident(_)) {
            return;
        }
        let from_child = value.is_some_and(|v| self.mentions(v));
        let (unread_key, default) = pattern_doubts(pat, &|e| self.mentions(e));
        if (from_child && unread_key) || default {
            self.bind_opaque(pat);
        }
    }
    /// What may be the child stored on `object` (a local literal, or anything a
    /// pattern writes a member of): a local there may hold it from now on; on
    /// anything else it is the store rule's.
    fn store_on(&mut self, object: &Expr, key: Option<&str>, at: Range<usize>) {
        let direct = matches!(strip_parens(object), Expr::Ident(_));
        let mut root = strip_parens(object);
        while let Expr::Member(m) = root {
            root = strip_parens(&m.obj);
        }
        match root {
            Expr::Ident(o) if self.plain.iter().any(|n| *n == *o.sym) => {
                let name = o.sym.to_string();
                // A literal that already holds the child (the run's `state`): the key
                // stored may be the child itself; any other member keeps what it was.
                let holder = self.mentions(root);
                match key {
                    Some(key) if holder && direct => self.literal_keys.push((name, key.to_string(), 0)),
                    _ if !self.anys.contains(&name) => self.anys.push(name),
                    _ => {}
                }
            }
            Expr::This(_) if self.this_child => {}
            _ => self.found(at, "stores what may be the child on an object whose setter or reader is not read"),
        }
    }
    /// Reading `node` for what it gives an execution: nothing bound to one yet,
    /// no container, no maker; `when` says when what is found happens.
    fn of(exec: &'r ExecReads, node: FnNode<'r>, when: &'static str) -> Given<'r> {
        let shadowed = crate::read::scope::declared_by(node);
        Given {
            exec,
            read: &exec.fields,
            members: &exec.members,
            roots: Vec::new(),
            containers: &[],
            maybe: Vec::new(),
            returners: &[],
            returned: Vec::new(),
            when,
            found: None,
            derived: Vec::new(),
            bound_once: Vec::new(),
            node: Some(node),
            makers: &[],
            params: param_names(node).into_iter().flatten().collect(),
            made: Vec::new(),
            anys: Vec::new(),
            literal_keys: Vec::new(),
            fresh_classes: exec.fresh.iter().filter(|n| !shadowed.contains(*n)).cloned().collect(),
            fresh: Vec::new(),
            this_child: false,
            scope: Some(node),
            plain: Vec::new(),
            handed: Vec::new(),
        }
    }
    /// Whether `e` is a new execution built from the child: a `new` of its class
    /// handed something made of it, or a local bound to one.
    fn is_fresh(&self, e: &Expr) -> bool {
        match strip_parens(e) {
            Expr::Ident(id) => self.fresh.iter().any(|n| *n == *id.sym),
            Expr::New(n) => self.fresh_new(n),
            _ => false,
        }
    }
    fn fresh_new(&self, n: &NewExpr) -> bool {
        matches!(strip_parens(&n.callee), Expr::Ident(c) if self.fresh_classes.iter().any(|k| *k == *c.sym))
            && n.args.iter().flatten().any(|a| self.mentions(&a.expr))
    }
    /// How many members below the child `e` is (0: the child itself).
    fn reach(&self, e: &Expr) -> Option<i32> {
        match strip_parens(e) {
            Expr::Ident(id) => self.roots.iter().find(|(r, _)| *r == *id.sym).map(|(_, d)| *d),
            Expr::This(_) if self.this_child => Some(0),
            Expr::Member(m) if held_key(&m.prop).is_some_and(|k| self.containers.contains(&k)) => Some(-1),
            // `list.length`, `set.size`: a count, not an element.
            Expr::Member(m)
                if matches!(member_name(&m.prop), Some("length" | "size")) && self.reach(&m.obj) == Some(-1) =>
            {
                None
            }
            // `tracker.list()`: what a function that gives back what the containers hold returns.
            Expr::Call(CallExpr { callee: Callee::Expr(c), .. }) if self.returner(c).is_some() => self.returner(c),
            // `list.at(-1)`, `list.find(…)`: an element; `list.filter(…)`: a container of them.
            Expr::Call(CallExpr { callee: Callee::Expr(c), .. }) => match strip_parens(c) {
                Expr::Member(m) if self.reach(&m.obj) == Some(-1) => match member_name(&m.prop) {
                    Some("at" | "find" | "findLast" | "pop" | "shift" | "get") => Some(0),
                    Some(
                        "filter" | "slice" | "splice" | "concat" | "toReversed" | "toSorted" | "toSpliced" | "reverse"
                        | "sort" | "values",
                    ) => Some(-1),
                    _ => None,
                },
                _ => None,
            },
            Expr::Member(m) => self.reach(&m.obj).map(|d| d + 1),
            Expr::OptChain(o) => match &*o.base {
                OptChainBase::Member(m) => self.reach(&m.obj).map(|d| d + 1),
                OptChainBase::Call(_) => None,
            },
            // `[...live.values()]`: a container of them, where each element is one
            // (spread from a container) and none is anything else.
            Expr::Array(a)
                if !a.elems.is_empty()
                    && a.elems.iter().all(|x| {
                        x.as_ref().is_some_and(|x| match x.spread {
                            Some(_) => self.reach(&x.expr) == Some(-1),
                            None => self.reach(&x.expr) == Some(0),
                        })
                    }) =>
            {
                Some(-1)
            }
            _ => None,
        }
    }
    /// Whether `e` is made only of literals, the child and its members, and
    /// what the container `own` holds (`own.get(k)`, `own.has(k)`, `own.size`),
    /// by operators.
    fn made_of_own(&self, e: &Expr, own: &Expr, child_ok: bool) -> bool {
        use swc_common::EqIgnoreSpan;
        match strip_parens(e) {
            Expr::Lit(Lit::Regex(_)) => false,
            Expr::Lit(_) => true,
            e if self.reach(e).is_some() => child_ok,
            Expr::Unary(u) => u.op != UnaryOp::Delete && self.made_of_own(&u.arg, own, child_ok),
            Expr::Bin(b) => self.made_of_own(&b.left, own, child_ok) && self.made_of_own(&b.right, own, child_ok),
            Expr::Cond(c) => {
                self.made_of_own(&c.test, own, child_ok)
                    && self.made_of_own(&c.cons, own, child_ok)
                    && self.made_of_own(&c.alt, own, child_ok)
            }
            Expr::Member(m) => {
                member_name(&m.prop) == Some("size") && strip_parens(&m.obj).eq_ignore_span(strip_parens(own))
            }
            Expr::Call(CallExpr { callee: Callee::Expr(c), args, .. }) => match strip_parens(c) {
                Expr::Member(m) => {
                    matches!(member_name(&m.prop), Some("get" | "has"))
                        && strip_parens(&m.obj).eq_ignore_span(strip_parens(own))
                        && args.iter().all(|a| a.spread.is_none() && self.made_of_own(&a.expr, own, true))
                }
                _ => false,
            },
            _ => false,
        }
    }
    /// A member of the child, reached from a name that is the child itself (not
    /// one that only holds it somewhere, or is bound to what may be it, whose
    /// members may be anything).
    fn member_of_child(&self, e: &Expr) -> bool {
        // `this.prompts` in a method of the child's class.
        fn below_this(e: &Expr) -> Option<i32> {
            match strip_parens(e) {
                Expr::This(_) => Some(0),
                Expr::Member(m) => below_this(&m.obj).map(|d| d + 1),
                _ => None,
            }
        }
        if self.this_child && below_this(e).is_some_and(|d| d >= 1) {
            return true;
        }
        fn root(e: &Expr) -> Option<(&Ident, i32)> {
            match strip_parens(e) {
                Expr::Ident(id) => Some((id, 0)),
                Expr::Member(m) => root(&m.obj).map(|(id, d)| (id, d + 1)),
                Expr::OptChain(o) => match &*o.base {
                    OptChainBase::Member(m) => root(&m.obj).map(|(id, d)| (id, d + 1)),
                    OptChainBase::Call(_) => None,
                },
                _ => None,
            }
        }
        match root(e) {
            Some((id, below)) => {
                below >= 1
                    && !self.maybe.iter().any(|m| *m == *id.sym)
                    && !self.made.iter().any(|m| *m == *id.sym)
                    && self.roots.iter().any(|(r, d)| *r == *id.sym && *d >= 0)
            }
            None => false,
        }
    }
    /// Whether `e` is read through a name that only holds the child somewhere
    /// (a container, or one bound from it).
    fn read_through_holder(&self, e: &Expr) -> bool {
        match strip_parens(e) {
            Expr::Ident(id) => {
                self.maybe.iter().any(|m| *m == *id.sym) || self.roots.iter().any(|(r, d)| *r == *id.sym && *d < 0)
            }
            Expr::Member(m) => self.read_through_holder(&m.obj),
            Expr::OptChain(o) => match &*o.base {
                OptChainBase::Member(m) => self.read_through_holder(&m.obj),
                OptChainBase::Call(_) => false,
            },
            _ => false,
        }
    }
    /// Whether `e` is an execution of the containers read, or a container of
    /// them, or a literal holding one: what leaves the function with it.
    fn hands_on_held(&self, e: &Expr) -> bool {
        match strip_parens(e) {
            Expr::Seq(q) => q.exprs.last().is_some_and(|x| self.hands_on_held(x)),
            Expr::Cond(c) => self.hands_on_held(&c.cons) || self.hands_on_held(&c.alt),
            Expr::Bin(b)
                if matches!(b.op, BinaryOp::LogicalOr | BinaryOp::LogicalAnd | BinaryOp::NullishCoalescing) =>
            {
                self.hands_on_held(&b.left) || self.hands_on_held(&b.right)
            }
            Expr::Array(a) => a.elems.iter().flatten().any(|x| self.hands_on_held(&x.expr)),
            Expr::Object(o) => o.props.iter().any(|p| match p {
                PropOrSpread::Prop(p) => match &**p {
                    Prop::KeyValue(kv) => self.hands_on_held(&kv.value),
                    Prop::Shorthand(id) => self.roots.iter().any(|(r, d)| *r == *id.sym && *d <= 0),
                    _ => false,
                },
                PropOrSpread::Spread(sp) => self.hands_on_held(&sp.expr),
            }),
            e => self.reach(e).is_some_and(|d| d <= 0),
        }
    }
    /// Whether `e` holds an execution of the containers read or one of its
    /// members, at any depth of a literal.
    fn carries_held(&self, e: &Expr) -> bool {
        match strip_parens(e) {
            Expr::Array(a) => a.elems.iter().flatten().any(|x| self.carries_held(&x.expr)),
            Expr::Object(o) => o.props.iter().any(|p| match p {
                PropOrSpread::Prop(p) => match &**p {
                    Prop::KeyValue(kv) => self.carries_held(&kv.value),
                    Prop::Shorthand(id) => self.roots.iter().any(|(r, d)| *r == *id.sym && *d >= 0),
                    _ => true,
                },
                PropOrSpread::Spread(sp) => self.carries_held(&sp.expr),
            }),
            e => self.reach(e).is_some_and(|d| d >= 0),
        }
    }
    /// An object or array literal with the child itself among its values
    /// (`{ execution, runSubExecution }`): the child handed on, followed as such.
    fn holds_the_child(&self, e: &Expr) -> bool {
        match strip_parens(e) {
            Expr::Object(o) => o.props.iter().any(|p| match p {
                PropOrSpread::Prop(p) => match &**p {
                    Prop::KeyValue(kv) => self.reach(&kv.value) == Some(0),
                    Prop::Shorthand(id) => self.roots.iter().any(|(r, d)| *r == *id.sym && *d == 0),
                    _ => false,
                },
                PropOrSpread::Spread(_) => false,
            }),
            Expr::Array(a) => a.elems.iter().flatten().any(|x| self.reach(&x.expr) == Some(0)),
            _ => false,
        }
    }
    /// Whether what `e` is may be the child or lie at least `below` members
    /// under it, by any form: what the tool cannot classify counts.
    fn within(&self, e: &Expr, below: i32) -> bool {
        self.depth(e).is_some_and(|d| d >= below) || self.opaque(e)
    }
    /// `reach`, and the forms that pick or gather what it classifies: a
    /// conditional, a logical or sequence operator, an await, an object or
    /// array literal (one member above what it holds, or as deep as what it
    /// spreads). The deepest of the candidates, for the checks that ask "at
    /// least this deep".
    fn depth(&self, e: &Expr) -> Option<i32> {
        if let Some(d) = self.reach(e) {
            return Some(d);
        }
        let most = |a: Option<i32>, b: Option<i32>| match (a, b) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        match strip_parens(e) {
            // `summary.agentName` of `const summary = { agentName: child.agentName, … }`.
            Expr::Member(m)
                if matches!(strip_parens(&m.obj), Expr::Ident(o)
                if self.literal_keys.iter().any(|(n, _, _)| *n == *o.sym)) =>
            {
                let Expr::Ident(o) = strip_parens(&m.obj) else { return None };
                let key = member_name(&m.prop);
                let of: Vec<i32> = self
                    .literal_keys
                    .iter()
                    .filter(|(n, k, _)| *n == *o.sym && key.is_none_or(|key| key == k))
                    .map(|(_, _, d)| *d - 1)
                    .collect();
                of.into_iter().max()
            }
            // `{ ...state, phase }.execution.prompts`: a member of such a value.
            Expr::Member(m) => self.depth(&m.obj).map(|d| d + 1),
            Expr::OptChain(o) => match &*o.base {
                OptChainBase::Member(m) => self.depth(&m.obj).map(|d| d + 1),
                OptChainBase::Call(_) => None,
            },
            Expr::Cond(c) => most(self.depth(&c.cons), self.depth(&c.alt)),
            Expr::Bin(b)
                if matches!(b.op, BinaryOp::LogicalOr | BinaryOp::LogicalAnd | BinaryOp::NullishCoalescing) =>
            {
                most(self.depth(&b.left), self.depth(&b.right))
            }
            Expr::Seq(q) => q.exprs.last().and_then(|x| self.depth(x)),
            Expr::Await(a) => self.depth(&a.arg),
            Expr::Assign(a) => self.depth(&a.right),
            Expr::Array(a) => a.elems.iter().flatten().fold(None, |acc, x| {
                let d = self.depth(&x.expr).map(|d| if x.spread.is_some() { d } else { d - 1 });
                most(acc, d)
            }),
            Expr::Object(o) => o.props.iter().fold(None, |acc, p| {
                let d = match p {
                    PropOrSpread::Spread(sp) => self.depth(&sp.expr),
                    PropOrSpread::Prop(p) => match &**p {
                        Prop::KeyValue(kv) => self.depth(&kv.value).map(|d| d - 1),
                        Prop::Shorthand(id) => self.reach(&Expr::Ident(id.clone())).map(|d| d - 1),
                        _ => None,
                    },
                };
                most(acc, d)
            }),
            _ => None,
        }
    }
    /// Whether `e` is what code the tool does not classify makes of the child:
    /// a call or `new` handed it (its result may be the child, a member of it or
    /// a container of it: an accessor, a wrapper, a promise, a generator, a
    /// bound method), a closure over it, a member of such a value, or a local
    /// bound to one. Only a value that cannot hold an object is left out.
    fn opaque(&self, e: &Expr) -> bool {
        match strip_parens(e) {
            Expr::Ident(id) => self.anys.iter().any(|a| *a == *id.sym),
            // A member of a new execution built from the child may be anything the child holds.
            Expr::Member(m) => self.opaque(&m.obj) || self.is_fresh(&m.obj),
            Expr::OptChain(o) => match &*o.base {
                OptChainBase::Member(m) => self.opaque(&m.obj) || self.is_fresh(&m.obj),
                OptChainBase::Call(c) => self.mentions(&c.callee) || c.args.iter().any(|a| self.mentions(&a.expr)),
            },
            // `executions.map((e) => e.prompts)`: what a container of them gives by a method
            // the depths do not classify may be anything they hold (round 26: its callbacks
            // are read in their own scope, so their parameters are no names here).
            Expr::Call(CallExpr { callee: Callee::Expr(x), .. }) if matches!(strip_parens(x), Expr::Member(m) if self.reach(&m.obj) == Some(-1)) => {
                true
            }
            // `table.get(child.id)`: a lookup by the child on something else gives that thing's value.
            Expr::Call(c) => match &c.callee {
                Callee::Expr(x) => {
                    let lookup = matches!(strip_parens(x), Expr::Member(m)
                        if matches!(member_name(&m.prop), Some("get" | "has" | "includes" | "indexOf" | "lastIndexOf"))
                            && !self.mentions(&m.obj));
                    self.mentions(x) || (!lookup && c.args.iter().any(|a| self.mentions(&a.expr)))
                }
                _ => c.args.iter().any(|a| self.mentions(&a.expr)),
            },
            Expr::New(n) if self.fresh_new(n) => false,
            Expr::New(n) => self.mentions(&n.callee) || n.args.iter().flatten().any(|a| self.mentions(&a.expr)),
            Expr::TaggedTpl(t) => self.mentions(&t.tag) || t.tpl.exprs.iter().any(|x| self.mentions(x)),
            Expr::Fn(_) | Expr::Arrow(_) => self.mentions(e),
            Expr::Cond(c) => self.opaque(&c.cons) || self.opaque(&c.alt),
            Expr::Bin(b)
                if matches!(b.op, BinaryOp::LogicalOr | BinaryOp::LogicalAnd | BinaryOp::NullishCoalescing) =>
            {
                self.opaque(&b.left) || self.opaque(&b.right)
            }
            Expr::Seq(q) => q.exprs.last().is_some_and(|x| self.opaque(x)),
            Expr::Await(a) => self.opaque(&a.arg),
            Expr::Yield(_) => false,
            Expr::Assign(a) => self.opaque(&a.right),
            Expr::Array(a) => a.elems.iter().flatten().any(|x| self.opaque(&x.expr)),
            Expr::Object(o) => o.props.iter().any(|p| match p {
                PropOrSpread::Spread(sp) => self.opaque(&sp.expr),
                PropOrSpread::Prop(p) => match &**p {
                    Prop::KeyValue(kv) => self.opaque(&kv.value),
                    Prop::Shorthand(id) => self.anys.iter().any(|a| *a == *id.sym),
                    // A getter or method over the child (`get execution() { return child }`,
                    // `add(m) { this.target.prompts.push(m) }`): what it gives is not classified.
                    _ => self.mentions_in(&**p),
                },
            }),
            _ => false,
        }
    }
    /// Whether `e` refers, anywhere in it (closures included), to the child or
    /// to a local bound to what is made of it.
    fn mentions(&self, e: &Expr) -> bool {
        self.mentions_in(e)
    }
    fn mentions_in<N: for<'g> VisitWith<MentionsOf<'g, 'r>>>(&self, e: &N) -> bool {
        let mut m = MentionsOf(self, false);
        e.visit_with(&mut m);
        m.1
    }
    /// Binds the names `pat` writes to what `value` is, as a declaration does:
    /// a chain `reach` classifies (taken through a holder, it may be anything),
    /// else `bind_made`.
    fn bind_value(&mut self, pat: &Pat, value: &Expr) {
        let Some(r) = self.reach(value) else { return self.bind_made(pat, value) };
        let mut names = Vec::new();
        crate::read::writes::pattern_names(pat, &mut names);
        let r = if matches!(pat, Pat::Ident(_)) { r } else { r + 1 };
        let maybe = self.read_through_holder(value);
        for n in names {
            if !self.roots.iter().any(|(k, _)| *k == n) {
                if maybe {
                    self.maybe.push(n.clone());
                }
                self.roots.push((n.clone(), r));
                self.made.push(n);
            }
        }
    }
    /// Binds the names of `pat` to what `value` is: a classified depth (one
    /// member further down for a pattern that takes it apart), or opaque; an
    /// object literal of plain keys bound to a name, key by key.
    fn bind_made(&mut self, pat: &Pat, value: &Expr) {
        let built = match strip_parens(value) {
            Expr::Await(a) => strip_parens(&a.arg),
            v => v,
        };
        if matches!(built, Expr::New(n) if self.fresh_new(n)) {
            match pat {
                Pat::Ident(id) => self.fresh.push(id.id.sym.to_string()),
                _ => self.bind_opaque(pat),
            }
            return;
        }
        if let (Pat::Ident(id), Expr::Object(o)) = (pat, strip_parens(value)) {
            let plain = o.props.iter().all(|p| {
                matches!(p, PropOrSpread::Prop(p) if matches!(&**p, Prop::KeyValue(kv) if prop_name(&kv.key).is_some())
                    || matches!(&**p, Prop::Shorthand(_)))
            });
            if plain && !self.opaque(value) {
                let name = id.id.sym.to_string();
                for p in &o.props {
                    let PropOrSpread::Prop(p) = p else { continue };
                    let (key, d) = match &**p {
                        Prop::KeyValue(kv) => {
                            (prop_name(&kv.key).unwrap_or_default().to_string(), self.depth(&kv.value))
                        }
                        Prop::Shorthand(n) => (n.sym.to_string(), self.reach(&Expr::Ident(n.clone()))),
                        _ => continue,
                    };
                    if let Some(d) = d {
                        self.literal_keys.push((name.clone(), key, d));
                    }
                }
                return;
            }
        }
        let mut names = Vec::new();
        crate::read::writes::pattern_names(pat, &mut names);
        if let Some(d) = self.depth(value) {
            let d = if matches!(pat, Pat::Ident(_)) { d } else { d + 1 };
            for n in names {
                if !self.roots.iter().any(|(k, _)| *k == n) {
                    self.roots.push((n.clone(), d));
                    self.made.push(n);
                }
            }
        }
        if self.opaque(value) {
            self.bind_opaque(pat);
        }
    }
    /// The function read's own parameters whose default is made of the child
    /// (`function f(state, execution = state.execution)`).
    fn defaults_of(&mut self, node: FnNode) {
        for p in node.param_pats() {
            if let Some(Pat::Assign(a)) = p {
                self.bind_default(a);
            }
        }
    }
    /// A default made of the child: what it is, or opaque where no depth is known.
    fn bind_default(&mut self, a: &AssignPat) {
        if self.mentions(&a.right) {
            self.bind_made(&a.left, &a.right);
            if self.depth(&a.right).is_none() {
                self.bind_opaque(&a.left);
            }
        }
    }
    /// A call that may put a value carrying a message into the child: a method
    /// of what code the tool does not classify made of it (`new Briefer(child).brief(m)`,
    /// a bound `push`), a member of the execution class, or a computed key,
    /// called on what may be the child (`state.execution.addBriefing(m)`), or any
    /// method but a reading one called on the child itself. And a callback handed
    /// to a call made of the child takes what it is given as opaque
    /// (`Promise.resolve(child).then((c) => …)`, `list.map((e) => e.prompts)`).
    fn opaque_call(&mut self, call: &CallExpr) {
        let Callee::Expr(c) = &call.callee else { return };
        let made_of_child = self.mentions(c) || call.args.iter().any(|a| self.mentions(&a.expr));
        // In a method of the class: `append(this.prompts)`, `use(this.prompts)`: a function
        // declared here is read as a callback; one the method is given (a parameter) is code
        // not read (round 26). Elsewhere the hand-off follower reads where the child goes.
        if let (true, true, Expr::Ident(f)) = (self.this_child, made_of_child, strip_parens(c)) {
            if self.params.iter().any(|p| *p == *f.sym) {
                self.found(
                    range(call),
                    &format!("hands what is made of the child to `{}`, a function it is given", f.sym),
                );
            } else if self.scope.is_some_and(|s| crate::read::scope::declared_by(s).contains(&*f.sym)) {
                self.read_named(f);
            }
        }
        // `((list) => list.push(m))(this.prompts)`: a function called where it is written.
        if made_of_child {
            match strip_parens(c) {
                Expr::Arrow(f) => self.read_callback(f.params.iter().collect(), FnNode::Arrow(f)),
                Expr::Fn(f) => self
                    .read_callback(f.function.params.iter().map(|p| &p.pat).collect(), FnNode::Function(&f.function)),
                _ => {}
            }
        }
        if made_of_child && !matches!(strip_parens(c), Expr::Member(m) if self.reach(&m.obj) == Some(-1)) {
            for a in &call.args {
                match strip_parens(&a.expr) {
                    Expr::Arrow(f) => self.read_callback(f.params.iter().collect(), FnNode::Arrow(f)),
                    Expr::Fn(f) => self.read_callback(
                        f.function.params.iter().map(|p| &p.pat).collect(),
                        FnNode::Function(&f.function),
                    ),
                    Expr::Ident(id) if takes_callback(c) => self.read_named(id),
                    _ => {}
                }
            }
        }
        // A value from elsewhere: the child itself, or what a method of the child gives
        // (`execution.recordPrompt(execution.takeSteering())`, its own queue), is not.
        let carries = call.args.iter().any(|a| {
            a.spread.is_some()
                || !(carries_no_message(&a.expr)
                    || matches!(strip_parens(&a.expr), Expr::Arrow(_) | Expr::Fn(_))
                    || self.of_the_child_itself(&a.expr))
        });
        if !carries {
            return;
        }
        // `push.call(list, m)`, `Array.prototype.push.apply(list, [m])`, `Reflect.apply(push,
        // list, [m])`: a function run on what may hold the child, handed a message (round 25).
        let this_at = match strip_parens(c) {
            Expr::Member(m) if matches!(strip_parens(&m.obj), Expr::Ident(r) if &*r.sym == "Reflect") => {
                matches!(member_name(&m.prop), Some("apply" | "construct")).then_some(1)
            }
            // A function's own `call`/`apply` (not a bundle method of that name, `toolbox.call(…)`):
            // on an adding method, a prototype's method, a plain name or what is made of the child.
            Expr::Member(m) if matches!(member_name(&m.prop), Some("call" | "apply")) => {
                let function = match strip_parens(&m.obj) {
                    Expr::Ident(_) => true,
                    Expr::Member(f) => {
                        member_name(&f.prop).is_some_and(|k| ADDS.contains(&k))
                            || matches!(strip_parens(&f.obj), Expr::Member(p) if member_name(&p.prop) == Some("prototype"))
                            || self.opaque(&m.obj)
                    }
                    other => self.opaque(other),
                };
                function.then_some(0)
            }
            _ => None,
        };
        if let Some(i) = this_at {
            let on_child = call.args.get(i).is_some_and(|t| self.within(&t.expr, -1));
            let others = call.args.iter().enumerate().any(|(j, a)| {
                j != i && (a.spread.is_some() || !(carries_no_message(&a.expr) || self.of_the_child_itself(&a.expr)))
            });
            if on_child && others {
                self.found(
                    range(call),
                    "runs a function on what may hold the child, handed a value that may carry a message",
                );
            }
        }
        let target = match strip_parens(c) {
            Expr::Ident(id) => self.anys.iter().any(|a| *a == *id.sym),
            Expr::Member(m) => {
                let name = member_name(&m.prop);
                let reading = name.is_some_and(|k| READING_METHODS.contains(&k));
                let own = name.is_none_or(|k| self.members.contains(k));
                let depth = self.reach(&m.obj);
                // Exactly the child (not a holder's member that may be something else).
                let the_child = depth == Some(0) && !self.read_through_holder(&m.obj);
                // A method of the class read from its body: it gives its object nothing.
                let benign = name.is_some_and(|k| self.exec.benign.contains(k));
                ((self.opaque(&m.obj) || self.is_fresh(&m.obj)) && !reading && !benign)
                    || (depth.is_some_and(|d| d >= 0) && own && !reading && !benign)
                    || (the_child && !reading && !benign)
            }
            other => self.opaque(other),
        };
        if target {
            self.found(range(call), "hands a value that may carry a message to what may be the child");
        }
    }
    /// Whether `e` is the child itself or what one of its own methods gives back.
    fn of_the_child_itself(&self, e: &Expr) -> bool {
        match strip_parens(e) {
            Expr::Call(CallExpr { callee: Callee::Expr(c), args, .. }) => {
                matches!(strip_parens(c), Expr::Member(m) if self.reach(&m.obj) == Some(0))
                    && args.iter().all(|a| a.spread.is_none() && carries_no_message(&a.expr))
            }
            e => self.reach(e) == Some(0),
        }
    }
    /// Code reading a container of executions: one handed to a function (`remind(sub,
    /// message)`) reaches code not followed from here (round 26). A method of the
    /// container itself, or a lookup keyed by one, is not a hand-off.
    fn registry_handoff(&mut self, call: &CallExpr) {
        if self.containers.is_empty() {
            return;
        }
        let keyed = matches!(&call.callee, Callee::Expr(c) if matches!(strip_parens(c), Expr::Member(m)
            if self.reach(&m.obj) == Some(-1)
                || matches!(member_name(&m.prop), Some("get" | "has" | "delete" | "includes" | "indexOf" | "lastIndexOf"))));
        // `f(e)`, `f.call(this, e)`, `helper(this, set, f).call(this, e)`: the function, the
        // place of the first argument it is given, and the helper that gave it.
        let named: Option<(String, usize, Option<String>)> = match &call.callee {
            Callee::Expr(c) => match strip_parens(c) {
                Expr::Ident(f) => Some((f.sym.to_string(), 0, None)),
                Expr::Member(m) if member_name(&m.prop) == Some("call") => match strip_parens(&m.obj) {
                    Expr::Ident(f) => Some((f.sym.to_string(), 1, None)),
                    Expr::Call(CallExpr { callee: Callee::Expr(h), args, .. }) => {
                        match (strip_parens(h), args.last().map(|a| strip_parens(&a.expr))) {
                            (Expr::Ident(h), Some(Expr::Ident(f))) => {
                                Some((f.sym.to_string(), 1, Some(h.sym.to_string())))
                            }
                            _ => None,
                        }
                    }
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        for (i, a) in call.args.iter().enumerate() {
            if keyed || !self.hands_on_held(&a.expr) {
                continue;
            }
            // One execution by name to a function by name: the caller reads that function.
            match &named {
                Some((f, first, helper)) if i >= *first && a.spread.is_none() && self.reach(&a.expr) == Some(0) => {
                    self.handed.push((f.clone(), i - first, range(call), helper.clone()))
                }
                _ => self.found(range(call), "hands an execution it holds to a function not followed from here"),
            }
        }
    }
    /// A callback handed by name to a call made of the child (`targets.forEach(briefOne)`):
    /// each function the function read declares by that name is read as one written in
    /// place; a name it does not declare (a top-level function, an import) is not read,
    /// and what it may do to the child is found (round 26).
    fn read_named(&mut self, id: &Ident) {
        struct Named<'g, 'r> {
            outer: &'g mut Given<'r>,
            name: &'g str,
            read: usize,
        }
        impl Visit for Named<'_, '_> {
            fn visit_fn_decl(&mut self, f: &FnDecl) {
                if *f.ident.sym == *self.name {
                    self.read += 1;
                    let params = f.function.params.iter().map(|p| &p.pat).collect();
                    self.outer.read_callback(params, FnNode::Function(&f.function));
                }
                f.visit_children_with(self);
            }
            fn visit_var_declarator(&mut self, d: &VarDeclarator) {
                if let (Pat::Ident(n), Some(init)) = (&d.name, d.init.as_deref()) {
                    if *n.id.sym == *self.name {
                        self.read += 1;
                        match strip_parens(init) {
                            Expr::Arrow(f) => self.outer.read_callback(f.params.iter().collect(), FnNode::Arrow(f)),
                            Expr::Fn(f) => self.outer.read_callback(
                                f.function.params.iter().map(|p| &p.pat).collect(),
                                FnNode::Function(&f.function),
                            ),
                            // Bound to anything else: not a function read here.
                            _ => self.read = usize::MAX / 2,
                        }
                    }
                }
                d.visit_children_with(self);
            }
        }
        if matches!(&*id.sym, "String" | "Number" | "Boolean") || self.reach(&Expr::Ident(id.clone())).is_some() {
            return;
        }
        let name = id.sym.to_string();
        let read = match self.scope {
            Some(node) => {
                let mut named = Named { outer: self, name: &name, read: 0 };
                node.visit(&mut named);
                named.read
            }
            None => 0,
        };
        if read == 0 || read >= usize::MAX / 2 {
            self.found(range(id), &format!("hands what is made of the child to `{name}`, a function not read here"));
        }
    }
    /// A callback handed to a call made of the child, read with what it is given as
    /// opaque; its parameters stand for that only inside it (minified code reuses names).
    fn read_callback(&mut self, params: Vec<&Pat>, node: FnNode) {
        let mut names = Vec::new();
        for p in &params {
            crate::read::writes::pattern_names(p, &mut names);
        }
        let mut inner = self.inner(&names, node);
        inner.anys.extend(names);
        self.read_nested(inner, node);
    }
    /// A container's callback (`executions.forEach((e) => …)`), read in its own scope
    /// with each parameter at its depth (an element, the container itself).
    fn read_element_callback(&mut self, params: Vec<(&Pat, i32)>, node: FnNode) {
        let mut names = Vec::new();
        for (p, _) in &params {
            crate::read::writes::pattern_names(p, &mut names);
        }
        let mut inner = self.inner(&names, node);
        for (p, depth) in params {
            let mut bound = Vec::new();
            crate::read::writes::pattern_names(p, &mut bound);
            let depth = if matches!(p, Pat::Ident(_)) { depth } else { depth + 1 };
            for n in bound {
                inner.root(n, depth);
            }
        }
        self.read_nested(inner, node);
    }
    /// A reader of a function nested here, where `names` (its parameters) are its own.
    fn inner<'s>(&self, names: &[String], node: FnNode<'s>) -> Given<'s>
    where
        'r: 's,
    {
        let keep = |n: &String| !names.contains(n);
        Given {
            roots: self.roots.iter().filter(|(n, _)| keep(n)).cloned().collect(),
            maybe: self.maybe.iter().filter(|n| keep(n)).cloned().collect(),
            made: self.made.iter().filter(|n| keep(n)).cloned().collect(),
            anys: self.anys.iter().filter(|n| keep(n)).cloned().collect(),
            literal_keys: self.literal_keys.iter().filter(|(n, _, _)| keep(n)).cloned().collect(),
            derived: self.derived.iter().filter(|n| keep(n)).cloned().collect(),
            fresh: self.fresh.iter().filter(|n| keep(n)).cloned().collect(),
            containers: self.containers,
            returners: self.returners,
            makers: self.makers,
            this_child: self.this_child,
            ..Given::of(self.exec, node, self.when)
        }
    }
    /// A declaration's name, opaque where what it declares mentions the child.
    fn declared_over_child(&mut self, name: &Ident, mentions: bool) {
        if mentions && !self.anys.iter().any(|a| *a == *name.sym) {
            self.anys.push(name.sym.to_string());
        }
    }
    /// Names bound by `pat` that may be what is made of the child: opaque.
    fn bind_opaque(&mut self, pat: &Pat) {
        let mut names = Vec::new();
        crate::read::writes::pattern_names(pat, &mut names);
        for n in names {
            if !self.anys.contains(&n) {
                self.anys.push(n);
            }
        }
    }
    fn returner(&self, callee: &Expr) -> Option<i32> {
        let name = match strip_parens(callee) {
            Expr::Ident(id) => &*id.sym,
            Expr::Member(m) => member_name(&m.prop)?,
            _ => return None,
        };
        self.returners.iter().find(|(n, _)| n == name).map(|(_, d)| *d)
    }
    /// What a function reading the containers gives back of them: followed to
    /// its callers where it is all it does (a plain `return` of one), else a
    /// hand-on the tool does not follow.
    fn gives_back(&mut self, at: Range<usize>, e: &Expr, how: &str) {
        match self.reach(e) {
            Some(d) if d <= 0 => self.returned.push((at, d)),
            _ => self.found(at, &format!("hands on an execution it holds ({how})")),
        }
    }
    fn found(&mut self, at: Range<usize>, what: &str) {
        if self.found.is_none() {
            self.found = Some((
                at,
                format!("{what}{}, in code the proof does not run, so steers can reach it there", self.when),
            ));
        }
    }
    /// Whether `name` is bound once in the function read and written nowhere else.
    fn once(&mut self, name: &str) -> bool {
        if self.bound_once.iter().any(|n| n == name) {
            return true;
        }
        let Some(node) = self.node else { return false };
        let once = !bound_once_of(node, Some(&[name.to_string()])).is_empty();
        if once {
            self.bound_once.push(name.to_string());
        }
        once
    }
    /// A function written in place and called at once, given a holder of the
    /// child at parameter `i`: what it gives the child is found as here.
    fn read_inline(&mut self, node: FnNode, i: usize, args: &[ExprOrSpread]) {
        let Some(Some(param)) = param_names(node).into_iter().nth(i) else {
            return self.found(range(&*args[i].expr), "is handed to a function written in place that takes it apart");
        };
        let depth = self.reach(&args[i].expr).unwrap_or(-1);
        let inner = Given {
            roots: vec![(param, depth)],
            containers: self.containers,
            returners: self.returners,
            makers: self.makers,
            this_child: self.this_child,
            ..Given::of(self.exec, node, self.when)
        };
        self.read_nested(inner, node);
    }
    /// Reads a nested function's body with `inner`; what it finds is found here.
    fn read_nested(&mut self, mut inner: Given, node: FnNode) {
        match node {
            FnNode::Function(f) => f.body.visit_with(&mut inner),
            FnNode::Arrow(a) => a.body.visit_with(&mut inner),
            FnNode::Constructor(_) => {}
        }
        if self.found.is_none() {
            self.found = inner.found;
        }
    }
    /// Whether `e` is made only of literals, the child (and what holds it or
    /// is under it) and the function's own parameters, by literals.
    fn made_of_inputs(&self, e: &Expr) -> bool {
        match strip_parens(e) {
            e if carries_no_message(e) => true,
            e if self.reach(e).is_some() => true,
            Expr::Ident(id) => self.params.iter().any(|p| *p == *id.sym),
            Expr::Array(a) => a.elems.iter().flatten().all(|x| x.spread.is_none() && self.made_of_inputs(&x.expr)),
            Expr::Object(o) => o.props.iter().all(|p| match p {
                PropOrSpread::Prop(p) => match &**p {
                    Prop::KeyValue(kv) => self.made_of_inputs(&kv.value),
                    Prop::Shorthand(n) => {
                        self.roots.iter().any(|(r, _)| *r == *n.sym) || self.params.iter().any(|p| *p == *n.sym)
                    }
                    _ => false,
                },
                PropOrSpread::Spread(_) => false,
            }),
            _ => false,
        }
    }
    fn root(&mut self, name: String, depth: i32) {
        if !self.roots.iter().any(|(k, _)| *k == name) {
            self.roots.push((name, depth));
        }
    }
}
impl Visit for Given<'_> {
    // `catch (t)` beside a tracked `t` (a minifier reuses names): inside, `t` is the error.
    fn visit_catch_clause(&mut self, c: &CatchClause) {
        let mut declared = Vec::new();
        if let Some(p) = &c.param {
            crate::read::writes::pattern_names(p, &mut declared);
        }
        if declared.is_empty() {
            return c.visit_children_with(self);
        }
        // Take the shadowed names out for the clause and put them back after it: what the body
        // learnt of other names stays.
        fn take<T>(list: &mut Vec<T>, shadowed: impl Fn(&T) -> bool) -> Vec<T> {
            let (out, keep): (Vec<T>, Vec<T>) = std::mem::take(list).into_iter().partition(|x| shadowed(x));
            *list = keep;
            out
        }
        fn put<T>(list: &mut Vec<T>, shadowed: impl Fn(&T) -> bool, before: Vec<T>) {
            list.retain(|x| !shadowed(x));
            list.extend(before);
        }
        let name = |n: &String| declared.contains(n);
        let roots = take(&mut self.roots, |(n, _)| name(n));
        let literal_keys = take(&mut self.literal_keys, |(n, _, _)| name(n));
        let lists = [&mut self.maybe, &mut self.made, &mut self.anys, &mut self.derived, &mut self.fresh];
        let names: Vec<Vec<String>> = lists.into_iter().map(|l| take(l, name)).collect();
        c.visit_children_with(self);
        put(&mut self.roots, |(n, _)| name(n), roots);
        put(&mut self.literal_keys, |(n, _, _)| name(n), literal_keys);
        let lists = [&mut self.maybe, &mut self.made, &mut self.anys, &mut self.derived, &mut self.fresh];
        for (l, before) in lists.into_iter().zip(names) {
            put(l, name, before);
        }
    }
    // `throw { target: child }`: any `catch` up the stack takes it, in code not read (round 28).
    fn visit_throw_stmt(&mut self, t: &ThrowStmt) {
        if self.carries_child(&t.arg) {
            self.found(range(t), "throws what may be the child, which a `catch` the tool does not follow may take");
        }
        t.visit_children_with(self);
    }
    // ``brief`${child}…` ``: the tag is handed what may be the child, in code not read (round 27).
    fn visit_tagged_tpl(&mut self, t: &TaggedTpl) {
        if t.tpl.exprs.iter().any(|x| self.mentions(x)) {
            self.found(range(t), "hands what may be the child to a template's tag, which the tool does not read");
        }
        t.visit_children_with(self);
    }
    // `(execution = state.execution) => …`: a default made of the child (round 24).
    fn visit_assign_pat(&mut self, p: &AssignPat) {
        self.bind_default(p);
        p.visit_children_with(self);
    }
    // Code reading a container of executions that builds anything from one of them
    // (`new AgentExecution({ sessionServices: kept.sessionServices, … })`: a kept
    // child rebuilt elsewhere, at any depth) hands what it holds on: round 14, once
    // `[...list]` was read as the container it is.
    fn visit_new_expr(&mut self, n: &NewExpr) {
        if !self.containers.is_empty() {
            let built_from = n.args.iter().flatten().any(|a| self.carries_held(&a.expr));
            if built_from {
                self.found(range(n), "builds something from an execution it holds");
            }
        }
        // `new Briefing(state.execution, said)`: a constructor is not followed as a
        // function is, so one handed what may be the child (or a member of it beside a
        // value from elsewhere) may give it anything (round 26). The language's own
        // containers and a new execution (`fresh_new`) are not such constructors.
        let args: &[ExprOrSpread] = n.args.as_deref().unwrap_or_default();
        let builtin = matches!(strip_parens(&n.callee), Expr::Ident(c)
            if (BUILT_INS.contains(&&*c.sym) || self.exec.inert.contains(&*c.sym))
                && !self.scope.is_some_and(|f| crate::read::scope::declared_by(f).contains(&*c.sym)));
        if !builtin && !self.fresh_new(n) {
            let the_child = args.iter().any(|a| {
                a.spread.is_some() && self.mentions(&a.expr)
                    || self.reach(&a.expr).is_some_and(|d| d <= 0)
                    || self.holds_the_child(&a.expr)
                    || self.opaque(&a.expr)
                    || self.is_fresh(&a.expr)
            });
            let member = args.iter().position(|a| a.spread.is_none() && self.member_of_child(&a.expr));
            let beside = member.is_some_and(|i| {
                args.iter().enumerate().any(|(j, a)| j != i && (a.spread.is_some() || !carries_no_message(&a.expr)))
            });
            if the_child || beside {
                self.found(range(n), "hands what may be the child to a constructor the tool does not read");
            }
        }
        n.visit_children_with(self);
    }
    // A function or class declared here that mentions the child: what its calls or
    // instances give back is made of it (`function* targets() { yield state.execution }`).
    fn visit_fn_decl(&mut self, f: &FnDecl) {
        let mentions = self.mentions_in(&*f.function);
        self.declared_over_child(&f.ident, mentions);
        f.visit_children_with(self);
    }
    fn visit_class_decl(&mut self, c: &ClassDecl) {
        let mentions = self.mentions_in(&*c.class);
        self.declared_over_child(&c.ident, mentions);
        c.visit_children_with(self);
    }
    // Code reading a container of executions: one it returns, yields or hands
    // on reaches code that is not read here (`latest() { return this.executions.at(-1) }`).
    fn visit_return_stmt(&mut self, r: &ReturnStmt) {
        if let Some(arg) = &r.arg {
            if !self.containers.is_empty() && self.hands_on_held(arg) {
                self.gives_back(range(r), arg, "returned");
            }
        }
        r.visit_children_with(self);
    }
    fn visit_yield_expr(&mut self, y: &YieldExpr) {
        if let Some(arg) = &y.arg {
            if !self.containers.is_empty() && self.hands_on_held(arg) {
                self.found(range(y), "hands on an execution it holds (yielded)");
            }
        }
        y.visit_children_with(self);
    }
    fn visit_arrow_expr(&mut self, a: &ArrowExpr) {
        // `(e) => e`: a callback's expression body is its return.
        if let ArrowFunctionBody::Expr(e) = &*a.body {
            if !self.containers.is_empty() && self.hands_on_held(e) {
                self.found(range(a), "hands on an execution it holds (returned by a callback)");
            }
        }
        a.visit_children_with(self);
    }
    // `for (const e of executions)`: each element.
    fn visit_for_of_stmt(&mut self, s: &ForOfStmt) {
        // Elements of anything else made of the child: a member's elements one
        // further down, what an opaque value yields opaque (round 24).
        let pat = match &s.left {
            ForHead::VarDecl(v) => v.decls.first().filter(|_| v.decls.len() == 1).map(|d| &d.name),
            ForHead::Pat(p) => Some(&**p),
            ForHead::UsingDecl(_) => None,
        };
        if let Some(pat) = pat.filter(|_| self.reach(&s.right) != Some(-1)) {
            match self.depth(&s.right) {
                Some(d) => {
                    let mut names = Vec::new();
                    crate::read::writes::pattern_names(pat, &mut names);
                    let d = if matches!(pat, Pat::Ident(_)) { d + 1 } else { d + 2 };
                    for n in names {
                        if !self.roots.iter().any(|(k, _)| *k == n) {
                            self.roots.push((n.clone(), d));
                            self.made.push(n);
                        }
                    }
                }
                None if self.opaque(&s.right) => self.bind_opaque(pat),
                None => {}
            }
        }
        // `for (target of [child]) break;`: a head that assigns names declared elsewhere
        // gives them what the right side yields, the child included (round 28).
        if let ForHead::Pat(p) = &s.left {
            if self.mentions(&s.right) {
                self.bind_opaque(p);
            }
        }
        if self.reach(&s.right) == Some(-1) {
            if let ForHead::VarDecl(v) = &s.left {
                let mut names = Vec::new();
                for d in &v.decls {
                    crate::read::writes::pattern_names(&d.name, &mut names);
                }
                let below = if v.decls.iter().all(|d| matches!(d.name, Pat::Ident(_))) { 0 } else { 1 };
                for n in names {
                    self.root(n, below);
                }
            }
        }
        s.visit_children_with(self);
    }
    fn visit_var_declarator(&mut self, d: &VarDeclarator) {
        self.opaque_pattern(&d.name, d.init.as_deref());
        if let (Pat::Ident(id), Some(init)) = (&d.name, d.init.as_deref()) {
            let plain = match strip_parens(init) {
                Expr::Array(_) => true,
                Expr::Object(o) => o.props.iter().all(|p| match p {
                    PropOrSpread::Prop(p) => matches!(&**p, Prop::KeyValue(_) | Prop::Shorthand(_)),
                    PropOrSpread::Spread(_) => false,
                }),
                _ => false,
            };
            if plain && self.once(&id.id.sym) {
                self.plain.push(id.id.sym.to_string());
            }
        }
        // `const { executions } = services`: a container of executions, by its key.
        if let Pat::Object(o) = &d.name {
            for p in &o.props {
                let (key, name) = match p {
                    // `{ ["resolution-mode"]: res }`: a computed key spelled as a string is that key.
                    ObjectPatProp::KeyValue(kv) => match &*kv.value {
                        Pat::Ident(id) => (literal_key(&kv.key), id.id.sym.to_string()),
                        _ => continue,
                    },
                    ObjectPatProp::Assign(a) => (Some(&*a.key.sym), a.key.sym.to_string()),
                    ObjectPatProp::Rest(_) => continue,
                };
                // A computed key may be any of them.
                if key.is_none_or(|k| self.containers.iter().any(|c| c == k))
                    && !self.roots.iter().any(|(r, _)| *r == name)
                {
                    self.roots.push((name, -1));
                }
            }
        }
        if let (Pat::Ident(id), Some(init)) = (&d.name, d.init.as_deref()) {
            let call = match strip_parens(init) {
                Expr::Await(a) => strip_parens(&a.arg),
                other => other,
            };
            if let Expr::Call(CallExpr { callee: Callee::Expr(callee), args, .. }) = call {
                // The maker by name, or written in place (a minifier's `function (e) {…}(state)`).
                let place = match strip_parens(callee) {
                    Expr::Ident(f) => self.makers.iter().find(|(m, _)| *m == *f.sym).map(|(_, i)| *i),
                    Expr::Fn(f) => copies_parameter(FnNode::Function(&f.function)),
                    Expr::Arrow(a) => copies_parameter(FnNode::Arrow(a)),
                    _ => None,
                };
                let made = place.is_some_and(|i| {
                    args.iter().take(i + 1).all(|a| a.spread.is_none())
                        && args.get(i).is_some_and(|a| {
                            self.reach(&a.expr).is_some_and(|r| r < 0)
                                && !matches!(strip_parens(&a.expr), Expr::Ident(n) if self.made.iter().any(|m| *m == *n.sym))
                        })
                });
                // A maker written in place is read here, its parameter the holder it is given
                // (a named one is followed as a hand-off): round 23.
                if let (true, Some(i)) = (made, place) {
                    let inline = match strip_parens(callee) {
                        Expr::Fn(f) => Some(FnNode::Function(&f.function)),
                        Expr::Arrow(a) => Some(FnNode::Arrow(a)),
                        _ => None,
                    };
                    if let Some(node) = inline {
                        self.read_inline(node, i, args);
                    }
                }
                if made && self.once(&id.id.sym) {
                    self.derived.push(id.id.sym.to_string());
                }
            }
            // `let state = { execution, context: [{ role: "user", text: prompt }] }`: the run's
            // own state, holding the child and made of nothing but it, its parameters and literals.
            if let Expr::Object(o) = call {
                let holds = o.props.iter().any(|p| match p {
                    PropOrSpread::Prop(p) => match &**p {
                        Prop::Shorthand(n) => self.roots.iter().any(|(r, d)| *r == *n.sym && *d == 0),
                        Prop::KeyValue(kv) => self.reach(&kv.value) == Some(0),
                        _ => false,
                    },
                    PropOrSpread::Spread(_) => false,
                });
                if holds && self.made_of_inputs(call) && self.once(&id.id.sym) {
                    self.derived.push(id.id.sym.to_string());
                }
            }
        }
        if let Some(init) = d.init.as_deref().filter(|i| self.reach(i).is_none()) {
            self.bind_made(&d.name, init);
        }
        if let Some(r) = d.init.as_deref().and_then(|i| self.reach(i)) {
            let mut names = Vec::new();
            crate::read::writes::pattern_names(&d.name, &mut names);
            // `const { prompts } = child`: each name is one member further down.
            let r = if matches!(d.name, Pat::Ident(_)) { r } else { r + 1 };
            // Taken from what only holds the child somewhere (`const { execution } = state`,
            // `const toolUse = state.pendingToolUse`): it may be the child, or anything else.
            let maybe = d.init.as_deref().is_some_and(|i| self.read_through_holder(i));
            for n in names {
                if !self.roots.iter().any(|(k, _)| *k == n) {
                    if maybe {
                        self.maybe.push(n.clone());
                    }
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
        // `state.execution.state = state`: the holder the child came in, put on the
        // child, gives it nothing the holder did not already hand its run.
        let own_holder = match strip_parens(&a.right) {
            Expr::Ident(id) if self.made.iter().any(|n| *n == *id.sym) => false,
            Expr::Ident(id) => {
                self.reach(&a.right).is_some_and(|d| d < 0) || self.derived.iter().any(|n| *n == *id.sym)
            }
            _ => false,
        };
        // `sub = state.execution`, `target ??= pick(state)`, `({ execution: sub } = state)`:
        // the names written are what the value is made of (rounds 24, 25).
        let pat = match &a.left {
            AssignTarget::Simple(SimpleAssignTarget::Ident(id)) => Some(Pat::Ident(id.clone())),
            AssignTarget::Pat(AssignTargetPat::Object(o)) => Some(Pat::Object(o.clone())),
            AssignTarget::Pat(AssignTargetPat::Array(x)) => Some(Pat::Array(x.clone())),
            _ => None,
        };
        if let Some(pat) = pat {
            self.opaque_pattern(&pat, Some(&a.right));
            self.bind_value(&pat, &a.right);
        }
        // `[slots[0]] = [child]`, `({ target: job.target } = state)`: members written by a pattern.
        if let AssignTarget::Pat(p) = &a.left {
            if self.mentions(&a.right) {
                let mut objects = Vec::new();
                pattern_member_objects(p, &mut objects);
                for o in objects {
                    self.store_on(o, None, range(a));
                }
            }
        }
        if moves {
            self.found(range(a), "writes a field of the child the drain reads");
        } else if !written.is_empty() && !own_holder && !carries_no_message(&a.right) {
            self.found(range(a), "writes into the child");
        }
        // `briefing.target = state.execution` on an object of the bundle's: a setter of
        // that key, or whatever reads it later, gets the child (round 26). Only a local
        // literal with no accessor runs nothing; what is made of the child is judged above.
        if let AssignTarget::Simple(SimpleAssignTarget::Member(m)) = &a.left {
            let unrelated = !self.mentions(&m.obj);
            let literal = matches!(strip_parens(&m.obj), Expr::Ident(o) if self.plain.iter().any(|n| *n == *o.sym));
            let child = self.depth(&a.right).is_some_and(|d| d >= -1) || self.opaque(&a.right);
            if unrelated && !literal && child && !matches!(strip_parens(&m.obj), Expr::This(_)) {
                self.found(range(a), "stores what may be the child on an object whose setter or reader is not read");
            }
            // On a local literal, what is stored there is the literal's from now on (round 27).
            if literal && (child || self.mentions(&a.right)) {
                let key = match &m.prop {
                    MemberProp::Ident(k) => Some(&*k.sym),
                    _ => None,
                };
                self.store_on(&m.obj, key, range(a));
            }
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
        self.opaque_call(call);
        self.registry_handoff(call);
        // `executions.forEach((e) => …)`: the callback's parameters are elements (the
        // accumulator's neighbour in `reduce`), and its third the container; an index is neither.
        if let Callee::Expr(c) = &call.callee {
            if let Expr::Member(m) = strip_parens(c) {
                if self.reach(&m.obj) == Some(-1) {
                    let reduce = matches!(member_name(&m.prop), Some("reduce" | "reduceRight"));
                    let (element, container) = if reduce { (1, 3) } else { (0, 2) };
                    // Read in its own scope: minified code reuses a callback's parameter
                    // names for unrelated values elsewhere in the function (round 26).
                    let at = |params| element_params(params, element, container);
                    for a in &call.args {
                        match strip_parens(&a.expr) {
                            Expr::Arrow(f) => {
                                self.read_element_callback(at(f.params.iter().collect()), FnNode::Arrow(f))
                            }
                            Expr::Fn(f) => self.read_element_callback(
                                at(f.function.params.iter().map(|p| &p.pat).collect()),
                                FnNode::Function(&f.function),
                            ),
                            Expr::Ident(id) if takes_callback(c) => self.read_named(id),
                            _ => {}
                        }
                    }
                }
            }
        }
        let mut w = Vec::new();
        crate::read::writes::of_call(call, &mut w);
        // `Object.assign(job, { target: child })`, `Object.defineProperty(job, "target", …)`:
        // what may be the child stored on the object written (round 27).
        if call.args.iter().skip(1).any(|a| self.mentions(&a.expr)) {
            for target in &w {
                if let crate::read::writes::Target::Reflected { object, .. } = &target.target {
                    let literal =
                        matches!(strip_parens(object), Expr::Ident(o) if self.plain.iter().any(|n| *n == *o.sym));
                    if literal && !self.mentions(object) {
                        self.store_on(object, None, range(call));
                    }
                }
            }
        }
        let reflected = w.iter().any(
            |w| matches!(&w.target, crate::read::writes::Target::Reflected { object, .. } if self.within(object, 0)),
        );
        // `Reflect.defineProperty(child, "subExecutionDepth", { value: 0 })`: a field the drain
        // reads (or a key the tool cannot read) moves what it delivers, whatever the value.
        let moves = w.iter().any(|w| match &w.target {
            crate::read::writes::Target::Reflected { object, key, .. } if self.within(object, 0) => {
                match key.as_deref().map(strip_parens) {
                    Some(Expr::Lit(Lit::Str(k))) => k.value.as_str().is_none_or(|k| self.read.contains(k)),
                    // `Object.assign(child, { label: "x" })`: the keys its literal sources spell.
                    None => !call.args.iter().skip(1).all(|a| {
                        a.spread.is_none()
                            && matches!(strip_parens(&a.expr), Expr::Object(o) if o.props.iter().all(|p| matches!(p,
                                PropOrSpread::Prop(p) if matches!(&**p, Prop::KeyValue(kv)
                                    if prop_name(&kv.key).is_some_and(|k| !self.read.contains(k))))))
                    }),
                    _ => true,
                }
            }
            _ => false,
        });
        if moves {
            self.found(range(call), "writes a field of the child the drain reads");
        }
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
        // `appendBriefing(child.prompts, brief)`, `brief(child.executionId, said)`: a member
        // of the child handed on beside a value from elsewhere that may carry a message; the
        // callee may put the one into the other, or key the value by the child.
        let member = call.args.iter().any(|x| x.spread.is_none() && self.member_of_child(&x.expr));
        // A count kept under the child's name (`seen.set(c.agentName, (seen.get(c.agentName) ?? 0) + 1)`)
        // is made of the container's own values, the child and literals: nothing from elsewhere.
        let own = match &call.callee {
            Callee::Expr(c) => match strip_parens(c) {
                Expr::Member(m) if member_name(&m.prop).is_some_and(|k| KEEPS.contains(&k)) => Some(&*m.obj),
                _ => None,
            },
            _ => None,
        };
        // Another argument: any that may carry a message (another of the child's members
        // too: `open(child.prompts, child.sessionServices)`), but not a literal holding the
        // child itself, a hand-off followed as such. A container's own value is made of
        // its own holdings and literals, never of the child (`seen.set(c.id, c.prompts)` keeps it).
        let member_at = call.args.iter().position(|x| x.spread.is_none() && self.member_of_child(&x.expr));
        let from_elsewhere = call.args.iter().enumerate().any(|(i, x)| {
            let value_place = own.is_some() && i + 1 == call.args.len();
            Some(i) != member_at
                && (x.spread.is_some()
                    || (!carries_no_message(&x.expr)
                        && self.reach(&x.expr) != Some(0)
                        && !self.holds_the_child(&x.expr)
                        && !own.is_some_and(|own| self.made_of_own(&x.expr, own, !value_place))))
                || (value_place && Some(i) == member_at)
        });
        // `buffer.acknowledge(message.id, child.executionId)`: the buffer's own acknowledgment.
        // `Math.min(child.steeringReaderIndex, buffer.length)`: numbers in, a number out.
        let acknowledges = matches!(&call.callee, Callee::Expr(c) if matches!(strip_parens(c), Expr::Member(m)
            if member_name(&m.prop).is_some_and(|k| self.exec.acks.contains(k))
                || matches!(strip_parens(&m.obj), Expr::Ident(g) if &*g.sym == "Math"
                    && !self.scope.is_some_and(|f| crate::read::scope::declared_by(f).contains("Math")))));
        if !reflected && !added && member && from_elsewhere && !acknowledges {
            self.found(range(call), "hands a member of the child on beside a value that may carry a message");
        }
        call.visit_children_with(self);
    }
}

/// Where a function the child is handed to puts something into it that is
/// not a constant (`child.prompts.push(brief)`, `child.history = log`,
/// `Object.assign(child, extra)`): the proof does not run that function, so
/// what it gives the child, steers included, reaches it past the drain.
/// `makers`: top-level functions that give back a copy of their parameter at
/// that place (`copies_parameter`): what one makes of a holder of the child is
/// the run's next holder.
pub fn given_in_callee(
    f: &FnInfo,
    param: &str,
    inside: bool,
    read: &ExecReads,
    makers: &[(String, usize)],
) -> Option<Found> {
    let roots = vec![(param.to_string(), if inside { -1 } else { 0 })];
    let mut given = Given { roots, makers, ..Given::of(read, f.node, " before its run") };
    given.defaults_of(f.node);
    given_by(f, given).0
}

/// Where code that reaches executions through a container of them (`containers`,
/// its keys, on any object: the registry each execution's constructor joins) puts
/// something into one of them that is not a constant, as `given_in_callee`.
/// Also Ok with how far below an execution what it gives back of them is
/// (its callers are then read the same way), where it gives any back.
/// An execution a registry reader hands to a function by name: the name, the
/// argument's place, the call, and the helper that gave the function where it is
/// run through one (`__privateMethod(this, _set, describe_fn).call(this, e)`).
pub type Handed = (String, usize, Range<usize>, Option<String>);

/// What registry code gives back of the executions it holds (and how far below
/// one), and the functions it hands one to by name.
pub type Registered = (Option<(Range<usize>, i32)>, Vec<Handed>);

/// Also the functions it hands one of those executions to by name, which the
/// caller reads in turn (`remind(sub, message)`).
pub fn given_to_registered(
    f: &FnInfo,
    containers: &[String],
    returners: &[(String, i32)],
    read: &ExecReads,
) -> Result<Registered, Found> {
    // Nothing here is the run's own state: no parameter or single binding is asked about.
    let given = Given { containers, returners, node: None, params: Vec::new(), ..Given::of(read, f.node, "") };
    let (found, returned, handed) = given_by(f, given);
    match found {
        Some(found) => Err(found),
        None => Ok((returned.into_iter().min_by_key(|(_, d)| *d), handed)),
    }
}

/// What a reading found: a place, what it gives back of the containers, and the
/// functions it hands one of their executions to (registry mode).
type GivenBy = (Option<Found>, Vec<(Range<usize>, i32)>, Vec<Handed>);

fn given_by(f: &FnInfo, mut given: Given) -> GivenBy {
    // Each pass may bind more locals to the child; a write found stays found.
    for _ in 0..3 {
        let before = given.roots.len() + given.anys.len() + given.fresh.len();
        visit_body(f, &mut given);
        if given.found.is_some() || given.roots.len() + given.anys.len() + given.fresh.len() == before {
            break;
        }
        given.returned.clear();
        given.handed.clear();
    }
    (given.found, given.returned, given.handed)
}

/// Where a running child kept where other code reaches it is recorded, and which
/// module containers nothing reads (`handed_on_by`).
type Contained<'c> = (&'c mut Option<Found>, &'c dyn Fn(&str) -> bool);

fn kept(
    f: &FnInfo,
    site: &Range<usize>,
    child: Option<&str>,
    holder: Holder,
    follow: Option<&mut Vec<HandedOn>>,
    held: &mut Vec<String>,
    contained: Option<Contained>,
) -> Option<Found> {
    let callee = follow.is_some();
    let (local_keys, local_news) = member_locals(f);
    let mut keep = Keep {
        site: site.clone(),
        names: child.into_iter().map(str::to_string).collect(),
        depth: 0,
        found: None,
        consumed: Vec::new(),
        follow: callee.then(Vec::new),
        after: Vec::new(),
        own_keys: holder.own_keys.to_vec(),
        containers: if holder.container { child.into_iter().map(str::to_string).collect() } else { Vec::new() },
        holders: Vec::new(),
        either: Vec::new(),
        exact: Vec::new(),
        held: Vec::new(),
        local_keys,
        local_news,
        contained: None,
        unfollowed: None,
    };
    // Aliases first (`const rec = { child }`), then the uses of all of them.
    for _ in 0..3 {
        let before = (keep.names.len(), keep.own_keys.len());
        visit_body(f, &mut Aliases(&mut keep));
        if (keep.names.len(), keep.own_keys.len()) == before {
            break;
        }
    }
    keep.exact = exact_holders(f, &keep);
    // A name bound outside the function (a module's `let standby`) keeps it
    // where other code reaches it; a local of the function does not.
    struct OuterStores<'k>(&'k Keep, FnNode<'k>, Option<Found>);
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
    // Once the child runs, where it is kept still matters where code outside this
    // function reaches it later (round 25): a module variable, a member of an outer
    // name or of `this` (a static field, an object's field set by its method), or a
    // container of either, wrapped or not (`live.set(id, new WeakRef(child))`).
    let outer_kept = match &contained {
        Some((_, unread)) => stored.clone().or_else(|| kept_where_reached(f, &keep, *unread)),
        None => None,
    };
    // What the child is given, even once its run is over, stays in what it received (round 21).
    let given = crate::proof::parent_flow::given_from_parent(f, site, &keep.names, holder.reads_call);
    visit_body(f, &mut keep);
    if let (Some(out), Some(found)) = (follow, keep.follow.take()) {
        *out = found;
    }
    held.extend(keep.held.iter().filter(|k| !held.contains(k)).cloned().collect::<Vec<_>>());
    if let Some((contained, _)) = contained {
        *contained = keep.contained.clone().or(keep.unfollowed.clone()).or(outer_kept);
    }
    keep.found.or(stored).or(given)
}

/// The holders of `keep` that are exact (see `Keep::exact`): bound once in `f`
/// by a declaration to an object literal with the child itself under a plain
/// key, no spread, and no write in `f` of that key or a computed one on them.
fn exact_holders(f: &FnInfo, keep: &Keep) -> Vec<(String, String)> {
    struct Find<'k>(&'k Keep, Vec<(String, String)>, Vec<(String, Option<String>)>, Vec<String>);
    impl Visit for Find<'_> {
        fn visit_var_declarator(&mut self, d: &VarDeclarator) {
            if let (Pat::Ident(id), Some(Expr::Object(o))) = (&d.name, d.init.as_deref().map(strip_parens)) {
                let name = id.id.sym.to_string();
                self.3.push(name.clone());
                for p in &o.props {
                    let PropOrSpread::Prop(p) = p else { return d.visit_children_with(self) };
                    match &**p {
                        Prop::Shorthand(n) if self.0.is_child_name(&Expr::Ident(n.clone())) => {
                            self.1.push((name.clone(), n.sym.to_string()))
                        }
                        Prop::KeyValue(kv) if self.0.is_child_name(&kv.value) => {
                            if let Some(k) = prop_name(&kv.key) {
                                self.1.push((name.clone(), k.to_string()));
                            }
                        }
                        _ => {}
                    }
                }
            }
            d.visit_children_with(self);
        }
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            let mut w = Vec::new();
            crate::read::writes::of_assign(a, &mut w);
            for w in &w {
                match &w.target {
                    crate::read::writes::Target::Member(m) => {
                        if let Expr::Ident(h) = strip_parens(&m.obj) {
                            self.2.push((h.sym.to_string(), member_name(&m.prop).map(str::to_string)));
                        }
                    }
                    crate::read::writes::Target::Name(n, _) => self.2.push((n.clone(), None)),
                    _ => {}
                }
            }
            a.visit_children_with(self);
        }
    }
    let mut find = Find(keep, Vec::new(), Vec::new(), Vec::new());
    visit_body(f, &mut find);
    let (found, writes, declared) = (find.1, find.2, find.3);
    found
        .into_iter()
        .filter(|(n, k)| {
            declared.iter().filter(|d| *d == n).count() == 1
                && !writes.iter().any(|(w, key)| w == n && key.as_ref().is_none_or(|key| key == k))
        })
        .collect()
}

/// Where `f` stores what holds the child under a member of a name bound outside
/// it or of `this`, or hands it to a keeping method of one (see `kept`).
fn kept_where_reached(f: &FnInfo, keep: &Keep, unread: &dyn Fn(&str) -> bool) -> Option<Found> {
    struct Reached<'k>(&'k Keep, FnNode<'k>, Option<Found>, &'k dyn Fn(&str) -> bool);
    impl Reached<'_> {
        /// `this`, or a name not declared in the function, at the root of a member chain.
        fn outer_root(&self, e: &Expr) -> Option<String> {
            match strip_parens(e) {
                Expr::This(_) => Some("this".into()),
                Expr::Ident(id) => {
                    crate::read::scope::binding_at(self.1, &id.sym, id.span).is_none().then(|| id.sym.to_string())
                }
                Expr::Member(m) => self.outer_root(&m.obj),
                _ => None,
            }
        }
        fn note(&mut self, at: Range<usize>, why: String) {
            if self.2.is_none() {
                self.2 = Some((at, why));
            }
        }
    }
    impl Visit for Reached<'_> {
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            if let AssignTarget::Simple(SimpleAssignTarget::Member(m)) = &a.left {
                if let Some(root) = self.outer_root(&m.obj) {
                    if self.0.holds_child(&a.right) {
                        self.note(
                            range(a),
                            format!("is stored under a member of `{root}`, where code outside its function reaches it"),
                        );
                    }
                }
            }
            a.visit_children_with(self);
        }
        fn visit_call_expr(&mut self, call: &CallExpr) {
            if let Callee::Expr(c) = &call.callee {
                if let Expr::Member(m) = strip_parens(c) {
                    let keeps = member_name(&m.prop).is_some_and(|k| KEEPS.contains(&k));
                    // A plain child in a member's container is judged by that container's readers.
                    let wrapped = call.args.iter().any(|a| {
                        self.0.holds_child(&a.expr)
                            && !(matches!(strip_parens(&m.obj), Expr::Member(_)) && self.0.is_child_name(&a.expr))
                    });
                    // `spans.push({ attributes })` where nothing reads what `spans` holds.
                    let unread = matches!(strip_parens(&m.obj), Expr::Ident(id)
                        if self.outer_root(&m.obj).is_some() && (self.3)(&id.sym));
                    if let (true, true, false, Some(root)) = (keeps, wrapped, unread, self.outer_root(&m.obj)) {
                        self.note(
                            range(call),
                            format!("is put in a container of `{root}`, where code outside its function reaches it"),
                        );
                    }
                }
            }
            call.visit_children_with(self);
        }
        // A nested function's `this` is its own.
        fn visit_function(&mut self, _: &Function) {}
        fn visit_class(&mut self, _: &Class) {}
    }
    let mut r = Reached(keep, f.node, None, unread);
    visit_body(f, &mut r);
    r.2
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
    found: Option<Found>,
    /// Calls whose result is awaited or returned where they stand: a child
    /// handed to one is run now, not kept for later.
    consumed: Vec<Range<usize>>,
    /// In a function the child was handed to: the functions it is handed on
    /// to by name, followed by the caller instead of judged here.
    follow: Option<Vec<HandedOn>>,
    /// Where the child's run has finished (`after_awaited_run`): nothing
    /// done to it there happens before it starts.
    after: Vec<Range<usize>>,
    /// The child's own members given the child (`child.state = { execution:
    /// child }`): stored in the child itself, they hold it wherever they go.
    own_keys: Vec<String>,
    /// Names that hold the child inside (a `state` handed on): any member of one may be it.
    containers: Vec<String>,
    /// Names among `names` that hold the child inside a literal, not the child itself.
    holders: Vec<String>,
    /// Names among `holders` bound from a member of a holder (`const sub =
    /// state.execution`): they may be the child itself, or hold it.
    either: Vec<String>,
    /// Holders bound once to an object literal that puts the child itself under
    /// a key (`const state = { execution, node: "M" }`), with that key, where
    /// nothing in the function writes that key (or a computed one) of them: there
    /// `state.execution` is the child, not something that may hold it.
    exact: Vec<(String, String)>,
    /// Keys of the containers it is added to where it stands (`this.live.add(child)`):
    /// kept there, it is judged by what the readers of that key do to what they hold.
    held: Vec<String>,
    /// Locals bound once to a member of something, with its key (`const {
    /// executions } = child.sessionServices`, `const live = this.live`): a
    /// container reached through one is the one under that key.
    local_keys: Vec<(String, String)>,
    /// Locals bound once to `new C(…)`, with `C`.
    local_news: Vec<(String, String)>,
    /// The first place it is put in a container the tool cannot judge by its
    /// readers, whatever else was found first.
    contained: Option<Found>,
    /// The first place it is handed on in a form the tool does not follow (a
    /// spread, a sequence, a callee it cannot name, a tag): once its run has
    /// started that still matters, for the callee may give it anything (round 27).
    unfollowed: Option<Found>,
}

/// Local names, each with a key or a class name.
type NamedKeys = Vec<(String, String)>;

/// The key a container is held under: a plain one, or a class's private
/// field as `#name` (read only inside its class).
fn held_key(prop: &MemberProp) -> Option<String> {
    match prop {
        MemberProp::PrivateName(p) => Some(format!("#{}", p.name)),
        prop => member_name(prop).map(str::to_string),
    }
}

/// Locals of `f` bound once, by their declaration, to a member under a key
/// (`const { executions, hooks } = services`, `const { live: l } = this`,
/// `const live = registry.live`), and never written again: each with its key.
/// Also the locals bound so to `new C(…)`, with `C`.
fn member_locals(f: &FnInfo) -> (NamedKeys, NamedKeys) {
    struct Find(Vec<(String, String)>, Vec<(String, String)>);
    impl Visit for Find {
        fn visit_var_declarator(&mut self, d: &VarDeclarator) {
            match (&d.name, d.init.as_deref().map(strip_parens)) {
                (Pat::Ident(id), Some(Expr::New(n))) => {
                    if let Expr::Ident(c) = strip_parens(&n.callee) {
                        self.1.push((id.id.sym.to_string(), c.sym.to_string()));
                    }
                }
                (Pat::Ident(id), Some(Expr::Member(m))) => {
                    if let Some(k) = member_name(&m.prop) {
                        self.0.push((id.id.sym.to_string(), k.to_string()));
                    }
                }
                (Pat::Object(o), Some(_)) => {
                    for p in &o.props {
                        match p {
                            ObjectPatProp::KeyValue(kv) => {
                                if let (Some(k), Pat::Ident(id)) =
                                    (crate::anchors::pattern::prop_name(&kv.key), &*kv.value)
                                {
                                    self.0.push((id.id.sym.to_string(), k.to_string()));
                                }
                            }
                            ObjectPatProp::Assign(a) if a.value.is_none() => {
                                self.0.push((a.key.sym.to_string(), a.key.sym.to_string()));
                            }
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
            d.visit_children_with(self);
        }
    }
    let mut find = Find(Vec::new(), Vec::new());
    visit_body(f, &mut find);
    // Written once in the whole function, its closures included (round 23).
    let candidates: Vec<String> = find.0.iter().chain(&find.1).map(|(n, _)| n.clone()).collect();
    let once_anywhere = if candidates.is_empty() { Vec::new() } else { bound_once_of(f.node, Some(&candidates)) };
    let once = |n: &str| once_anywhere.iter().any(|m| m == n);
    // (A name declared twice is bound twice: not once.)
    let single = |(n, _): &(String, String)| once(n);
    (find.0.into_iter().filter(single).collect(), find.1.into_iter().filter(single).collect())
}

/// The rest of the block holding the construction after one of that block's
/// own statements awaits a call given the child (`await run(child);`,
/// `const out = await run(child);`): code there runs once the child's run is
/// over, so what it does with the child (`acknowledge(parent, child)`) is
/// not keeping it before it starts. A statement under a condition or in a
/// nested block is not one of the block's own.
fn after_awaited_run(f: &FnInfo, site: &Range<usize>, keep: &Keep) -> Vec<Range<usize>> {
    fn awaits_child(e: &Expr, keep: &Keep) -> bool {
        match strip_parens(e) {
            // `result = await run(child)`: a local given the run's result.
            Expr::Assign(a) if matches!(&a.left, AssignTarget::Simple(SimpleAssignTarget::Ident(_))) => {
                awaits_child(&a.right, keep)
            }
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
        /// `try { await run(child); … } finally { … }`: the finaliser, where the
        /// try's first statement is that awaited run (nothing before it can throw).
        finally: Vec<Range<usize>>,
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
        fn visit_try_stmt(&mut self, t: &TryStmt) {
            let first = t.block.stmts.first().map(steps).and_then(|s| s.into_iter().next());
            let runs_first =
                first.is_some_and(|(at, e)| at.start >= self.at && e.is_some_and(|e| awaits_child(e, self.keep)));
            if let (true, Some(fin)) = (runs_first, &t.finalizer) {
                self.finally.push(range(fin));
            }
            t.visit_children_with(self);
        }
        // A nested function's blocks are not this function's.
        fn visit_function(&mut self, _: &Function) {}
        fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
    }
    let Some(body) = f.node.body() else { return Vec::new() };
    let body = range(body);
    // In a function the child is handed to (the site at its end), the child is there from the start.
    let at = if site.start >= body.end { body.start } else { site.end };
    let mut blocks = Blocks { at, keep, found: None, finally: Vec::new() };
    visit_body(f, &mut blocks);
    blocks.found.into_iter().chain(blocks.finally).collect()
}

/// Writers of a member that return, and keep, nothing of their argument:
/// what they write is judged by the closed world's member writes.
const WRITES_ONLY: &[(&str, &str)] =
    &[("Object", "assign"), ("Object", "defineProperty"), ("Object", "defineProperties"), ("JSON", "stringify")];

impl Keep {
    /// `f(child)`, or `maker(…)(child)`: the function a top-level maker returns;
    /// `o.key(child)`: every function bound to the key. With whether it is
    /// made, and whether it is by key.
    fn handed_callee(&self, call: &CallExpr, writes_only: bool) -> Option<(String, bool, bool)> {
        match &call.callee {
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
                // `hook.call(thisArg, child)`: `hook` itself, its arguments one place on.
                Expr::Member(m)
                    if !writes_only
                        && member_name(&m.prop) == Some("call")
                        && matches!(strip_parens(&m.obj), Expr::Ident(_) | Expr::Member(_)) =>
                {
                    match strip_parens(&m.obj) {
                        Expr::Ident(id) if !self.is_child_name(&m.obj) => Some((id.sym.to_string(), false, false)),
                        Expr::Member(inner) if !self.is_child_name(&inner.obj) => member_name(&inner.prop)
                            .filter(|k| !KEEPS.contains(k))
                            .map(|k| (k.to_string(), false, true)),
                        _ => None,
                    }
                }
                // A container's adding method (`list.push(child)`) is judged as keeping; where
                // the bundle binds a function to the key (`briefing.add(state)`), that is read too.
                Expr::Member(m) if !writes_only && !self.is_child_name(&m.obj) => match &m.prop {
                    // `this.#brief(child)`: the class's private method of that name.
                    MemberProp::PrivateName(p) => Some((format!("#{}", p.name), false, true)),
                    // `nodes[state.node](state)`: any function the table `nodes` holds (the judge
                    // reads a local literal's values; anything else it cannot name).
                    MemberProp::Computed(_) if member_name(&m.prop).is_none() => match strip_parens(&m.obj) {
                        Expr::Ident(table) => Some((table.sym.to_string(), false, false)),
                        _ => None,
                    },
                    prop => member_name(prop).map(|k| (k.to_string(), false, true)),
                },
                _ => None,
            },
            _ => None,
        }
    }
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
                // `state?.execution`: the member, where it is there.
                Expr::OptChain(o) => match &*o.base {
                    OptChainBase::Member(m) => self.holds_child(&Expr::Member(m.clone())),
                    OptChainBase::Call(_) => false,
                },
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
        self.after.iter().any(|after| crate::anchors::resolve::within(at, after))
    }

    /// What a method call is made on, where that narrows the classes whose method runs.
    fn receiver(&self, call: &CallExpr) -> Option<Receiver> {
        let Callee::Expr(c) = &call.callee else { return None };
        let Expr::Member(m) = strip_parens(c) else { return None };
        match strip_parens(&m.obj) {
            Expr::Ident(id) => Some(match self.local_news.iter().find(|(n, _)| *n == *id.sym) {
                Some((_, c)) => Receiver::New(c.clone()),
                None => Receiver::Name(id.sym.to_string()),
            }),
            _ => None,
        }
    }
    /// `list.push(child)` where the container is not one judged by its
    /// readers. Where the child itself is stored as a value (not a key, not
    /// what a holder's member may be), it stays `contained` too: once its run
    /// has started, what reaches the container may still deliver to it. (In a
    /// callee, an awaited call given the child is not its run ending: `await
    /// drain(state.execution)` is the run going on.)
    fn put_in_container(&mut self, call: &CallExpr, m: &MemberExpr) {
        let values = match member_name(&m.prop) {
            Some("set") => call.args.get(1..).unwrap_or_default(),
            Some("splice") => call.args.get(2..).unwrap_or_default(),
            _ => &call.args[..],
        };
        let itself = values.iter().any(|a| match strip_parens(&a.expr) {
            Expr::Ident(id) => {
                self.is_child_name(&a.expr)
                    && !self.holders.iter().any(|h| *h == *id.sym)
                    && !self.containers.iter().any(|c| *c == *id.sym)
            }
            // `state.execution`: a holder's member, which may be the child.
            e @ Expr::Member(_) => self.holds_child(e),
            _ => false,
        });
        if itself {
            self.contained.get_or_insert((range(call), PUT_IN_CONTAINER.to_string()));
        }
        self.note(range(call), PUT_IN_CONTAINER)
    }
    /// `x.<key>.add(child)`, `.push`, `.unshift`, `.set(k, child)`, where it
    /// stands (not in a closure): the container's key.
    fn held_in(&self, call: &CallExpr, m: &MemberExpr) -> Option<String> {
        let key = match strip_parens(&m.obj) {
            Expr::Member(list) => held_key(&list.prop)?,
            // `const { executions } = child.sessionServices; executions.set(id, child)`
            Expr::Ident(id) => self.local_keys.iter().find(|(n, _)| *n == *id.sym).map(|(_, k)| k.clone())?,
            _ => return None,
        };
        let place = match member_name(&m.prop)? {
            "add" | "push" | "unshift" => 0,
            "set" => 1,
            _ => return None,
        };
        let plain = call.args.len() == place + 1
            && call.args.iter().all(|a| a.spread.is_none())
            && self.is_child_name(&call.args[place].expr);
        (plain && self.depth == 0).then(|| key.to_string())
    }

    fn note(&mut self, at: Range<usize>, why: &str) {
        if self.ran_after(&at) {
            return;
        }
        if self.found.is_none() {
            self.found = Some((at, why.to_string()));
        }
    }

    /// `(pick ? a : b)(child)`, `(0, brief)(child)`: a callee the tool cannot name
    /// (`nameless`: handed the child, named by nothing); `brief((0, child))`,
    /// `brief(pick(state))`: a value it does not follow.
    fn unfollowed_forms(&mut self, call: &CallExpr, nameless: bool) {
        let on_child = matches!(&call.callee, Callee::Expr(c)
            if matches!(strip_parens(c), Expr::Member(m) if self.is_child_name(&m.obj)));
        // A function written in place (`((s) => ({ ...s }))(state)`) is read where it stands.
        let in_place =
            matches!(&call.callee, Callee::Expr(c) if matches!(strip_parens(c), Expr::Fn(_) | Expr::Arrow(_)));
        if nameless && !on_child && !in_place {
            self.unfollowed(range(call), "is handed to a function the tool cannot name");
        }
        if !on_child && call.args.iter().any(|a| !self.holds_child(&a.expr) && self.wraps_child(&a.expr)) {
            self.unfollowed(range(call), "is handed on inside a value the tool cannot follow");
        }
    }

    /// A hand-off the tool does not follow: a note, and `unfollowed`.
    fn unfollowed(&mut self, at: Range<usize>, why: &str) {
        // Past an awaited call given the child (in the drain's caller, the drain), the
        // run goes on: what an unfollowed callee does there still reaches the child.
        self.unfollowed.get_or_insert((at.clone(), why.to_string()));
        self.note(at, why)
    }

    /// Whether `e`'s value may be the child, or hold it, in a form `holds_child`
    /// does not name: a sequence's last value, an assignment's, an optional
    /// member, what a call handed it (or called on it) gives back, a tag's
    /// result, any of these inside a literal or a branch.
    fn wraps_child(&self, e: &Expr) -> bool {
        let value = |x: &Expr| self.holds_child(x) || self.wraps_child(x);
        match strip_parens(e) {
            Expr::Seq(q) => q.exprs.last().is_some_and(|x| value(x)),
            Expr::Assign(a) => value(&a.right),
            Expr::Await(a) => self.wraps_child(&a.arg),
            Expr::Cond(c) => self.wraps_child(&c.cons) || self.wraps_child(&c.alt),
            Expr::Bin(b)
                if matches!(b.op, BinaryOp::LogicalOr | BinaryOp::NullishCoalescing | BinaryOp::LogicalAnd) =>
            {
                self.wraps_child(&b.left) || self.wraps_child(&b.right)
            }
            Expr::Array(a) => a.elems.iter().flatten().any(|x| self.wraps_child(&x.expr)),
            Expr::Object(o) => o.props.iter().any(|p| match p {
                PropOrSpread::Prop(p) => matches!(&**p, Prop::KeyValue(kv) if self.wraps_child(&kv.value)),
                PropOrSpread::Spread(sp) => self.wraps_child(&sp.expr),
            }),
            Expr::New(n) => n.args.iter().flatten().any(|a| self.wraps_child(&a.expr)),
            Expr::Call(c) => {
                let on_child = match &c.callee {
                    Callee::Expr(callee) => match strip_parens(callee) {
                        Expr::Member(m) => self.is_child_name(&m.obj) || value(&m.obj),
                        other => self.wraps_child(other),
                    },
                    _ => false,
                };
                on_child || c.args.iter().any(|a| value(&a.expr))
            }
            Expr::TaggedTpl(t) => t.tpl.exprs.iter().any(|x| value(x)),
            Expr::OptChain(o) => match &*o.base {
                OptChainBase::Member(m) => {
                    let plain = Expr::Member(m.clone());
                    self.holds_child(&plain) || self.wraps_child(&m.obj)
                }
                OptChainBase::Call(c) => {
                    self.holds_child(&c.callee) || self.wraps_child(&c.callee) || c.args.iter().any(|a| value(&a.expr))
                }
            },
            // A count (`pick(state).length`) is a number, not what it counts.
            Expr::Member(m) if member_name(&m.prop) == Some("length") => false,
            Expr::Member(m) => self.wraps_child(&m.obj),
            _ => false,
        }
    }

    /// Where a call is handed the child: its argument, whether it only holds the child,
    /// and whether it may be the child itself or a holder of it (`state.execution`, a
    /// name bound from a holder), whose parameter is then read both ways (round 26).
    fn handed_at(&self, call: &CallExpr, plain: Option<usize>) -> (Option<(usize, bool)>, bool) {
        if let Some(arg) = plain {
            return (Some((arg, false)), false);
        }
        let Some(arg) = call.args.iter().position(|a| a.spread.is_none() && self.holds_child(&a.expr)) else {
            return (None, false);
        };
        let either = match strip_parens(&call.args[arg].expr) {
            // `state.execution` of the run's own literal: the child itself.
            Expr::Member(m) if self.exact_member(m) => return (Some((arg, false)), false),
            Expr::Member(_) | Expr::OptChain(_) => true,
            Expr::Ident(id) => self.either.iter().any(|h| *h == *id.sym),
            _ => false,
        };
        (Some((arg, true)), either)
    }

    /// `state.execution` where `state` is an exact holder of the child under that key.
    fn exact_member(&self, m: &MemberExpr) -> bool {
        matches!((strip_parens(&m.obj), member_name(&m.prop)), (Expr::Ident(h), Some(k))
            if self.exact.iter().any(|(n, key)| *n == *h.sym && key == k))
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
                // `const state = { execution: child }` holds it; `const c = child` is it.
                if !self.0.is_child_name(init) {
                    self.0.holders.push(id.id.sym.to_string());
                    if matches!(strip_parens(init), Expr::Member(_) | Expr::OptChain(_)) {
                        self.0.either.push(id.id.sym.to_string());
                    }
                }
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
                    match self.held_in(call, m) {
                        Some(key) => {
                            if !self.ran_after(&range(call)) && !self.held.contains(&key) {
                                self.held.push(key);
                            }
                            return call.visit_children_with(self);
                        }
                        None => self.put_in_container(call, m),
                    }
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
        let named = self.handed_callee(call, writes_only);
        let nameless = named.is_none();
        let consumed = self.consumed.contains(&range(call));
        let followed = match named {
            Some((name, made, by_key)) if handed && self.follow.is_some() => {
                // The child itself as an argument, else an argument holding it.
                let plain = call.args.iter().position(|a| {
                    self.names.iter().any(|n| is_name(&a.expr, n) && !self.holders.contains(n))
                        && !self.containers.iter().any(|c| is_name(&a.expr, c))
                });
                let plain = plain.map(|i| argument_place(&call.args, i));
                let (on, either) = self.handed_at(call, plain);
                let own_keys = self.own_keys.clone();
                // Through `.call`, the first argument is `this`, not a parameter.
                let through_call = matches!(&call.callee, Callee::Expr(c)
                    if matches!(strip_parens(c), Expr::Member(m) if member_name(&m.prop) == Some("call")
                        && matches!(strip_parens(&m.obj), Expr::Ident(_) | Expr::Member(_))));
                let on = match on {
                    Some((0, _)) if through_call => None,
                    Some((arg, inside)) if through_call && arg != AFTER_SPREAD => Some((arg - 1, inside)),
                    on => on,
                };
                let receiver = if by_key { self.receiver(call) } else { None };
                match (on, self.follow.as_mut()) {
                    (Some((arg, inside)), Some(follow)) => {
                        let on_this = match &call.callee {
                            Callee::Expr(c) => (matches!(strip_parens(c), Expr::SuperProp(_))
                                || matches!(strip_parens(c), Expr::Member(m)
                                if matches!(strip_parens(&m.obj), Expr::This(_))))
                            .then(|| range(call)),
                            _ => None,
                        };
                        let handed = HandedOn {
                            name,
                            made,
                            arg,
                            inside,
                            own_keys,
                            by_key,
                            consumed,
                            on_this,
                            receiver,
                            at: range(call),
                        };
                        if either {
                            follow.push(HandedOn { inside: false, ..handed.clone() });
                        }
                        follow.push(handed)
                    }
                    _ => self.unfollowed(range(call), "is handed on inside a value the tool cannot follow"),
                }
                true
            }
            _ => false,
        };
        self.unfollowed_forms(call, handed && nameless && !writes_only);
        if handed && !writes_only && !followed && !consumed {
            self.note(
                range(call),
                "is handed to a call whose result is neither awaited nor returned here: the callee may keep it \
                 and run it later",
            );
        }
        call.visit_children_with(self);
    }
    fn visit_throw_stmt(&mut self, node: &ThrowStmt) {
        if self.holds_child(&node.arg) || self.wraps_child(&node.arg) {
            self.unfollowed(range(node), "is thrown, and a `catch` the tool does not follow may take it");
        }
        node.visit_children_with(self);
    }
    fn visit_tagged_tpl(&mut self, node: &TaggedTpl) {
        if node.tpl.exprs.iter().any(|x| self.holds_child(x) || self.wraps_child(x)) {
            self.unfollowed(range(node), "is handed to a template's tag, which the tool does not follow");
        }
        node.visit_children_with(self);
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
    // `for (const e of steps)` beside a child `e`: inside, `e` is an element of
    // something else (terser reuses names); one of what holds the child is still it.
    fn visit_for_of_stmt(&mut self, node: &ForOfStmt) {
        let mut declared = Vec::new();
        if let ForHead::VarDecl(v) = &node.left {
            if v.kind != VarDeclKind::Var {
                v.decls.iter().for_each(|d| crate::read::writes::pattern_names(&d.name, &mut declared));
            }
        }
        if declared.is_empty() || self.holds_child(&node.right) {
            return node.visit_children_with(self);
        }
        node.right.visit_with(self);
        let saved = self.names.clone();
        self.names.retain(|n| !declared.contains(n));
        node.body.visit_with(self);
        self.names = saved;
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

/// The containers of its own (`this.<key>`) a function handed an execution as
/// `param` adds it to (`this.executions.push(execution)`), where that and
/// reading its members is all the function does with it; Err at the first
/// other use (handed on, stored, aliased, returned), which is not followed.
pub fn registered_in(f: &FnInfo, param: &str) -> Result<Vec<String>, (Range<usize>, String)> {
    struct Uses<'p> {
        param: &'p str,
        keys: Vec<String>,
        allowed: Vec<Range<usize>>,
        all: Vec<Range<usize>>,
    }
    impl Visit for Uses<'_> {
        fn visit_ident(&mut self, id: &Ident) {
            if *id.sym == *self.param {
                self.all.push(range(id));
            }
        }
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            if is_name(&m.obj, self.param) {
                self.allowed.push(range(strip_parens(&m.obj)));
            }
            m.visit_children_with(self);
        }
        fn visit_call_expr(&mut self, call: &CallExpr) {
            if let Callee::Expr(c) = &call.callee {
                if let Expr::Member(add) = strip_parens(c) {
                    if let Expr::Member(own) = strip_parens(&add.obj) {
                        let keeps = member_name(&add.prop).is_some_and(|k| KEEPS.contains(&k));
                        if keeps && matches!(strip_parens(&own.obj), Expr::This(_)) {
                            if let Some(key) = member_name(&own.prop) {
                                for a in call.args.iter().filter(|a| a.spread.is_none() && is_name(&a.expr, self.param))
                                {
                                    self.allowed.push(range(strip_parens(&a.expr)));
                                    if !self.keys.iter().any(|k| k == key) {
                                        self.keys.push(key.to_string());
                                    }
                                }
                            }
                        }
                    }
                }
            }
            call.visit_children_with(self);
        }
    }
    let mut uses = Uses { param, keys: Vec::new(), allowed: Vec::new(), all: Vec::new() };
    visit_body(f, &mut uses);
    match uses.all.into_iter().find(|at| !uses.allowed.contains(at)) {
        Some(at) => Err((at, "uses it otherwise than reading it or adding it to a container of its own".into())),
        None => Ok(uses.keys),
    }
}

/// Every read of a member with one of `keys`, on any object.
pub fn member_reads(program: &Program, keys: &[String]) -> Vec<Range<usize>> {
    struct Find<'k>(&'k [String], Vec<Range<usize>>);
    impl Visit for Find<'_> {
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            if held_key(&m.prop).is_some_and(|k| self.0.contains(&k)) {
                self.1.push(range(m));
            }
            m.visit_children_with(self);
        }
        // `const { executions } = services`: a read of the key too.
        fn visit_object_pat(&mut self, o: &ObjectPat) {
            let reads = o.props.iter().any(|p| match p {
                ObjectPatProp::KeyValue(kv) => {
                    crate::anchors::pattern::prop_name(&kv.key).is_none_or(|k| self.0.iter().any(|x| x == k))
                }
                ObjectPatProp::Assign(a) => self.0.iter().any(|x| *x == *a.key.sym),
                ObjectPatProp::Rest(_) => true,
            });
            if reads {
                self.1.push(range(o));
            }
            o.visit_children_with(self);
        }
    }
    let mut find = Find(keys, Vec::new());
    program.visit_with(&mut find);
    find.1
}

/// How the lists held under a key are used across the bundle (`x.<key>`).
pub struct ListUses {
    /// What is added to one: `x.<key>.push(v)`, `unshift`, `add`, `splice`'s
    /// items, `set`'s value, `x.<key>[i] = v`.
    pub added: Vec<Range<usize>>,
    /// Where one is handed on as a value (bound, passed, returned, spread):
    /// what is added to it there is not seen.
    pub escapes: Vec<Range<usize>>,
}

/// A call of a method on a list: what an adding one adds (`push`, `unshift`,
/// `add`, `splice`'s items, `set`'s value), a spread among them or a
/// computed method as an escape; any other method adds nothing.
fn list_call(call: &CallExpr, m: &MemberExpr, uses: &mut ListUses) {
    let skip = match member_name(&m.prop) {
        Some("push" | "unshift" | "add") => 0,
        Some("splice") => 2,
        Some("set") => 1,
        Some(_) => return,
        None => return uses.escapes.push(range(call)),
    };
    for a in call.args.iter().skip(skip) {
        match a.spread {
            Some(_) => uses.escapes.push(range(&*a.expr)),
            None => uses.added.push(range(strip_parens(&a.expr))),
        }
    }
}

/// Whether a destructuring pattern's property may take `key` (a rest takes any).
fn pattern_takes(prop: &ObjectPatProp, key: &str) -> bool {
    match prop {
        ObjectPatProp::KeyValue(kv) => prop_name(&kv.key).is_none_or(|k| k == key),
        ObjectPatProp::Assign(a) => *a.key.sym == *key,
        ObjectPatProp::Rest(_) => true,
    }
}

/// Every use of a list held under `key` (see `ListUses`). A read of its
/// elements or length, a loop over it, a method called on it that does not
/// add to it, and a write of the key itself (a value given to the key) are
/// none of these.
pub fn list_uses(program: &Program, key: &str) -> ListUses {
    struct Find<'k> {
        key: &'k str,
        uses: ListUses,
        /// Lists already judged by their parent.
        judged: Vec<Range<usize>>,
    }
    impl Find<'_> {
        fn is_list(&self, e: &Expr) -> bool {
            matches!(strip_parens(e), Expr::Member(m) if member_name(&m.prop) == Some(self.key))
        }
    }
    impl Visit for Find<'_> {
        fn visit_call_expr(&mut self, call: &CallExpr) {
            if let Callee::Expr(c) = &call.callee {
                if let Expr::Member(m) = strip_parens(c) {
                    if self.is_list(&m.obj) {
                        self.judged.push(range(strip_parens(&m.obj)));
                        list_call(call, m, &mut self.uses);
                    }
                }
            }
            call.visit_children_with(self);
        }
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            if let AssignTarget::Simple(SimpleAssignTarget::Member(m)) = &a.left {
                if self.is_list(&m.obj) {
                    self.judged.push(range(strip_parens(&m.obj)));
                    self.uses.added.push(range(strip_parens(&a.right)));
                }
                // `x.<key> = v`: a value given to the key, read by `values_of_key`.
                if member_name(&m.prop) == Some(self.key) {
                    self.judged.push(range(m));
                }
            }
            a.visit_children_with(self);
        }
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            // `x.<key>.length`, `x.<key>[i]`: a read through it.
            if self.is_list(&m.obj) {
                self.judged.push(range(strip_parens(&m.obj)));
            }
            m.visit_children_with(self);
        }
        fn visit_for_of_stmt(&mut self, s: &ForOfStmt) {
            if self.is_list(&s.right) {
                self.judged.push(range(strip_parens(&s.right)));
            }
            s.visit_children_with(self);
        }
        // `const { <key>: list } = x`: the list bound to a local.
        fn visit_object_pat(&mut self, p: &ObjectPat) {
            for prop in &p.props {
                if pattern_takes(prop, self.key) {
                    self.uses.escapes.push(range(prop));
                }
            }
            p.visit_children_with(self);
        }
        fn visit_expr(&mut self, e: &Expr) {
            e.visit_children_with(self);
            // Visited after its parent: one no parent judged is a value handed on.
            if self.is_list(e) {
                let at = range(strip_parens(e));
                if !self.judged.contains(&at) {
                    self.uses.escapes.push(at);
                }
            }
        }
    }
    let mut find = Find { key, uses: ListUses { added: Vec::new(), escapes: Vec::new() }, judged: Vec::new() };
    program.visit_with(&mut find);
    find.uses
}

/// The values object literals give `key`, each with its literal's range,
/// and the literals with a spread or a computed key (which may give it too).
pub struct LiteralProps {
    pub values: Vec<(Range<usize>, Range<usize>)>,
    pub spreads: Vec<(Range<usize>, Range<usize>)>,
}

pub fn literal_props(program: &Program, key: &str) -> LiteralProps {
    struct Find<'k>(&'k str, LiteralProps);
    impl Visit for Find<'_> {
        fn visit_object_lit(&mut self, o: &ObjectLit) {
            let at = range(o);
            for p in &o.props {
                match p {
                    PropOrSpread::Spread(s) => self.1.spreads.push((at.clone(), range(&*s.expr))),
                    PropOrSpread::Prop(p) => match &**p {
                        Prop::KeyValue(kv) => match prop_name(&kv.key) {
                            Some(k) if k == self.0 => self.1.values.push((at.clone(), range(strip_parens(&kv.value)))),
                            Some(_) => {}
                            None => self.1.spreads.push((at.clone(), range(&kv.key))),
                        },
                        Prop::Shorthand(id) if *id.sym == *self.0 => self.1.values.push((at.clone(), range(id))),
                        Prop::Getter(g) if prop_name(&g.key).is_none_or(|k| k == self.0) => {
                            self.1.spreads.push((at.clone(), range(g)))
                        }
                        Prop::Method(m) if prop_name(&m.key).is_none_or(|k| k == self.0) => {
                            self.1.spreads.push((at.clone(), range(m)))
                        }
                        _ => {}
                    },
                }
            }
            o.visit_children_with(self);
        }
    }
    let mut find = Find(key, LiteralProps { values: Vec::new(), spreads: Vec::new() });
    program.visit_with(&mut find);
    find.1
}

/// The keys the instances of a class (named `names`) are held under, where
/// each is built as such a key's value (`{ hooks: new C() }`, `x.hooks = new C()`,
/// a field `hooks = new C()`) and the class's name is used for nothing else;
/// Err at the first other construction or use.
pub fn instance_holders(program: &Program, class: &Range<usize>, names: &[&str]) -> Result<Vec<String>, Range<usize>> {
    struct Find<'n> {
        names: &'n [&'n str],
        class: Range<usize>,
        keys: Vec<String>,
        held: Vec<Range<usize>>,
        stop: Option<Range<usize>>,
    }
    impl Find<'_> {
        fn builds(&self, e: &Expr) -> bool {
            matches!(strip_parens(e), Expr::New(n)
                if matches!(strip_parens(&n.callee), Expr::Ident(id) if self.names.contains(&&*id.sym)))
        }
        fn hold(&mut self, key: Option<&str>, value: &Expr) {
            if self.builds(value) {
                match key {
                    Some(k) => {
                        self.held.push(range(strip_parens(value)));
                        if !self.keys.iter().any(|x| x == k) {
                            self.keys.push(k.to_string());
                        }
                    }
                    None => {
                        self.stop.get_or_insert(range(strip_parens(value)));
                    }
                }
            }
        }
    }
    impl Visit for Find<'_> {
        fn visit_key_value_prop(&mut self, kv: &KeyValueProp) {
            self.hold(prop_name(&kv.key), &kv.value);
            kv.visit_children_with(self);
        }
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            if let AssignTarget::Simple(SimpleAssignTarget::Member(m)) = &a.left {
                self.hold(member_name(&m.prop), &a.right);
            }
            a.visit_children_with(self);
        }
        fn visit_class_prop(&mut self, p: &ClassProp) {
            if let Some(v) = &p.value {
                self.hold(prop_name(&p.key), v);
            }
            p.visit_children_with(self);
        }
        fn visit_new_expr(&mut self, n: &NewExpr) {
            let at = range(n);
            if let Expr::Ident(id) = strip_parens(&n.callee) {
                if self.names.contains(&&*id.sym) && !self.held.contains(&at) {
                    self.stop.get_or_insert(at.clone());
                }
            }
            n.args.visit_with(self);
        }
        fn visit_ident(&mut self, id: &Ident) {
            // The class's name as a value (handed on, extended, aliased), outside its own declaration.
            let at = range(id);
            if self.names.contains(&&*id.sym) && !(self.class.start <= at.start && at.end <= self.class.end) {
                self.stop.get_or_insert(at);
            }
        }
        fn visit_binding_ident(&mut self, _: &BindingIdent) {}
    }
    let mut find = Find { names, class: class.clone(), keys: Vec::new(), held: Vec::new(), stop: None };
    program.visit_with(&mut find);
    // The class's own binding (`var C = class {…}`, `class C {…}`) spells the name once more.
    match find.stop {
        Some(at) => Err(at),
        None => Ok(find.keys),
    }
}

/// What a list under `key` on the instances of a class (at `class`, whose
/// instances are reached only as `this` in it or as `<x>.<holder>`) is given
/// and what is added to it; Err where it, or an instance, is handed on or
/// written reflectively.
pub struct InstanceList {
    pub values: Vec<Range<usize>>,
    pub added: Vec<Range<usize>>,
}

struct ListInstances<'k> {
    class: Range<usize>,
    holders: &'k [String],
    /// Reads of a holder's key shown to be on objects that hold no instance.
    not_instances: &'k [Range<usize>],
    key: &'k str,
    out: InstanceList,
    judged: Vec<Range<usize>>,
    stop: Option<Range<usize>>,
}
impl ListInstances<'_> {
    fn inside(&self, at: &Range<usize>) -> bool {
        self.class.start <= at.start && at.end <= self.class.end
    }
    /// `this` in the class, or `<x>.<holder>` anywhere.
    fn instance(&self, e: &Expr) -> bool {
        match strip_parens(e) {
            Expr::This(t) => self.inside(&range(t)),
            Expr::Member(m) => {
                member_name(&m.prop).is_some_and(|k| self.holders.iter().any(|h| h == k))
                    && !self.not_instances.contains(&range(m))
            }
            _ => false,
        }
    }
    fn is_list(&self, e: &Expr) -> bool {
        matches!(strip_parens(e), Expr::Member(m) if member_name(&m.prop) == Some(self.key) && self.instance(&m.obj))
    }
}
impl Visit for ListInstances<'_> {
    fn visit_class_prop(&mut self, p: &ClassProp) {
        if self.inside(&range(p)) && prop_name(&p.key) == Some(self.key) {
            if let Some(v) = &p.value {
                self.out.values.push(range(strip_parens(v)));
            }
        }
        p.visit_children_with(self);
    }
    fn visit_assign_expr(&mut self, a: &AssignExpr) {
        match &a.left {
            AssignTarget::Simple(SimpleAssignTarget::Member(m)) if self.is_list(&Expr::Member(m.clone())) => {
                self.out.values.push(range(strip_parens(&a.right)));
            }
            AssignTarget::Simple(SimpleAssignTarget::Member(m)) if self.is_list(&m.obj) => {
                self.judged.push(range(strip_parens(&m.obj)));
                self.out.added.push(range(strip_parens(&a.right)));
            }
            _ => {}
        }
        a.visit_children_with(self);
    }
    fn visit_call_expr(&mut self, call: &CallExpr) {
        let mut w = Vec::new();
        crate::read::writes::of_call(call, &mut w);
        for x in &w {
            if let crate::read::writes::Target::Reflected { object, .. } = &x.target {
                if self.instance(object) || self.is_list(object) {
                    self.stop.get_or_insert(range(call));
                }
            }
        }
        if let Callee::Expr(c) = &call.callee {
            if let Expr::Member(m) = strip_parens(c) {
                if self.is_list(&m.obj) {
                    self.judged.push(range(strip_parens(&m.obj)));
                    let mut uses = ListUses { added: Vec::new(), escapes: Vec::new() };
                    list_call(call, m, &mut uses);
                    self.out.added.extend(uses.added);
                    if let Some(at) = uses.escapes.into_iter().next() {
                        self.stop.get_or_insert(at);
                    }
                }
            }
        }
        call.visit_children_with(self);
    }
    fn visit_member_expr(&mut self, m: &MemberExpr) {
        if self.is_list(&m.obj) {
            self.judged.push(range(strip_parens(&m.obj)));
        }
        // `this.k`, `<x>.<holder>.k`: a member read or written, not the instance handed on.
        if self.instance(&m.obj) {
            self.judged.push(range(strip_parens(&m.obj)));
        }
        m.visit_children_with(self);
    }
    fn visit_for_of_stmt(&mut self, s: &ForOfStmt) {
        if self.is_list(&s.right) {
            self.judged.push(range(strip_parens(&s.right)));
        }
        s.visit_children_with(self);
    }
    fn visit_object_pat(&mut self, p: &ObjectPat) {
        for prop in &p.props {
            if pattern_takes(prop, self.key) && self.inside(&range(prop)) {
                self.stop.get_or_insert(range(prop));
            }
        }
        p.visit_children_with(self);
    }
    fn visit_expr(&mut self, e: &Expr) {
        e.visit_children_with(self);
        // Visited after its parent: a list or an instance no parent judged is handed on.
        let at = range(strip_parens(e));
        let this_inside = matches!(strip_parens(e), Expr::This(_)) && self.inside(&at);
        if (self.is_list(e) || this_inside || (self.instance(e) && !matches!(strip_parens(e), Expr::This(_))))
            && !self.judged.contains(&at)
        {
            self.stop.get_or_insert(at);
        }
    }
}

pub fn instance_list(
    program: &Program,
    class: &Range<usize>,
    holders: &[String],
    not_instances: &[Range<usize>],
    key: &str,
) -> Result<InstanceList, Range<usize>> {
    let mut find = ListInstances {
        class: class.clone(),
        holders,
        not_instances,
        key,
        out: InstanceList { values: Vec::new(), added: Vec::new() },
        judged: Vec::new(),
        stop: None,
    };
    program.visit_with(&mut find);
    match find.stop {
        Some(at) => Err(at),
        None => Ok(find.out),
    }
}

/// Every use of the module name `table` other than reading one of its
/// members (`table[k]`, `table.k`, not as a write's target): a write into it,
/// or the table handed on, bound or spread. Names that a function binds as a
/// parameter are another binding, not the table (the caller drops those where
/// another local of the name is in scope).
pub fn table_uses(program: &Program, table: &str) -> Vec<Range<usize>> {
    struct Find<'t> {
        table: &'t str,
        read: Vec<Range<usize>>,
        found: Vec<Range<usize>>,
        shadow: usize,
    }
    impl Visit for Find<'_> {
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            if is_name(&m.obj, self.table) {
                self.read.push(range(strip_parens(&m.obj)));
            }
            m.visit_children_with(self);
        }
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            if let AssignTarget::Simple(SimpleAssignTarget::Member(m)) = &a.left {
                if is_name(&m.obj, self.table) && self.shadow == 0 {
                    self.found.push(range(strip_parens(&m.obj)));
                }
            }
            a.visit_children_with(self);
        }
        // `Object.hasOwn(table, k)`, `k in table`: reads of which keys it has.
        fn visit_call_expr(&mut self, c: &CallExpr) {
            if let Callee::Expr(callee) = &c.callee {
                let has_own = matches!(strip_parens(callee), Expr::Member(m)
                    if is_name(&m.obj, "Object") && member_name(&m.prop) == Some("hasOwn"));
                if has_own {
                    if let Some(first) = c.args.first().filter(|a| a.spread.is_none() && is_name(&a.expr, self.table)) {
                        self.read.push(range(strip_parens(&first.expr)));
                    }
                }
            }
            c.visit_children_with(self);
        }
        fn visit_bin_expr(&mut self, b: &BinExpr) {
            if b.op == BinaryOp::In && is_name(&b.right, self.table) {
                self.read.push(range(strip_parens(&b.right)));
            }
            b.visit_children_with(self);
        }
        fn visit_function(&mut self, f: &Function) {
            let binds = f.params.iter().any(|p| {
                let mut names = Vec::new();
                crate::read::writes::pattern_names(&p.pat, &mut names);
                names.iter().any(|n| n == self.table)
            });
            self.shadow += usize::from(binds);
            f.visit_children_with(self);
            self.shadow -= usize::from(binds);
        }
        fn visit_ident(&mut self, id: &Ident) {
            if *id.sym == *self.table && self.shadow == 0 && !self.read.contains(&range(id)) {
                self.found.push(range(id));
            }
        }
        fn visit_binding_ident(&mut self, _: &BindingIdent) {}
    }
    let mut find = Find { table, read: Vec::new(), found: Vec::new(), shadow: 0 };
    program.visit_with(&mut find);
    find.found
}

/// Every call of a function by one of `names`, or of a method with one of those keys.
pub fn calls_of(program: &Program, names: &[String]) -> Vec<Range<usize>> {
    struct Find<'n>(&'n [String], Vec<Range<usize>>);
    impl Visit for Find<'_> {
        fn visit_call_expr(&mut self, call: &CallExpr) {
            if let Callee::Expr(c) = &call.callee {
                let name = match strip_parens(c) {
                    Expr::Ident(id) => Some(&*id.sym),
                    Expr::Member(m) => member_name(&m.prop),
                    _ => None,
                };
                if name.is_some_and(|n| self.0.iter().any(|x| x == n)) {
                    self.1.push(range(call));
                }
            }
            call.visit_children_with(self);
        }
    }
    if names.is_empty() {
        return Vec::new();
    }
    let mut find = Find(names, Vec::new());
    program.visit_with(&mut find);
    find.1
}

/// Every assignment to the name `name` (`handlers = { … }`): where, and the
/// object literal assigned where it is one. The caller drops those where a
/// local of the name is in scope.
pub fn assigned_to_name(program: &Program, name: &str) -> Vec<(Range<usize>, Option<Expr>)> {
    struct Find<'n>(&'n str, Vec<(Range<usize>, Option<Expr>)>);
    impl Visit for Find<'_> {
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            if let AssignTarget::Simple(SimpleAssignTarget::Ident(id)) = &a.left {
                if *id.id.sym == *self.0 {
                    let object = match (a.op, strip_parens(&a.right)) {
                        (AssignOp::Assign, Expr::Object(_)) => Some(strip_parens(&a.right).clone()),
                        _ => None,
                    };
                    self.1.push((range(a), object));
                }
            }
            a.visit_children_with(self);
        }
    }
    let mut find = Find(name, Vec::new());
    program.visit_with(&mut find);
    find.1
}

/// The names bound exactly once in `node` (its parameters and declarations,
/// nested functions included) and written nowhere else in it.
/// Asked only of `names` where given (cheaper on a large function).
fn bound_once_of(node: FnNode, names: Option<&[String]>) -> Vec<String> {
    struct Count<'n>(std::collections::HashMap<String, usize>, Option<&'n [String]>);
    impl Count<'_> {
        fn add(&mut self, n: &str) {
            if self.1.is_none_or(|names| names.iter().any(|m| m == n)) {
                *self.0.entry(n.to_string()).or_default() += 1;
            }
        }
    }
    impl Visit for Count<'_> {
        fn visit_binding_ident(&mut self, b: &BindingIdent) {
            self.add(&b.id.sym);
        }
        fn visit_update_expr(&mut self, u: &UpdateExpr) {
            if let Expr::Ident(id) = strip_parens(&u.arg) {
                self.add(&id.sym);
            }
            u.visit_children_with(self);
        }
        fn visit_fn_decl(&mut self, f: &FnDecl) {
            self.add(&f.ident.sym);
            f.visit_children_with(self);
        }
        fn visit_class_decl(&mut self, c: &ClassDecl) {
            self.add(&c.ident.sym);
            c.visit_children_with(self);
        }
    }
    // An assignment's target `x = …` is a binding identifier in swc's tree, so every
    // write of a name (declaration, `=`, a pattern, a `for` head) is counted above.
    let mut count = Count(Default::default(), names);
    node.visit(&mut count);
    count.0.into_iter().filter(|(_, n)| *n == 1).map(|(k, _)| k).collect()
}

/// Each parameter's name, where it is a plain one.
pub fn param_names(node: FnNode) -> Vec<Option<String>> {
    node.param_pats()
        .into_iter()
        .map(|p| match p {
            Some(Pat::Ident(id)) => Some(id.id.sym.to_string()),
            _ => None,
        })
        .collect()
}

/// The place of the parameter a function gives back a copy of, where every
/// `return` (outside nested functions, and an arrow's expression body) is
/// that parameter or an object literal that spreads it first (`return {
/// ...state, context: […] }`), and it reads no name from outside but the
/// language's pure values: a maker. What one makes of a holder of the child
/// holds the child the same way.
pub(crate) fn copies_parameter(node: FnNode) -> Option<usize> {
    let params = param_names(node);
    let mut values = Vec::new();
    match node {
        FnNode::Function(func) => values = returned_values_of(&func.body.as_ref()?.stmts),
        FnNode::Arrow(a) => match &*a.body {
            ArrowFunctionBody::FunctionBody(b) => values = returned_values_of(&b.stmts),
            ArrowFunctionBody::Expr(e) => values.push(Some(strip_parens(e).clone())),
        },
        FnNode::Constructor(_) => return None,
    }
    let copies = |v: &Option<Expr>| -> Option<usize> {
        let p = match v.as_ref()? {
            Expr::Ident(id) => id.sym.to_string(),
            Expr::Object(o) => match o.props.first()? {
                PropOrSpread::Spread(s) => match strip_parens(&s.expr) {
                    Expr::Ident(id) => id.sym.to_string(),
                    _ => return None,
                },
                PropOrSpread::Prop(_) => return None,
            },
            _ => return None,
        };
        params.iter().position(|q| q.as_deref() == Some(p.as_str()))
    };
    // Made of its parameters only: no name from outside but the language's own
    // globals, no `this` (what else it adds is the holder's own).
    // The language's own values that reach nothing of the bundle (not `arguments`,
    // `globalThis`, `Reflect` or `eval`: round 23).
    const PURE: &[&str] = &[
        "undefined",
        "NaN",
        "Infinity",
        "Array",
        "Object",
        "String",
        "Number",
        "Boolean",
        "Math",
        "JSON",
        "Date",
        "Symbol",
        "Map",
        "Set",
        "isNaN",
        "isFinite",
        "parseInt",
        "parseFloat",
    ];
    struct Free<'d>(&'d std::collections::HashSet<String>, bool);
    impl Visit for Free<'_> {
        fn visit_ident(&mut self, id: &Ident) {
            self.1 &= self.0.contains(&*id.sym) || PURE.contains(&&*id.sym);
        }
        fn visit_this_expr(&mut self, _: &ThisExpr) {
            self.1 = false;
        }
    }
    // Every name bound in it, its nested functions' parameters too.
    struct Bound(std::collections::HashSet<String>);
    impl Visit for Bound {
        fn visit_binding_ident(&mut self, b: &BindingIdent) {
            self.0.insert(b.id.sym.to_string());
        }
        fn visit_fn_decl(&mut self, f: &FnDecl) {
            self.0.insert(f.ident.sym.to_string());
            f.visit_children_with(self);
        }
    }
    let mut bound = Bound(crate::read::scope::declared_by(node));
    node.visit(&mut bound);
    let declared = bound.0;
    let mut free = Free(&declared, true);
    node.visit(&mut free);
    if !free.1 {
        return None;
    }
    let places: Vec<Option<usize>> = values.iter().map(copies).collect();
    match places.as_slice() {
        [Some(first), ..] if places.iter().all(|p| *p == Some(*first)) => Some(*first),
        _ => None,
    }
}

/// Every write of the name `name` anywhere (`hook = f`, `hook ||= g`,
/// `[hook] = list`, `for (hook of hooks)`, `hook++`): where, and the value
/// where it is a plain `=`. The caller drops those where a local of the name
/// is in scope.
pub fn writes_of_name(program: &Program, name: &str) -> Vec<(Range<usize>, Option<Expr>)> {
    struct Find<'n>(&'n str, Vec<(Range<usize>, Option<Expr>)>);
    impl Find<'_> {
        fn in_pattern(&self, p: &Pat) -> bool {
            let mut names = Vec::new();
            crate::read::writes::pattern_names(p, &mut names);
            names.iter().any(|n| n == self.0)
        }
    }
    impl Visit for Find<'_> {
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            match &a.left {
                AssignTarget::Simple(SimpleAssignTarget::Ident(id)) if *id.id.sym == *self.0 => {
                    let value = (a.op == AssignOp::Assign).then(|| strip_parens(&a.right).clone());
                    self.1.push((range(a), value));
                }
                AssignTarget::Pat(p) => {
                    let pat: Pat = p.clone().into();
                    if self.in_pattern(&pat) {
                        self.1.push((range(a), None));
                    }
                }
                _ => {}
            }
            a.visit_children_with(self);
        }
        fn visit_update_expr(&mut self, u: &UpdateExpr) {
            if is_name(&u.arg, self.0) {
                self.1.push((range(u), None));
            }
            u.visit_children_with(self);
        }
        fn visit_for_of_stmt(&mut self, f: &ForOfStmt) {
            if let ForHead::Pat(p) = &f.left {
                if self.in_pattern(p) {
                    self.1.push((range(f), None));
                }
            }
            f.visit_children_with(self);
        }
        fn visit_for_in_stmt(&mut self, f: &ForInStmt) {
            if let ForHead::Pat(p) = &f.left {
                if self.in_pattern(p) {
                    self.1.push((range(f), None));
                }
            }
            f.visit_children_with(self);
        }
    }
    let mut find = Find(name, Vec::new());
    program.visit_with(&mut find);
    find.1
}

/// The name esbuild's `__export(ns, { key: () => name })` exports from the
/// namespace object `ns` under `key`.
pub fn exported_as(program: &Program, ns: &str, key: &str) -> Option<String> {
    struct Find<'n>(&'n str, &'n str, Option<String>);
    impl Visit for Find<'_> {
        fn visit_call_expr(&mut self, c: &CallExpr) {
            if let [target, all] = &c.args[..] {
                if is_name(&target.expr, self.0) {
                    if let Expr::Object(o) = strip_parens(&all.expr) {
                        for p in &o.props {
                            if let PropOrSpread::Prop(p) = p {
                                if let Prop::KeyValue(kv) = &**p {
                                    if prop_name(&kv.key) == Some(self.1) {
                                        if let Expr::Arrow(a) = strip_parens(&kv.value) {
                                            if let ArrowFunctionBody::Expr(e) = &*a.body {
                                                if let Expr::Ident(id) = strip_parens(e) {
                                                    self.2 = Some(id.sym.to_string());
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            c.visit_children_with(self);
        }
    }
    let mut find = Find(ns, key, None);
    program.visit_with(&mut find);
    find.2
}

/// What the tool takes from the execution class's own body (see `ExecReads`):
/// whether `new` of it gives a new object, and which of its methods give `this`
/// nothing. The closed world refuses a subclass or a changed prototype, so an
/// execution's methods are these, unless the bundle sets one on an object of
/// its own (a member or a key spelled anywhere else by that name: not read).
pub fn class_reads(
    class: &Class,
    names: &BTreeSet<String>,
    fields: BTreeSet<String>,
    members: BTreeSet<String>,
) -> ExecReads {
    let mut reads = ExecReads { fields, members, ..ExecReads::default() };
    if class.super_class.is_some() || mentions_prototype(class) {
        return reads;
    }
    let ctor_returns = class.body.iter().any(|m| match m {
        ClassMember::Constructor(c) => {
            c.body.as_ref().is_some_and(|b| returned_values_of(&b.stmts).iter().any(Option::is_some))
        }
        _ => false,
    });
    if !ctor_returns {
        reads.fresh = names.clone();
    }
    let keyed = |k: &str| {
        class
            .body
            .iter()
            .filter(|m| match m {
                ClassMember::Method(m) => prop_name(&m.key) == Some(k),
                ClassMember::ClassProp(p) => prop_name(&p.key) == Some(k),
                _ => false,
            })
            .count()
    };
    // One pass: a method calling another of `this` with a value is not read as giving
    // nothing (whether that one is depends on its key being unique, asked later).
    let known = reads.clone();
    reads.benign_if_unique = class
        .body
        .iter()
        .filter_map(|m| match m {
            ClassMember::Method(m) if !m.is_static && m.kind == MethodKind::Method => {
                prop_name(&m.key).filter(|k| keyed(k) == 1).map(|k| (k, &*m.function))
            }
            _ => None,
        })
        .filter(|(_, f)| this_only_as_object(f) && gives_this_nothing(f, &known))
        .map(|(k, _)| k.to_string())
        .collect();
    reads
}

/// A method's body read with `this` as the child: what it gives it (`given_in_callee`).
fn gives_this_nothing(f: &Function, known: &ExecReads) -> bool {
    let node = FnNode::Function(f);
    let info = FnInfo { range: range(f), node, name: None, key: None };
    let mut given = Given { this_child: true, ..Given::of(known, node, "") };
    // `brief(m, into = this.prompts)`: a default is the method's code too (round 27).
    given.defaults_of(node);
    given_by(&info, given).0.is_none()
}

/// `C.prototype` or `this.prototype` anywhere in the class (a static block or
/// method may replace a method).
fn mentions_prototype(class: &Class) -> bool {
    struct Find(bool);
    impl Visit for Find {
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            self.0 |= member_name(&m.prop) == Some("prototype");
            m.visit_children_with(self);
        }
        fn visit_static_block(&mut self, _: &StaticBlock) {
            self.0 = true;
        }
    }
    let mut find = Find(false);
    class.visit_with(&mut find);
    find.0
}

/// `this` in a method only as the object of a member (`this.prompts`), never
/// handed, stored or returned itself (a nested `function` has its own).
fn this_only_as_object(f: &Function) -> bool {
    struct Find(bool);
    impl Visit for Find {
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            match strip_parens(&m.obj) {
                Expr::This(_) => m.prop.visit_with(self),
                _ => m.visit_children_with(self),
            }
        }
        fn visit_this_expr(&mut self, _: &ThisExpr) {
            self.0 = false;
        }
        fn visit_function(&mut self, _: &Function) {}
        fn visit_class(&mut self, _: &Class) {}
    }
    let mut find = Find(true);
    f.params.visit_with(&mut find);
    f.body.visit_with(&mut find);
    find.0
}

/// Whether the bundle may give an object its own `key` (shadowing a method of that
/// name) or another method by it: a member by that name read but not called
/// (`x.fork = …`, `const f = x.fork`), a literal's key, the key spelled as a string
/// (computed, defined, assigned), or a class member of that key besides the one
/// method (so a call by that key on any object runs that method or none).
pub(crate) fn set_elsewhere(index: &Index, key: &str) -> bool {
    struct Find<'k>(&'k str, bool, usize);
    impl Visit for Find<'_> {
        fn visit_class_member(&mut self, m: &ClassMember) {
            let named = match m {
                ClassMember::Method(m) => prop_name(&m.key) == Some(self.0),
                ClassMember::ClassProp(p) => prop_name(&p.key) == Some(self.0),
                ClassMember::AutoAccessor(_) => true,
                _ => false,
            };
            self.2 += usize::from(named);
            m.visit_children_with(self);
        }
        fn visit_call_expr(&mut self, c: &CallExpr) {
            // `x.fork(…)`: called, not read as a value.
            if let Callee::Expr(e) = &c.callee {
                if let Expr::Member(m) = strip_parens(e) {
                    m.obj.visit_with(self);
                    m.prop.visit_with(self);
                    c.args.visit_with(self);
                    return;
                }
            }
            c.visit_children_with(self);
        }
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            self.1 |= member_name(&m.prop) == Some(self.0);
            m.visit_children_with(self);
        }
        fn visit_prop(&mut self, p: &Prop) {
            self.1 |= match p {
                Prop::Shorthand(id) => *id.sym == *self.0,
                Prop::KeyValue(kv) => prop_name(&kv.key) == Some(self.0),
                Prop::Getter(g) => prop_name(&g.key) == Some(self.0),
                Prop::Setter(s) => prop_name(&s.key) == Some(self.0),
                Prop::Method(m) => prop_name(&m.key) == Some(self.0),
                Prop::Assign(a) => *a.key.sym == *self.0,
            };
            p.visit_children_with(self);
        }
        fn visit_str(&mut self, s: &Str) {
            self.1 |= s.value.as_str() == Some(self.0);
        }
        fn visit_tpl_element(&mut self, t: &TplElement) {
            self.1 |= t.raw.contains(self.0);
        }
    }
    // As a token or a whole string: a substring of a longer string (a regular expression's
    // source, prose) gives no object that key, and must not send a 7 MB statement to the
    // parser (issue 41).
    index.lookups.mention(key, Mention::Name);
    let mut find = Find(key, false, 0);
    index.program.visit_with(&mut find);
    find.1 || find.2 > 1
}

/// The references to `name` in `program` that may read what the container it
/// names holds: all but an addition (`push`, `unshift`, `add`, `set`), a count
/// (`length`, `size`, `length = n`) and a removal whose result is dropped
/// (`spans.shift();`). A declaration of the name as an empty container is not a reference.
pub fn uses_that_read(program: &Program, name: &str) -> Vec<Range<usize>> {
    struct Find<'n>(&'n str, Vec<Range<usize>>);
    impl Find<'_> {
        fn is(&self, e: &Expr) -> bool {
            matches!(strip_parens(e), Expr::Ident(id) if *id.sym == *self.0)
        }
        /// `name.<one of keys>(…)`: its arguments, read as any code.
        fn method_call(&mut self, e: &Expr, keys: &[&str]) -> bool {
            let Expr::Call(CallExpr { callee: Callee::Expr(c), args, .. }) = strip_parens(e) else { return false };
            match strip_parens(c) {
                Expr::Member(m) if self.is(&m.obj) && member_name(&m.prop).is_some_and(|k| keys.contains(&k)) => {
                    args.visit_with(self);
                    true
                }
                _ => false,
            }
        }
        /// An expression whose value is dropped (a statement, a sequence's part,
        /// a logical's or conditional's branch there): a removal there uses nothing.
        fn dropped(&mut self, e: &Expr) {
            match e {
                Expr::Paren(p) => self.dropped(&p.expr),
                Expr::Seq(q) => q.exprs.iter().for_each(|x| self.dropped(x)),
                Expr::Bin(b)
                    if matches!(b.op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::NullishCoalescing) =>
                {
                    b.left.visit_with(self);
                    self.dropped(&b.right);
                }
                Expr::Cond(c) => {
                    c.test.visit_with(self);
                    self.dropped(&c.cons);
                    self.dropped(&c.alt);
                }
                Expr::Unary(u) if u.op == UnaryOp::Void => self.dropped(&u.arg),
                // `set` and `add` give back the container itself: only where that is dropped.
                e => {
                    if !self.method_call(e, &["shift", "pop", "clear", "splice", "delete", "add", "set"]) {
                        e.visit_with(self);
                    }
                }
            }
        }
    }
    impl Visit for Find<'_> {
        fn visit_expr_stmt(&mut self, s: &ExprStmt) {
            self.dropped(&s.expr);
        }
        fn visit_expr(&mut self, e: &Expr) {
            if self.method_call(e, &["push", "unshift"]) {
                return;
            }
            if let Expr::Member(m) = strip_parens(e) {
                if self.is(&m.obj) && matches!(member_name(&m.prop), Some("length" | "size")) {
                    return;
                }
            }
            e.visit_children_with(self);
        }
        fn visit_assign_expr(&mut self, a: &AssignExpr) {
            if let AssignTarget::Simple(SimpleAssignTarget::Member(m)) = &a.left {
                if self.is(&m.obj) && member_name(&m.prop) == Some("length") {
                    return a.right.visit_with(self);
                }
            }
            a.visit_children_with(self);
        }
        // A declaration of the name is not a use; any other binding of it (an
        // assignment, a `for` head) gives it another value and counts.
        fn visit_var_declarator(&mut self, d: &VarDeclarator) {
            match &d.name {
                Pat::Ident(id) if *id.id.sym == *self.0 && d.init.as_deref().is_none_or(empty_container) => {}
                _ => d.visit_children_with(self),
            }
        }
        fn visit_ident(&mut self, id: &Ident) {
            if *id.sym == *self.0 {
                self.1.push(range(id));
            }
        }
    }
    let mut find = Find(name, Vec::new());
    program.visit_with(&mut find);
    find.1
}

/// `[]`, `new Set()`, `new Map()`, `new Array()`: a container made empty.
pub fn empty_container(e: &Expr) -> bool {
    match strip_parens(e) {
        Expr::Array(a) => a.elems.is_empty(),
        Expr::New(n) => {
            matches!(strip_parens(&n.callee), Expr::Ident(c) if matches!(&*c.sym, "Array" | "Set" | "Map"))
                && n.args.as_ref().is_none_or(|a| a.is_empty())
        }
        _ => false,
    }
}

/// Whether building `class` runs no code but storing what it is handed: no
/// superclass but the language's errors (or another such class, `parent`), and a
/// constructor and fields that only call `super(…)` and write `this.k` from
/// plain values (`class ModelSettleError extends Error {}`).
pub fn inert_class(class: &Class, parent: &dyn Fn(&str) -> Option<bool>) -> bool {
    struct Effects(bool);
    impl Visit for Effects {
        fn visit_expr(&mut self, e: &Expr) {
            match e {
                Expr::Call(_)
                | Expr::New(_)
                | Expr::Assign(_)
                | Expr::Update(_)
                | Expr::Await(_)
                | Expr::Yield(_)
                | Expr::TaggedTpl(_)
                | Expr::Arrow(_)
                | Expr::Fn(_)
                | Expr::Class(_) => self.0 = true,
                e => e.visit_children_with(self),
            }
        }
    }
    let plain = |e: &Expr| {
        let mut fx = Effects(false);
        e.visit_with(&mut fx);
        !fx.0
    };
    let base = match class.super_class.as_deref().map(strip_parens) {
        None => true,
        Some(Expr::Ident(p)) if matches!(&*p.sym, "Error" | "TypeError" | "RangeError" | "SyntaxError") => {
            parent(&p.sym).is_none()
        }
        Some(Expr::Ident(p)) => parent(&p.sym) == Some(true),
        Some(_) => false,
    };
    base && class.body.iter().all(|m| match m {
        ClassMember::Constructor(c) => {
            c.params.iter().all(|p| matches!(p, ParamOrTsParamProp::Param(p) if matches!(p.pat, Pat::Ident(_))))
                && c.body.as_ref().is_none_or(|b| {
                    b.stmts.iter().all(|st| match st {
                        Stmt::Expr(x) => match strip_parens(&x.expr) {
                            Expr::Call(CallExpr { callee: Callee::Super(_), args, .. }) => {
                                args.iter().all(|a| plain(&a.expr))
                            }
                            Expr::Assign(a) => {
                                matches!(&a.left, AssignTarget::Simple(SimpleAssignTarget::Member(m))
                                    if matches!(strip_parens(&m.obj), Expr::This(_)) && !matches!(m.prop, MemberProp::Computed(_)))
                                    && plain(&a.right)
                            }
                            _ => false,
                        },
                        _ => false,
                    })
                })
        }
        ClassMember::ClassProp(p) => !p.is_static && p.value.as_deref().is_none_or(plain),
        ClassMember::Method(_) => true,
        ClassMember::Empty(_) => true,
        _ => false,
    })
}

/// The names `new` is called on in `f` (not a member: `new ns.C()` is not one).
pub fn constructed_names(f: &FnInfo) -> Vec<(String, Range<usize>)> {
    struct Find(Vec<(String, Range<usize>)>);
    impl Visit for Find {
        fn visit_new_expr(&mut self, n: &NewExpr) {
            if let Expr::Ident(c) = strip_parens(&n.callee) {
                self.0.push((c.sym.to_string(), range(n)));
            }
            n.visit_children_with(self);
        }
    }
    let mut find = Find(Vec::new());
    f.node.visit(&mut find);
    find.0
}

/// Whether every value a function gives back is its parameter at `at` (a sequence's
/// last, either branch of a conditional): `(obj, member, method) => (check(obj), method)`.
pub fn gives_back_param(node: FnNode, at: usize) -> bool {
    let Some(Some(param)) = param_names(node).into_iter().nth(at) else { return false };
    fn is(e: &Expr, p: &str) -> bool {
        match strip_parens(e) {
            Expr::Ident(id) => *id.sym == *p,
            Expr::Seq(q) => q.exprs.last().is_some_and(|x| is(x, p)),
            Expr::Cond(c) => is(&c.cons, p) && is(&c.alt, p),
            _ => false,
        }
    }
    match node {
        FnNode::Arrow(a) => match &*a.body {
            ArrowFunctionBody::Expr(e) => is(e, &param),
            ArrowFunctionBody::FunctionBody(b) => {
                let r = returned_values_of(&b.stmts);
                !r.is_empty() && r.iter().all(|e| e.as_ref().is_some_and(|e| is(e, &param)))
            }
        },
        FnNode::Function(f) => f.body.as_ref().is_some_and(|b| {
            let r = returned_values_of(&b.stmts);
            !r.is_empty() && r.iter().all(|e| e.as_ref().is_some_and(|e| is(e, &param)))
        }),
        FnNode::Constructor(_) => false,
    }
}

/// The values a body's own `return`s give (not its nested functions'), `None` for a bare `return`.
fn returned_values_of(stmts: &[Stmt]) -> Vec<Option<Expr>> {
    struct Find(Vec<Option<Expr>>);
    impl Visit for Find {
        fn visit_return_stmt(&mut self, r: &ReturnStmt) {
            self.0.push(r.arg.as_deref().map(|e| strip_parens(e).clone()));
        }
        fn visit_function(&mut self, _: &Function) {}
        fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
        fn visit_class(&mut self, _: &Class) {}
    }
    let mut find = Find(Vec::new());
    stmts.iter().for_each(|s| s.visit_with(&mut find));
    find.0
}

/// The keys `f` calls methods by (`x.fork(…)`, `x?.fork(…)`), nested functions included.
pub fn called_keys(f: &FnInfo) -> BTreeSet<String> {
    struct Find(BTreeSet<String>);
    impl Visit for Find {
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            if let Some(k) = member_name(&m.prop) {
                self.0.insert(k.to_string());
            }
            m.visit_children_with(self);
        }
    }
    let mut find = Find(BTreeSet::new());
    f.node.visit(&mut find);
    find.0
}

/// Whether a pattern takes a key apart by an expression that is not a
/// literal, and whether any default in it is something `mentions` says.
fn pattern_doubts(pat: &Pat, mentions: &dyn Fn(&Expr) -> bool) -> (bool, bool) {
    fn go(p: &Pat, doubts: &mut (bool, bool), mentions: &dyn Fn(&Expr) -> bool) {
        match p {
            Pat::Object(o) => {
                for prop in &o.props {
                    match prop {
                        ObjectPatProp::KeyValue(kv) => {
                            if let PropName::Computed(c) = &kv.key {
                                doubts.0 |= !matches!(strip_parens(&c.expr), Expr::Lit(Lit::Str(_) | Lit::Num(_)));
                            }
                            go(&kv.value, doubts, mentions);
                        }
                        ObjectPatProp::Assign(a) => doubts.1 |= a.value.as_deref().is_some_and(mentions),
                        ObjectPatProp::Rest(r) => go(&r.arg, doubts, mentions),
                    }
                }
            }
            Pat::Array(a) => a.elems.iter().flatten().for_each(|e| go(e, doubts, mentions)),
            Pat::Assign(a) => {
                doubts.1 |= mentions(&a.right);
                go(&a.left, doubts, mentions)
            }
            Pat::Rest(r) => go(&r.arg, doubts, mentions),
            _ => {}
        }
    }
    let mut doubts = (false, false);
    go(pat, &mut doubts, mentions);
    doubts
}

/// The objects whose members an assignment pattern writes (`[slots[0]] = …`: `slots`).
fn pattern_member_objects<'p>(p: &'p AssignTargetPat, out: &mut Vec<&'p Expr>) {
    fn go<'p>(p: &'p Pat, out: &mut Vec<&'p Expr>) {
        match p {
            Pat::Expr(e) => {
                if let Expr::Member(m) = strip_parens(e) {
                    out.push(&m.obj);
                }
            }
            Pat::Object(o) => o.props.iter().for_each(|prop| match prop {
                ObjectPatProp::KeyValue(kv) => go(&kv.value, out),
                ObjectPatProp::Rest(r) => go(&r.arg, out),
                ObjectPatProp::Assign(_) => {}
            }),
            Pat::Array(a) => a.elems.iter().flatten().for_each(|e| go(e, out)),
            Pat::Assign(a) => go(&a.left, out),
            Pat::Rest(r) => go(&r.arg, out),
            _ => {}
        }
    }
    match p {
        AssignTargetPat::Array(a) => a.elems.iter().flatten().for_each(|e| go(e, out)),
        AssignTargetPat::Object(o) => o.props.iter().for_each(|prop| match prop {
            ObjectPatProp::KeyValue(kv) => go(&kv.value, out),
            ObjectPatProp::Rest(r) => go(&r.arg, out),
            ObjectPatProp::Assign(_) => {}
        }),
        AssignTargetPat::Invalid(_) => {}
    }
}

/// A key as written: a plain name or a computed key spelled as a string (`["a-b"]`).
fn literal_key(key: &PropName) -> Option<&str> {
    match key {
        PropName::Computed(c) => match strip_parens(&c.expr) {
            Expr::Lit(Lit::Str(k)) => k.value.as_str(),
            _ => None,
        },
        k => prop_name(k),
    }
}
