/// Renders a component tree as Graphviz DOT or as JSON.
///
/// Every binding gets an id, `<component index>.<binding index>` (`0.3`: the root component's
/// fourth binding); components are numbered parents first, the root being `0`. An edge goes
/// from a binding to each binding that satisfies one of its requests, in its own component or
/// an ancestor (several for a collection); a request nothing satisfies has no edge.
package struct GraphExporter {
    private let tree: ComponentTree

    package init(_ tree: ComponentTree) {
        self.tree = tree
    }

    /// One resolved dependency edge.
    private struct Edge {
        let from: String
        let to: String
        let kind: RequestKind
    }

    private func id(_ component: Int, _ binding: Int) -> String { "\(component).\(binding)" }

    private func edges(from component: Int) -> [Edge] {
        tree.nodes[component].model.bindings.enumerated().flatMap { index, binding in
            binding.dependencies.flatMap { dependency -> [Edge] in
                guard dependency.kind.isSuppliedByGraph else { return [] }
                for ancestor in tree.chain(from: component) {
                    if let targets = tree.nodes[ancestor].bindingsByKey[dependency.key] {
                        return targets.map { Edge(from: id(component, index), to: id(ancestor, $0), kind: dependency.kind) }
                    }
                }
                return []
            }
        }
    }

    // MARK: DOT

    /// Graphviz DOT text: one cluster per component, nested as the components are; dashed
    /// edges for requests that defer construction (`Provider`, `WeakProvider`).
    package var dot: String {
        var lines = ["digraph \(quoted(tree.nodes[0].model.type.name)) {",
                     "  rankdir=LR;",
                     "  graph [fontname=\"Helvetica\"];",
                     "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];",
                     "  edge [fontname=\"Helvetica\", fontsize=9];"]
        let allEdges = tree.nodes.indices.flatMap { edges(from: $0) }
        lines += cluster(0, indent: "  ", requested: Set(allEdges.map(\.to)))
        for edge in allEdges {
            let style = edge.kind.isDeferred ? " [style=dashed, label=\(quoted(edge.kind.name))]" : ""
            lines.append("  \(quoted(edge.from)) -> \(quoted(edge.to))\(style);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A component's cluster. Built-in bindings (present in every component) are drawn only
    /// when something requests them.
    private func cluster(_ component: Int, indent: String, requested: Set<String>) -> [String] {
        let model = tree.nodes[component].model
        let scope = model.scope.map { " (\($0.name))" } ?? ""
        var lines = ["\(indent)subgraph \(quoted("cluster_\(component)")) {",
                     "\(indent)  label=\(quoted(model.type.name + scope));"]
        for (index, binding) in model.bindings.enumerated()
        where binding.kind != .builtIn || requested.contains(id(component, index)) || binding.key == model.rootKey {
            var label = binding.key.description
            if let scope = binding.scope { label += "\n[\(scope.name)]" }
            label += "\n\(binding.kind.name) at \(binding.location)"
            if binding.effect.isAsynchronous { label += "\n\(binding.effect.actor.map { "@\($0)" } ?? "async")" }
            var shape = binding.key == model.rootKey ? ", penwidth=2" : ""
            // Asynchronous bindings are drawn rounded and filled, so they stand out.
            if binding.effect.isAsynchronous { shape += ", style=\"rounded,filled\", fillcolor=\"#e8f0fe\"" }
            lines.append("\(indent)  \(quoted(id(component, index))) [label=\(quoted(label))\(shape)];")
        }
        for child in tree.nodes.indices where tree.nodes[child].parent == component {
            lines += cluster(child, indent: indent + "  ", requested: requested)
        }
        lines.append("\(indent)}")
        return lines
    }

    private func quoted(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }

    // MARK: JSON

    /// JSON in the schema `Documentation/graph-schema.md` describes (version 1), with keys in a
    /// fixed order so the output is stable.
    package var json: String {
        JSONValue.object([
            ("schemaVersion", .number(1)),
            ("components", .array(tree.nodes.indices.map(component))),
        ]).rendered + "\n"
    }

    private func component(_ index: Int) -> JSONValue {
        let node = tree.nodes[index]
        let model = node.model
        return .object([
            ("id", .number(index)),
            ("type", .string(model.type.name)),
            ("parent", node.parent.map { .number($0) } ?? .null),
            ("scope", model.scope.map { .string($0.name) } ?? .null),
            ("seed", model.bindings.first { $0.kind == .seed }.map { key($0.key) } ?? .null),
            ("root", key(model.rootKey)),
            ("bindings", .array(model.bindings.enumerated().map { offset, binding in
                .object([
                    ("id", .string(id(index, offset))),
                    ("key", key(binding.key)),
                    ("kind", .string(binding.kind.name)),
                    ("scope", binding.scope.map { .string($0.name) } ?? .null),
                    ("effect", .string(binding.effect.name)),
                    ("module", binding.module.map { .string($0.name) } ?? .null),
                    ("location", .object([("file", .string(binding.location.file)), ("line", .number(binding.location.line)), ("column", .number(binding.location.column))])),
                    ("dependencies", .array(binding.dependencies.map { dependency in
                        .object([
                            ("key", key(dependency.key)),
                            ("kind", .string(dependency.kind.name)),
                            ("requestedAs", .string(dependency.requestedType.name)),
                        ])
                    })),
                ])
            })),
            ("edges", .array(edges(from: index).map { edge in
                .object([("from", .string(edge.from)), ("to", .string(edge.to)), ("kind", .string(edge.kind.name))])
            })),
        ])
    }

    private func key(_ key: BindingKey) -> JSONValue {
        .object([("type", .string(key.type.name)), ("tag", key.tag.map { .string($0.name) } ?? .null)])
    }
}
