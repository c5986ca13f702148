/// The overrides of one `ComponentFactory.of(_:overrides:)` call, applied to the root's tree
/// and to each feature it installs (see `Overrides` in CleanseGraph), with the keys they
/// replaced so far in any of those graphs.
///
/// Used on the thread running `ComponentFactory.of` only, and dropped with the collectors:
/// its mutable state is `@exclusivity(unchecked)`.
final class OverrideReplacements {
    /// What replaces each overridden key.
    let records: [BindingKey: [BindingRecord]]
    /// The keys that replaced a binding or a construction in some graph.
    @exclusivity(unchecked)
    private(set) var used: Set<BindingKey> = []

    init(_ records: [BindingKey: [BindingRecord]]) {
        self.records = records
    }

    /// Replaces each overridden binding in `collector`'s tree; a feature's (`handedIn`, its
    /// seed) keeps what it reads from its dependencies.
    func apply(to collector: BindingCollector, handedIn seed: BindingKey? = nil) {
        used.formUnion(collector.applyOverrides(records, handedIn: seed))
    }

    /// A copy of the override that serves `key` where a graph would construct it just in
    /// time (`construction`), or `nil`.
    func replacingConstruction(of key: BindingKey, construction: JustInTimeBindingRule.Construction?) -> BindingRecord? {
        Overrides.replacingConstruction(of: key, construction: construction, replacements: records, used: &used)?.copy()
    }
}
