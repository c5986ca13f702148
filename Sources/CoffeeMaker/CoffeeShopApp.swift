import Cleanse

/// The program's entry object. Like an app delegate, it is made before the graph, so the
/// graph injects into it: property injection, with a `PropertyInjector` as the root.
final class CoffeeShopApp {
    private var coffeeMaker: CoffeeMaker?
    private var orders: ComponentFactory<OrderComponent>?
    private var menu: [MenuItem] = []

    func injectProperties(_ coffeeMaker: CoffeeMaker, _ orders: ComponentFactory<OrderComponent>, _ menu: [MenuItem]) {
        self.coffeeMaker = coffeeMaker
        self.orders = orders
        self.menu = menu
    }

    /// Prints the menu, then serves each customer their order through a new order graph.
    func run(orders requested: [(customer: String, item: String)]) {
        print("Menu: " + menu.map(\.name).joined(separator: ", "))
        guard let orders else { return }
        var printed = 0
        for (customer, itemName) in requested {
            guard let item = menu.first(where: { $0.name == itemName }) else {
                print("\(customer): we have no \(itemName)")
                continue
            }
            print("\(customer) orders \(item.name):")
            let barista = orders.build(customer)
            let receipt = barista.serve(item)
            let log = coffeeMaker?.logLines ?? []
            log.dropFirst(printed).forEach { print("  " + $0) }
            printed = log.count
            print("  " + receipt.text)
        }
    }
}
