/// Finds shared objects of subcomponents that would keep each other, and their component
/// instance, alive for ever (``RetentionCycle``): the one lifetime Cleanse cannot free
/// without making a shared object twice, reported at `ComponentFactory.of` instead.
/// The runtime and cleansec both run it, once the other validators found nothing.
package enum RetentionCycles {
    /// The errors of every subcomponent of `tree`, in the order the tree lists them.
    package static func errors(in tree: ComponentTree) -> [RetentionCycle] {
        tree.subcomponentsInOrder().flatMap { errors(in: tree.nodes[$0]) }
    }

    private static func errors(in node: ComponentTree.Node) -> [RetentionCycle] {
        let component = node.model
        // Most components share nothing that keeps a handle: they pay one pass.
        let analysis = RetentionAnalysis(node)
        guard analysis.hasRetainingShared else { return [] }
        return analysis.retentionCycles().map { cycle in
            let links = cycle.indices.map { index in
                let position = cycle[index]
                let next = cycle[(index + 1) % cycle.count]
                let binding = analysis.bindings[position]
                let request = analysis.request(of: position, reaching: next)
                return RetentionCycle.Link(
                    key: binding.key,
                    location: binding.location,
                    handle: request?.requestedType ?? binding.key.type,
                    handleKind: request?.kind ?? .direct
                )
            }
            return RetentionCycle(component: component.type, links: links)
        }
    }
}
