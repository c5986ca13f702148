/// A component as plain data: its bindings and its root request, with no closures, so that
/// the same validators can run on a model made at run time or from source code.
package struct ComponentModel: Sendable {
    /// The component type (`CoffeeShop.Component`).
    package let type: TypeIdentity
    /// The component's scope, or `nil` when it is `Unscoped`.
    package let scope: TypeIdentity?
    /// Every binding configured in the component, in the order they were written.
    package var bindings: [BindingModel]
    /// The key of the component's root object.
    package let rootKey: BindingKey
    /// The components installed in this one with `binder.install(dependency:)`; each sees
    /// this component's bindings, never the other way round.
    package var subcomponents: [ComponentModel]
    /// Every `install(dependency:)` written in this component, including any that name an
    /// ancestor (those have no entry in `subcomponents`: they would never end).
    package var installations: [ComponentInstallation]
    /// The type `build(_:)` takes, as declared (`TaggedProvider<UserID>`, or `Void`).
    package let seedType: TypeIdentity
    /// The modules the component includes, each once, with where it was first included.
    package var moduleInclusions: [ModuleInclusion]

    package init(
        type: TypeIdentity,
        scope: TypeIdentity?,
        bindings: [BindingModel],
        rootKey: BindingKey,
        subcomponents: [ComponentModel] = [],
        installations: [ComponentInstallation] = [],
        seedType: TypeIdentity = TypeIdentity(Void.self),
        moduleInclusions: [ModuleInclusion] = []
    ) {
        self.moduleInclusions = moduleInclusions
        self.seedType = seedType
        self.type = type
        self.scope = scope
        self.bindings = bindings
        self.rootKey = rootKey
        self.subcomponents = subcomponents
        self.installations = installations
    }
}

/// One `binder.install(dependency:)`: the installed component and where it was written.
package struct ComponentInstallation: Hashable, Sendable {
    package let component: TypeIdentity
    package let location: SourceLocation

    package init(component: TypeIdentity, location: SourceLocation) {
        self.component = component
        self.location = location
    }
}

/// One `binder.include(module:)`: the module, where it was written, and the module whose
/// `configure(binder:)` wrote it (`nil` for the component's own).
package struct ModuleInclusion: Hashable, Sendable {
    package let module: TypeIdentity
    package let location: SourceLocation
    package let includedBy: TypeIdentity?

    package init(module: TypeIdentity, location: SourceLocation, includedBy: TypeIdentity?) {
        self.module = module
        self.location = location
        self.includedBy = includedBy
    }
}

extension ComponentModel {
    /// How the component reaches `module`: its inclusion, then the inclusion of the module
    /// that included it, and so on up to one written in the component's own configuration.
    /// Empty for bindings the component writes itself.
    package func inclusionChain(of module: TypeIdentity?) -> [ModuleInclusion] {
        var chain: [ModuleInclusion] = []
        var current = module
        while let wanted = current, let inclusion = moduleInclusions.first(where: { $0.module == wanted }),
              !chain.contains(where: { $0.module == wanted }) {
            chain.append(inclusion)
            current = inclusion.includedBy
        }
        return chain
    }
}
