//! Place: what the accounting reports of one place in the bundle, and the
//! names it looks for there (shared by every part of the accounting).

pub(super) const CURSOR: &str = "steeringReaderIndex";
pub(super) const SETTER: &str = "setSteeringReaderIndex";
pub(super) const DEPTH: &str = "subExecutionDepth";
/// Members only an execution has (public facts): a config that reads one of
/// them is built from another execution, so it is not a root's.
pub(super) const EXECUTION_ONLY: &[&str] = &[
    "abortController",
    "subExecutionDepth",
    "steeringReaderIndex",
    "setSteeringReaderIndex",
    "executionId",
    "drainRetryCount",
];
/// A member written through a computed key the tool cannot read.
pub(super) const COMPUTED: &str = "[computed key]";
/// The mark of a sub-execution that memory extraction carries.
pub(super) const SUB_MARK: &str = "skipHooks";

/// One place in the bundle and what the accounting made of it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    pub at: usize,
    pub code: String,
    pub why: String,
}
