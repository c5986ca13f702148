import Cleanse

/// Heats water; there may be several kinds.
protocol Heater: AnyObject {
    var isHot: Bool { get }
    func on()
    func off()
}

/// The heater the drip coffee module installs.
final class ElectricHeater: Heater {
    private let logger: CoffeeLogger
    private(set) var isHot = false

    init(logger: CoffeeLogger) {
        self.logger = logger
    }

    func on() {
        isHot = true
        logger.log("~ ~ ~ heating ~ ~ ~")
    }

    func off() {
        isHot = false
    }
}

/// Tags the brewing temperature, so it is not confused with any other `Int`.
struct BrewingTemperature: Tag {
    typealias Element = Int
}

/// Binds the heater, shared by the whole shop, and the brewing temperature.
struct DripCoffeeModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: PumpModule.self)
        binder.include(module: CoffeeLogger.Module.self)
        binder.bind((any Heater).self).sharedInScope().to(factory: ElectricHeater.init)
        binder.bind(Int.self).tagged(with: BrewingTemperature.self).to(value: 93)
    }
}
