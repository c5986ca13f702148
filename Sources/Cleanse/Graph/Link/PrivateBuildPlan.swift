/// How a component is built when nothing it builds can reach the component instance: no
/// binding the root needs, directly or through what it needs, requests a provider, a
/// factory, an object graph or an injector. Then no other task or thread can see the
/// instance until the root is returned, and the shared bindings the root needs are made in
/// turn, each published with a plain store: no claim, no compare-and-swap, no waiters.
///
/// The steps are the shared bindings of the component in the order a lazy resolution of
/// the root would make them (a depth-first walk of direct requests, in parameter order), so
/// factories run in the same order either way. Anything without a step (an unscoped
/// binding, a collection, a main-actor or inherited binding) is made lazily, as always, by
/// the first step or root that requests it; a step whose slot is filled already does
/// nothing. The root is then resolved as usual and finds what it needs made.
struct PrivateBuildPlan {
    let steps: [PrivateBuildStep]
    /// The resolvers of the steps, which the steps refer to without a retain.
    private let resolvers: [AnyObject]
    /// Whether every step is synchronous, so that `build(_:)` may run the plan.
    let isSynchronous: Bool

    init?(steps: [PrivateBuildStep]) {
        guard !steps.isEmpty else { return nil }
        self.steps = steps
        resolvers = steps.map { step -> AnyObject in
            switch step {
            case .synchronous(let resolver): resolver.takeUnretainedValue()
            case .asynchronous(let resolver): resolver.takeUnretainedValue()
            }
        }
        isSynchronous = steps.allSatisfy {
            if case .synchronous = $0 { return true }
            return false
        }
    }

    /// Makes the shared bindings of a plan whose steps are all synchronous.
    func run(in instance: ComponentInstance) {
        for case .synchronous(let resolver) in steps {
            resolver._withUnsafeGuaranteedRef { $0.privateMake(instance) }
        }
    }

    /// Makes the shared bindings, awaiting the asynchronous ones; what a factory throws
    /// reaches the caller as it would through lazy resolution.
    func run(in instance: ComponentInstance) async throws {
        for step in steps {
            switch step {
            case .synchronous(let resolver):
                resolver._withUnsafeGuaranteedRef { $0.privateMake(instance) }
            case .asynchronous(let resolver):
                try await resolver.takeUnretainedValue().privateMake(instance)
            }
        }
    }
}

/// How a private build makes the value of one shared binding in its slot, unless the slot
/// is filled already: through its synchronous resolver (called without a retain, which a
/// closure taken out of an array would cost), or its asynchronous one. Trivially
/// copyable, so that walking the steps copies no payload.
enum PrivateBuildStep {
    case synchronous(Unmanaged<AnyResolver>)
    case asynchronous(Unmanaged<AnyAsyncResolver>)
}

extension ComponentInstance {
    /// Whether nothing was made in `slot` yet: a private build's step makes its value then.
    @inlinable @inline(__always)
    func isEmpty(_ slot: Int) -> Bool {
        storage.load(slot) == 0
    }

    /// Stores `value`, which a private build's step made, in its `slot`.
    @inlinable @inline(__always)
    func storePrivately<Value>(_ value: Value, in slot: Int, isReference: Bool) {
        storage.storePrivately(slot, ScopedValue.encode(value, isReference: isReference))
    }

    /// A private build's step for a binding shared in `slot`: makes its value with `make`
    /// and stores it, unless something made it already (see ``PrivateBuildPlan``).
    @inlinable @inline(__always)
    func makePrivately<Value>(_ slot: Int, isReference: Bool, with make: (ComponentInstance) -> Value) {
        guard isEmpty(slot) else { return }
        guard isReference else {
            storePrivately(make(self), in: slot, isReference: false)
            return
        }
        // An object is moved into its word as it is made: the slot takes the reference the
        // factory returned, with no retain for the slot and no release of the made value.
        // The word is then stored again with a releasing store, as any published word is.
        // (The word is bound to `Value` for the move and back to `UInt` for the store:
        // both bindings are free; `initializeMemory(as:to:)` was a call into the standard
        // library, unspecialised, per object.)
        let word = storage.word(slot)
        word.bindMemory(to: Value.self, capacity: 1).initialize(to: make(self))
        storage.storePrivately(slot, word.bindMemory(to: UInt.self, capacity: 1).pointee)
    }

    /// `makePrivately` for an asynchronous binding.
    @inlinable @inline(__always)
    func makePrivately<Value>(_ slot: Int, isReference: Bool, with make: (ComponentInstance) async throws -> Value) async throws {
        guard isEmpty(slot) else { return }
        storePrivately(try await make(self), in: slot, isReference: isReference)
    }
}
