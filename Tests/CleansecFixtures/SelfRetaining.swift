import Cleanse

/// A value shared in a subcomponent that keeps a provider of its own component (reported),
/// beside a class that does the same, a value that keeps no handle, and a value that keeps a
/// provider of its parent's binding, which keeps the parent, not the request (none reported).
public enum SelfRetaining {
    struct RequestScope: Scope {}
    final class Item {}
    struct Basket {
        let items: Provider<Item>
    }
    final class Cart {
        init(items: Provider<Item>) {}
    }
    struct Receipt {
        let item: Item
    }
    final class Rates {}
    struct Pricing {
        let rates: Provider<Rates>
    }
    final class Checkout {
        init(basket: Basket, cart: Cart, receipt: Receipt, pricing: Pricing) {}
    }

    struct Request: Component {
        typealias Root = Checkout
        typealias Scope = RequestScope
        static func configure(binder: Binder<RequestScope>) {
            binder.bind(Item.self).to(factory: Item.init)
            binder.bind(Basket.self).sharedInScope().to(factory: Basket.init) // expect: SelfRetainingValue
            binder.bind(Cart.self).sharedInScope().to(factory: Cart.init)
            binder.bind(Receipt.self).sharedInScope().to(factory: Receipt.init)
            binder.bind(Pricing.self).sharedInScope().to(factory: Pricing.init)
        }
        static func configureRoot(binder bind: ReceiptBinder<Checkout>) -> BindingReceipt<Checkout> {
            bind.to(factory: Checkout.init)
        }
    }

    struct Shop: RootComponent {
        typealias Root = ComponentFactory<Request>
        typealias Scope = Singleton
        static func configure(binder: Binder<Singleton>) {
            binder.bind(Rates.self).sharedInScope().to(factory: Rates.init)
            binder.install(dependency: Request.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<ComponentFactory<Request>>) -> BindingReceipt<ComponentFactory<Request>> {
            bind.to { (request: ComponentFactory<Request>) in request }
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(Shop.self)
    }
}
