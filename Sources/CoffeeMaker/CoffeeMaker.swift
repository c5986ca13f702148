import Cleanse

/// Brews coffee. Its heater is requested through a `Provider`, so it is only built when the
/// first cup is brewed.
final class CoffeeMaker {
    private let logger: CoffeeLogger
    private let heater: Provider<any Heater>
    private let pump: any Pump
    let temperature: Int

    init(logger: CoffeeLogger, heater: Provider<any Heater>, pump: any Pump, temperature: TaggedProvider<BrewingTemperature>) {
        self.logger = logger
        self.heater = heater
        self.pump = pump
        self.temperature = temperature.get()
    }

    /// What the coffee maker has done so far.
    var logLines: [String] { logger.lines }

    func brew() {
        heater.get().on()
        pump.pump()
        logger.log(" [_]P coffee! [_]P (at \(temperature) °C)")
        heater.get().off()
    }
}

/// The coffee shop's object graph. Its root injects into the app object, which exists first.
struct CoffeeShop: RootComponent {
    typealias Root = PropertyInjector<CoffeeShopApp>

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: DripCoffeeModule.self)
        binder.include(module: EspressoBarModule.self)
        binder.include(module: FilterCoffeeModule.self)
        binder.bind(CoffeeMaker.self).to(factory: CoffeeMaker.init)
        binder.install(dependency: OrderComponent.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<PropertyInjector<CoffeeShopApp>>) -> BindingReceipt<PropertyInjector<CoffeeShopApp>> {
        bind.propertyInjector(configuredWith: { bind in
            bind.to(injector: CoffeeShopApp.injectProperties)
        })
    }
}
