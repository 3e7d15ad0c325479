//! Judge writes: the fields the drain and the end-of-turn check read,
//! written on an execution by its own methods, on a child before it runs,
//! or through `Object.assign` and kin.

use swc_ecma_ast::*;

use crate::anchors::pattern::{prop_name, strip_parens};
use crate::anchors::resolve::within;
use crate::proof::account::judge::{inside, Tally};
use crate::proof::account::place::{COMPUTED, CURSOR};
use crate::proof::account::query::{writes_on, MemberWrite};
use crate::proof::account::sweep::{Keys, Obj, Sweep};
use crate::proof::account::world::World;
use crate::proof::site::bound_to;
use crate::read::parse::range;

impl<'r, 'a> World<'r, 'a> {
    /// 4. The fields the drain and the check read, written on an execution by its own methods.
    pub(super) fn judge_own_writes(&self, tally: &mut Tally) {
        for member in &self.exec.class.body {
            // The constructor's writes are the proof's own where a case ran them.
            if let ClassMember::Constructor(c) = member {
                let Some(f) = self.index.function_at(&range(c)) else { continue };
                let read = |w: &MemberWrite| self.fields.contains(&w.field) && w.field != CURSOR;
                tally
                    .must_run
                    .extend(writes_on(f.node, &Obj::This).iter().filter(|w| read(w)).map(|w| w.object.clone()));
                continue;
            }
            let (f, method) = match member {
                ClassMember::Method(m) => {
                    (self.index.function_at(&range(&*m.function)), prop_name(&m.key).unwrap_or(""))
                }
                ClassMember::PrivateMethod(m) => (self.index.function_at(&range(&*m.function)), ""),
                _ => continue,
            };
            let Some(f) = f else { continue };
            for MemberWrite { at, field, value, .. } in writes_on(f.node, &Obj::This) {
                if field == COMPUTED {
                    tally.unaccounted(
                        &at,
                        format!(
                            "the execution's method `{method}` writes a member through a computed key \
                             the tool cannot read"
                        ),
                    );
                    continue;
                }
                if !self.fields.contains(&field) || field == CURSOR {
                    continue; // the cursor was judged above
                }
                let consumes_queue = field == self.queue
                    && value.is_some_and(|v| matches!(strip_parens(v), Expr::Array(a) if a.elems.is_empty()));
                if consumes_queue {
                    tally.counted += 1;
                } else {
                    tally.unaccounted(
                        &at,
                        format!(
                            "the execution's method `{method}` writes `{field}`, which the drain \
                             or the end-of-turn check reads; the proof does not run it"
                        ),
                    );
                }
            }
        }
    }

    /// Variables bound to a construction: what is done to the child before it runs.
    pub(super) fn judge_constructed(&self, sweep: &Sweep, tally: &mut Tally) {
        let field_list = || self.fields.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", ");
        for site in self.spawns.iter().chain(&self.roots) {
            let Some(f) = self.index.enclosing_function(site) else { continue };
            let Some(name) = bound_to(f, site) else { continue };
            let built = format!("`{name}`, built at byte {}", site.start);
            let obj = Obj::Name(name);
            for MemberWrite { at, field, .. } in writes_on(f.node, &obj) {
                if field == COMPUTED {
                    tally.unaccounted(
                        &at,
                        format!("{built}, gets a member written through a computed key the tool cannot read"),
                    );
                } else if field != CURSOR && self.fields.contains(&field) {
                    tally.unaccounted(
                        &at,
                        format!(
                            "{built}, gets `{field}` written before it runs; \
                             the drain or the end-of-turn check reads it"
                        ),
                    );
                }
            }
            for w in sweep.obj_writes.iter().filter(|w| within(&w.at, &f.range) && w.target == obj) {
                match &w.keys {
                    Keys::Known(keys) if !keys.iter().any(|k| self.fields.contains(k)) => tally.counted += 1,
                    Keys::Known(keys) => {
                        let hit: Vec<String> =
                            keys.iter().filter(|k| self.fields.contains(*k)).map(|k| format!("`{k}`")).collect();
                        tally.unaccounted(&w.at, format!("{built}, gets {} written before it runs", hit.join(", ")));
                    }
                    Keys::Unknown => tally.unaccounted(
                        &w.at,
                        format!(
                            "{built}, gets properties the tool cannot list written before it runs \
                             (the drain reads {})",
                            field_list()
                        ),
                    ),
                }
            }
        }
    }

    /// Writes through Object.assign and kin: the cursor onto anything; onto the execution's own `this`,
    /// the fields the drain reads or keys the tool cannot list.
    pub(super) fn judge_object_writes(&self, sweep: &Sweep, tally: &mut Tally) {
        for w in &sweep.obj_writes {
            let on_exec_this =
                w.target == Obj::This && within(&w.at, &self.exec_range) && !inside(&w.at, &self.ctor_ranges);
            match &w.keys {
                Keys::Known(keys) if keys.iter().any(|k| k == CURSOR) => tally.unaccounted(
                    &w.at,
                    "the cursor is written here through an object (Object.assign, defineProperty, Reflect)".into(),
                ),
                Keys::Known(keys) if on_exec_this && keys.iter().any(|k| self.fields.contains(k)) => tally
                    .unaccounted(&w.at, "the execution writes fields the drain reads through an object here".into()),
                Keys::Unknown if on_exec_this => tally
                    .unaccounted(&w.at, "the execution writes properties the tool cannot list onto itself here".into()),
                // Writes onto other objects are none of the proof's business, and
                // not counted: only what the prefilter parses for a reason counts.
                _ => {}
            }
        }
    }
}
