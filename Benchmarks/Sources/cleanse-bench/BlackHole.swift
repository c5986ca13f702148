/// Takes a value and does nothing with it, out of the optimizer's sight, so that the work
/// that made the value cannot be dropped from a timed loop.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}
