/// Finds values shared in subcomponents that keep a handle on their own component: the one
/// lifetime pattern Cleanse cannot free (see `ComponentInstance`), reported at
/// `ComponentFactory.of` rather than leaking one child graph per request.
///
/// A root component is built once, so the same pattern there costs one graph and is left
/// alone. `TaggedProvider` requests are not counted: they are nearly always read at once.
enum SelfRetainingValues {
    /// The errors of every subcomponent below `collector`.
    static func errors(below collector: BindingCollector) -> [SelfRetainingValue] {
        collector.subcomponents.flatMap { child in
            errors(in: child.collector) + errors(below: child.collector)
        }
    }

    private static func errors(in collector: BindingCollector) -> [SelfRetainingValue] {
        // Most components share no values: they pay nothing more.
        guard collector.records.contains(where: { $0.model.scope != nil && $0.makesValues }) else { return [] }
        var positions: [BindingKey: [Int]] = [:]
        for (position, record) in collector.records.enumerated() {
            positions[record.model.key, default: []].append(position)
        }
        var errors: [SelfRetainingValue] = []
        for record in collector.records where record.model.scope != nil && record.makesValues {
            if let handle = handle(keptBy: record, in: collector, positions: positions) {
                errors.append(SelfRetainingValue(key: record.model.key, location: record.model.location, component: collector.componentType, handle: handle))
            }
        }
        return errors
    }

    /// The first handle on its component that `record`'s value keeps, directly or through
    /// what it is given directly, as the type that requested it.
    private static func handle(keptBy record: BindingRecord, in collector: BindingCollector, positions: [BindingKey: [Int]]) -> TypeIdentity? {
        var pending = [record.model]
        var seen = Set<BindingKey>()
        while let binding = pending.popLast() {
            for request in binding.dependencies {
                switch request.kind {
                case .provider, .asyncProvider:
                    return request.requestedType
                case .direct:
                    for target in positions[request.key] ?? [] {
                        let model = collector.records[target].model
                        if model.kind.holdsItsComponent {
                            return request.requestedType
                        }
                        if seen.insert(model.key).inserted {
                            pending.append(model)
                        }
                    }
                default:
                    continue
                }
            }
        }
        return nil
    }
}
