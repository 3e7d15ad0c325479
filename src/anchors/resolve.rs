//! Resolve: evaluate the anchors against the parsed bundle, producing byte
//! ranges and captured names. One walk indexes classes and functions and
//! collects every candidate of every expression anchor.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::anchor::{Anchor, AnchorSet, ConfigRule, Count, Shape};
use crate::anchors::pattern::{prop_name, strip_parens, Captures, Matcher, Pattern};
use crate::read::parse::range;
use crate::read::scope::FnNode;

/// Extends a visitor's borrow to the program's lifetime. Sound because every
/// node visited lives inside the `&'a Program` the index holds.
pub(crate) fn pin<'a, T: ?Sized>(node: &T) -> &'a T {
    unsafe { &*(node as *const T) }
}

pub struct FnInfo<'a> {
    pub range: Range<usize>,
    pub node: FnNode<'a>,
    pub name: Option<&'a str>,
}

pub struct ClassInfo<'a> {
    pub range: Range<usize>,
    pub name: Option<Range<usize>>,
    /// A class expression's own name (`class _C {…}`), in scope inside it.
    pub class_ident: Option<&'a str>,
    pub class: &'a Class,
}

pub struct Candidate<'a> {
    pub range: Range<usize>,
    pub captures: Captures,
    pub expr: &'a Expr,
}

/// What resolving (and slicing) looked up beyond the statement at hand: the
/// prefilter parses every statement that could answer it differently.
#[derive(Default)]
pub struct Lookups {
    /// Texts compared with the source's: a `same` capture (constructions of
    /// the execution class) or a config helper's name, and where they matter.
    pub mentioned: RefCell<BTreeSet<(String, Mention)>>,
    /// Names whose top-level binding the slicer looked up.
    pub top_level: RefCell<BTreeSet<String>>,
}

/// Where a looked-up text can matter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mention {
    /// Anywhere it is a token.
    Token,
    /// Right after `new`: what a construction builds.
    Constructed,
    /// Where a function gets it as its name: `function NAME`, `NAME = …`.
    Named,
    /// As a whole initialiser, `… = NAME` (an alias `var C = NAME`).
    Aliased,
    /// Anywhere it is spelled, inside a longer name or string or with escapes.
    Spelled,
    /// As a whole token, or as the whole of a string (a computed key).
    Name,
    /// Where it may refer to the top-level binding of that name: not as a
    /// property, key or member name, nor bound by a nested declaration
    /// (`refer::free_names` decides, from the tokens).
    Reference,
}

impl Lookups {
    pub fn mention(&self, text: &str, how: Mention) {
        let key = (text.to_string(), how);
        if !self.mentioned.borrow().contains(&key) {
            self.mentioned.borrow_mut().insert(key);
        }
    }

    pub fn top_level(&self, name: &str) {
        if !self.top_level.borrow().contains(name) {
            self.top_level.borrow_mut().insert(name.to_string());
        }
    }
}

pub struct Index<'a> {
    pub source: &'a str,
    pub lookups: &'a Lookups,
    pub classes: Vec<ClassInfo<'a>>,
    pub functions: Vec<FnInfo<'a>>,
    /// Candidates per anchor, for anchors of expression shape.
    candidates: BTreeMap<String, Vec<Candidate<'a>>>,
    /// String literals containing each `has-string` text.
    strings: BTreeMap<String, Vec<Range<usize>>>,
    /// Top-level `var A = B` bindings (esbuild's `keepNames` writes every
    /// class as `var _C = class _C {…}; var C = _C;`): alias -> name.
    pub aliases: Vec<(&'a str, &'a str)>,
    /// A class expression's own name (`var C = class _C {…}`), the name it is
    /// bound to, and the class's span: inside it, the own name is the class.
    pub inner_names: Vec<(&'a str, &'a str, Range<usize>)>,
    /// Top-level bindings of functions (`function f(){}`, `var f = function/arrow`),
    /// and any other top-level binding of the same names (as an empty range).
    pub top_functions: Vec<(&'a str, Range<usize>)>,
}

/// The expression patterns that can match a node of one kind, in anchor order
/// and, within an anchor, in pattern order.
/// The index at which the items' byte spans cross the middle of their total.
fn half<T: swc_common::Spanned>(items: &[T]) -> usize {
    let (Some(first), Some(last)) = (items.first(), items.last()) else { return 0 };
    let middle = (range(first).start + range(last).end) / 2;
    items.iter().position(|i| range(i).end > middle).unwrap_or(items.len())
}

/// Walks the first half of `items` on a thread of its own (with the parser's
/// stack: the tree is as deep here) and the second half on this one.
fn walk_halves<'a, 'p, T>(items: &'a [T], make: impl Fn() -> Walker<'a, 'p> + Sync) -> (Walker<'a, 'p>, Walker<'a, 'p>)
where
    T: VisitWith<Walker<'a, 'p>> + Sync + swc_common::Spanned,
    Walker<'a, 'p>: Send,
{
    let at = half(items);
    let walk = |part: &'a [T]| {
        let mut walker = make();
        for item in part {
            item.visit_with(&mut walker);
        }
        walker
    };
    std::thread::scope(|scope| {
        let first = std::thread::Builder::new()
            .name("walk".into())
            .stack_size(crate::read::parse::PARSER_STACK)
            .spawn_scoped(scope, || walk(&items[..at]))
            .expect("spawn walker thread");
        let second = walk(&items[at..]);
        (first.join().unwrap_or_else(|e| std::panic::resume_unwind(e)), second)
    })
}

/// A pattern and the index of the anchor it belongs to.
type Indexed<'p> = (usize, &'p Pattern);

struct KindTable<'p> {
    by_kind: Vec<(std::mem::Discriminant<Expr>, Vec<Indexed<'p>>)>,
    /// For a node of a kind no pattern fixes: only the kindless patterns.
    kindless: Vec<Indexed<'p>>,
}

impl<'p> KindTable<'p> {
    fn new(anchors: &[(&'p str, &'p [Pattern])]) -> KindTable<'p> {
        let all: Vec<Indexed<'p>> =
            anchors.iter().enumerate().flat_map(|(i, (_, patterns))| patterns.iter().map(move |p| (i, p))).collect();
        let mut kinds: Vec<std::mem::Discriminant<Expr>> = Vec::new();
        for (_, p) in &all {
            if let Some(k) = p.kind() {
                if !kinds.contains(&k) {
                    kinds.push(k);
                }
            }
        }
        let by_kind = kinds
            .into_iter()
            .map(|k| (k, all.iter().copied().filter(|(_, p)| p.kind().is_none_or(|pk| pk == k)).collect()))
            .collect();
        let kindless = all.iter().copied().filter(|(_, p)| p.kind().is_none()).collect();
        KindTable { by_kind, kindless }
    }

    fn for_node(&self, node: &Expr) -> &[Indexed<'p>] {
        let kind = std::mem::discriminant(strip_parens(node));
        self.by_kind.iter().find(|(k, _)| *k == kind).map_or(&self.kindless, |(_, list)| list)
    }
}

struct Walker<'a, 'p> {
    matcher: Matcher<'a>,
    anchors: Vec<(&'p str, &'p [Pattern])>,
    table: KindTable<'p>,
    classes: Vec<ClassInfo<'a>>,
    functions: Vec<FnInfo<'a>>,
    candidates: BTreeMap<String, Vec<Candidate<'a>>>,
    /// Texts searched for in string and template literals (cooked, so an
    /// esbuild line continuation inside a string does not hide them).
    needles: Vec<&'p str>,
    strings: Vec<(usize, Range<usize>)>,
    /// `NAME = <class|function>`: the initializer's range, NAME's range and text.
    pending_name: Option<(Range<usize>, Range<usize>, &'a str)>,
}

impl<'a, 'p> Walker<'a, 'p> {
    fn function(&mut self, range: Range<usize>, node: FnNode<'a>, name: Option<&'a str>) {
        self.functions.push(FnInfo { range, node, name });
    }

    fn take_name(&mut self, at: &Range<usize>) -> Option<(Range<usize>, &'a str)> {
        match &self.pending_name {
            Some((init, _, _)) if init == at => self.pending_name.take().map(|(_, r, n)| (r, n)),
            _ => None,
        }
    }

    fn name_next(&mut self, init: &Expr, id: &Ident) {
        let init = strip_parens(init);
        if matches!(init, Expr::Class(_) | Expr::Fn(_) | Expr::Arrow(_)) {
            self.pending_name = Some((range(init), range(id), pin::<str>(ident_name(id))));
        }
    }
}

fn ident_name(id: &Ident) -> &str {
    &id.sym
}

impl<'a, 'p> Visit for Walker<'a, 'p> {
    fn visit_var_declarator(&mut self, node: &VarDeclarator) {
        if let (Pat::Ident(id), Some(init)) = (&node.name, &node.init) {
            self.name_next(init, &id.id);
        }
        node.visit_children_with(self);
    }

    fn visit_assign_expr(&mut self, node: &AssignExpr) {
        if let AssignTarget::Simple(SimpleAssignTarget::Ident(id)) = &node.left {
            self.name_next(&node.right, &id.id);
        }
        node.visit_children_with(self);
    }

    fn visit_class_decl(&mut self, node: &ClassDecl) {
        self.classes.push(ClassInfo {
            range: range(&*node.class),
            name: Some(range(&node.ident)),
            class_ident: None,
            class: pin(&*node.class),
        });
        node.class.visit_with(self);
    }

    fn visit_class_expr(&mut self, node: &ClassExpr) {
        let binding = self.take_name(&range(node)).map(|(r, _)| r).or_else(|| node.ident.as_ref().map(range));
        let class_ident = node.ident.as_ref().map(|i| pin::<str>(ident_name(i)));
        self.classes.push(ClassInfo {
            range: range(&*node.class),
            name: binding,
            class_ident,
            class: pin(&*node.class),
        });
        node.class.visit_with(self);
    }

    fn visit_fn_decl(&mut self, node: &FnDecl) {
        self.pending_name = Some((range(&*node.function), range(&node.ident), pin::<str>(ident_name(&node.ident))));
        node.function.visit_with(self);
    }

    /// Every function: declarations, expressions, methods, getters and setters.
    fn visit_function(&mut self, node: &Function) {
        let at = range(node);
        let name = self.take_name(&at).map(|(_, n)| n);
        self.function(at, FnNode::Function(pin(node)), name);
        node.visit_children_with(self);
    }

    fn visit_arrow_expr(&mut self, node: &ArrowExpr) {
        let name = self.take_name(&range(node)).map(|(_, n)| n);
        self.function(range(node), FnNode::Arrow(pin(node)), name);
        node.visit_children_with(self);
    }

    fn visit_constructor(&mut self, node: &Constructor) {
        self.function(range(node), FnNode::Constructor(pin(node)), None);
        node.visit_children_with(self);
    }

    fn visit_str(&mut self, node: &Str) {
        if let Some(value) = node.value.as_str() {
            for (i, needle) in self.needles.iter().enumerate() {
                if value.contains(needle) {
                    self.strings.push((i, range(node)));
                }
            }
        }
    }

    fn visit_tpl_element(&mut self, node: &TplElement) {
        let value = node.cooked.as_ref().and_then(|c| c.as_str()).unwrap_or(&node.raw);
        for (i, needle) in self.needles.iter().enumerate() {
            if value.contains(needle) {
                self.strings.push((i, range(node)));
            }
        }
    }

    fn visit_expr(&mut self, node: &Expr) {
        // Only the patterns whose kind the node has; an anchor takes its first matching pattern.
        let mut matched: Option<usize> = None;
        for &(anchor, pattern) in self.table.for_node(node) {
            if matched == Some(anchor) {
                continue;
            }
            let mut captures = Captures::new();
            if self.matcher.match_pattern(pattern, node, &mut captures) {
                matched = Some(anchor);
                self.candidates.entry(self.anchors[anchor].0.to_string()).or_default().push(Candidate {
                    range: range(node),
                    captures,
                    expr: pin(node),
                });
            }
        }
        node.visit_children_with(self);
    }
}

/// Every top-level binding of a name: a function's span, or an empty range
/// for anything else (so a name bound twice is seen as such).
fn top_level_functions(program: &Program) -> Vec<(&str, Range<usize>)> {
    let decls: Vec<&Decl> = match program {
        Program::Script(s) => {
            s.body.iter().filter_map(|st| if let Stmt::Decl(d) = st { Some(d) } else { None }).collect()
        }
        Program::Module(m) => m
            .body
            .iter()
            .filter_map(|i| match i {
                ModuleItem::Stmt(Stmt::Decl(d)) => Some(d),
                ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(e)) => Some(&e.decl),
                _ => None,
            })
            .collect(),
    };
    let mut out = Vec::new();
    for decl in decls {
        match decl {
            Decl::Fn(f) => out.push((ident_name(&f.ident), range(&*f.function))),
            Decl::Class(c) => out.push((ident_name(&c.ident), 0..0)),
            Decl::Var(var) => {
                for d in &var.decls {
                    if let Pat::Ident(id) = &d.name {
                        let at = match d.init.as_deref().map(strip_parens) {
                            Some(Expr::Fn(f)) => range(&*f.function),
                            Some(Expr::Arrow(a)) => range(a),
                            _ => 0..0,
                        };
                        out.push((ident_name(&id.id), at));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The program's top-level statements (a module's, less its import and export declarations).
pub fn top_statements(program: &Program) -> Vec<&Stmt> {
    match program {
        Program::Script(s) => s.body.iter().collect(),
        Program::Module(m) => m
            .body
            .iter()
            .filter_map(|i| match i {
                ModuleItem::Stmt(s) => Some(s),
                _ => None,
            })
            .collect(),
    }
}

fn top_level_aliases(program: &Program) -> Vec<(&str, &str)> {
    let stmts = top_statements(program);
    let mut out = Vec::new();
    for stmt in stmts {
        let Stmt::Decl(Decl::Var(var)) = stmt else { continue };
        for d in &var.decls {
            if let (Pat::Ident(alias), Some(init)) = (&d.name, &d.init) {
                if let Expr::Ident(name) = strip_parens(init) {
                    out.push((ident_name(&alias.id), ident_name(name)));
                }
            }
        }
    }
    out
}

impl<'a> Index<'a> {
    /// Whether `name` is `of`, or a top-level alias of it (a few steps at most).
    pub fn names_same(&self, name: &str, of: &str) -> bool {
        let mut at = name;
        for _ in 0..4 {
            if at == of {
                return true;
            }
            match self.aliases.iter().find(|(alias, _)| *alias == at) {
                Some((_, next)) => at = next,
                None => return false,
            }
        }
        false
    }

    /// `names_same`, where a class's own name counts inside its body (`at`).
    pub fn names_same_at(&self, name: &str, of: &str, at: &Range<usize>) -> bool {
        self.names_same(name, of)
            || self
                .inner_names
                .iter()
                .any(|(inner, binding, class)| *inner == name && self.names_same(binding, of) && within(at, class))
    }

    /// The top-level aliases of `name`.
    pub fn aliases_of(&self, name: &str) -> Vec<&'a str> {
        self.aliases
            .iter()
            .filter(|(alias, _)| *alias != name && self.names_same(alias, name))
            .map(|(alias, _)| *alias)
            .collect()
    }

    /// Records what the prefilter must parse for `same` to compare `wanted`
    /// fairly: where it (or an alias of it) is constructed, and where an
    /// alias `var C = wanted` may be declared.
    fn look_for_class(&self, wanted: &str, how: Mention) {
        for name in std::iter::once(wanted).chain(self.aliases_of(wanted)) {
            self.lookups.mention(name, how);
            self.lookups.mention(name, Mention::Aliased);
        }
    }

    pub fn build(source: &'a str, program: &'a Program, anchors: &AnchorSet, lookups: &'a Lookups) -> Index<'a> {
        let expr_anchors: Vec<(&str, &[Pattern])> = anchors
            .anchors
            .iter()
            .filter_map(|a| match &a.shape {
                Shape::Expr { patterns } => Some((a.id.as_str(), patterns.as_slice())),
                Shape::Function { has, .. } if !has.is_empty() => Some((a.id.as_str(), has.as_slice())),
                _ => None,
            })
            .collect();
        let needles: Vec<&str> = anchors
            .anchors
            .iter()
            .filter_map(|a| match &a.shape {
                Shape::Function { has_string: Some(has_string), .. } => Some(has_string.as_str()),
                _ => None,
            })
            .collect();
        let make = || Walker {
            matcher: Matcher::new(source),
            table: KindTable::new(&expr_anchors),
            anchors: expr_anchors.clone(),
            needles: needles.clone(),
            strings: Vec::new(),
            classes: Vec::new(),
            functions: Vec::new(),
            candidates: BTreeMap::new(),
            pending_name: None,
        };
        // Two halves of the top-level statements, walked on two cores and
        // merged in document order.
        let (first, second) = match program {
            Program::Script(script) => walk_halves(&script.body, make),
            Program::Module(module) => walk_halves(&module.body, make),
        };
        let mut walker = first;
        walker.classes.extend(second.classes);
        walker.functions.extend(second.functions);
        walker.strings.extend(second.strings);
        for (id, list) in second.candidates {
            walker.candidates.entry(id).or_default().extend(list);
        }
        let mut strings: BTreeMap<String, Vec<Range<usize>>> = BTreeMap::new();
        for (i, at) in walker.strings {
            strings.entry(needles[i].to_string()).or_default().push(at);
        }
        let inner_names = walker
            .classes
            .iter()
            .filter_map(|c| {
                let binding = &source[c.name.clone()?];
                let inner = c.class_ident?;
                (inner != binding).then(|| (inner, binding, c.range.clone()))
            })
            .collect();
        Index {
            source,
            lookups,
            classes: walker.classes,
            functions: walker.functions,
            candidates: walker.candidates,
            strings,
            aliases: top_level_aliases(program),
            inner_names,
            top_functions: top_level_functions(program),
        }
    }

    /// The innermost function whose span holds `at`.
    pub fn enclosing_function(&self, at: &Range<usize>) -> Option<&FnInfo<'a>> {
        self.functions
            .iter()
            .filter(|f| f.range.start <= at.start && at.end <= f.range.end && f.range != *at)
            .max_by_key(|f| f.range.start)
    }

    /// The function at `at` and the module's own functions it calls by name
    /// (a top-level function bound to one name only), transitively: a drain
    /// split over a collector and a deliverer is one drain.
    pub fn with_callees(&self, at: &Range<usize>) -> Vec<Range<usize>> {
        let mut out = vec![at.clone()];
        let mut next = 0;
        while next < out.len() && out.len() < 8 {
            let Some(f) = self.function_at(&out[next]) else { break };
            next += 1;
            // Only a function the module binds at top level, once: the prefilter
            // parses exactly the statements whose top level may bind the name.
            for name in called_names(f).into_iter().filter(|n| !crate::read::scope::is_global(n)) {
                self.lookups.top_level(&name);
                let mut bound = self.top_functions.iter().filter(|(n, _)| *n == name.as_str());
                if let (Some((_, at)), None) = (bound.next(), bound.next()) {
                    if !out.contains(at) && self.function_at(at).is_some() {
                        out.push(at.clone());
                    }
                }
            }
        }
        out
    }

    /// A match inside a callee whose captures are all that callee's
    /// parameters stands, at each call of it from the other scopes, for the
    /// arguments passed there (data, not names: a minified builder names the
    /// drain's message otherwise). Followed until the match lies in `origin`;
    /// one that cannot be followed is kept as it is, so `agree` still judges it.
    pub fn follow_to_callers(&self, m: Match, origin: &[Range<usize>], scopes: &[Range<usize>]) -> Vec<Match> {
        let mut done = Vec::new();
        let mut work = vec![(m, 0)];
        while let Some((m, depth)) = work.pop() {
            if origin.iter().any(|o| within(&m.range, o)) || depth >= 8 {
                done.push(m);
                continue;
            }
            match self.callers_view(&m, scopes) {
                Some(next) if !next.is_empty() => work.extend(next.into_iter().map(|n| (n, depth + 1))),
                _ => done.push(m),
            }
        }
        done.sort_by_key(|m| m.range.start);
        done
    }

    /// `m` seen from each call of the innermost callee holding it, or None
    /// where a capture is not one of its plain parameters or an argument not a name.
    fn callers_view(&self, m: &Match, scopes: &[Range<usize>]) -> Option<Vec<Match>> {
        let callee = scopes.iter().filter(|s| within(&m.range, s)).min_by_key(|s| s.end - s.start)?;
        let name = self.top_functions.iter().find(|(_, at)| at == callee).map(|(n, _)| *n)?;
        let params = self.function_at(callee)?.node.param_names();
        let mut positions = Vec::new();
        for (key, at) in &m.captures {
            let text = self.text(at);
            positions.push((key.clone(), params.iter().position(|p| *p == Some(text))?));
        }
        let mut out = Vec::new();
        for scope in scopes.iter().filter(|s| *s != callee) {
            let mut named = NamedCalls::new(name, false);
            self.function_at(scope)?.node.visit(&mut named);
            for (call, args) in named.found {
                let mut captures = Captures::new();
                for (key, i) in &positions {
                    // SAFETY: the pointers are into `self.program`, alive for 'a.
                    let arg = range(unsafe { &**args.get(*i)? });
                    if !is_name(self.text(&arg)) {
                        return None;
                    }
                    captures.insert(key.clone(), arg);
                }
                out.push(Match { range: call, captures });
            }
        }
        Some(out)
    }

    pub fn function_at(&self, at: &Range<usize>) -> Option<&FnInfo<'a>> {
        self.functions.iter().find(|f| f.range == *at)
    }

    pub fn text(&self, at: &Range<usize>) -> &'a str {
        &self.source[at.clone()]
    }
}

#[derive(Clone, Debug)]
pub struct Match {
    pub range: Range<usize>,
    pub captures: Captures,
}

/// Why resolution stopped.
#[derive(Debug)]
pub enum Refusal {
    /// An anchor did not match as required.
    Drift { anchor: String, reason: String },
    /// A patch that is not ours is already in the bundle.
    Foreign { anchor: String, reason: String },
}

impl Refusal {
    pub fn anchor(&self) -> &str {
        match self {
            Refusal::Drift { anchor, .. } | Refusal::Foreign { anchor, .. } => anchor,
        }
    }
    pub fn reason(&self) -> &str {
        match self {
            Refusal::Drift { reason, .. } | Refusal::Foreign { reason, .. } => reason,
        }
    }
}

pub struct Resolution<'a> {
    pub index: Index<'a>,
    pub matches: BTreeMap<String, Vec<Match>>,
}

impl<'a> Resolution<'a> {
    pub fn get(&self, id: &str) -> &[Match] {
        self.matches.get(id).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The text of a capture that the anchor's matches agree on.
    pub fn capture(&self, id: &str, name: &str) -> Option<&'a str> {
        self.get(id).first().and_then(|m| m.captures.get(name)).map(|r| self.index.text(r))
    }
}

fn offsets(matches: &[Range<usize>]) -> String {
    let shown: Vec<String> = matches.iter().take(6).map(|r| format!("byte {}", r.start)).collect();
    let more = matches.len().saturating_sub(6);
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

pub fn resolve<'a>(
    source: &'a str,
    program: &'a Program,
    anchors: &AnchorSet,
    lookups: &'a Lookups,
) -> Result<Resolution<'a>, Refusal> {
    let index = Index::build(source, program, anchors, lookups);
    let mut resolution = Resolution { index, matches: BTreeMap::new() };
    for anchor in &anchors.anchors {
        let found = evaluate(&resolution, anchor)?;
        check_count(&resolution, anchor, &found)?;
        resolution.matches.insert(anchor.id.clone(), found);
    }
    Ok(resolution)
}

fn check_count(resolution: &Resolution, anchor: &Anchor, found: &[Match]) -> Result<(), Refusal> {
    if !anchor.count.accepts(found.len()) {
        let ranges: Vec<Range<usize>> = found.iter().map(|m| m.range.clone()).collect();
        let what = if found.is_empty() {
            "found none".to_string()
        } else {
            format!("found {} ({})", found.len(), offsets(&ranges))
        };
        let reason = format!("needs {} match(es) of: {}; {what}", anchor.count.describe(), anchor.about);
        return Err(if anchor.count == Count::Exactly(0) {
            Refusal::Foreign { anchor: anchor.id.clone(), reason: format!("{what}: {}", anchor.about) }
        } else {
            Refusal::Drift { anchor: anchor.id.clone(), reason }
        });
    }
    for name in &anchor.agree {
        let mut texts: Vec<&str> =
            found.iter().filter_map(|m| m.captures.get(name)).map(|r| resolution.index.text(r)).collect();
        texts.sort();
        texts.dedup();
        if texts.len() > 1 {
            let shown: Vec<String> = texts.iter().take(4).map(|t| format!("`{}`", clip(t))).collect();
            return Err(Refusal::Drift {
                anchor: anchor.id.clone(),
                reason: format!("its matches disagree on ${name}: {}", shown.join(" vs ")),
            });
        }
    }
    Ok(())
}

/// Whether `text` is one plain identifier.
pub fn is_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

pub fn clip(text: &str) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() > 80 {
        format!("{}…", flat.chars().take(80).collect::<String>())
    } else {
        flat
    }
}

pub fn within(inner: &Range<usize>, outer: &Range<usize>) -> bool {
    outer.start <= inner.start && inner.end <= outer.end
}

/// The method of `class` whose function holds `at`.
pub fn class_method<'c>(class: &'c Class, at: &Range<usize>) -> Option<&'c ClassMethod> {
    class.body.iter().find_map(|m| match m {
        ClassMember::Method(method) if within(at, &range(&*method.function)) => Some(method),
        _ => None,
    })
}

fn evaluate(resolution: &Resolution, anchor: &Anchor) -> Result<Vec<Match>, Refusal> {
    let index = &resolution.index;
    let mut found = match &anchor.shape {
        Shape::Class { method, method_has } => classes_with_method(index, method, method_has),
        Shape::Function { has_string, has } => {
            let mut spots: Vec<Range<usize>> =
                has_string.iter().flat_map(|h| index.strings.get(h).into_iter().flatten().cloned()).collect();
            if !has.is_empty() {
                spots.extend(index.candidates.get(&anchor.id).into_iter().flatten().map(|c| c.range.clone()));
            }
            enclosing_functions(index, &spots)
        }
        Shape::Expr { .. } => {
            let mut out = Vec::new();
            for candidate in index.candidates.get(&anchor.id).into_iter().flatten() {
                if let Some(m) = accept_candidate(resolution, anchor, candidate)? {
                    out.push(m);
                }
            }
            out
        }
    };
    if let Some(inside) = &anchor.inside {
        let scopes: Vec<Range<usize>> = resolution
            .get(inside)
            .iter()
            .filter_map(|m| {
                if anchor.inside_enclosing_function {
                    index.enclosing_function(&m.range).map(|f| f.range.clone())
                } else {
                    Some(m.range.clone())
                }
            })
            .collect();
        let origin = scopes.clone();
        let scopes: Vec<Range<usize>> =
            if anchor.inside_calls { scopes.iter().flat_map(|s| index.with_callees(s)).collect() } else { scopes };
        found.retain(|m| scopes.iter().any(|s| within(&m.range, s)));
        if anchor.follow_arguments {
            found = found.into_iter().flat_map(|m| index.follow_to_callers(m, &origin, &scopes)).collect();
        }
    }
    for outside in &anchor.not_inside {
        let scopes: Vec<Range<usize>> = resolution.get(outside).iter().map(|m| m.range.clone()).collect();
        found.retain(|m| !scopes.iter().any(|s| within(&m.range, s)));
    }
    Ok(found)
}

fn accept_candidate(resolution: &Resolution, anchor: &Anchor, candidate: &Candidate) -> Result<Option<Match>, Refusal> {
    let index = &resolution.index;
    for (var, other, capture) in &anchor.same {
        let Some(bound) = candidate.captures.get(var) else { return Ok(None) };
        let Some(wanted) = resolution.capture(other, capture) else { return Ok(None) };
        index.look_for_class(wanted, mention_of(anchor, var));
        if !index.names_same_at(index.text(bound), wanted, &candidate.range) {
            return Ok(None);
        }
    }
    let mut captures = candidate.captures.clone();
    if let Some(rule) = &anchor.config {
        let Expr::New(new) = strip_parens(candidate.expr) else { return Ok(None) };
        let Some(first) = new.args.as_ref().and_then(|a| a.first()) else {
            return Ok(matches!(rule, ConfigRule::Lacks(_)).then(|| Match { range: candidate.range.clone(), captures }));
        };
        let parts = config_parts(index, &first.expr, &candidate.range, 0);
        let ok = match rule {
            ConfigRule::Has(pattern) => {
                let prop = pattern.property().expect("checked at load");
                let matcher = Matcher::new(index.source);
                parts.iter().any(|part| match part {
                    ConfigPart::Object(object) => object.props.iter().any(|p| {
                        let mut trial = captures.clone();
                        let hit = matcher.key_value(prop, p, &mut trial);
                        if hit {
                            captures = trial;
                        }
                        hit
                    }),
                    ConfigPart::Unknown => false,
                })
            }
            ConfigRule::Lacks(key) => parts.iter().all(|part| match part {
                ConfigPart::Object(object) => !object.props.iter().any(|p| has_key(p, key)),
                ConfigPart::Unknown => false,
            }),
        };
        if !ok {
            return Ok(None);
        }
    }
    Ok(Some(Match { range: candidate.range.clone(), captures }))
}

/// Where the text bound to `var` can occur in a match of `anchor`.
fn mention_of(anchor: &Anchor, var: &str) -> Mention {
    match &anchor.shape {
        Shape::Expr { patterns } if patterns.iter().all(|p| p.only_constructed(var)) => Mention::Constructed,
        _ => Mention::Token,
    }
}

fn has_key(prop: &PropOrSpread, key: &str) -> bool {
    let PropOrSpread::Prop(prop) = prop else { return false };
    match &**prop {
        Prop::KeyValue(kv) => prop_name(&kv.key) == Some(key),
        Prop::Shorthand(id) => &*id.sym == key,
        Prop::Method(m) => prop_name(&m.key) == Some(key),
        Prop::Getter(g) => prop_name(&g.key) == Some(key),
        Prop::Setter(s) => prop_name(&s.key) == Some(key),
        Prop::Assign(a) => &*a.key.sym == key,
    }
}

pub enum ConfigPart<'a> {
    Object(&'a ObjectLit),
    Unknown,
}

/// The object literals a constructor argument is built from, following
/// spreads, a local binding, and a helper function's returned object (with
/// the helper's parameters standing for its call's arguments).
pub fn config_parts<'a>(index: &Index<'a>, expr: &'a Expr, site: &Range<usize>, depth: u8) -> Vec<ConfigPart<'a>> {
    config_parts_in(index, expr, site, depth, &[])
}

/// A helper's parameter, the argument its call passes, and where that call is.
pub type Bound<'a> = (String, &'a Expr, Range<usize>);

/// `config_parts` with a helper's parameters standing for one call's arguments.
pub fn config_parts_bound<'a>(
    index: &Index<'a>,
    expr: &'a Expr,
    site: &Range<usize>,
    env: &[Bound<'a>],
) -> Vec<ConfigPart<'a>> {
    config_parts_in(index, expr, site, 0, env)
}

fn config_parts_in<'a>(
    index: &Index<'a>,
    expr: &'a Expr,
    site: &Range<usize>,
    depth: u8,
    env: &[Bound<'a>],
) -> Vec<ConfigPart<'a>> {
    let expr = strip_parens(expr);
    if depth > 4 {
        return vec![ConfigPart::Unknown];
    }
    match expr {
        Expr::Object(object) => {
            let mut parts = vec![ConfigPart::Object(object)];
            for prop in &object.props {
                if let PropOrSpread::Spread(spread) = prop {
                    parts.extend(config_parts_in(index, &spread.expr, site, depth + 1, env));
                }
            }
            parts
        }
        Expr::Ident(id) => match local_binding(index, site, &id.sym) {
            Some(init) => config_parts_in(index, init, site, depth + 1, env),
            None => match env.iter().find(|(name, _, _)| *name == *id.sym) {
                Some((_, arg, at)) => config_parts_in(index, arg, at, depth + 1, &[]),
                None => vec![ConfigPart::Unknown],
            },
        },
        Expr::Call(call) => {
            let returned = match &call.callee {
                Callee::Expr(callee) => match strip_parens(callee) {
                    Expr::Ident(id) => helper_returns(index, &id.sym),
                    _ => None,
                },
                _ => None,
            };
            let Some((values, params)) = returned else { return vec![ConfigPart::Unknown] };
            let spread = call.args.iter().any(|a| a.spread.is_some());
            let env: Vec<Bound<'a>> = if spread {
                Vec::new()
            } else {
                params
                    .into_iter()
                    .zip(&call.args)
                    .filter_map(|(p, a)| p.map(|p| (p, pin::<Expr>(&*a.expr), site.clone())))
                    .collect()
            };
            values
                .into_iter()
                .flat_map(|v| {
                    let at = range(v);
                    config_parts_in(index, v, &at, depth + 1, &env)
                })
                .collect()
        }
        _ => vec![ConfigPart::Unknown],
    }
}

/// The initializer of the one `let/const/var NAME = …` in the function around `site`.
fn local_binding<'a>(index: &Index<'a>, site: &Range<usize>, name: &str) -> Option<&'a Expr> {
    let function = index.enclosing_function(site)?;
    struct Find<'n> {
        name: &'n str,
        found: Vec<*const Expr>,
        declared: usize,
    }
    impl Visit for Find<'_> {
        fn visit_var_declarator(&mut self, node: &VarDeclarator) {
            if let Pat::Ident(id) = &node.name {
                if &*id.id.sym == self.name {
                    self.declared += 1;
                    if let Some(init) = &node.init {
                        self.found.push(&**init);
                    }
                }
            }
            node.visit_children_with(self);
        }
    }
    let mut find = Find { name, found: Vec::new(), declared: 0 };
    function.node.visit(&mut find);
    match (find.declared, find.found.as_slice()) {
        (1, [one]) => Some(unsafe { &**one }),
        _ => None,
    }
}

/// What a named helper returns: its single `return` value, or an arrow's expression body.
fn helper_returns<'a>(index: &Index<'a>, name: &str) -> Option<(Vec<&'a Expr>, Vec<Option<String>>)> {
    index.lookups.mention(name, Mention::Named);
    let mut named = index.functions.iter().filter(|f| f.name == Some(name));
    let helper = named.next()?;
    if named.next().is_some() {
        return None;
    }
    let params: Vec<Option<String>> = helper.node.param_names().into_iter().map(|p| p.map(str::to_string)).collect();
    if let FnNode::Arrow(arrow) = helper.node {
        if let ArrowFunctionBody::Expr(e) = &*arrow.body {
            return Some((vec![&**e], params));
        }
    }
    let body = helper.node.body()?;
    let returns: Vec<&'a Expr> = body
        .stmts
        .iter()
        .filter_map(|s| match s {
            Stmt::Return(ReturnStmt { arg: Some(arg), .. }) => Some(&**arg),
            _ => None,
        })
        .collect();
    (returns.len() == 1).then_some((returns, params))
}

fn classes_with_method(index: &Index, method: &str, pattern: &Pattern) -> Vec<Match> {
    let matcher = Matcher::new(index.source);
    let mut out = Vec::new();
    for class in &index.classes {
        let has = class.class.body.iter().any(|member| {
            let ClassMember::Method(m) = member else { return false };
            if prop_name(&m.key) != Some(method) {
                return false;
            }
            let mut search = ExprSearch { matcher: &matcher, pattern, hit: false };
            m.function.visit_with(&mut search);
            search.hit
        });
        if has {
            let mut captures = Captures::new();
            if let Some(name) = &class.name {
                captures.insert("CLASS".into(), name.clone());
            }
            out.push(Match { range: class.range.clone(), captures });
        }
    }
    out
}

struct ExprSearch<'m, 's> {
    matcher: &'m Matcher<'s>,
    pattern: &'m Pattern,
    hit: bool,
}

impl Visit for ExprSearch<'_, '_> {
    fn visit_expr(&mut self, node: &Expr) {
        if self.hit {
            return;
        }
        let mut captures = Captures::new();
        if self.matcher.match_pattern(self.pattern, node, &mut captures) {
            self.hit = true;
            return;
        }
        node.visit_children_with(self);
    }
}

/// The distinct innermost functions around these spots.
fn enclosing_functions(index: &Index, spots: &[Range<usize>]) -> Vec<Match> {
    let mut out: Vec<Match> = Vec::new();
    for spot in spots {
        let Some(function) = index.enclosing_function(spot) else { continue };
        if !out.iter().any(|m| m.range == function.range) {
            out.push(Match { range: function.range.clone(), captures: Captures::new() });
        }
    }
    out
}

impl<'a> Resolution<'a> {
    /// Candidates of an expression anchor that pass its `same` constraints,
    /// whatever their `config` rule says: e.g. every construction of the class.
    pub fn constructions(&self, anchor: &Anchor) -> Vec<Range<usize>> {
        self.index
            .candidates
            .get(&anchor.id)
            .into_iter()
            .flatten()
            .filter(|c| {
                anchor.same.iter().all(|(var, other, capture)| {
                    let bound = c.captures.get(var).map(|r| self.index.text(r));
                    let wanted = self.capture(other, capture);
                    if let Some(wanted) = wanted {
                        self.index.look_for_class(wanted, mention_of(anchor, var));
                    }
                    matches!((bound, wanted), (Some(b), Some(w)) if self.index.names_same_at(b, w, &c.range))
                })
            })
            .map(|c| c.range.clone())
            .collect()
    }

    /// The expression node at exactly this range, searched inside `within`.
    pub fn expr_at(&self, within: &FnInfo<'a>, at: &Range<usize>) -> Option<&'a Expr> {
        struct Find {
            at: Range<usize>,
            found: Option<*const Expr>,
        }
        impl Visit for Find {
            fn visit_expr(&mut self, node: &Expr) {
                if self.found.is_some() {
                    return;
                }
                let r = range(node);
                if r == self.at {
                    self.found = Some(node);
                } else if r.start <= self.at.start && self.at.end <= r.end {
                    node.visit_children_with(self);
                }
            }
        }
        let mut find = Find { at: at.clone(), found: None };
        within.node.visit(&mut find);
        find.found.map(|p| unsafe { &*p })
    }

    pub fn local_binding(&self, site: &Range<usize>, name: &str) -> Option<&'a Expr> {
        local_binding(&self.index, site, name)
    }
}

/// The names a function calls as plain identifiers (`collect(e)`), in order.
fn called_names(f: &FnInfo) -> Vec<String> {
    struct Calls(Vec<String>);
    impl Visit for Calls {
        fn visit_call_expr(&mut self, call: &CallExpr) {
            if let Callee::Expr(callee) = &call.callee {
                if let Expr::Ident(id) = strip_parens(callee) {
                    if !self.0.iter().any(|n| *n == *id.sym) {
                        self.0.push(id.sym.to_string());
                    }
                }
            }
            call.visit_children_with(self);
        }
    }
    let mut calls = Calls(Vec::new());
    f.node.visit(&mut calls);
    calls.0
}

/// Calls of `name(…)` (and, with `methods`, of `x.name(…)`) in what it
/// visits: each call's span and its arguments.
pub struct NamedCalls<'n> {
    name: &'n str,
    methods: bool,
    pub found: Vec<(Range<usize>, Vec<*const Expr>)>,
}

impl<'n> NamedCalls<'n> {
    pub fn new(name: &'n str, methods: bool) -> Self {
        NamedCalls { name, methods, found: Vec::new() }
    }
}

impl Visit for NamedCalls<'_> {
    fn visit_call_expr(&mut self, call: &CallExpr) {
        if let Callee::Expr(callee) = &call.callee {
            let hit = match strip_parens(callee) {
                Expr::Ident(id) => &*id.sym == self.name,
                Expr::Member(m) => self.methods && crate::anchors::pattern::member_name(&m.prop) == Some(self.name),
                _ => false,
            };
            if hit {
                self.found.push((range(call), call.args.iter().map(|a| &*a.expr as *const Expr).collect()));
            }
        }
        call.visit_children_with(self);
    }
}

/// The buffer's slot in the session's services, and the member read after it,
/// from how the execution reads the buffer's length
/// (`this.sessionServices.liveSteering.length` -> `liveSteering`, `length`).
pub fn buffer_slot(len: &str) -> Option<(&str, &str)> {
    let word = |text: &str| text.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')).unwrap_or(text.len());
    let rest = len.split_once("sessionServices.")?.1;
    let slot = &rest[..word(rest)];
    // `(this.sessionServices.b).length`: a local the length method read it through, inlined.
    let after = rest[slot.len()..].trim_start_matches(['.', '?', ')']);
    (!slot.is_empty()).then(|| (slot, &after[..word(after)]))
}
