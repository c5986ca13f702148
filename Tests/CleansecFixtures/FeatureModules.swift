import Cleanse

/// A shop split the way multi-module apps are: the checkout and orders features each declare
/// what they need from the app as a protocol and seed their own root component with it; the
/// app conforms and installs them (`install(feature:)`). The app forgets to provide the
/// orders feature's dependencies, and the orders feature forgets a binding of its own.
public enum FeatureModules {
    // Core: the app's services.
    final class PaymentsClient {}
    final class CartStore {}
    final class Analytics {}

    // Feature "Checkout".
    protocol CheckoutDependencies {
        var payments: PaymentsClient { get }
        var cart: CartStore { get }
    }
    struct CheckoutScope: Scope {}
    final class CheckoutViewModel {
        init(payments: PaymentsClient, cart: CartStore) {}
    }
    final class CheckoutViewController {
        init(model: CheckoutViewModel) {}
    }
    struct CheckoutComponent: RootComponent {
        typealias Scope = CheckoutScope
        typealias Seed = any CheckoutDependencies
        typealias Root = CheckoutViewController
        static func configure(binder: Binder<CheckoutScope>) {
            binder.bind(PaymentsClient.self).to { (dependencies: any CheckoutDependencies) in dependencies.payments }
            binder.bind(CartStore.self).to { (dependencies: any CheckoutDependencies) in dependencies.cart }
            binder.bind(CheckoutViewModel.self).sharedInScope().to(factory: CheckoutViewModel.init)
        }
        static func configureRoot(binder bind: ReceiptBinder<CheckoutViewController>) -> BindingReceipt<CheckoutViewController> {
            bind.to(factory: CheckoutViewController.init)
        }
    }

    // Feature "Orders".
    protocol OrdersDependencies {
        var analytics: Analytics { get }
    }
    final class OrderFormatter {}
    final class OrdersViewController {
        init(analytics: Analytics, formatter: OrderFormatter) {}
    }
    struct OrdersComponent: RootComponent {
        typealias Seed = any OrdersDependencies
        typealias Root = OrdersViewController
        static func configure(binder: Binder<Unscoped>) {
            binder.bind(Analytics.self).to { (dependencies: any OrdersDependencies) in dependencies.analytics }
        }
        static func configureRoot(binder bind: ReceiptBinder<OrdersViewController>) -> BindingReceipt<OrdersViewController> {
            bind.to(factory: OrdersViewController.init) // expect: MissingBinding
        }
    }

    // Feature "Help": needs nothing from the app.
    final class HelpViewController {}
    struct HelpComponent: RootComponent {
        typealias Root = HelpViewController
        static func configure(binder: Binder<Unscoped>) {}
        static func configureRoot(binder bind: ReceiptBinder<HelpViewController>) -> BindingReceipt<HelpViewController> {
            bind.to(factory: HelpViewController.init)
        }
    }

    // The app.
    struct AppCheckoutDependencies: CheckoutDependencies {
        let payments: PaymentsClient
        let cart: CartStore
    }
    final class ShopCoordinator {
        init(checkout: FeatureFactory<CheckoutComponent>, orders: FeatureFactory<OrdersComponent>, help: FeatureFactory<HelpComponent>) {}
    }
    struct ShopComponent: RootComponent {
        typealias Root = ShopCoordinator
        static func configure(binder: Binder<Singleton>) {
            binder.bind(PaymentsClient.self).sharedInScope().to(factory: PaymentsClient.init)
            binder.bind(CartStore.self).sharedInScope().to(factory: CartStore.init)
            binder.bind((any CheckoutDependencies).self).to(factory: AppCheckoutDependencies.init)
            binder.install(feature: CheckoutComponent.self)
            binder.install(feature: OrdersComponent.self) // expect: MissingBinding
            binder.install(feature: HelpComponent.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<ShopCoordinator>) -> BindingReceipt<ShopCoordinator> {
            bind.to(factory: ShopCoordinator.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(ShopComponent.self)
    }
}
