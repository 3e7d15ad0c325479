//! The resolved pieces the slices are cut from: the execution and buffer
//! classes, the buffer's append and clear methods, the drain, the
//! end-of-turn check and the queue.

use std::ops::Range;

use swc_ecma_ast::*;

use super::shapes::entry_keys;
use crate::anchors::pattern::prop_name;
use crate::anchors::resolve::{class_method, ClassInfo, FnInfo, Resolution};

/// The resolved pieces the slices are cut from.
pub(super) struct Parts<'r, 'a> {
    pub(super) exec_at: Range<usize>,
    pub(super) exec: &'r ClassInfo<'a>,
    pub(super) exec_name: &'a str,
    pub(super) buffer_at: Range<usize>,
    pub(super) buffer: &'r ClassInfo<'a>,
    pub(super) buffer_name: &'a str,
    pub(super) append: String,
    pub(super) clear: String,
    /// The keys of the message the append method builds.
    pub(super) keys: Vec<String>,
    pub(super) drain: &'r FnInfo<'a>,
    pub(super) turn: &'r FnInfo<'a>,
    pub(super) queue: &'a str,
}

impl<'r, 'a> Parts<'r, 'a> {
    pub(super) fn locate(resolution: &'r Resolution<'a>) -> Result<Parts<'r, 'a>, String> {
        let index = &resolution.index;
        let one = |id: &str| {
            resolution.get(id).first().map(|m| m.range.clone()).ok_or_else(|| format!("anchor `{id}` did not resolve"))
        };
        let class_info = |at: &Range<usize>| {
            index.classes.iter().find(|c| c.range == *at).ok_or_else(|| format!("no class at byte {}", at.start))
        };
        let exec_at = one("execution-class")?;
        let exec = class_info(&exec_at)?;
        let exec_name = resolution.capture("execution-class", "CLASS").ok_or("the execution class has no name")?;
        let buffer_at = one("buffer-class")?;
        let buffer = class_info(&buffer_at)?;
        let buffer_name = resolution.capture("buffer-class", "CLASS").ok_or("the buffer class has no name")?;
        let method_name = |class: &Class, at: Range<usize>| -> Result<String, String> {
            let m = class_method(class, &at).ok_or_else(|| format!("byte {} is not inside a method", at.start))?;
            Ok(prop_name(&m.key).ok_or("a computed method name")?.to_string())
        };
        let append_at = one("buffer-append")?;
        let append = method_name(buffer.class, append_at.clone())?;
        let clear = method_name(buffer.class, one("buffer-clear")?)?;
        let keys = index
            .enclosing_function(&append_at)
            .and_then(|f| resolution.expr_at(f, &append_at))
            .map(entry_keys)
            .unwrap_or_default();
        let drain_at = one("drain")?;
        let drain = index.function_at(&drain_at).ok_or("the drain is not a function")?;
        let turn_at = one("end-of-turn")?;
        let turn = index.function_at(&turn_at).ok_or("the end-of-turn check is not a function")?;
        let queue = resolution.capture("own-queue", "QUEUE").ok_or("own-queue captured nothing")?;
        Ok(Parts { exec_at, exec, exec_name, buffer_at, buffer, buffer_name, append, clear, keys, drain, turn, queue })
    }
}
