//! A work budget for the fast unwinnability check (added for hector; not part of chasolver 3.0.0).
//!
//! [`crate::is_unwinnable_fast_within`] gives the check a number of steps: each position the searches
//! visit costs one, each static saturation [`SATURATION_COST`]. When the steps run out, every search
//! stops at once and answers "not proven", so the check ends after about that much work on any machine,
//! and a position is never called unwinnable on an unfinished search. Without a budget (every other entry
//! point), the steps are unlimited and nothing changes.

use std::cell::Cell;

/// What one run of the static saturation counts for, in visited positions.
pub(crate) const SATURATION_COST: u64 = 50;

thread_local! {
    static LEFT: Cell<u64> = const { Cell::new(u64::MAX) };
}

/// Spends `steps`; `false` when the budget cannot pay for them (and then never again in this run).
#[inline]
pub(crate) fn spend(steps: u64) -> bool {
    LEFT.with(|left| {
        let now = left.get();
        if now < steps {
            left.set(0);
            false
        } else {
            left.set(now - steps);
            true
        }
    })
}

/// Runs `f` with `steps` to spend; returns its result and whether the steps ran out.
pub(crate) fn with_budget<T>(steps: u64, f: impl FnOnce() -> T) -> (T, bool) {
    let before = LEFT.with(|left| left.replace(steps));
    let out = f();
    let after = LEFT.with(|left| left.replace(before));
    (out, after == 0)
}
