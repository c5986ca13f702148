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
    /// One dependency: its resolver, unretained (`resolvers` keeps it), and where its
    /// value sits when it is an object shared in scope (a slot, -1 otherwise, and how many
    /// components up), read without calling the resolver. One array of these, so that a
    /// dependency costs one bounds check and no retain.
    @usableFromInline
    struct Entry {
        @usableFromInline
        let resolver: Unmanaged<AnyResolver>
        @usableFromInline
        let slot: Int
        @usableFromInline
        let levels: Int
    }

    @usableFromInline
    let entries: [Entry]
    /// Keeps the resolvers `entries` refers to.
    let resolvers: [AnyResolver]

    @usableFromInline
    init(_ resolvers: [AnyResolver]) {
        self.resolvers = resolvers
        entries = resolvers.map { Entry(resolver: .passUnretained($0), slot: $0.objectSlot, levels: $0.objectLevels) }
    }

    /// The value of the dependency at `position`, which moves on to the next one.
    @inlinable @inline(__always)
    func resolve<Value>(_: Value.Type, at position: inout Int, in instance: ComponentInstance) -> Value {
        let entry = entries[position]
        position &+= 1
        if entry.slot >= 0 {
            let bits = instance.strongWord(entry.slot, levels: entry.levels)
            if bits != 0 {
                return ScopedValue.decode(bits, isReference: true)
            }
        }
        return entry.resolver._withUnsafeGuaranteedRef { $0.typed(Value.self).body(instance) }
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
