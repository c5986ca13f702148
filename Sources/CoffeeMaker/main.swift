import Cleanse
import Foundation

// The README's demonstration. `swift run coffee-maker` runs a small coffee shop through a
// Cleanse object graph: property injection into the app object, a menu built from
// collection bindings, one subcomponent per order seeded with the customer's name, and
// receipts from an assisted factory; `--graph dot` and `--graph json` print its graph; `swift run coffee-maker --broken` shows the errors a misconfigured graph
// throws before anything is built; `--profile launch.json` writes where start-up went as a
// trace Perfetto opens.

let arguments = Array(CommandLine.arguments.dropFirst())

if let flag = arguments.firstIndex(of: "--graph") {
    // `--graph dot` or `--graph json`: print the shop's own object graph.
    let format = arguments.indices.contains(flag + 1) ? arguments[flag + 1] : ""
    switch format {
    case "dot": print(GraphExport.dot(of: CoffeeShop.self), terminator: "")
    case "json": print(GraphExport.json(of: CoffeeShop.self), terminator: "")
    default: print("usage: coffee-maker --graph dot|json")
    }
} else if arguments.contains("--broken") {
    do {
        _ = try ComponentFactory.of(BrokenCoffeeShop.self)
        print("unexpectedly valid")
    } catch {
        print(error)
    }
} else if let flag = arguments.firstIndex(of: "--profile") {
    // `--profile FILE`: run the shop with a launch profile and write it as a Chrome trace.
    guard arguments.indices.contains(flag + 1) else {
        print("usage: coffee-maker --profile FILE.json")
        exit(64)
    }
    do {
        let profile = LaunchProfile()
        let app = CoffeeShopApp()
        try ComponentFactory.of(CoffeeShop.self, observer: profile).build(()).injectProperties(into: app)
        app.run(orders: [(customer: "Ada", item: "latte")])
        try profile.chromeTrace().write(toFile: arguments[flag + 1], atomically: true, encoding: .utf8)
        print(profile.summary(limit: 5), terminator: "")
        print("wrote \(arguments[flag + 1]): open it in https://ui.perfetto.dev or chrome://tracing")
    } catch {
        print(error)
        exit(1)
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
