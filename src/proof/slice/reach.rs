//! How the harness reaches what it runs: the drain and the end-of-turn check
//! (their own text, a method of a class it constructs, or a closure through
//! its maker), and the buffer (the sessionServices slots it may sit in).

use std::collections::BTreeSet;
use std::ops::Range;

use serde_json::{json, Value};
use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use super::cut::Edits;
use super::cut::{add_free, cut, fn_free};
use super::parts::Parts;
use super::shapes::{params_of, service_slots, Slots};
use crate::anchors::pattern::prop_name;
use crate::anchors::resolve::{FnInfo, Index, Resolution};
use crate::read::parse::range;
use crate::read::scope::{declared_by, free_names, FnNode};

/// How the harness calls the drain and the end-of-turn check, the makers of
/// those that are closures, and the other classes whose methods they are.
pub(super) struct Reached<'r, 'a> {
    pub(super) drain_call: Value,
    pub(super) turn_call: Value,
    pub(super) drain_maker: Option<&'r FnInfo<'a>>,
    pub(super) turn_maker: Option<&'r FnInfo<'a>>,
    pub(super) owner_texts: Vec<Value>,
    /// The bytes of the makers and owner classes the harness runs.
    pub(super) ran: Vec<Range<usize>>,
}

pub(super) fn reach_functions<'r, 'a>(
    resolution: &'r Resolution<'a>,
    parts: &Parts<'r, 'a>,
    insertions: &Edits,
    free: &mut BTreeSet<String>,
) -> Result<Reached<'r, 'a>, String> {
    let index = &resolution.index;
    let source = index.source;
    let (drain, turn) = (parts.drain, parts.turn);
    let mut owners: Vec<Range<usize>> = Vec::new();
    let (drain_maker, turn_maker) = (maker_of(index, drain), maker_of(index, turn));
    // A closure is reached through its maker, called as the bundle calls it.
    let reach = |f: &FnInfo, maker: Option<&FnInfo>, owners: &mut Vec<Range<usize>>| match maker {
        Some(m) => Ok(json!({
            "form": "factory",
            "name": m.name,
            "text": format!("({})", cut(source, &m.range, insertions)),
            "makerParams": params_of(m.node),
        })),
        None => callable(resolution, f, (&parts.exec_at, &parts.buffer_at), insertions, owners),
    };
    let drain_call = reach(drain, drain_maker, &mut owners)?;
    let turn_call = reach(turn, turn_maker, &mut owners)?;
    let mut owner_texts = Vec::new();
    for at in &owners {
        let class =
            index.classes.iter().find(|c| c.range == *at).ok_or_else(|| format!("no class at byte {}", at.start))?;
        add_free(index, free, free_names(class.class, &[]), at);
        // A class with a top-level binding keeps its name (its methods may use it).
        let binding = class.name.as_ref().map(|r| index.text(r).to_string());
        owner_texts.push(json!({"name": binding, "text": cut(source, at, insertions)}));
    }
    for (call, f, maker) in [(&drain_call, drain, drain_maker), (&turn_call, turn, turn_maker)] {
        match maker {
            Some(m) => add_free(index, free, fn_free(m.node), &m.range),
            None if call["form"] == "function" => add_free(index, free, fn_free(f.node), &f.range),
            None => {}
        }
    }
    let ran = owners
        .iter()
        .cloned()
        .chain([drain_maker, turn_maker].into_iter().flatten().map(|m| m.range.clone()))
        .collect();
    Ok(Reached { drain_call, turn_call, drain_maker, turn_maker, owner_texts, ran })
}

/// How the harness reaches a function the anchors found: its own text as an
/// expression, or a method of a class it can construct.
fn callable(
    resolution: &Resolution,
    f: &FnInfo,
    (exec_at, buffer_at): (&Range<usize>, &Range<usize>),
    insertions: &Edits,
    owners: &mut Vec<Range<usize>>,
) -> Result<Value, String> {
    let index = &resolution.index;
    let source = index.source;
    match f.node {
        FnNode::Arrow(_) => {
            return Ok(
                json!({"form": "function", "name": f.name, "text": format!("({})", cut(source, &f.range, insertions))}),
            )
        }
        FnNode::Constructor(_) => return Err("it is a constructor".into()),
        FnNode::Function(_) => {}
    }
    for class in &index.classes {
        if !(class.range.start <= f.range.start && f.range.end <= class.range.end) {
            continue;
        }
        for member in &class.class.body {
            let (key, function, is_static) = match member {
                ClassMember::Method(m) => (&m.key, &*m.function, m.is_static),
                _ => continue,
            };
            if range(function) != f.range {
                continue;
            }
            let name = prop_name(key).ok_or("a method with a computed name")?.to_string();
            let owner_name = class.name.as_ref().map(|r| index.text(r).to_string());
            if class.range == *exec_at || class.range == *buffer_at {
                let owner = if class.range == *exec_at { "execution" } else { "buffer" };
                return Ok(json!({
                    "form": "method", "owner": owner, "ownerName": owner_name, "name": name, "static": is_static
                }));
            }
            let owner = match owners.iter().position(|o| *o == class.range) {
                Some(i) => i,
                None => {
                    owners.push(class.range.clone());
                    owners.len() - 1
                }
            };
            return Ok(
                json!({"form": "method", "owner": owner, "ownerName": owner_name, "name": name, "static": is_static}),
            );
        }
    }
    let text = cut(source, &f.range, insertions);
    let t = text.trim_start();
    if t.starts_with("function") || t.starts_with("async") && t["async".len()..].trim_start().starts_with("function") {
        Ok(json!({"form": "function", "name": f.name, "text": format!("({text})")}))
    } else {
        // An object literal's method (`[Nodes.TURN_END_CHECK](r) { … }`): its
        // parameters and body as a function expression (`super` in it fails to load).
        let is_method = matches!(f.node, FnNode::Function(func) if func.body.is_some());
        match is_method.then(|| super::spawn::lift(source, f, insertions)) {
            Some(Ok((text, _))) => Ok(json!({"form": "function", "name": f.name, "text": text})),
            _ => Err(format!(
                "`{}…` is an object-literal accessor, which the proof cannot lift out",
                t.chars().take(40).collect::<String>()
            )),
        }
    }
}

/// The top-level function that makes `f` as a closure over its own
/// parameters or locals (`createRouter({continueTarget}) { return (s) => … }`):
/// sliced alone, `f` would miss the names it closes over.
fn maker_of<'i, 'a>(index: &'i Index<'a>, f: &FnInfo<'a>) -> Option<&'i FnInfo<'a>> {
    let outer = index.enclosing_function(&f.range)?;
    let declared = declared_by(outer.node);
    if outer.name.is_none() || !fn_free(f.node).iter().any(|n| declared.contains(n)) {
        return None;
    }
    let nested = index.enclosing_function(&outer.range).is_some()
        || index.classes.iter().any(|c| crate::anchors::resolve::within(&outer.range, &c.range));
    (!nested && returns(outer.node, f)).then_some(outer)
}

/// The one function `maker` returns (a closure, or a named inner function
/// returned by its name): what a call of `maker(…)(…)` runs.
pub fn returned_function<'i, 'a>(index: &'i Index<'a>, maker: &FnInfo<'a>) -> Result<&'i FnInfo<'a>, String> {
    let mut made = index.functions.iter().filter(|g| {
        g.range != maker.range
            && index.enclosing_function(&g.range).is_some_and(|o| o.range == maker.range)
            && returns(maker.node, g)
    });
    match (made.next(), made.next()) {
        (Some(g), None) => Ok(g),
        (None, _) => Err("which the tool cannot find: it returns no function of its own".into()),
        (Some(_), Some(_)) => Err("which the tool cannot tell: it may return one of several functions".into()),
    }
}

/// Whether `maker` returns the function `inner` itself, by its name, or
/// handed through a call (not, say, runs it).
fn returns(maker: FnNode, inner: &FnInfo) -> bool {
    struct Returns<'r>(&'r FnInfo<'r>, bool);
    impl Visit for Returns<'_> {
        fn visit_return_stmt(&mut self, node: &ReturnStmt) {
            self.1 |= node.arg.as_deref().is_some_and(|e| is(e, self.0));
        }
        // A nested function's returns are its own.
        fn visit_function(&mut self, _: &Function) {}
        fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
        fn visit_class(&mut self, _: &Class) {}
    }
    // Handed through a call as well (`return __name(function …, "x")`): the
    // harness calls what the maker really returns, so a call that does not
    // give the function back fails calibration, it does not pass.
    fn is(e: &Expr, f: &FnInfo) -> bool {
        match crate::anchors::pattern::value_expr(e) {
            Expr::Ident(id) => f.name == Some(&*id.sym),
            Expr::Call(c) => c.args.iter().any(|a| a.spread.is_none() && is(&a.expr, f)),
            e => range(e) == f.range,
        }
    }
    match maker {
        FnNode::Arrow(a) => match &*a.body {
            ArrowFunctionBody::Expr(e) => is(e, inner),
            ArrowFunctionBody::FunctionBody(b) => {
                let mut r = Returns(inner, false);
                b.visit_with(&mut r);
                r.1
            }
        },
        FnNode::Function(f) => {
            let mut r = Returns(inner, false);
            f.body.visit_with(&mut r);
            r.1
        }
        FnNode::Constructor(_) => false,
    }
}

/// Where the buffer may sit in sessionServices: first the slot the length is
/// read through (also returned alone), then every slot the execution class
/// and the drain read.
pub(super) fn buffer_slots(resolution: &Resolution, parts: &Parts) -> (Vec<String>, Option<String>) {
    let mut slots = Vec::new();
    let length = crate::proof::site::buffer_length(resolution);
    let primary_slot = crate::anchors::resolve::buffer_slot(&length).map(|(slot, _)| slot.to_string());
    slots.extend(primary_slot.clone());
    service_slots(parts.exec.class, &mut slots);
    let mut s = Slots(slots);
    parts.drain.node.visit(&mut s);
    parts.turn.node.visit(&mut s);
    (s.0, primary_slot)
}
