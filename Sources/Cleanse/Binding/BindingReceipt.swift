/// Proof that a binding of `Element` was completed with a terminating step.
///
/// `configureRoot(binder:)` returns one, so the compiler makes sure the root is bound.
public struct BindingReceipt<Element>: Sendable {
    init() {}
}
