import Cleanse
import VendorSDK

/// A shop that wires a vendor's payments SDK, which it has only compiled (cleansec reads its
/// `.swiftmodule` through the toolchain): untyped bindings of the SDK's initializers and
/// static functions. The shop forgets the SDK's locale, and asks for the SDK's card screen,
/// main-actor through its compiled superclass, through a plain provider.
public enum VendorSDKWiring {
    struct MerchantID: Tag { typealias Element = String }

    struct PaymentsModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind().sharedInScope().to(factory: PayClient.sandbox(merchantID:))
            binder.bind().to(factory: PayCheckout.init) // expect: MissingBinding
        }
    }

    final class CheckoutScreen {
        init(checkout: PayCheckout, configuration: PayConfiguration, cardEntry: Provider<PayCardViewController>) {}
    }

    struct ShopComponent: RootComponent {
        typealias Root = CheckoutScreen
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: PaymentsModule.self)
            binder.bind(String.self).to(value: "merchant-42")
            binder.bind().to(factory: PayConfiguration.init(merchantID:environment:))
            binder.bind(PayEnvironment.self).to(value: .sandbox)
            binder.bind(PayCardViewController.self).to(factory: PayCardViewController.init) // expect: AsyncRequestedSynchronously
        }
        static func configureRoot(binder bind: ReceiptBinder<CheckoutScreen>) -> BindingReceipt<CheckoutScreen> {
            bind.to(factory: CheckoutScreen.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(ShopComponent.self)
    }
}
