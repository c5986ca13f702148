/// A request of an ``InjectableConstructor`` that the compiler knows names a
/// ``ConstructorInjectable`` type, seen where the requesting type is declared: what
/// `@Injectable` writes beside each constructor, so that the graph finds how a request is
/// constructed without asking the runtime whether its type conforms (a look-up that scans
/// every conformance of the process the first time each type is asked about).
///
/// ```swift
/// InjectableConstructor(CheckoutService.self) { (cart: Cart, payments: Provider<any PaymentGateway>) in
///     CheckoutService(cart: cart, payments: payments)
/// }
/// .constructing(InjectableConstructor.dependency(Cart.self), InjectableConstructor.dependency(Provider<any PaymentGateway>.self))
/// ```
///
/// A request it says nothing of is looked up at run time, as before: a hint only spares work.
#if compiler(>=6.2)
public struct ConstructedDependency: Sendable {
    /// The constructed type: its conformance is not isolated to an actor
    /// (`SendableMetatype`), so its constructor may be read on any thread, as the graph does.
    let constructed: any NonisolatedConstructorInjectable.Type

    init<Constructed: NonisolatedConstructorInjectable>(_: Constructed.Type) {
        constructed = Constructed.self
    }
}

/// A ``ConstructorInjectable`` type whose conformance is not isolated to an actor: what a
/// ``ConstructedDependency`` hint may name. A type whose conformance is isolated (say, to the
/// main actor, in a module isolated to it by default) gets no hint and is looked up at run
/// time, which finds such a conformance only on its actor.
public typealias NonisolatedConstructorInjectable = ConstructorInjectable & SendableMetatype
#else
public struct ConstructedDependency: @unchecked Sendable {
    // Safe to share: a metatype is an immutable reference; compilers before Swift 6.2 have no
    // conformances isolated to an actor, so its constructor may be read on any thread.
    /// The constructed type.
    let constructed: any NonisolatedConstructorInjectable.Type

    init<Constructed: NonisolatedConstructorInjectable>(_: Constructed.Type) {
        constructed = Constructed.self
    }
}

/// A ``ConstructorInjectable`` type: what a ``ConstructedDependency`` hint may name (with
/// Swift 6.2 and later, one whose conformance is not isolated to an actor).
public typealias NonisolatedConstructorInjectable = ConstructorInjectable
#endif

extension InjectableConstructor {
    /// The same constructor, told which of its requests name constructed types (`nil`
    /// entries, the requests that do not, are ignored).
    public func constructing(_ dependencies: ConstructedDependency?...) -> InjectableConstructor {
        var copy = self
        copy.constructedDependencies = dependencies.compactMap { $0 }
        return copy
    }

    /// Nothing: as far as the compiler can see where this is written, `Request` is not a
    /// constructed type (another overload answers for those that are).
    public static func dependency<Request>(_: Request.Type) -> ConstructedDependency? { nil }

    /// `Constructed`, requested directly.
    public static func dependency<Constructed: NonisolatedConstructorInjectable>(_: Constructed.Type) -> ConstructedDependency? {
        ConstructedDependency(Constructed.self)
    }

    /// `Constructed`, requested through a ``Provider``.
    public static func dependency<Constructed: NonisolatedConstructorInjectable>(_: Provider<Constructed>.Type) -> ConstructedDependency? {
        ConstructedDependency(Constructed.self)
    }

    /// `Constructed`, requested through a ``WeakProvider``.
    public static func dependency<Constructed: NonisolatedConstructorInjectable>(_: WeakProvider<Constructed>.Type) -> ConstructedDependency? {
        ConstructedDependency(Constructed.self)
    }

    /// `Constructed`, requested through a ``MainActorProvider``.
    public static func dependency<Constructed: NonisolatedConstructorInjectable>(_: MainActorProvider<Constructed>.Type) -> ConstructedDependency? {
        ConstructedDependency(Constructed.self)
    }

    /// `Constructed`, requested through an ``AsyncProvider``.
    public static func dependency<Constructed: NonisolatedConstructorInjectable>(_: AsyncProvider<Constructed>.Type) -> ConstructedDependency? {
        ConstructedDependency(Constructed.self)
    }

    /// `Constructed`, requested as a function that makes one (Cleanse 4's implicit provider).
    public static func dependency<Constructed: NonisolatedConstructorInjectable>(_: (() -> Constructed).Type) -> ConstructedDependency? {
        ConstructedDependency(Constructed.self)
    }

    /// `Constructed`, requested as an optional (always present when constructed).
    public static func dependency<Constructed: NonisolatedConstructorInjectable>(_: Constructed?.Type) -> ConstructedDependency? {
        ConstructedDependency(Constructed.self)
    }
}
