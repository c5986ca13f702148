import Cleanse

/// Per-screen components whose wiring no lifetime can honour: two shared objects of a
/// checkout screen that can ask for each other (never freed), and screens seeded with
/// provider types nothing inside can request.
public enum Lifetimes {
    struct ScreenScope: Scope {}
    struct Order {}

    final class CheckoutCoordinator {
        init(sheets: Provider<PaymentSheet>) {}
    }
    final class PaymentSheet {
        init(cart: CartStore) {}
    }
    final class CartStore {
        init(router: Provider<CheckoutCoordinator>) {}
    }

    struct CheckoutScreen: Component {
        typealias Root = CheckoutCoordinator
        typealias Scope = ScreenScope
        static func configure(binder: Binder<ScreenScope>) {
            binder.bind(CheckoutCoordinator.self).sharedInScope().to(factory: CheckoutCoordinator.init) // expect: RetentionCycle
            binder.bind(PaymentSheet.self).to(factory: PaymentSheet.init)
            binder.bind(CartStore.self).sharedInScope().to(factory: CartStore.init)
        }
        static func configureRoot(binder bind: ReceiptBinder<CheckoutCoordinator>) -> BindingReceipt<CheckoutCoordinator> {
            bind.to { (coordinator: CheckoutCoordinator) in coordinator }
        }
    }

    final class OrderHistory {}
    struct HistoryScreen: Component {
        typealias Root = OrderHistory
        typealias Seed = WeakProvider<Order>
        static func configure(binder: Binder<Unscoped>) {}
        static func configureRoot(binder bind: ReceiptBinder<OrderHistory>) -> BindingReceipt<OrderHistory> {
            bind.to(factory: OrderHistory.init)
        }
    }

    final class Receipt {}
    struct ReceiptScreen: Component {
        typealias Root = Receipt
        typealias Seed = AsyncProvider<Order>
        static func configure(binder: Binder<Unscoped>) {}
        static func configureRoot(binder bind: ReceiptBinder<Receipt>) -> BindingReceipt<Receipt> {
            bind.to(factory: Receipt.init)
        }
    }

    final class Screens {
        init(checkout: ComponentFactory<CheckoutScreen>, history: ComponentFactory<HistoryScreen>, receipt: ComponentFactory<ReceiptScreen>) {}
    }

    struct Shop: RootComponent {
        typealias Root = Screens
        static func configure(binder: Binder<Singleton>) {
            binder.install(dependency: CheckoutScreen.self)
            binder.install(dependency: HistoryScreen.self) // expect: BoundWrapperType
            binder.install(dependency: ReceiptScreen.self) // expect: BoundWrapperType
        }
        static func configureRoot(binder bind: ReceiptBinder<Screens>) -> BindingReceipt<Screens> {
            bind.to(factory: Screens.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(Shop.self)
    }
}
