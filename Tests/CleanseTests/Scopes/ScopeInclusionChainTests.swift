import Cleanse
import Testing

// A checkout feature whose cart is shared per checkout session, brought into the app's
// singleton root through the payments module: the scope error shows the way in.
private struct CheckoutScope: Scope {}
private final class Cart {}
private final class PaymentSheet {
    init(cart: Cart) {}
}
private struct CartModule: Cleanse.Module {
    static let cartLine = #line + 2
    static func configure(binder: Binder<CheckoutScope>) {
        binder.bind(Cart.self).sharedInScope().to(factory: Cart.init)
    }
}
private struct PaymentsModule: Cleanse.Module {
    static let includeLine = #line + 2
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: CartModule.self)
        binder.bind(PaymentSheet.self).to(factory: PaymentSheet.init)
    }
}
private struct ShopApp: RootComponent {
    typealias Root = PaymentSheet
    static let includeLine = #line + 2
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: PaymentsModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<PaymentSheet>) -> BindingReceipt<PaymentSheet> {
        bind.to { (sheet: PaymentSheet) in sheet }
    }
}

@Suite("A scope error shows how its module was included")
struct ScopeInclusionChainTests {
    @Test("the binding, then each include(module:) from its module up to the component's configuration")
    func inclusionChainIsListed() throws {
        #expect {
            _ = try ComponentFactory.of(ShopApp.self)
        } throws: { error in
            guard let scope = error as? InvalidBindingScope else { return false }
            let file = "CleanseTests/ScopeInclusionChainTests.swift"
            return scope.location.description == "\(file):\(CartModule.cartLine)"
                && scope.inclusions.map(\.module) == [TypeIdentity(CartModule.self), TypeIdentity(PaymentsModule.self)]
                && scope.inclusions.map(\.location.description) == ["\(file):\(PaymentsModule.includeLine)", "\(file):\(ShopApp.includeLine)"]
                && scope.description.contains("'CartModule' is included at \(file):\(PaymentsModule.includeLine)")
                && scope.description.contains("move include(module: PaymentsModule.self) at \(file):\(ShopApp.includeLine)")
        }
    }
}
