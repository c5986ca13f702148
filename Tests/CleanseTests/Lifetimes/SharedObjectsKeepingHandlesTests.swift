import Cleanse
import Synchronization
import Testing

// Shared objects that keep a handle on their own component, written as apps write them: an
// analytics buffer that keeps a provider of its uploader, a session store that keeps a
// tagged provider of its configuration, a request context that keeps a main-actor
// provider. Each is made once per component instance, for the instance's whole life, and
// freed with it (issue 22).

private let live = LiveCounter()

private final class Uploader {
    init() { live.up() }
    deinit { live.down() }
}

/// Keeps the events of the whole app session: made twice, it would silently lose them.
private final class AnalyticsBuffer {
    static let built = CallCounter()
    private let uploader: Provider<Uploader>
    private(set) var events: [String] = []
    init(uploader: Provider<Uploader>) {
        self.uploader = uploader
        AnalyticsBuffer.built.next()
        live.up()
    }
    deinit { live.down() }
    func log(_ event: String) { events.append(event) }
}

private struct APIBaseURL: Cleanse.Tag { typealias Element = String }

private final class SessionStore {
    static let built = CallCounter()
    let baseURL: TaggedProvider<APIBaseURL>
    var token: String?
    init(baseURL: TaggedProvider<APIBaseURL>) {
        self.baseURL = baseURL
        SessionStore.built.next()
        live.up()
    }
    deinit { live.down() }
}

/// A screen the app opens and closes; only screens hold the buffer and the session.
private final class ProfileScreen {
    let analytics: AnalyticsBuffer
    let session: SessionStore
    init(analytics: AnalyticsBuffer, session: SessionStore) {
        self.analytics = analytics
        self.session = session
        live.up()
    }
    deinit { live.down() }
}

/// Holds the session store only through the screens it opens later.
private final class AppCoordinator {
    let profiles: Provider<ProfileScreen>
    init(profiles: Provider<ProfileScreen>) { self.profiles = profiles; live.up() }
    deinit { live.down() }
}

/// The root reads the session once at start-up (to restore a token) and keeps only the
/// coordinator: the session must still be the same one when a screen asks for it later.
private final class AppRoot {
    let coordinator: AppCoordinator
    let screens: Provider<ProfileScreen>
    init(session: SessionStore, coordinator: AppCoordinator, screens: Provider<ProfileScreen>) {
        session.token = "restored"
        self.coordinator = coordinator
        self.screens = screens
        live.up()
    }
    deinit { live.down() }
}

private struct AppComponent: RootComponent {
    typealias Root = AppRoot
    static func configure(binder: Binder<Singleton>) {
        binder.bind(String.self).tagged(with: APIBaseURL.self).to(value: "https://api.example.com")
        binder.bind(Uploader.self).to(factory: Uploader.init)
        binder.bind(AnalyticsBuffer.self).sharedInScope().to(factory: AnalyticsBuffer.init)
        binder.bind(SessionStore.self).sharedInScope().to(factory: SessionStore.init)
        binder.bind(ProfileScreen.self).to(factory: ProfileScreen.init)
        binder.bind(AppCoordinator.self).sharedInScope().to(factory: AppCoordinator.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<AppRoot>) -> BindingReceipt<AppRoot> {
        bind.to(factory: AppRoot.init)
    }
}

/// A chat connection, one per session component, that keeps a provider of its message
/// composers; each composer sends through the connection.
private final class ChatConnection {
    static let built = CallCounter()
    let composers: Provider<MessageComposer>
    init(composers: Provider<MessageComposer>) {
        self.composers = composers
        ChatConnection.built.next()
    }
}

private final class MessageComposer {
    let connection: ChatConnection
    init(connection: ChatConnection) { self.connection = connection }
}

private struct ChatSession: RootComponent {
    typealias Root = ChatConnection
    static func configure(binder: Binder<Singleton>) {
        binder.bind(ChatConnection.self).sharedInScope().to(factory: ChatConnection.init)
        binder.bind(MessageComposer.self).to(factory: MessageComposer.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<ChatConnection>) -> BindingReceipt<ChatConnection> {
        bind.to { (connection: ChatConnection) in connection }
    }
}

/// Collects the warnings a graph reports.
private final class CollectedWarnings: Sendable {
    private let warnings = Mutex<[any CleanseError]>([])
    func append(_ warning: any CleanseError) { warnings.withLock { $0.append(warning) } }
    var all: [any CleanseError] { warnings.withLock { $0 } }
}

@Suite("Shared objects keeping handles", .serialized)
struct SharedObjectsKeepingHandlesTests {
    @Test("a shared buffer that keeps a provider is the same one for every screen, after each screen was closed")
    func bufferSurvivesItsScreens() throws {
        let buffer = AnalyticsBuffer.built.value
        let root = try ComponentFactory.of(AppComponent.self).build(())
        do {
            let screen = root.screens.get()
            screen.analytics.log("opened profile")
        }
        // Every screen is gone; the root can still open one.
        let screen = root.coordinator.profiles.get()
        #expect(screen.analytics.events == ["opened profile"])
        #expect(AnalyticsBuffer.built.value == buffer + 1)
    }

    @Test("a shared session read once by the root and dropped is the one every later screen gets")
    func sessionReadAtStartIsKept() throws {
        let sessions = SessionStore.built.value
        let root = try ComponentFactory.of(AppComponent.self).build(())
        let screen = root.coordinator.profiles.get()
        #expect(screen.session.token == "restored")
        #expect(screen.session.baseURL.get() == "https://api.example.com")
        #expect(SessionStore.built.value == sessions + 1)
    }

    @Test("a shared object made again for its instance, by a handle it gave away and that outlived it, is a warning that names it")
    func madeAgainIsAWarning() throws {
        let collected = CollectedWarnings()
        let factory = try ComponentFactory.of(ChatSession.self, warnings: .report { collected.append($0) })
        let before = ChatConnection.built.value
        var sharedExtension: Provider<MessageComposer>?
        do {
            let connection = factory.build(())
            // The connection hands its provider to a share extension, then the session lets
            // the connection go.
            sharedExtension = connection.composers
        }
        let composer = try #require(sharedExtension).get()
        #expect(ChatConnection.built.value == before + 2, "nothing kept the first connection: the composer needed a second")
        #expect(composer.connection.composers.get().connection === composer.connection, "the second is shared from then on")
        let warnings = collected.all.filter { $0.diagnosticID == .sharedObjectMadeAgain }
        #expect(warnings.count == 1, "said once per slot and instance: \(collected.all)")
        #expect(warnings.first.map { "\($0)" }?.contains("'ChatConnection', shared in 'ChatSession', is made a second time") == true)
    }

    @Test("the whole app graph is freed once the root is let go")
    func appGraphIsFreed() throws {
        let before = live.count
        weak var buffer: AnalyticsBuffer?
        weak var session: SessionStore?
        do {
            let root = try ComponentFactory.of(AppComponent.self).build(())
            let screen = root.screens.get()
            buffer = screen.analytics
            session = screen.session
        }
        #expect(buffer == nil)
        #expect(session == nil)
        #expect(live.count == before)
    }
}

// MARK: - Main-actor providers count as handles

@MainActor private final class Renderer {
    init() {}
}

private struct RequestScope: Cleanse.Scope {}

/// A request-scoped context that keeps a main-actor provider of its own component.
private final class RequestContext {
    let renderer: MainActorProvider<Renderer>
    init(renderer: MainActorProvider<Renderer>) { self.renderer = renderer; live.up() }
    deinit { live.down() }
}

private final class RequestHandler {
    let context: RequestContext
    init(context: RequestContext) { self.context = context; live.up() }
    deinit { live.down() }
}

private struct RenderRequestComponent: Cleanse.Component {
    typealias Root = RequestHandler
    static func configure(binder: Binder<RequestScope>) {
        binder.bind(Renderer.self).to(factory: Renderer.init)
        binder.bind(RequestContext.self).sharedInScope().to(factory: RequestContext.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<RequestHandler>) -> BindingReceipt<RequestHandler> {
        bind.to(factory: RequestHandler.init)
    }
}

private struct RenderServerComponent: RootComponent {
    typealias Root = ComponentFactory<RenderRequestComponent>
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: RenderRequestComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (requests: Root) in requests }
    }
}

/// The same context as a struct: a value cannot be held weakly.
private struct RenderSettings {
    let renderer: MainActorProvider<Renderer>
}
private struct SettingsRequestComponent: Cleanse.Component {
    typealias Root = RenderSettings
    static let settingsLine = #line + 3
    static func configure(binder: Binder<RequestScope>) {
        binder.bind(Renderer.self).to(factory: Renderer.init)
        binder.bind(RenderSettings.self).sharedInScope().to(factory: RenderSettings.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<RenderSettings>) -> BindingReceipt<RenderSettings> {
        bind.to { (settings: RenderSettings) in settings }
    }
}
private struct SettingsServerComponent: RootComponent {
    typealias Root = ComponentFactory<SettingsRequestComponent>
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: SettingsRequestComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (requests: Root) in requests }
    }
}

extension SharedObjectsKeepingHandlesTests {
    @Test("10,000 requests whose shared context keeps a MainActorProvider of the request component leave nothing alive")
    func mainActorProvidersDoNotLeakRequests() throws {
        let before = live.count
        let requests = try ComponentFactory.of(RenderServerComponent.self).build(())
        for _ in 0..<10_000 {
            let handler = requests.build(())
            // The handler and its request's context are alive while the handler is held.
            #expect(live.count == before + 2)
            _ = handler
        }
        #expect(live.count == before)
    }

    @Test("a shared value in a subcomponent that keeps a MainActorProvider of it is reported at ComponentFactory.of")
    func mainActorProviderInSharedValueIsReported() throws {
        #expect {
            _ = try ComponentFactory.of(SettingsServerComponent.self)
        } throws: { error in
            let errors: [any Error] = (error as? MultiError)?.errors ?? [error]
            let found = errors.compactMap { $0 as? SelfRetainingValue }
            return found.count == 1
                && found[0].location.line == SettingsRequestComponent.settingsLine
                && found[0].handle.name == "MainActorProvider<Renderer>"
        }
    }
}

// MARK: - Shared objects that can ask for each other

/// Checkout per screen: the coordinator opens payment sheets, each sheet needs the cart,
/// and the cart keeps a provider of the coordinator to route back. Each can ask for the
/// other, so neither could ever be freed.
private final class CheckoutCoordinator {
    static let built = CallCounter()
    let sheets: Provider<PaymentSheet>
    init(sheets: Provider<PaymentSheet>) { self.sheets = sheets; CheckoutCoordinator.built.next() }
}
private final class PaymentSheet {
    let cart: CartStore
    init(cart: CartStore) { self.cart = cart }
}
private final class CartStore {
    let router: Provider<CheckoutCoordinator>
    init(router: Provider<CheckoutCoordinator>) { self.router = router }
}

private struct CheckoutModule: Cleanse.Module {
    static let coordinatorLine = #line + 2
    static func configure(binder: Binder<CheckoutScope>) {
        binder.bind(CheckoutCoordinator.self).sharedInScope().to(factory: CheckoutCoordinator.init)
        binder.bind(PaymentSheet.self).to(factory: PaymentSheet.init)
        binder.bind(CartStore.self).sharedInScope().to(factory: CartStore.init)
    }
}
private struct CheckoutScope: Cleanse.Scope {}
private struct CheckoutComponent: Cleanse.Component {
    typealias Root = CheckoutCoordinator
    static func configure(binder: Binder<CheckoutScope>) {
        binder.include(module: CheckoutModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<CheckoutCoordinator>) -> BindingReceipt<CheckoutCoordinator> {
        bind.to { (coordinator: CheckoutCoordinator) in coordinator }
    }
}
private struct ShopComponent: RootComponent {
    typealias Root = ComponentFactory<CheckoutComponent>
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: CheckoutComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (checkouts: Root) in checkouts }
    }
}

/// The same wiring in a root component, built once per app.
private struct CheckoutAppComponent: RootComponent {
    typealias Root = CheckoutCoordinator
    static func configure(binder: Binder<Singleton>) {
        binder.bind(CheckoutCoordinator.self).sharedInScope().to(factory: CheckoutCoordinator.init)
        binder.bind(PaymentSheet.self).to(factory: PaymentSheet.init)
        binder.bind(CartStore.self).sharedInScope().to(factory: CartStore.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<CheckoutCoordinator>) -> BindingReceipt<CheckoutCoordinator> {
        bind.to { (coordinator: CheckoutCoordinator) in coordinator }
    }
}

extension SharedObjectsKeepingHandlesTests {
    @Test("shared objects of a subcomponent that can ask for each other are reported at ComponentFactory.of, naming both, the handles and the fix")
    func retentionCycleInSubcomponentIsReported() throws {
        #expect {
            _ = try ComponentFactory.of(ShopComponent.self)
        } throws: { error in
            let errors: [any Error] = (error as? MultiError)?.errors ?? [error]
            guard let cycle = errors.compactMap({ $0 as? RetentionCycle }).first else { return false }
            let text = cycle.description
            return cycle.diagnosticID == .retentionCycle
                && Set(cycle.links.map(\.key.type.name)) == ["CheckoutCoordinator", "CartStore"]
                && cycle.links.contains { $0.location.line == CheckoutModule.coordinatorLine }
                && text.contains("'Provider<PaymentSheet>'")
                && text.contains("'Provider<CheckoutCoordinator>'")
                && text.contains("WeakProvider")
        }
    }

    @Test("in a root component the same wiring builds, and each shared object is made once")
    func retentionCycleInRootIsBuilt() throws {
        let before = CheckoutCoordinator.built.value
        let coordinator = try ComponentFactory.of(CheckoutAppComponent.self).build(())
        let cart = coordinator.sheets.get().cart
        #expect(cart.router.get() === coordinator)
        #expect(coordinator.sheets.get().cart === cart)
        #expect(CheckoutCoordinator.built.value == before + 1)
    }
}
