//! World: where the anchors put what the sweep's findings are judged
//! against (the classes, the drain, the end-of-turn check, the spawn sites,
//! the roots), what those read, and the sweep set up to look for them.

use std::collections::{BTreeSet, HashSet};
use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::pattern::{member_name, prop_name, strip_parens};
use crate::anchors::resolve::{ClassInfo, FnInfo, Index, Mention, Resolution};
use crate::proof::account::place::{CURSOR, DEPTH, SETTER};
use crate::proof::account::query::members_on;
use crate::proof::account::sweep::{Class, Sweep};
use crate::proof::site::buffer_length;
use crate::read::parse::range;
use crate::read::scope::FnNode;

/// What the sweep's findings are judged against: where the anchors put the
/// classes, the drain, the end-of-turn check, the spawn sites and the roots,
/// and what those read.
pub(super) struct World<'r, 'a> {
    pub(super) resolution: &'r Resolution<'a>,
    pub(super) index: &'r Index<'a>,
    pub(super) exec: &'r ClassInfo<'a>,
    pub(super) exec_range: Range<usize>,
    pub(super) buffer_range: Range<usize>,
    exec_names: BTreeSet<String>,
    buffer_names: BTreeSet<String>,
    /// The buffer's slot in the session's services, where the length says it is.
    pub(super) slot: Option<String>,
    /// Methods of the buffer a caller may use without reading its messages.
    pub(super) buffer_safe: BTreeSet<String>,
    /// What the drain and the end-of-turn check read on an execution.
    pub(super) fields: BTreeSet<String>,
    /// `fields`, and of those what the drain alone reads (what moves its delivery),
    /// each with the class's own member names, for the escape reader.
    pub(super) reads: crate::proof::escape::ExecReads,
    pub(super) drain_reads: crate::proof::escape::ExecReads,
    /// Whether a method key is unique in the bundle (`escape::set_elsewhere`), asked lazily.
    pub(super) unique_keys: std::cell::RefCell<std::collections::HashMap<String, bool>>,
    /// The field the drain empties its own queue through (`this.<queue> = []`).
    pub(super) queue: String,
    /// A drain split over the functions it calls (a collector and a deliverer) is one drain.
    pub(super) drains: Vec<Range<usize>>,
    pub(super) turns: Vec<Range<usize>>,
    pub(super) spawns: Vec<Range<usize>>,
    pub(super) roots: Vec<Range<usize>>,
    pub(super) spawn_fns: Vec<Range<usize>>,
    pub(super) ctor_ranges: Vec<Range<usize>>,
    pub(super) setter_ranges: Vec<Range<usize>>,
    /// Where the buffer's messages may be read: the buffer, the drain, the check, the length's method.
    pub(super) readers: Vec<Range<usize>>,
    /// Keys of the containers children are added to before they start, as the escape rules find them.
    pub(super) held: std::cell::RefCell<Vec<String>>,
    /// Top-level functions that give back a copy of one of their parameters
    /// (see `escape::copies_parameter`), by name, each found once when first asked.
    pub(super) makers: std::cell::RefCell<std::collections::HashMap<String, Option<usize>>>,
}

impl<'r, 'a> World<'r, 'a> {
    /// The world around the resolved anchors, or None where the classes did not resolve.
    pub(super) fn gather(resolution: &'r Resolution<'a>) -> Option<World<'r, 'a>> {
        let index = &resolution.index;
        let ranges = |id: &str| resolution.get(id).iter().map(|m| m.range.clone()).collect::<Vec<_>>();
        let drains: Vec<Range<usize>> = ranges("drain").iter().flat_map(|d| index.with_callees(d)).collect();
        let turns = ranges("end-of-turn");
        let exec_range = ranges("execution-class").first().cloned()?;
        let buffer_range = ranges("buffer-class").first().cloned()?;
        let exec = index.classes.iter().find(|c| c.range == exec_range)?;
        let buffer = index.classes.iter().find(|c| c.range == buffer_range)?;
        let exec_names = class_names(resolution, "execution-class");
        let buffer_names = class_names(resolution, "buffer-class");
        // The buffer, from the execution's side: `this.sessionServices.<slot>.<tail>`.
        let len = buffer_length(resolution);
        let (slot, tail) = match crate::anchors::resolve::buffer_slot(&len) {
            Some((slot, tail)) => (Some(slot.to_string()), tail.to_string()),
            None => (None, String::new()),
        };
        for name in exec_names.iter().chain(&buffer_names) {
            index.lookups.mention(name, Mention::Reference);
        }
        for text in [CURSOR, SETTER].into_iter().chain(slot.as_deref()) {
            index.lookups.mention(text, Mention::Spelled);
        }
        let buffer_safe = buffer_safe(resolution, buffer.class, &tail);
        let ql_method = resolution
            .get("queued-length")
            .first()
            .and_then(|m| index.enclosing_function(&m.range))
            .map(|f| f.range.clone());
        let fields = drain_fields(resolution, exec, &drains, &turns, ql_method.as_ref());
        let drain_only = drain_fields(resolution, exec, &drains, &[], ql_method.as_ref());
        let queue = resolution.capture("own-queue", "QUEUE").unwrap_or_default().to_string();
        let spawns = ranges("spawn-site");
        let spawn_fns = spawns.iter().filter_map(|r| index.enclosing_function(r)).map(|f| f.range.clone()).collect();
        let ctor_ranges = exec
            .class
            .body
            .iter()
            .filter_map(|m| match m {
                ClassMember::Constructor(c) => Some(range(c)),
                _ => None,
            })
            .collect();
        let setter_ranges = methods_named(index, exec, SETTER).iter().map(|f| f.range.clone()).collect();
        let readers = [buffer_range.clone()]
            .into_iter()
            .chain(drains.iter().cloned())
            .chain(turns.iter().cloned())
            .chain(ql_method.iter().cloned())
            .collect();
        // Every member the class declares, by name (methods, accessors, fields).
        let members: BTreeSet<String> = exec
            .class
            .body
            .iter()
            .filter_map(|m| match m {
                ClassMember::Method(m) => crate::anchors::pattern::prop_name(&m.key).map(str::to_string),
                ClassMember::ClassProp(p) => crate::anchors::pattern::prop_name(&p.key).map(str::to_string),
                ClassMember::PrivateMethod(m) => Some(format!("#{}", m.key.name)),
                _ => None,
            })
            .collect();
        let mut reads = crate::proof::escape::class_reads(exec.class, &exec_names, fields.clone(), members);
        reads.acks_if_unique = acknowledging(buffer.class).into_iter().collect();
        Some(World {
            resolution,
            index,
            exec,
            exec_range,
            buffer_range,
            exec_names,
            buffer_names,
            slot,
            buffer_safe,
            drain_reads: crate::proof::escape::ExecReads { fields: drain_only, ..reads.clone() },
            reads,
            fields,
            queue,
            drains,
            turns,
            spawns,
            roots: ranges("root-construction"),
            spawn_fns,
            ctor_ranges,
            setter_ranges,
            readers,
            held: Default::default(),
            makers: Default::default(),
            unique_keys: Default::default(),
        })
    }

    /// A sweep for the places that could change the proof's outcome.
    pub(super) fn sweep(&self) -> Sweep<'a> {
        let inner = [(&self.exec_range, Class::Execution), (&self.buffer_range, Class::Buffer)]
            .into_iter()
            .filter_map(|(at, which)| {
                self.index
                    .inner_names
                    .iter()
                    .find(|(_, _, class)| class == at)
                    .map(|(name, _, class)| (name.to_string(), class.clone(), which))
            })
            .collect();
        Sweep {
            exec_names: self.exec_names.clone(),
            buffer_names: self.buffer_names.clone(),
            slot: self.slot.clone(),
            handled: BTreeSet::new(),
            class_uses: Vec::new(),
            cursor_writes: Vec::new(),
            setter_uses: Vec::new(),
            obj_writes: Vec::new(),
            slot_uses: Vec::new(),
            slot_patterns: BTreeSet::new(),
            reflective: Vec::new(),
            names_as_values: Vec::new(),
            scopes: Vec::new(),
            inner,
        }
    }
}

/// A class anchor's class by its captured name and the name's aliases.
fn class_names(resolution: &Resolution, anchor: &str) -> BTreeSet<String> {
    let mut set = BTreeSet::new();
    if let Some(name) = resolution.capture(anchor, "CLASS") {
        set.insert(name.to_string());
        set.extend(resolution.index.aliases_of(name).into_iter().map(str::to_string));
    }
    set
}

/// The methods of the buffer class a caller may use without reading its
/// messages: the append, the clear, the length's own member, the acknowledgment predicate.
fn buffer_safe(resolution: &Resolution, buffer: &swc_ecma_ast::Class, tail: &str) -> BTreeSet<String> {
    let method_of = |id: &str| -> Option<String> {
        let at = resolution.get(id).first()?.range.clone();
        crate::anchors::resolve::class_method(buffer, &at).and_then(|m| prop_name(&m.key)).map(str::to_string)
    };
    let acks = acknowledging(buffer);
    let predicate = resolution.capture("buffer-class", "METHOD").map(str::to_string);
    [method_of("buffer-append"), method_of("buffer-clear"), Some(tail.to_string()), predicate]
        .into_iter()
        .flatten()
        .chain(acks)
        .filter(|m| !m.is_empty())
        .collect()
}

/// The buffer's methods that only acknowledge (`acknowledges_only`).
fn acknowledging(buffer: &swc_ecma_ast::Class) -> Vec<String> {
    buffer
        .body
        .iter()
        .filter_map(|m| match m {
            ClassMember::Method(m) if m.kind == MethodKind::Method && acknowledges_only(&m.function) => {
                prop_name(&m.key).map(str::to_string)
            }
            _ => None,
        })
        .collect()
}

/// Whether an expression's value can only be a primitive (a literal, a
/// negation, a comparison), whatever it evaluates on the way.
fn yields_no_object(e: &Expr) -> bool {
    match strip_parens(e) {
        Expr::Lit(_) => true,
        Expr::Unary(u) => matches!(u.op, UnaryOp::Bang | UnaryOp::Void | UnaryOp::TypeOf),
        Expr::Bin(b) if matches!(b.op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::NullishCoalescing) => {
            yields_no_object(&b.left) && yields_no_object(&b.right)
        }
        Expr::Bin(_) => true,
        Expr::Cond(c) => yields_no_object(&c.cons) && yields_no_object(&c.alt),
        Expr::Seq(s) => s.exprs.last().is_some_and(|x| yields_no_object(x)),
        _ => false,
    }
}

/// Whether a buffer method only acknowledges (fact 4): it looks a message
/// up, adds to its `handlers` set, and hands nothing back. Such a call moves
/// no cursor and delivers nothing; only the prompt wording reads `handlers`.
fn head_writes_only_own(head: &ForHead, own: &HashSet<String>) -> bool {
    let mut found = Vec::new();
    crate::read::writes::of_for_head(swc_common::DUMMY_SP, head, &mut found);
    found.iter().all(|w| match &w.target {
        crate::read::writes::Target::Name(n, _) => own.contains(n) || w.how == crate::read::writes::How::ForDeclaration,
        _ => false,
    })
}

fn acknowledges_only(f: &Function) -> bool {
    struct Ack {
        ok: bool,
        /// The method's own names: only its temporaries may be written.
        own: HashSet<String>,
        /// Whether it touches a message's `handlers` at all: one that does
        /// nothing is no acknowledgment.
        handlers: bool,
    }
    impl Visit for Ack {
        fn visit_return_stmt(&mut self, node: &ReturnStmt) {
            self.ok &= node.arg.as_deref().is_none_or(yields_no_object);
            node.visit_children_with(self);
        }
        // `(_a = this.m.get(id)) == null ? …`: lowered `?.`.
        fn visit_assign_expr(&mut self, node: &AssignExpr) {
            let own = matches!(&node.left, AssignTarget::Simple(SimpleAssignTarget::Ident(id)) if self.own.contains(&*id.id.sym));
            self.ok &= own && node.op == AssignOp::Assign;
            node.right.visit_with(self);
        }
        fn visit_update_expr(&mut self, _: &UpdateExpr) {
            self.ok = false;
        }
        // A `for` head that assigns writes what it names: not a temporary of its own.
        fn visit_for_of_stmt(&mut self, node: &ForOfStmt) {
            self.ok &= head_writes_only_own(&node.left, &self.own);
            node.visit_children_with(self);
        }
        fn visit_for_in_stmt(&mut self, node: &ForInStmt) {
            self.ok &= head_writes_only_own(&node.left, &self.own);
            node.visit_children_with(self);
        }
        fn visit_unary_expr(&mut self, node: &UnaryExpr) {
            self.ok &= node.op != UnaryOp::Delete;
            node.visit_children_with(self);
        }
        fn visit_call_expr(&mut self, node: &CallExpr) {
            let ok = match &node.callee {
                Callee::Expr(c) => match strip_parens(c) {
                    Expr::Member(m) => match member_name(&m.prop) {
                        Some("get" | "has" | "find" | "some" | "includes") => true,
                        Some("add") => {
                            matches!(strip_parens(&m.obj), Expr::Member(o) if member_name(&o.prop) == Some("handlers"))
                        }
                        _ => false,
                    },
                    _ => false,
                },
                _ => false,
            };
            self.ok &= ok;
            node.visit_children_with(self);
        }
        fn visit_new_expr(&mut self, _: &NewExpr) {
            self.ok = false;
        }
        fn visit_member_expr(&mut self, node: &MemberExpr) {
            self.handlers |= member_name(&node.prop) == Some("handlers");
            node.visit_children_with(self);
        }
    }
    let Some(body) = &f.body else { return false };
    let mut ack = Ack { ok: true, own: crate::read::scope::declared_by(FnNode::Function(f)), handlers: false };
    body.visit_with(&mut ack);
    ack.ok && ack.handlers
}

/// The execution class's methods called `name`.
fn methods_named<'i, 'a>(index: &'i Index<'a>, exec: &ClassInfo<'a>, name: &str) -> Vec<&'i FnInfo<'a>> {
    exec.class
        .body
        .iter()
        .filter_map(|m| match m {
            ClassMember::Method(method) if prop_name(&method.key) == Some(name) => {
                index.function_at(&range(&*method.function))
            }
            _ => None,
        })
        .collect()
}

/// What the drain, the end-of-turn check and the method that reads the
/// buffer's length read on the execution; with the `this` reads of the
/// execution's methods they call, transitively (those methods are not fields).
fn drain_fields(
    resolution: &Resolution,
    exec: &ClassInfo,
    drains: &[Range<usize>],
    turns: &[Range<usize>],
    ql_method: Option<&Range<usize>>,
) -> BTreeSet<String> {
    let index = &resolution.index;
    let mut fields: BTreeSet<String> = [CURSOR, DEPTH].into_iter().map(str::to_string).collect();
    let mut called: BTreeSet<String> = BTreeSet::new();
    let exec_var = resolution.capture("drain-cursor-advance", "EXEC");
    for (fns, object, is_drain) in [(drains, exec_var, true), (turns, end_of_turn_object(resolution), false)] {
        for at in fns.iter() {
            let Some(f) = index.function_at(at) else { continue };
            // The execution by the anchor's name, and by each drain function's first parameter.
            let first =
                if is_drain { f.node.param_names().first().copied().flatten().map(str::to_string) } else { None };
            for object in object.map(str::to_string).into_iter().chain(first) {
                let (read, calls) = members_on(index.source, f.node, object.trim());
                fields.extend(read);
                called.extend(calls);
            }
        }
    }
    if let Some(f) = ql_method.and_then(|at| index.function_at(at)) {
        fields.extend(members_on(index.source, f.node, "this").0);
    }
    let mut seen = BTreeSet::new();
    while let Some(name) = called.iter().find(|n| !seen.contains(*n)).cloned() {
        seen.insert(name.clone());
        for f in methods_named(index, exec, &name) {
            let (read, calls) = members_on(index.source, f.node, "this");
            fields.extend(read);
            called.extend(calls);
        }
    }
    fields.retain(|f| !called.contains(f));
    fields
}

/// The expression the end-of-turn check reads the execution through (`$E`).
fn end_of_turn_object<'a>(resolution: &Resolution<'a>) -> Option<&'a str> {
    resolution.capture("end-of-turn", "E").or_else(|| {
        let m = resolution.get("end-of-turn").first()?;
        let f = resolution.index.function_at(&m.range)?;
        // The anchor's match is the function; find `$E.drainRetryCount` in it.
        let text = resolution.index.text(&f.range);
        let at = text.find(".drainRetryCount")?;
        let start =
            text[..at].rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$' || c == '.')).map_or(0, |i| i + 1);
        let abs = f.range.start + start..f.range.start + at;
        Some(resolution.index.text(&abs))
    })
}
