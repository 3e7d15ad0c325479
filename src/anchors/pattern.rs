//! Structural patterns: JavaScript snippets with `$METAVARIABLES`, matched
//! against swc expressions. `$NAME` binds one node (repeated names must bind
//! equal text), `$_` matches any node, `$$$NAME` any run of arguments.
//! Object patterns match a subset of the target's properties in any order.
//! `!0`/`true`, `!1`/`false` and `void 0`/`undefined` are the same literal.

use std::collections::BTreeMap;
use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::read::parse::{self, SourceKind};

/// Metavariable name -> byte range of the bound node in the matched source.
pub type Captures = BTreeMap<String, Range<usize>>;

#[derive(Debug)]
pub struct Pattern {
    expr: Box<Expr>,
    /// The node kind a target must have, when the pattern fixes it.
    kind: Option<std::mem::Discriminant<Expr>>,
}

fn fixed_kind(expr: &Expr) -> Option<std::mem::Discriminant<Expr>> {
    (metavariable(expr).is_none() && literal(expr).is_none()).then(|| std::mem::discriminant(expr))
}

impl Pattern {
    pub fn parse(source: &str) -> Result<Pattern, String> {
        let wrapped = format!("({source}\n)");
        let program = parse::parse_here(&wrapped, SourceKind::Script)
            .map_err(|e| format!("pattern `{source}` is not a JavaScript expression ({e})"))?;
        let Program::Script(script) = program else { unreachable!() };
        let expr = match script.body.as_slice() {
            [Stmt::Expr(stmt)] => stmt.expr.clone(),
            _ => return Err(format!("pattern `{source}` must be a single expression")),
        };
        let expr = strip_parens_owned(expr);
        Ok(Pattern { kind: fixed_kind(&expr), expr })
    }

    /// A property pattern such as `subExecutionDepth: $D + 1`.
    pub fn parse_property(source: &str) -> Result<Pattern, String> {
        let pattern = Pattern::parse(&format!("{{{source}}}"))?;
        match &*pattern.expr {
            Expr::Object(object) if object.props.len() == 1 => Ok(Pattern { kind: pattern.kind, expr: pattern.expr }),
            _ => Err(format!("property pattern `{source}` must be one `key: value` property")),
        }
    }

    pub fn expr(&self) -> &Expr {
        &self.expr
    }

    /// The node kind a target must have (after parentheses), if the pattern fixes one.
    pub fn kind(&self) -> Option<std::mem::Discriminant<Expr>> {
        self.kind
    }

    /// What a match must spell in the source: identifiers, property names,
    /// keys and string values. Not metavariables, and not numbers, booleans,
    /// `null` or `undefined`, which match other spellings (`!0`, `void 0`).
    pub fn literals(&self) -> Vec<Literal> {
        struct Spelled(Vec<Literal>);
        impl Spelled {
            fn add(&mut self, text: &str, name: bool) {
                if text.is_empty() {
                    return;
                }
                match self.0.iter_mut().find(|l| l.text == text) {
                    // Spelled both ways: the looser search covers both.
                    Some(l) => l.name &= name,
                    None => self.0.push(Literal { text: text.to_string(), name }),
                }
            }
        }
        impl Visit for Spelled {
            fn visit_ident(&mut self, node: &Ident) {
                if metavariable_name(&node.sym).is_none() && &*node.sym != "undefined" {
                    self.add(&node.sym, true);
                }
            }
            fn visit_ident_name(&mut self, node: &IdentName) {
                if metavariable_name(&node.sym).is_none() {
                    self.add(&node.sym, true);
                }
            }
            fn visit_str(&mut self, node: &Str) {
                if let Some(value) = node.value.as_str() {
                    self.add(value, false);
                }
            }
            fn visit_tpl_element(&mut self, node: &TplElement) {
                if let Some(cooked) = node.cooked.as_ref().and_then(|c| c.as_str()) {
                    self.add(cooked, false);
                }
            }
        }
        let mut spelled = Spelled(Vec::new());
        self.expr.visit_with(&mut spelled);
        spelled.0
    }

    /// The keys of the pattern's objects (`{ kind: $K }`): a match spells
    /// each as a key (or a shorthand), not only as some name. Not metavariables.
    pub fn keys(&self) -> Vec<String> {
        struct Keys(Vec<String>);
        impl Visit for Keys {
            fn visit_key_value_prop(&mut self, node: &KeyValueProp) {
                let key = prop_name(&node.key).filter(|k| metavariable_name(k).is_none() && !k.is_empty());
                if let Some(key) = key.filter(|k| !self.0.iter().any(|have| have == k)) {
                    self.0.push(key.to_string());
                }
                node.value.visit_with(self);
            }
        }
        let mut keys = Keys(Vec::new());
        self.expr.visit_with(&mut keys);
        keys.0
    }

    /// Whether `$VAR` occurs in this pattern, and only as what a `new` constructs.
    pub fn only_constructed(&self, var: &str) -> bool {
        struct Uses<'v> {
            name: &'v str,
            constructed: usize,
            other: usize,
        }
        impl Visit for Uses<'_> {
            fn visit_new_expr(&mut self, node: &NewExpr) {
                match strip_parens(&node.callee) {
                    Expr::Ident(id) if &id.sym[1..] == self.name && id.sym.starts_with('$') => {
                        self.constructed += 1;
                        node.args.visit_with(self);
                    }
                    _ => node.visit_children_with(self),
                }
            }
            fn visit_ident(&mut self, node: &Ident) {
                self.other += usize::from(node.sym.starts_with('$') && &node.sym[1..] == self.name);
            }
            fn visit_ident_name(&mut self, node: &IdentName) {
                self.other += usize::from(node.sym.starts_with('$') && &node.sym[1..] == self.name);
            }
        }
        let mut uses = Uses { name: var, constructed: 0, other: 0 };
        self.expr.visit_with(&mut uses);
        uses.constructed > 0 && uses.other == 0
    }

    /// The single property of a property pattern.
    pub fn property(&self) -> Option<&KeyValueProp> {
        match &*self.expr {
            Expr::Object(object) => match object.props.first() {
                Some(PropOrSpread::Prop(prop)) => match &**prop {
                    Prop::KeyValue(kv) => Some(kv),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        }
    }
}

fn strip_parens_owned(mut expr: Box<Expr>) -> Box<Expr> {
    while let Expr::Paren(paren) = *expr {
        expr = paren.expr;
    }
    expr
}

/// `x` of `Object.freeze(x)`.
pub fn frozen_argument(call: &CallExpr) -> Option<&Expr> {
    let Callee::Expr(c) = &call.callee else { return None };
    let Expr::Member(m) = strip_parens(c) else { return None };
    let on_object = matches!(strip_parens(&m.obj), Expr::Ident(o) if &*o.sym == "Object");
    match call.args.as_slice() {
        [arg] if on_object && member_name(&m.prop) == Some("freeze") && arg.spread.is_none() => Some(&arg.expr),
        _ => None,
    }
}

pub fn strip_parens(mut expr: &Expr) -> &Expr {
    while let Expr::Paren(paren) = expr {
        expr = &paren.expr;
    }
    expr
}

/// The expression whose value `expr` is: through parentheses and to the
/// last of a comma sequence (`return log(child.id), child` returns `child`).
pub fn value_expr(mut expr: &Expr) -> &Expr {
    loop {
        match expr {
            Expr::Paren(paren) => expr = &paren.expr,
            Expr::Seq(seq) if !seq.exprs.is_empty() => expr = &seq.exprs[seq.exprs.len() - 1],
            _ => return expr,
        }
    }
}

/// An optional call (`a?.m(x)`, `a.m?.(x)`) as the plain call it is once the
/// chain is not short-circuited: what the accounting must judge like any call.
pub fn opt_call_as_call(call: &OptCall) -> CallExpr {
    CallExpr {
        span: call.span,
        ctxt: call.ctxt,
        callee: Callee::Expr(Box::new(opt_member_as_member(&call.callee))),
        args: call.args.clone(),
        type_args: None,
    }
}

/// `a?.b` as `a.b` (a copy); any other expression as it is.
pub fn opt_member_as_member(expr: &Expr) -> Expr {
    match strip_parens(expr) {
        Expr::OptChain(OptChainExpr { base, .. }) => match &**base {
            OptChainBase::Member(m) => Expr::Member(m.clone()),
            OptChainBase::Call(c) => Expr::Call(opt_call_as_call(c)),
        },
        e => e.clone(),
    }
}

pub fn prop_name(name: &PropName) -> Option<&str> {
    match name {
        PropName::Ident(ident) => Some(&ident.sym),
        PropName::Str(s) => s.value.as_str(),
        _ => None,
    }
}

/// `a?.b`, `a?.b.c`: a member read through an optional chain.
pub fn is_optional_member(e: &Expr) -> bool {
    matches!(strip_parens(e), Expr::OptChain(o) if matches!(&*o.base, OptChainBase::Member(_)))
}

pub fn member_name(prop: &MemberProp) -> Option<&str> {
    match prop {
        MemberProp::Ident(ident) => Some(&ident.sym),
        MemberProp::Computed(computed) => match strip_parens(&computed.expr) {
            Expr::Lit(Lit::Str(s)) => s.value.as_str(),
            _ => None,
        },
        _ => None,
    }
}

/// A text a match must spell: a name (an identifier, a property or method
/// name, a key: a whole token, or a whole string in a computed key) or the
/// text of a string or template (anywhere inside one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Literal {
    pub text: String,
    pub name: bool,
}

impl Literal {
    pub fn name(text: &str) -> Literal {
        Literal { text: text.to_string(), name: true }
    }

    pub fn text(text: &str) -> Literal {
        Literal { text: text.to_string(), name: false }
    }
}

#[derive(Debug, PartialEq)]
enum LitValue<'a> {
    Str(&'a str),
    Num(f64),
    Bool(bool),
    Null,
    Undefined,
}

fn literal(expr: &Expr) -> Option<LitValue<'_>> {
    match strip_parens(expr) {
        Expr::Lit(Lit::Str(s)) => s.value.as_str().map(LitValue::Str),
        Expr::Lit(Lit::Num(n)) => Some(LitValue::Num(n.value)),
        Expr::Lit(Lit::Bool(b)) => Some(LitValue::Bool(b.value)),
        Expr::Lit(Lit::Null(_)) => Some(LitValue::Null),
        Expr::Ident(id) if &*id.sym == "undefined" => Some(LitValue::Undefined),
        Expr::Tpl(tpl) if tpl.exprs.is_empty() && tpl.quasis.len() == 1 => {
            tpl.quasis[0].cooked.as_ref().and_then(|c| c.as_str()).map(LitValue::Str)
        }
        Expr::Unary(u) => match (u.op, literal(&u.arg)) {
            (UnaryOp::Bang, Some(LitValue::Num(n))) => Some(LitValue::Bool(n == 0.0)),
            (UnaryOp::Void, Some(_)) => Some(LitValue::Undefined),
            _ => None,
        },
        _ => None,
    }
}

enum Meta<'p> {
    Any,
    Bind(&'p str),
    Many,
}

fn metavariable(expr: &Expr) -> Option<Meta<'_>> {
    let Expr::Ident(ident) = expr else { return None };
    metavariable_name(&ident.sym)
}

fn metavariable_name(name: &str) -> Option<Meta<'_>> {
    if name.starts_with("$$$") {
        return Some(Meta::Many);
    }
    let rest = name.strip_prefix('$')?;
    if rest == "_" {
        return Some(Meta::Any);
    }
    if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_') {
        return Some(Meta::Bind(&name[1..]));
    }
    None
}

/// Matches patterns against nodes of one source text.
pub struct Matcher<'s> {
    pub source: &'s str,
}

impl<'s> Matcher<'s> {
    pub fn new(source: &'s str) -> Self {
        Matcher { source }
    }

    pub fn text(&self, range: &Range<usize>) -> &'s str {
        &self.source[range.clone()]
    }

    fn bind(&self, name: &str, node: Range<usize>, captures: &mut Captures) -> bool {
        match captures.get(name) {
            Some(bound) => self.text(bound) == self.text(&node),
            None => {
                captures.insert(name.to_string(), node);
                true
            }
        }
    }

    pub fn match_pattern(&self, pattern: &Pattern, target: &Expr, captures: &mut Captures) -> bool {
        // Cheap rejection first: this runs on every expression of the bundle.
        let optional_member = matches!(pattern.expr(), Expr::Member(_)) && is_optional_member(target);
        if !optional_member && pattern.kind.is_some_and(|kind| kind != std::mem::discriminant(strip_parens(target))) {
            return false;
        }
        let mut trial = captures.clone();
        if self.expr(pattern.expr(), target, &mut trial) {
            *captures = trial;
            true
        } else {
            false
        }
    }

    pub fn expr(&self, pattern: &Expr, target: &Expr, captures: &mut Captures) -> bool {
        let pattern = strip_parens(pattern);
        let target = strip_parens(target);
        if let Some(meta) = metavariable(pattern) {
            return match meta {
                Meta::Any | Meta::Many => true,
                Meta::Bind(name) => self.bind(name, parse::range(target), captures),
            };
        }
        if let Some(want) = literal(pattern) {
            return literal(target).is_some_and(|got| got == want);
        }
        match (pattern, target) {
            (Expr::This(_), Expr::This(_)) => true,
            (Expr::Ident(p), Expr::Ident(t)) => p.sym == t.sym,
            (Expr::Member(p), Expr::Member(t)) => self.member(p, t, captures),
            // `a?.b` reads `b` of `a` as `a.b` does, where `a` holds an object.
            (Expr::Member(p), Expr::OptChain(OptChainExpr { base, .. })) => match &**base {
                OptChainBase::Member(t) => self.member(p, t, captures),
                OptChainBase::Call(_) => false,
            },
            (Expr::Call(p), Expr::Call(t)) => match (&p.callee, &t.callee) {
                (Callee::Expr(pc), Callee::Expr(tc)) => {
                    self.expr(pc, tc, captures) && self.args(&p.args, &t.args, captures)
                }
                _ => false,
            },
            (Expr::New(p), Expr::New(t)) => {
                let empty = Vec::new();
                self.expr(&p.callee, &t.callee, captures)
                    && self.args(p.args.as_ref().unwrap_or(&empty), t.args.as_ref().unwrap_or(&empty), captures)
            }
            (Expr::Bin(p), Expr::Bin(t)) => {
                p.op == t.op && self.expr(&p.left, &t.left, captures) && self.expr(&p.right, &t.right, captures)
            }
            (Expr::Unary(p), Expr::Unary(t)) => p.op == t.op && self.expr(&p.arg, &t.arg, captures),
            (Expr::Update(p), Expr::Update(t)) => {
                p.op == t.op && p.prefix == t.prefix && self.expr(&p.arg, &t.arg, captures)
            }
            (Expr::Assign(p), Expr::Assign(t)) => {
                p.op == t.op
                    && self.assign_target(&p.left, &t.left, captures)
                    && self.expr(&p.right, &t.right, captures)
            }
            (Expr::Cond(p), Expr::Cond(t)) => {
                self.expr(&p.test, &t.test, captures)
                    && self.expr(&p.cons, &t.cons, captures)
                    && self.expr(&p.alt, &t.alt, captures)
            }
            (Expr::Seq(p), Expr::Seq(t)) => {
                p.exprs.len() == t.exprs.len() && p.exprs.iter().zip(&t.exprs).all(|(p, t)| self.expr(p, t, captures))
            }
            (Expr::Object(p), Expr::Object(t)) => self.object(p, t, captures),
            // An empty array literal matches only an empty one.
            (Expr::Array(p), Expr::Array(t)) => p.elems.is_empty() && t.elems.is_empty(),
            _ => false,
        }
    }

    fn member(&self, pattern: &MemberExpr, target: &MemberExpr, captures: &mut Captures) -> bool {
        // The property first: a fixed name rejects most targets before the
        // object is matched (and binds a metavariable). Both must hold, so the
        // order changes no result.
        if let MemberProp::Ident(p) = &pattern.prop {
            match metavariable_name(&p.sym) {
                Some(Meta::Any | Meta::Many) => return self.expr(&pattern.obj, &target.obj, captures),
                Some(Meta::Bind(name)) => {
                    return self.expr(&pattern.obj, &target.obj, captures)
                        && self.bind(name, parse::range(&target.prop), captures)
                }
                None => {}
            }
        }
        let same_name = match (member_name(&pattern.prop), member_name(&target.prop)) {
            (Some(p), Some(t)) => p == t,
            _ => false,
        };
        same_name && self.expr(&pattern.obj, &target.obj, captures)
    }

    fn assign_target(&self, pattern: &AssignTarget, target: &AssignTarget, captures: &mut Captures) -> bool {
        match (pattern, target) {
            (
                AssignTarget::Simple(SimpleAssignTarget::Member(p)),
                AssignTarget::Simple(SimpleAssignTarget::Member(t)),
            ) => self.member(p, t, captures),
            (
                AssignTarget::Simple(SimpleAssignTarget::Ident(p)),
                AssignTarget::Simple(SimpleAssignTarget::Ident(t)),
            ) => match metavariable_name(&p.id.sym) {
                Some(Meta::Any | Meta::Many) => true,
                Some(Meta::Bind(name)) => self.bind(name, parse::range(&t.id), captures),
                None => p.id.sym == t.id.sym,
            },
            (AssignTarget::Simple(SimpleAssignTarget::Ident(p)), _) => {
                matches!(metavariable_name(&p.id.sym), Some(Meta::Any | Meta::Many))
            }
            _ => false,
        }
    }

    fn args(&self, pattern: &[ExprOrSpread], target: &[ExprOrSpread], captures: &mut Captures) -> bool {
        let many = pattern.iter().position(|a| a.spread.is_none() && matches!(metavariable(&a.expr), Some(Meta::Many)));
        let one = |p: &ExprOrSpread, t: &ExprOrSpread, c: &mut Captures| {
            p.spread.is_some() == t.spread.is_some() && self.expr(&p.expr, &t.expr, c)
        };
        match many {
            None => pattern.len() == target.len() && pattern.iter().zip(target).all(|(p, t)| one(p, t, captures)),
            Some(at) => {
                let (head, tail) = (&pattern[..at], &pattern[at + 1..]);
                target.len() >= head.len() + tail.len()
                    && head.iter().zip(target).all(|(p, t)| one(p, t, captures))
                    && tail.iter().rev().zip(target.iter().rev()).all(|(p, t)| one(p, t, captures))
            }
        }
    }

    fn object(&self, pattern: &ObjectLit, target: &ObjectLit, captures: &mut Captures) -> bool {
        pattern.props.iter().all(|wanted| match wanted {
            PropOrSpread::Prop(prop) => match &**prop {
                Prop::KeyValue(kv) => target.props.iter().any(|have| {
                    let mut trial = captures.clone();
                    if self.key_value(kv, have, &mut trial) {
                        *captures = trial;
                        true
                    } else {
                        false
                    }
                }),
                _ => false,
            },
            PropOrSpread::Spread(_) => false,
        })
    }

    /// Matches one `key: value` pattern against one property of a target object.
    pub fn key_value(&self, pattern: &KeyValueProp, have: &PropOrSpread, captures: &mut Captures) -> bool {
        let Some(key) = prop_name(&pattern.key) else { return false };
        let PropOrSpread::Prop(prop) = have else { return false };
        match &**prop {
            Prop::KeyValue(kv) => prop_name(&kv.key) == Some(key) && self.expr(&pattern.value, &kv.value, captures),
            Prop::Shorthand(ident) => {
                &*ident.sym == key && self.expr(&pattern.value, &Expr::Ident(ident.clone()), captures)
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_expr(src: &str) -> (String, Box<Expr>) {
        let program = parse::parse_here(src, SourceKind::Script).unwrap();
        let Program::Script(script) = program else { unreachable!() };
        let Stmt::Expr(stmt) = &script.body[0] else { panic!() };
        (src.to_string(), stmt.expr.clone())
    }

    fn matches(pattern: &str, src: &str) -> Option<Captures> {
        let pattern = Pattern::parse(pattern).unwrap();
        let (src, expr) = first_expr(src);
        let matcher = Matcher::new(&src);
        let mut captures = Captures::new();
        matcher.match_pattern(&pattern, &expr, &mut captures).then_some(captures)
    }

    #[test]
    fn binds_and_compares_metavariables() {
        let c = matches("this.steeringReaderIndex < $LEN", "this.steeringReaderIndex<this.s.buf.length;").unwrap();
        assert_eq!(c["LEN"], 25..42);
        assert!(matches("$A + $A", "x + x;").is_some());
        assert!(matches("$A + $A", "x + y;").is_none());
    }

    #[test]
    fn objects_match_a_subset_in_any_order() {
        assert!(matches("new $C({subExecutionDepth: $D + 1})", "new X({a:1,subExecutionDepth:w+1,b});").is_some());
        assert!(matches("new $C({subExecutionDepth: $D + 1})", "new X({subExecutionDepth:w});").is_none());
    }

    #[test]
    fn minified_literals_are_equal() {
        assert!(matches("$X.skipHooks = true", "a.skipHooks=!0;").is_some());
        assert!(matches("$X === undefined", "a===void 0;").is_some());
        assert!(matches("$X.kind === \"user\"", "a[\"kind\"]===`user`;").is_some());
    }

    #[test]
    fn argument_runs() {
        assert!(matches("$F($$$ARGS)", "f(1,2,3);").is_some());
        assert!(matches("$F($A, $$$REST)", "f();").is_none());
        assert!(matches("$E.setSteeringReaderIndex($_)", "(e).setSteeringReaderIndex(n);").is_some());
    }

    #[test]
    fn optional_members_and_empty_arrays() {
        assert!(matches("$_.handlers.size", "a.get(e)?.handlers.size;").is_some());
        assert!(matches("$_.handlers.size", "a?.handlers.size;").is_some());
        assert!(matches("{ handlers: new Set() }", "({id:1,handlers:new Set});").is_some());
        assert!(matches("$_.$_ = []", "this.messages=[];").is_some());
        assert!(matches("$_.$_ = []", "this.messages=[1];").is_none());
    }
}
