/// What a terminating step of the binder DSL hands to its builder: where it was written,
/// what it requests, and how to make values of `Value` once the graph is linked.
///
/// Builders turn a recipe into a binding of their key, tag and scope. The type is public
/// only because ``BindToable`` mentions it; its contents are Cleanse's own.
///
/// It holds the `BindingRecord` it becomes; the builder gives the key
/// (`record(key:scope:)`). It is a struct around that record, not a generic class or an
/// object of its own, because the steps from the binder call to the record run
/// unspecialised, where a generic class's metadata is looked up at each call and each
/// allocation, once per binding. `Value` only types the builders' signatures and the
/// closures made here; what is stored does not depend on it.
public struct TypedBindingRecord<Value> {
    @usableFromInline let pending: BindingRecord

    @usableFromInline var kind: BindingKind { pending.model.kind }
    @usableFromInline var location: SourceLocation { pending.model.location }
    @usableFromInline var requests: RequestList { pending.requests }
    @usableFromInline var effect: BindingEffect { pending.model.effect }

    /// A recipe made synchronously; `make` returns a `Resolver<Value>`.
    @inlinable
    init(kind: BindingKind, location: SourceLocation, requests: RequestList, effect: BindingEffect = .synchronous, make: @escaping ([AnyResolver]) -> AnyResolver) {
        pending = BindingRecord(of: Value.self, kind: kind, location: location, requests: requests, effect: effect, make: make, makeAsync: nil)
    }

    /// A binding with both a synchronous and an asynchronous way of being made: `make`
    /// returns a `Resolver<Value>`, `makeAsync` an `AsyncResolver<Value>`.
    @inlinable
    init(
        kind: BindingKind,
        location: SourceLocation,
        requests: RequestList,
        effect: BindingEffect,
        make: @escaping ([AnyResolver]) -> AnyResolver,
        makeAsync: @escaping ([AnyAsyncResolver], BindingKey) -> AnyAsyncResolver
    ) {
        pending = BindingRecord(of: Value.self, kind: kind, location: location, requests: requests, effect: effect, make: make, makeAsync: makeAsync)
    }

    /// An asynchronous recipe: its values are made with `await`, through `makeAsync`. Its
    /// synchronous resolver is never reached through a validated graph, except by the
    /// synchronous `build(_:)` of a component whose root is asynchronous, which it reports.
    @inlinable
    init(kind: BindingKind, location: SourceLocation, requests: RequestList, effect: BindingEffect, makeAsync: @escaping ([AnyAsyncResolver], BindingKey) -> AnyAsyncResolver) {
        pending = BindingRecord(
            of: Value.self,
            kind: kind,
            location: location,
            requests: requests,
            effect: effect,
            make: { _ in Resolver<Value> { _ in RuntimeFailure.asyncBuildRequired(Value.self, at: location) } },
            makeAsync: makeAsync,
            sharesSynchronously: false
        )
    }

    /// For an asynchronous binding that can make its shared resolver in one piece (see
    /// ``BindingRecord/makeSharedAsync``); it returns an `AsyncResolver<Value>`.
    @usableFromInline
    var makeSharedAsync: ((_ dependencies: [AnyAsyncResolver], _ key: BindingKey, _ slot: Int, _ mayRetain: Bool) -> AnyAsyncResolver)? {
        get { pending.makeSharedAsync }
        nonmutating set { pending.makeSharedAsync = newValue }
    }

    /// For a binding made synchronously whose values await their requests when used (see
    /// ``BindingRecord/makeFromAsyncDependencies``); it returns a `Resolver<Value>`.
    @usableFromInline
    var makeFromAsyncDependencies: (([AnyAsyncResolver]) -> AnyResolver)? {
        get { pending.makeFromAsyncDependencies }
        nonmutating set { pending.makeFromAsyncDependencies = newValue }
    }

    /// An asynchronous binding whose values come from an `async`, throwing or `async throws`
    /// factory over a parameter pack; each parameter is awaited before the call.
    @inlinable
    static func asyncFactory<each D>(
        _ factory: @escaping (repeat each D) async throws -> Value,
        location: SourceLocation
    ) -> TypedBindingRecord {
        let recipe = TypedBindingRecord(kind: .factory, location: location, requests: RequestRecipe.all(repeat (each D).self), effect: .asynchronous) { resolvers, key in
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
    ) -> TypedBindingRecord {
        TypedBindingRecord(
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
    ) -> TypedBindingRecord {
        TypedBindingRecord(
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
    func map<NewValue>(_ transform: @escaping (Value) -> NewValue) -> TypedBindingRecord<NewValue> {
        let make = pending.make
        let mapped: ([AnyResolver]) -> AnyResolver = { resolvers in
            let inner = make(resolvers).typed(Value.self)
            return Resolver { instance in transform(inner.resolve(instance)) }
        }
        guard let makeAsync = pending.makeAsync else {
            return TypedBindingRecord<NewValue>(kind: kind, location: location, requests: requests, effect: effect, make: mapped)
        }
        return TypedBindingRecord<NewValue>(kind: kind, location: location, requests: requests, effect: effect, make: mapped) { resolvers, key in
            let inner = makeAsync(resolvers, key).typed(Value.self)
            return AsyncResolver { instance in transform(try await inner.resolve(instance)) }
        }
    }

    /// A binding whose values come from calling `get` with no dependencies.
    static func getter(_ kind: BindingKind, location: SourceLocation, _ get: @escaping () -> Value) -> TypedBindingRecord {
        TypedBindingRecord(kind: kind, location: location, requests: [], make: { _ in Resolver { _ in get() } })
    }
}
