/// Turns a validated component's binding records into a ``ComponentTemplate``.
///
/// Bindings are linked in dependency order, so every direct request is wired straight to
/// the resolver of its target; requests through `Provider` or `WeakProvider` (which may
/// close a cycle) go through a forward cell filled once everything is linked.
final class Linker {
    private let collector: BindingCollector
    private let parent: ComponentTemplate?
    /// The positions of the records that bind each key (several for a collection).
    private let positionsByKey: [BindingKey: [Int]]
    /// The positions of each key's collection contributions.
    private let contributionPositions: [BindingKey: [Int]]
    private var linked: [BindingKey: AnyResolver] = [:]
    private var forwards: [BindingKey: ForwardCell] = [:]
    private var nextSlot = 0

    private init(collector: BindingCollector, parent: ComponentTemplate?) {
        self.collector = collector
        self.parent = parent
        var positions: [BindingKey: [Int]] = [:]
        var contributions: [BindingKey: [Int]] = [:]
        for (position, record) in collector.records.enumerated() {
            positions[record.model.key, default: []].append(position)
            if record.merge != nil {
                contributions[record.model.key, default: []].append(position)
            }
        }
        positionsByKey = positions
        contributionPositions = contributions
    }

    /// Links a validated component below `parent` (already linked, or `nil` for a root).
    static func link(_ collector: BindingCollector, parent: ComponentTemplate?) -> ComponentTemplate {
        let linker = Linker(collector: collector, parent: parent)
        var byPosition = [AnyResolver?](repeating: nil, count: collector.records.count)
        for position in linker.dependencyOrder() {
            let record = collector.records[position]
            let dependencies = record.requests.map { $0.link(linker, false) }
            let slot: Int? = record.model.scope == nil ? nil : linker.takeSlot()
            let resolver = record.link(dependencies, slot)
            byPosition[position] = resolver
            if record.merge == nil {
                linker.linked[record.model.key] = resolver
            }
        }
        // Each collection joins its contributions in the order they were written, after the
        // elements its nearest ancestor's collection of the same key provides.
        for (key, positions) in linker.contributionPositions {
            let merge = collector.records[positions[0]].merge
            linker.linked[key] = merge?(positions.compactMap { byPosition[$0] }, linker.ancestorResolver(for: key))
        }
        for (key, cell) in linker.forwards {
            cell.target = linker.linked[key]
        }
        var injections: [ObjectIdentifier: UntypedInjection] = [:]
        for record in collector.records {
            if let (target, inject) = record.untypedInjection, let resolver = linker.linked[record.model.key] {
                injections[target] = inject(resolver)
            }
        }
        let template = ComponentTemplate(
            componentType: collector.componentType,
            parent: parent,
            scopedSlotCount: linker.nextSlot,
            resolvers: linker.linked,
            root: linker.linked[collector.rootKey] ?? Resolver<Void> { _ in },
            untypedInjections: injections
        )
        for (child, cell) in collector.subcomponents {
            cell.storedTemplate = link(child, parent: template)
        }
        return template
    }

    /// The resolver for `key` as seen from this component, typed as the binding's value.
    /// A collection is joined only once all its contributions are linked, so requests for it
    /// always go through a forward cell.
    func resolver<Value>(for key: BindingKey, as _: Value.Type, deferred: Bool) -> Resolver<Value> {
        if positionsByKey[key] != nil {
            if !deferred, contributionPositions[key] == nil, let resolver = linked[key] {
                return resolver.typed(Value.self)
            }
            let cell = forwards[key] ?? ForwardCell()
            forwards[key] = cell
            return Resolver(following: cell)
        }
        if let inherited = ancestorResolver(for: key) {
            return inherited.typed(Value.self)
        }
        return Resolver { _ in RuntimeFailure.unlinkedKey(key) }
    }

    /// The nearest ancestor's resolver for `key`, resolved in that ancestor's instance.
    private func ancestorResolver(for key: BindingKey) -> AnyResolver? {
        var levels = 1
        var template = parent
        while let current = template {
            if let target = current.resolvers[key] {
                return target.hop(levels)
            }
            levels += 1
            template = current.parent
        }
        return nil
    }

    private func takeSlot() -> Int {
        defer { nextSlot += 1 }
        return nextSlot
    }

    /// Record positions ordered so that each binding follows everything it requests directly.
    /// Validation has already ruled out cycles over direct edges.
    private func dependencyOrder() -> [Int] {
        DirectDependencyWalk(collector.records.map(\.model)) { key in
            contributionPositions[key] ?? positionsByKey[key] ?? []
        }.postOrder
    }
}

/// Where the linker publishes the binding of a key that was not linked yet when a deferred
/// request for it (through `Provider` or `WeakProvider`, or for a collection) was.
final class ForwardCell: @unchecked Sendable {
    // Safe to share: `target` is set by the linker before the template is published, and
    // only read afterwards.
    @exclusivity(unchecked)
    var target: AnyResolver?
}

/// The template of a subcomponent, linked after its parent's; the parent's
/// `ComponentFactory<Sub>` binding reads it when it is resolved.
final class TemplateCell: @unchecked Sendable {
    // Safe to share: `storedTemplate` is set by the linker before the root template is
    // published to a `ComponentFactory`.
    var storedTemplate: ComponentTemplate?

    var template: ComponentTemplate {
        guard let storedTemplate else { RuntimeFailure.unlinkedKey(nil) }
        return storedTemplate
    }
}

extension RuntimeFailure {
    /// A resolver asked for a key the linker never linked: validation prevents this, so it
    /// is a bug in Cleanse itself.
    static func unlinkedKey(_ key: BindingKey?) -> Never {
        fatalError("[Cleanse/InternalError] no resolver was linked for '\(key?.description ?? "a deferred request")'. Please report this bug.")
    }
}
