/// The type-erased form of a ``Resolver``, for tables that hold resolvers of many types.
@usableFromInline
class AnyResolver: @unchecked Sendable {
    // Safe to share: resolvers are created while linking and never change afterwards.

    /// For a binding shared in scope: how a private build makes its value, unless it is
    /// made already (see ``PrivateBuildPlan``); does nothing otherwise. Stored here, not in
    /// the generic subclass, so that a plan calls it with no dynamic dispatch, and not as an
    /// optional, whose call would go through a reabstraction thunk made on each call.
    let privateMake: (ComponentInstance) -> Void
    /// Whether `privateMake` makes anything.
    private let makesPrivately: Bool
    /// The slot where the binding keeps its object when it is a class instance shared in
    /// scope; -1 otherwise. The slot is in the instance `objectLevels` components up from
    /// the one this resolver is given (0 for the binding's own resolver, more for a hop to
    /// an ancestor's binding). Where a dependency's or a provider's value may be read
    /// without calling the resolver (see ``Dependency``, ``PackDependencies``,
    /// `ProviderSource.get()`), in code specialised where it is written, unlike the
    /// resolver's body.
    @usableFromInline
    let objectSlot: Int
    /// How many components up `objectSlot` is.
    @usableFromInline
    let objectLevels: Int
    /// `objectSlot` when it is in the very instance this resolver is given, -1 otherwise
    /// (a hop): for `ProviderSource.get()`, whose resolver is nearly always its binding's
    /// own, one test instead of two.
    @usableFromInline
    let objectSlotHere: Int

    init(privateMake: ((ComponentInstance) -> Void)? = nil, objectSlot: Int = -1, objectLevels: Int = 0) {
        self.privateMake = privateMake ?? { _ in }
        makesPrivately = privateMake != nil
        self.objectSlot = objectSlot
        self.objectLevels = objectLevels
        objectSlotHere = objectLevels == 0 ? objectSlot : -1
    }

    /// The same resolver, run in the component instance `levels` ancestors up from the one
    /// it is given: how a child reaches its ancestors' bindings. `Resolver` is the only
    /// subclass, and overrides it.
    func hop(_ levels: Int) -> AnyResolver {
        RuntimeFailure.unlinkedKey(nil)
    }

    /// Resolves the value without knowing its type, for the dynamic look-up layer.
    func resolveAny(_ instance: ComponentInstance) -> Any {
        RuntimeFailure.unlinkedKey(nil)
    }

    /// The same resolver, awaited: how an asynchronous factory awaits a binding made
    /// synchronously. `Resolver` overrides it.
    func awaited() -> AnyAsyncResolver {
        RuntimeFailure.unlinkedKey(nil)
    }

    /// The resolver of the same binding shared in `slot` (see `Resolver.shared`): asked of
    /// the resolver, which knows the value's type. `Resolver` overrides it.
    func shared(in slot: Int, key: BindingKey, mayRetain: Bool) -> AnyResolver {
        RuntimeFailure.unlinkedKey(key)
    }

    /// The same resolver awaited on the main actor: how a main-actor binding made without
    /// awaiting anything is awaited from elsewhere. `Resolver` overrides it.
    func onMainActor() -> AnyAsyncResolver {
        RuntimeFailure.unlinkedKey(nil)
    }

    /// For a binding shared in scope: the step that makes its value in a private build.
    var privateBuildStep: PrivateBuildStep? {
        makesPrivately ? .synchronous(Unmanaged.passUnretained(self)) : nil
    }

    /// The same resolver, each call wrapped in `observer`'s call for `event` (see
    /// ``GraphObserver``). `Resolver` overrides it.
    func observed(by observer: any GraphObserver, as event: GraphEvent) -> AnyResolver {
        RuntimeFailure.unlinkedKey(event.key)
    }
}

/// Produces a value of one type within a component instance: the linked, closure form of a
/// binding or of a request. Resolution calls these directly, with no look-ups.
@usableFromInline
final class Resolver<Value>: AnyResolver, @unchecked Sendable {
    // Safe to share: `body` is immutable; what it reads is either immutable (other resolvers,
    // forward cells filled before the template is published) or the component instance,
    // whose mutable state is synchronised there.
    @usableFromInline
    let body: (ComponentInstance) -> Value
    /// For a follower (a deferred request linked before its target): where the linker
    /// publishes the target.
    private let cell: ForwardCell?
    /// For a binding shared in scope: its slot, and how many components up from the
    /// instance it is given that slot is (``WeakProvider``s watch it).
    let sharedSlot: (slot: Int, levels: Int)?
    /// For a hop (an ancestor's binding seen from a child): the ancestor's own resolver and
    /// how many components up it runs; see ``handleResolver(_:)``.
    private let hopTarget: Resolver<Value>?
    private let hopLevels: Int

    @usableFromInline
    init(_ body: @escaping (ComponentInstance) -> Value) {
        self.body = body
        cell = nil
        sharedSlot = nil
        hopTarget = nil
        hopLevels = 0
        super.init()
    }

    /// The resolver of a binding shared in `slot` of the instance it is given, which a
    /// private build makes with `privateMake`.
    @usableFromInline
    init(sharedIn slot: Int, privateMake: @escaping (ComponentInstance) -> Void, _ body: @escaping (ComponentInstance) -> Value) {
        self.body = body
        cell = nil
        sharedSlot = (slot, 0)
        hopTarget = nil
        hopLevels = 0
        super.init(privateMake: privateMake, objectSlot: ScopedValue.isReference(Value.self) ? slot : -1)
    }

    private init(hopping levels: Int, from resolver: Resolver<Value>) {
        body = { instance in resolver.resolve(instance.ancestor(levels)) }
        cell = nil
        sharedSlot = resolver.sharedSlot.map { ($0.slot, $0.levels + levels) }
        hopTarget = resolver
        hopLevels = levels
        // An ancestor's object made already is read from the ancestor's slot, with no call
        // through this closure and the ancestor's resolver.
        super.init(objectSlot: resolver.objectSlot, objectLevels: resolver.objectLevels + levels)
    }

    /// A resolver that resolves what the target published in `cell` resolves.
    init(following cell: ForwardCell) {
        self.cell = cell
        sharedSlot = nil
        hopTarget = nil
        hopLevels = 0
        body = { instance in cell.target.unsafelyUnwrapped.typed(Value.self).resolve(instance) }
        super.init()
    }

    /// The resolver that does the work: a follower's target, or this resolver itself.
    /// Providers hold it, so that their `get()` makes no extra hop through a follower.
    var settled: Resolver<Value> {
        // No `Optional.map` to a `Resolver<Value>?`: generic, unspecialised, it costs more
        // than the rest of making a provider.
        if let target = cell?.target {
            return target.typed(Value.self)
        }
        return self
    }

    /// For a hop: the ancestor's resolver and how many components up it runs.
    var hopSource: (target: Resolver<Value>, levels: Int)? {
        hopTarget.map { ($0, hopLevels) }
    }

    /// A resolver of handles (providers) on this resolver's value, each made by `make` from
    /// the resolver and the instance it should hold. For an ancestor's binding that is the
    /// ancestor's own resolver and instance, so that a provider of a parent's binding, made
    /// in a child, keeps the parent alive and not the child (and its `get()` makes no hop);
    /// otherwise the settled resolver and the requesting instance. Called at link time.
    func handleResolver<Handle>(_ make: @escaping (Resolver<Value>, ComponentInstance) -> Handle) -> Resolver<Handle> {
        if let target = hopTarget {
            let levels = hopLevels
            return Resolver<Handle> { instance in make(target.settled, instance.ancestor(levels)) }
        }
        return Resolver<Handle> { instance in make(self.settled, instance) }
    }

    // Inlinable so that factories in the user's module resolve their dependencies through
    // specialized code rather than generic parameter-pack code.
    @inlinable @inline(__always)
    func resolve(_ instance: ComponentInstance) -> Value {
        body(instance)
    }

    override func hop(_ levels: Int) -> AnyResolver {
        Resolver(hopping: levels, from: self)
    }

    override func resolveAny(_ instance: ComponentInstance) -> Any {
        resolve(instance)
    }

    override func awaited() -> AnyAsyncResolver {
        AsyncResolver(wrapping: self)
    }

    override func shared(in slot: Int, key: BindingKey, mayRetain: Bool) -> AnyResolver {
        Resolver.shared(self, slot: slot, key: key, mayRetain: mayRetain)
    }

    override func observed(by observer: any GraphObserver, as event: GraphEvent) -> AnyResolver {
        let body = self.body
        return Resolver { instance in observer.observe(event) { body(instance) } }
    }

    override func onMainActor() -> AnyAsyncResolver {
        AsyncResolver<Value> { [self] instance in
            await MainActor.run { Handoff(value: self.resolve(instance)) }.value
        }
    }
}

extension Resolver {
    /// The resolver of a binding shared in scope: the instance in `slot` of the component
    /// instance it is given, made with `unscoped` the first time. Inlinable, so the
    /// lock-free read of an existing instance is specialized where the binding is written.
    @inlinable
    static func shared(_ unscoped: Resolver<Value>, slot: Int, key: BindingKey, mayRetain: Bool) -> Resolver<Value> {
        let isReference = ScopedValue.isReference(Value.self)
        let make = unscoped.body
        // A private build makes the value with this, in its own order (`PrivateBuildPlan`).
        let privateMake = { (instance: ComponentInstance) in instance.makePrivately(slot, isReference: isReference, with: make) }
        // What only the first request needs stays out of the closure's context, so that
        // reading an existing instance passes three values, not seven.
        let construction = SharedConstruction(key: key, mayRetain: mayRetain, make: make)
        // No optional of `Value` on the way: in unspecialised code, `Value?` costs a
        // metadata look-up on every read.
        return Resolver(sharedIn: slot, privateMake: privateMake) { instance in
            let bits = instance.storage.loadStrong(slot)
            if bits != 0 {
                return ScopedValue.decode(bits, isReference: isReference)
            }
            return construction.make(in: instance, slot: slot, isReference: isReference)
        }
    }
}

extension AnyResolver {
    /// The resolver as the type it was created with. Callers know the type from the key the
    /// resolver was linked for; a mismatch is a bug in Cleanse, not in user code.
    @usableFromInline @inline(__always)
    func typed<Value>(_: Value.Type) -> Resolver<Value> {
        unsafeDowncast(self, to: Resolver<Value>.self)
    }
}

/// Hands out the dependency resolvers of a factory one by one, in parameter order, as the
/// factory's parameter pack is expanded.
@usableFromInline
final class ResolverCursor {
    private let resolvers: [AnyResolver]
    private var position = 0

    init(_ resolvers: [AnyResolver]) {
        self.resolvers = resolvers
    }

    func next<Value>(_: Value.Type) -> Resolver<Value> {
        defer { position += 1 }
        return resolvers[position].typed(Value.self)
    }

    /// Passes over a position whose resolver is not used.
    func skip() {
        position += 1
    }

    /// The resolvers of a whole parameter pack, typed, in parameter order.
    @usableFromInline
    static func pack<each Value>(_ resolvers: [AnyResolver], as _: repeat (each Value).Type) -> (repeat Resolver<each Value>) {
        let cursor = ResolverCursor(resolvers)
        return (repeat cursor.next((each Value).self))
    }

    /// `pack`, each resolver with where its value may already be: for factories of a
    /// fixed arity, which read a dependency made already without calling its resolver.
    /// Read by position, without a cursor object (once per binding of every graph).
    @usableFromInline
    static func dependencies<each Value>(_ resolvers: [AnyResolver], as _: repeat (each Value).Type) -> (repeat Dependency<each Value>) {
        var position = 0
        return (repeat Dependency(resolvers, at: &position, as: (each Value).self))
    }
}

/// A factory's dependency: its resolver, and where its object is kept when it is a class
/// instance shared in scope (a slot, -1 otherwise, and how many components up). Most
/// requests in a graph find their value made already; reading the slot here, in the
/// factory's own code, spares them a call through the resolver's closure and the loads of
/// its context (and, for an ancestor's object, the hop's closure as well).
@usableFromInline
struct Dependency<Value> {
    @usableFromInline
    let resolver: Resolver<Value>
    @usableFromInline
    let slot: Int
    @usableFromInline
    let levels: Int

    init(_ resolver: Resolver<Value>) {
        self.resolver = resolver
        slot = resolver.objectSlot
        levels = resolver.objectLevels
    }

    /// The dependency whose resolver is at `position` in `resolvers`; `position` moves on.
    init(_ resolvers: [AnyResolver], at position: inout Int, as _: Value.Type) {
        self.init(resolvers[position].typed(Value.self))
        position += 1
    }

    @inlinable @inline(__always)
    func resolve(_ instance: ComponentInstance) -> Value {
        instance.resolve(resolver, objectIn: slot, levels: levels)
    }
}

extension ComponentInstance {
    /// The value of `resolver`, read from `slot` of the instance `levels` components up
    /// when its object is made already there (a slot of -1 means the value is not an
    /// object shared in scope). Forms no optional of `Value` and no box, so that code left
    /// generic (parameter packs) costs no metadata look-up either.
    @inlinable @inline(__always)
    func resolve<Value>(_ resolver: Resolver<Value>, objectIn slot: Int, levels: Int) -> Value {
        if slot >= 0 {
            let bits = strongWord(slot, levels: levels)
            if bits != 0 {
                return ScopedValue.decode(bits, isReference: true)
            }
        }
        return resolver.body(self)
    }
}

/// How a shared binding's instance is made the first time: its key (for reports), whether
/// it may keep a handle on its component, and its factory.
@usableFromInline
final class SharedConstruction<Value>: @unchecked Sendable {
    // Safe to share: immutable after linking.
    @usableFromInline
    let key: BindingKey
    @usableFromInline
    let mayRetain: Bool
    @usableFromInline
    let factory: (ComponentInstance) -> Value

    @usableFromInline
    init(key: BindingKey, mayRetain: Bool, make: @escaping (ComponentInstance) -> Value) {
        self.key = key
        self.mayRetain = mayRetain
        factory = make
    }

    @inlinable
    func make(in instance: ComponentInstance, slot: Int, isReference: Bool) -> Value {
        instance.makeShared(slot, key: key, isReference: isReference, mayRetain: mayRetain, with: factory)
    }
}
