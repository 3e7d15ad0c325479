//! Prove: slice the resolved code (execution class, buffer class, drain,
//! end-of-turn check, spawn sites) out of the stock bytes and out of the
//! patched bytes, and run both under node in an isolated `vm` context where
//! every free name is a stub, through cases that show the defect and the fix.

use std::collections::BTreeSet;
use std::ops::Range;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use swc_ecma_ast::*;

use crate::mark::{Insertion, Mode};
use crate::parse::range;
use crate::validate::RunFailure;
use crate::pattern::{prop_name, strip_parens};
use crate::resolve::{FnNode, Resolution};
use crate::scope::free_names;
use crate::validate::NodeChoice;

const HARNESS: &str = include_str!("prove_harness.js");

/// The bytes of `at` with the insertions that fall inside it (boundaries included) applied.
fn slice(source: &str, at: &Range<usize>, insertions: &[Insertion]) -> String {
    let mut sorted: Vec<&Insertion> = insertions.iter().filter(|i| at.start <= i.at && i.at <= at.end).collect();
    sorted.sort_by_key(|i| i.at);
    let mut out = String::new();
    let mut from = at.start;
    for i in sorted {
        out.push_str(&source[from..i.at]);
        out.push_str(&i.text);
        from = i.at;
    }
    out.push_str(&source[from..at.end]);
    out
}

/// A function's text as an expression: declarations and arrows are wrapped in parens.
fn function_expr(text: &str) -> Result<String, String> {
    let t = text.trim_start();
    if t.starts_with("function") || t.starts_with("async function") || t.starts_with("async(") || t.starts_with('(') || t.contains("=>") && !t.starts_with('{') {
        Ok(format!("({text})"))
    } else {
        Err(format!("`{}…` is a method, which the proof cannot lift out", t.chars().take(40).collect::<String>()))
    }
}

fn class_method<'a>(class: &'a Class, within: &Range<usize>) -> Option<&'a ClassMethod> {
    class.body.iter().find_map(|m| match m {
        ClassMember::Method(method) if range(&*method.function).start <= within.start && within.end <= range(&*method.function).end => Some(method),
        _ => None,
    })
}

/// Top-level `var/let/const NAME = <literal data>` declarations, for free names
/// such as a retry bound or a node-id table.
fn literal_consts(program: &Program, source: &str, names: &BTreeSet<String>) -> Vec<Value> {
    fn is_data(e: &Expr) -> bool {
        match strip_parens(e) {
            Expr::Lit(Lit::Str(_) | Lit::Num(_) | Lit::Bool(_) | Lit::Null(_)) => true,
            Expr::Tpl(t) => t.exprs.is_empty(),
            Expr::Unary(u) => is_data(&u.arg),
            Expr::Object(o) => o.props.iter().all(|p| matches!(p, PropOrSpread::Prop(p) if matches!(&**p, Prop::KeyValue(kv) if is_data(&kv.value)))),
            Expr::Array(a) => a.elems.iter().all(|e| e.as_ref().is_some_and(|e| e.spread.is_none() && is_data(&e.expr))),
            _ => false,
        }
    }
    let stmts: Vec<&Stmt> = match program {
        Program::Script(s) => s.body.iter().collect(),
        Program::Module(m) => m.body.iter().filter_map(|i| i.as_stmt()).collect(),
    };
    let mut out = Vec::new();
    for stmt in stmts {
        let Stmt::Decl(Decl::Var(var)) = stmt else { continue };
        for d in &var.decls {
            if let (Pat::Ident(id), Some(init)) = (&d.name, &d.init) {
                if names.contains(&*id.id.sym) && is_data(init) {
                    out.push(json!({"name": id.id.sym.to_string(), "text": &source[range(&**init)]}));
                }
            }
        }
    }
    out
}

/// The slices for one side (stock: no insertions; patched: the mode's).
pub fn slices(resolution: &Resolution, program: &Program, insertions: &[Insertion]) -> Result<Value, String> {
    let index = &resolution.index;
    let source = index.source;
    let one = |id: &str| resolution.get(id).first().map(|m| m.range.clone()).ok_or_else(|| format!("anchor `{id}` did not resolve"));
    let class_info = |at: &Range<usize>| index.classes.iter().find(|c| c.range == *at).ok_or_else(|| format!("no class at byte {}", at.start));

    let exec_at = one("execution-class")?;
    let exec = class_info(&exec_at)?;
    let exec_name = resolution.capture("execution-class", "CLASS").ok_or("the execution class has no name")?;
    let buffer_at = one("buffer-class")?;
    let buffer = class_info(&buffer_at)?;
    let buffer_name = resolution.capture("buffer-class", "CLASS").ok_or("the buffer class has no name")?;
    let method_name = |class: &Class, at: Range<usize>| -> Result<(String, usize), String> {
        let m = class_method(class, &at).ok_or_else(|| format!("byte {} is not inside a method", at.start))?;
        let name = prop_name(&m.key).ok_or("a computed method name")?.to_string();
        Ok((name, m.function.params.len()))
    };
    let (append, append_arity) = method_name(buffer.class, one("buffer-append")?)?;
    let (clear, _) = method_name(buffer.class, one("buffer-clear")?)?;

    let drain_at = one("drain")?;
    let drain = index.function_at(&drain_at).ok_or("the drain is not a function")?;
    let turn_at = one("end-of-turn")?;
    let turn = index.function_at(&turn_at).ok_or("the end-of-turn check is not a function")?;
    let queue = resolution.capture("own-queue", "QUEUE").ok_or("own-queue captured nothing")?;

    // The buffer's slot in sessionServices: the member right after `sessionServices` in $LEN.
    let len = resolution.capture("queued-length", "LEN").ok_or("queued-length captured nothing")?;
    let slot = len
        .split("sessionServices.")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')).next())
        .filter(|s| !s.is_empty())
        .ok_or_else(|| format!("the buffer length `{len}` is not read through sessionServices"))?;

    let mut free: BTreeSet<String> = BTreeSet::new();
    free.extend(free_names(exec.class, &[]));
    free.extend(free_names(buffer.class, &[]));
    let fn_free = |f: FnNode| -> BTreeSet<String> {
        match f {
            FnNode::Function(x) => free_names(x, &[]),
            FnNode::Arrow(x) => free_names(x, &[]),
            FnNode::Constructor(x) => free_names(x, &[]),
        }
    };
    free.extend(fn_free(drain.node));
    free.extend(fn_free(turn.node));

    let mut spawns = Vec::new();
    for site in resolution.get("spawn-site") {
        let Some(expr) = index.enclosing_function(&site.range).and_then(|f| resolution.expr_at(f, &site.range)) else {
            return Err(format!("cannot locate the spawn site at byte {}", site.range.start));
        };
        let names = free_names(expr, &[exec_name]);
        // Names the functions around the site declare are its locals, even
        // when a minifier reused them for top-level helpers elsewhere.
        let enclosing: Vec<std::collections::HashSet<String>> = index
            .functions
            .iter()
            .filter(|f| f.range.start <= site.range.start && site.range.end <= f.range.end)
            .map(|f| crate::scope::declared_by(f.node))
            .collect();
        let mut helpers = Vec::new();
        let mut locals = Vec::new();
        for name in &names {
            if enclosing.iter().any(|d| d.contains(name)) {
                locals.push(name.clone());
                continue;
            }
            let mut named = index.functions.iter().filter(|f| f.name == Some(name.as_str()));
            match (named.next(), named.next()) {
                (Some(helper), None) => {
                    free.extend(fn_free(helper.node));
                    helpers.push(json!({"name": name, "text": function_expr(&slice(source, &helper.range, insertions))?}));
                }
                _ => locals.push(name.clone()),
            }
        }
        let depth = site.captures.get("DEPTH").map(|r| index.text(r).to_string());
        spawns.push(json!({
            "at": site.range.start,
            "text": slice(source, &site.range, insertions),
            "locals": locals,
            "helpers": helpers,
            "depth": depth,
        }));
    }
    for known in [exec_name, buffer_name] {
        free.remove(known);
    }
    let consts = literal_consts(program, source, &free);
    for c in &consts {
        free.remove(c["name"].as_str().unwrap());
    }
    Ok(json!({
        "execClass": {"name": exec_name, "text": slice(source, &exec_at, insertions)},
        "bufferClass": {"name": buffer_name, "text": slice(source, &buffer_at, insertions), "append": append, "appendArity": append_arity, "clear": clear},
        "drain": function_expr(&slice(source, &drain_at, insertions))?,
        "endOfTurn": function_expr(&slice(source, &turn_at, insertions))?,
        "queue": queue,
        "slot": slot,
        "spawns": spawns,
        "consts": consts,
        "free": free,
    }))
}

/// One case as the harness reports it.
#[derive(Clone, Debug)]
pub struct CaseResult {
    pub name: String,
    pub covers: String,
    pub stock_expected: String,
    pub stock_observed: String,
    pub stock_ok: bool,
    pub mode_expected: String,
    pub patched_observed: String,
    pub patched_ok: bool,
}

#[derive(Clone, Debug)]
pub struct Proof {
    pub mode: Mode,
    pub cases: Vec<CaseResult>,
    pub elapsed: Duration,
}

impl Proof {
    pub fn passed(&self) -> bool {
        !self.cases.is_empty() && self.cases.iter().all(|c| c.stock_ok && c.patched_ok)
    }

    pub fn failures(&self) -> Vec<String> {
        self.cases
            .iter()
            .filter(|c| !(c.stock_ok && c.patched_ok))
            .map(|c| {
                if !c.stock_ok {
                    format!("{} ({}): the stock code should show `{}` but showed `{}`", c.name, c.covers, c.stock_expected, c.stock_observed)
                } else {
                    format!("{} ({}): {} mode should give `{}` but gave `{}`", c.name, c.covers, self.mode, c.mode_expected, c.patched_observed)
                }
            })
            .collect()
    }
}

/// Runs the harness: the stock slices against the patched slices, in `folder`
/// (the bundle's own, so no file outside it is needed: the harness is piped in).
pub fn run(node: &NodeChoice, folder: &Path, mode: Mode, stock: &Value, patched: &Value, timeout: Duration) -> Result<Proof, String> {
    let input = json!({"mode": mode.as_str(), "stock": stock, "patched": patched});
    let started = Instant::now();
    let mut command = Command::new(&node.path);
    command.arg("-e").arg(HARNESS).current_dir(folder);
    let output = match crate::validate::run_bounded(command, Some(input.to_string().into_bytes()), timeout) {
        Ok(output) => output,
        Err(RunFailure::Spawn(e)) => return Err(format!("could not run {} ({}): {e}", node.path.display(), node.source)),
        Err(RunFailure::TimedOut) => return Err(format!("the proof did not finish within {}s", timeout.as_secs())),
        Err(RunFailure::Wait(e)) => return Err(e.to_string()),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report: Value = serde_json::from_str(stdout.trim()).map_err(|_| {
        let err: String = String::from_utf8_lossy(&output.stderr).lines().take(8).collect::<Vec<_>>().join(" | ");
        format!("the proof harness failed: {}", if err.is_empty() { "no report".into() } else { err })
    })?;
    if let Some(error) = report["error"].as_str() {
        return Err(format!("the proof could not run the sliced code: {error}"));
    }
    let text = |v: &Value, k: &str| v[k].as_str().unwrap_or_default().to_string();
    let cases = report["cases"]
        .as_array()
        .ok_or("the proof harness reported no cases")?
        .iter()
        .map(|c| CaseResult {
            name: text(c, "name"),
            covers: text(c, "covers"),
            stock_expected: text(c, "stockExpected"),
            stock_observed: text(c, "stockObserved"),
            stock_ok: c["stockOk"].as_bool().unwrap_or(false),
            mode_expected: text(c, "modeExpected"),
            patched_observed: text(c, "patchedObserved"),
            patched_ok: c["patchedOk"].as_bool().unwrap_or(false),
        })
        .collect();
    Ok(Proof { mode, cases, elapsed: started.elapsed() })
}
