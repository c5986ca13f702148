/// Takes a value and does nothing with it, out of the optimizer's sight, so that the work
/// that made the value cannot be dropped from a timed loop. It takes the value owned, as
/// storing it would, so every variant pays for the reference it hands over.
@inline(never) @_optimize(none)
public func blackHole<T>(_ value: consuming T) {}
