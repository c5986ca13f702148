/// Names an assisted factory: the `Seed` its `build(_:)` takes and the `Element` it makes.
///
/// ```swift
/// extension CustomerDetail {
///     struct AssistedFactory: Cleanse.AssistedFactory {
///         typealias Seed = String
///         typealias Element = CustomerDetail
///     }
/// }
/// ```
public protocol AssistedFactory: _StaticConfiguration {
    /// What the caller supplies, received by the `Assisted<Seed>` parameter.
    associatedtype Seed
    /// What the factory builds.
    associatedtype Element
}

/// Builds `Element`s from a seed and the graph's bindings; injectable once
/// `binder.bindFactory(Element.self).with(AF.self).to(factory:)` is configured.
///
/// ```swift
/// init(details: Factory<CustomerDetail.AssistedFactory>) { … }
/// let screen = details.build(customerID)
/// ```
public struct Factory<Tag: AssistedFactory> {
    private let make: (Tag.Seed) -> Tag.Element

    /// Creates a factory that calls `make`.
    ///
    /// `make` is `@Sendable`: a factory of `Sendable` seeds and elements may be used from
    /// any thread. (Cleanse 4 code in the Swift 5 language mode compiles as before.)
    public init(make: @escaping @Sendable (Tag.Seed) -> Tag.Element) {
        self.make = make
    }

    /// A factory the graph makes: `make` calls the user's factory with dependencies
    /// resolved through the thread-safe graph, as every factory is called.
    init(resolving make: @escaping (Tag.Seed) -> Tag.Element) {
        self.make = make
    }

    /// Creates a factory that calls `factory`; the Cleanse 4 spelling of ``init(make:)``.
    public init(factory: @escaping @Sendable (Tag.Seed) -> Tag.Element) {
        self.make = factory
    }

    /// Builds a new `Element` from `seed`, resolving its other dependencies from the graph.
    public func build(_ seed: Tag.Seed) -> Tag.Element {
        make(seed)
    }
}

// Safe to share when seeds and elements are: a hand-made factory's closure is `@Sendable`,
// and a graph-made one resolves through the thread-safe graph, as factories do.
extension Factory: @unchecked Sendable where Tag.Seed: Sendable, Tag.Element: Sendable {}
