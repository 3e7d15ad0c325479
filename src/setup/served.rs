//! Served: what kiro-cli runs for a tree once the launch shim is set up, when
//! that is not the tree itself. A stock tree the shim runs from a patched
//! mirror is reported as that mirror (`patched (mirror: …)`, exit 0), and a
//! tree whose folder will not take a patch is sent to the mirror in words
//! that fit the saved choice and this environment.

use crate::fix::config::{Config, Saved};
use crate::fix::mark::Mode;
use crate::run::exit::{EXIT_OK, EXIT_STOCK};
use crate::run::inspect::State;
use crate::run::report::{Action, Outcome, Served};
use crate::setup::{mirror, shim};

/// After --check, --ensure or apply on one tree (alone or with --all).
pub fn by_mirror(outcome: &mut Outcome, saved: &Saved) {
    let unwritable = outcome.writable == Some(false) && outcome.error.is_some();
    let open = match outcome.action {
        // Stock and patchable, or refused only for its folder.
        Action::Check => outcome.exit == EXIT_STOCK || unwritable,
        Action::Ensure | Action::Apply => unwritable,
        _ => false,
    };
    let (Ok(Some((_, config))), Some(bundle), true) = (saved, outcome.real_path.clone(), open) else { return };
    if outcome.state != Some(State::Stock) || !shim::mirrors(config, &bundle) {
        return;
    }
    let shim_here = matches!(shim::variable(), shim::Variable::Shim(_));
    // The shim makes its mirror in the saved mode; --ensure asks for the mode it chose.
    let mode = if outcome.action == Action::Check { config.mode() } else { outcome.mode };
    match (shim_here, in_use(outcome, mode)) {
        (true, Some(found)) if outcome.action != Action::Apply => serve(outcome, found, mode),
        (true, _) if outcome.action == Action::Check => {
            // The next start makes the mirror: as patchable as this tree gets.
            let next_start = format!(
                "the launch shim runs a patched mirror of it from the next kiro-cli start (write-to {})",
                config.write_to.as_str()
            );
            outcome.message = if unwritable {
                format!("stock; its folder is not writable, so apply would be refused, but {next_start}")
            } else {
                format!("{}; {next_start}", outcome.message)
            };
            outcome.error = None;
            outcome.next_step = None;
            outcome.exit = EXIT_STOCK;
        }
        (true, _) => outcome.next_step = Some(format!("nothing needs writing here: {}", shim_mirrors(config))),
        (false, _) => {
            outcome.next_step = Some(format!(
                "{}, but KIRO_KAS_NODE_PATH does not name the working shim here: set it as \
                 `kiro-steer-scope --set-up` prints",
                shim_mirrors(config)
            ))
        }
    }
}

fn shim_mirrors(config: &Config) -> String {
    format!(
        "by your saved choice (write-to {}) the launch shim runs a patched mirror of this tree in its place",
        config.write_to.as_str()
    )
}

/// The published mirror of this very stock file in `mode`.
fn in_use(outcome: &Outcome, mode: Mode) -> Option<mirror::Mirror> {
    let bundle = outcome.real_path.as_ref()?;
    let stock = outcome.stock_sha.as_deref()?;
    mirror::of_bundle(bundle).into_iter().find(|m| m.manifest.mode == mode.as_str() && m.manifest.stock_sha256 == stock)
}

fn serve(outcome: &mut Outcome, found: mirror::Mirror, mode: Mode) {
    outcome.error = None;
    outcome.next_step = None;
    outcome.exit = EXIT_OK;
    outcome.message = format!(
        "kiro-cli runs a patched mirror of this stock tree ({mode} mode), which the launch shim keeps; \
         the tree itself is not written"
    );
    outcome.served = Some(Served { bundle: found.bundle(), mode: found.manifest.mode });
}
