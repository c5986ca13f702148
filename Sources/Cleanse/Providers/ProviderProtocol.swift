/// A source of values of one type, the counterpart of `javax.inject.Provider`.
///
/// Request `Provider<T>` (or another provider) instead of `T` to build the value later, or
/// more than once: each `get()` resolves `T` anew (or returns the shared instance when `T`'s
/// binding is scoped).
public protocol ProviderProtocol {
    /// The type of value the provider provides.
    associatedtype Element

    /// Creates a provider whose `get()` calls `getter`.
    init(getter: @escaping () -> Element)

    /// Provides a value.
    func get() -> Element
}

extension ProviderProtocol {
    /// Creates a provider that always provides `value`.
    public init(value: Element) {
        self.init(getter: { value })
    }

    /// Creates a provider that provides what `other` provides.
    public init<Other: ProviderProtocol>(other: Other) where Other.Element == Element {
        self.init(getter: other.get)
    }

    /// A provider of `transform` applied to each value this one provides.
    ///
    /// ```swift
    /// let names: Provider<String> = users.map { $0.name }
    /// ```
    public func map<NewElement>(transform: @escaping (Element) -> NewElement) -> Provider<NewElement> {
        Provider { transform(self.get()) }
    }
}
