import Cleanse

/// A checkout app's flows, as apps with many similar screens write them: one generic
/// component for every flow, given a spec type whose `configureRoot` says how the flow's
/// first screen is made. The spec declares no `Root`: Swift infers it from that function, and
/// the component's `typealias Root = Spec.Root` follows. The checkout flow's screen needs a
/// payment sheet nobody binds, which the runtime reports at the spec's line.
public enum SpecFlows {
    protocol FlowSpec {
        associatedtype Root
        static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root>
    }

    final class Analytics { init() {} }
    final class PaymentSheet { init() {} }
    final class SignUpScreen { init(analytics: Analytics) {} }
    final class CheckoutScreen { init(analytics: Analytics, payment: PaymentSheet) {} }

    struct FlowModule: Module {
        static func configure(binder: UnscopedBinder) {
            binder.bind(Analytics.self).to(factory: Analytics.init)
        }
    }

    struct FlowComponent<Spec: FlowSpec>: RootComponent {
        typealias Root = Spec.Root
        static func configure(binder: UnscopedBinder) {
            binder.include(module: FlowModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<Spec.Root>) -> BindingReceipt<Spec.Root> {
            Spec.configureRoot(binder: bind)
        }
    }

    enum SignUpSpec: FlowSpec {
        static func configureRoot(binder bind: ReceiptBinder<SignUpScreen>) -> BindingReceipt<SignUpScreen> {
            bind.to(factory: SignUpScreen.init)
        }
    }

    enum CheckoutSpec: FlowSpec {
        static func configureRoot(binder bind: ReceiptBinder<CheckoutScreen>) -> BindingReceipt<CheckoutScreen> {
            bind.to(factory: CheckoutScreen.init) // expect: MissingBinding
        }
    }

    static func validateSignUp() throws {
        _ = try ComponentFactory.of(FlowComponent<SignUpSpec>.self)
    }

    static func validateCheckout() throws {
        _ = try ComponentFactory.of(FlowComponent<CheckoutSpec>.self)
    }
}
