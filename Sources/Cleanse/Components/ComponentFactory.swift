/// The common shape of component factories.
public protocol ComponentFactoryProtocol {
    /// The component the factory builds.
    associatedtype ComponentElement: ComponentBase

    /// Builds a new instance of the component from `seed` and returns its root object.
    func build(_ seed: ComponentElement.Seed) -> ComponentElement.Root
}

/// Builds instances of a validated component.
///
/// Get one for a root component with `of(_:validate:serviceLoader:)`, which validates the whole graph
/// first and throws every configuration error it finds; building never fails afterwards.
/// Each `build(_:)` makes a new component instance, with its own scoped instances.
///
/// ```swift
/// let factory = try ComponentFactory.of(CoffeeShop.self)
/// let coffeeMaker = factory.build(())
/// ```
public struct ComponentFactory<C: ComponentBase>: ComponentFactoryProtocol, Sendable {
    public typealias ComponentElement = C

    let template: ComponentTemplate
    let parent: ComponentInstance?

    init(template: ComponentTemplate, parent: ComponentInstance?) {
        self.template = template
        self.parent = parent
    }

    /// The warnings `of(_:)` found in the graph (`UnrequestedPropertyInjector`, and those
    /// plugins reported), also printed to standard error when the factory was made; empty
    /// for a subcomponent's factory (its warnings are its root's).
    ///
    /// ```swift
    /// let factory = try ComponentFactory.of(AppComponent.self)
    /// #expect(factory.warnings.isEmpty)
    /// ```
    public var warnings: [any CleanseError] { template.warnings }

    /// Builds a new instance of the component from `seed` and returns its root object.
    ///
    /// Called on a `ComponentFactory`, the overload that knows its caller's isolation,
    /// ``build(_:isolation:)-(C.Seed,_)``, is chosen; this one serves calls through
    /// ``ComponentFactoryProtocol``, whose callers' isolation is unknown, so a root made on
    /// the main actor cannot be built through it.
    @_disfavoredOverload
    public func build(_ seed: C.Seed) -> C.Root {
        build(seed, isolation: nil)
    }

    /// Builds a new instance of the component from `seed` and returns its root object.
    ///
    /// `isolation` is the caller's: leave it to its default. From code isolated to the main
    /// actor (a view controller, a `@MainActor` function) a root made on the main actor is
    /// built on the spot, as ``buildOnMainActor(_:)`` builds it:
    ///
    /// ```swift
    /// @MainActor func showFeed() {
    ///     let screen = feedFactory.build(())   // FeedScreen is @MainActor
    /// }
    /// ```
    ///
    /// Anywhere else, such a root stops the program with `[Cleanse/AsyncBuildRequired]` and
    /// the fix (cleansec reports the call at build time); build it with
    /// `try await buildAsync(seed)` instead.
    public func build(_ seed: C.Seed, isolation: isolated (any Actor)? = #isolation) -> C.Root {
        if template.rootIsMainActor, !Self.isMainActor(isolation) {
            RuntimeFailure.mainActorRootBuiltSynchronously(C.Root.self)
        }
        return buildRoot(seed)
    }

    /// Whether `isolation`, a caller's `#isolation`, is the main actor: then the caller runs
    /// on it, and main-actor factories may run on the spot.
    static func isMainActor(_ isolation: (any Actor)?) -> Bool {
        guard let isolation else { return false }
        return isolation === MainActor.shared
    }

    /// The root of a new instance holding `seed`, built synchronously. A subcomponent whose
    /// build cannot hand out its instance reuses the instance of a finished build (see
    /// `ComponentInstance+Reuse`).
    func buildRoot(_ seed: C.Seed) -> C.Root {
        guard template.reuseWord >= 0, let parent else {
            return resolveRoot(in: ComponentInstance(template: template, parent: parent, seed: seed))
        }
        var instance = ComponentInstance.reusable(of: template, in: parent, seed: seed)
        let root = resolveRoot(in: instance)
        ComponentInstance.finish(&instance)
        return root
    }

    /// The root of `instance`, resolved synchronously, on a large stack for a deep graph;
    /// built by the private build plan first when there is one and it needs no `await`.
    func resolveRoot(in instance: ComponentInstance) -> C.Root {
        if template.rootDepth > StackGuard.largeStackDepth {
            return StackGuard.onLargeStack(levels: template.rootDepth) { resolveRootHere(in: instance) }
        }
        return resolveRootHere(in: instance)
    }

    @inline(__always)
    private func resolveRootHere(in instance: ComponentInstance) -> C.Root {
        template.synchronousBuildPlan?.run(in: instance)
        return template.root.typed(C.Root.self).resolve(instance.buildAnchor())
    }
}

extension ComponentFactory {
    /// Builds a new instance of the component from `seed`, awaiting the asynchronous
    /// bindings its root needs (`async`, throwing or main-actor factories), and returns its
    /// root object. A component without asynchronous bindings builds as `build(_:)` does.
    ///
    /// ```swift
    /// let app = try await ComponentFactory.of(AppComponent.self).buildAsync(())
    /// ```
    ///
    /// - Throws: `FactoryFailed` when a factory throws, naming the binding.
    public func buildAsync(_ seed: C.Seed) async throws -> C.Root {
        let instance = ComponentInstance(template: template, parent: parent, seed: seed)
        guard let root = template.asyncRoot else {
            return resolveRoot(in: instance)
        }
        if let plan = template.privateBuildPlan {
            try await plan.run(in: instance)
        }
        return try await root.typed(C.Root.self).resolve(instance.buildAnchor())
    }
}

extension ComponentFactory {
    /// Builds the component on the main actor, synchronously, making main-actor bindings the
    /// root needs (view models, controllers) on the spot.
    ///
    /// ```swift
    /// @MainActor func start() throws {
    ///     let screen = try ComponentFactory.of(AppComponent.self).buildOnMainActor(())
    /// }
    /// ```
    ///
    /// - Throws: `AsyncBuildRequired` when the root needs a binding that is made
    ///   asynchronously; build it with `buildAsync(_:)` instead.
    @MainActor
    public func buildOnMainActor(_ seed: C.Seed) throws -> C.Root {
        if let cause = template.awaitCause(of: template.rootKey) {
            throw AsyncBuildRequired(key: cause.key, location: cause.location, component: template.componentType)
        }
        return buildRoot(seed)
    }
}

extension ComponentFactoryProtocol where ComponentElement.Seed: ProviderProtocol {
    /// Builds the component from the value its provider seed wraps: `build(userID)` for a
    /// component seeded with `TaggedProvider<UserID>`.
    public func build(_ seed: ComponentElement.Seed.Element) -> ComponentElement.Root {
        build(ComponentElement.Seed(value: seed))
    }
}

extension ComponentFactoryProtocol where ComponentElement.Seed == Void {
    /// Builds a component that takes no seed.
    public func build() -> ComponentElement.Root {
        build(())
    }
}

extension ComponentFactory where C.Seed: ProviderProtocol {
    /// Builds the component from the value its provider seed wraps, as
    /// ``build(_:isolation:)-(C.Seed,_)`` builds it from the seed: `build(userID)` for a component
    /// seeded with `TaggedProvider<UserID>`.
    public func build(_ seed: C.Seed.Element, isolation: isolated (any Actor)? = #isolation) -> C.Root {
        build(C.Seed(value: seed), isolation: isolation)
    }
}

extension ComponentFactory where C.Seed == Void {
    /// Builds a component that takes no seed, as ``build(_:isolation:)-(C.Seed,_)`` builds it.
    public func build(isolation: isolated (any Actor)? = #isolation) -> C.Root {
        build((), isolation: isolation)
    }

    /// Builds a component that takes no seed, awaiting its asynchronous bindings.
    public func buildAsync() async throws -> C.Root {
        try await buildAsync(())
    }
}

extension ComponentFactory where C.Seed: ProviderProtocol {
    /// Builds the component from the value its provider seed wraps, awaiting its
    /// asynchronous bindings.
    public func buildAsync(_ seed: C.Seed.Element) async throws -> C.Root {
        try await buildAsync(C.Seed(value: seed))
    }
}
