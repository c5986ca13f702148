import Cleanse

/// A storefront built from generic pieces, as apps that wrap several back ends write it: one
/// API client type per service through a generic module included once per service, a generic
/// box for configuration values, a generic typealias for a price range, and a generic inbox
/// root. The receipt's box is inferred from its binding and needs an `Int` nobody binds.
public enum GenericShop {
    protocol Service: SendableMetatype {
        static var baseURL: String { get }
    }
    enum Github: Service {
        static let baseURL = "https://api.github.com"
    }
    enum Gitlab: Service {
        static let baseURL = "https://gitlab.com/api/v4"
    }

    final class Session {
        init() {}
    }

    final class APIClient<S: Service> {
        let session: Session
        init(session: Session) { self.session = session }
    }

    final class RepositoryList<S: Service> {
        init(client: APIClient<S>) {}
    }

    /// The wiring of one service: its client and its repository list.
    struct ServiceModule<S: Service>: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(APIClient<S>.self).sharedInScope().to(factory: APIClient<S>.init)
            binder.bind(RepositoryList<S>.self).to(factory: RepositoryList.init)
        }
    }

    struct Box<Value> {
        let value: Value
        init(value: Value) { self.value = value }
    }

    typealias Pair<T> = (T, T)

    final class PriceRange {
        init(bounds: Pair<Double>) {}
    }

    final class Receipt {
        init(total: Box<Int>) {}
    }

    final class Dashboard {
        init(github: RepositoryList<Github>, gitlab: RepositoryList<Gitlab>, title: Box<String>, prices: PriceRange, receipt: Provider<Receipt>) {}
    }

    struct Storefront: RootComponent {
        typealias Root = Dashboard
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: ServiceModule<Github>.self)
            binder.include(module: ServiceModule<Gitlab>.self)
            binder.bind(Session.self).sharedInScope().to(factory: Session.init)
            binder.bind(String.self).to(value: "Storefront")
            binder.bind(Box<String>.self).to(factory: Box<String>.init)
            binder.bind(Pair<Double>.self).to(value: (1.0, 99.0))
            binder.bind(PriceRange.self).to(factory: PriceRange.init)
            binder.bind(Box<Int>.self).to(factory: Box.init) // expect: MissingBinding
            binder.bind(Receipt.self).to(factory: Receipt.init)
        }
        static func configureRoot(binder bind: ReceiptBinder<Dashboard>) -> BindingReceipt<Dashboard> {
            bind.to(factory: Dashboard.init)
        }
    }

    /// A message inbox for any message type; the app makes one of orders, whose list
    /// nobody binds.
    final class Inbox<Message> {
        init(messages: [Message], title: String) {}
    }

    struct InboxComponent<Message>: RootComponent {
        typealias Root = Inbox<Message>
        static func configure(binder: Binder<Singleton>) {
            binder.bind(String.self).to(value: "Inbox")
        }
        static func configureRoot(binder bind: ReceiptBinder<Inbox<Message>>) -> BindingReceipt<Inbox<Message>> {
            bind.to(factory: Inbox.init) // expect: MissingBinding
        }
    }

    struct Order {}

    /// A screen component made of whichever feature module it is given, for previews and
    /// tests: its scope is the module's (`Feature.Scope`), so the feature's shared
    /// bindings are valid in it.
    struct FeatureComponent<Feature: Module, Screen>: RootComponent {
        typealias Root = Screen
        typealias Scope = Feature.Scope
        static func configure(binder: Binder<Feature.Scope>) {
            binder.include(module: Feature.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen> {
            bind.to { (screen: Screen) in screen }
        }
    }

    final class CartStore {
        init() {}
    }

    final class CartScreen {
        init(store: CartStore) {}
    }

    struct CartFeature: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(CartStore.self).sharedInScope().to(factory: CartStore.init)
            binder.bind(CartScreen.self).to(factory: CartScreen.init)
        }
    }

    static func validateFeature() throws {
        _ = try ComponentFactory.of(FeatureComponent<CartFeature, CartScreen>.self)
    }

    static func validate() throws {
        _ = try ComponentFactory.of(Storefront.self)
    }

    static func validateInbox() throws {
        _ = try ComponentFactory.of(InboxComponent<Order>.self)
    }
}
