import Cleanse
import Testing

// A coffee app where the heater's implementation is bound under its own type while the
// maker asks for the protocol, and a test fake bound under its own type in an override.
private protocol Heater: AnyObject { func on() }
private final class ElectricHeater: Heater { func on() {} }
private final class CoffeeMaker {
    init(heater: any Heater) {}
}
private struct DripCoffeeModule: Cleanse.Module {
    static let heaterLine = #line + 2
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(ElectricHeater.self).to(factory: ElectricHeater.init)
        binder.bind(CoffeeMaker.self).to(factory: CoffeeMaker.init)
    }
}

private protocol Network: Sendable { func fetch() -> String }
private struct URLSessionNetwork: Network { func fetch() -> String { "live" } }
private struct FakeNetwork: Network { func fetch() -> String { "fake" } }
private struct Feed {
    let network: any Network
}
private struct FeedApp: RootComponent {
    typealias Root = Feed
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any Network).self).to(value: URLSessionNetwork())
    }
    static func configureRoot(binder bind: ReceiptBinder<Feed>) -> BindingReceipt<Feed> { bind.to(factory: Feed.init) }
}
/// The mistake: the fake is bound under its own type, so it replaces nothing.
private struct FakeNetworkModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(FakeNetwork.self).to(value: FakeNetwork())
    }
}

/// A map screen that needs a cart nobody binds, beside a `Cartography` that merely starts
/// with the same letters.
private struct Cart {}
private final class Cartography {}
private final class CartScreen {
    init(cart: Cart, maps: Cartography) {}
}
private struct MapsModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Cartography.self).to(factory: Cartography.init)
        binder.bind(CartScreen.self).to(factory: CartScreen.init)
    }
}

@Suite("Did you mean: near misses in missing bindings and overrides")
struct NearMissHintTests {
    @Test("a protocol requested while its implementation is bound under its own type suggests the implementation")
    func implementationBoundInsteadOfProtocol() throws {
        #expect {
            _ = try ComponentFactory.of(ModuleComponent<DripCoffeeModule, CoffeeMaker>.self)
        } throws: { error in
            guard let missing = error as? MissingProvider else { return false }
            return missing.requestedKey == BindingKey((any Heater).self)
                && missing.suggestions == [BindingKey(ElectricHeater.self)]
                && missing.description.contains("did you mean 'ElectricHeater'?")
                && missing.description.contains(
                    "To fix: if 'ElectricHeater' conforms to 'Heater', bind the protocol to it: binder.bind((any Heater).self).to { (implementation: ElectricHeater) in implementation }"
                )
        }
    }

    @Test("an override of a fake's own type suggests the key the app binds, with the fix")
    func fakeOverriddenUnderItsOwnType() throws {
        #expect {
            _ = try ComponentFactory.of(FeedApp.self, overrides: FakeNetworkModule.self)
        } throws: { error in
            guard let unused = error as? UnusedOverride else { return false }
            return unused.suggestions == [BindingKey((any Network).self)]
                && unused.description.contains("did you mean 'Network'?")
                && unused.description.contains("binder.bind((any Network).self).to(…) in the override module")
        }
    }

    @Test("names that merely share letters are not suggested")
    func unrelatedNamesAreNotSuggested() throws {
        #expect {
            _ = try ComponentFactory.of(ModuleComponent<MapsModule, CartScreen>.self)
        } throws: { error in
            guard let missing = error as? MissingProvider, missing.requestedKey == BindingKey(Cart.self) else { return false }
            return missing.suggestions.isEmpty
        }
    }
}

// A request handler component seeded with the request's ID, whose handler asks for the ID
// as a String.
private struct OrderHandler {
    init(orderID: String) {}
}
private struct OrderRequest: Cleanse.Component {
    typealias Root = OrderHandler
    typealias Seed = Int
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<OrderHandler>) -> BindingReceipt<OrderHandler> {
        bind.to(factory: OrderHandler.init)
    }
}
private struct OrderServer: RootComponent {
    typealias Root = ComponentFactory<OrderRequest>
    static func configure(binder: Binder<Singleton>) { binder.install(dependency: OrderRequest.self) }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (requests: ComponentFactory<OrderRequest>) in requests }
    }
}

extension NearMissHintTests {
    @Test("a factory asking for the seed under another type is told the seed's type")
    func seedAskedUnderAnotherType() throws {
        #expect {
            _ = try ComponentFactory.of(OrderServer.self)
        } throws: { error in
            guard let missing = error as? MissingProvider else { return false }
            return missing.requestedKey == BindingKey(String.self) && missing.seed == BindingKey(Int.self)
                && missing.description.contains("'OrderRequest' is built with a seed of type 'Int', the argument of build(_:)")
        }
    }
}
