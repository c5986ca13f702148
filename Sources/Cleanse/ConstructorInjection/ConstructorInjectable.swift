/// A type the graph constructs with no binding line: when something requests it, untagged,
/// and no module binds it, its ``injectableConstructor`` is bound just in time. The
/// `@Injectable` macro (`import CleanseMacros`) writes the conformance for a class or struct
/// with one initializer; it can also be written by hand.
///
/// ```swift
/// @Injectable
/// final class CheckoutService {
///     init(cart: Cart, payments: Provider<any PaymentGateway>) { … }
/// }
///
/// // No `bind(CheckoutService.self)`: any binding that asks for a CheckoutService gets one.
/// ```
///
/// The just-in-time binding is validated with the whole graph at `ComponentFactory.of`: a
/// request of its initializer that nothing serves is reported with the type's declaration.
/// A binding written in a module always wins. Unscoped types are bound in the component
/// that requests them; a type constructed in a scope is bound in the nearest component of
/// that scope.
public protocol ConstructorInjectable {
    /// How the graph constructs the type: its initializer's parameters are its requests.
    /// Read once per process, the first time a graph needs it, and kept: it describes the
    /// type, so it should not capture state made when it is read.
    static var injectableConstructor: InjectableConstructor { get }
}
