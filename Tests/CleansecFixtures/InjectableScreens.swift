import CleanseMacros

/// `@Injectable` screens (the macro writes their lists), a subclass adding its own
/// property, and one property nothing binds: cleansec reads the `@Injected` properties the
/// macro reads.
public enum InjectableScreens {
    final class CartStore {}
    final class PaymentsClient {}
    final class FraudCheck {}

    @Injectable
    class CheckoutViewController {
        @Injected var cart: CartStore
        @Injected var payments: Provider<PaymentsClient>
    }

    @Injectable(subclass: true)
    final class ExpressCheckoutViewController: CheckoutViewController {
        @Injected var fraud: FraudCheck // expect: MissingBinding
    }

    final class TaxTable {}

    /// A view model the graph makes, with `@Injected` properties beside its initializer's.
    @Injectable
    final class CheckoutViewModel {
        let cart: CartStore
        @Injected var tax: TaxTable // expect: MissingBinding
        init(cart: CartStore) { self.cart = cart }
    }

    /// Payment methods the checkout lists, each contributed by a module, with `@Injected`
    /// properties of their own.
    final class ReceiptPrinter {}
    @Injectable
    class PaymentMethod {
        @Injected var payments: PaymentsClient
        @Injected var printer: ReceiptPrinter // expect: MissingBinding
        init() {}
    }

    final class CheckoutCoordinator {
        init(injector: PropertyInjector<ExpressCheckoutViewController>, model: CheckoutViewModel, methods: [PaymentMethod]) {}
    }

    struct AppComponent: RootComponent {
        typealias Root = CheckoutCoordinator
        static func configure(binder: Binder<Singleton>) {
            binder.bind(CartStore.self).sharedInScope().to(factory: CartStore.init)
            binder.bind(PaymentsClient.self).to(factory: PaymentsClient.init)
            binder.bindPropertyInjectionOf(ExpressCheckoutViewController.self).toInjectedProperties()
            binder.bind(CheckoutViewModel.self).to(factory: CheckoutViewModel.init)
            binder.bind(PaymentMethod.self).intoCollection().to(factory: PaymentMethod.init)
        }
        static func configureRoot(binder bind: ReceiptBinder<CheckoutCoordinator>) -> BindingReceipt<CheckoutCoordinator> {
            bind.to(factory: CheckoutCoordinator.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(AppComponent.self)
    }
}
