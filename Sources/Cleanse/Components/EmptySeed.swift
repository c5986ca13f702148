/// The seed of a component that takes none: `build(())`, or simply `build()`.
///
/// The name Cleanse 4 components use for `typealias Seed = EmptySeed`; it is `Void`, the
/// default seed, so both spellings mean the same component.
public typealias EmptySeed = Void
