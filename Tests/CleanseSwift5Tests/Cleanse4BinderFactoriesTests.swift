import Cleanse
import XCTest

// Modules as Cleanse 4 apps wrote them, compiled in the Swift 5 language mode: binder
// factories, collection contributions, assisted factories and property injectors that
// capture plain mutable state. In Swift 6 mode each of these closures must be `@Sendable`
// (SendabilityProbeTests shows the compiler refusing them there); here they compile
// unchanged and run as before.

final class Grill {
    var lit = 0
}

struct Burger {
    let number: Int
}

struct Order {
    let burger: Burger
    let table: Int
}

final class Receipt {
    var footer = ""
}

struct TicketFactory: AssistedFactory {
    typealias Seed = Int
    typealias Element = String
}

struct KitchenModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        let grill = Grill()
        var orders = 0
        binder.bind(Burger.self).to { () -> Burger in
            grill.lit += 1
            return Burger(number: grill.lit)
        }
        binder.bind(Int.self).to { () -> Int in
            orders += 1
            return orders
        }
        binder.bind(Order.self).to(factory: Order.init)
        binder.bind(String.self).intoCollection().to { (burger: Burger) in "burger \(burger.number) on grill \(grill.lit)" }
        binder.bindFactory(String.self).with(TicketFactory.self).to { (table: Assisted<Int>) in
            orders += 1
            return "table \(table.get()), ticket \(orders)"
        }
        binder.bindPropertyInjectionOf(Receipt.self).to { (receipt: Receipt, burger: Burger) in
            receipt.footer = "thanks for burger \(burger.number) of \(grill.lit)"
        }
    }
}

struct KitchenComponent: Cleanse.RootComponent {
    typealias Root = Kitchen
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: KitchenModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Kitchen>) -> BindingReceipt<Kitchen> {
        bind.to(factory: Kitchen.init)
    }
}

struct Kitchen {
    let orders: Provider<Order>
    let menu: Provider<[String]>
    let tickets: Factory<TicketFactory>
    let receipts: PropertyInjector<Receipt>
}

final class Cleanse4BinderFactoriesTests: XCTestCase {
    func testFactoriesOverMutableStateWorkAsBefore() throws {
        let kitchen = try ComponentFactory.of(KitchenComponent.self).build(())
        let first = kitchen.orders.get()
        XCTAssertEqual(first.burger.number, 1)
        XCTAssertEqual(first.table, 1)
        let second = kitchen.orders.get()
        XCTAssertEqual(second.burger.number, 2)
        XCTAssertEqual(second.table, 2)
        XCTAssertEqual(kitchen.menu.get(), ["burger 3 on grill 3"])
        XCTAssertEqual(kitchen.tickets.build(12), "table 12, ticket 3")
        let receipt = Receipt()
        kitchen.receipts.injectProperties(into: receipt)
        XCTAssertEqual(receipt.footer, "thanks for burger 4 of 4")
    }
}
