import Cleanse

/// Pushes water through the coffee.
protocol Pump {
    func pump()
}

/// A pump that only works when the heater is hot.
struct Thermosiphon: Pump {
    let logger: CoffeeLogger
    let heater: any Heater

    func pump() {
        if heater.isHot {
            logger.log("=> => pumping => =>")
        }
    }
}

/// Binds the pump.
struct PumpModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any Pump).self).to { (logger: CoffeeLogger, heater: any Heater) -> any Pump in
            Thermosiphon(logger: logger, heater: heater)
        }
    }
}
