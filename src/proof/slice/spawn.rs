//! The spawn paths: each spawn site, or each call of a construction helper,
//! as the harness drives it, with the function around it lifted out to run
//! as its driver where it can be.

use std::collections::BTreeSet;
use std::ops::Range;

use serde_json::{json, Value};
use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use super::cut::Edits;
use super::cut::{cut, fn_free};
use super::parts::Parts;
use super::shapes::{config_of, serves};
use crate::anchors::pattern::strip_parens;
use crate::anchors::resolve::{FnInfo, Index, Resolution};
use crate::read::parse::range;
use crate::read::scope::{declared_by, free_names, is_global, FnNode};

/// Each spawn path as the harness drives it; the names it needs from the
/// top level go into `free`, and the bytes the harness runs into `ran`. A
/// spawn site is one path, or, in a construction helper, one path per call of
/// the helper, each with its own options.
pub(super) fn spawn_slices(
    resolution: &Resolution,
    program: &Program,
    parts: &Parts,
    insertions: &Edits,
    free: &mut BTreeSet<String>,
    ran: &mut Vec<Range<usize>>,
) -> Result<Vec<Value>, String> {
    let index = &resolution.index;
    let mut spawns = Vec::new();
    // A driven path runs its whole function; one not driven, the construction.
    let driven = |at: &Range<usize>, driver: &Result<Value, String>| {
        let whole = driver.as_ref().ok().and_then(|_| index.enclosing_function(at)).map(|f| f.range.clone());
        std::iter::once(at.clone()).chain(whole)
    };
    for site in resolution.get("spawn-site") {
        let located =
            index.enclosing_function(&site.range).and_then(|f| Some((f, resolution.expr_at(f, &site.range)?)));
        let Some((f, expr)) = located else {
            return Err(format!("cannot locate the spawn site at byte {}", site.range.start));
        };
        let class =
            site.captures.get("EXEC").map(|r| index.text(r).to_string()).ok_or("the construction names no class")?;
        if let Some(helper) = ConstructionHelper::of(index, program, f, &site.range, expr) {
            for call in &helper.calls {
                let (path, driver) = helper_path(resolution, parts, insertions, free, &helper, call, &class);
                ran.extend(driven(&call.0, &driver));
                if driver.is_ok() {
                    ran.push(helper.f.range.clone());
                }
                spawns.push(path);
            }
            continue;
        }
        let locals = split_locals(index, free_names(expr, &[parts.exec_name]), &site.range, free);
        let depth = site.captures.get("DEPTH").map(|r| index.text(r).to_string());
        let driver = spawn_driver(resolution, &site.range, &class, None, insertions, &parts.exec_at);
        add_driver_free(&driver, free);
        ran.extend(driven(&site.range, &driver));
        spawns.push(json!({
            "driver": driver.as_ref().ok(),
            "notDriven": driver.as_ref().err(),
            "at": site.range.start,
            "memory": serves(&config_of(index, expr, &site.range, &[])).0,
            "sub": serves(&config_of(index, expr, &site.range, &[])).1,
            // A spawn in the execution class's own method builds from `this`: the parent.
            "thisIsParent": crate::anchors::resolve::within(&site.range, &parts.exec_at),
            "text": cut(index.source, &site.range, insertions),
            "locals": locals,
            "depth": depth,
        }));
    }
    Ok(spawns)
}

/// Of `names`, those the functions around `at` declare (views of the parent
/// in the harness); the rest are sliced in or stubbed like any top-level name.
fn split_locals(index: &Index, names: BTreeSet<String>, at: &Range<usize>, free: &mut BTreeSet<String>) -> Vec<String> {
    let enclosing = index.locals_around(at);
    let mut locals = Vec::new();
    for name in names {
        if enclosing.contains(&name) {
            locals.push(name);
        } else {
            free.insert(name);
        }
    }
    locals
}

fn add_driver_free(driver: &Result<Value, String>, free: &mut BTreeSet<String>) {
    if let Ok(d) = driver {
        for name in d["free"].as_array().into_iter().flatten().filter_map(|n| n.as_str()) {
            free.insert(name.to_string());
        }
    }
}

/// A top-level function that returns the construction it holds: every
/// spawn path that calls it gets its child from there.
pub struct ConstructionHelper<'a> {
    pub name: String,
    f: &'a FnInfo<'a>,
    new: &'a Expr,
    site: Range<usize>,
    /// Each call: its span and arguments.
    pub calls: Vec<(Range<usize>, Vec<&'a Expr>)>,
}

impl<'a> ConstructionHelper<'a> {
    pub fn of(
        index: &'a Index<'a>,
        program: &'a Program,
        f: &'a FnInfo<'a>,
        site: &Range<usize>,
        new: &'a Expr,
    ) -> Option<ConstructionHelper<'a>> {
        let name = index.top_functions.iter().find(|(_, at)| *at == f.range).map(|(n, _)| n.to_string())?;
        let child = crate::proof::site::bound_to(f, site);
        if !returns_construction(f, site, child.as_deref()) {
            return None;
        }
        index.lookups.mention(&name, crate::anchors::resolve::Mention::Token);
        let mut named = crate::anchors::resolve::NamedCalls::new(&name, false);
        program.visit_with(&mut named);
        let calls: Vec<(Range<usize>, Vec<&'a Expr>)> = named.found;
        (!calls.is_empty()).then(|| ConstructionHelper { name, f, new, site: site.clone(), calls })
    }

    /// The helper's parameters bound to one call's arguments.
    fn bound(&self, call: &(Range<usize>, Vec<&'a Expr>)) -> Vec<crate::anchors::resolve::Bound<'a>> {
        self.f
            .node
            .param_names()
            .into_iter()
            .zip(&call.1)
            .filter_map(|(p, arg)| p.map(|p| (p.to_string(), *arg, call.0.clone())))
            .collect()
    }
}

/// `e` is the construction at `site` itself, or the name the child is bound to.
fn is_the_child(e: &Expr, site: &Range<usize>, child: Option<&str>) -> bool {
    range(e) == *site || matches!((e, child), (Expr::Ident(id), Some(c)) if &*id.sym == c)
}

/// Whether `f` returns the construction at `site`, itself or by the local it is bound to.
pub fn returns_construction(f: &FnInfo, site: &Range<usize>, child: Option<&str>) -> bool {
    struct Returns<'r> {
        site: &'r Range<usize>,
        child: Option<&'r str>,
        found: bool,
    }
    impl Returns<'_> {
        fn is_child(&self, e: &Expr) -> bool {
            is_the_child(crate::anchors::pattern::value_expr(e), self.site, self.child)
        }
    }
    impl Visit for Returns<'_> {
        fn visit_return_stmt(&mut self, node: &ReturnStmt) {
            self.found |= node.arg.as_deref().is_some_and(|e| self.is_child(e));
        }
        fn visit_function(&mut self, _: &Function) {}
        fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
        fn visit_class(&mut self, _: &Class) {}
    }
    let mut find = Returns { site, child, found: false };
    match f.node {
        FnNode::Arrow(a) => match &*a.body {
            ArrowFunctionBody::Expr(e) => return find.is_child(e),
            ArrowFunctionBody::FunctionBody(b) => b.visit_children_with(&mut find),
        },
        FnNode::Function(func) => func.body.visit_with(&mut find),
        FnNode::Constructor(_) => return false,
    }
    find.found
}

/// One call of a construction helper as a spawn path: run as the caller's
/// whole function (the helper inside it building the recorded class), or as
/// the call alone; memory extraction where this call's options carry skipHooks.
fn helper_path(
    resolution: &Resolution,
    parts: &Parts,
    insertions: &Edits,
    free: &mut BTreeSet<String>,
    helper: &ConstructionHelper,
    call: &(Range<usize>, Vec<&Expr>),
    class: &str,
) -> (Value, Result<Value, String>) {
    let index = &resolution.index;
    let (at, args) = call;
    let mut names = BTreeSet::new();
    for arg in args {
        names.extend(free_names(*arg, &[]));
    }
    free.insert(helper.name.clone());
    let locals = split_locals(index, names, at, free);
    let lifted = lift(index.source, helper.f, insertions).map(|(text, _)| {
        let mut inner = fn_free(helper.f.node);
        inner.remove(class);
        free.extend(inner);
        json!({"name": helper.name, "text": text})
    });
    let driver = match lifted {
        Ok(h) => spawn_driver(resolution, at, class, Some(h), insertions, &parts.exec_at),
        Err(why) => Err(format!("the construction helper `{}` cannot be lifted: {why}", helper.name)),
    };
    add_driver_free(&driver, free);
    let path = json!({
        "driver": driver.as_ref().ok(),
        "notDriven": driver.as_ref().err(),
        "at": at.start,
        "memory": serves(&config_of(index, helper.new, &helper.site, &helper.bound(call))).0,
        "sub": serves(&config_of(index, helper.new, &helper.site, &helper.bound(call))).1,
        "helper": helper.name,
        "thisIsParent": crate::anchors::resolve::within(at, &parts.exec_at),
        "text": cut(index.source, at, insertions),
        "locals": locals,
        "depth": Value::Null,
    });
    (path, driver)
}

/// The whole function around a spawn site (or a helper's call), to be run
/// by the proof with the parent's views as its arguments, the class it builds
/// recorded and the call that hands the child on replaced: so that what the
/// function does to the child between `new` and the hand-off runs too. A
/// construction helper is lifted into it, building the recorded class too.
/// Err: why it cannot be run.
fn spawn_driver(
    resolution: &Resolution,
    site: &Range<usize>,
    class: &str,
    helper: Option<Value>,
    insertions: &Edits,
    exec_at: &Range<usize>,
) -> Result<Value, String> {
    let index = &resolution.index;
    let f = index.enclosing_function(site).ok_or("it is not inside a function")?;
    // The call that receives the child: `run(child)` after `const child = new …`, or `run(new …)`.
    let child = crate::proof::site::bound_to(f, site);
    let handoff = handoff_of(f, site, child.as_deref()).ok_or("no call is found that hands the child on")?;
    if let Handoff::Member(Some(object)) = &handoff {
        if !declared_by(f.node).contains(object) {
            return Err(format!(
                "it hands the child to a method of `{object}`, which is not its own: that code would run"
            ));
        }
    }
    let (text, params) = lift(index.source, f, insertions)?;
    let mut names = fn_free(f.node);
    names.remove(class);
    if let Handoff::Named(name) = &handoff {
        names.remove(name);
    }
    if let Some(h) = &helper {
        names.remove(h["name"].as_str().unwrap_or_default());
    }
    // The locals of functions around it stand for the parent, as a spawn site's do.
    let outer = index.locals_around(&f.range);
    let (views, free): (Vec<String>, Vec<String>) = names.into_iter().partition(|n| outer.contains(n));
    Ok(json!({
        "text": text,
        "params": params,
        "class": class,
        "handoff": match &handoff { Handoff::Named(n) => Some(n.clone()), Handoff::Member(_) => None },
        "helper": helper,
        "views": views,
        "free": free,
        "fnAt": f.range.start,
        "thisIsParent": crate::anchors::resolve::within(&f.range, exec_at),
    }))
}

/// A function as an anonymous expression the harness can call, and its
/// number of parameters.
pub(super) fn lift(source: &str, f: &FnInfo, insertions: &Edits) -> Result<(String, usize), String> {
    match f.node {
        FnNode::Arrow(a) => Ok((format!("({})", cut(source, &f.range, insertions)), a.params.len())),
        FnNode::Function(func) => {
            let body = func.body.as_ref().ok_or("the function has no body")?;
            let params = match (func.params.first(), func.params.last()) {
                (Some(first), Some(last)) => cut(source, &(range(first).start..range(last).end), insertions),
                _ => String::new(),
            };
            let head = format!(
                "{}function{}",
                if func.is_async { "async " } else { "" },
                if func.is_generator { "*" } else { "" }
            );
            Ok((format!("({head} ({params}) {})", cut(source, &range(body), insertions)), func.params.len()))
        }
        FnNode::Constructor(_) => Err("it is a constructor".into()),
    }
}

enum Handoff {
    /// A function called by name: the proof replaces it.
    Named(String),
    /// A method of a local or parameter (named) or of `this`: a view or a stub in the proof.
    Member(Option<String>),
}

/// The function the child is handed on to by name, and at which argument:
/// the proof takes it for the run and replaces it, so the closed world
/// must show that it does not keep the child for later.
pub fn handed_to_function(f: &FnInfo, site: &Range<usize>, child: Option<&str>) -> Option<(String, usize)> {
    match handoff_call(f, site, child)? {
        (Some(Handoff::Named(name)), arg, _) => Some((name, arg)),
        _ => None,
    }
}

/// Whether the child goes anywhere from its function after its `new`: handed
/// to a call, returned, or started by a method of its own (`child.run()`).
/// One that goes nowhere is run by code that reaches it another way (a
/// registry its constructor joins), at a time the spawn path does not show.
pub fn goes_on(f: &FnInfo, site: &Range<usize>, child: Option<&str>) -> bool {
    struct OwnCall<'c> {
        site: &'c Range<usize>,
        child: Option<&'c str>,
        found: bool,
    }
    impl Visit for OwnCall<'_> {
        fn visit_call_expr(&mut self, call: &CallExpr) {
            if let Callee::Expr(c) = &call.callee {
                if let Expr::Member(m) = strip_parens(c) {
                    self.found |= is_the_child(strip_parens(&m.obj), self.site, self.child);
                }
            }
            call.visit_children_with(self);
        }
    }
    if handoff_call(f, site, child).is_some() || returns_construction(f, site, child) {
        return true;
    }
    let mut own = OwnCall { site, child, found: false };
    f.node.visit(&mut own);
    own.found
}

/// Where the hand-off is a method call instead (`pool.park(id, child)`,
/// `this.run(child)`): the method's key (None when computed) and the
/// argument that is the child; the closed world must find what it does.
pub fn handed_to_method(f: &FnInfo, site: &Range<usize>, child: Option<&str>) -> Option<(Option<String>, usize)> {
    match handoff_call(f, site, child)? {
        (_, arg, Some(key)) => Some((key, arg)),
        _ => None,
    }
}

/// The first call after the construction that is given the child (or the
/// construction itself), other than a built-in's (`Object.assign`).
fn handoff_of(f: &FnInfo, site: &Range<usize>, child: Option<&str>) -> Option<Handoff> {
    handoff_call(f, site, child).and_then(|(how, _, _)| how)
}

/// `handoff_of`, with the index of the argument that is the child and, for
/// a method call, the method's key.
#[allow(clippy::type_complexity)]
fn handoff_call(
    f: &FnInfo,
    site: &Range<usize>,
    child: Option<&str>,
) -> Option<(Option<Handoff>, usize, Option<Option<String>>)> {
    struct Find<'c> {
        site: Range<usize>,
        child: Option<&'c str>,
        found: Option<(usize, Option<Handoff>, usize, Option<Option<String>>)>,
    }
    impl Visit for Find<'_> {
        fn visit_call_expr(&mut self, call: &CallExpr) {
            let at = range(call);
            let child_at = call.args.iter().position(|a| is_the_child(strip_parens(&a.expr), &self.site, self.child));
            // After a spread, the child's place among the parameters cannot be counted.
            let child_at = child_at.map(|i| crate::proof::escape::argument_place(&call.args, i));
            let gets_child = child_at.is_some();
            let after = at.start >= self.site.end || crate::anchors::resolve::within(&self.site, &at);
            // `Object.assign(child, …)` and kin run for real: they are done to the child, not a hand-off.
            let on_global = |m: &MemberExpr| matches!(strip_parens(&m.obj), Expr::Ident(id) if is_global(&id.sym));
            let builtin =
                matches!(&call.callee, Callee::Expr(c) if matches!(strip_parens(c), Expr::Member(m) if on_global(m)));
            if gets_child && after && !builtin && self.found.as_ref().is_none_or(|(start, ..)| at.start < *start) {
                let key = match &call.callee {
                    Callee::Expr(callee) => match strip_parens(callee) {
                        Expr::Member(m) => Some(crate::anchors::pattern::member_name(&m.prop).map(str::to_string)),
                        _ => None,
                    },
                    _ => None,
                };
                let how = match &call.callee {
                    Callee::Expr(callee) => match strip_parens(callee) {
                        Expr::Ident(id) => Some(Handoff::Named(id.sym.to_string())),
                        Expr::Member(m) => match strip_parens(&m.obj) {
                            Expr::This(_) => Some(Handoff::Member(None)),
                            Expr::Ident(id) => Some(Handoff::Member(Some(id.sym.to_string()))),
                            _ => None,
                        },
                        _ => None,
                    },
                    _ => None,
                };
                self.found = Some((at.start, how, child_at.unwrap_or(0), key));
            }
            call.visit_children_with(self);
        }
    }
    let mut find = Find { site: site.clone(), child, found: None };
    f.node.visit(&mut find);
    find.found.map(|(_, how, arg, key)| (how, arg, key))
}
