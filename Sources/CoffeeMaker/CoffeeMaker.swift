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

/// The coffee shop's object graph: its root is the coffee maker.
struct CoffeeShop: RootComponent {
    typealias Root = CoffeeMaker

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: DripCoffeeModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<CoffeeMaker>) -> BindingReceipt<CoffeeMaker> {
        bind.to(factory: CoffeeMaker.init)
    }
}
