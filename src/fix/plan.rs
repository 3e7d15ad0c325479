//! Plan: the insertions each mode makes, built from resolved anchors. Every
//! identifier an insertion uses comes from the bundle being patched.

use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::anchor::AnchorSet;
use crate::anchors::pattern::strip_parens;
use crate::anchors::resolve::{class_method, clip, within, FnInfo, Refusal, Resolution};
use crate::fix::mark::{Fix, Insertion, Marked, Mode};
use crate::read::parse::range;
use crate::read::scope::pattern_names;

/// The seeding wrapper's parameter; a name no esbuild or terser output uses.
const SEED_PARAM: &str = "__kssExec";

fn drift(anchor: &str, reason: impl Into<String>) -> Refusal {
    Refusal::Drift { anchor: anchor.to_string(), reason: reason.into() }
}

pub fn plan(resolution: &Resolution, anchors: &AnchorSet, mode: Mode) -> Result<Vec<Insertion>, Refusal> {
    check_constructions(resolution, anchors)?;
    let mut insertions = match mode.fix {
        Fix::Seed => plan_seed(resolution)?,
        Fix::Gate => plan_gate(resolution)?,
    };
    if mode.rewind {
        insertions.extend(plan_rewind(resolution)?);
    }
    Ok(insertions)
}

/// Every construction of the execution class must be a spawn site or a root;
/// one the tool cannot classify might be a sub-execution left unseeded.
fn check_constructions(resolution: &Resolution, anchors: &AnchorSet) -> Result<(), Refusal> {
    let spawn = resolution.get("spawn-site");
    let root = resolution.get("root-construction");
    for site in resolution.constructions(anchors.get("spawn-site")) {
        let known = spawn.iter().chain(root).any(|m| m.range == site);
        if !known {
            return Err(drift(
                "spawn-site",
                format!(
                    "the execution class is constructed at byte {} with a config the tool cannot follow (`{}`): \
                     it may be a sub-execution, so it is neither seeded nor skipped",
                    site.start,
                    clip(resolution.index.text(&site))
                ),
            ));
        }
    }
    Ok(())
}

fn is_plain_access(text: &str) -> bool {
    !text.is_empty() && text.split('.').all(crate::anchors::resolve::is_name)
}

/// The buffer length as an expression of `param` instead of `this`, with the
/// method's local aliases inlined.
pub fn length_of(resolution: &Resolution, param: &str) -> Result<String, Refusal> {
    let found = &resolution.get("queued-length")[0];
    let at = found.captures.get("LEN").ok_or_else(|| drift("queued-length", "the pattern does not capture $LEN"))?;
    let method = resolution
        .index
        .enclosing_function(at)
        .ok_or_else(|| drift("queued-length", "the comparison is not inside a method"))?;
    let expr = resolution.expr_at(method, at).ok_or_else(|| drift("queued-length", "cannot locate $LEN"))?;
    rewrite_this(resolution, expr, param, 0)
}

/// The buffer length written from `owner`, and the buffer's slot in the
/// session's services where that length reads `<owner>.sessionServices.<slot>`
/// (None: it reaches the buffer otherwise).
fn buffer_through(resolution: &Resolution, owner: &str) -> Result<(String, Option<String>), Refusal> {
    let length = length_of(resolution, owner)?;
    let via = format!("{owner}.sessionServices.");
    let slot = length
        .find(&via)
        .and_then(|at| crate::anchors::resolve::buffer_slot(&length[at..]))
        .map(|(slot, _)| slot.to_string());
    Ok((length, slot))
}

fn rewrite_this(resolution: &Resolution, expr: &Expr, param: &str, depth: u8) -> Result<String, Refusal> {
    struct Refs {
        this: Vec<Range<usize>>,
        idents: Vec<(Range<usize>, String)>,
    }
    impl Visit for Refs {
        fn visit_this_expr(&mut self, node: &ThisExpr) {
            self.this.push(range(node));
        }
        fn visit_expr(&mut self, node: &Expr) {
            if let Expr::Ident(id) = node {
                self.idents.push((range(id), id.sym.to_string()));
            }
            node.visit_children_with(self);
        }
        fn visit_function(&mut self, _: &Function) {}
        fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
    }
    let mut refs = Refs { this: Vec::new(), idents: Vec::new() };
    expr.visit_with(&mut refs);
    let whole = range(expr);
    let mut edits: Vec<(Range<usize>, String)> = refs.this.into_iter().map(|r| (r, param.to_string())).collect();
    for (at, name) in refs.idents {
        if name == "undefined" {
            continue;
        }
        let (init, key) = match resolution.local_value(&at, &name) {
            Some(bound) if depth < 4 => bound,
            _ => {
                return Err(drift(
                    "queued-length",
                    format!(
                        "the buffer length `{}` reads `{name}`, which cannot be reached from an execution",
                        clip(resolution.index.text(&whole))
                    ),
                ))
            }
        };
        let value = rewrite_this(resolution, init, param, depth + 1)?;
        // `const { items } = this.sessionServices.steering.state`: the key read off it.
        let value = match key {
            Some(key) if crate::anchors::resolve::is_name(&key) => format!("({value}).{key}"),
            Some(key) => format!("({value})[{}]", serde_json::to_string(&key).unwrap_or_default()),
            None => value,
        };
        edits.push((at, format!("({value})")));
    }
    edits.sort_by_key(|(r, _)| r.start);
    let mut out = String::new();
    let mut from = whole.start;
    for (at, text) in edits {
        out.push_str(resolution.index.text(&(from..at.start)));
        out.push_str(&text);
        from = at.end;
    }
    out.push_str(resolution.index.text(&(from..whole.end)));
    Ok(out)
}

/// The fence's names: a process-wide count of steering messages built, the
/// number each message was built at, the count an execution saw when it
/// first drained, and the mark of an execution built at a spawn site.
const BUILT: &str = "globalThis.__kssSteerSeq";
const STAMP: &str = "__kssSeq";
/// On the buffer: each message id's first number since the last clear.
const IDS: &str = "__kssIds";
const BORN: &str = "__kssBorn";
const SPAWNED: &str = "__kssSpawned";

/// A seed patch written before the fence: apply upgrades it in place.
pub fn predates_fence(marked: &Marked) -> bool {
    marked.mode.fix == Fix::Seed && !marked.found.iter().any(|f| f.payload.contains(BORN))
}

fn plan_seed(resolution: &Resolution) -> Result<Vec<Insertion>, Refusal> {
    let length = length_of(resolution, SEED_PARAM)?;
    let open = format!(
        "(({SEED_PARAM})=>({SEED_PARAM}.setSteeringReaderIndex({length}),{SEED_PARAM}.{SPAWNED}=1,{SEED_PARAM}))("
    );
    let mut out = Vec::new();
    for (n, site) in resolution.get("spawn-site").iter().enumerate() {
        check_statement_start(resolution, &site.range)?;
        let purpose =
            format!("seed the cursor of the execution built at spawn site {} (byte {})", n + 1, site.range.start);
        out.push(Insertion { at: site.range.start, text: open.clone(), purpose: purpose.clone() });
        out.push(Insertion { at: site.range.end, text: ")".into(), purpose });
    }
    out.extend(plan_fence(resolution)?);
    Ok(out)
}

/// The seed's fence (issue 42): the cursor alone is only as good as every
/// other writer of it, and a child built early is seeded early. So each
/// message is numbered when the buffer builds it, a spawned execution
/// records the count when it first drains (when it starts running, not when
/// it was built), and the drain skips, after advancing the cursor, a message
/// built before that: whatever moved the cursor back or kept the child.
fn plan_fence(resolution: &Resolution) -> Result<Vec<Insertion>, Refusal> {
    let index = &resolution.index;
    let built =
        &resolution.get("buffer-append").first().ok_or_else(|| drift("buffer-append", "did not resolve"))?.range;
    // Numbered by id as well, on the buffer: a copy of an earlier message, or
    // one built again with its id, is still the earlier message.
    let m = "__kssMsg";
    let stamp_purpose = "number each steering message as the buffer builds it (the seed's fence)";
    let stamp = [
        Insertion {
            at: built.start,
            text: format!(
                "(({m})=>{{const n={BUILT}=({BUILT}||0)+1,b=this;{m}.{STAMP}=n;\
                 if({m}.id!=null&&b!==null&&typeof b===\"object\"&&b!==globalThis){{\
                 const ids=b.{IDS}||(b.{IDS}=new Map);ids.has({m}.id)||ids.set({m}.id,n)}}return {m}}})("
            ),
            purpose: stamp_purpose.into(),
        },
        Insertion { at: built.end, text: ")".into(), purpose: stamp_purpose.into() },
    ];
    // Ids may start again after a clear: what the buffer held before is gone.
    let forget = Insertion {
        at: clear_body_start(resolution)?,
        text: format!("this.{IDS}=void 0;"),
        purpose: "forget the message ids the buffer held when it is cleared (the seed's fence)".into(),
    };
    let (site, exec) = drain_site(resolution)?;
    let message = site.message;
    // The buffer as the execution reaches it, where its length says so.
    let by_id = buffer_through(resolution, &exec)
        .ok()
        .and_then(|(_, slot)| slot)
        .map(|slot| format!("{exec}.sessionServices?.{slot}?.{IDS}?.get({message}.id)??"))
        .unwrap_or_default();
    // A message with no number was not built by the builder the tool found: withheld, not guessed new.
    let check = format!("if({message}&&({by_id}{message}.{STAMP}??0)<={exec}.{BORN})continue;");
    let fence = site.insertions(
        index.source.as_bytes(),
        &check,
        "skip, after the cursor advance, a message built before the execution first drained (the seed's fence)",
    )?;
    let born = born_at_entry(resolution, site.drain, &exec)?;
    Ok(stamp.into_iter().chain([forget, born]).chain(fence).collect())
}

/// The first statement of the drain records, once, the count of messages
/// built so far on a spawned execution: the drain's execution as it is
/// named at the entry (a local the drain binds to its parameter's member is
/// read through that member).
fn born_at_entry(resolution: &Resolution, drain: &FnInfo, exec: &str) -> Result<Insertion, Refusal> {
    let body = drain.node.body().ok_or_else(|| {
        drift("drain", "the drain is an arrow with an expression body; the seed's fence has no statement to open it")
    })?;
    let at_entry = exec_at_entry(resolution, drain, exec, 0).ok_or_else(|| {
        drift(
            "drain-cursor-advance",
            format!("the drained execution `{exec}` cannot be named where the drain starts (the seed's fence records there)"),
        )
    })?;
    // After the directive prologue: a statement before `"use strict"` would end it.
    let at = body
        .stmts
        .iter()
        .find(|s| !matches!(s, Stmt::Expr(e) if matches!(&*e.expr, Expr::Lit(Lit::Str(_)))))
        .map_or(range(body).end - 1, |s| range(s).start);
    let x = SEED_PARAM;
    Ok(Insertion {
        at,
        text: format!(
            "{{const {x}={at_entry};if({x}&&({x}.{SPAWNED}||{x}.subExecutionDepth>0)&&{x}.{BORN}===void 0){x}.{BORN}={BUILT}||0}}"
        ),
        purpose: "record, on a spawned execution's first drain, how many messages were built before it (the seed's fence)"
            .into(),
    })
}

/// `exec` (a plain access) spelled with optional chaining from the drain's
/// parameters, `this` or a name it does not bind: a root name the drain binds
/// once, with a plain access (or by destructuring one), is replaced by it.
fn exec_at_entry(resolution: &Resolution, drain: &FnInfo, exec: &str, depth: u8) -> Option<String> {
    let mut parts = exec.split('.');
    let root = parts.next()?;
    let rest: Vec<&str> = parts.collect();
    let chain = |head: String| rest.iter().fold(head, |acc, p| format!("{acc}?.{p}"));
    if root == "this" {
        return Some(chain(root.to_string()));
    }
    let bindings = Bindings::of(drain, root);
    let is_param = drain.node.param_names().contains(&Some(root));
    match (bindings.count, bindings.plain.as_slice()) {
        (0, _) => Some(chain(root.to_string())),
        (1, []) if is_param => Some(chain(root.to_string())),
        (1, [(init, key)]) if depth < 4 => {
            let init = resolution.index.text(init);
            if !is_plain_access(init) {
                return None;
            }
            let head = exec_at_entry(resolution, drain, init, depth + 1)?;
            Some(chain(match key {
                Some(key) => format!("{head}?.{key}"),
                None => head,
            }))
        }
        _ => None,
    }
}

/// How often a function's own scope binds `name` (its parameters, blocks,
/// catch clauses and loop heads; not nested functions), and the bindings that
/// take a plain access: `const e = t.execution`, `const { execution: e } = t`.
struct Bindings {
    count: usize,
    plain: Vec<(Range<usize>, Option<String>)>,
}

impl Bindings {
    fn of(function: &FnInfo, name: &str) -> Bindings {
        struct Find<'n> {
            name: &'n str,
            out: Bindings,
        }
        fn access(e: &Expr) -> Option<Range<usize>> {
            match strip_parens(e) {
                Expr::Ident(_) | Expr::This(_) | Expr::Member(MemberExpr { prop: MemberProp::Ident(_), .. }) => {
                    Some(range(e))
                }
                _ => None,
            }
        }
        impl Visit for Find<'_> {
            fn visit_binding_ident(&mut self, node: &BindingIdent) {
                self.out.count += usize::from(&*node.id.sym == self.name);
            }
            fn visit_fn_decl(&mut self, node: &FnDecl) {
                self.out.count += usize::from(&*node.ident.sym == self.name);
                node.visit_children_with(self);
            }
            fn visit_class_decl(&mut self, node: &ClassDecl) {
                self.out.count += usize::from(&*node.ident.sym == self.name);
                node.visit_children_with(self);
            }
            // A nested function's own bindings do not name anything where the drain starts.
            fn visit_function(&mut self, _: &Function) {}
            fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
            fn visit_class(&mut self, _: &Class) {}
            fn visit_var_declarator(&mut self, node: &VarDeclarator) {
                let init = node.init.as_deref().and_then(access);
                match (&node.name, init) {
                    (Pat::Ident(id), Some(init)) if &*id.id.sym == self.name => self.out.plain.push((init, None)),
                    (Pat::Object(obj), Some(init)) => {
                        for prop in &obj.props {
                            let key = match prop {
                                ObjectPatProp::KeyValue(kv) => match (&kv.key, &*kv.value) {
                                    (PropName::Ident(k), Pat::Ident(v)) if &*v.id.sym == self.name => {
                                        Some(k.sym.to_string())
                                    }
                                    _ => None,
                                },
                                ObjectPatProp::Assign(a) if &*a.key.sym == self.name && a.value.is_none() => {
                                    Some(self.name.to_string())
                                }
                                _ => None,
                            };
                            if let Some(key) = key {
                                self.out.plain.push((init.clone(), Some(key)));
                            }
                        }
                    }
                    _ => {}
                }
                node.visit_children_with(self);
            }
        }
        let mut find = Find { name, out: Bindings { count: 0, plain: Vec::new() } };
        for pat in function.node.param_pats().into_iter().flatten() {
            pat.visit_with(&mut find);
        }
        if let Some(body) = function.node.body() {
            body.visit_with(&mut find);
        }
        find.out
    }
}

/// A `(` at the very start of an expression statement could join the previous
/// line when that line has no semicolon; refuse rather than guess.
fn check_statement_start(resolution: &Resolution, site: &Range<usize>) -> Result<(), Refusal> {
    if !starts_statement(resolution, site) {
        return Ok(());
    }
    let source = resolution.index.source.as_bytes();
    match source[..site.start].iter().rev().find(|b| !b.is_ascii_whitespace()) {
        None | Some(b';' | b'{' | b'}') => Ok(()),
        Some(&b) => Err(drift(
            "spawn-site",
            format!(
                "the spawn site at byte {} starts a statement right after `{}`; \
                 wrapping it could join it to the previous line",
                site.start, b as char
            ),
        )),
    }
}

fn starts_statement(resolution: &Resolution, site: &Range<usize>) -> bool {
    let Some(function) = resolution.index.enclosing_function(site) else { return true };
    struct Find {
        start: usize,
        hit: bool,
    }
    impl Visit for Find {
        fn visit_expr_stmt(&mut self, node: &ExprStmt) {
            self.hit |= range(node).start == self.start;
            node.visit_children_with(self);
        }
    }
    let mut find = Find { start: site.start, hit: false };
    function.node.visit(&mut find);
    find.hit
}

struct Loop<'a> {
    range: Range<usize>,
    /// The body's statements: a block's, or the one statement a minifier
    /// wrote without braces (`for(const n of t)a(n),b(n)`).
    stmts: Vec<&'a Stmt>,
    /// A body without braces: where it starts and ends (the gate adds them).
    bare: Option<Range<usize>>,
    /// Where a block body's statements start (after its `{`).
    inner_start: usize,
    head_binds: Vec<String>,
    update: Option<Range<usize>>,
}

/// A loop statement's body, the names its head binds, and its update.
type LoopParts<'s> = (&'s Stmt, Vec<String>, Option<Range<usize>>);

fn loops_in<'a>(function: &FnInfo<'a>) -> Vec<Loop<'a>> {
    struct Collect<'a> {
        out: Vec<Loop<'a>>,
    }
    fn binds(head: &ForHead) -> Vec<String> {
        match head {
            ForHead::VarDecl(decl) => pattern_names(decl.decls.iter().map(|d| &d.name)),
            ForHead::Pat(pat) => pattern_names([&**pat]),
            _ => Vec::new(),
        }
    }
    impl<'a> Visit for Collect<'a> {
        fn visit_stmt(&mut self, node: &Stmt) {
            let found: Option<LoopParts<'_>> = match node {
                Stmt::For(f) => Some((&f.body, Vec::new(), f.update.as_ref().map(|u| range(&**u)))),
                Stmt::ForOf(f) => Some((&f.body, binds(&f.left), None)),
                Stmt::ForIn(f) => Some((&f.body, binds(&f.left), None)),
                Stmt::While(w) => Some((&w.body, Vec::new(), None)),
                Stmt::DoWhile(w) => Some((&w.body, Vec::new(), None)),
                _ => None,
            };
            if let Some((body, head_binds, update)) = found {
                let body: &'a Stmt = crate::anchors::resolve::pin(body);
                let (stmts, bare, inner_start) = match body {
                    Stmt::Block(b) => (b.stmts.iter().collect(), None, range(b).start + 1),
                    // Only a statement a `{…}` can wrap keeps its meaning: not a declaration.
                    Stmt::Expr(_) | Stmt::If(_) => (vec![body], Some(range(body)), range(body).start),
                    _ => (Vec::new(), None, range(body).start),
                };
                self.out.push(Loop { range: range(node), stmts, bare, inner_start, head_binds, update });
            }
            node.visit_children_with(self);
        }
    }
    let mut collect = Collect { out: Vec::new() };
    function.node.visit(&mut collect);
    collect.out
}

fn mentions(node: &Stmt, name: &str) -> bool {
    struct Find<'n> {
        name: &'n str,
        hit: bool,
    }
    impl Visit for Find<'_> {
        fn visit_ident(&mut self, node: &Ident) {
            self.hit |= &*node.sym == self.name;
        }
    }
    let mut find = Find { name, hit: false };
    node.visit_with(&mut find);
    find.hit
}

/// `if (…) continue|break|return;` with no else: skips, never delivers.
fn is_guard(stmt: &Stmt) -> bool {
    match stmt {
        Stmt::If(i) if i.alt.is_none() => {
            let leaves = |s: &Stmt| matches!(s, Stmt::Continue(_) | Stmt::Break(_) | Stmt::Return(_));
            leaves(&i.cons) || matches!(&*i.cons, Stmt::Block(b) if b.stmts.len() == 1 && leaves(&b.stmts[0]))
        }
        _ => false,
    }
}

/// Whether evaluating `stmt` always evaluates the expression at `target`
/// (no branch, short-circuit or nested function in between).
fn always_evaluates(stmt: &Stmt, target: &Range<usize>) -> bool {
    fn expr(e: &Expr, target: &Range<usize>) -> bool {
        let r = range(e);
        if r == *target {
            return true;
        }
        if !(r.start <= target.start && target.end <= r.end) {
            return false;
        }
        match e {
            Expr::Paren(p) => expr(&p.expr, target),
            Expr::Seq(s) => s.exprs.iter().any(|e| expr(e, target)),
            Expr::Assign(a) => expr(&a.right, target),
            // `entries[execution.steeringReaderIndex++]`: object and key are both evaluated.
            Expr::Member(m) => {
                expr(&m.obj, target) || matches!(&m.prop, MemberProp::Computed(c) if expr(&c.expr, target))
            }
            Expr::Cond(c) => expr(&c.test, target),
            Expr::Tpl(t) => t.exprs.iter().any(|e| expr(e, target)),
            Expr::Array(a) => a.elems.iter().flatten().any(|e| expr(&e.expr, target)),
            Expr::New(n) => expr(&n.callee, target) || n.args.iter().flatten().any(|a| expr(&a.expr, target)),
            Expr::Bin(b)
                if matches!(b.op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::NullishCoalescing) =>
            {
                expr(&b.left, target)
            }
            Expr::Bin(b) => expr(&b.left, target) || expr(&b.right, target),
            Expr::Unary(u) => expr(&u.arg, target),
            Expr::Await(a) => expr(&a.arg, target),
            Expr::Call(c) => {
                c.args.iter().any(|a| expr(&a.expr, target)) || matches!(&c.callee, Callee::Expr(e) if expr(e, target))
            }
            _ => false,
        }
    }
    match stmt {
        Stmt::Expr(s) => expr(&s.expr, target),
        Stmt::Return(ReturnStmt { arg: Some(arg), .. }) => expr(arg, target),
        Stmt::If(i) => expr(&i.test, target),
        Stmt::Decl(Decl::Var(v)) => v.decls.iter().any(|d| d.init.as_ref().is_some_and(|i| expr(i, target))),
        _ => false,
    }
}

fn plan_gate(resolution: &Resolution) -> Result<Vec<Insertion>, Refusal> {
    let (site, exec) = drain_site(resolution)?;
    // A person's steer by either of its public marks (fact 4): kind "user", id `steer-…`;
    // a release that namespaces the kind or relabels a taken message keeps the other.
    let message = site.message;
    let gate = format!(
        "if({message}&&({message}.kind===\"user\"||String({message}.id).startsWith(\"steer-\"))&&{exec}.subExecutionDepth>0)continue;"
    );
    site.insertions(
        resolution.index.source.as_bytes(),
        &gate,
        "withhold user steering from sub-executions in the drain, after the cursor advance",
    )
}

/// The drain's delivering loop and the drained execution as named there, for
/// a check that skips a message after the cursor has advanced past it.
fn drain_site<'r, 'a>(resolution: &'r Resolution<'a>) -> Result<(GateSite<'r, 'a>, String), Refusal> {
    let index = &resolution.index;
    let drain_at = &resolution.get("drain")[0].range;
    let drain = index.function_at(drain_at).ok_or_else(|| drift("drain", "the drain is not a function"))?;
    let advance = &resolution.get("drain-cursor-advance")[0];
    let exec = index.text(&advance.captures["EXEC"]);
    if !is_plain_access(exec) {
        return Err(drift(
            "drain-cursor-advance",
            format!("the drained execution is `{}`, not a plain name the drain can read again", clip(exec)),
        ));
    }
    let site = GateSite::find(resolution, drain, &advance.range)?;
    let exec = site.gated_exec(resolution, exec)?;
    site.check_not_delivered_early()?;
    Ok((site, exec))
}

/// Where the gate goes: the drain's loop that delivers the message, and
/// where in its body the message is declared and the cursor advanced.
struct GateSite<'r, 'a> {
    drain: &'r FnInfo<'a>,
    the_loop: Loop<'a>,
    message: &'a str,
    advance: &'r Range<usize>,
    /// The body statement that declares the message (else the loop's head does).
    bound_in_body: Option<usize>,
    /// The body statement that advances the cursor, if one does.
    advanced_in_body: Option<usize>,
}

impl<'r, 'a> GateSite<'r, 'a> {
    /// The delivered message and the innermost loop that delivers it, which must declare it.
    fn find(
        resolution: &'r Resolution<'a>,
        drain: &'r FnInfo<'a>,
        advance: &'r Range<usize>,
    ) -> Result<GateSite<'r, 'a>, Refusal> {
        let first_use = &resolution.get("drain-message")[0];
        let message = resolution.index.text(&first_use.captures["MSG"]);
        if !is_plain_access(message) || message.contains('.') {
            return Err(drift("drain-message", format!("the message is `{}`, not a variable", clip(message))));
        }
        if !within(&first_use.range, &drain.range) {
            return Err(drift(
                "drain-message",
                format!(
                    "`{message}` is delivered at byte {}, outside the function that logs the delivery",
                    first_use.range.start
                ),
            ));
        }
        let mut around: Vec<Loop<'a>> =
            loops_in(drain).into_iter().filter(|l| within(&first_use.range, &l.range) && !l.stmts.is_empty()).collect();
        if around.is_empty() {
            return Err(drift("drain-message", format!("`{message}` is not delivered inside a loop")));
        }
        let binds_in_body = |l: &Loop<'a>| {
            l.stmts.iter().position(|s| match s {
                Stmt::Decl(Decl::Var(v)) => pattern_names(v.decls.iter().map(|d| &d.name)).iter().any(|n| n == message),
                _ => false,
            })
        };
        // The innermost loop that declares the message: an inner loop over its
        // `handlers` (the prompt wording's) is not the one that delivers it.
        around.sort_by_key(|l| std::cmp::Reverse(l.range.start));
        let at = around
            .iter()
            .position(|l| binds_in_body(l).is_some() || l.head_binds.iter().any(|b| b == message))
            .ok_or_else(|| drift("drain-message", format!("`{message}` is not declared by the drain's loop")))?;
        let the_loop = around.swap_remove(at);
        let bound_in_body = binds_in_body(&the_loop);
        let advanced_in_body = the_loop.stmts.iter().position(|s| within(advance, &range(*s)));
        Ok(GateSite { drain, the_loop, message, advance, bound_in_body, advanced_in_body })
    }

    /// The body statement after which the gate goes, if any (else it opens the body).
    fn after(&self) -> Option<usize> {
        self.bound_in_body.into_iter().chain(self.advanced_in_body).max()
    }

    /// The execution as the drain names it: the advance's own, or, for an
    /// advance in a function the drain calls, the argument the drain passes.
    /// The advance must run on every path before the gate.
    fn gated_exec(&self, resolution: &Resolution, exec: &str) -> Result<String, Refusal> {
        let (advance, the_loop, drain_at) = (self.advance, &self.the_loop, &self.drain.range);
        match self.advanced_in_body {
            Some(k) if !always_evaluates(the_loop.stmts[k], advance) => Err(drift(
                "drain-cursor-advance",
                format!("the cursor advance at byte {} only runs on some paths", advance.start),
            )),
            Some(_) => Ok(exec.to_string()),
            None if the_loop.update.as_ref().is_some_and(|u| within(advance, u)) => Ok(exec.to_string()),
            None if advance.end <= the_loop.range.start && within(advance, drain_at) => Ok(exec.to_string()),
            // After the loop: every message read is still passed, so withheld ones too.
            None if within(advance, drain_at) && advance.start >= the_loop.range.end => {
                let after = top_statement(self.drain, advance)
                    .filter(|s| !within(&the_loop.range, &range(*s)))
                    .or_else(|| sibling_after(self.drain, &the_loop.range, advance));
                if !after.is_some_and(|s| always_evaluates(s, advance)) {
                    return Err(drift(
                        "drain-cursor-advance",
                        format!("the cursor advance after the loop at byte {} only runs on some paths", advance.start),
                    ));
                }
                Ok(exec.to_string())
            }
            // In a function the drain calls, or one inlined into the drain and called where it stands.
            None if !within(advance, drain_at) || self.advanced_in_nested(resolution) => {
                collector_exec(resolution, self.drain, the_loop, advance, exec)
            }
            None => Err(drift(
                "drain-cursor-advance",
                format!(
                    "the cursor advance at byte {} is neither before the delivery in the loop body, \
                     in the loop's update, nor after the loop",
                    advance.start
                ),
            )),
        }
    }

    /// Whether the advance sits in a function nested in the drain (a collector
    /// the minifier inlined into the loop's head) rather than in the drain's own code.
    fn advanced_in_nested(&self, resolution: &Resolution) -> bool {
        resolution.index.enclosing_function(self.advance).is_some_and(|f| f.range != self.drain.range)
    }

    /// Nothing before the gate may deliver the message.
    fn check_not_delivered_early(&self) -> Result<(), Refusal> {
        let Some(last) = self.after() else { return Ok(()) };
        let message = self.message;
        for (i, stmt) in self.the_loop.stmts[..last].iter().enumerate() {
            let skipped = Some(i) == self.bound_in_body || Some(i) == self.advanced_in_body;
            if !skipped && mentions(stmt, message) && !is_guard(stmt) {
                return Err(drift(
                    "drain-cursor-advance",
                    format!(
                        "the drain uses `{message}` at byte {} before advancing the cursor past it",
                        range(*stmt).start
                    ),
                ));
            }
        }
        Ok(())
    }

    fn insertions(&self, source: &[u8], check: &str, purpose: &str) -> Result<Vec<Insertion>, Refusal> {
        let the_loop = &self.the_loop;
        let (gate, purpose) = (check.to_string(), purpose.to_string());
        let brace = |at: usize, text: &str| Insertion {
            at,
            text: text.into(),
            purpose: format!("{purpose} (a brace for the loop body)"),
        };
        // A body a minifier wrote without braces gets them, inside the markers.
        let open = if the_loop.bare.is_some() { "{" } else { "" };
        let mut out = match self.after() {
            None => {
                vec![Insertion { at: the_loop.inner_start, text: format!("{open}{gate}"), purpose: purpose.clone() }]
            }
            Some(i) => {
                let mut v = Vec::new();
                if !open.is_empty() {
                    v.push(brace(the_loop.inner_start, open));
                }
                v.push(self.gate_after(source, i, gate, purpose.clone())?);
                v
            }
        };
        if let Some(body) = &the_loop.bare {
            out.push(brace(body.end, "}"));
        }
        Ok(out)
    }

    /// The gate after body statement `i`: right after the advance where one
    /// sequence advances and then delivers, else after the whole statement.
    fn gate_after(&self, source: &[u8], i: usize, gate: String, purpose: String) -> Result<Insertion, Refusal> {
        let (stmt, message) = (self.the_loop.stmts[i], self.message);
        if Some(i) == self.advanced_in_body {
            if let Some(split) = split_sequence(stmt, self.advance, message) {
                return Ok(Insertion { at: split, text: format!(";{gate}void 0"), purpose });
            }
            if let Stmt::If(_) = stmt {
                if !is_guard(stmt) && mentions(stmt, message) {
                    return Err(drift(
                        "drain-cursor-advance",
                        format!(
                            "the statement that advances the cursor (byte {}) also delivers `{message}`",
                            range(stmt).start
                        ),
                    ));
                }
            }
        }
        Ok(Insertion { at: statement_end(source, stmt)?, text: gate, purpose })
    }
}

/// The statement of `f`'s body that holds `at`.
fn top_statement<'a>(f: &FnInfo<'a>, at: &Range<usize>) -> Option<&'a Stmt> {
    f.node.body()?.stmts.iter().find(|s| within(at, &range(*s)))
}

/// The statement holding `at` in the block that holds the loop at `looped`,
/// where it comes after the loop and nothing between them can leave the
/// block (`if (!(s >= o)) { for (…) {…} e.steeringReaderIndex = o; }`):
/// every path that ran the loop runs it.
fn sibling_after<'a>(f: &FnInfo<'a>, looped: &Range<usize>, at: &Range<usize>) -> Option<&'a Stmt> {
    struct Find<'a, 'r> {
        looped: &'r Range<usize>,
        at: &'r Range<usize>,
        found: Option<&'a Stmt>,
    }
    impl<'a> Find<'a, '_> {
        fn block(&mut self, stmts: &'a [Stmt]) {
            let Some(l) = stmts.iter().position(|s| range(s) == *self.looped) else { return };
            let Some(k) = stmts.iter().position(|s| within(self.at, &range(s))) else { return };
            if k > l && !stmts[l + 1..k].iter().any(leaves) {
                self.found = Some(&stmts[k]);
            }
        }
    }
    fn leaves(s: &Stmt) -> bool {
        struct Exit(bool);
        impl Visit for Exit {
            fn visit_return_stmt(&mut self, _: &ReturnStmt) {
                self.0 = true;
            }
            fn visit_throw_stmt(&mut self, _: &ThrowStmt) {
                self.0 = true;
            }
            fn visit_break_stmt(&mut self, _: &BreakStmt) {
                self.0 = true;
            }
            fn visit_continue_stmt(&mut self, _: &ContinueStmt) {
                self.0 = true;
            }
            fn visit_function(&mut self, _: &Function) {}
            fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
        }
        let mut exit = Exit(false);
        s.visit_with(&mut exit);
        exit.0
    }
    // Blocks are walked by hand so that the statements found live as long as the program.
    fn walk<'a>(find: &mut Find<'a, '_>, stmts: &'a [Stmt]) {
        find.block(stmts);
        for s in stmts {
            match s {
                Stmt::Block(b) => walk(find, &b.stmts),
                Stmt::If(i) => {
                    for branch in std::iter::once(&*i.cons).chain(i.alt.as_deref()) {
                        match branch {
                            Stmt::Block(b) => walk(find, &b.stmts),
                            other => walk(find, std::slice::from_ref(other)),
                        }
                    }
                }
                Stmt::Try(t) => {
                    walk(find, &t.block.stmts);
                    if let Some(f) = &t.finalizer {
                        walk(find, &f.stmts);
                    }
                }
                Stmt::Labeled(l) => walk(find, std::slice::from_ref(&*l.body)),
                _ => {}
            }
        }
    }
    let mut find = Find { looped, at, found: None };
    walk(&mut find, &f.node.body()?.stmts);
    find.found
}

/// `#name` where `f` is a private method of its class.
fn private_method_name(index: &crate::anchors::resolve::Index, f: &FnInfo) -> Option<String> {
    index.class_around(&f.range)?.class.body.iter().find_map(|m| match m {
        ClassMember::PrivateMethod(pm) if range(&*pm.function) == f.range => Some(format!("#{}", pm.key.name)),
        _ => None,
    })
}

/// A cursor advanced in a function the drain calls (a collector that reads
/// the buffer and advances once): that call must run, once, before the
/// delivering loop; the gate names the execution as the drain passes it.
fn collector_exec(
    resolution: &Resolution,
    drain: &FnInfo,
    the_loop: &Loop,
    advance: &Range<usize>,
    exec: &str,
) -> Result<String, Refusal> {
    let index = &resolution.index;
    let collector = index
        .enclosing_function(advance)
        .ok_or_else(|| drift("drain-cursor-advance", "the cursor advance is not inside a function"))?;
    // A collector the minifier inlined where it is called (`for (m of function*(e){…}(e))`)
    // has no name: it is named by that one call.
    let private = private_method_name(index, collector);
    let name = collector.name.or(private.as_deref()).unwrap_or("the inlined collector");
    let advanced = match top_statement(collector, advance) {
        Some(stmt) => {
            always_evaluates(stmt, advance)
                || matches!(stmt, Stmt::For(_) | Stmt::ForOf(_) | Stmt::ForIn(_) | Stmt::While(_) | Stmt::DoWhile(_))
        }
        None => false,
    };
    if !advanced {
        return Err(drift(
            "drain-cursor-advance",
            format!("`{name}` advances the cursor at byte {} only on some paths", advance.start),
        ));
    }
    let param = collector.node.param_names().iter().position(|p| *p == Some(exec)).ok_or_else(|| {
        drift("drain-cursor-advance", format!("`{name}` advances `{exec}`, which is not one of its parameters"))
    })?;
    // The drain's call of the collector: before the loop's body, always evaluated.
    let found = match (collector.name, &private) {
        (Some(name), _) => {
            let mut named = crate::anchors::resolve::NamedCalls::new(name, false);
            drain.node.visit(&mut named);
            named.found
        }
        // `this.#collect(execution)`: the class's private method, called on `this`.
        (None, Some(private)) => {
            let mut calls = crate::anchors::resolve::PrivateCalls::default();
            drain.node.visit(&mut calls);
            calls.found.into_iter().filter(|(n, _, _)| *n == private[1..]).map(|(_, at, args)| (at, args)).collect()
        }
        (None, None) => {
            let mut iife = crate::anchors::resolve::flow::CalledInPlace::new(&collector.range);
            drain.node.visit(&mut iife);
            let whole = |args: &[ExprOrSpread]| args.iter().all(|a| a.spread.is_none());
            iife.found
                .into_iter()
                .filter(|(_, args)| whole(args))
                .map(|(at, args)| (at, args.iter().map(|a| &*a.expr).collect()))
                .collect()
        }
    };
    let calls: Vec<(Range<usize>, Vec<String>)> = found
        .into_iter()
        .map(|(at, args)| (at, args.iter().map(|a| index.text(&range(*a)).to_string()).collect()))
        .collect();
    let [call] = calls.as_slice() else {
        return Err(drift("drain-cursor-advance", format!("the drain calls `{name}` {} times, not once", calls.len())));
    };
    let (at, args) = call;
    let before_loop = at.end <= the_loop.range.start
        || (within(at, &the_loop.range)
            && at.end <= the_loop.inner_start
            && the_loop.update.as_ref().is_none_or(|u| !within(at, u)));
    let always = top_statement(drain, at)
        .is_some_and(|s| always_evaluates(s, at) || (within(at, &the_loop.range) && range(s) == the_loop.range));
    if !before_loop || !always {
        return Err(drift(
            "drain-cursor-advance",
            format!("the drain's call of `{name}` at byte {} does not always run before its delivering loop", at.start),
        ));
    }
    let arg = args
        .get(param)
        .cloned()
        .ok_or_else(|| drift("drain-cursor-advance", format!("the drain calls `{name}` without its execution")))?;
    if !is_plain_access(&arg) {
        return Err(drift(
            "drain-cursor-advance",
            format!("the drain passes `{}` to `{name}`, not a plain name the gate can read again", clip(&arg)),
        ));
    }
    Ok(arg)
}

/// `adv, deliver(m), …;` as one statement: the gate goes right after `adv`.
fn split_sequence(stmt: &Stmt, advance: &Range<usize>, message: &str) -> Option<usize> {
    let Stmt::Expr(s) = stmt else { return None };
    let Expr::Seq(seq) = strip_parens(&s.expr) else { return None };
    let k = seq.exprs.iter().position(|e| {
        let r = range(&**e);
        r.start <= advance.start && advance.end <= r.end
    })?;
    let later_uses = seq.exprs[k + 1..]
        .iter()
        .any(|e| mentions(&Stmt::Expr(ExprStmt { span: Default::default(), expr: e.clone() }), message));
    later_uses.then(|| range(&*seq.exprs[k]).end)
}

fn statement_end(source: &[u8], stmt: &Stmt) -> Result<usize, Refusal> {
    let end = range(stmt).end;
    if end > 0 && matches!(source[end - 1], b';' | b'}') {
        return Ok(end);
    }
    let next = source[end..].iter().position(|b| !b.is_ascii_whitespace()).map(|p| end + p);
    match next {
        Some(p) if source[p] == b';' => Ok(p + 1),
        _ => Err(drift(
            "drain-cursor-advance",
            format!("the statement at byte {} does not end with `;`", range(stmt).start),
        )),
    }
}

/// The counter the buffer's clear method bumps (rewind on clear).
const CLEARS: &str = "__kssClears";

/// Rewind on clear (kirodotdev/Kiro#11449), exactly: the buffer counts its
/// clears, and each execution's cursor becomes an accessor that remembers the
/// count at which it was last written. Read after a clear, it is 0: every
/// reader (the drain, the end-of-turn check, the root continuation) sees
/// exactly the messages appended since that clear. Two insertions: one at the
/// start of the buffer's clear method, one at the end of the execution
/// class's constructor.
fn plan_rewind(resolution: &Resolution) -> Result<Vec<Insertion>, Refusal> {
    let index = &resolution.index;
    let class_at =
        |id: &str| resolution.get(id).first().map(|m| m.range.clone()).ok_or_else(|| drift(id, "did not resolve"));
    let class_of = |at: &Range<usize>| index.classes.iter().find(|c| c.range == *at);

    // The buffer object, from the execution's side: `this.sessionServices.<slot>`.
    let (length, slot) = buffer_through(resolution, "this")?;
    let buffer = slot.map(|slot| format!("this.sessionServices.{slot}")).ok_or_else(|| {
        drift(
            "queued-length",
            format!(
                "the buffer length `{}` is not read through this.sessionServices.<buffer>, \
                 so the rewind cannot find the buffer",
                clip(&length)
            ),
        )
    })?;

    // The buffer's clear method: count the clear first thing.
    let count = Insertion {
        at: clear_body_start(resolution)?,
        text: format!("this.{CLEARS}=(this.{CLEARS}||0)+1;"),
        purpose: "count the buffer's clears (rewind on clear)".into(),
    };

    // The execution class's constructor: turn the cursor into an accessor.
    let exec_class =
        class_of(&class_at("execution-class")?).ok_or_else(|| drift("execution-class", "is not a class"))?;
    let accessor = exec_class.class.body.iter().any(|m| match m {
        ClassMember::Method(method) => {
            matches!(method.kind, MethodKind::Getter | MethodKind::Setter)
                && crate::anchors::pattern::prop_name(&method.key) == Some("steeringReaderIndex")
        }
        _ => false,
    });
    if accessor {
        return Err(drift("execution-class", "the cursor is already an accessor; --rewind-on-clear cannot wrap it"));
    }
    let body = exec_class
        .class
        .body
        .iter()
        .find_map(|m| match m {
            ClassMember::Constructor(c) => c.body.as_ref(),
            _ => None,
        })
        .ok_or_else(|| {
            drift(
                "execution-class",
                "the execution class has no constructor, \
                 so --rewind-on-clear has nowhere to make its cursor clear-aware",
            )
        })?;
    if returns(body) {
        return Err(drift(
            "execution-class",
            "the execution class's constructor returns early; --rewind-on-clear cannot be sure to run",
        ));
    }
    let cursor = format!(
        ";{{let __kssAt=this.steeringReaderIndex;\
         const __kssCount=()=>{{const b={buffer};return b&&b.{CLEARS}||0}};let __kssSeen=__kssCount();\
         Object.defineProperty(this,\"steeringReaderIndex\",{{configurable:true,enumerable:true,\
         get(){{const c=__kssCount();if(c!==__kssSeen){{__kssSeen=c;__kssAt=0}}return __kssAt}},\
         set(v){{__kssSeen=__kssCount();__kssAt=v}}}})}}"
    );
    let rewind = Insertion {
        at: range(body).end - 1,
        text: cursor,
        purpose: "make each execution's cursor read 0 after a clear of the buffer (rewind on clear)".into(),
    };
    Ok(vec![count, rewind])
}

/// Just inside the `{` of the buffer's clear method.
fn clear_body_start(resolution: &Resolution) -> Result<usize, Refusal> {
    let buffer_at =
        &resolution.get("buffer-class").first().ok_or_else(|| drift("buffer-class", "did not resolve"))?.range;
    let buffer_class = resolution
        .index
        .classes
        .iter()
        .find(|c| c.range == *buffer_at)
        .ok_or_else(|| drift("buffer-class", "is not a class"))?;
    let clear_at =
        &resolution.get("buffer-clear").first().ok_or_else(|| drift("buffer-clear", "did not resolve"))?.range;
    let clear = class_method(buffer_class.class, clear_at)
        .and_then(|method| method.function.body.as_ref())
        .ok_or_else(|| drift("buffer-clear", "the clear is not inside a method with a body"))?;
    Ok(range(clear).start + 1)
}

/// Whether a function body has a `return` of its own (not in a nested function).
fn returns(body: &FunctionBody) -> bool {
    struct Find(bool);
    impl Visit for Find {
        fn visit_return_stmt(&mut self, _: &ReturnStmt) {
            self.0 = true;
        }
        fn visit_function(&mut self, _: &Function) {}
        fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
        fn visit_class(&mut self, _: &Class) {}
    }
    let mut find = Find(false);
    body.visit_with(&mut find);
    find.0
}
