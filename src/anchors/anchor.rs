//! Anchors: the data in `anchors/` that says what to find in the bundle.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::anchors::pattern::Pattern;

/// The anchors compiled into the binary, in evaluation order.
const BUILTIN: &[(&str, &str)] = &[
    ("execution-class.toml", include_str!("../../anchors/execution-class.toml")),
    ("queued-length.toml", include_str!("../../anchors/queued-length.toml")),
    ("spawn-site.toml", include_str!("../../anchors/spawn-site.toml")),
    ("root-construction.toml", include_str!("../../anchors/root-construction.toml")),
    ("drain.toml", include_str!("../../anchors/drain.toml")),
    ("drain-cursor-advance.toml", include_str!("../../anchors/drain-cursor-advance.toml")),
    ("drain-message.toml", include_str!("../../anchors/drain-message.toml")),
    ("foreign-gate.toml", include_str!("../../anchors/foreign-gate.toml")),
    ("foreign-seed.toml", include_str!("../../anchors/foreign-seed.toml")),
    ("foreign-rewind.toml", include_str!("../../anchors/foreign-rewind.toml")),
    ("root-continuation.toml", include_str!("../../anchors/root-continuation.toml")),
    ("buffer-class.toml", include_str!("../../anchors/buffer-class.toml")),
    ("buffer-append.toml", include_str!("../../anchors/buffer-append.toml")),
    ("buffer-clear.toml", include_str!("../../anchors/buffer-clear.toml")),
    ("end-of-turn.toml", include_str!("../../anchors/end-of-turn.toml")),
    ("own-queue.toml", include_str!("../../anchors/own-queue.toml")),
];
const BUILTIN_BUNDLE: &str = include_str!("../../anchors/bundle.toml");

/// Anchors the planner relies on by name; an edited set must keep them.
pub const REQUIRED: &[&str] = &[
    "execution-class",
    "queued-length",
    "spawn-site",
    "root-construction",
    "drain",
    "drain-cursor-advance",
    "drain-message",
    "foreign-gate",
    "foreign-seed",
    "buffer-class",
    "buffer-append",
    "buffer-clear",
    "end-of-turn",
    "own-queue",
];

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct AnchorFile {
    id: String,
    about: String,
    count: String,
    kind: Option<String>,
    pattern: Option<String>,
    any: Option<Vec<String>>,
    inside: Option<String>,
    #[serde(default)]
    inside_enclosing_function: bool,
    #[serde(default)]
    inside_calls: bool,
    #[serde(default)]
    follow_arguments: bool,
    #[serde(default)]
    not_inside: Vec<String>,
    #[serde(default)]
    same: BTreeMap<String, String>,
    #[serde(default)]
    agree: Vec<String>,
    method: Option<String>,
    method_has: Option<String>,
    class_has: Option<String>,
    has_string: Option<String>,
    config_has: Option<String>,
    config_lacks: Option<String>,
    /// Documentation for people adapting the anchor; not used by the matcher.
    #[serde(default)]
    #[allow(dead_code)]
    captures: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct BundleFile {
    identify_by: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    Exactly(usize),
    AtLeast(usize),
    Any,
}

impl Count {
    fn parse(text: &str) -> Option<Count> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["none"] => Some(Count::Exactly(0)),
            ["any"] => Some(Count::Any),
            ["exactly", n] => n.parse().ok().map(Count::Exactly),
            ["at", "least", n] => n.parse().ok().map(Count::AtLeast),
            _ => None,
        }
    }

    pub fn accepts(self, found: usize) -> bool {
        match self {
            Count::Exactly(n) => found == n,
            Count::AtLeast(n) => found >= n,
            Count::Any => true,
        }
    }

    pub fn describe(self) -> String {
        match self {
            Count::Exactly(0) => "none".into(),
            Count::Exactly(n) => format!("exactly {n}"),
            Count::AtLeast(n) => format!("at least {n}"),
            Count::Any => "any number".into(),
        }
    }
}

pub enum Shape {
    /// A class with a method whose body contains a pattern.
    /// A class with a method (`*`: any) whose body has `method_has`, and, where
    /// `class_has` is given, that pattern anywhere in the class.
    Class { method: String, method_has: Pattern, class_has: Option<Pattern> },
    /// The innermost function around a string containing this text, or
    /// around an expression matching one of these patterns.
    Function { has_string: Option<String>, has: Vec<Pattern> },
    /// Expressions matching any of these patterns.
    Expr { patterns: Vec<Pattern> },
}

pub enum ConfigRule {
    Has(Pattern),
    Lacks(String),
}

pub struct Anchor {
    pub id: String,
    pub about: String,
    pub count: Count,
    pub shape: Shape,
    pub inside: Option<String>,
    pub inside_enclosing_function: bool,
    /// With `inside`: also search the module's own functions those matches call, transitively.
    pub inside_calls: bool,
    /// With `inside-calls`: a match in a callee whose captures are its
    /// parameters stands for the arguments the caller passes there.
    pub follow_arguments: bool,
    pub not_inside: Vec<String>,
    /// metavariable -> (anchor id, capture name)
    pub same: Vec<(String, String, String)>,
    pub agree: Vec<String>,
    pub config: Option<ConfigRule>,
}

pub struct AnchorSet {
    pub anchors: Vec<Anchor>,
    pub identify_by: Vec<String>,
}

impl AnchorSet {
    pub fn get(&self, id: &str) -> &Anchor {
        self.anchors.iter().find(|a| a.id == id).expect("required anchors are checked at load")
    }
}

pub fn builtin() -> AnchorSet {
    let files = BUILTIN.iter().map(|(name, text)| (name.to_string(), text.to_string())).collect();
    build(files, BUILTIN_BUNDLE, "built-in").expect("the built-in anchors are valid")
}

/// Loads an edited set: every `*.toml` in DIR, `bundle.toml` among them.
pub fn load_dir(dir: &Path) -> Result<AnchorSet, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read anchors folder {}: {e}", dir.display()))?;
    let mut files = Vec::new();
    let mut bundle = None;
    for entry in entries {
        let path = entry.map_err(|e| format!("cannot read anchors folder {}: {e}", dir.display()))?.path();
        if path.extension().and_then(|e| e.to_str()) != Some("toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name == "bundle.toml" {
            bundle = Some(text);
        } else {
            files.push((name, text));
        }
    }
    let bundle = bundle.ok_or_else(|| format!("{} has no bundle.toml", dir.display()))?;
    files.sort();
    build(files, &bundle, &dir.display().to_string())
}

fn build(files: Vec<(String, String)>, bundle: &str, origin: &str) -> Result<AnchorSet, String> {
    let bundle: BundleFile = toml::from_str(bundle).map_err(|e| format!("bundle.toml: {e}"))?;
    let mut anchors: Vec<Anchor> = Vec::new();
    for (name, text) in files {
        let file: AnchorFile = toml::from_str(&text).map_err(|e| format!("{name}: {e}"))?;
        anchors.push(compile(file).map_err(|e| format!("{name}: {e}"))?);
    }
    for required in REQUIRED {
        if !anchors.iter().any(|a| a.id == *required) {
            return Err(format!("anchor `{required}` is missing from {origin}"));
        }
    }
    order(&mut anchors)?;
    Ok(AnchorSet { anchors, identify_by: bundle.identify_by })
}

fn compile(file: AnchorFile) -> Result<Anchor, String> {
    let count = Count::parse(&file.count)
        .ok_or_else(|| format!("count `{}` is not `exactly N`, `at least N`, `none` or `any`", file.count))?;
    let patterns = || -> Result<Vec<Pattern>, String> {
        let mut sources: Vec<String> = file.pattern.iter().cloned().collect();
        sources.extend(file.any.iter().flatten().cloned());
        if sources.is_empty() {
            return Err("needs `pattern` or `any`".into());
        }
        sources.iter().map(|s| Pattern::parse(s)).collect()
    };
    let shape = match file.kind.as_deref() {
        Some("class") => Shape::Class {
            method: file.method.clone().ok_or("a class anchor needs `method`")?,
            method_has: Pattern::parse(file.method_has.as_deref().ok_or("a class anchor needs `method-has`")?)?,
            class_has: file.class_has.as_deref().map(Pattern::parse).transpose()?,
        },
        Some("function") => {
            let has = if file.pattern.is_some() || file.any.is_some() { patterns()? } else { Vec::new() };
            if file.has_string.is_none() && has.is_empty() {
                return Err("a function anchor needs `has-string` or `pattern`/`any`".into());
            }
            Shape::Function { has_string: file.has_string.clone(), has }
        }
        None => Shape::Expr { patterns: patterns()? },
        Some(other) => return Err(format!("kind `{other}` is not `class` or `function`")),
    };
    let config = match (&file.config_has, &file.config_lacks) {
        (Some(has), None) => Some(ConfigRule::Has(Pattern::parse_property(has)?)),
        (None, Some(lacks)) => Some(ConfigRule::Lacks(lacks.clone())),
        (None, None) => None,
        (Some(_), Some(_)) => return Err("`config-has` and `config-lacks` exclude each other".into()),
    };
    let mut same = Vec::new();
    for (var, target) in &file.same {
        let (anchor, capture) =
            target.split_once('.').ok_or_else(|| format!("same.{var} = \"{target}\" is not `anchor.CAPTURE`"))?;
        same.push((var.clone(), anchor.to_string(), capture.to_string()));
    }
    Ok(Anchor {
        id: file.id,
        about: file.about,
        count,
        shape,
        inside: file.inside,
        inside_enclosing_function: file.inside_enclosing_function,
        inside_calls: file.inside_calls,
        follow_arguments: file.follow_arguments,
        not_inside: file.not_inside,
        same,
        agree: file.agree,
        config,
    })
}

/// Orders anchors so that each comes after the anchors it refers to.
fn order(anchors: &mut Vec<Anchor>) -> Result<(), String> {
    let mut ordered: Vec<Anchor> = Vec::new();
    while !anchors.is_empty() {
        let ready = anchors.iter().position(|a| {
            let deps = a.inside.iter().chain(&a.not_inside).chain(a.same.iter().map(|(_, id, _)| id));
            deps.into_iter().all(|d| ordered.iter().any(|o| &o.id == d))
        });
        match ready {
            Some(i) => ordered.push(anchors.remove(i)),
            None => {
                let stuck: Vec<&str> = anchors.iter().map(|a| a.id.as_str()).collect();
                return Err(format!(
                    "anchors refer to unknown anchors or to each other in a cycle: {}",
                    stuck.join(", ")
                ));
            }
        }
    }
    *anchors = ordered;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn builtin_anchors_load() {
        let set = super::builtin();
        assert_eq!(set.anchors.len(), super::BUILTIN.len());
        assert_eq!(set.anchors[0].id, "execution-class");
    }
}
