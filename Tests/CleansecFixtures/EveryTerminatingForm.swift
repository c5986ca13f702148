import Cleanse

/// A storefront whose bindings end every way the binder DSL allows, in one app: an
/// initializer, a trailing closure, a value, a provider, a function given to
/// `configured(with:)`, an `async` factory, a factory isolated to a global actor, an assisted
/// factory, a property injector (a storyboard's cart screen), an injector component's
/// `propertyInjector(configuredWith:)`, tagged values, collections of every kind, and shared
/// bindings. Checkout needs a payment gateway that nothing binds.
public enum EveryTerminatingForm {
    struct APIBaseURL: Tag { typealias Element = String }
    struct Featured: Tag { typealias Element = [Product] }
    struct Product: Hashable { let name: String }
    enum Route: Hashable, Sendable { case home, cart }

    final class HTTPClient {
        init(baseURL: TaggedProvider<APIBaseURL>) {}
    }
    final class Analytics {}
    final class Session {
        init(analytics: Analytics) {}
    }
    final class Catalog {
        init(client: HTTPClient, products: [Product], featured: TaggedProvider<Featured>) {}
    }
    final class ImageCache {
        static func warmUp(client: HTTPClient) async -> ImageCache { ImageCache() }
    }
    @globalActor actor RenderActor {
        static let shared = RenderActor()
    }
    @RenderActor final class PriceRenderer {
        init() {}
    }
    struct ProductDetail {
        init(id: Assisted<Int>, catalog: Catalog) {}
        struct Maker: AssistedFactory {
            typealias Seed = Int
            typealias Element = ProductDetail
        }
    }
    final class PaymentGateway {}
    final class Checkout {
        init(session: Session, gateway: PaymentGateway) {}
    }
    /// Made by a storyboard: its properties are injected.
    final class CartViewController {
        var session: Session?
        func injectProperties(_ session: Session) { self.session = session }
    }
    final class Storefront {
        init(
            catalog: Catalog,
            screens: [Route: String],
            badges: Set<String>,
            details: Factory<ProductDetail.Maker>,
            cart: PropertyInjector<CartViewController>,
            checkout: Provider<Checkout>,
            images: AsyncProvider<ImageCache>,
            prices: AsyncProvider<PriceRenderer>
        ) {}
    }

    struct NetworkModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(String.self).tagged(with: APIBaseURL.self).to(value: "https://shop.example")
            binder.bind(HTTPClient.self).sharedInScope().to(factory: HTTPClient.init)
            binder.bind(Analytics.self).sharedInScope().to(provider: Provider(value: Analytics()))
            binder.bind(ImageCache.self).sharedInScope().to(factory: ImageCache.warmUp)
            binder.bind(PriceRenderer.self).sharedInScope().to(isolatedFactory: PriceRenderer.init)
        }
    }

    struct CatalogModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(Product.self).intoCollection().to(value: Product(name: "kettle"))
            binder.bind(Product.self).intoCollection().to { Product(name: "teapot") }
            binder.bind([Product].self).tagged(with: Featured.self).to(value: [Product(name: "kettle")])
            binder.bind(String.self).intoDictionary(key: Route.home).to(value: "Home")
            binder.bind(String.self).intoDictionary(key: Route.cart).to(value: "Cart")
            binder.bind(String.self).intoSet().to(value: "new")
            binder.bind(Catalog.self).sharedInScope().to(factory: Catalog.init)
            binder.bindFactory(ProductDetail.self).with(ProductDetail.Maker.self).to(factory: ProductDetail.init)
        }
    }

    struct CheckoutModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(Session.self).sharedInScope().configured(with: CheckoutModule.configureSession)
            binder.bind(Checkout.self).to(factory: Checkout.init) // expect: MissingBinding
            binder.bindPropertyInjectionOf(CartViewController.self).to(injector: CartViewController.injectProperties)
        }
        static func configureSession(binder bind: ReceiptBinder<Session>) -> BindingReceipt<Session> {
            bind.to(factory: Session.init)
        }
    }

    struct StoreApp: RootComponent {
        typealias Root = Storefront
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: NetworkModule.self)
            binder.include(module: CatalogModule.self)
            binder.include(module: CheckoutModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<Storefront>) -> BindingReceipt<Storefront> {
            bind.to(factory: Storefront.init)
        }
    }

    /// The cart screen on its own, as an app delegate injects it.
    struct CartScreen: RootComponent {
        typealias Root = PropertyInjector<CartViewController>
        static func configure(binder: Binder<Singleton>) {
            binder.bind(Analytics.self).sharedInScope().to(factory: Analytics.init)
            binder.bind(Session.self).to(factory: Session.init)
        }
        static func configureRoot(binder bind: ReceiptBinder<PropertyInjector<CartViewController>>) -> BindingReceipt<PropertyInjector<CartViewController>> {
            bind.propertyInjector(configuredWith: configureInjector)
        }
        static func configureInjector(binder bind: PropertyInjectionReceiptBinder<CartViewController>) -> BindingReceipt<PropertyInjector<CartViewController>> {
            bind.to(injector: CartViewController.injectProperties)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(StoreApp.self)
    }

    static func validateCart() throws {
        _ = try ComponentFactory.of(CartScreen.self)
    }
}
