/// The walk behind ``JustInTimeBindingRule/plan(in:constructor:)``: every untagged request, in
/// the order written (parents' before children's, then what the added bindings request),
/// served by a binding it sees or one added for it. Each key is looked up once per request,
/// in one table that holds where it is bound, where it was added and how it is constructed,
/// so that a graph of a thousand constructed types costs about what its binding lines would.
struct JustInTimeAdditionWalk {
    /// A component of the tree.
    struct Node {
        /// The positions of the subcomponents leading to it from the root.
        let path: [Int]
        /// The parent's index, `-1` for the root.
        let parent: Int
        /// The component's scope, where scoped bindings go.
        let scope: TypeIdentity?
    }

    /// What the walk knows of one key: plain data, so that the table grows by copying bytes.
    struct Entry {
        let key: BindingKey
        /// The first component that binds the key (others: ``JustInTimeAdditionWalk/boundElsewhere``).
        var boundIn = -1
        /// The first component the key's binding was added to (others: ``JustInTimeAdditionWalk/addedElsewhere``).
        var addedIn = -1
        /// Whether `constructor` was asked about the key.
        var asked = false
        /// Whether more than one component binds the key or was given its binding.
        var heldElsewhere = false
        /// Which call of `constructor` described it (when its binding is set).
        var answer = 0
    }

    private var nodes: [Node] = []
    private var entries: [Entry] = []
    /// The components beyond the first that bind a key, by entry (a key bound in several
    /// subcomponents); most keys have none.
    private var boundElsewhere: [Int: [Int]] = [:]
    /// The components beyond the first the key's binding was added to, by entry.
    private var addedElsewhere: [Int: [Int]] = [:]
    /// The bindings `constructor` described, by entry (kept apart: entries stay small).
    private var bindings: [BindingModel?] = []
    /// Each key's entry.
    private var entryOfKey: [BindingKey: Int] = [:]
    /// The requests to serve: the requesting component and the requested key's entry.
    private var requests: [(node: Int, entry: Int)] = []
    /// The bindings added, by component and entry, in the order added.
    private var added: [(node: Int, entry: Int)] = []
    /// How many times `constructor` was called.
    private var calls = 0
    private(set) var servesEveryRequest = true

    init(_ model: ComponentModel) {
        var pending: [(model: ComponentModel, path: [Int], parent: Int)] = [(model, [], -1)]
        var requested: [(node: Int, key: BindingKey)] = []
        while let (component, path, parent) = pending.popLast() {
            let node = nodes.count
            nodes.append(Node(path: path, parent: parent, scope: component.scope))
            for binding in component.bindings {
                let bound = entry(of: binding.key)
                if entries[bound].boundIn < 0 {
                    entries[bound].boundIn = node
                } else if entries[bound].boundIn != node {
                    boundElsewhere[bound, default: []].append(node)
                    entries[bound].heldElsewhere = true
                }
                let dependencies = binding.dependencies
                for request in dependencies.indices {
                    let key = dependencies[request].key
                    guard key.tag == nil else {
                        servesEveryRequest = false
                        continue
                    }
                    requested.append((node, key))
                }
            }
            for (index, child) in component.subcomponents.enumerated().reversed() {
                pending.append((child, path + [index], node))
            }
        }
        // A graph of constructed types grows from a few requests to a key per type: room for
        // a few hundred keys spares most of the tables' growing.
        let room = Swift.max(1024, 2 * (entries.count + requested.count))
        entries.reserveCapacity(room)
        bindings.reserveCapacity(room)
        entryOfKey.reserveCapacity(room)
        requests.reserveCapacity(room)
        added.reserveCapacity(room)
        for (node, key) in requested {
            requests.append((node, entry(of: key)))
        }
    }

    /// The index of `key`'s entry, made on first use (the table is probed once).
    private mutating func entry(of key: BindingKey) -> Int {
        let next = entries.count
        let index = Self.claim(&entryOfKey[key, default: -1], next)
        if index == next {
            entries.append(Entry(key: key))
            bindings.append(nil)
        }
        return index
    }

    /// `slot`'s index, or `next` stored in it when it has none.
    private static func claim(_ slot: inout Int, _ next: Int) -> Int {
        if slot < 0 { slot = next }
        return slot
    }

    /// Whether `entry`'s key is bound in `node`.
    private func isBound(_ entry: Int, in node: Int) -> Bool {
        entries[entry].boundIn == node || (boundElsewhere[entry]?.contains(node) ?? false)
    }

    /// Whether `entry`'s key was added to `node`.
    private func isAdded(_ entry: Int, to node: Int) -> Bool {
        entries[entry].addedIn == node || (addedElsewhere[entry]?.contains(node) ?? false)
    }

    /// Whether `entry`'s key is bound or added in `node` or one of its ancestors.
    private func isVisible(_ entry: Int, from node: Int) -> Bool {
        // Most keys are held by one component at most: nothing to look up elsewhere.
        let heldElsewhere = entries[entry].heldElsewhere
        var current = node
        while current >= 0 {
            if entries[entry].boundIn == current || entries[entry].addedIn == current { return true }
            if heldElsewhere, isBound(entry, in: current) || isAdded(entry, to: current) { return true }
            current = nodes[current].parent
        }
        return false
    }

    /// Serves the requests in order, the added bindings' requests after those before them.
    mutating func serveRequests(_ constructor: (BindingKey) -> JustInTimeBindingRule.Construction?) {
        var next = 0
        while next < requests.count {
            let (node, entry) = requests[next]
            next += 1
            guard !isVisible(entry, from: node) else { continue }
            if !entries[entry].asked {
                entries[entry].asked = true
                entries[entry].answer = calls
                calls += 1
                bindings[entry] = constructor(entries[entry].key)?.binding
            }
            guard let binding = bindings[entry] else {
                servesEveryRequest = false
                continue
            }
            var home = node
            if let scope = binding.scope {
                while home >= 0, nodes[home].scope != scope {
                    home = nodes[home].parent
                }
                guard home >= 0 else {
                    servesEveryRequest = false
                    continue
                }
            }
            if entries[entry].addedIn < 0 {
                entries[entry].addedIn = home
            } else {
                addedElsewhere[entry, default: []].append(home)
                entries[entry].heldElsewhere = true
            }
            added.append((home, entry))
            let dependencies = binding.dependencies
            for request in dependencies.indices {
                let key = dependencies[request].key
                guard key.tag == nil else {
                    servesEveryRequest = false
                    continue
                }
                requests.append((home, self.entry(of: key)))
            }
        }
    }

    /// The additions in the order made, without those an ancestor's addition of the same key
    /// made redundant (a scoped binding's request, served above after a descendant served it).
    func additions() -> [JustInTimeBindingRule.Addition] {
        var result: [JustInTimeBindingRule.Addition] = []
        // The entries whose key has an addition in `result` already.
        var handedOut = [Bool](repeating: false, count: entries.count)
        result.reserveCapacity(added.count)
        for (node, entry) in added {
            var ancestor = nodes[node].parent
            var shadowed = false
            while ancestor >= 0, !shadowed {
                shadowed = isAdded(entry, to: ancestor)
                ancestor = nodes[ancestor].parent
            }
            guard !shadowed, let binding = bindings[entry] else { continue }
            result.append(JustInTimeBindingRule.Addition(
                component: nodes[node].path,
                binding: binding,
                answer: entries[entry].answer,
                isFirstOfKey: !handedOut[entry]
            ))
            handedOut[entry] = true
        }
        return result
    }
}
