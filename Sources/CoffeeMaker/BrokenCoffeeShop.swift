import Cleanse

/// A grinder nobody bound: what a missing binding looks like.
final class Grinder {}

/// A coffee maker that also needs a grinder.
final class GrindingCoffeeMaker {
    init(grinder: Grinder, pump: any Pump) {}
}

/// The bar at the front of the shop, where the grinding coffee maker stands.
final class CoffeeBar {
    init(maker: GrindingCoffeeMaker) {}
}

/// Shares a cup per order; only a component with the order scope may include it.
struct CupModule: Cleanse.Module {
    static func configure(binder: Binder<OrderScope>) {
        binder.bind(Cup.self).sharedInScope().to(factory: Cup.init)
    }
}

/// A shop configured with three mistakes, to show how Cleanse reports them all at once.
struct BrokenCoffeeShop: RootComponent {
    typealias Root = CoffeeBar

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: DripCoffeeModule.self)
        // Mistake: a second heater binding.
        binder.bind((any Heater).self).to(factory: ElectricHeater.init)
        // Mistake: the shop has the singleton scope, not the order scope.
        binder.include(module: CupModule.self)
        // Mistake: `Grinder` is never bound.
        binder.bind(GrindingCoffeeMaker.self).to(factory: GrindingCoffeeMaker.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<CoffeeBar>) -> BindingReceipt<CoffeeBar> {
        bind.to(factory: CoffeeBar.init)
    }
}
