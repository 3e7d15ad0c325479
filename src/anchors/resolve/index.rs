//! Index: the one walk over the parse that records every class and function,
//! the top-level names and aliases, and every candidate of every expression
//! anchor, so that each anchor is then judged without walking again.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::anchor::{AnchorSet, Shape};
use crate::anchors::pattern::{member_name, strip_parens, Captures, Matcher, Pattern};
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
    /// A method's key, where it is a plain name (`drain` of `{ async drain(e) {…} }`):
    /// how its calls are spelled, `hooks.drain(e)`.
    pub key: Option<&'a str>,
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
    pub program: &'a Program,
    pub lookups: &'a Lookups,
    pub classes: Vec<ClassInfo<'a>>,
    pub functions: Vec<FnInfo<'a>>,
    /// Candidates per anchor, for anchors of expression shape.
    pub(super) candidates: BTreeMap<String, Vec<Candidate<'a>>>,
    /// String literals containing each `has-string` text.
    pub(super) strings: BTreeMap<String, Vec<Range<usize>>>,
    /// Top-level `var A = B` bindings (esbuild's `keepNames` writes every
    /// class as `var _C = class _C {…}; var C = _C;`): alias -> name.
    pub aliases: Vec<(&'a str, &'a str)>,
    /// A class expression's own name (`var C = class _C {…}`), the name it is
    /// bound to, and the class's span: inside it, the own name is the class.
    pub inner_names: Vec<(&'a str, &'a str, Range<usize>)>,
    /// Top-level bindings of functions (`function f(){}`, `var f = function/arrow`),
    /// and any other top-level binding of the same names (as an empty range).
    pub top_functions: Vec<(&'a str, Range<usize>)>,
    /// Top-level `var/let/const NAME = <init>`, for names declared once at top level.
    pub top_values: Vec<(&'a str, &'a Expr)>,
    /// Keys bound to a value that may be a function made elsewhere
    /// (`run = this.go.bind(this)`, `{ run: makeRunner(r) }`), and the
    /// values a call is given after a string that may name a key
    /// (`__publicField(this, "run", v)`, `Object.defineProperty(o, "run", d)`).
    pub keyed_values: Vec<(&'a str, &'a Expr)>,
    /// Keys the source computes (`[LAUNCH_KEY] = fn`, `Object.defineProperty(o, K, d)`):
    /// the key's expression and what it binds, read when a key is looked up.
    pub computed_keys: Vec<(&'a Expr, KeyBound<'a>)>,
    /// Keys bound by a shorthand property (`{ launch }`), at the name it reads.
    pub shorthand_keys: Vec<(&'a str, Range<usize>)>,
}

/// What a computed key binds: a value, or a method's function (its span).
#[derive(Clone)]
pub enum KeyBound<'a> {
    Value(&'a Expr),
    Function(Range<usize>),
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
    /// For a member read through `?.`: the member patterns and the kindless ones.
    members: Vec<Indexed<'p>>,
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
        let members =
            all.iter().copied().filter(|(_, p)| p.kind().is_none() || matches!(p.expr(), Expr::Member(_))).collect();
        KindTable { by_kind, kindless, members }
    }

    fn for_node(&self, node: &Expr) -> &[Indexed<'p>] {
        // A member read through `?.` is tried against the member patterns.
        if crate::anchors::pattern::is_optional_member(node) {
            return &self.members;
        }
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
    /// A method's function and its key, for the function's FnInfo.
    pending_key: Option<(Range<usize>, &'a str)>,
    keyed_values: Vec<(&'a str, &'a Expr)>,
    computed_keys: Vec<(&'a Expr, KeyBound<'a>)>,
    shorthand_keys: Vec<(&'a str, Range<usize>)>,
}

impl<'a, 'p> Walker<'a, 'p> {
    fn function(&mut self, range: Range<usize>, node: FnNode<'a>, name: Option<&'a str>) {
        let key = match &self.pending_key {
            Some((at, _)) if *at == range => self.pending_key.take().map(|(_, k)| k),
            _ => None,
        };
        self.functions.push(FnInfo { range, node, name, key });
    }

    fn key_next(&mut self, key: &PropName, function: &Function) {
        self.pending_key = crate::anchors::pattern::prop_name(key).map(|k| (range(function), pin::<str>(k)));
        if let PropName::Computed(c) = key {
            self.computed_keys.push((pin(&*c.expr), KeyBound::Function(range(function))));
        }
    }

    /// A value bound to a computed key (`[K] = v`, `{ [K]: v }`).
    fn computed_value_next(&mut self, key: &PropName, value: &Expr) {
        if let PropName::Computed(c) = key {
            let bound = match strip_parens(value) {
                Expr::Fn(f) => KeyBound::Function(range(&*f.function)),
                Expr::Arrow(a) => KeyBound::Function(range(a)),
                Expr::Object(_) => return,
                v if not_a_function(v) => return,
                v => KeyBound::Value(pin(v)),
            };
            self.computed_keys.push((pin(&*c.expr), bound));
        }
    }

    /// A function value bound to a key (`run = (c) => …` in a class,
    /// `{ run: (c) => … }`, `this.run = function (c) {…}`) is called as
    /// that key just as a method is.
    fn key_value_next(&mut self, key: Option<&str>, value: &Expr) {
        let value = strip_parens(value);
        match (key, value) {
            (Some(key), Expr::Fn(_) | Expr::Arrow(_)) => {
                let at = match value {
                    Expr::Fn(f) => range(&*f.function),
                    _ => range(value),
                };
                self.pending_key = Some((at, pin::<str>(key)));
            }
            (Some(_), Expr::Object(_)) => {}
            (Some(_), v) if not_a_function(v) => {}
            (Some(key), _) => self.keyed_values.push((pin::<str>(key), pin(value))),
            _ => {}
        }
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

/// A value that is no function made elsewhere: a literal, a template, an
/// array, a class, `this`, an operator's result, a construction.
fn not_a_function(e: &Expr) -> bool {
    matches!(
        e,
        Expr::Lit(_)
            | Expr::Tpl(_)
            | Expr::Array(_)
            | Expr::Class(_)
            | Expr::This(_)
            | Expr::Unary(_)
            | Expr::Bin(_)
            | Expr::Update(_)
            | Expr::New(_)
    )
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
        match &node.left {
            AssignTarget::Simple(SimpleAssignTarget::Ident(id)) => self.name_next(&node.right, &id.id),
            AssignTarget::Simple(SimpleAssignTarget::Member(m)) if node.op == AssignOp::Assign => {
                self.key_value_next(crate::anchors::pattern::member_name(&m.prop), &node.right)
            }
            _ => {}
        }
        node.visit_children_with(self);
    }

    fn visit_class_prop(&mut self, node: &ClassProp) {
        if let Some(value) = &node.value {
            self.computed_value_next(&node.key, value);
            self.key_value_next(crate::anchors::pattern::prop_name(&node.key), value);
        }
        node.visit_children_with(self);
    }

    fn visit_prop(&mut self, node: &Prop) {
        if let Prop::Shorthand(id) = node {
            self.shorthand_keys.push((pin::<str>(ident_name(id)), range(id)));
        }
        node.visit_children_with(self);
    }

    fn visit_key_value_prop(&mut self, node: &KeyValueProp) {
        self.computed_value_next(&node.key, &node.value);
        self.key_value_next(crate::anchors::pattern::prop_name(&node.key), &node.value);
        node.visit_children_with(self);
    }

    /// A helper may bind a key by its string (esbuild's `__publicField`,
    /// `Object.defineProperty`): what follows the string may be the key's value.
    fn visit_call_expr(&mut self, node: &CallExpr) {
        // `Object.defineProperty(o, K, d)`, `Reflect.defineProperty(o, K, d)`, `Reflect.set(o, K, v)`.
        let defines = matches!(&node.callee, Callee::Expr(c) if matches!(strip_parens(c), Expr::Member(m)
            if matches!(strip_parens(&m.obj), Expr::Ident(o) if matches!(&*o.sym, "Object" | "Reflect"))
                && matches!(member_name(&m.prop), Some("defineProperty" | "set"))));
        if let (true, [_, k, v, ..]) = (defines, &node.args[..]) {
            if !matches!(strip_parens(&k.expr), Expr::Lit(Lit::Str(_))) {
                self.computed_keys.push((pin(&*k.expr), KeyBound::Value(pin(&*v.expr))));
            }
        }
        let mut key: Option<&str> = None;
        for arg in &node.args {
            let value = strip_parens(&arg.expr);
            match (key, value) {
                (_, Expr::Lit(Lit::Str(s))) if arg.spread.is_none() => key = s.value.as_str(),
                (Some(_), v) if not_a_function(v) => {}
                (Some(k), _) => self.keyed_values.push((pin::<str>(k), pin(value))),
                (None, _) => {}
            }
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

    fn visit_class_method(&mut self, node: &ClassMethod) {
        self.key_next(&node.key, &node.function);
        node.visit_children_with(self);
    }

    /// A private field's value is bound to its `#name` as a method is.
    fn visit_private_prop(&mut self, node: &PrivateProp) {
        if let Some(value) = &node.value {
            let key = &self.matcher.source[range(&node.key)];
            self.key_value_next(Some(key), value);
        }
        node.visit_children_with(self);
    }

    /// A private method's key is its `#name` as the source spells it, which
    /// no public key can be.
    fn visit_private_method(&mut self, node: &PrivateMethod) {
        let key = &self.matcher.source[range(&node.key)];
        self.pending_key = Some((range(&*node.function), pin::<str>(key)));
        node.visit_children_with(self);
    }

    fn visit_method_prop(&mut self, node: &MethodProp) {
        self.key_next(&node.key, &node.function);
        node.visit_children_with(self);
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
/// The top-level declarations, a module's exported ones too.
fn top_decls(program: &Program) -> Vec<&Decl> {
    match program {
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
    }
}

fn top_level_functions(program: &Program) -> Vec<(&str, Range<usize>)> {
    let decls = top_decls(program);
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

/// Top-level names declared once, with an initialiser: `const OPTIONS = {…}`.
fn top_level_values<'p>(program: &'p Program, names: &[(&str, Range<usize>)]) -> Vec<(&'p str, &'p Expr)> {
    let once = |n: &str| names.iter().filter(|(m, _)| *m == n).count() == 1;
    let mut out = Vec::new();
    let decls = top_decls(program);
    for decl in decls {
        if let Decl::Var(var) = decl {
            for d in &var.decls {
                if let (Pat::Ident(id), Some(init)) = (&d.name, &d.init) {
                    if once(&id.id.sym) {
                        out.push((ident_name(&id.id), &**init));
                    }
                }
            }
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
    pub(super) fn look_for_class(&self, wanted: &str, how: Mention) {
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
            pending_key: None,
            keyed_values: Vec::new(),
            computed_keys: Vec::new(),
            shorthand_keys: Vec::new(),
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
        walker.keyed_values.extend(second.keyed_values);
        walker.computed_keys.extend(second.computed_keys);
        walker.shorthand_keys.extend(second.shorthand_keys);
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
        let top_functions = top_level_functions(program);
        Index {
            source,
            program,
            lookups,
            classes: walker.classes,
            functions: walker.functions,
            candidates: walker.candidates,
            strings,
            aliases: top_level_aliases(program),
            inner_names,
            top_values: top_level_values(program, &top_functions),
            top_functions,
            keyed_values: walker.keyed_values,
            computed_keys: walker.computed_keys,
            shorthand_keys: walker.shorthand_keys,
        }
    }

    /// The names the functions around `at` declare anywhere in them (not `at`
    /// itself, where it is a function).
    pub fn locals_around(&self, at: &Range<usize>) -> std::collections::HashSet<String> {
        self.functions
            .iter()
            .filter(|f| f.range.start <= at.start && at.end <= f.range.end && f.range != *at)
            .flat_map(|f| crate::read::scope::declared_by(f.node))
            .collect()
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
    /// The one function the module binds to `name` at top level; the
    /// prefilter is asked to parse every statement whose top level may bind it.
    pub fn top_function(&self, name: &str) -> Option<&Range<usize>> {
        self.lookups.top_level(name);
        let mut bound = self.top_functions.iter().filter(|(n, _)| *n == name);
        match (bound.next(), bound.next()) {
            (Some((_, at)), None) => Some(at),
            _ => None,
        }
    }

    pub fn with_callees(&self, at: &Range<usize>) -> Vec<Range<usize>> {
        let mut out = vec![at.clone()];
        let mut next = 0;
        while next < out.len() && out.len() < 8 {
            let Some(f) = self.function_at(&out[next]) else { break };
            next += 1;
            // Only a function the module binds at top level, once: the prefilter
            // parses exactly the statements whose top level may bind the name.
            for name in called_names(f).into_iter().filter(|n| !crate::read::scope::is_global(n)) {
                if let Some(at) = self.top_function(&name) {
                    if !out.contains(at) && self.function_at(at).is_some() {
                        out.push(at.clone());
                    }
                }
            }
            // `this.#collect(execution)`: the private method of the class around it, the only one
            // a private name can call.
            for at in self.private_callees(f) {
                if !out.contains(&at) && self.function_at(&at).is_some() {
                    out.push(at);
                }
            }
        }
        out
    }

    /// The private methods `f` calls as `this.#name(…)`, in the innermost class around it.
    fn private_callees(&self, f: &FnInfo<'a>) -> Vec<Range<usize>> {
        let mut calls = PrivateCalls::default();
        f.node.visit(&mut calls);
        let Some(class) = calls.found.first().and_then(|_| self.class_around(&f.range)) else { return Vec::new() };
        class
            .class
            .body
            .iter()
            .filter_map(|m| match m {
                ClassMember::PrivateMethod(pm) if calls.found.iter().any(|(n, _, _)| *n == *pm.key.name) => {
                    Some(range(&*pm.function))
                }
                _ => None,
            })
            .collect()
    }

    /// The innermost class whose body holds `at`.
    pub fn class_around(&self, at: &Range<usize>) -> Option<&ClassInfo<'a>> {
        self.classes.iter().filter(|c| within(at, &c.range)).max_by_key(|c| c.range.start)
    }

    /// `top_function`'s function itself.
    pub fn top_function_info(&self, name: &str) -> Option<&FnInfo<'a>> {
        self.top_function(name).and_then(|at| self.function_at(at))
    }

    pub fn function_at(&self, at: &Range<usize>) -> Option<&FnInfo<'a>> {
        self.functions.iter().find(|f| f.range == *at)
    }

    pub fn text(&self, at: &Range<usize>) -> &'a str {
        &self.source[at.clone()]
    }
}

/// The names a function calls as plain identifiers (`collect(e)`), in order.
pub(crate) fn called_names(f: &FnInfo) -> Vec<String> {
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

pub fn within(inner: &Range<usize>, outer: &Range<usize>) -> bool {
    outer.start <= inner.start && inner.end <= outer.end
}

impl<'a> Index<'a> {
    /// Every name a class goes by: its binding, its own name, their top-level aliases.
    pub fn class_names(&self, c: &ClassInfo<'a>) -> Vec<&'a str> {
        let binding = c.name.as_ref().map(|r| self.text(r));
        let mut names: Vec<&'a str> = binding.into_iter().chain(c.class_ident).collect();
        names.extend(binding.map(|b| self.aliases_of(b)).unwrap_or_default());
        names.sort_unstable();
        names.dedup();
        names
    }
}

impl ClassInfo<'_> {
    /// Whether `f` is one of this class's own methods, accessors, constructor,
    /// or a function a field of it is initialised with.
    pub fn is_member(&self, f: &FnInfo) -> bool {
        self.class.body.iter().any(|m| match m {
            ClassMember::Method(m) => range(&*m.function) == f.range,
            ClassMember::PrivateMethod(m) => range(&*m.function) == f.range,
            ClassMember::Constructor(c) => range(c) == f.range,
            ClassMember::ClassProp(p) => p.value.as_deref().is_some_and(|v| fn_range(v) == Some(f.range.clone())),
            ClassMember::PrivateProp(p) => p.value.as_deref().is_some_and(|v| fn_range(v) == Some(f.range.clone())),
            _ => false,
        })
    }
}

/// The span a function value's FnInfo has.
fn fn_range(v: &Expr) -> Option<Range<usize>> {
    match strip_parens(v) {
        Expr::Fn(f) => Some(range(&*f.function)),
        Expr::Arrow(a) => Some(range(a)),
        _ => None,
    }
}

impl<'a> Index<'a> {
    /// The classes whose instances `this` cannot be at `at`, where `this` is
    /// an instance of one class there (inside its instance method, constructor
    /// or instance field, arrows in between): every class that is not that
    /// class, an ancestor of it, or a class that may extend it. None where
    /// `this` there is not known to be such an instance.
    pub fn classes_unrelated_to_this_at(&self, at: &Range<usize>) -> Option<Vec<&ClassInfo<'a>>> {
        let class = self.classes.iter().filter(|c| within(at, &c.range)).max_by_key(|c| c.range.start)?;
        // The innermost function that binds `this` (not an arrow) around `at`.
        let binder = self
            .functions
            .iter()
            .filter(|f| within(at, &f.range) && !matches!(f.node, FnNode::Arrow(_)))
            .max_by_key(|f| f.range.start);
        let instance = match binder {
            Some(f) if within(&f.range, &class.range) => class.class.body.iter().any(|m| match m {
                ClassMember::Method(m) => !m.is_static && range(&*m.function) == f.range,
                ClassMember::PrivateMethod(m) => !m.is_static && range(&*m.function) == f.range,
                ClassMember::Constructor(c) => range(c) == f.range,
                _ => false,
            }),
            // No function between `at` and the class: a field's initialiser.
            _ => class.class.body.iter().any(|m| match m {
                ClassMember::ClassProp(p) => !p.is_static && within(at, &range(p)),
                ClassMember::PrivateProp(p) => !p.is_static && within(at, &range(p)),
                _ => false,
            }),
        };
        if !instance {
            return None;
        }
        self.classes_unrelated_to(class)
    }

    /// The one class of the bundle `NAME` at `at` names: Err(true) where NAME
    /// is imported from outside, Err(false) where it may be any class (a
    /// local, a parameter, a name several classes share).
    pub fn class_named_at(&self, name: &str, at: &Range<usize>) -> Result<&ClassInfo<'a>, bool> {
        let names_of = |c: &ClassInfo<'a>| self.class_names(c);
        // A name imported from outside the bundle (`import { EventEmitter } from "node:events"`)
        // is a class none of whose functions the bundle holds; any other unknown name may be any class.
        let imported: Vec<&str> = match self.program {
            Program::Module(m) => m
                .body
                .iter()
                .filter_map(|i| match i {
                    ModuleItem::ModuleDecl(ModuleDecl::Import(d)) => Some(d),
                    _ => None,
                })
                .flat_map(|d| {
                    d.specifiers.iter().map(|s| match s {
                        ImportSpecifier::Named(n) => &*n.local.sym,
                        ImportSpecifier::Default(n) => &*n.local.sym,
                        ImportSpecifier::Namespace(n) => &*n.local.sym,
                    })
                })
                .collect(),
            Program::Script(_) => Vec::new(),
        };
        if self.locals_around(at).contains(name) {
            return Err(false);
        }
        // The prefilter is asked for what binds the name at top level, and what that aliases.
        self.lookups.top_level(name);
        for (_, target) in self.aliases.iter().filter(|(alias, _)| *alias == name) {
            self.lookups.top_level(target);
        }
        let mut named = self.classes.iter().filter(|k| names_of(k).contains(&name));
        match (named.next(), named.next()) {
            (Some(k), None) => Ok(k),
            (None, _) => Err(imported.contains(&name) || crate::read::scope::is_global(name)),
            _ => Err(false),
        }
    }

    /// The classes of the bundle that are neither `class`, nor an ancestor of
    /// it, nor may extend it: a method of one is never the one an instance of
    /// `class` runs. None where an ancestor cannot be named.
    pub fn classes_unrelated_to(&self, class: &ClassInfo<'a>) -> Option<Vec<&ClassInfo<'a>>> {
        let class_named = |name: &str, at: &Range<usize>| self.class_named_at(name, at);
        // Ancestors by `extends NAME`; descendants: a class whose `extends` names
        // a related class, or is anything but a plain name (it may be one).
        let mut related: Vec<Range<usize>> = vec![class.range.clone()];
        let mut up = Some(class);
        while let Some(c) = up {
            up = match c.class.super_class.as_deref().map(strip_parens) {
                None => None,
                Some(Expr::Ident(id)) => match class_named(&id.sym, &c.range) {
                    Ok(k) => Some(k),
                    Err(true) => None,
                    // A mixin's `extends Base`, a parameter: any class of the bundle.
                    Err(false) => return None,
                },
                // A base the tool cannot name may be any class of the bundle.
                Some(_) => return None,
            };
            if let Some(k) = up {
                if related.contains(&k.range) {
                    break;
                }
                related.push(k.range.clone());
            }
        }
        loop {
            let before = related.len();
            for k in &self.classes {
                if related.contains(&k.range) {
                    continue;
                }
                let may_extend = match k.class.super_class.as_deref().map(strip_parens) {
                    None => false,
                    Some(Expr::Ident(id)) => match class_named(&id.sym, &k.range) {
                        Ok(base) => related.contains(&base.range),
                        Err(outside) => !outside,
                    },
                    Some(_) => true,
                };
                if may_extend {
                    related.push(k.range.clone());
                }
            }
            if related.len() == before {
                break;
            }
        }
        Some(self.classes.iter().filter(|k| !related.contains(&k.range)).collect())
    }
}

/// What a computed key can be, as far as the source says.
#[derive(PartialEq, Eq)]
pub enum KeyText {
    /// This string.
    Is(String),
    /// No string name (a symbol, a number).
    NoName,
    /// Not known: it may be any key.
    Unknown,
}

impl<'a> Index<'a> {
    /// The key a computed key's expression evaluates to: a string or template
    /// literal, a top-level constant holding one (followed a few steps), a
    /// symbol; anything else is unknown.
    pub fn key_text(&self, e: &Expr, depth: usize) -> KeyText {
        match strip_parens(e) {
            Expr::Lit(Lit::Str(s)) => s.value.as_str().map_or(KeyText::Unknown, |v| KeyText::Is(v.to_string())),
            Expr::Lit(Lit::Num(_)) => KeyText::NoName,
            Expr::Tpl(t) if t.exprs.is_empty() => t
                .quasis
                .first()
                .and_then(|q| q.cooked.as_ref())
                .and_then(|c| c.as_str())
                .map_or(KeyText::Unknown, |v| KeyText::Is(v.to_string())),
            Expr::Member(m) if matches!(strip_parens(&m.obj), Expr::Ident(s) if &*s.sym == "Symbol") => KeyText::NoName,
            Expr::Call(CallExpr { callee: Callee::Expr(c), .. })
                if matches!(strip_parens(c), Expr::Ident(s) if &*s.sym == "Symbol")
                    || matches!(strip_parens(c), Expr::Member(m) if matches!(strip_parens(&m.obj), Expr::Ident(s) if &*s.sym == "Symbol")) =>
            {
                KeyText::NoName
            }
            Expr::Ident(id) if depth < 4 && !self.locals_around(&range(id)).contains(&*id.sym) => {
                self.lookups.top_level(&id.sym);
                match self.top_values.iter().find(|(n, _)| *n == &*id.sym) {
                    Some((_, init)) => self.key_text(init, depth + 1),
                    None => KeyText::Unknown,
                }
            }
            _ => KeyText::Unknown,
        }
    }

    /// The top-level constants that hold `key` (`const LAUNCH_KEY = "launch"`):
    /// a computed key may spell one instead of the key.
    pub fn names_holding(&self, key: &str) -> Vec<&'a str> {
        self.top_values
            .iter()
            .filter(|(_, init)| matches!(strip_parens(init), Expr::Lit(Lit::Str(s)) if s.value.as_str() == Some(key)))
            .map(|(n, _)| *n)
            .collect()
    }
}

/// Calls of a private method on `this` (`this.#collect(execution)`): each
/// with the private name (without `#`), the call's span and its arguments.
#[derive(Default)]
pub(crate) struct PrivateCalls<'a> {
    pub found: Vec<(String, Range<usize>, Vec<&'a Expr>)>,
}

impl Visit for PrivateCalls<'_> {
    fn visit_call_expr(&mut self, c: &CallExpr) {
        if let Callee::Expr(callee) = &c.callee {
            if let Expr::Member(m) = crate::anchors::pattern::strip_parens(callee) {
                if let (Expr::This(_), MemberProp::PrivateName(p)) =
                    (crate::anchors::pattern::strip_parens(&m.obj), &m.prop)
                {
                    self.found.push((p.name.to_string(), range(c), c.args.iter().map(|a| pin(&*a.expr)).collect()));
                }
            }
        }
        c.visit_children_with(self);
    }
}
