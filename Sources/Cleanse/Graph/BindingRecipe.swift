/// What a terminating step of the binder DSL hands to its builder: where it was written,
/// what it requests, and how to make values of `Value` once the graph is linked.
///
/// Builders turn a recipe into a binding of their key, tag and scope. The type is public
/// only because ``BindToable`` mentions it; its contents are Cleanse's own.
///
/// A struct holding one ``UntypedRecipe``: the steps from the binder call to the binding
/// record run unspecialised, and there a generic class cost a look-up of its metadata
/// (several hundred instructions) at each static call and at each allocation, once per
/// binding of every graph. `Value` only types the builders' signatures and the closures
/// made here; what is stored does not depend on it.
public struct BindingRecipe<Value> {
    @usableFromInline let untyped: UntypedRecipe

    @usableFromInline var kind: BindingKind { untyped.kind }
    @usableFromInline var location: SourceLocation { untyped.location }
    @usableFromInline var requests: [RequestRecipe] { untyped.requests }
    @usableFromInline var effect: BindingEffect { untyped.effect }

    /// A recipe made synchronously; `make` returns a `Resolver<Value>`.
    @inlinable
    init(kind: BindingKind, location: SourceLocation, requests: [RequestRecipe], effect: BindingEffect = .synchronous, make: @escaping ([AnyResolver]) -> AnyResolver) {
        untyped = UntypedRecipe(kind: kind, location: location, requests: requests, effect: effect, valueType: Value.self, make: make, makeAsync: nil)
    }

    /// A binding with both a synchronous and an asynchronous way of being made: `make`
    /// returns a `Resolver<Value>`, `makeAsync` an `AsyncResolver<Value>`.
    @inlinable
    init(
        kind: BindingKind,
        location: SourceLocation,
        requests: [RequestRecipe],
        effect: BindingEffect,
        make: @escaping ([AnyResolver]) -> AnyResolver,
        makeAsync: @escaping ([AnyAsyncResolver], BindingKey) -> AnyAsyncResolver
    ) {
        untyped = UntypedRecipe(kind: kind, location: location, requests: requests, effect: effect, valueType: Value.self, make: make, makeAsync: makeAsync)
    }

    /// An asynchronous recipe: its values are made with `await`, through `makeAsync`. Its
    /// synchronous resolver is never reached through a validated graph, except by the
    /// synchronous `build(_:)` of a component whose root is asynchronous, which it reports.
    @inlinable
    init(kind: BindingKind, location: SourceLocation, requests: [RequestRecipe], effect: BindingEffect, makeAsync: @escaping ([AnyAsyncResolver], BindingKey) -> AnyAsyncResolver) {
        untyped = UntypedRecipe(
            kind: kind,
            location: location,
            requests: requests,
            effect: effect,
            valueType: Value.self,
            make: { _ in Resolver<Value> { _ in RuntimeFailure.asyncBuildRequired(Value.self, at: location) } },
            makeAsync: makeAsync,
            sharesSynchronously: false
        )
    }

    /// For an asynchronous binding that can make its shared resolver in one piece (see
    /// ``UntypedRecipe/makeSharedAsync``); it returns an `AsyncResolver<Value>`.
    @usableFromInline
    var makeSharedAsync: ((_ dependencies: [AnyAsyncResolver], _ key: BindingKey, _ slot: Int, _ mayRetain: Bool) -> AnyAsyncResolver)? {
        get { untyped.makeSharedAsync }
        nonmutating set { untyped.makeSharedAsync = newValue }
    }

    /// For a binding made synchronously whose values await their requests when used (see
    /// ``UntypedRecipe/makeFromAsyncDependencies``); it returns a `Resolver<Value>`.
    @usableFromInline
    var makeFromAsyncDependencies: (([AnyAsyncResolver]) -> AnyResolver)? {
        get { untyped.makeFromAsyncDependencies }
        nonmutating set { untyped.makeFromAsyncDependencies = newValue }
    }

    /// An asynchronous binding whose values come from an `async`, throwing or `async throws`
    /// factory over a parameter pack; each parameter is awaited before the call.
    @inlinable
    static func asyncFactory<each D>(
        _ factory: @escaping (repeat each D) async throws -> Value,
        location: SourceLocation
    ) -> BindingRecipe {
        let recipe = BindingRecipe(kind: .factory, location: location, requests: RequestRecipe.all(repeat (each D).self), effect: .asynchronous) { resolvers, key in
            let dependencies = AsyncPackDependencies(resolvers)
            return AsyncResolver { instance in
                try await callAsyncFactory(factory, with: dependencies, in: instance, key: key, location: location)
            }
        }
        // Shared, the factory is called from the frame that claims the slot, not through the
        // unscoped resolver: two asynchronous calls fewer per value. When every dependency is
        // made synchronously (the common case), they are resolved with no suspension point
        // each: chosen once, when linking, so a value runs only the code of its own case.
        // (Unscoped asynchronous bindings, rarer, keep one form: each form costs compile time.)
        recipe.makeSharedAsync = { resolvers, key, slot, mayRetain in
            let isReference = ScopedValue.isReference(Value.self)
            // A private build calls the factory from its step's own frame too.
            if let synchronous = AnyAsyncResolver.synchronousResolvers(of: resolvers) {
                let dependencies = PackDependencies(synchronous)
                let privateMake = { (instance: ComponentInstance) async throws in
                    guard instance.isEmpty(slot) else { return }
                    let value = try await callAsyncFactory(factory, with: dependencies, in: instance, key: key, location: location)
                    instance.storePrivately(value, in: slot, isReference: isReference)
                }
                return AsyncResolver(sharedIn: slot, isReference: isReference, privateMake: privateMake) { instance in
                    try await instance.sharedAsync(slot, key: key, isReference: isReference, mayRetain: mayRetain) { instance in
                        try await callAsyncFactory(factory, with: dependencies, in: instance, key: key, location: location)
                    }
                }
            }
            let dependencies = AsyncPackDependencies(resolvers)
            let privateMake = { (instance: ComponentInstance) async throws in
                guard instance.isEmpty(slot) else { return }
                let value = try await callAsyncFactory(factory, with: dependencies, in: instance, key: key, location: location)
                instance.storePrivately(value, in: slot, isReference: isReference)
            }
            return AsyncResolver(sharedIn: slot, isReference: isReference, privateMake: privateMake) { instance in
                try await instance.sharedAsync(slot, key: key, isReference: isReference, mayRetain: mayRetain) { instance in
                    try await callAsyncFactory(factory, with: dependencies, in: instance, key: key, location: location)
                }
            }
        }
        return recipe
    }

    /// `callAsyncFactory` for dependencies that are all made synchronously: they are
    /// resolved with no suspension point.
    @inlinable @inline(__always)
    static func callAsyncFactory<each D>(
        _ factory: (repeat each D) async throws -> Value,
        with dependencies: PackDependencies,
        in instance: ComponentInstance,
        key: BindingKey,
        location: SourceLocation
    ) async throws -> Value {
        // The arguments go straight into the call: a tuple of them first costs a copy each.
        var position = 0
        do {
            return try await factory(repeat dependencies.resolve((each D).self, at: &position, in: instance))
        } catch {
            throw reportedFailure(error, of: key, at: location)
        }
    }

    /// Awaits the dependencies of an asynchronous factory, then calls it; an error it throws
    /// is reported as the failure of `key`'s binding.
    @inlinable @inline(__always)
    static func callAsyncFactory<each D>(
        _ factory: (repeat each D) async throws -> Value,
        with dependencies: AsyncPackDependencies,
        in instance: ComponentInstance,
        key: BindingKey,
        location: SourceLocation
    ) async throws -> Value {
        // The arguments go straight into the call: a tuple of them first costs a copy each.
        // What the dependencies throw names their own bindings already (`FactoryFailed`,
        // `ReentrantConstruction`, `CancellationError`), so `reportedFailure` passes it on.
        var position = 0
        do {
            return try await factory(repeat try await dependencies.resolve((each D).self, at: &position, in: instance))
        } catch {
            throw reportedFailure(error, of: key, at: location)
        }
    }

    /// A binding whose factory is isolated to the main actor: its parameters are awaited,
    /// then it runs on the main actor.
    /// A factory isolated to the main actor. On the main actor (`MainActorProvider`,
    /// `buildOnMainActor`, another main-actor factory) it is made synchronously; from anywhere
    /// else it is awaited. Which path a request takes is fixed by the linker (see
    /// `Linker.link`), so both share one slot without racing.
    @inlinable
    static func mainActorFactory<each D>(
        _ factory: @escaping @MainActor (repeat each D) -> Value,
        location: SourceLocation
    ) -> BindingRecipe {
        BindingRecipe(
            kind: .factory,
            location: location,
            requests: RequestRecipe.all(repeat (each D).self),
            effect: .mainActor,
            make: { resolvers in
                let dependencies = PackDependencies(resolvers)
                // Reached only from code the compiler knows runs on the main actor:
                // `buildOnMainActor`, `MainActorProvider.get()`, a main-actor injector, or another
                // main-actor factory (validation rejects every other synchronous request, and
                // `build` refuses a main-actor root).
                return Resolver { instance in
                    var position = 0
                    let arguments = Handoff(value: (repeat dependencies.resolve((each D).self, at: &position, in: instance)))
                    return MainActor.assumeIsolated {
                        Handoff(value: factory(repeat each arguments.value))
                    }.value
                }
            },
            makeAsync: { resolvers, _ in
                // The factory cannot throw; what the dependencies throw names their bindings.
                let dependencies = AsyncPackDependencies(resolvers)
                return AsyncResolver { instance in
                    var position = 0
                    let arguments = Handoff(value: (repeat try await dependencies.resolve((each D).self, at: &position, in: instance)))
                    return await MainActor.run {
                        Handoff(value: factory(repeat each arguments.value))
                    }.value
                }
            }
        )
    }

    @inlinable
    static func factory<each D>(
        _ factory: @escaping (repeat each D) -> Value,
        location: SourceLocation
    ) -> BindingRecipe {
        BindingRecipe(
            kind: .factory,
            location: location,
            requests: RequestRecipe.all(repeat (each D).self),
            make: { resolvers in
                let dependencies = PackDependencies(resolvers)
                return Resolver { instance in
                    var position = 0
                    return factory(repeat dependencies.resolve((each D).self, at: &position, in: instance))
                }
            }
        )
    }

    /// The same binding, with `transform` applied to each value it makes, synchronously or
    /// asynchronously.
    func map<NewValue>(_ transform: @escaping (Value) -> NewValue) -> BindingRecipe<NewValue> {
        let make = untyped.make
        let mapped: ([AnyResolver]) -> AnyResolver = { resolvers in
            let inner = make(resolvers).typed(Value.self)
            return Resolver { instance in transform(inner.resolve(instance)) }
        }
        guard let makeAsync = untyped.makeAsync else {
            return BindingRecipe<NewValue>(kind: kind, location: location, requests: requests, effect: effect, make: mapped)
        }
        return BindingRecipe<NewValue>(kind: kind, location: location, requests: requests, effect: effect, make: mapped) { resolvers, key in
            let inner = makeAsync(resolvers, key).typed(Value.self)
            return AsyncResolver { instance in transform(try await inner.resolve(instance)) }
        }
    }

    /// A binding whose values come from calling `get` with no dependencies.
    static func getter(_ kind: BindingKind, location: SourceLocation, _ get: @escaping () -> Value) -> BindingRecipe {
        BindingRecipe(kind: kind, location: location, requests: [], make: { _ in Resolver { _ in get() } })
    }
}

/// The stored part of a ``BindingRecipe``, with the value's type erased: what a binding
/// record links through (see ``RecordLinking``).
///
/// Its two mutable properties are set right after it is made, on the thread collecting the
/// bindings, so they are `@exclusivity(unchecked)`.
@usableFromInline
final class UntypedRecipe {
    let kind: BindingKind
    let location: SourceLocation
    let requests: [RequestRecipe]
    /// Makes the unscoped resolver (a `Resolver` of the value's type) from the resolvers of
    /// `requests`, in order.
    let make: ([AnyResolver]) -> AnyResolver
    /// How the factory runs; an asynchronous recipe also has `makeAsync`.
    let effect: BindingEffect
    /// For an asynchronous binding: makes its resolver (an `AsyncResolver` of the value's
    /// type) from the asynchronous resolvers of `requests`, in order.
    let makeAsync: (([AnyAsyncResolver], BindingKey) -> AnyAsyncResolver)?
    /// Whether the synchronous resolver of a binding shared in scope shares its values
    /// (`false` for an asynchronous-only binding, whose synchronous resolver only reports
    /// that it needs `await`).
    let sharesSynchronously: Bool
    /// The type of the values, for what needs it only rarely (implicit request forms).
    let valueType: Any.Type
    /// For an asynchronous binding that can make its shared resolver in one piece (claim,
    /// dependencies, factory and publication in one asynchronous frame): makes it from the
    /// asynchronous resolvers of `requests`, for `slot`. Otherwise the unscoped resolver is
    /// wrapped.
    @exclusivity(unchecked)
    var makeSharedAsync: ((_ dependencies: [AnyAsyncResolver], _ key: BindingKey, _ slot: Int, _ mayRetain: Bool) -> AnyAsyncResolver)?
    /// For a binding made synchronously whose values await their requests when used (an
    /// asynchronous property injector): makes its resolver from the asynchronous resolvers of
    /// `requests`, in order. `make` is not used then.
    @exclusivity(unchecked)
    var makeFromAsyncDependencies: (([AnyAsyncResolver]) -> AnyResolver)?

    @usableFromInline
    init(
        kind: BindingKind,
        location: SourceLocation,
        requests: [RequestRecipe],
        effect: BindingEffect,
        valueType: Any.Type,
        make: @escaping ([AnyResolver]) -> AnyResolver,
        makeAsync: (([AnyAsyncResolver], BindingKey) -> AnyAsyncResolver)?,
        sharesSynchronously: Bool = true
    ) {
        self.kind = kind
        self.location = location
        self.requests = requests
        self.effect = effect
        self.valueType = valueType
        self.make = make
        self.makeAsync = makeAsync
        self.sharesSynchronously = sharesSynchronously
    }
}

/// One binding collected from the binder: its model for validation, and its recipe for linking.
///
/// A class: the collector, the validators' views and the linker pass records around and
/// read them many times, and a struct of a dozen closures was copied (and destroyed) at
/// each step. Only the collector that owns a record changes it (see `copy()`), on the
/// thread running `ComponentFactory.of`: its mutable properties are
/// `@exclusivity(unchecked)`, like the recipe's.
final class BindingRecord {
    @exclusivity(unchecked)
    private(set) var model: BindingModel
    @exclusivity(unchecked)
    private(set) var requests: [RequestRecipe]
    /// Makes the binding's resolvers once its requests are linked.
    let linking: any RecordLinking
    /// For a collection contribution: joins the linked contributions of its key, after what
    /// the nearest ancestor's collection of the same key holds, into one resolver.
    let merge: ((_ contributions: [AnyResolver], _ inherited: AnyResolver?) -> AnyResolver)?
    /// `merge` for a collection that needs `await`: joins each contribution's asynchronous
    /// resolver, or its synchronous one where it has none, after the inherited collection.
    let mergeAsync: ((_ contributions: [ContributionResolvers], _ inherited: ContributionResolvers?) -> AnyAsyncResolver)?
    /// For a property injector: the class it injects into, and how to inject into an
    /// untyped object with the linked resolver (for `LegacyObjectGraph`).
    @exclusivity(unchecked)
    var untypedInjection: (target: ObjectIdentifier, inject: (AnyResolver) -> UntypedInjection)?

    /// A contribution to the multibinding `key` (an array, set or dictionary): `join` adds a
    /// contribution's values to what came before it, starting from `empty` or from the
    /// nearest ancestor's collection of the same key.
    static func contribution<Collection>(
        _ recipe: BindingRecipe<Collection>,
        key: BindingKey,
        scope: TypeIdentity?,
        multibindingKey: MultibindingKey?,
        empty: Collection,
        join: @escaping (inout Collection, Collection) -> Void
    ) -> BindingRecord {
        recipe.record(key: key, scope: scope, kind: .collectionElement, multibindingKey: multibindingKey, merge: { contributions, inherited in
            let parts = contributions.map { $0.typed(Collection.self) }
            let inherited = inherited?.typed(Collection.self)
            return Resolver<Collection> { instance in
                var collection = inherited?.resolve(instance) ?? empty
                for part in parts {
                    join(&collection, part.resolve(instance))
                }
                return collection
            }
        }, mergeAsync: { contributions, inherited in
            let parts = contributions.map { $0.typed(Collection.self) }
            let inherited = inherited?.typed(Collection.self)
            return AsyncResolver<Collection> { instance in
                var collection = try await inherited?.resolve(instance) ?? empty
                for part in parts {
                    join(&collection, try await part.resolve(instance))
                }
                return collection
            }
        })
    }

    /// A binding with its model, its requests' recipes and how to link it (see
    /// `BindingRecipe.record(key:scope:)`).
    init(
        model: BindingModel,
        requests: [RequestRecipe],
        linking: any RecordLinking,
        merge: ((_ contributions: [AnyResolver], _ inherited: AnyResolver?) -> AnyResolver)?,
        mergeAsync: ((_ contributions: [ContributionResolvers], _ inherited: ContributionResolvers?) -> AnyAsyncResolver)?
    ) {
        self.model = model
        self.requests = requests
        self.linking = linking
        self.merge = merge
        self.mergeAsync = mergeAsync
    }

    /// A binding made directly from a resolver (the seed).
    convenience init(model: BindingModel, resolver: AnyResolver) {
        self.init(model: model, requests: [], linking: FixedLinking(resolver), merge: nil, mergeAsync: nil)
    }

    /// Records the module that wrote the binding.
    func setModule(_ module: TypeIdentity) {
        model.setModule(module)
    }

    /// The same binding under another key; only for an unscoped binding, whose resolver
    /// does not depend on its key.
    func rekey(to key: BindingKey) {
        model = model.rekeyed(to: key)
    }

    /// Records that the component's `configureRoot` wrote this binding.
    func markAsComponentRoot() {
        model.markAsComponentRoot()
    }

    /// A record of its own with the same contents, for a binding used in another place (an
    /// override applied in several components), so changing one leaves the other as it was.
    func copy() -> BindingRecord {
        BindingRecord(copying: self)
    }

    private init(copying other: BindingRecord) {
        model = other.model
        requests = other.requests
        linking = other.linking
        merge = other.merge
        mergeAsync = other.mergeAsync
        untypedInjection = other.untypedInjection
    }

    /// Replaces the request in parameter position `index`, keeping its position.
    func replaceRequest(at index: Int, with request: RequestRecipe) {
        requests[index] = request
        var dependencies = model.dependencies
        dependencies[index] = request.model
        model = model.replacingDependencies(dependencies)
    }
}

/// The linked resolvers of one part of a collection that needs `await`: a contribution, or
/// the collection an ancestor joined. `asynchronous` is `nil` for a part made synchronously.
struct ContributionResolvers {
    let synchronous: AnyResolver
    let asynchronous: AnyAsyncResolver?

    /// The part, awaited: through its asynchronous resolver, or its synchronous one.
    func typed<Value>(_: Value.Type) -> AsyncResolver<Value> {
        asynchronous?.typed(Value.self) ?? AsyncResolver(wrapping: synchronous.typed(Value.self))
    }
}

/// Injects into an object whose static type is unknown, if it is of the injector's type.
typealias UntypedInjection = (ComponentInstance, Any) -> Void
