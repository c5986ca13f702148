/// What a provider made from another value or provider captures, in the `@Sendable` getter
/// ``ProviderProtocol`` requires.
///
/// The compiler cannot prove it safe, and it does not need to be in general: each of
/// Cleanse's providers is `Sendable` only when its element is, so a provider of a
/// non-`Sendable` value (or made from one) stays on the thread that made it. What a
/// `Sendable` provider captures here is a `Sendable` value, or a provider whose getter is
/// itself `@Sendable` (Cleanse's) or resolves through the thread-safe graph. A conformance
/// of the user's own that is `Sendable` answers for its own `get()`.
struct ProviderCapture<Value>: @unchecked Sendable {
    // Safe to share under the rule above: a provider holding it is `Sendable` only where
    // the captured value may be used from any thread.
    let value: Value
}
