import Cleanse

/// Something the shop sells.
struct MenuItem: Sendable {
    let name: String
    let price: Double
}

/// Each drink module adds its items to the menu: a collection binding.
struct EspressoBarModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(MenuItem.self).intoCollection().to(value: MenuItem(name: "espresso", price: 2.50))
        binder.bind(MenuItem.self).intoCollection().to(value: [
            MenuItem(name: "cappuccino", price: 3.10),
            MenuItem(name: "latte", price: 3.20),
        ])
    }
}

struct FilterCoffeeModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(MenuItem.self).intoCollection().to { (temperature: TaggedProvider<BrewingTemperature>) in
            MenuItem(name: "drip coffee (\(temperature.get()) °C)", price: 2.00)
        }
    }
}
