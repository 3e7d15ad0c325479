//! Judge escape: the rules of [`crate::proof::escape`] applied to the
//! world: delivery happens only in the drain, and construction is start.

use swc_ecma_ast::*;

use crate::anchors::resolve::{clip, FnInfo};
use crate::proof::account::judge::Tally;
use crate::proof::account::place::Place;
use crate::proof::account::query::{derived_reads, kept_besides_queue, param_binding, reads_of};
use crate::proof::account::world::World;
use crate::proof::site::bound_to;

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
                let kept = crate::proof::escape::kept_before_start(f, &at, child.as_deref())
                    .or_else(nowhere)
                    .or_else(|| self.kept_by_the_run(f, &at, child.as_deref()));
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
        reported
    }

    /// The function the child is handed to by name, where the bundle defines
    /// it: the proof replaces it as the run, so it must not keep the child
    /// (`return hold(child)`, `hold` storing it in a module's variable), nor
    /// must the functions it hands the child on to, followed a few steps (a
    /// function held in a local is not followed yet: r9-handoff-hook-list).
    fn kept_by_the_run(
        &self,
        f: &FnInfo<'a>,
        site: &std::ops::Range<usize>,
        child: Option<&str>,
    ) -> Option<(std::ops::Range<usize>, String)> {
        // The first step: a function by name, or every method of the bundle with the key.
        use crate::proof::escape::HandedOn;
        let plain = HandedOn::plain;
        let mut first: Vec<(HandedOn, &FnInfo<'a>)> = Vec::new();
        if let Some((name, arg)) = crate::proof::slice::handed_to_function(f, site, child) {
            // A local of that name (a parameter, a callback) is not the top-level function.
            if crate::read::scope::declared_by(f.node).contains(&name)
                || self.index.locals_around(&f.range).contains(&name)
            {
                return None;
            }
            // Not the bundle's own function (an import, a stub): nothing of it to read.
            let bound = self.index.top_function_info(&name)?;
            first.push((plain(name, arg), bound));
        } else if let Some((key, arg)) = crate::proof::slice::handed_to_method(f, site, child) {
            // `pool.park(id, child)`: the bundle's methods of that key say whether the child
            // is run now or kept; one the bundle does not define could do either.
            let Some(key) = key else {
                return Some((
                    site.clone(),
                    "is handed to a method chosen by a computed key, which may keep it".into(),
                ));
            };
            match self.of_key(&key) {
                Ok(bound) => first.extend(bound.into_iter().map(|b| (plain(key.clone(), arg), b))),
                Err(why) => return Some((site.clone(), format!("is handed to `.{key}(…)`, {why}"))),
            }
            // No method of that key: a function kept in a field or handed in
            // (`this.runExecution = runExecution`), taken for the run as before.
            // Following it there as a value is open work (issue 38).
            if first.is_empty() {
                return None;
            }
        } else {
            return None;
        }
        let mut next = first;
        let mut seen = Vec::new();
        for _ in 0..4 {
            let mut later = Vec::new();
            for (on, bound) in next {
                let run = match on.made {
                    false => bound,
                    true => match crate::proof::slice::returned_function(self.index, bound) {
                        Ok(made) => made,
                        Err(why) => {
                            return Some((site.clone(), format!("is handed to what `{}` returns, {why}", on.name)))
                        }
                    },
                };
                if seen.contains(&run.range) {
                    continue;
                }
                seen.push(run.range.clone());
                // The child reached the drain's caller: this is its run, started
                // (the other functions it is handed to are still read).
                if self.calls_the_drain(run) {
                    continue;
                }
                let handed = match on.made {
                    false => format!("is handed to `{}` (byte {}), which", on.name, run.range.start),
                    true => {
                        format!("is handed to the function `{}` returns (byte {}), which", on.name, run.range.start)
                    }
                };
                let param = match self.child_parameter(run, &on, &handed) {
                    Ok(Some(param)) => param,
                    Ok(None) => continue,
                    Err(why) => return Some((site.clone(), why)),
                };
                let read = self.read_by(run);
                match crate::proof::escape::kept_by_callee(run, &param, &on, read) {
                    Ok(more) => {
                        let locals = crate::read::scope::declared_by(run.node);
                        for h in more.into_iter().filter(|h| h.by_key || !locals.contains(&h.name)) {
                            if h.by_key {
                                match self.called_by_key(&h, &handed) {
                                    Ok(of_key) => later.extend(of_key.into_iter().map(|b| (h.clone(), b))),
                                    Err(why) => return Some((site.clone(), why)),
                                }
                            } else if let Some(b) = self.index.top_function_info(&h.name) {
                                later.push((h, b));
                            }
                        }
                    }
                    Err((kept, how)) => return Some((kept, format!("{handed} {how}"))),
                }
            }
            if later.is_empty() {
                return None;
            }
            next = later;
        }
        Some((site.clone(), "is handed on through too many functions to follow".into()))
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
        match params.get(on.arg) {
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
    fn read_by(&self, run: &FnInfo<'a>) -> &std::collections::BTreeSet<String> {
        let is_turn = self.turns.iter().any(|t| {
            self.index.function_at(t).or_else(|| self.index.enclosing_function(t)).is_some_and(|e| e.range == run.range)
        });
        match is_turn {
            true => &self.drain_fields,
            false => &self.fields,
        }
    }

    /// The functions a hand-off by key (`o.key(child)`) may run, or why it
    /// cannot be followed; `handed` says where the child got there.
    fn called_by_key(&self, h: &crate::proof::escape::HandedOn, handed: &str) -> Result<Vec<&FnInfo<'a>>, String> {
        let mut of_key = self.of_key(&h.name).map_err(|why| format!("{handed} hands it to `.{}(…)`, {why}", h.name))?;
        // `this.key(…)` in a class's own code: a method of an unrelated class is not the one called.
        if let Some(unrelated) = h.on_this.as_ref().and_then(|at| self.index.classes_unrelated_to_this_at(at)) {
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
        let index: &'r crate::anchors::resolve::Index<'a> = self.index;
        let mut around: Vec<&'r FnInfo<'a>> = index
            .functions
            .iter()
            .filter(|f| crate::anchors::resolve::within(at, &f.range) && f.range != *at)
            .collect();
        around.sort_by_key(|f| std::cmp::Reverse(f.range.start));
        let f = around.into_iter().find(|f| crate::read::scope::declared_by(f.node).contains(name))?;
        let i = f.node.param_names().iter().position(|p| *p == Some(name))?;
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
        for args in callers.calls {
            if args.iter().take(i + 1).any(|a| a.spread.is_some()) {
                return Err(at);
            }
            if let Some(a) = args.get(i) {
                self.function_values(&a.expr, seen, found, depth + 1)?;
            }
        }
        Ok(())
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
            _ => self.parameter_values(name, at, seen, found, depth),
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
