/// The outermost component of an object graph, made into a factory with
/// `ComponentFactory.of(_:)`.
///
/// ```swift
/// struct CoffeeShop: RootComponent {
///     typealias Root = CoffeeMaker
///     static func configure(binder: Binder<Singleton>) {
///         binder.include(module: DripCoffeeModule.self)
///     }
///     static func configureRoot(binder bind: ReceiptBinder<CoffeeMaker>) -> BindingReceipt<CoffeeMaker> {
///         bind.to(factory: CoffeeMaker.init)
///     }
/// }
///
/// let coffeeMaker = try ComponentFactory.of(CoffeeShop.self).build(())
/// ```
public protocol RootComponent: ComponentBase {}

/// A component installed inside another with `binder.install(dependency:)`: it sees its
/// ancestors' bindings, and is built through an injected `ComponentFactory`.
public protocol Component: ComponentBase {}
