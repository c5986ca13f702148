import CleanseGraph

/// Models of small apps spelled as a source-level tool spells them, for the tests of the
/// validators and shared rules on plain data: `binding("Feed", needs: ["Store"])`.
enum SpelledGraph {
    static let file = "App/AppModule.swift"

    static func key(_ type: String, tag: String? = nil) -> BindingKey {
        BindingKey(type: TypeIdentity(spelling: type), tag: tag.map { TypeIdentity(spelling: $0) })
    }

    static func location(_ line: Int) -> SourceLocation {
        SourceLocation(file: file, line: line)
    }

    /// A request of `type`: `Provider<X>` and `WeakProvider<X>` are deferred requests of `X`,
    /// anything else a direct request.
    static func request(_ type: String) -> DependencyRequest {
        for (wrapper, kind) in [("Provider", RequestKind.provider), ("WeakProvider", .weakProvider), ("AsyncProvider", .asyncProvider)] where type.hasPrefix("\(wrapper)<") {
            let inner = String(type.dropFirst(wrapper.count + 1).dropLast())
            return DependencyRequest(key: key(inner), kind: kind, requestedType: TypeIdentity(spelling: type))
        }
        return DependencyRequest(key: key(type), kind: .direct, requestedType: TypeIdentity(spelling: type))
    }

    static func binding(
        _ type: String,
        tag: String? = nil,
        kind: BindingKind = .factory,
        scope: String? = nil,
        at line: Int = 1,
        needs requests: [String] = [],
        entry: String? = nil,
        effect: BindingEffect = .synchronous,
        valueType: Bool = false
    ) -> BindingModel {
        BindingModel(
            key: key(type, tag: tag),
            kind: kind,
            scope: scope.map { TypeIdentity(spelling: $0) },
            location: location(line),
            dependencies: requests.map(request),
            multibindingKey: entry.map { MultibindingKey(spelling: $0) },
            effect: effect,
            makesValueTypes: valueType
        )
    }

    static func component(
        _ name: String,
        scope: String? = nil,
        _ bindings: [BindingModel],
        root: String? = nil,
        children: [ComponentModel] = [],
        installedAt line: Int = 1
    ) -> ComponentModel {
        ComponentModel(
            type: TypeIdentity(spelling: name),
            scope: scope.map { TypeIdentity(spelling: $0) },
            bindings: bindings,
            rootKey: root.map { key($0) } ?? bindings[0].key,
            subcomponents: children,
            installations: children.map { ComponentInstallation(component: $0.type, location: location(line)) }
        )
    }

    static func errors(_ model: ComponentModel) -> [any CleanseError] {
        GraphValidation.errors(in: ComponentTree(root: model))
    }
}
