//! Judge escape: the rules of [`crate::proof::escape`] applied to the
//! world: delivery happens only in the drain, and construction is start.

use swc_ecma_ast::*;

/// The functions a child is first handed to, each with how.
type FirstHanded<'a, 'f> = Vec<(crate::proof::escape::HandedOn, &'f FnInfo<'a>)>;

use crate::anchors::resolve::{clip, within, FnInfo};
use crate::proof::account::judge::Tally;
use crate::proof::account::place::Place;
use crate::proof::account::query::{derived_reads, kept_besides_queue, param_binding, reads_of};
use crate::proof::account::world::World;
use crate::proof::site::bound_to;

/// Methods of the built-in collections and promises.
const BUILT_IN_METHODS: &[&str] = &[
    "get", "set", "has", "add", "delete", "clear", "push", "pop", "shift", "unshift", "splice", "slice", "map",
    "filter", "forEach", "find", "some", "every", "reduce", "includes", "indexOf", "join", "concat", "keys", "values",
    "entries", "then", "catch", "finally",
];

/// Built-ins that only convert or copy what they are given, calling nothing of it back.
const PURE_GLOBALS: &[&str] = &[
    "String",
    "Number",
    "Boolean",
    "BigInt",
    "isNaN",
    "isFinite",
    "parseInt",
    "parseFloat",
    "encodeURIComponent",
    "decodeURIComponent",
    "encodeURI",
    "decodeURI",
];

impl<'r, 'a> World<'r, 'a> {
    /// Delivery happens only in the drain (see `escape`).
    pub(super) fn judge_deliveries(&self, program: &Program, tally: &mut Tally) {
        let delivery = crate::proof::escape::delivery_methods(self.exec, &self.queue);
        let (open, in_drain) = crate::proof::escape::deliveries_outside(
            self.index,
            program,
            self.exec,
            &self.queue,
            &delivery,
            &self.drains,
        );
        for o in open {
            tally.unaccounted(&o.at, o.why);
        }
        tally.must_run.extend(in_drain);
        self.judge_delivered_kept(&delivery, tally);
    }

    /// What a delivery method is handed (the message) goes into the queue and
    /// nowhere else: kept besides it (`seen.push(message)`, a member, a value
    /// returned), it can be put back into a queue later by a filter the
    /// harness's messages never pass.
    fn judge_delivered_kept(&self, delivery: &std::collections::BTreeSet<String>, tally: &mut Tally) {
        for member in &self.exec.class.body {
            let ClassMember::Method(m) = member else { continue };
            if !crate::anchors::pattern::prop_name(&m.key).is_some_and(|k| delivery.contains(k)) {
                continue;
            }
            let Some(f) = self.index.function_at(&crate::read::parse::range(&*m.function)) else { continue };
            let seeds: Vec<std::ops::Range<usize>> = (0..m.function.params.len())
                .filter_map(|i| param_binding(f.node, i))
                .flat_map(|(name, span)| reads_of(f.node, &name, span))
                .collect();
            let tainted = derived_reads(f.node, seeds);
            for at in kept_besides_queue(f.node, &tainted, &self.queue, delivery) {
                tally.unaccounted(
                    &at,
                    "the message a delivery method is handed is kept here besides the execution's queue: \
                     it may be delivered again where the proof cannot see"
                        .into(),
                );
            }
        }
    }

    /// What the execution's constructor hands itself to (`registry.register(this)`)
    /// is followed: the callee may only add it to a container of its own, and
    /// whatever reads that container (by its key, on any object) may put nothing
    /// into the executions it holds. The harness's services are stubs, so none
    /// of that code runs in the proof.
    pub(super) fn judge_registration(&self, program: &Program, tally: &mut Tally) {
        use crate::proof::escape::HandedOn;
        let mut containers: Vec<String> = Vec::new();
        let mut registrars: Vec<std::ops::Range<usize>> = Vec::new();
        for member in &self.exec.class.body {
            let ClassMember::Constructor(c) = member else { continue };
            for (at, callee, arg) in this_handed(c) {
                // `__publicField(this, "k", v)`: a helper that only defines a field on it,
                // which is the constructor's own write (judged with the others).
                if let Callee2::Name(n) = &callee {
                    if arg == 0 && self.defines_field_only(n, 0) {
                        continue;
                    }
                }
                // `services.executions.push(this)`: it joins that container itself.
                if let Callee2::Container(k) = &callee {
                    if !containers.contains(k) {
                        containers.push(k.clone());
                    }
                    continue;
                }
                let (name, of): (String, Result<Vec<&FnInfo<'a>>, String>) = match callee {
                    Callee2::Container(_) => unreachable!(),
                    Callee2::Name(n) => {
                        let of = self
                            .index
                            .top_function_info(&n)
                            .map(|g| vec![g])
                            .ok_or_else(|| "which is not a function of the bundle".to_string());
                        (n, of)
                    }
                    Callee2::Key(k) => {
                        let of = self.of_key(&k).and_then(|v| match v.is_empty() {
                            true => Err("which the bundle does not define".to_string()),
                            false => Ok(v),
                        });
                        (format!(".{k}"), of)
                    }
                    Callee2::Other => ("a computed callee".into(), Err("which the tool cannot name".into())),
                };
                let handed = format!("the execution's constructor hands the execution to `{name}(…)`");
                let of = match of {
                    Ok(of) => of,
                    Err(why) => {
                        tally.unaccounted(&at, format!("{handed}, {why}: it may brief or deliver to it unseen"));
                        continue;
                    }
                };
                for g in of {
                    let param = match self.child_parameter(g, &HandedOn::plain(name.clone(), arg), &handed) {
                        Ok(Some(p)) => p,
                        Ok(None) => continue,
                        Err(why) => {
                            tally.unaccounted(&at, why);
                            continue;
                        }
                    };
                    if let Some((w, why)) =
                        crate::proof::escape::given_in_callee(g, &param, false, &self.reads_in(g), &self.makers_for(g))
                    {
                        tally.unaccounted(&w, format!("{handed} (byte {}), which {why}", g.range.start));
                        continue;
                    }
                    match crate::proof::escape::registered_in(g, &param) {
                        Ok(keys) => {
                            registrars.push(g.range.clone());
                            containers.extend(keys.into_iter().filter(|k| !containers.contains(k)).collect::<Vec<_>>());
                        }
                        Err((w, why)) => {
                            tally.unaccounted(&w, format!("{handed} (byte {}), which {why}", g.range.start))
                        }
                    }
                }
            }
        }
        self.judge_container_readers(program, &containers, &registrars, "the constructor registers", tally);
    }

    /// Every function that reads a container of executions by one of its keys
    /// (on any object, outside `skip`) may put nothing into what it holds:
    /// `whose` says how they got there, for the message.
    pub(super) fn judge_container_readers(
        &self,
        program: &Program,
        containers: &[String],
        skip: &[std::ops::Range<usize>],
        whose: &str,
        tally: &mut Tally,
    ) {
        if containers.is_empty() {
            return;
        }
        // Functions that give back what the containers hold (`list() { return this.created }`)
        // are followed to their callers, which are read the same way, until none is new.
        let mut returners: Vec<(String, i32)> = Vec::new();
        // The prefilter parses every statement that spells a container's key, or a returner's name.
        for k in containers {
            self.index.lookups.mention(k, crate::anchors::resolve::Mention::Name);
        }
        for _ in 0..4 {
            let names: Vec<String> = returners.iter().map(|(n, _)| n.clone()).collect();
            for n in &names {
                self.index.lookups.mention(n, crate::anchors::resolve::Mention::Name);
            }
            let mut places = crate::proof::escape::member_reads(program, containers);
            places.extend(crate::proof::escape::calls_of(program, &names));
            let mut seen: Vec<std::ops::Range<usize>> = Vec::new();
            let mut more = false;
            for at in places {
                if skip.iter().any(|r| within(&at, r)) {
                    continue;
                }
                let Some(f) = self.index.enclosing_function(&at) else {
                    tally
                        .unaccounted(&at, format!("the container of the executions {whose} is read at top level here"));
                    continue;
                };
                if seen.contains(&f.range) {
                    continue;
                }
                seen.push(f.range.clone());
                let why = match crate::proof::escape::given_to_registered(f, containers, &returners, &self.reads_in(f))
                {
                    Err(found) => found,
                    Ok((back, handed)) => match (self.reads_handed(f, &handed), back) {
                        (Some(found), _) => found,
                        (None, None) => continue,
                        (None, Some((at, depth))) => match self.returner_name(f) {
                            Ok(name) if returners.iter().any(|(n, _)| *n == name) => continue,
                            Ok(name) => {
                                returners.push((name, depth));
                                more = true;
                                continue;
                            }
                            Err(why) => (at, format!("gives back an execution it holds, {why}")),
                        },
                    },
                };
                tally.unaccounted(
                    &why.0,
                    format!("code that reads the executions {whose} (`.{}`) {}", containers.join("`, `."), why.1),
                );
                return;
            }
            if !more {
                return;
            }
        }
        tally.unaccounted(
            &(0..0),
            format!("the executions {whose} are handed back through too many functions to follow"),
        );
    }

    /// The functions a registry reader hands one of its executions to (`remind(sub,
    /// message)`), each read as a function the child is handed to once its run has
    /// started: what it gives it, and where it hands it on. The first place found.
    fn reads_handed(
        &self,
        from: &FnInfo<'a>,
        handed: &[crate::proof::escape::Handed],
    ) -> Option<(std::ops::Range<usize>, String)> {
        let outer = crate::read::scope::declared_by(from.node);
        for (name, arg, at, helper) in handed {
            let not_read = |why: &str| Some((at.clone(), format!("hands an execution it holds to `{name}`, {why}")));
            // Run through a helper that gives back the function it is handed (esbuild's
            // `__privateMethod`): the helper never sees the execution.
            if let Some(h) = helper {
                let gives_it = self.index.top_function_info(h).is_some_and(|hf| {
                    let last = crate::proof::escape::param_names(hf.node).len().saturating_sub(1);
                    crate::proof::escape::gives_back_param(hf.node, last)
                });
                if !gives_it || outer.contains(h) || self.index.locals_around(&from.range).contains(h) {
                    return not_read(&format!("through `{h}`, which is not read as giving back that function"));
                }
            }
            if outer.contains(name) || self.index.locals_around(&from.range).contains(name) {
                return not_read("a local function not followed from here");
            }
            let Some(g) = self.index.top_function_info(name) else {
                return not_read("which the bundle does not define");
            };
            let Some(Some(param)) = crate::proof::escape::param_names(g.node).into_iter().nth(*arg) else {
                return not_read("which takes it apart or takes no such parameter");
            };
            if let Some((w, why)) =
                crate::proof::escape::given_in_callee(g, &param, false, &self.reads_in(g), &self.makers_for(g))
            {
                return Some((
                    w,
                    format!("hands an execution it holds to `{name}` (byte {}), which {why}", g.range.start),
                ));
            }
            let mut held = Vec::new();
            let on = crate::proof::escape::HandedOn::plain(name.clone(), *arg);
            match crate::proof::escape::handed_on_by(g, &param, &on, &mut held, &|n| self.never_read(n, g)) {
                Ok(more) if more.is_empty() => self.hold(held),
                Ok(_) => return not_read("which hands it on further than is followed from here"),
                Err((w, why)) => return Some((w, format!("hands an execution it holds to `{name}`, which {why}"))),
            }
        }
        None
    }

    /// Whether every function a call in `f` may run (`name(…)` of the bundle's top
    /// level, `x.key(…)` of every method with that key) takes the child as its
    /// argument `arg` and neither gives it anything, keeps it nor hands it on.
    fn gives_child_nothing(&self, f: &FnInfo<'a>, callee: &swc_ecma_ast::Expr, arg: usize) -> bool {
        use crate::anchors::pattern::{member_name, strip_parens};
        let (name, runs) = match strip_parens(callee) {
            swc_ecma_ast::Expr::Ident(id) => {
                let name = id.sym.to_string();
                if crate::read::scope::declared_by(f.node).contains(&name)
                    || self.index.locals_around(&f.range).contains(&name)
                {
                    return false;
                }
                match self.index.top_function_info(&name) {
                    Some(g) => (name, vec![g]),
                    None => return false,
                }
            }
            swc_ecma_ast::Expr::Member(m) => {
                let Some(key) = member_name(&m.prop) else { return false };
                // A method of the language's values by that key (`table.set(parent.id, child)`)
                // may run on any object: not looked up (every statement spelling it would be parsed).
                if crate::proof::escape::is_builtin_method(key) {
                    return false;
                }
                match self.of_key(key) {
                    Ok(runs) if !runs.is_empty() => (key.to_string(), runs),
                    _ => return false,
                }
            }
            _ => return false,
        };
        runs.into_iter().all(|g| {
            let Some(Some(param)) = crate::proof::escape::param_names(g.node).into_iter().nth(arg) else {
                return false;
            };
            let on = crate::proof::escape::HandedOn::plain(name.clone(), arg);
            let mut held = Vec::new();
            let kept =
                crate::proof::escape::kept_by_callee(g, &param, &on, &self.reads_in(g), &self.makers_for(g), &mut held);
            matches!(kept, Ok(more) if more.is_empty()) && held.is_empty()
        })
    }

    /// The name a function is called by, where every call of it is seen.
    fn returner_name(&self, f: &FnInfo<'a>) -> Result<String, String> {
        let name = f.name.or(f.key).ok_or("from a function that has no name")?;
        let callers = self.index.callers(f).ok_or("from a function whose callers cannot be found")?;
        if !callers.escapes.is_empty() || !callers.named_in.is_empty() {
            return Err(format!("from `{name}`, which is taken as a value where its calls are not all seen"));
        }
        Ok(name.to_string())
    }

    /// Whether the top-level function `name` does nothing with its parameter
    /// `at` but define a member on it: a write of a member, `k in obj`,
    /// `Object.defineProperty(obj, …)`, or the same handed to another such
    /// function (esbuild's `__publicField` over `__defNormalProp`).
    fn defines_field_only(&self, name: &str, at: usize) -> bool {
        self.defines_field_only_within(name, at, 0)
    }

    fn defines_field_only_within(&self, name: &str, at: usize, depth: u8) -> bool {
        use crate::anchors::pattern::{member_name, strip_parens};
        if depth > 3 {
            return false;
        }
        let Some(f) = self.index.top_function_info(name) else { return false };
        let params: Vec<&Pat> = match f.node {
            crate::read::scope::FnNode::Function(func) => func.params.iter().map(|p| &p.pat).collect(),
            crate::read::scope::FnNode::Arrow(a) => a.params.iter().collect(),
            crate::read::scope::FnNode::Constructor(_) => return false,
        };
        let Some(Pat::Ident(p)) = params.get(at) else { return false };
        let param = p.id.sym.to_string();
        struct Uses<'p> {
            param: &'p str,
            all: Vec<std::ops::Range<usize>>,
            allowed: Vec<std::ops::Range<usize>>,
            onward: Vec<(String, usize)>,
        }
        impl swc_ecma_visit::Visit for Uses<'_> {
            fn visit_ident(&mut self, id: &Ident) {
                if *id.sym == *self.param {
                    self.all.push(crate::read::parse::range(id));
                }
            }
            fn visit_assign_expr(&mut self, a: &AssignExpr) {
                if let AssignTarget::Simple(SimpleAssignTarget::Member(m)) = &a.left {
                    if matches!(strip_parens(&m.obj), Expr::Ident(id) if *id.sym == *self.param) {
                        self.allowed.push(crate::read::parse::range(strip_parens(&m.obj)));
                    }
                }
                swc_ecma_visit::VisitWith::visit_children_with(a, self);
            }
            fn visit_bin_expr(&mut self, b: &BinExpr) {
                if b.op == BinaryOp::In && matches!(strip_parens(&b.right), Expr::Ident(id) if *id.sym == *self.param) {
                    self.allowed.push(crate::read::parse::range(strip_parens(&b.right)));
                }
                swc_ecma_visit::VisitWith::visit_children_with(b, self);
            }
            fn visit_call_expr(&mut self, call: &CallExpr) {
                let first = call.args.first().filter(|a| {
                    a.spread.is_none() && matches!(strip_parens(&a.expr), Expr::Ident(id) if *id.sym == *self.param)
                });
                if let (Some(first), Callee::Expr(c)) = (first, &call.callee) {
                    let at = crate::read::parse::range(strip_parens(&first.expr));
                    match strip_parens(c) {
                        Expr::Ident(g) => {
                            self.onward.push((g.sym.to_string(), 0));
                            self.allowed.push(at);
                        }
                        Expr::Member(m)
                            if matches!(strip_parens(&m.obj), Expr::Ident(o) if &*o.sym == "Object")
                                && member_name(&m.prop) == Some("defineProperty") =>
                        {
                            self.allowed.push(at);
                        }
                        _ => {}
                    }
                }
                swc_ecma_visit::VisitWith::visit_children_with(call, self);
            }
        }
        let mut uses = Uses { param: &param, all: Vec::new(), allowed: Vec::new(), onward: Vec::new() };
        match f.node {
            crate::read::scope::FnNode::Function(func) => swc_ecma_visit::VisitWith::visit_with(&func.body, &mut uses),
            crate::read::scope::FnNode::Arrow(a) => swc_ecma_visit::VisitWith::visit_with(&a.body, &mut uses),
            crate::read::scope::FnNode::Constructor(_) => return false,
        }
        if uses.all.iter().any(|u| !uses.allowed.contains(u)) {
            return false;
        }
        // Each onward call: `Object.defineProperty` under a top-level name, or another such helper.
        uses.onward.iter().all(|(g, i)| {
            let defines = self.index.top_values.iter().any(|(n, init)| {
                *n == g.as_str()
                    && matches!(strip_parens(init), Expr::Member(m)
                        if matches!(strip_parens(&m.obj), Expr::Ident(o) if &*o.sym == "Object")
                            && member_name(&m.prop) == Some("defineProperty"))
            });
            defines || self.defines_field_only_within(g, *i, depth + 1)
        })
    }

    /// Construction is start: no child is kept between its `new` and its run.
    /// Returns each spawn path: a spawn site, or each call of the construction
    /// helper that holds one.
    pub(super) fn judge_started(&self, program: &'a Program, tally: &mut Tally) -> Vec<Place> {
        let source = self.index.source;
        let mut reported = Vec::new();
        for (n, site) in self.spawns.iter().enumerate() {
            let Some(f) = self.index.enclosing_function(site) else { continue };
            // The site's own function, and each caller of a construction helper holding it.
            let mut paths = vec![(f, site.clone(), None)];
            let helper = self
                .resolution
                .expr_at(f, site)
                .and_then(|new| crate::proof::slice::ConstructionHelper::of(self.index, program, f, site, new));
            // A function that hands the child back, not a top-level helper (a method
            // `this.buildDelegate(…)`): what each caller does with it counts too.
            if helper.is_none() && crate::proof::slice::returns_construction(f, site, bound_to(f, site).as_deref()) {
                match self.returned_to(program, f, site, 0) {
                    Ok(callers) => {
                        for (caller, call) in callers {
                            let why = format!(
                                "spawn site {}: its function returns the child; what the caller (byte {}) does \
                                 to it before the hand-off is accounted for",
                                n + 1,
                                caller.range.start
                            );
                            paths.push((caller, call, Some(why)));
                        }
                    }
                    Err(why) => tally.unaccounted(
                        site,
                        format!("the child built here is returned to callers the tool cannot follow: {why}"),
                    ),
                }
            }
            for (call, _) in helper.iter().flat_map(|h| &h.calls) {
                let Some(caller) = self.index.enclosing_function(call) else { continue };
                let name = helper.as_ref().map_or("", |h| h.name.as_str());
                let why = format!(
                    "spawn site {}, through the construction helper `{name}`: what the caller (byte {}) \
                     does to the child before the hand-off is accounted for",
                    n + 1,
                    caller.range.start
                );
                paths.push((caller, call.clone(), Some(why)));
            }
            let through_helper = helper.is_some() && paths.len() > 1;
            for (f, at, why) in paths {
                let why = why.or_else(|| {
                    (!through_helper).then(|| {
                        format!(
                            "spawn site {}: what its function (byte {}) does to the child before the hand-off \
                             is accounted for",
                            n + 1,
                            f.range.start
                        )
                    })
                });
                if let Some(why) = why {
                    reported.push(Place { at: at.start, code: clip(&source[at.clone()]), why });
                }
                let child = bound_to(f, &at);
                let nowhere = || {
                    (!crate::proof::slice::goes_on(f, &at, child.as_deref())).then(|| {
                        (
                            at.clone(),
                            "goes to no call, return or method of its own where it is built: what runs it \
                             reaches it another way (a registry its constructor joins, say)"
                                .to_string(),
                        )
                    })
                };
                let mut held = Vec::new();
                let reads_call = |callee: &swc_ecma_ast::Expr, arg: usize| self.gives_child_nothing(f, callee, arg);
                let kept = crate::proof::escape::kept_before_start(f, &at, child.as_deref(), &mut held, &reads_call);
                self.hold(held);
                let kept = kept.or_else(nowhere).or_else(|| self.kept_by_the_run(f, &at, child.as_deref()));
                if let Some((kept, how)) = kept {
                    tally.unaccounted(
                        &kept,
                        format!(
                            "the child built at byte {} {how} before it starts: what keeps it may reach it \
                             (deliver to it, brief it, change its depth) where the proof does not look",
                            at.start
                        ),
                    );
                } else {
                    tally.counted += 1;
                }
            }
        }
        // A child added to a container where it stands (`this.live.add(child)`) is
        // judged by what every reader of that container does to what it holds.
        let held = self.held.borrow().clone();
        self.judge_container_readers(program, &held, &[], "a spawn path keeps before they start", tally);
        reported
    }

    fn hold(&self, keys: Vec<String>) {
        let mut held = self.held.borrow_mut();
        for k in keys {
            if !held.contains(&k) {
                held.push(k);
            }
        }
    }

    /// The first step of `kept_by_the_run`: a function by name, or every method
    /// of the bundle with the key. Err(None) where there is nothing to read.
    fn first_handed(
        &self,
        f: &FnInfo<'a>,
        site: &std::ops::Range<usize>,
        child: Option<&str>,
    ) -> Result<FirstHanded<'a, '_>, Option<(std::ops::Range<usize>, String)>> {
        let plain = crate::proof::escape::HandedOn::plain;
        let mut first: FirstHanded<'a, '_> = Vec::new();
        if let Some((name, arg)) = crate::proof::slice::handed_to_function(f, site, child) {
            // A local of that name (a parameter, a callback) is not the top-level function:
            // it is taken for the run, as before; but where the tool can name what it holds,
            // what each of those gives the child before handing it on is read (a briefing
            // wrapper, `(child) => { child.prompts.push(said); return run(child); }`: round 27b).
            if crate::read::scope::declared_by(f.node).contains(&name)
                || self.index.locals_around(&f.range).contains(&name)
            {
                let mut found = Vec::new();
                if self.name_values(&name, site, &mut vec![name.clone()], &mut found, 0).is_ok() {
                    for g in found {
                        let Some(Some(param)) = crate::proof::escape::param_names(g.node).into_iter().nth(arg) else {
                            continue;
                        };
                        let given = crate::proof::escape::given_in_callee(
                            g,
                            &param,
                            false,
                            &self.reads_in(g),
                            &self.makers_for(g),
                        );
                        if let Some((at, why)) = given {
                            return Err(Some((
                                at,
                                format!("is handed to `{name}` (byte {}), which {why}", g.range.start),
                            )));
                        }
                    }
                }
                return Err(None);
            }
            // Not the bundle's own function (an import, a stub): nothing of it to read.
            let Some(bound) = self.index.top_function_info(&name) else { return Err(None) };
            first.push((plain(name, arg), bound));
        } else if let Some((key, arg)) = crate::proof::slice::handed_to_method(f, site, child) {
            // `pool.park(id, child)`: the bundle's methods of that key say whether the child
            // is run now or kept; one the bundle does not define could do either.
            let Some(key) = key else {
                return Err(Some((
                    site.clone(),
                    "is handed to a method chosen by a computed key, which may keep it".into(),
                )));
            };
            match self.of_key(&key) {
                Ok(bound) => first.extend(bound.into_iter().map(|b| (plain(key.clone(), arg), b))),
                Err(why) => return Err(Some((site.clone(), format!("is handed to `.{key}(…)`, {why}")))),
            }
            // No function of that key the tool can read: what runs there may brief the child.
            if first.is_empty() {
                return Err(Some((
                    site.clone(),
                    format!("is handed to `.{key}(…)`, which the bundle binds to no function"),
                )));
            }
        } else {
            return Err(None);
        }
        Ok(first)
    }
    /// The function the child is handed to by name, where the bundle defines
    /// it: the proof replaces it as the run, so it must not keep the child
    /// (`return hold(child)`, `hold` storing it in a module's variable), nor
    /// must the functions it hands the child on to, followed a few steps (one
    /// held in a local is not followed, and opens the world).
    fn kept_by_the_run(
        &self,
        f: &FnInfo<'a>,
        site: &std::ops::Range<usize>,
        child: Option<&str>,
    ) -> Option<(std::ops::Range<usize>, String)> {
        use crate::proof::escape::HandedOn;
        let first = match self.first_handed(f, site, child) {
            Ok(first) => first,
            Err(found) => return found,
        };
        // Each function with whether the child's run has started when it gets the child:
        // past the first call of the drain's caller, what a function does to it is still
        // read for what it gives the child (every hand-off followed, or the world is open),
        // while keeping it no longer matters.
        let mut next: Vec<(HandedOn, &FnInfo<'a>, bool)> = first.into_iter().map(|(h, b)| (h, b, false)).collect();
        let mut seen = Vec::new();
        // Each function may be read twice (as the child and as a holder: round 26).
        for _ in 0..16 {
            let mut later = Vec::new();
            for (on, bound, started) in next {
                let run = match on.made {
                    false => bound,
                    true => match crate::proof::slice::returned_function(self.index, bound) {
                        Ok(made) => made,
                        Err(why) => {
                            return Some((site.clone(), format!("is handed to what `{}` returns, {why}", on.name)))
                        }
                    },
                };
                // Read once as a holder and once as the child where the argument may be either.
                if seen.contains(&(run.range.clone(), on.inside)) {
                    continue;
                }
                seen.push((run.range.clone(), on.inside));
                // The drain and what it calls are the proof's own code. The drain's
                // caller is not: it is read as any other function the child reaches
                // (what it gives the child before or after the drain is a delivery
                // the proof does not run: round 21).
                if self.drains.iter().any(|d| crate::anchors::resolve::within(&run.range, d)) {
                    continue;
                }
                // The drain's caller is the child's run: read as started (what keeps
                // the child no longer matters, what gives it something does).
                let started = started || self.calls_the_drain(run);
                let handed = match on.made {
                    false => format!("is handed to `{}` (byte {}), which", on.name, run.range.start),
                    true => {
                        format!("is handed to the function `{}` returns (byte {}), which", on.name, run.range.start)
                    }
                };
                // The parameter the child arrives in; a destructured one (`{ execution: parent }`)
                // gives each of its names, read both as the child and as a holder of it.
                let params = match self.child_parameters(run, &on, &handed) {
                    Ok(params) => params,
                    Err(why) => return Some((site.clone(), why)),
                };
                for (param, inside) in params {
                    let on = crate::proof::escape::HandedOn { inside, ..on.clone() };
                    let read = &self.read_by(run);
                    let more = if started {
                        // Started: what it gives the child still counts; where it keeps it does not.
                        if let Some((at, why)) =
                            crate::proof::escape::given_in_callee(run, &param, on.inside, read, &self.makers_for(run))
                        {
                            return Some((at, format!("{handed} {why}")));
                        }
                        let mut held = Vec::new();
                        let more = match crate::proof::escape::handed_on_by(run, &param, &on, &mut held, &|n| {
                            self.never_read(n, run)
                        }) {
                            Ok(more) => more,
                            Err((at, why)) => return Some((at, format!("{handed} {why}"))),
                        };
                        // Kept in a container once started, it is still judged by what the
                        // container's readers do to it (a live set `steer()` delivers to: round 22).
                        self.hold(held);
                        more
                    } else {
                        let mut held = Vec::new();
                        let kept = crate::proof::escape::kept_by_callee(
                            run,
                            &param,
                            &on,
                            read,
                            &self.makers_for(run),
                            &mut held,
                        );
                        self.hold(held);
                        match kept {
                            Ok(more) => more,
                            Err((kept, how)) => return Some((kept, format!("{handed} {how}"))),
                        }
                    };
                    let started_at = if started { Some(0) } else { self.first_drain_call(run) };
                    let locals = crate::read::scope::declared_by(run.node);
                    for h in more {
                        let after = started_at.is_some_and(|s| h.at.start >= s);
                        if let Err(found) = self.next_from(run, &locals, &h, after, site, &handed, &mut later) {
                            return Some(found);
                        }
                    }
                }
            }
            if later.is_empty() {
                return None;
            }
            next = later;
        }
        Some((site.clone(), "is handed on through too many functions to follow".into()))
    }

    /// The functions a hand-off `h` made by `run` leads to, added to `later`
    /// with whether the child's run has started there; Err where one cannot
    /// be followed, which opens the world.
    #[allow(clippy::too_many_arguments)]
    fn next_from<'s>(
        &'s self,
        run: &FnInfo<'a>,
        locals: &std::collections::HashSet<String>,
        h: &crate::proof::escape::HandedOn,
        after: bool,
        site: &std::ops::Range<usize>,
        handed: &str,
        later: &mut Vec<(crate::proof::escape::HandedOn, &'s FnInfo<'a>, bool)>,
    ) -> Result<(), (std::ops::Range<usize>, String)> {
        // A function held in a local (a hook list's loop variable, a table's
        // member) is followed to the functions it may hold.
        if !h.by_key && locals.contains(&h.name) {
            let held = self.local_functions(run, &h.name, &h.at).map_err(|at| {
                (
                    site.clone(),
                    format!(
                        "{handed} hands it to `{}`, a function held in a local of its own that the tool cannot \
                         follow to the functions it holds (byte {})",
                        h.name, at.start
                    ),
                )
            })?;
            later.extend(held.into_iter().map(|b| (h.clone(), b, after)));
            return Ok(());
        }
        // Once started, a call by a built-in collection's method name (`map.get(id)`,
        // `set.add(x)`) is taken for that collection's where the bundle's own functions
        // of the key cannot all be named (a known gap); where they can, they are read
        // (`briefing.add(state)` on a class of its own: round 22).
        if h.by_key && after && BUILT_IN_METHODS.contains(&h.name.as_str()) {
            if self.receiver_is_bundle_class(h) {
                let of_key = self.called_by_key(h, handed).map_err(|why| (site.clone(), why))?;
                later.extend(of_key.into_iter().map(|b| (h.clone(), b, after)));
            }
            return Ok(());
        }
        // A table written in place around the run (`const nodes = { async MODEL_INVOKE(s) {…} }`,
        // `nodes[state.node](state)`): every function it holds.
        if !h.by_key {
            if let (Some(swc_ecma_ast::Expr::Object(table)), true) = (
                self.bound_once_value(&h.name, &h.at).map(crate::anchors::pattern::strip_parens),
                self.only_called_through(&h.name, &h.at),
            ) {
                let mut held = Vec::new();
                self.literal_functions(table, &mut Vec::new(), &mut held, 1).map_err(|at| {
                    (
                        site.clone(),
                        format!(
                            "{handed} hands it to a member of `{}`, a table whose value at byte {} the tool cannot \
                             follow",
                            h.name, at.start
                        ),
                    )
                })?;
                later.extend(held.into_iter().map(|b| (h.clone(), b, after)));
                return Ok(());
            }
        }
        // Started or not, a key or a name whose functions cannot all be named may be one
        // that gives the child something (`hook.call(undefined, state)`: round 21).
        let next = match h.by_key {
            true => self.called_by_key(h, handed).map_err(|why| (site.clone(), why))?,
            false => self
                .functions_named(&h.name, &h.at)
                .map_err(|why| (site.clone(), format!("{handed} hands it to `{}`, {why}", h.name)))?,
        };
        later.extend(next.into_iter().map(|b| (h.clone(), b, after)));
        Ok(())
    }

    /// The bundle's top-level functions that give back a copy of a parameter.
    fn makers_for(&self, run: &FnInfo<'a>) -> Vec<(String, usize)> {
        let mut out = Vec::new();
        for name in crate::anchors::resolve::called_names(run) {
            let known = self.makers.borrow().get(&name).copied();
            let place = match known {
                Some(place) => place,
                None => {
                    // The prefilter parses what binds the name at top level.
                    let place = self
                        .index
                        .top_function_info(&name)
                        .and_then(|f| crate::proof::escape::copies_parameter(f.node));
                    self.makers.borrow_mut().insert(name.clone(), place);
                    place
                }
            };
            if let Some(at) = place {
                out.push((name, at));
            }
        }
        out
    }

    /// The functions a call by a name that is no function of the bundle's top
    /// level may run: those a top-level value holds (`const afterToolStep =
    /// remindOfSteering`), none for a built-in that only converts or copies;
    /// Err for anything else (an import, a global that may keep what it is
    /// given or call back, a value the tool cannot follow).
    fn functions_named(&self, name: &str, at: &std::ops::Range<usize>) -> Result<Vec<&FnInfo<'a>>, String> {
        if PURE_GLOBALS.contains(&name) && !self.index.locals_around(at).contains(name) {
            return Ok(Vec::new());
        }
        let cannot = |at: std::ops::Range<usize>| {
            format!("a value the tool cannot follow to the functions it holds (byte {})", at.start)
        };
        let mut held = Vec::new();
        if let Some(f) = self.index.top_function_info(name) {
            held.push(f);
        } else {
            let Some(init) = self.index.top_values.iter().find(|(n, _)| *n == name).map(|(_, init)| *init) else {
                return Err("a function the bundle does not define (an import or a global), which may keep it, \
                            hand it on or call back into the bundle with it"
                    .into());
            };
            self.function_values(init, &mut Vec::new(), &mut held, 0).map_err(cannot)?;
        }
        // The name reassigned anywhere (`afterToolStep = remindOfSteering` in a setter):
        // each value it is given too (round 22).
        self.index.lookups.mention(name, crate::anchors::resolve::Mention::Reference);
        for (w, value) in crate::proof::escape::writes_of_name(self.index.program, name) {
            if self.index.locals_around(&w).contains(name) {
                continue;
            }
            let Some(value) = value else { return Err(cannot(w)) };
            let at = crate::read::parse::range(&value);
            let value = super::inert::value_at(self.index.program, &at).unwrap_or(value);
            self.function_values(&value, &mut Vec::new(), &mut held, 0).map_err(cannot)?;
        }
        Ok(held)
    }

    /// The names of `run`'s parameters the child may arrive in, each with
    /// whether it is read as a holder of the child: the parameter itself, or
    /// where the argument holds the child and the parameter is destructured
    /// (`{ execution: parent, runner }`), each name it binds, as the child and
    /// as a holder. Err where the child itself is taken apart.
    fn child_parameters(
        &self,
        run: &FnInfo<'a>,
        on: &crate::proof::escape::HandedOn,
        handed: &str,
    ) -> Result<Vec<(String, bool)>, String> {
        let why = match self.child_parameter(run, on, handed) {
            Ok(Some(p)) => return Ok(vec![(p, on.inside)]),
            Ok(None) => return Ok(Vec::new()),
            Err(why) => why,
        };
        let params = run.node.param_pats();
        let pattern = match params.get(on.arg).copied().flatten() {
            Some(Pat::Assign(a)) => &*a.left,
            Some(p) => p,
            None => return Err(why),
        };
        if !on.inside {
            return Err(why);
        }
        // Only names one level in: a nested pattern (`{ execution: { prompts } }`)
        // binds a member of the child, which neither reading covers (round 22).
        let plain = |p: &Pat| match p {
            Pat::Ident(id) => Some(id.id.sym.to_string()),
            Pat::Assign(a) => match &*a.left {
                Pat::Ident(id) => Some(id.id.sym.to_string()),
                _ => None,
            },
            Pat::Rest(r) => match &*r.arg {
                Pat::Ident(id) => Some(id.id.sym.to_string()),
                _ => None,
            },
            _ => None,
        };
        let names: Option<Vec<String>> = match pattern {
            Pat::Object(o) => o
                .props
                .iter()
                .map(|p| match p {
                    ObjectPatProp::KeyValue(kv) => plain(&kv.value),
                    ObjectPatProp::Assign(a) => Some(a.key.sym.to_string()),
                    ObjectPatProp::Rest(r) => plain(&r.arg),
                })
                .collect(),
            Pat::Array(a) => a.elems.iter().flatten().map(plain).collect(),
            _ => None,
        };
        let Some(names) = names else { return Err(why) };
        Ok(names.into_iter().flat_map(|n| [(n.clone(), false), (n, true)]).collect())
    }

    /// The parameter of `run` the child arrives in: None where it cannot
    /// reach the child at all (a constructor, or fewer parameters than the
    /// child's place and nothing read from outside); Err where it may reach
    /// it some way the tool does not follow.
    fn child_parameter(
        &self,
        run: &FnInfo<'a>,
        on: &crate::proof::escape::HandedOn,
        handed: &str,
    ) -> Result<Option<String>, String> {
        let params: Vec<&Pat> = match run.node {
            crate::read::scope::FnNode::Function(func) => func.params.iter().map(|p| &p.pat).collect(),
            crate::read::scope::FnNode::Arrow(a) => a.params.iter().collect(),
            crate::read::scope::FnNode::Constructor(_) => return Ok(None),
        };
        let param = match params.get(on.arg) {
            // `run(child = fallback)`: the name, whatever its default.
            Some(Pat::Assign(a)) if matches!(&*a.left, Pat::Ident(_)) => Some(&*a.left),
            other => other.copied(),
        };
        match param {
            Some(Pat::Ident(p)) => Ok(Some(p.id.sym.to_string())),
            Some(_) => Err(format!("{handed} takes it apart where the tool cannot follow it")),
            // Fewer parameters than the child's place, none of them a rest parameter:
            // nothing reaches the child where the function reads nothing from outside.
            None if on.arg != crate::proof::escape::AFTER_SPREAD
                && !params.iter().any(|p| matches!(p, Pat::Rest(_)))
                && reads_nothing_outside(self.index, run) =>
            {
                Ok(None)
            }
            None => Err(format!(
                "{handed} may reach it without a parameter of its own (through `arguments`, a rest parameter, a \
                 spread before it in the call, `this` or a name from outside)"
            )),
        }
    }

    /// What moves delivery if `run` writes it on the child: the end-of-turn
    /// check keeps its own counters, so there only what the drain reads.
    fn read_by(&self, run: &FnInfo<'a>) -> crate::proof::escape::ExecReads {
        let is_turn = self.turns.iter().any(|t| {
            self.index.function_at(t).or_else(|| self.index.enclosing_function(t)).is_some_and(|e| e.range == run.range)
        });
        let reads = match is_turn {
            true => &self.drain_reads,
            false => &self.reads,
        };
        self.for_code_in(reads, run)
    }

    /// `reads` for code in `f`: the class's names it does not shadow, and the classes it
    /// builds whose construction runs nothing (`inert_class`).
    fn for_code_in(&self, reads: &crate::proof::escape::ExecReads, f: &FnInfo<'a>) -> crate::proof::escape::ExecReads {
        let mut reads = reads.around(&self.index.locals_around(&f.range));
        // The class's methods and the buffer's acknowledgments `f` calls by key, where the key is unique.
        for key in crate::proof::escape::called_keys(f) {
            let (benign, ack) = (reads.benign_if_unique.contains(&key), reads.acks_if_unique.contains(&key));
            if (benign || ack) && self.unique_key(&key) {
                if benign {
                    reads.benign.insert(key.clone());
                }
                if ack {
                    reads.acks.insert(key);
                }
            }
        }
        for (name, at) in crate::proof::escape::constructed_names(f) {
            // A class may be bound inside a lazy module's initialiser (`Err = class extends Error {}`).
            self.index.lookups.mention(&name, crate::anchors::resolve::Mention::Reference);
            if let Ok(class) = self.index.class_named_at(&name, &at) {
                if self.inert(class, 0) {
                    reads.inert.insert(name);
                }
            }
        }
        reads
    }

    /// `escape::set_elsewhere`, asked once per key.
    fn unique_key(&self, key: &str) -> bool {
        if let Some(&known) = self.unique_keys.borrow().get(key) {
            return known;
        }
        let unique = !crate::proof::escape::set_elsewhere(self.index, key);
        self.unique_keys.borrow_mut().insert(key.to_string(), unique);
        unique
    }

    /// `inert_class`, its superclasses read the same way (a few levels).
    fn inert(&self, class: &crate::anchors::resolve::ClassInfo<'a>, depth: u8) -> bool {
        depth < 4
            && crate::proof::escape::inert_class(class.class, &|parent| match self
                .index
                .class_named_at(parent, &class.range)
            {
                Ok(p) => Some(self.inert(p, depth + 1)),
                Err(true) => None,
                Err(false) => Some(false),
            })
    }

    /// Whether `name`, in `f`, is a module-level container built empty
    /// (`var spans = []`) whose elements nothing in the bundle reads: every
    /// reference adds to it, counts it, or drops elements without using them
    /// (`spans.shift();`). What is kept there reaches no code.
    fn never_read(&self, name: &str, f: &FnInfo<'a>) -> bool {
        if crate::read::scope::declared_by(f.node).contains(name) || self.index.locals_around(&f.range).contains(name) {
            return false;
        }
        let Some((_, init)) = self.index.top_values.iter().find(|(n, _)| *n == name) else { return false };
        if !crate::proof::escape::empty_container(init) {
            return false;
        }
        self.index.lookups.mention(name, crate::anchors::resolve::Mention::Reference);
        crate::proof::escape::uses_that_read(self.index.program, name)
            .iter()
            .all(|at| self.index.locals_around(at).contains(name))
    }

    /// What an execution's readers read, for code in `f`.
    fn reads_in(&self, f: &FnInfo<'a>) -> crate::proof::escape::ExecReads {
        self.for_code_in(&self.reads, f)
    }

    /// The functions a hand-off by key (`o.key(child)`) may run, or why it
    /// cannot be followed; `handed` says where the child got there.
    fn called_by_key(&self, h: &crate::proof::escape::HandedOn, handed: &str) -> Result<Vec<&FnInfo<'a>>, String> {
        let mut of_key = self.of_key(&h.name).map_err(|why| format!("{handed} hands it to `.{}(…)`, {why}", h.name))?;
        // `this.key(…)` in a class's own code: a method of an unrelated class is not the one called.
        if let Some(unrelated) = h.on_this.as_ref().and_then(|at| self.index.classes_unrelated_to_this_at(at)) {
            of_key.retain(|f| !unrelated.iter().any(|c| c.is_member(f)));
        }
        // `services.executions.register(child)`: where every value the bundle gives the key
        // `executions` is an instance of a class it names, a method of a class unrelated to
        // all of them is not the one called.
        let unrelated = match &h.receiver {
            Some(crate::proof::escape::Receiver::New(c)) => {
                self.index.class_named_at(c, &h.at).ok().and_then(|c| self.index.classes_unrelated_to(c))
            }
            Some(crate::proof::escape::Receiver::Name(_)) | None => None,
        };
        if let Some(unrelated) = unrelated {
            of_key.retain(|f| !unrelated.iter().any(|c| c.is_member(f)));
        }
        if of_key.is_empty() && !h.consumed {
            return Err(format!(
                "{handed} hands it to `.{}(…)`, which the bundle does not define, and neither awaits nor \
                 returns its result: the callee may keep it and run it later",
                h.name
            ));
        }
        Ok(of_key)
    }

    /// Whether `h`'s receiver is an instance of a class of the bundle: a local
    /// or a module name bound once to `new C(…)` (`briefing.add(state)`:
    /// round 22). Not where it is not known to be one: a built-in collection,
    /// most often (`map.get(id)`).
    fn receiver_is_bundle_class(&self, h: &crate::proof::escape::HandedOn) -> bool {
        use crate::anchors::pattern::strip_parens;
        use crate::proof::escape::Receiver;
        let class = match &h.receiver {
            Some(Receiver::New(c)) => c.clone(),
            Some(Receiver::Name(n)) => {
                if self.index.locals_around(&h.at).contains(n.as_str()) {
                    return false;
                }
                // The prefilter parses what binds the name at top level.
                self.index.lookups.top_level(n);
                let Some(init) = self.index.top_values.iter().find(|(m, _)| *m == n.as_str()).map(|(_, v)| *v) else {
                    return false;
                };
                match strip_parens(init) {
                    Expr::New(new) => match strip_parens(&new.callee) {
                        Expr::Ident(c) => c.sym.to_string(),
                        _ => return false,
                    },
                    _ => return false,
                }
            }
            _ => return false,
        };
        self.index.class_named_at(&class, &h.at).is_ok()
    }

    /// Every function of the bundle a call by `key` may run: the methods and
    /// function values bound to it, and a top-level function of that name.
    /// Err where the key is bound to a value that may be a function the tool
    /// cannot follow (a parameter, a factory's result, a getter).
    fn of_key(&self, key: &str) -> Result<Vec<&FnInfo<'a>>, String> {
        let mut found = Vec::new();
        self.of_key_into(key, &mut vec![key.to_string()], &mut found)?;
        Ok(found)
    }

    fn of_key_into(&self, key: &str, seen: &mut Vec<String>, found: &mut Vec<&'r FnInfo<'a>>) -> Result<(), String> {
        // The prefilter parses every statement that spells the key, so the lists are whole.
        self.index.lookups.mention(key, crate::anchors::resolve::Mention::Name);
        let index: &'r crate::anchors::resolve::Index<'a> = self.index;
        let add = |f: &'r FnInfo<'a>, found: &mut Vec<&'r FnInfo<'a>>| {
            if !found.iter().any(|g| g.range == f.range) {
                found.push(f);
            }
        };
        for f in index.functions.iter().filter(|m| m.key == Some(key)) {
            add(f, found);
        }
        if let Some(f) = index.top_function_info(key) {
            add(f, found);
        }
        // A computed key that is, or may be, this one (`[LAUNCH_KEY] = fn`); the
        // prefilter is asked for what spells a constant holding the key.
        for name in index.names_holding(key) {
            index.lookups.mention(name, crate::anchors::resolve::Mention::Reference);
        }
        for (computed, bound) in &index.computed_keys {
            if !index.key_may_be(computed, key) {
                continue;
            }
            match bound {
                crate::anchors::resolve::KeyBound::Function(at) => {
                    if let Some(f) = index.function_at(at) {
                        add(f, found);
                    }
                }
                crate::anchors::resolve::KeyBound::Value(value) => {
                    let mut of_value = Vec::new();
                    self.function_values(value, seen, &mut of_value, 0).map_err(|at| {
                        format!(
                            "and a computed key at byte {} that may be `{key}` is bound to `{}`, a function the \
                             tool cannot follow there",
                            crate::read::parse::range(*computed).start,
                            clip(index.text(&at))
                        )
                    })?;
                    for f in of_value {
                        add(f, found);
                    }
                }
            }
        }
        for (_, at) in index.shorthand_keys.iter().filter(|(k, _)| *k == key) {
            let mut of_value = Vec::new();
            self.name_values(key, at, seen, &mut of_value, 0).map_err(|_| {
                format!("and the key is bound at byte {} to `{key}`, a function the tool cannot follow there", at.start)
            })?;
            for f in of_value {
                add(f, found);
            }
        }
        for (_, value) in index.keyed_values.iter().filter(|(k, _)| *k == key) {
            let mut of_value = Vec::new();
            self.function_values(value, seen, &mut of_value, 0).map_err(|at| {
                format!(
                    "and the key is bound at byte {} to `{}`, a function the tool cannot follow there",
                    at.start,
                    clip(index.text(&at))
                )
            })?;
            for f in of_value {
                add(f, found);
            }
        }
        Ok(())
    }

    /// The function whose parameter `name` is where it is used at `at`, and
    /// the parameter's place; None where the innermost binding of `name` around
    /// `at` is not a plain parameter.
    fn parameter_of(&self, name: &str, at: &std::ops::Range<usize>) -> Option<(&'r FnInfo<'a>, usize)> {
        let f = self.declaring_function(name, at)?;
        let i = f.node.param_pats().iter().position(|p| param_default(*p).0 == Some(name))?;
        // Declared only as the parameter: a `var` of the same name would rebind it.
        let assigned = crate::read::writes::in_function(f.node)
            .iter()
            .any(|w| matches!(&w.target, crate::read::writes::Target::Name(n, _) if n == name));
        (!assigned).then_some((f, i))
    }

    /// What each caller of the function whose parameter `name` is at `at`
    /// passes there, as functions; Err where `name` is no plain parameter or
    /// its callers are not all seen.
    fn parameter_values(
        &self,
        name: &str,
        at: &std::ops::Range<usize>,
        seen: &mut Vec<String>,
        found: &mut Vec<&'r FnInfo<'a>>,
        depth: usize,
    ) -> Result<(), std::ops::Range<usize>> {
        // Each parameter once per question: what it holds is already in `found`, and a
        // bundle's many callers must not be walked again at every level (tsc's tables).
        if let Some((f, i)) = self.parameter_of(name, at) {
            let mark = format!("\u{0}param {} {i}", f.range.start);
            if seen.contains(&mark) {
                return Ok(());
            }
            seen.push(mark);
        }
        let values = self.passed_to(name, at)?;
        if values.len() > 64 {
            return Err(at.clone());
        }
        for value in values {
            self.function_values(value, seen, found, depth + 1)?;
        }
        Ok(())
    }

    /// What the parameter `name` read at `at` may hold: its default, and what
    /// each caller passes there. Err where it is no plain parameter, or its
    /// callers are not all seen.
    fn passed_to(&self, name: &str, at: &std::ops::Range<usize>) -> Result<Vec<&'a Expr>, std::ops::Range<usize>> {
        use crate::anchors::pattern::strip_parens;
        let index: &'r crate::anchors::resolve::Index<'a> = self.index;
        let at = at.clone();
        let (f, i) = self.parameter_of(name, &at).ok_or_else(|| at.clone())?;
        let callers = index.callers(f).ok_or_else(|| at.clone())?;
        let dropped = callers.named_in.iter().all(|call| {
            matches!(&call.callee, Callee::Expr(c) if matches!(strip_parens(c),
                            Expr::Ident(g) if crate::proof::escape::returns_first_argument(index, &g.sym, 0)))
        });
        if !callers.escapes.is_empty() || !dropped {
            return Err(at);
        }
        // A default (`run = fallback`) is a value too, where a caller passes none or `undefined`.
        let mut values: Vec<&'a Expr> = param_default(f.node.param_pats()[i]).1.into_iter().collect();
        for args in callers.calls {
            if args.iter().take(i + 1).any(|a| a.spread.is_some()) {
                return Err(at);
            }
            values.extend(args.get(i).map(|a| &*a.expr));
        }
        Ok(values)
    }

    /// The functions a name read at `at` may hold: a top-level function, or
    /// what each caller passes where it is a parameter.
    fn name_values(
        &self,
        name: &str,
        at: &std::ops::Range<usize>,
        seen: &mut Vec<String>,
        found: &mut Vec<&'r FnInfo<'a>>,
        depth: usize,
    ) -> Result<(), std::ops::Range<usize>> {
        let index: &'r crate::anchors::resolve::Index<'a> = self.index;
        match index.top_function_info(name) {
            Some(f) if !index.locals_around(at).contains(name) => {
                found.push(f);
                Ok(())
            }
            _ => match self.bound_once_value(name, at) {
                Some(value) => self.function_values(value, seen, found, depth + 1),
                None => self.parameter_values(name, at, seen, found, depth),
            },
        }
    }

    /// The functions an object literal holds: its methods and the functions its
    /// values are, followed from `depth`. Err at a member that is neither (an
    /// accessor: the object; a spread: what is spread; a method not indexed).
    fn literal_functions(
        &self,
        o: &swc_ecma_ast::ObjectLit,
        seen: &mut Vec<String>,
        found: &mut Vec<&'r FnInfo<'a>>,
        depth: usize,
    ) -> Result<(), std::ops::Range<usize>> {
        use swc_ecma_ast::{Prop, PropOrSpread};
        for p in &o.props {
            match p {
                PropOrSpread::Prop(p) => match &**p {
                    Prop::KeyValue(kv) => self.function_values(&kv.value, seen, found, depth)?,
                    Prop::Shorthand(id) => {
                        let r = crate::read::parse::range(id);
                        self.name_values(&id.sym, &r, seen, found, depth)?
                    }
                    Prop::Method(m) => {
                        let at = crate::read::parse::range(&*m.function);
                        found.push(self.index.function_at(&at).ok_or(at)?);
                    }
                    _ => return Err(crate::read::parse::range(o)),
                },
                PropOrSpread::Spread(sp) => return Err(crate::read::parse::range(&*sp.expr)),
            }
        }
        Ok(())
    }

    /// Whether every use of the local `name` used at `at`, in the function that
    /// declares it, calls one of its members (`nodes[k](…)`, `nodes.a(…)`): never
    /// written, handed on or read as a value, so it holds what it was made with.
    fn only_called_through(&self, name: &str, at: &std::ops::Range<usize>) -> bool {
        use swc_ecma_ast::{Callee, Expr, Ident};
        use swc_ecma_visit::{Visit, VisitWith};
        let Some(f) = self.declaring_function(name, at) else { return false };
        struct Uses<'n>(&'n str, usize, usize);
        impl Visit for Uses<'_> {
            fn visit_call_expr(&mut self, c: &swc_ecma_ast::CallExpr) {
                if let Callee::Expr(callee) = &c.callee {
                    if let Expr::Member(m) = crate::anchors::pattern::strip_parens(callee) {
                        if matches!(crate::anchors::pattern::strip_parens(&m.obj), Expr::Ident(id) if *id.sym == *self.0)
                        {
                            self.2 += 1;
                            m.prop.visit_with(self);
                            return c.args.visit_with(self);
                        }
                    }
                }
                c.visit_children_with(self);
            }
            fn visit_ident(&mut self, id: &Ident) {
                if *id.sym == *self.0 {
                    self.1 += 1;
                }
            }
            fn visit_binding_ident(&mut self, _: &swc_ecma_ast::BindingIdent) {}
        }
        let mut uses = Uses(name, 0, 0);
        f.node.visit(&mut uses);
        // Declared once (`bound_once_value`), not a parameter: a binding, then only member calls.
        uses.1 == 0 && uses.2 > 0
    }

    /// The innermost function around `at` that declares `name`.
    fn declaring_function(&self, name: &str, at: &std::ops::Range<usize>) -> Option<&'r FnInfo<'a>> {
        let index: &'r crate::anchors::resolve::Index<'a> = self.index;
        let mut around: Vec<&'r FnInfo<'a>> = index
            .functions
            .iter()
            .filter(|f| crate::anchors::resolve::within(at, &f.range) && f.range != *at)
            .collect();
        around.sort_by_key(|f| std::cmp::Reverse(f.range.start));
        around.into_iter().find(|f| crate::read::scope::declared_by(f.node).contains(name))
    }

    /// What a local `name` used at `at` is declared once as, where the innermost
    /// function around `at` that declares it does so by one `const`/`let`/`var`
    /// with a value and never writes it again (`const run = async (execution) => …`).
    fn bound_once_value(&self, name: &str, at: &std::ops::Range<usize>) -> Option<&'a swc_ecma_ast::Expr> {
        use swc_ecma_visit::{Visit, VisitWith};
        let f = self.declaring_function(name, at)?;
        if crate::read::scope::pattern_names(f.node.param_pats().into_iter().flatten()).iter().any(|p| p == name) {
            return None;
        }
        struct Find<'n, 'a>(&'n str, Vec<Option<&'a swc_ecma_ast::Expr>>);
        impl<'a> Visit for Find<'_, 'a> {
            fn visit_var_declarator(&mut self, d: &swc_ecma_ast::VarDeclarator) {
                if let swc_ecma_ast::Pat::Ident(id) = &d.name {
                    if *id.id.sym == *self.0 {
                        self.1.push(d.init.as_deref().map(crate::anchors::resolve::pin));
                    }
                }
                d.visit_children_with(self);
            }
            fn visit_fn_decl(&mut self, d: &swc_ecma_ast::FnDecl) {
                if *d.ident.sym == *self.0 {
                    self.1.push(None);
                }
                d.visit_children_with(self);
            }
        }
        let mut find = Find(name, Vec::new());
        f.node.visit(&mut find);
        let written = crate::read::writes::in_function(f.node)
            .iter()
            .any(|w| matches!(&w.target, crate::read::writes::Target::Name(n, _) if n == name));
        match (&find.1[..], written) {
            ([Some(value)], false) => Some(*value),
            _ => None,
        }
    }

    /// The bundle's functions a value may be, followed through what returns a
    /// function unchanged: `f.bind(x)`, a helper that returns its first
    /// argument (esbuild's `__name(fn, "n")`, through `Object.defineProperty`),
    /// a member (every function bound to its key), a top-level name, either
    /// side of `?:`, `||`, `??`. Err: the part that is none of these.
    fn function_values(
        &self,
        value: &Expr,
        seen: &mut Vec<String>,
        found: &mut Vec<&'r FnInfo<'a>>,
        depth: usize,
    ) -> Result<(), std::ops::Range<usize>> {
        use crate::anchors::pattern::{member_name, strip_parens};
        let index: &'r crate::anchors::resolve::Index<'a> = self.index;
        let value = strip_parens(value);
        let at = crate::read::parse::range(value);
        if depth > 8 {
            return Err(at);
        }
        match value {
            Expr::Fn(f) => match index.function_at(&crate::read::parse::range(&*f.function)) {
                Some(f) => found.push(f),
                None => return Err(at),
            },
            Expr::Arrow(_) => match index.function_at(&at) {
                Some(f) => found.push(f),
                None => return Err(at),
            },
            Expr::Bin(b)
                if matches!(b.op, BinaryOp::LogicalOr | BinaryOp::LogicalAnd | BinaryOp::NullishCoalescing) =>
            {
                self.function_values(&b.left, seen, found, depth + 1)?;
                self.function_values(&b.right, seen, found, depth + 1)?;
            }
            // Not a function: nothing is called through it.
            Expr::Lit(_) | Expr::Tpl(_) | Expr::Unary(_) | Expr::Bin(_) | Expr::Array(_) | Expr::Update(_) => {}
            Expr::Ident(id) if &*id.sym == "undefined" => {}
            Expr::Ident(id) => self.name_values(&id.sym, &at, seen, found, depth)?,
            Expr::Cond(c) => {
                self.function_values(&c.cons, seen, found, depth + 1)?;
                self.function_values(&c.alt, seen, found, depth + 1)?;
            }
            // A property descriptor (`{ value: fn, writable: true }`): its value;
            // an accessor's (`get: () => fn`) or a key the tool cannot read refuses.
            Expr::Object(o) => {
                for p in &o.props {
                    match p {
                        PropOrSpread::Prop(p) => match &**p {
                            Prop::KeyValue(kv) => match crate::anchors::pattern::prop_name(&kv.key) {
                                Some("value") => self.function_values(&kv.value, seen, found, depth + 1)?,
                                Some("get" | "set") | None => return Err(at),
                                Some(_) => {}
                            },
                            _ => return Err(at),
                        },
                        PropOrSpread::Spread(_) => return Err(at),
                    }
                }
            }
            Expr::Member(m) => match member_name(&m.prop) {
                Some(key) if seen.iter().any(|k| k == key) => {}
                Some(key) => {
                    seen.push(key.to_string());
                    self.of_key_into(key, seen, found).map_err(|_| at.clone())?;
                }
                None => return Err(at),
            },
            Expr::Call(call) => {
                let Callee::Expr(callee) = &call.callee else { return Err(at) };
                let first = call.args.first().filter(|a| a.spread.is_none()).map(|a| &*a.expr);
                match (strip_parens(callee), first) {
                    (Expr::Member(m), _) if member_name(&m.prop) == Some("bind") => {
                        self.function_values(&m.obj, seen, found, depth + 1)?
                    }
                    (Expr::Ident(id), _) if index.locals_around(&at).contains(&*id.sym) => return Err(at),
                    (Expr::Ident(id), Some(first))
                        if crate::proof::escape::returns_first_argument(index, &id.sym, 0) =>
                    {
                        self.function_values(first, seen, found, depth + 1)?
                    }
                    // A top-level factory (`createModelInvokeNode(model)`): the function it returns.
                    (Expr::Ident(id), _) => {
                        let maker = index.top_function_info(&id.sym).ok_or_else(|| at.clone())?;
                        let made = crate::proof::slice::returned_function(index, maker).map_err(|_| at.clone())?;
                        found.push(made);
                    }
                    _ => return Err(at),
                }
            }
            _ => return Err(at),
        }
        Ok(())
    }

    /// The functions a local of `run` called at `call` may hold: a `for-of`
    /// variable over a list holds its elements, followed as values through the
    /// whole bundle (`for (const hook of this.beforeRun) await hook(child)`).
    /// Err at what cannot be followed.
    fn local_functions(
        &self,
        run: &FnInfo<'a>,
        name: &str,
        call: &std::ops::Range<usize>,
    ) -> Result<Vec<&'r FnInfo<'a>>, std::ops::Range<usize>> {
        struct Loops<'n>(&'n str, Vec<std::ops::Range<usize>>);
        impl swc_ecma_visit::Visit for Loops<'_> {
            fn visit_for_of_stmt(&mut self, s: &ForOfStmt) {
                if let ForHead::VarDecl(v) = &s.left {
                    if v.decls.iter().any(|d| matches!(&d.name, Pat::Ident(id) if *id.id.sym == *self.0)) {
                        self.1.push(crate::read::parse::range(&*s.right));
                    }
                }
                swc_ecma_visit::VisitWith::visit_children_with(s, self);
            }
        }
        if let Some(found) = self.local_from_table(run, name, call) {
            return found;
        }
        let mut loops = Loops(name, Vec::new());
        run.node.visit(&mut loops);
        // Bound once, by one loop over a list, and written nowhere else; else
        // (a parameter, a lookup, a name reused) not followed here.
        let writes = crate::read::writes::in_function(run.node)
            .iter()
            .filter(|w| matches!(&w.target, crate::read::writes::Target::Name(n, _) if n == name))
            .count();
        let [right] = loops.1.as_slice() else { return Err(call.clone()) };
        if writes > 1 {
            return Err(call.clone());
        }
        let right = super::inert::value_at(self.index.program, right).ok_or_else(|| call.clone())?;
        let mut found = Vec::new();
        self.element_values(&right, &mut Vec::new(), &mut found, 0)?;
        Ok(found)
    }

    /// A local bound once to a member of a table, `const tool = tools[turn.name]`,
    /// where `tools` is a module's object literal that nothing else writes or
    /// hands on: every function the table holds. None where the local is not
    /// bound that way.
    fn local_from_table(
        &self,
        run: &FnInfo<'a>,
        name: &str,
        call: &std::ops::Range<usize>,
    ) -> Option<Result<Vec<&'r FnInfo<'a>>, std::ops::Range<usize>>> {
        use crate::anchors::pattern::strip_parens;
        struct Decl<'n>(&'n str, Vec<std::ops::Range<usize>>, usize);
        impl swc_ecma_visit::Visit for Decl<'_> {
            fn visit_var_declarator(&mut self, d: &VarDeclarator) {
                if matches!(&d.name, Pat::Ident(id) if *id.id.sym == *self.0) {
                    self.2 += 1;
                    if let Some(init) = &d.init {
                        self.1.push(crate::read::parse::range(&**init));
                    }
                }
                swc_ecma_visit::VisitWith::visit_children_with(d, self);
            }
        }
        let mut decl = Decl(name, Vec::new(), 0);
        run.node.visit(&mut decl);
        if let Some(found) = self.local_from_namespace(run, name, call) {
            return Some(found);
        }
        let ([init], 1) = (decl.1.as_slice(), decl.2) else { return None };
        let value = super::inert::value_at(self.index.program, init)?;
        // `tools[name]`, or `Object.hasOwn(tools, name) ? tools[name] : void 0`.
        let looked_up = match strip_parens(&value) {
            Expr::Cond(c) if crate::anchors::resolve::flow::is_nullish(&c.alt) => (*c.cons).clone(),
            other => other.clone(),
        };
        // `TOOLS.get(name)` of a module's `Map` table read only to call what it holds.
        if let Expr::Call(CallExpr { callee: Callee::Expr(c), .. }) = strip_parens(&looked_up) {
            if let Expr::Member(m) = strip_parens(c) {
                if let (Expr::Ident(t), Some("get")) =
                    (strip_parens(&m.obj), crate::anchors::pattern::member_name(&m.prop))
                {
                    if self.index.locals_around(call).contains(&*t.sym) {
                        return Some(Err(call.clone()));
                    }
                    let Some(values) = self.index.map_table_values(&t.sym) else { return Some(Err(call.clone())) };
                    let mut found = Vec::new();
                    for v in values {
                        if let Err(at) = self.function_values(v, &mut Vec::new(), &mut found, 1) {
                            return Some(Err(at));
                        }
                    }
                    return Some(Ok(found));
                }
            }
        }
        // `tools[name] ?? fallbackTools[name]`: either table's.
        let lookups: Vec<&Expr> = match strip_parens(&looked_up) {
            Expr::Bin(b) if matches!(b.op, BinaryOp::NullishCoalescing | BinaryOp::LogicalOr) => {
                vec![&b.left, &b.right]
            }
            other => vec![other],
        };
        let mut tables = Vec::new();
        for l in lookups {
            let Expr::Member(m) = strip_parens(l) else { return None };
            let Expr::Ident(table) = strip_parens(&m.obj) else { return None };
            tables.push(table.sym.to_string());
        }
        let writes = crate::read::writes::in_function(run.node)
            .iter()
            .filter(|w| matches!(&w.target, crate::read::writes::Target::Name(n, _) if n == name))
            .count();
        if writes > 1 || tables.iter().any(|t| self.index.locals_around(call).contains(t.as_str())) {
            return Some(Err(call.clone()));
        }
        let mut found = Vec::new();
        for t in &tables {
            match self.table_functions(t, call) {
                Ok(fs) => found.extend(fs),
                Err(at) => return Some(Err(at)),
            }
        }
        Some(Ok(found))
    }

    /// `const { callTool: run } = await Promise.resolve().then(() => (init_x(), x_exports))`:
    /// a module loaded lazily, its export object filled by esbuild's `__export(x_exports,
    /// { callTool: () => callTool })`: the function exported under that key.
    fn local_from_namespace(
        &self,
        run: &FnInfo<'a>,
        name: &str,
        call: &std::ops::Range<usize>,
    ) -> Option<Result<Vec<&'r FnInfo<'a>>, std::ops::Range<usize>>> {
        use crate::anchors::pattern::{prop_name, strip_parens};
        struct Decl<'n>(&'n str, Vec<(String, std::ops::Range<usize>)>);
        impl swc_ecma_visit::Visit for Decl<'_> {
            fn visit_var_declarator(&mut self, d: &VarDeclarator) {
                if let (Pat::Object(o), Some(init)) = (&d.name, &d.init) {
                    for p in &o.props {
                        let key = match p {
                            ObjectPatProp::KeyValue(kv) if matches!(&*kv.value, Pat::Ident(id) if *id.id.sym == *self.0) => {
                                prop_name(&kv.key).map(str::to_string)
                            }
                            ObjectPatProp::Assign(a) if *a.key.sym == *self.0 && a.value.is_none() => {
                                Some(a.key.sym.to_string())
                            }
                            _ => None,
                        };
                        if let Some(k) = key {
                            self.1.push((k, crate::read::parse::range(&**init)));
                        }
                    }
                }
                swc_ecma_visit::VisitWith::visit_children_with(d, self);
            }
        }
        let mut decl = Decl(name, Vec::new());
        run.node.visit(&mut decl);
        let [(key, init)] = decl.1.as_slice() else { return None };
        let value = super::inert::value_at(self.index.program, init)?;
        fn namespace(e: &Expr) -> Option<String> {
            match strip_parens(e) {
                Expr::Await(a) => namespace(&a.arg),
                Expr::Seq(q) => q.exprs.last().and_then(|x| namespace(x)),
                Expr::Ident(id) => Some(id.sym.to_string()),
                // `….then(() => (init(), ns))`
                Expr::Call(CallExpr { callee: Callee::Expr(c), args, .. }) => match strip_parens(c) {
                    Expr::Member(m) if crate::anchors::pattern::member_name(&m.prop) == Some("then") => {
                        match args.first().map(|a| strip_parens(&a.expr)) {
                            Some(Expr::Arrow(a)) if a.params.is_empty() => match &*a.body {
                                ArrowFunctionBody::Expr(b) => namespace(b),
                                _ => None,
                            },
                            _ => None,
                        }
                    }
                    _ => None,
                },
                _ => None,
            }
        }
        let ns = namespace(&value)?;
        if self.index.locals_around(call).contains(ns.as_str()) {
            return Some(Err(call.clone()));
        }
        self.index.lookups.mention(&ns, crate::anchors::resolve::Mention::Reference);
        let exported = crate::proof::escape::exported_as(self.index.program, &ns, key);
        Some(match exported {
            Some(fname) => self.index.top_function_info(&fname).map(|f| vec![f]).ok_or_else(|| call.clone()),
            None => Err(call.clone()),
        })
    }

    /// Every function a module's object literal `table` holds, where the
    /// table is only ever read by member (never written, bound or handed on).
    fn table_functions(
        &self,
        table: &str,
        at: &std::ops::Range<usize>,
    ) -> Result<Vec<&'r FnInfo<'a>>, std::ops::Range<usize>> {
        use crate::anchors::pattern::strip_parens;
        let index = self.index;
        index.lookups.mention(table, crate::anchors::resolve::Mention::Reference);
        index.lookups.top_level(table);
        // Its initialiser, and every object literal assigned to it (`handlers = {…}` in a lazy module's init).
        let mut objects: Vec<Expr> = Vec::new();
        if let Some(init) = index.top_values.iter().find(|(n, _)| *n == table).map(|(_, v)| *v) {
            objects.push(init.clone());
        }
        for (at, object) in crate::proof::escape::assigned_to_name(index.program, table) {
            if index.locals_around(&at).contains(table) {
                continue;
            }
            objects.push(object.ok_or(at)?);
        }
        if objects.is_empty() {
            return Err(at.clone());
        }
        let mut found = Vec::new();
        let mut seen = Vec::new();
        for object in &objects {
            let Expr::Object(o) = strip_parens(object) else { return Err(at.clone()) };
            self.literal_functions(o, &mut seen, &mut found, 0)?;
        }
        // A use where a local of the same name is in scope is that local, not the table.
        if let Some(e) = crate::proof::escape::table_uses(index.program, table)
            .into_iter()
            .find(|at| !index.locals_around(at).contains(table))
        {
            return Err(e);
        }
        Ok(found)
    }

    /// The functions that may be elements of the list `value`: a literal's
    /// elements, either side of `??`, `||`, `?:`, a copy (`filter`, `slice`,
    /// `concat`, `new Set(…)`), a parameter (what each caller passes), or a
    /// member (every list the bundle gives its key, and what it adds to one).
    fn element_values(
        &self,
        value: &Expr,
        seen: &mut Vec<String>,
        found: &mut Vec<&'r FnInfo<'a>>,
        depth: usize,
    ) -> Result<(), std::ops::Range<usize>> {
        use crate::anchors::pattern::{member_name, strip_parens};
        let value = strip_parens(value);
        let at = crate::read::parse::range(value);
        if depth > 8 {
            return Err(at);
        }
        match value {
            Expr::Array(a) => {
                for e in a.elems.iter().flatten() {
                    match e.spread {
                        Some(_) => self.element_values(&e.expr, seen, found, depth + 1)?,
                        None => self.function_values(&e.expr, seen, found, depth + 1)?,
                    }
                }
            }
            Expr::Bin(b)
                if matches!(b.op, BinaryOp::LogicalOr | BinaryOp::LogicalAnd | BinaryOp::NullishCoalescing) =>
            {
                self.element_values(&b.left, seen, found, depth + 1)?;
                self.element_values(&b.right, seen, found, depth + 1)?;
            }
            Expr::Cond(c) => {
                self.element_values(&c.cons, seen, found, depth + 1)?;
                self.element_values(&c.alt, seen, found, depth + 1)?;
            }
            Expr::Lit(Lit::Null(_)) => {}
            Expr::Ident(id) if &*id.sym == "undefined" => {}
            Expr::Ident(id) => {
                for value in self.passed_to(&id.sym, &at)? {
                    self.element_values(value, seen, found, depth + 1)?;
                }
            }
            Expr::New(n) if matches!(strip_parens(&n.callee), Expr::Ident(c) if &*c.sym == "Set") => {
                for a in n.args.iter().flatten().take(1) {
                    self.element_values(&a.expr, seen, found, depth + 1)?;
                }
            }
            Expr::Call(CallExpr { callee: Callee::Expr(c), args, .. }) => match strip_parens(c) {
                Expr::Member(m)
                    if matches!(member_name(&m.prop), Some("filter" | "slice" | "toReversed" | "toSorted")) =>
                {
                    self.element_values(&m.obj, seen, found, depth + 1)?
                }
                Expr::Member(m) if member_name(&m.prop) == Some("concat") => {
                    self.element_values(&m.obj, seen, found, depth + 1)?;
                    for a in args {
                        self.element_values(&a.expr, seen, found, depth + 1)?;
                    }
                }
                _ => return Err(at),
            },
            // `options.hooks` of a parameter `options`: the lists its objects are given.
            Expr::Member(m) if matches!(strip_parens(&m.obj), Expr::Ident(_)) && member_name(&m.prop).is_some() => {
                let key = member_name(&m.prop).unwrap_or_default();
                let mut objects = Vec::new();
                match self.object_values(&m.obj, &mut objects, depth + 1) {
                    Ok(()) => self.member_elements(&objects, key, &at, seen, found, depth + 1)?,
                    Err(_) => self.key_elements(key, seen, found, depth + 1)?,
                }
            }
            // `this.handlers` in a class whose instances stay where they are built: that
            // class's list, not every list the bundle keeps under the key.
            Expr::Member(m) if matches!(strip_parens(&m.obj), Expr::This(_)) && member_name(&m.prop).is_some() => {
                let key = member_name(&m.prop).unwrap_or_default();
                let mut of_class = Vec::new();
                match self.instance_list_elements(&at, key, seen, &mut of_class, depth + 1) {
                    Ok(()) => found.extend(of_class),
                    Err(_) => self.key_elements(key, seen, found, depth + 1)?,
                }
            }
            Expr::Member(m) => match member_name(&m.prop) {
                Some(key) => self.key_elements(key, seen, found, depth + 1)?,
                None => return Err(at),
            },
            _ => return Err(at),
        }
        Ok(())
    }

    /// The functions that may be elements of `this.<key>` read at `at`, where
    /// `this` is an instance of the class around it whose instances are held
    /// only under keys used as objects (`services.hooks.run(…)`).
    fn instance_list_elements(
        &self,
        at: &std::ops::Range<usize>,
        key: &str,
        seen: &mut Vec<String>,
        found: &mut Vec<&'r FnInfo<'a>>,
        depth: usize,
    ) -> Result<(), std::ops::Range<usize>> {
        let index = self.index;
        index.classes_unrelated_to_this_at(at).ok_or_else(|| at.clone())?;
        let class = index
            .classes
            .iter()
            .filter(|c| within(at, &c.range))
            .max_by_key(|c| c.range.start)
            .ok_or_else(|| at.clone())?;
        let names = index.class_names(class);
        if names.is_empty() {
            return Err(at.clone());
        }
        for name in &names {
            index.lookups.mention(name, crate::anchors::resolve::Mention::Token);
        }
        index.lookups.mention(key, crate::anchors::resolve::Mention::Name);
        let holders = crate::proof::escape::instance_holders(index.program, &class.range, &names)?;
        for h in &holders {
            index.lookups.mention(h, crate::anchors::resolve::Mention::Name);
        }
        // A holder's key read as a value hands an instance on, unless what it is read
        // on is only ever object literals that give the key no instance (`options.hooks`
        // beside `services.hooks`).
        let mut not_instances = Vec::new();
        for h in &holders {
            let literal = crate::proof::escape::literal_props(index.program, h);
            for e in crate::proof::escape::list_uses(index.program, h).escapes {
                let read = super::inert::value_at(index.program, &e).ok_or_else(|| e.clone())?;
                let Expr::Member(m) = crate::anchors::pattern::strip_parens(&read) else { return Err(e) };
                let mut objects = Vec::new();
                self.object_values(&m.obj, &mut objects, 0).map_err(|_| e.clone())?;
                let instance = literal.values.iter().filter(|(o, _)| objects.contains(o)).any(|(_, v)| {
                    super::inert::value_at(index.program, v).is_none_or(|v| {
                        matches!(crate::anchors::pattern::strip_parens(&v), Expr::New(n)
                            if matches!(crate::anchors::pattern::strip_parens(&n.callee),
                                Expr::Ident(id) if names.contains(&&*id.sym)))
                    })
                });
                if instance || literal.spreads.iter().any(|(o, _)| objects.contains(o)) {
                    return Err(e);
                }
                not_instances.push(e);
            }
        }
        let list = crate::proof::escape::instance_list(index.program, &class.range, &holders, &not_instances, key)?;
        self.list_contents(&list.values, &list.added, seen, found, depth)
    }

    /// The functions in a list given the lists at `values` and the elements at `added`.
    fn list_contents(
        &self,
        values: &[std::ops::Range<usize>],
        added: &[std::ops::Range<usize>],
        seen: &mut Vec<String>,
        found: &mut Vec<&'r FnInfo<'a>>,
        depth: usize,
    ) -> Result<(), std::ops::Range<usize>> {
        let program = self.index.program;
        for v in values {
            let value = super::inert::value_at(program, v).ok_or_else(|| v.clone())?;
            self.element_values(&value, seen, found, depth + 1)?;
        }
        for v in added {
            let value = super::inert::value_at(program, v).ok_or_else(|| v.clone())?;
            self.function_values(&value, seen, found, depth + 1)?;
        }
        Ok(())
    }

    fn key_elements(
        &self,
        key: &str,
        seen: &mut Vec<String>,
        found: &mut Vec<&'r FnInfo<'a>>,
        depth: usize,
    ) -> Result<(), std::ops::Range<usize>> {
        let mark = format!("[]{key}");
        if seen.contains(&mark) {
            return Ok(());
        }
        seen.push(mark);
        self.elements_of_key(key, seen, found, depth)
    }

    /// The object literals a parameter (or a literal) may be: its default and
    /// what each caller passes, through `??`, `||`, `?:`. Err where one is
    /// anything else.
    fn object_values(
        &self,
        value: &Expr,
        out: &mut Vec<std::ops::Range<usize>>,
        depth: usize,
    ) -> Result<(), std::ops::Range<usize>> {
        use crate::anchors::pattern::strip_parens;
        let value = strip_parens(value);
        let at = crate::read::parse::range(value);
        if depth > 12 {
            return Err(at);
        }
        match value {
            Expr::Object(_) => out.push(at),
            Expr::Bin(b) if matches!(b.op, BinaryOp::LogicalOr | BinaryOp::NullishCoalescing) => {
                self.object_values(&b.left, out, depth + 1)?;
                self.object_values(&b.right, out, depth + 1)?;
            }
            Expr::Cond(c) => {
                self.object_values(&c.cons, out, depth + 1)?;
                self.object_values(&c.alt, out, depth + 1)?;
            }
            Expr::Lit(Lit::Null(_)) => {}
            Expr::Ident(id) if &*id.sym == "undefined" => {}
            Expr::Ident(id) => {
                for value in self.passed_to(&id.sym, &at)? {
                    self.object_values(value, out, depth + 1)?;
                }
            }
            _ => return Err(at),
        }
        Ok(())
    }

    /// The functions that may be elements of the list under `key` on the
    /// object literals `objects` (read at `from`): what those literals give
    /// the key, what any other write gives it, and what is added to such a
    /// list anywhere. Err where a list under the key is handed on elsewhere.
    fn member_elements(
        &self,
        objects: &[std::ops::Range<usize>],
        key: &str,
        from: &std::ops::Range<usize>,
        seen: &mut Vec<String>,
        found: &mut Vec<&'r FnInfo<'a>>,
        depth: usize,
    ) -> Result<(), std::ops::Range<usize>> {
        let program = self.index.program;
        self.index.lookups.mention(key, crate::anchors::resolve::Mention::Name);
        let literal = crate::proof::escape::literal_props(program, key);
        for object in objects {
            if let Some(spread) = literal.spreads.iter().find(|(o, _)| o == object) {
                return Err(spread.1.clone());
            }
            for (_, v) in literal.values.iter().filter(|(o, _)| o == object) {
                let value = super::inert::value_at(program, v).ok_or_else(|| v.clone())?;
                self.element_values(&value, seen, found, depth + 1)?;
            }
        }
        // Every other write of the key: a member assignment, a reflective write.
        let in_literals: Vec<&std::ops::Range<usize>> = literal.values.iter().map(|(_, v)| v).collect();
        let mut values = crate::anchors::resolve::flow::values_of_key(self.index, key)?;
        values.retain(|v| !in_literals.contains(&v));
        let uses = crate::proof::escape::list_uses(program, key);
        if let Some(at) = uses.escapes.iter().find(|at| *at != from) {
            return Err(at.clone());
        }
        self.list_contents(&values, &uses.added, seen, found, depth)
    }

    /// The functions that may be elements of a list held under `key` on any
    /// object: every value the bundle gives the key, and every function added
    /// to such a list (`x.<key>.push(f)`, `x.<key>[i] = f`); Err where such a
    /// list is handed on as a value (it could be added to unseen).
    fn elements_of_key(
        &self,
        key: &str,
        seen: &mut Vec<String>,
        found: &mut Vec<&'r FnInfo<'a>>,
        depth: usize,
    ) -> Result<(), std::ops::Range<usize>> {
        let values = crate::anchors::resolve::flow::values_of_key(self.index, key)?;
        self.index.lookups.mention(key, crate::anchors::resolve::Mention::Name);
        let uses = crate::proof::escape::list_uses(self.index.program, key);
        if let Some(at) = uses.escapes.first() {
            return Err(at.clone());
        }
        self.list_contents(&values, &uses.added, seen, found, depth)
    }

    /// Where `run` first calls, by name or by key, a function that calls the drain.
    fn first_drain_call(&self, run: &FnInfo<'a>) -> Option<usize> {
        struct Calls(Vec<(usize, Option<String>, Option<String>)>);
        impl swc_ecma_visit::Visit for Calls {
            fn visit_call_expr(&mut self, call: &CallExpr) {
                if let Callee::Expr(c) = &call.callee {
                    let at = crate::read::parse::range(call).start;
                    match crate::anchors::pattern::strip_parens(c) {
                        Expr::Ident(id) => self.0.push((at, Some(id.sym.to_string()), None)),
                        Expr::Member(m) => {
                            self.0.push((at, None, crate::anchors::pattern::member_name(&m.prop).map(str::to_string)))
                        }
                        _ => {}
                    }
                }
                swc_ecma_visit::VisitWith::visit_children_with(call, self);
            }
            // A nested function's calls run when it is called, not in order here.
            fn visit_function(&mut self, _: &Function) {}
            fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
        }
        let mut calls = Calls(Vec::new());
        match run.node {
            crate::read::scope::FnNode::Function(func) => swc_ecma_visit::VisitWith::visit_with(&func.body, &mut calls),
            crate::read::scope::FnNode::Arrow(a) => swc_ecma_visit::VisitWith::visit_with(&a.body, &mut calls),
            crate::read::scope::FnNode::Constructor(_) => return None,
        }
        let locals = crate::read::scope::declared_by(run.node);
        calls.0.sort_by_key(|c| c.0);
        calls.0.into_iter().find_map(|(at, name, key)| {
            let reaches = match (name, key) {
                (Some(n), _) if !locals.contains(&n) => {
                    self.index.top_function_info(&n).is_some_and(|g| g.range != run.range && self.calls_the_drain(g))
                }
                (_, Some(k)) => self.of_key(&k).is_ok_and(|gs| {
                    !gs.is_empty() && gs.iter().all(|g| g.range != run.range && self.calls_the_drain(g))
                }),
                _ => false,
            };
            reaches.then_some(at)
        })
    }

    /// Whether `f` is the drain or calls it: by its name, or a method drain by
    /// its key (`hooks.drain(e)`): a function the run reaches.
    fn calls_the_drain(&self, f: &FnInfo<'a>) -> bool {
        use crate::anchors::resolve::within;
        /// The names a function calls, with each call's place, and the keys it calls by.
        #[derive(Default)]
        struct Calls(Vec<(String, std::ops::Range<usize>)>, Vec<String>);
        impl swc_ecma_visit::Visit for Calls {
            fn visit_call_expr(&mut self, call: &CallExpr) {
                if let Callee::Expr(c) = &call.callee {
                    match crate::anchors::pattern::strip_parens(c) {
                        Expr::Ident(id) => self.0.push((id.sym.to_string(), crate::read::parse::range(call))),
                        Expr::Member(m) => {
                            self.1.extend(crate::anchors::pattern::member_name(&m.prop).map(str::to_string))
                        }
                        _ => {}
                    }
                }
                swc_ecma_visit::VisitWith::visit_children_with(call, self);
            }
        }
        if self.drains.iter().any(|d| within(&f.range, d)) {
            return true;
        }
        let in_drain = |at: &std::ops::Range<usize>| self.drains.iter().any(|d| within(at, d));
        let keys: Vec<&str> =
            self.drains.iter().filter_map(|d| self.index.function_at(d)).filter_map(|d| d.key).collect();
        let mut calls = Calls::default();
        f.node.visit(&mut calls);
        if calls.1.iter().any(|k| keys.contains(&k.as_str())) {
            return true;
        }
        calls.0.iter().any(|(name, at)| match self.index.top_function(name) {
            Some(bound) if !bound.is_empty() => in_drain(bound),
            // A name bound to a value (`drain = createSteeringDrain(…)`): the functions it holds.
            _ => {
                let init = self.index.top_values.iter().find(|(n, _)| n == name).map(|(_, init)| *init);
                let mut held = Vec::new();
                init.is_some_and(|init| {
                    !self.index.locals_around(at).contains(name)
                        && self.function_values(init, &mut Vec::new(), &mut held, 0).is_ok()
                        && held.iter().any(|g| in_drain(&g.range))
                })
            }
        })
    }

    /// The calls a function returning the child at `site` returns it to: every
    /// call spelled with its name (a method's by its key, on any object),
    /// followed on while a caller returns it too. Err where the function has
    /// no name, is taken as a value (called where no call shows), or the
    /// chain is too long to follow.
    fn returned_to(
        &self,
        program: &'a Program,
        f: &FnInfo<'a>,
        site: &std::ops::Range<usize>,
        depth: u8,
    ) -> Result<Vec<(&'r crate::anchors::resolve::FnInfo<'a>, std::ops::Range<usize>)>, String> {
        if depth > 2 {
            return Err("it is returned on through too many functions".into());
        }
        let Some(name) = crate::proof::account::roots::called_as(self.index, f) else {
            // A callback whose returns an array method collects (`inputs.map((i) => new X(…))`):
            // the children are that call's result, in the function around it.
            let outer = self.index.enclosing_function(&f.range);
            let collected = outer.and_then(|o| collecting_call(o, &f.range).map(|call| (o, call)));
            let (outer, call) = collected
                .ok_or_else(|| format!("the function around byte {} has no name to find its calls by", site.start))?;
            let mut out = Vec::new();
            if crate::proof::slice::returns_construction(outer, &call, bound_to(outer, &call).as_deref()) {
                out.extend(self.returned_to(program, outer, &call, depth + 1)?);
            }
            out.push((outer, call));
            return Ok(out);
        };
        self.index.lookups.mention(&name, crate::anchors::resolve::Mention::Token);
        let uses = crate::proof::account::query::name_uses(program, &name);
        if let Some(at) = uses.values.first() {
            return Err(format!("`{name}` is taken as a value at byte {}, so its callers are not all seen", at.start));
        }
        let mut out = Vec::new();
        for call in uses.calls {
            let caller = self
                .index
                .enclosing_function(&call)
                .ok_or_else(|| format!("`{name}` is called at top level (byte {})", call.start))?;
            if crate::proof::slice::returns_construction(caller, &call, bound_to(caller, &call).as_deref()) {
                out.extend(self.returned_to(program, caller, &call, depth + 1)?);
            }
            out.push((caller, call));
        }
        Ok(out)
    }
}

/// The call in `outer` that collects what the function at `callback` returns
/// into its own result: an array's `map` or `flatMap`, or `Array.from(x, f)`.
fn collecting_call(outer: &FnInfo, callback: &std::ops::Range<usize>) -> Option<std::ops::Range<usize>> {
    use crate::read::parse::range;
    use swc_ecma_visit::{Visit, VisitWith};
    struct Find<'c>(&'c std::ops::Range<usize>, Option<std::ops::Range<usize>>);
    impl Visit for Find<'_> {
        fn visit_call_expr(&mut self, call: &CallExpr) {
            let collects = match &call.callee {
                Callee::Expr(c) => match crate::anchors::pattern::strip_parens(c) {
                    Expr::Member(m) => {
                        matches!(crate::anchors::pattern::member_name(&m.prop), Some("map" | "flatMap" | "from"))
                    }
                    _ => false,
                },
                _ => false,
            };
            let holds = call.args.iter().any(|a| range(crate::anchors::pattern::strip_parens(&a.expr)) == *self.0);
            if collects && holds && self.1.is_none() {
                self.1 = Some(range(call));
            }
            call.visit_children_with(self);
        }
    }
    let mut find = Find(callback, None);
    outer.node.visit(&mut find);
    find.1
}

/// Whether a function reads nothing from outside itself: no `arguments`,
/// no free name, and `this` only in a counter of its own (`this.#ran++`).
fn reads_nothing_outside(index: &crate::anchors::resolve::Index, f: &FnInfo) -> bool {
    struct Find<'d, 'i, 'a> {
        index: &'i crate::anchors::resolve::Index<'a>,
        declared: &'d std::collections::HashSet<String>,
        ok: bool,
    }
    impl swc_ecma_visit::Visit for Find<'_, '_, '_> {
        fn visit_ident(&mut self, id: &Ident) {
            self.ok &= &*id.sym == "undefined" || self.declared.contains(&*id.sym);
        }
        fn visit_update_expr(&mut self, u: &UpdateExpr) {
            // `this.k++`: the counter is the function's object's own, holding a number,
            // where no accessor anywhere is bound to `k` (a setter would run code).
            if let Expr::Member(m) = crate::anchors::pattern::strip_parens(&u.arg) {
                let plain = match &m.prop {
                    // `#ran`: a private field, unless some class has a private accessor of that name.
                    MemberProp::PrivateName(p) => !self.index.classes.iter().any(|c| {
                        c.class.body.iter().any(|member| {
                            matches!(member,
                            ClassMember::PrivateMethod(pm) if pm.key.name == p.name && pm.kind != MethodKind::Method)
                        })
                    }),
                    prop => crate::anchors::pattern::member_name(prop)
                        .is_some_and(|k| crate::anchors::resolve::flow::values_counted(self.index, k).is_ok()),
                };
                if matches!(crate::anchors::pattern::strip_parens(&m.obj), Expr::This(_)) && plain {
                    return;
                }
            }
            swc_ecma_visit::VisitWith::visit_children_with(u, self);
        }
        fn visit_this_expr(&mut self, _: &ThisExpr) {
            self.ok = false;
        }
    }
    let declared: std::collections::HashSet<String> =
        crate::read::scope::declared_by(f.node).into_iter().map(|n| n.to_string()).collect();
    let mut find = Find { index, declared: &declared, ok: true };
    f.node.visit(&mut find);
    find.ok
}

/// What a call hands `this` to: a function by name, a key, a container's
/// adding method (`x.<key>.push(this)`, the container's key), or none of them.
enum Callee2 {
    Name(String),
    Key(String),
    Container(String),
    Other,
}

/// The calls in a constructor (arrows included, they share its `this`) that
/// pass `this` itself as an argument, with the argument's place.
fn this_handed(c: &Constructor) -> Vec<(std::ops::Range<usize>, Callee2, usize)> {
    struct Find(Vec<(std::ops::Range<usize>, Callee2, usize)>);
    impl swc_ecma_visit::Visit for Find {
        fn visit_function(&mut self, _: &Function) {}
        fn visit_class(&mut self, _: &Class) {}
        fn visit_call_expr(&mut self, call: &CallExpr) {
            use crate::anchors::pattern::{member_name, strip_parens};
            if let Some(i) = call.args.iter().position(|a| matches!(strip_parens(&a.expr), Expr::This(_))) {
                let arg = crate::proof::escape::argument_place(&call.args, i);
                let callee = match &call.callee {
                    Callee::Expr(e) => match strip_parens(e) {
                        Expr::Ident(id) => Callee2::Name(id.sym.to_string()),
                        Expr::Member(m) => match (member_name(&m.prop), strip_parens(&m.obj)) {
                            (Some(add), Expr::Member(own)) if crate::proof::escape::KEEPS.contains(&add) => {
                                member_name(&own.prop).map_or(Callee2::Other, |k| Callee2::Container(k.to_string()))
                            }
                            (Some(k), _) => Callee2::Key(k.to_string()),
                            (None, _) => Callee2::Other,
                        },
                        _ => Callee2::Other,
                    },
                    _ => Callee2::Other,
                };
                self.0.push((crate::read::parse::range(call), callee, arg));
            }
            swc_ecma_visit::VisitWith::visit_children_with(call, self);
        }
    }
    let mut find = Find(Vec::new());
    swc_ecma_visit::VisitWith::visit_with(&c.body, &mut find);
    find.0
}

/// A parameter's name where it is one (`x`, or `x = d`), and its default.
fn param_default(p: Option<&Pat>) -> (Option<&str>, Option<&Expr>) {
    match p {
        Some(Pat::Ident(id)) => (Some(&*id.id.sym), None),
        Some(Pat::Assign(a)) => match &*a.left {
            Pat::Ident(id) => (Some(&*id.id.sym), Some(&*a.right)),
            _ => (None, None),
        },
        _ => (None, None),
    }
}
