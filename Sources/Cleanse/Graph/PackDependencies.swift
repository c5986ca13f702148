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
    /// Per position, where the value sits when it is an object shared in the same instance
    /// (-1 otherwise): read without calling the resolver.
    @usableFromInline
    let slots: [Int]

    @usableFromInline
    init(_ resolvers: [AnyResolver]) {
        self.resolvers = resolvers
        slots = resolvers.map(\.objectSlotHere)
    }

    /// The value of the dependency at `position`, which moves on to the next one.
    @inlinable @inline(__always)
    func resolve<Value>(_: Value.Type, at position: inout Int, in instance: ComponentInstance) -> Value {
        let index = position
        position = index &+ 1
        return instance.resolve(resolvers[index].typed(Value.self), objectIn: slots[index])
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
