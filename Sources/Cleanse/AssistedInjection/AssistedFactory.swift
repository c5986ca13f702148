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
public protocol AssistedFactory {
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
    public init(make: @escaping (Tag.Seed) -> Tag.Element) {
        self.make = make
    }

    /// Creates a factory that calls `factory`; the Cleanse 4 spelling of ``init(make:)``.
    public init(factory: @escaping (Tag.Seed) -> Tag.Element) {
        self.make = factory
    }

    /// Builds a new `Element` from `seed`, resolving its other dependencies from the graph.
    public func build(_ seed: Tag.Seed) -> Tag.Element {
        make(seed)
    }
}

// As for `Provider`: the graph behind Cleanse-made factories is thread-safe.
extension Factory: @unchecked Sendable where Tag.Seed: Sendable, Tag.Element: Sendable {}
