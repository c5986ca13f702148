/// A component of a validated-to-be object graph, as plugins see it: its type, scope, seed,
/// bindings, and its place in the component tree.
///
/// Plugins receive the root and can walk the whole tree through ``subcomponents``. Two
/// facets describe the same component: the model (``type``, ``scopeIdentity``,
/// ``seedKey``, ``bindings``), with locations and request kinds, which a build-time tool
/// can make from source too; and, in the `Cleanse` module, the metatype facet Cleanse 4
/// plugins read (`componentType`, `scope`, `seed`, `providers`).
///
/// ```swift
/// func visit(root: ComponentBinding, errorReporter: CleanseErrorReporter) {
///     for component in root.allComponents {
///         for binding in component.bindings where binding.scope != nil { … }
///     }
/// }
/// ```
public final class ComponentBinding: @unchecked Sendable {
    // Safe to share: every property is set while the tree is built in `init` and never
    // changes afterwards; `parent` is weak only to avoid a reference cycle.

    /// The component type.
    public let type: TypeIdentity
    /// The component's scope, or `nil` when it is `Unscoped`.
    public let scopeIdentity: TypeIdentity?
    /// The key the seed passed to `build(_:)` is injectable as, or `nil` for a `Void` seed.
    public let seedKey: BindingKey?
    /// The type `build(_:)` takes, as declared (`TaggedProvider<UserID>`, or `Void`).
    public let seedType: TypeIdentity
    /// The key of the component's root object.
    public let rootKey: BindingKey
    /// Every binding configured in the component, in the order it was written.
    public let bindings: [BindingModel]
    /// The components installed in this one.
    public private(set) var subcomponents: [ComponentBinding] = []
    /// The component this one is installed in, or `nil` for the root.
    public private(set) weak var parent: ComponentBinding?

    package init(_ model: ComponentModel, parent: ComponentBinding? = nil) {
        type = model.type
        scopeIdentity = model.scope
        seedKey = model.bindings.first { $0.kind == .seed }?.key
        seedType = model.seedType
        rootKey = model.rootKey
        bindings = model.bindings
        self.parent = parent
        subcomponents = model.subcomponents.map { ComponentBinding($0, parent: self) }
    }

    /// This component and every component below it, parents before children.
    public var allComponents: [ComponentBinding] {
        [self] + subcomponents.flatMap(\.allComponents)
    }
}
