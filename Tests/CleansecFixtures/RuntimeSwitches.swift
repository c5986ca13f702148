import Cleanse

/// A shopping app whose modules choose bindings with plain `if` and `switch` on launch
/// settings, as apps do for UI tests and environments: every branch is read. The UI-test
/// analytics fake (the branch taken when the flag is set, as here) needs a recorder nothing
/// binds.
public enum RuntimeSwitches {
    enum Environment {
        case staging, production
        static let current = Environment.staging
    }

    enum LaunchFlags {
        static let isUITesting = true
        static let usesMockPayments = false
    }

    protocol Analytics: AnyObject {}
    final class EventRecorder {
        init() {}
    }
    final class RecordingAnalytics: Analytics {
        init(recorder: EventRecorder) {}
    }
    final class FirebaseAnalytics: Analytics {
        init() {}
    }

    protocol Payments {}
    struct MockPayments: Payments {}
    struct StripePayments: Payments {
        let key: String
    }

    struct APIBaseURL: Cleanse.Tag { typealias Element = String }

    final class CheckoutScreen {
        init(analytics: any Analytics, payments: any Payments, baseURL: TaggedProvider<APIBaseURL>) {}
    }

    struct ServicesModule: Module {
        static func configure(binder: Binder<Singleton>) {
            if LaunchFlags.isUITesting {
                binder.bind((any Analytics).self).sharedInScope().to(factory: RecordingAnalytics.init) // expect: MissingBinding
            } else {
                binder.bind((any Analytics).self).sharedInScope().to(factory: FirebaseAnalytics.init)
            }
            if LaunchFlags.usesMockPayments {
                binder.bind((any Payments).self).to(value: MockPayments())
            } else if Environment.current == .staging {
                binder.bind((any Payments).self).to(value: StripePayments(key: "pk_test"))
            } else {
                binder.bind((any Payments).self).to(value: StripePayments(key: "pk_live"))
            }
            switch Environment.current {
            case .staging:
                binder.bind(String.self).tagged(with: APIBaseURL.self).to(value: "https://staging.shop.example")
            case .production:
                binder.bind(String.self).tagged(with: APIBaseURL.self).to(value: "https://shop.example")
            }
        }
    }

    struct ShopApp: RootComponent {
        typealias Root = CheckoutScreen
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: ServicesModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<CheckoutScreen>) -> BindingReceipt<CheckoutScreen> {
            bind.to(factory: CheckoutScreen.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(ShopApp.self)
    }
}
