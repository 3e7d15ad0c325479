//! Judge escape: the rules of [`crate::proof::escape`] applied to the
//! world: delivery happens only in the drain, and construction is start.

use swc_ecma_ast::*;

use crate::anchors::resolve::clip;
use crate::proof::account::judge::Tally;
use crate::proof::account::place::Place;
use crate::proof::account::world::World;
use crate::proof::site::bound_to;

impl<'r, 'a> World<'r, 'a> {
    /// Delivery happens only in the drain (see `escape`).
    pub(super) fn judge_deliveries(&self, program: &Program, tally: &mut Tally) {
        let delivery = crate::proof::escape::delivery_methods(self.exec, &self.queue);
        let open = crate::proof::escape::deliveries_outside(
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
            let through_helper = paths.len() > 1;
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
                if let Some((kept, how)) = crate::proof::escape::kept_before_start(f, &at, bound_to(f, &at).as_deref())
                {
                    tally.unaccounted(
                        &kept,
                        format!(
                            "the child built at byte {} {how} before it starts: a seed at its construction \
                             would be taken early, and steers typed in between replayed into it",
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
}
