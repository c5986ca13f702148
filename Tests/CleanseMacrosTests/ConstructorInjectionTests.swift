import CleanseMacros
import CleansecFixtures
import Testing

// A checkout flow written with constructor injection: the services are @Injectable and have
// no binding line; only what the app chooses (its HTTP client, its store, a protocol's
// implementation) is bound in a module.

private final class HTTPClient: @unchecked Sendable {
    // Safe: never changed after it is made.
    let baseURL: String
    init(baseURL: String) { self.baseURL = baseURL }
}

private final class CartStore {}

@Injectable
private struct Cart {
    static let declarationLine = #line - 1
    let store: CartStore
    var coupon: String?
}

@Injectable(scope: Singleton.self)
private final class PaymentClient {
    let http: HTTPClient
    init(http: HTTPClient) { self.http = http }
}

private protocol Analytics: AnyObject {}
private final class RecordingAnalytics: Analytics {}

@Injectable
private final class CheckoutService {
    @Injected var analytics: Provider<any Analytics>
    let cart: Cart
    let payments: Provider<PaymentClient>
    let makeReceipt: () -> Receipt
    init(cart: Cart, payments: Provider<PaymentClient>, makeReceipt: @escaping () -> Receipt) {
        self.cart = cart
        self.payments = payments
        self.makeReceipt = makeReceipt
    }
}

@Injectable
private final class Receipt {}

@Injectable
private final class APIClient {
    let origin: String
    @Inject init(http: HTTPClient) { origin = http.baseURL }
    init(stubbedOrigin: String) { origin = stubbedOrigin }
}

/// Retries uploads: its default counts stay as written, and nothing binds an `Int`.
@Injectable
private final class UploadQueue {
    let attempts: Int
    let timeout: Double
    init(http: HTTPClient, attempts: Int = 3, timeout: Double = 30) {
        self.attempts = attempts
        self.timeout = timeout
    }
}

/// A labelled defaulted parameter before an unlabelled one: leaving it out shifts nothing.
@Injectable
private final class Thumbnailer {
    let size: Int
    init(size: Int = 64, _ http: HTTPClient) { self.size = size }
}

/// Filled by the graph (so the macro does not warn of its two initializers), and also
/// requested as a dependency, which the graph cannot construct.
@Injectable
private final class Clock {
    static let declarationLine = #line - 1
    @Injected var http: HTTPClient
    init(zone: String) {}
    init(offset: Int) {}
}

private struct NetworkModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(HTTPClient.self).sharedInScope().to { HTTPClient(baseURL: "https://shop.example") }
        binder.bind(CartStore.self).to(factory: CartStore.init)
        binder.bind((any Analytics).self).to(factory: RecordingAnalytics.init)
    }
}

private struct CheckoutApp: RootComponent {
    typealias Root = CheckoutService
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: NetworkModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (service: CheckoutService) in service }
    }
}

@Suite("Constructor injection: @Injectable types need no binding line")
struct ConstructorInjectionTests {
    @Test("a requested @Injectable type is constructed with its initializer's requests, each request form served")
    func constructsWithoutABindingLine() throws {
        let service = try ComponentFactory.of(CheckoutApp.self).build(())
        #expect(service.payments.get().http.baseURL == "https://shop.example")
        #expect(service.analytics.get() is RecordingAnalytics)
        #expect(service.makeReceipt() !== service.makeReceipt())
        #expect(service.cart.coupon == nil)
    }

    @Test("a type stated in a scope is made once per instance of that component; an unscoped one per request")
    func scopes() throws {
        let factory = try ComponentFactory.of(CheckoutApp.self)
        let service = factory.build(())
        #expect(service.payments.get() === service.payments.get())
        let other = factory.build(())
        #expect(other.payments.get() !== service.payments.get())
    }

    @Test("the initializer marked @Inject is the one called")
    func markedInitializer() throws {
        struct App: RootComponent {
            typealias Root = APIClient
            static func configure(binder: Binder<Singleton>) { binder.include(module: NetworkModule.self) }
            static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to { (client: APIClient) in client } }
        }
        #expect(try ComponentFactory.of(App.self).build(()).origin == "https://shop.example")
    }

    @Test("a binding written in a module wins over the type's own constructor")
    func explicitBindingWins() throws {
        struct StubModule: Cleanse.Module {
            static func configure(binder: Binder<Singleton>) {
                binder.bind(APIClient.self).to { APIClient(stubbedOrigin: "stub") }
            }
        }
        struct App: RootComponent {
            typealias Root = APIClient
            static func configure(binder: Binder<Singleton>) { binder.include(module: StubModule.self) }
            static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to { (client: APIClient) in client } }
        }
        #expect(try ComponentFactory.of(App.self).build(()).origin == "stub")
    }

    @Test("what a constructed type needs and nothing binds is an error at `of` naming the type and its declaration")
    func missingDependencyNamesTheType() throws {
        struct App: RootComponent {
            typealias Root = CheckoutService
            static func configure(binder: Binder<Singleton>) {
                binder.bind(HTTPClient.self).to { HTTPClient(baseURL: "x") }
                binder.bind((any Analytics).self).to(factory: RecordingAnalytics.init)
            }
            static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to { (service: CheckoutService) in service } }
        }
        let error = #expect(throws: MissingProvider.self) { try ComponentFactory.of(App.self) }
        let text = error?.description ?? ""
        #expect(text.contains("[Cleanse/MissingBinding]"), "\(text)")
        #expect(text.contains("'CartStore'"), "\(text)")
        #expect(text.contains("required by Cart at"), "\(text)")
        #expect(text.contains("CleanseMacrosTests/ConstructorInjectionTests.swift:\(Cart.declarationLine)"), "\(text)")
    }

    @Test("a subcomponent sees the constructed types of its parent, and a scoped type is made in the component of its scope")
    func subcomponents() throws {
        struct Screen: Component {
            typealias Root = CheckoutService
            static func configure(binder: Binder<Unscoped>) {}
            static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to { (service: CheckoutService) in service } }
        }
        struct App: RootComponent {
            typealias Root = ComponentFactory<Screen>
            static func configure(binder: Binder<Singleton>) {
                binder.include(module: NetworkModule.self)
                binder.install(dependency: Screen.self)
            }
            static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to { (screens: ComponentFactory<Screen>) in screens } }
        }
        let screens = try ComponentFactory.of(App.self).build(())
        let first = screens.build(())
        let second = screens.build(())
        #expect(first.payments.get() === second.payments.get())
        #expect(first !== second)
    }

    @Test("an @Injectable type with two unmarked initializers is a missing binding that says to mark one")
    func unconstructedTypeSaysWhy() throws {
        struct App: RootComponent {
            typealias Root = Clock
            static func configure(binder: Binder<Singleton>) {}
            static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to { (clock: Clock) in clock } }
        }
        let error = #expect(throws: MissingProvider.self) { try ComponentFactory.of(App.self) }
        let text = error?.description ?? ""
        #expect(text.contains("is @Injectable, declared at CleanseMacrosTests/ConstructorInjectionTests.swift:\(Clock.declarationLine), but the graph cannot construct it: it declares several initializers: mark the one to call @Inject"), "\(text)")
    }

    @Test("a test's override of a constructed type nothing binds takes the place of its construction")
    func overrideOfAConstructedType() throws {
        struct StubAPI: Cleanse.Module {
            static func configure(binder: Binder<Singleton>) {
                binder.bind(APIClient.self).to { APIClient(stubbedOrigin: "stub") }
            }
        }
        struct App: RootComponent {
            typealias Root = APIClient
            static func configure(binder: Binder<Singleton>) { binder.include(module: NetworkModule.self) }
            static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to { (client: APIClient) in client } }
        }
        #expect(try ComponentFactory.of(App.self, overrides: StubAPI.self).build(()).origin == "stub")
        #expect(try ComponentFactory.of(App.self).build(()).origin == "https://shop.example")
    }

    @Test("an override of a type a feature constructs takes the place of its construction there")
    func overrideOfATypeAFeatureConstructs() throws {
        struct StubAPI: Cleanse.Module {
            static func configure(binder: Binder<Singleton>) {
                binder.bind(APIClient.self).to { APIClient(stubbedOrigin: "stub") }
            }
        }
        // The feature binds nothing of its own: its root's APIClient is constructed there.
        struct CatalogFeature: RootComponent {
            typealias Root = APIClient
            static func configure(binder: Binder<Singleton>) { binder.include(module: NetworkModule.self) }
            static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to { (client: APIClient) in client } }
        }
        struct App: RootComponent {
            typealias Root = FeatureFactory<CatalogFeature>
            static func configure(binder: Binder<Unscoped>) { binder.install(feature: CatalogFeature.self) }
            static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
                bind.to { (catalog: FeatureFactory<CatalogFeature>) in catalog }
            }
        }
        #expect(try ComponentFactory.of(App.self, overrides: StubAPI.self).build(()).build().origin == "stub")
        #expect(try ComponentFactory.of(App.self).build(()).build().origin == "https://shop.example")
    }

    @Test("a parameter with a default value keeps it: the graph neither asks for it nor fills it")
    func defaultedParametersKeepTheirDefaults() throws {
        struct App: RootComponent {
            typealias Root = UploadQueue
            static func configure(binder: Binder<Singleton>) { binder.include(module: NetworkModule.self) }
            static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to { (queue: UploadQueue) in queue } }
        }
        let queue = try ComponentFactory.of(App.self).build(())
        #expect(queue.attempts == 3)
        #expect(queue.timeout == 30)
        struct Thumbnails: RootComponent {
            typealias Root = Thumbnailer
            static func configure(binder: Binder<Singleton>) { binder.include(module: NetworkModule.self) }
            static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to { (thumbnailer: Thumbnailer) in thumbnailer } }
        }
        #expect(try ComponentFactory.of(Thumbnails.self).build(()).size == 64)
    }

    @Test("a public @Injectable type of another module is constructed in this module's graph")
    func acrossModules() throws {
        struct SearchApp: RootComponent {
            typealias Root = ConstructedServices.EpisodeSearch
            static func configure(binder: Binder<Singleton>) {
                binder.bind(String.self).tagged(with: ConstructedServices.SearchEndpoint.self).to(value: "https://search.example")
            }
            static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
                bind.to { (search: ConstructedServices.EpisodeSearch) in search }
            }
        }
        #expect(try ComponentFactory.of(SearchApp.self).build(()).endpoint == "https://search.example")
    }

    @Test("the graph export shows a constructed type at its declaration")
    func export() {
        let json = GraphExport.json(of: CheckoutApp.self)
        #expect(json.contains("\"injectableConstructor\""))
        #expect(json.contains("CleanseMacrosTests/ConstructorInjectionTests.swift"))
    }
}
