/// Reports a dictionary entry key contributed twice where both are visible: in one
/// component, or in a component and one of its ancestors. Each component reports the
/// entries it contributes itself, with every visible place they are contributed.
struct DuplicateDictionaryKeyValidator: GraphValidator {
    func validate(_ tree: ComponentTree) -> [any CleanseError] {
        // Where each component contributes each entry.
        let entries: [[EntryID: [SourceLocation]]] = tree.nodes.map { node in
            var byEntry: [EntryID: [SourceLocation]] = [:]
            // Only contributions carry entry keys; the rest are skipped without copying one.
            for binding in node.model.bindings where binding.isContribution {
                if let entry = binding.multibindingKey {
                    byEntry[EntryID(dictionary: binding.key, entry: entry), default: []].append(binding.location)
                }
            }
            return byEntry
        }
        var errors: [DuplicateDictionaryKey] = []
        for index in tree.nodes.indices {
            let ancestors = tree.chain(from: index).dropFirst()
            for (entry, own) in entries[index] {
                let locations = own + ancestors.flatMap { entries[$0][entry] ?? [] }
                if locations.count > 1 {
                    errors.append(DuplicateDictionaryKey(dictionary: entry.dictionary, entryKey: entry.entry.description, locations: locations))
                }
            }
        }
        return errors.sorted { ($0.locations[0], $0.entryKey) < ($1.locations[0], $1.entryKey) }
    }

    private struct EntryID: Hashable {
        let dictionary: BindingKey
        let entry: MultibindingKey
    }
}
