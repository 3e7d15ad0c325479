//! Config: the object literals a construction's options are made of, followed
//! through locals, spreads and helper calls, for anchors that ask what a
//! spawn site's options hold (`config-has`).

use std::ops::Range;

use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::anchors::pattern::strip_parens;
use crate::read::parse::range;
use crate::read::scope::FnNode;

use super::index::{pin, Index, Mention};

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
                // A module-level options object (`const MEMORY = Object.freeze({…})`),
                // where no local of that name stands between.
                None if !index.locals_around(site).contains(&*id.sym) => {
                    index.lookups.top_level(&id.sym);
                    match index.top_values.iter().find(|(n, _)| *n == &*id.sym) {
                        Some((_, init)) => config_parts_in(index, init, &range(*init), depth + 1, &[]),
                        None => vec![ConfigPart::Unknown],
                    }
                }
                None => vec![ConfigPart::Unknown],
            },
        },
        // `Object.freeze(x)` is `x`.
        Expr::Call(call) if let Some(frozen) = crate::anchors::pattern::frozen_argument(call) => {
            config_parts_in(index, frozen, site, depth + 1, env)
        }
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
pub(super) fn local_binding<'a>(index: &Index<'a>, site: &Range<usize>, name: &str) -> Option<&'a Expr> {
    match local_value(index, site, name)? {
        (init, None) => Some(init),
        (_, Some(_)) => None,
    }
}

/// What the local `name` around `site` is declared once as: its initialiser,
/// and the key it takes from it where it is destructured (`const { items } =
/// state`, `const { items: e } = state`: `state`, `items`).
pub(super) fn local_value<'a>(
    index: &Index<'a>,
    site: &Range<usize>,
    name: &str,
) -> Option<(&'a Expr, Option<String>)> {
    let function = index.enclosing_function(site)?;
    struct Find<'n, 'a> {
        name: &'n str,
        found: Vec<(&'a Expr, Option<String>)>,
        declared: usize,
    }
    impl<'a> Visit for Find<'_, 'a> {
        fn visit_var_declarator(&mut self, node: &VarDeclarator) {
            let bound = crate::read::scope::pattern_names([&node.name]);
            let count = bound.iter().filter(|n| n.as_str() == self.name).count();
            self.declared += count;
            if count > 0 {
                let key = match &node.name {
                    Pat::Ident(_) => Some(None),
                    Pat::Object(o) => o.props.iter().find_map(|p| match p {
                        ObjectPatProp::Assign(a) if &*a.key.sym == self.name && a.value.is_none() => {
                            Some(Some(self.name.to_string()))
                        }
                        ObjectPatProp::KeyValue(kv) => {
                            match (&*kv.value, crate::anchors::pattern::prop_name(&kv.key)) {
                                (Pat::Ident(id), Some(k)) if &*id.id.sym == self.name => Some(Some(k.to_string())),
                                _ => None,
                            }
                        }
                        _ => None,
                    }),
                    _ => None,
                };
                if let (Some(key), Some(init)) = (key, &node.init) {
                    self.found.push((pin(&**init), key));
                }
            }
            node.visit_children_with(self);
        }
    }
    let mut find = Find { name, found: Vec::new(), declared: 0 };
    function.node.visit(&mut find);
    match (find.declared, find.found.as_slice()) {
        (1, [one]) => Some(one.clone()),
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
