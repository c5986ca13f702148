/// A source of values of one type, the counterpart of `javax.inject.Provider`.
///
/// Request `Provider<T>` (or another provider) instead of `T` to build the value later, or
/// more than once: each `get()` resolves `T` anew (or returns the shared instance when `T`'s
/// binding is scoped).
public protocol ProviderProtocol {
    /// The type of value the provider provides.
    associatedtype Element

    /// Creates a provider whose `get()` calls `getter`.
    ///
    /// `getter` is `@Sendable` because Cleanse's providers of `Sendable` values are
    /// `Sendable`: a provider may be called from any thread. Code written for Cleanse 4 in
    /// the Swift 5 language mode compiles as before; in the Swift 6 mode, a getter that
    /// captures unprotected mutable state is a compile-time error. A conformance of your own
    /// may declare `init(getter:)` with a plain closure; it is then `Sendable` only if it
    /// says so.
    init(getter: @escaping @Sendable () -> Element)

    /// Provides a value.
    func get() -> Element
}

extension ProviderProtocol {
    /// Creates a provider that always provides `value`.
    ///
    /// The provider is `Sendable` only when `Element` is (for Cleanse's providers), so the
    /// value is never shared across threads unless it may be.
    public init(value: Element) {
        let captured = ProviderCapture(value: value)
        self.init(getter: { captured.value })
    }

    /// Creates a provider that provides what `other` provides.
    ///
    /// `other.get()` runs wherever the new provider's `get()` runs: a conformance of your own
    /// passed here must be safe to call from any thread when the new provider is `Sendable`.
    public init<Other: ProviderProtocol>(other: Other) where Other.Element == Element {
        let captured = ProviderCapture(value: other.get)
        self.init(getter: { captured.value() })
    }

    /// A provider of `transform` applied to each value this one provides.
    ///
    /// ```swift
    /// let names: Provider<String> = users.map { $0.name }
    /// ```
    ///
    /// `transform` is `@Sendable`: the new provider may be used from any thread when
    /// `NewElement` is `Sendable`.
    public func map<NewElement>(transform: @escaping @Sendable (Element) -> NewElement) -> Provider<NewElement> {
        let captured = ProviderCapture(value: self.get)
        return Provider { transform(captured.value()) }
    }
}
