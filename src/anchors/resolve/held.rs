//! What a member key may hold: every value the bundle gives a member of that
//! key, wherever it is given (an assignment, `??=`/`||=`/`&&=`, an object
//! literal, a class field), read off the complete write classification. A key
//! given a value some other way (a compound or update, a destructuring, a
//! `for` head, a reflective writer, an accessor, a computed key that may be
//! it) cannot be followed, and says where.

use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::pattern::{member_name, prop_name, strip_parens};
use crate::anchors::resolve::{Index, KeyText, Mention};
use crate::read::parse::range;
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
