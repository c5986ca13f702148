/// A parameter supplied by the caller of `Factory.build(_:)` rather than by the graph.
///
/// ```swift
/// final class CustomerDetail {
///     init(customerID: Assisted<String>, service: CustomerService) {
///         self.customerID = customerID.get()
///         …
///     }
/// }
/// ```
public struct Assisted<Element>: ProviderProtocol {
    private let getter: () -> Element

    /// Creates an assisted value whose `get()` calls `getter`.
    @available(swift, introduced: 6)
    public init(getter: @escaping @Sendable () -> Element) {
        self.getter = getter
    }

    /// The value passed to `build(_:)`.
    public func get() -> Element {
        getter()
    }
}

// Safe to share when the element is: its getter is `@Sendable`, or reads the seed the
// graph was given.
extension Assisted: @unchecked Sendable where Element: Sendable {}
