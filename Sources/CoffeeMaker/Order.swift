import Cleanse

/// The customer an order is for: the seed of each order's component.
struct CustomerName: Tag {
    typealias Element = String
}

/// The lifetime of one order: everything shared in it is made once per order.
struct OrderScope: Scope {}

/// The cup of one order, shared by everyone working on it.
final class Cup {
    private(set) var contents: [String] = []
    func fill(with drink: String) { contents.append(drink) }
}

/// A receipt, built from the item sold (supplied when the receipt is printed) and the shop's
/// bindings: assisted injection.
struct Receipt {
    let customer: String
    let item: MenuItem

    init(item: Assisted<MenuItem>, customer: TaggedProvider<CustomerName>) {
        self.item = item.get()
        self.customer = customer.get()
    }

    var text: String {
        let cents = Int((item.price * 100).rounded())
        return "Receipt: \(customer), \(item.name), €\(cents / 100).\(String(cents % 100).leftPadded(to: 2))"
    }

    struct AssistedFactory: Cleanse.AssistedFactory {
        typealias Seed = MenuItem
        typealias Element = Receipt
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

/// Serves one order: the root of the order's subcomponent.
final class Barista {
    let customer: String
    let cup: Cup
    private let coffeeMaker: CoffeeMaker
    private let receipts: Factory<Receipt.AssistedFactory>

    init(customer: TaggedProvider<CustomerName>, cup: Cup, coffeeMaker: CoffeeMaker, receipts: Factory<Receipt.AssistedFactory>) {
        self.customer = customer.get()
        self.cup = cup
        self.coffeeMaker = coffeeMaker
        self.receipts = receipts
    }

    /// Brews `item` into the order's cup and returns its receipt.
    func serve(_ item: MenuItem) -> Receipt {
        coffeeMaker.brew()
        cup.fill(with: item.name)
        return receipts.build(item)
    }
}

/// One order's object graph, built per customer with `ComponentFactory<OrderComponent>`.
struct OrderComponent: Cleanse.Component {
    typealias Root = Barista
    typealias Seed = TaggedProvider<CustomerName>

    static func configure(binder: Binder<OrderScope>) {
        binder.bind(Cup.self).sharedInScope().to(factory: Cup.init)
        binder.bindFactory(Receipt.self).with(Receipt.AssistedFactory.self).to(factory: Receipt.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<Barista>) -> BindingReceipt<Barista> {
        bind.to(factory: Barista.init)
    }
}
