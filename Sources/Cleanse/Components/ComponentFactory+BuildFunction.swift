extension ComponentFactory {
    /// A component factory's `build`, as a value: each call builds a new instance of the
    /// component and returns its root.
    ///
    /// `factory.build(seed)` calls one; Cleanse 4 code that keeps the function,
    /// `let make = factory.build`, keeps one too, and calls it the same way:
    ///
    /// ```swift
    /// let makeSession = sessionFactory.build
    /// let first = makeSession(userID)
    /// ```
    ///
    /// Each call takes its caller's isolation (`#isolation`), so that a main-actor caller
    /// builds a main-actor root on the spot (see ``ComponentFactory/build-swift.property``).
    public struct BuildFunction: Sendable {
        // Inlined where it is called, so that `factory.build(seed)` costs what a method call
        // did: no generic metadata for the value, no copy of the factory kept.
        @usableFromInline let factory: ComponentFactory

        @usableFromInline init(factory: ComponentFactory) {
            self.factory = factory
        }

        /// Builds a new instance of the component from `seed` and returns its root object.
        ///
        /// `isolation` is the caller's: leave it to its default.
        @inlinable
        public func callAsFunction(_ seed: C.Seed, isolation: isolated (any Actor)? = #isolation) -> C.Root {
            factory.buildRoot(seed, callerIsolation: isolation)
        }
    }
}

extension ComponentFactory.BuildFunction where C.Seed: ProviderProtocol {
    /// Builds the component from the value its provider seed wraps: `build(userID)` for a
    /// component seeded with `TaggedProvider<UserID>`.
    @inlinable
    public func callAsFunction(_ seed: C.Seed.Element, isolation: isolated (any Actor)? = #isolation) -> C.Root {
        factory.buildRoot(C.Seed(value: seed), callerIsolation: isolation)
    }
}

extension ComponentFactory.BuildFunction where C.Seed == Void {
    /// Builds a component that takes no seed.
    @inlinable
    public func callAsFunction(isolation: isolated (any Actor)? = #isolation) -> C.Root {
        factory.buildRoot((), callerIsolation: isolation)
    }
}
