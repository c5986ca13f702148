import Cleanse
import Synchronization
import Testing

// An app in the style of a coordinator-based iOS app: app-wide services shared in the root,
// a signed-in session below it, and screens below the session whose view models take many
// dependencies (more than six, so the factory's parameter-pack form reads them). Screens
// reach objects shared one and two components up; the runtime reads those from the
// ancestors' slots once they are made, and makes them through the ancestor otherwise.

private let madeCount = Mutex([String: Int]())
private func noteMade(_ name: String) { madeCount.withLock { $0[name, default: 0] += 1 } }

private final class APIClient: Sendable { init() { noteMade("APIClient") } }
private final class Analytics: Sendable { init() { noteMade("Analytics") } }
private final class ImageCache: Sendable { init() { noteMade("ImageCache") } }
private final class SessionStore: Sendable {
    let user: String
    let api: APIClient
    init(user: String, api: APIClient) {
        self.user = user
        self.api = api
        noteMade("SessionStore")
    }
}
// Screen-scoped objects, made before the view model, so that the screen's slots are all
// filled when the view model asks for its ancestors' objects.
private final class Formatter {}
private final class Clock {}
private final class FeatureFlags {}

private final class CheckoutViewModel {
    let api: APIClient, analytics: Analytics, images: ImageCache, session: SessionStore
    let cart: CartRepository
    let formatter: Formatter, clock: Clock, flags: FeatureFlags
    init(
        api: APIClient, analytics: Analytics, images: ImageCache, session: SessionStore,
        formatter: Formatter, clock: Clock, flags: FeatureFlags, cart: CartRepository
    ) {
        self.api = api
        self.analytics = analytics
        self.images = images
        self.session = session
        self.cart = cart
        self.formatter = formatter
        self.clock = clock
        self.flags = flags
    }
}
private final class CartRepository {
    let api: APIClient
    let session: SessionStore
    init(api: APIClient, session: SessionStore) {
        self.api = api
        self.session = session
    }
}

private struct ScreenScope: Scope {}
private struct CheckoutScreenComponent: Cleanse.Component {
    typealias Root = CheckoutViewModel
    static func configure(binder: Binder<ScreenScope>) {
        binder.bind(Formatter.self).sharedInScope().to(factory: Formatter.init)
        binder.bind(Clock.self).sharedInScope().to(factory: Clock.init)
        binder.bind(FeatureFlags.self).sharedInScope().to(factory: FeatureFlags.init)
        binder.bind(CartRepository.self).sharedInScope().to(factory: CartRepository.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<CheckoutViewModel>) -> BindingReceipt<CheckoutViewModel> {
        bind.to(factory: CheckoutViewModel.init)
    }
}

private struct SessionScope: Scope {}
private struct SessionComponent: Cleanse.Component {
    typealias Root = ComponentFactory<CheckoutScreenComponent>
    typealias Seed = String
    static func configure(binder: Binder<SessionScope>) {
        binder.bind(SessionStore.self).sharedInScope().to(factory: SessionStore.init)
        binder.install(dependency: CheckoutScreenComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (screens: Root) in screens }
    }
}

private struct AppComponent: RootComponent {
    typealias Root = ComponentFactory<SessionComponent>
    static func configure(binder: Binder<Singleton>) {
        binder.bind(APIClient.self).sharedInScope().to(factory: APIClient.init)
        binder.bind(Analytics.self).sharedInScope().to(factory: Analytics.init)
        binder.bind(ImageCache.self).sharedInScope().to(factory: ImageCache.init)
        binder.install(dependency: SessionComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (sessions: Root) in sessions }
    }
}

// The same screen with an asynchronous view-model factory: awaited dependencies on the
// ancestors' objects.
private final class AsyncCheckoutViewModel: Sendable {
    let api: APIClient, analytics: Analytics, session: SessionStore
    init(api: APIClient, analytics: Analytics, session: SessionStore) async {
        self.api = api
        self.analytics = analytics
        self.session = session
    }
}
private struct AsyncCheckoutComponent: Cleanse.Component {
    typealias Root = AsyncCheckoutViewModel
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<AsyncCheckoutViewModel>) -> BindingReceipt<AsyncCheckoutViewModel> {
        bind.to(factory: AsyncCheckoutViewModel.init)
    }
}
private struct AsyncSessionComponent: Cleanse.Component {
    typealias Root = ComponentFactory<AsyncCheckoutComponent>
    typealias Seed = String
    static func configure(binder: Binder<SessionScope>) {
        binder.bind(SessionStore.self).sharedInScope().to(factory: SessionStore.init)
        binder.install(dependency: AsyncCheckoutComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (screens: Root) in screens }
    }
}
private struct AsyncAppComponent: RootComponent {
    typealias Root = ComponentFactory<AsyncSessionComponent>
    static func configure(binder: Binder<Singleton>) {
        binder.bind(APIClient.self).sharedInScope().to(factory: APIClient.init)
        binder.bind(Analytics.self).sharedInScope().to(factory: Analytics.init)
        binder.install(dependency: AsyncSessionComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (sessions: Root) in sessions }
    }
}

@Suite("Objects shared in an ancestor", .serialized)
struct AncestorSharedObjectTests {
    @Test("a wide factory two components down gets its ancestors' shared objects: made once, the same everywhere")
    func wideFactoryReadsAncestorsObjects() throws {
        madeCount.withLock { $0 = [:] }
        let sessions = try ComponentFactory.of(AppComponent.self).build(())
        // Nothing app-wide is made yet: the first screen makes the objects through the
        // components that own them; the later ones read them.
        let ada = sessions.build("ada")
        let first = ada.build(()), second = ada.build(())
        let other = sessions.build("grace").build(())
        for screen in [first, second, other] {
            #expect(screen.api === first.api)
            #expect(screen.analytics === first.analytics)
            #expect(screen.images === first.images)
            #expect(screen.cart.api === first.api)
        }
        #expect(first.session === second.session)
        #expect(first.session !== other.session)
        #expect(first.session.api === first.api)
        #expect(first.cart !== second.cart)
        #expect(first.formatter !== second.formatter)
        #expect(first.cart.session === first.session)
        #expect([first.session.user, other.session.user] == ["ada", "grace"])
        #expect(madeCount.withLock { $0 } == ["APIClient": 1, "Analytics": 1, "ImageCache": 1, "SessionStore": 2])
    }

    @Test("an asynchronous factory two components down awaits its ancestors' shared objects: made once")
    func asyncFactoryReadsAncestorsObjects() async throws {
        madeCount.withLock { $0 = [:] }
        let sessions = try ComponentFactory.of(AsyncAppComponent.self).build(())
        let ada = sessions.build("ada")
        let first = try await ada.buildAsync(()), second = try await ada.buildAsync(())
        let other = try await sessions.build("grace").buildAsync(())
        for screen in [second, other] {
            #expect(screen.api === first.api)
            #expect(screen.analytics === first.analytics)
        }
        #expect(first.session === second.session)
        #expect(first.session !== other.session)
        #expect(madeCount.withLock { $0 } == ["APIClient": 1, "Analytics": 1, "SessionStore": 2])
    }
}
