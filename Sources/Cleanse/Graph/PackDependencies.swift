/// The dependencies of a factory over a parameter pack, read one by one in parameter order
/// as the pack is expanded: `factory(repeat dependencies.resolve((each D).self, at: &position, in: instance))`.
///
/// Not generic, on purpose: a tuple of generic wrappers per pack element (`(repeat
/// Dependency<each D>)`) held in a closure makes the runtime look up the metadata of every
/// element's wrapper on every call (~350 instructions each, a third of an asynchronous
/// resolution before this type). Here only the element types themselves are used, which the
/// closure has already.
@usableFromInline
struct PackDependencies {
    @usableFromInline
    let resolvers: [AnyResolver]
    /// Per position, where the value sits when it is an object shared in scope (-1
    /// otherwise): read without calling the resolver.
    @usableFromInline
    let slots: [Int]
    /// Per position, how many components up that slot is.
    @usableFromInline
    let levels: [Int]

    @usableFromInline
    init(_ resolvers: [AnyResolver]) {
        self.resolvers = resolvers
        slots = resolvers.map(\.objectSlot)
        levels = resolvers.map(\.objectLevels)
    }

    /// The value of the dependency at `position`, which moves on to the next one.
    @inlinable @inline(__always)
    func resolve<Value>(_: Value.Type, at position: inout Int, in instance: ComponentInstance) -> Value {
        let index = position
        position = index &+ 1
        // The slot first: a value made already is read without touching the resolver
        // (loading it from the array would retain and release it).
        let slot = slots[index]
        if slot >= 0 {
            let levels = levels[index]
            let bits = levels == 0 ? instance.storage.loadStrong(slot) : instance.strongWord(slot, levels: levels)
            if bits != 0 {
                return ScopedValue.decode(bits, isReference: true)
            }
        }
        return resolvers[index].typed(Value.self).body(instance)
    }
}

/// ``PackDependencies`` for dependencies that are awaited.
@usableFromInline
struct AsyncPackDependencies {
    @usableFromInline
    let resolvers: [AnyAsyncResolver]

    @usableFromInline
    init(_ resolvers: [AnyAsyncResolver]) {
        self.resolvers = resolvers
    }

    /// The value of the dependency at `position`, awaited; `position` moves on to the next one.
    @inlinable @inline(__always)
    func resolve<Value>(_: Value.Type, at position: inout Int, in instance: ComponentInstance) async throws -> Value {
        let index = position
        position = index &+ 1
        return try await resolvers[index].typed(Value.self).resolve(instance)
    }
}
