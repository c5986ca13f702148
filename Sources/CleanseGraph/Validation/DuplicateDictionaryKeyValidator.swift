/// Reports a dictionary entry key contributed twice where both are visible: in one
/// component, or in a component and one of its ancestors.
struct DuplicateDictionaryKeyValidator: GraphValidator {
    func validate(_ tree: ComponentTree) -> [any CleanseError] {
        var errors: [DuplicateDictionaryKey] = []
        for (index, _) in tree.nodes.enumerated() {
            let own = tree.nodes[index].model.bindings
            let visible = tree.chain(from: index).flatMap { tree.nodes[$0].model.bindings }
            let ownEntries = Set(own.compactMap { binding in binding.multibindingKey.map { EntryID(dictionary: binding.key, entry: $0) } })
            let grouped = Dictionary(grouping: visible.filter { $0.multibindingKey != nil }) {
                EntryID(dictionary: $0.key, entry: $0.multibindingKey ?? "")
            }
            for (entry, bindings) in grouped where bindings.count > 1 && ownEntries.contains(entry) {
                // Report each clash once: in the component where its last contribution is.
                let locations = bindings.map(\.location)
                guard !errors.contains(where: { $0.dictionary == entry.dictionary && $0.entryKey == entry.entry && Set($0.locations) == Set(locations) }) else { continue }
                errors.append(DuplicateDictionaryKey(dictionary: entry.dictionary, entryKey: entry.entry, locations: locations))
            }
        }
        return errors.sorted { ($0.locations[0], $0.entryKey) < ($1.locations[0], $1.entryKey) }
    }

    private struct EntryID: Hashable {
        let dictionary: BindingKey
        let entry: String
    }
}
