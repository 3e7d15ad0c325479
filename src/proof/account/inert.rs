//! Inert members of the steering buffer: a field or method that code outside
//! the drain may use because it carries no message and moves nothing the
//! readers read (a counter such as `epoch`, bumped by a protocol handler).
//!
//! A key is inert when no reader (the drain and what it calls, the
//! end-of-turn check, the queued-length method, the buffer's own methods
//! other than inert ones) reads it, and every value the bundle gives it is
//! built from literals and inert keys by operators that make primitives. A
//! method is inert when it calls nothing, builds nothing, hands `this` to
//! nothing, writes only inert keys and its own temporaries, and returns only
//! what inert keys and literals make. Decided by fixpoint: a method that is
//! not inert reads for the readers.

use std::collections::HashSet;
use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::pattern::{prop_name, strip_parens};
use crate::anchors::resolve::flow::{member_key, values_counted};
use crate::anchors::resolve::within;
use crate::proof::account::world::World;
use crate::read::parse::range;

/// What a key is read as where a member's key cannot be read: any key.
const ANY: &str = "\u{0}any";

impl World<'_, '_> {
    /// Whether the buffer's member `m`, used outside the readers, is inert.
    pub(super) fn buffer_member_inert(&self, m: &str) -> bool {
        let Some(class) = self.index.classes.iter().find(|c| c.range == self.buffer_range) else { return false };
        let methods: Vec<(&str, &Function)> = class
            .class
            .body
            .iter()
            .filter_map(|member| match member {
                ClassMember::Method(x) if x.kind == MethodKind::Method && !x.is_static => {
                    prop_name(&x.key).map(|k| (k, &*x.function))
                }
                _ => None,
            })
            .collect();
        // Start from every method of the inert shape; drop those that are not, until none drops.
        let mut inert: Vec<(&str, &Function)> = methods.iter().copied().filter(|(_, f)| shape_is_inert(f)).collect();
        loop {
            let excluded: Vec<Range<usize>> = inert.iter().map(|(_, f)| range(*f)).collect();
            let (read, copies) = self.keys_read_by_readers(&excluded);
            let mut keys = Keys { world: self, read: &read, copies: &copies, memo: Default::default() };
            let before = inert.len();
            inert.retain(|(_, f)| keys.method_is_inert(f));
            if inert.len() == before {
                if methods.iter().any(|(k, _)| *k == m) {
                    return inert.iter().any(|(k, _)| *k == m);
                }
                return keys.key_is_inert(m);
            }
        }
    }

    /// Every member key read inside the readers, outside `excluded`; `ANY` where a key cannot be read.
    /// A read of `this.k` that only copies it into a literal's key (`{ epoch: this.epoch }`, a
    /// message the buffer builds) is a copy `k` → that key, not a read.
    fn keys_read_by_readers(&self, excluded: &[Range<usize>]) -> (HashSet<String>, Vec<(String, String)>) {
        struct Reads<'w, 'i, 'a> {
            index: &'i crate::anchors::resolve::Index<'a>,
            readers: &'w [Range<usize>],
            excluded: &'w [Range<usize>],
            out: HashSet<String>,
            copies: Vec<(String, String)>,
            copied: Vec<Range<usize>>,
        }
        impl Reads<'_, '_, '_> {
            fn counts(&self, at: &Range<usize>) -> bool {
                self.readers.iter().any(|r| within(at, r)) && !self.excluded.iter().any(|r| within(at, r))
            }
        }
        impl Visit for Reads<'_, '_, '_> {
            fn visit_key_value_prop(&mut self, kv: &KeyValueProp) {
                if let (Some(to), Expr::Member(m)) = (prop_name(&kv.key), strip_parens(&kv.value)) {
                    if matches!(strip_parens(&m.obj), Expr::This(_)) && self.counts(&range(m)) {
                        if let Some(from) = member_key(self.index, m) {
                            self.copies.push((from.into_owned(), to.to_string()));
                            self.copied.push(range(m));
                        }
                    }
                }
                kv.visit_children_with(self);
            }
            // `this.k = v` gives `k` a value (read by `values_counted`); it reads nothing of it.
            fn visit_assign_expr(&mut self, a: &AssignExpr) {
                match &a.left {
                    AssignTarget::Simple(SimpleAssignTarget::Member(m)) if a.op == AssignOp::Assign => {
                        m.obj.visit_with(self);
                        m.prop.visit_with(self);
                        a.right.visit_with(self);
                    }
                    _ => a.visit_children_with(self),
                }
            }
            fn visit_member_expr(&mut self, m: &MemberExpr) {
                let at = range(m);
                if self.counts(&at) && !self.copied.contains(&at) {
                    match member_key(self.index, m) {
                        Some(k) => {
                            self.out.insert(k.into_owned());
                        }
                        None if matches!(m.prop, MemberProp::PrivateName(_)) => {}
                        None => {
                            self.out.insert(ANY.to_string());
                        }
                    }
                }
                m.visit_children_with(self);
            }
        }
        let mut reads = Reads {
            index: self.index,
            readers: &self.readers,
            excluded,
            out: HashSet::new(),
            copies: Vec::new(),
            copied: Vec::new(),
        };
        self.index.program.visit_with(&mut reads);
        (reads.out, reads.copies)
    }
}

struct Keys<'k, 'w, 'r, 'a> {
    world: &'k World<'r, 'a>,
    read: &'w HashSet<String>,
    /// Keys the readers copy into another key of a literal they build: inert only where that one is.
    copies: &'w [(String, String)],
    memo: std::collections::HashMap<String, Option<bool>>,
}

impl Keys<'_, '_, '_, '_> {
    fn key_is_inert(&mut self, key: &str) -> bool {
        if self.read.contains(key) || (self.read.contains(ANY) && spelled_as_string(self.world.index, key)) {
            return false;
        }
        match self.memo.get(key) {
            Some(Some(known)) => return *known,
            // In progress: a key built from itself (`epoch += 1`) is as inert as its other values.
            Some(None) => return true,
            None => {}
        }
        self.memo.insert(key.to_string(), None);
        let index = self.world.index;
        let copied_to: Vec<String> =
            self.copies.iter().filter(|(from, _)| from == key).map(|(_, to)| to.clone()).collect();
        if !copied_to.iter().all(|to| self.key_is_inert(to)) {
            self.memo.insert(key.to_string(), Some(false));
            return false;
        }
        let inert = match values_counted(index, key) {
            Ok(values) => values.iter().all(|at| match value_at(index.program, at) {
                Some(v) => self.made_of_inert(&v),
                None => false,
            }),
            Err(_) => false,
        };
        self.memo.insert(key.to_string(), Some(inert));
        inert
    }

    /// Whether `e` is built from literals and inert keys by operators that make primitives.
    fn made_of_inert(&mut self, e: &Expr) -> bool {
        match strip_parens(e) {
            Expr::Lit(Lit::Regex(_)) => false,
            Expr::Lit(_) => true,
            Expr::Ident(id) => &*id.sym == "undefined",
            Expr::Unary(u) => u.op != UnaryOp::Delete && self.made_of_inert(&u.arg),
            Expr::Update(u) => self.made_of_inert(&u.arg),
            Expr::Bin(b) => {
                !matches!(b.op, BinaryOp::In | BinaryOp::InstanceOf)
                    && self.made_of_inert(&b.left)
                    && self.made_of_inert(&b.right)
            }
            Expr::Cond(c) => self.made_of_inert(&c.test) && self.made_of_inert(&c.cons) && self.made_of_inert(&c.alt),
            Expr::Seq(s) => s.exprs.iter().all(|x| self.made_of_inert(x)),
            Expr::Tpl(t) => t.exprs.iter().all(|x| self.made_of_inert(x)),
            Expr::Assign(a) => {
                let AssignTarget::Simple(SimpleAssignTarget::Member(m)) = &a.left else { return false };
                self.member_is_inert(m) && self.made_of_inert(&a.right)
            }
            Expr::Member(m) => self.member_is_inert(m),
            _ => false,
        }
    }

    /// `X.k` with `k` inert, and `X` a chain of members on `this` or a name: reading it does nothing else.
    fn member_is_inert(&mut self, m: &MemberExpr) -> bool {
        let mut object = strip_parens(&m.obj);
        while let Expr::Member(inner) = object {
            if matches!(inner.prop, MemberProp::Computed(_)) {
                return false;
            }
            object = strip_parens(&inner.obj);
        }
        matches!(object, Expr::This(_) | Expr::Ident(_))
            && member_key(self.world.index, m).is_some_and(|k| self.key_is_inert(&k))
    }

    fn method_is_inert(&mut self, f: &Function) -> bool {
        let own = crate::read::scope::declared_by(crate::read::scope::FnNode::Function(f));
        let writes = crate::read::writes::all_in(f);
        for w in &writes {
            let ok = match &w.target {
                crate::read::writes::Target::Name(n, _) => own.contains(n),
                crate::read::writes::Target::Member(m) => self.member_is_inert(m),
                _ => false,
            };
            if !ok {
                return false;
            }
        }
        returns(f).iter().all(|r| self.made_of_inert(r))
    }
}

/// A method that calls nothing, builds nothing, waits for nothing, has no
/// closures, and uses `this` only to read or write its members.
fn shape_is_inert(f: &Function) -> bool {
    struct Shape(bool);
    impl Visit for Shape {
        fn visit_call_expr(&mut self, _: &CallExpr) {
            self.0 = false;
        }
        fn visit_new_expr(&mut self, _: &NewExpr) {
            self.0 = false;
        }
        fn visit_tagged_tpl(&mut self, _: &TaggedTpl) {
            self.0 = false;
        }
        fn visit_await_expr(&mut self, _: &AwaitExpr) {
            self.0 = false;
        }
        fn visit_yield_expr(&mut self, _: &YieldExpr) {
            self.0 = false;
        }
        fn visit_function(&mut self, _: &Function) {
            self.0 = false;
        }
        fn visit_arrow_expr(&mut self, _: &ArrowExpr) {
            self.0 = false;
        }
        fn visit_class(&mut self, _: &Class) {
            self.0 = false;
        }
        fn visit_opt_chain_expr(&mut self, _: &OptChainExpr) {
            self.0 = false;
        }
        fn visit_member_expr(&mut self, m: &MemberExpr) {
            // `this.k`: not `this` handed on; the key is visited for its own reads.
            if !matches!(strip_parens(&m.obj), Expr::This(_)) {
                m.obj.visit_with(self);
            }
            m.prop.visit_with(self);
        }
        fn visit_this_expr(&mut self, _: &ThisExpr) {
            self.0 = false;
        }
        fn visit_for_of_stmt(&mut self, _: &ForOfStmt) {
            // Iterating runs an iterator: a call.
            self.0 = false;
        }
        fn visit_spread_element(&mut self, _: &SpreadElement) {
            self.0 = false;
        }
    }
    let mut shape = Shape(f.body.is_some() && !f.is_async && !f.is_generator && f.decorators.is_empty());
    f.params.visit_with(&mut shape);
    f.body.visit_with(&mut shape);
    shape.0
}

/// Whether the bundle spells `key` in a string or a template's text: a key
/// the source computes may then be it (one put together from pieces at run
/// time is not seen).
pub(super) fn spelled_as_string(index: &crate::anchors::resolve::Index, key: &str) -> bool {
    struct Find<'k>(&'k str, bool);
    impl Visit for Find<'_> {
        fn visit_str(&mut self, s: &Str) {
            self.1 |= s.value.as_str().is_some_and(|v| v.contains(self.0));
        }
        fn visit_tpl_element(&mut self, t: &TplElement) {
            self.1 |= t.raw.contains(self.0);
        }
    }
    index.lookups.mention(key, crate::anchors::resolve::Mention::Spelled);
    let mut find = Find(key, false);
    index.program.visit_with(&mut find);
    find.1
}

fn returns(f: &Function) -> Vec<Expr> {
    struct Find(Vec<Expr>);
    impl Visit for Find {
        fn visit_return_stmt(&mut self, r: &ReturnStmt) {
            if let Some(arg) = &r.arg {
                self.0.push((**arg).clone());
            }
        }
    }
    let mut find = Find(Vec::new());
    f.body.visit_with(&mut find);
    find.0
}

/// The expression at `at` in the program, cloned.
pub(super) fn value_at(program: &Program, at: &Range<usize>) -> Option<Expr> {
    struct Find<'a> {
        at: &'a Range<usize>,
        found: Option<Expr>,
    }
    impl Visit for Find<'_> {
        fn visit_expr(&mut self, e: &Expr) {
            if self.found.is_some() {
                return;
            }
            let r = range(e);
            if r == *self.at {
                self.found = Some(e.clone());
                return;
            }
            if r.start <= self.at.start && self.at.end <= r.end {
                e.visit_children_with(self);
            }
        }
    }
    let mut find = Find { at, found: None };
    program.visit_with(&mut find);
    find.found
}
