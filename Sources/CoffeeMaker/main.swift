import Cleanse

// The README's demonstration. `swift run coffee-maker` runs a small coffee shop through a
// Cleanse object graph: property injection into the app object, a menu built from
// collection bindings, one subcomponent per order seeded with the customer's name, and
// receipts from an assisted factory; `swift run coffee-maker --broken` shows the errors a misconfigured graph
// throws before anything is built.

let arguments = CommandLine.arguments.dropFirst()

if arguments.contains("--broken") {
    do {
        _ = try ComponentFactory.of(BrokenCoffeeShop.self)
        print("unexpectedly valid")
    } catch {
        print(error)
    }
} else {
    do {
        let app = CoffeeShopApp()
        try ComponentFactory.of(CoffeeShop.self).build(()).injectProperties(into: app)
        app.run(orders: [(customer: "Ada", item: "latte"), (customer: "Grace", item: "espresso"), (customer: "Alan", item: "mocha")])
    } catch {
        print(error)
    }
}
