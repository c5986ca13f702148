/// The type-erased form of an ``AsyncResolver``.
@usableFromInline
class AnyAsyncResolver: @unchecked Sendable {
    // Safe to share: resolvers are created while linking and never change afterwards.

    /// For an asynchronous binding shared in scope: how a private build makes its value,
    /// unless it is made already (see ``PrivateBuildPlan``); does nothing otherwise. On the
    /// base class and not optional, like `AnyResolver.privateMake`.
    let privateMake: (ComponentInstance) async throws -> Void
    /// Whether `privateMake` makes anything.
    private let makesPrivately: Bool

    init(privateMake: ((ComponentInstance) async throws -> Void)? = nil) {
        self.privateMake = privateMake ?? { _ in }
        makesPrivately = privateMake != nil
    }

    /// The same resolver, run in the component instance `levels` ancestors up.
    func hop(_ levels: Int) -> AnyAsyncResolver {
        RuntimeFailure.unlinkedKey(nil)
    }

    /// The resolver of the same asynchronous binding shared in `slot` (see
    /// `AsyncResolver.shared`). `AsyncResolver` overrides it.
    func shared(in slot: Int, key: BindingKey, mayRetain: Bool) -> AnyAsyncResolver {
        RuntimeFailure.unlinkedKey(key)
    }

    /// For a synchronous binding requested asynchronously: its synchronous resolver.
    var synchronousResolver: AnyResolver? {
        nil
    }

    /// The same resolver, each call wrapped in `observer`'s asynchronous call for `event`
    /// (see ``GraphObserver``). `AsyncResolver` overrides it.
    func observed(by observer: any GraphObserver, as event: GraphEvent) -> AnyAsyncResolver {
        RuntimeFailure.unlinkedKey(event.key)
    }

    /// For an asynchronous binding shared in scope: the step that makes its value in a
    /// private build.
    var privateBuildStep: PrivateBuildStep? {
        makesPrivately ? .asynchronous(Unmanaged.passUnretained(self)) : nil
    }

    /// The synchronous resolvers of `resolvers` when every one has one, in order.
    @usableFromInline
    static func synchronousResolvers(of resolvers: [AnyAsyncResolver]) -> [AnyResolver]? {
        var synchronous: [AnyResolver] = []
        synchronous.reserveCapacity(resolvers.count)
        for resolver in resolvers {
            guard let resolver = resolver.synchronousResolver else { return nil }
            synchronous.append(resolver)
        }
        return synchronous
    }
}

/// Produces a value of one type within a component instance, awaiting what it needs: the
/// linked form of an asynchronous binding, or of any binding requested asynchronously.
@usableFromInline
final class AsyncResolver<Value>: AnyAsyncResolver, @unchecked Sendable {
    // Safe to share: `body` is immutable; what it reads is synchronised where it lives
    // (the component instance, forward cells filled before the template is published).
    @usableFromInline
    let body: (ComponentInstance) async throws -> Value
    /// For a synchronous binding requested asynchronously: its resolver, called directly so
    /// that awaiting it costs no asynchronous call.
    @usableFromInline
    let synchronous: Resolver<Value>?
    /// For a class instance shared in scope: its slot, read before anything is called, so
    /// that awaiting a value made already costs no call at all. -1 otherwise. The slot is
    /// in the instance `objectLevels` components up from the one this resolver is given.
    @usableFromInline
    let objectSlot: Int
    @usableFromInline
    let objectLevels: Int
    /// For a hop (an ancestor's binding seen from a child): the ancestor's own resolver and
    /// how many components up it runs; see ``handleResolver(_:)``.
    private var hopTarget: AsyncResolver<Value>?
    private var hopLevels = 0

    @usableFromInline
    init(_ body: @escaping (ComponentInstance) async throws -> Value) {
        self.body = body
        synchronous = nil
        objectSlot = -1
        objectLevels = 0
        super.init()
    }

    /// The resolver of an asynchronous binding shared in `slot` of the instance it is given,
    /// which a private build makes with `privateMake`.
    @usableFromInline
    init(
        sharedIn slot: Int,
        isReference: Bool,
        privateMake: @escaping (ComponentInstance) async throws -> Void,
        _ body: @escaping (ComponentInstance) async throws -> Value
    ) {
        self.body = body
        synchronous = nil
        objectSlot = isReference ? slot : -1
        objectLevels = 0
        super.init(privateMake: privateMake)
    }

    /// A synchronous resolver, awaited like an asynchronous one.
    init(wrapping resolver: Resolver<Value>) {
        body = { instance in resolver.resolve(instance) }
        synchronous = resolver
        objectSlot = resolver.objectSlot
        objectLevels = resolver.objectLevels
        super.init()
        if let (target, levels) = resolver.hopSource {
            hopTarget = AsyncResolver(wrapping: target)
            hopLevels = levels
        }
    }

    /// An asynchronous resolver that resolves what the target published in `cell` resolves.
    convenience init(following cell: AsyncForwardCell) {
        self.init { instance in try await cell.target.unsafelyUnwrapped.typed(Value.self).resolve(instance) }
    }

    // Inlinable so that asynchronous factories in the user's module await their
    // dependencies through specialized code.
    @inlinable @inline(__always)
    func resolve(_ instance: ComponentInstance) async throws -> Value {
        if objectSlot >= 0 {
            let bits = instance.strongWord(objectSlot, levels: objectLevels)
            if bits != 0 {
                return ScopedValue.decode(bits, isReference: true)
            }
        }
        if let synchronous {
            return synchronous.resolve(instance)
        }
        return try await body(instance)
    }

    override func shared(in slot: Int, key: BindingKey, mayRetain: Bool) -> AnyAsyncResolver {
        AsyncResolver.shared(self, slot: slot, key: key, mayRetain: mayRetain)
    }

    override func hop(_ levels: Int) -> AnyAsyncResolver {
        AsyncResolver(hopping: levels, from: self)
    }

    override func observed(by observer: any GraphObserver, as event: GraphEvent) -> AnyAsyncResolver {
        let body = self.body
        return AsyncResolver { instance in try await observer.observeAsync(event) { try await body(instance) } }
    }

    /// `resolver` run in the instance `levels` components up; an object it has made
    /// already is read from the ancestor's slot without a call.
    private init(hopping levels: Int, from resolver: AsyncResolver<Value>) {
        body = { instance in try await resolver.resolve(instance.ancestor(levels)) }
        synchronous = nil
        objectSlot = resolver.objectSlot
        objectLevels = resolver.objectLevels + levels
        super.init()
        hopTarget = resolver
        hopLevels = levels
    }

    /// A resolver of handles (`AsyncProvider`s) on this resolver's value, as
    /// ``Resolver/handleResolver(_:)`` makes them: for an ancestor's binding, holding the ancestor.
    func handleResolver<Handle>(_ make: @escaping (AsyncResolver<Value>, ComponentInstance) -> Handle) -> Resolver<Handle> {
        if let target = hopTarget {
            let levels = hopLevels
            return Resolver<Handle> { instance in make(target, instance.ancestor(levels)) }
        }
        return Resolver<Handle> { instance in make(self, instance) }
    }

    override var synchronousResolver: AnyResolver? {
        synchronous
    }

    /// The resolver of an asynchronous binding shared in `slot`: made once per component
    /// instance, however many tasks await it at once.
    @inlinable
    static func shared(_ unscoped: AsyncResolver<Value>, slot: Int, key: BindingKey, mayRetain: Bool) -> AsyncResolver<Value> {
        let isReference = ScopedValue.isReference(Value.self)
        let make = unscoped.body
        let privateMake = { (instance: ComponentInstance) async throws in
            try await instance.makePrivately(slot, isReference: isReference, with: make)
        }
        return AsyncResolver(sharedIn: slot, isReference: isReference, privateMake: privateMake) { instance in
            try await instance.sharedAsync(slot, key: key, isReference: isReference, mayRetain: mayRetain, with: make)
        }
    }
}

/// What an asynchronous factory's caller receives for `error`, which the factory of the
/// binding `key`, written at `location`, threw: a `FactoryFailed` naming the binding.
/// Errors that name their binding already, reentrance and cancellation (the caller's own,
/// not the factory's failure) pass through unchanged.
@usableFromInline
func reportedFailure(_ error: any Error, of key: BindingKey, at location: SourceLocation) -> any Error {
    switch error {
    case is FactoryFailed, is ReentrantConstruction, is CancellationError:
        return error
    default:
        return FactoryFailed(key: key, location: location, underlying: error)
    }
}

extension AnyAsyncResolver {
    /// The resolver as the type it was created with; a mismatch is a bug in Cleanse.
    @usableFromInline
    func typed<Value>(_: Value.Type) -> AsyncResolver<Value> {
        unsafeDowncast(self, to: AsyncResolver<Value>.self)
    }
}

/// Where the linker publishes the asynchronous resolver of a key, for asynchronous requests
/// linked before it.
final class AsyncForwardCell: @unchecked Sendable {
    // Safe to share: `target` is set by the linker before the template is published, and
    // only read afterwards.
    var target: AnyAsyncResolver?
}

/// Hands out the asynchronous dependency resolvers of a factory in parameter order.
@usableFromInline
final class AsyncResolverCursor {
    private let resolvers: [AnyAsyncResolver]
    private var position = 0

    init(_ resolvers: [AnyAsyncResolver]) {
        self.resolvers = resolvers
    }

    func next<Value>(_: Value.Type) -> AsyncResolver<Value> {
        defer { position += 1 }
        return resolvers[position].typed(Value.self)
    }

    /// The resolvers of a whole parameter pack, typed, in parameter order.
    @usableFromInline
    static func pack<each Value>(_ resolvers: [AnyAsyncResolver], as _: repeat (each Value).Type) -> (repeat AsyncResolver<each Value>) {
        let cursor = AsyncResolverCursor(resolvers)
        return (repeat cursor.next((each Value).self))
    }

}

/// Carries a value of the graph's onto the main actor or back: a main-actor factory's
/// resolved arguments and what it made, an object and the value to assign to one of its
/// `@Injected` properties.
///
/// `sending` cannot say this. `MainActor.run` and `assumeIsolated` return only `Sendable`
/// values, and region analysis rightly sees that what a factory makes may hold its
/// arguments, which are objects of the graph that other threads may hold too. Sharing them is
/// what a dependency graph does, and the rule that makes it safe is the user's: a
/// non-`Sendable` object the graph hands to several threads must be used from one at a time
/// (documented in `Lifetimes`). Values that are `Sendable` (resolvers, component
/// instances, `@Sendable` closures) are captured as they are, never wrapped.
@usableFromInline
struct Handoff<Value>: @unchecked Sendable {
    // Safe to send under the rule above: each Handoff crosses one isolation boundary once,
    // and Cleanse does not touch the value on the sending side afterwards.
    @usableFromInline
    let value: Value

    @usableFromInline
    init(value: Value) {
        self.value = value
    }
}
