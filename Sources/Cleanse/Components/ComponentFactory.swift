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

    /// Builds new instances of the component: `factory.build(seed)`, `factory.build()` for a
    /// component without a seed, `factory.build(userID)` for one seeded with a provider.
    ///
    /// A call knows its caller's isolation: from code isolated to the main actor (a view
    /// controller, a `@MainActor` function) a root made on the main actor is built on the
    /// spot, as ``buildOnMainActor(_:)`` builds it:
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
    ///
    /// `build` is also a value, as Cleanse 4 code uses it: `let make = factory.build` keeps
    /// a ``BuildFunction``, called as `make(())` or `make()`. Where a function type is
    /// expected (`seeds.map(factory.build)`), ``build(_:)`` is passed.
    @inlinable
    public var build: BuildFunction { BuildFunction(factory: self) }

    /// Builds a new instance of the component from `seed` and returns its root object.
    ///
    /// The function behind ``ComponentFactoryProtocol``, and the one passed where a function
    /// type is expected (`seeds.map(factory.build)`); its caller's isolation is unknown, so
    /// a root made on the main actor cannot be built through it. A call, `factory.build(seed)`,
    /// goes through ``build-swift.property``, which knows its caller's isolation.
    @_disfavoredOverload
    public func build(_ seed: C.Seed) -> C.Root {
        buildRoot(seed, callerIsolation: nil)
    }

    /// The root of a new instance holding `seed`, built for a caller with `isolation`.
    @usableFromInline
    func buildRoot(_ seed: C.Seed, callerIsolation isolation: isolated (any Actor)?) -> C.Root {
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

extension ComponentFactory where C.Seed == Void {
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
