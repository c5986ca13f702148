import Cleanse
import Testing

/// Counts the live instances of the classes below, so tests can prove what was freed.
private let live = LiveCounter()

private struct RequestScope: Cleanse.Scope {}
private struct RequestID: Cleanse.Tag { typealias Element = Int }

/// A request-scoped unit of work that keeps a provider, a factory and the object graph of
/// its own component: each of these used to keep the component alive from inside it.
private final class UnitOfWork {
    let repository: Provider<Repository>
    let reports: Factory<Report.AssistedFactory>
    let graph: LegacyObjectGraph
    let id: Int
    init(id: TaggedProvider<RequestID>, repository: Provider<Repository>, reports: Factory<Report.AssistedFactory>, graph: LegacyObjectGraph) {
        self.id = id.get()
        self.repository = repository
        self.reports = reports
        self.graph = graph
        live.up()
    }
    deinit { live.down() }
}

private final class Repository {
    let work: WeakProvider<UnitOfWork>
    init(work: WeakProvider<UnitOfWork>) { self.work = work; live.up() }
    deinit { live.down() }
}

private final class Report {
    let title: String
    init(title: Assisted<String>, repository: Repository) { self.title = title.get(); live.up() }
    deinit { live.down() }
    struct AssistedFactory: Cleanse.AssistedFactory {
        typealias Seed = String
        typealias Element = Report
    }
}

private final class Handler {
    let work: UnitOfWork
    init(work: UnitOfWork) { self.work = work; live.up() }
    deinit { live.down() }
    func handle() -> Int { work.repository.get().work.get()?.id ?? -1 }
}

private struct RequestComponent: Cleanse.Component {
    typealias Root = Handler
    typealias Seed = TaggedProvider<RequestID>
    static func configure(binder: Binder<RequestScope>) {
        binder.bind(UnitOfWork.self).sharedInScope().to(factory: UnitOfWork.init)
        binder.bind(Repository.self).sharedInScope().to(factory: Repository.init)
        binder.bindFactory(Report.self).with(Report.AssistedFactory.self).to(factory: Report.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Handler>) -> BindingReceipt<Handler> {
        bind.to(factory: Handler.init)
    }
}

/// The README's server: a singleton that keeps the factory of its own child component.
private final class Server {
    let requests: ComponentFactory<RequestComponent>
    let database: Database
    init(requests: ComponentFactory<RequestComponent>, database: Database) {
        self.requests = requests
        self.database = database
        live.up()
    }
    deinit { live.down() }
    func serve(_ id: Int) -> Int { requests.build(id).handle() }
}

private final class Database {
    init() { live.up() }
    deinit { live.down() }
}

private struct ServerComponent: RootComponent {
    typealias Root = Server
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: RequestComponent.self)
        binder.bind(Server.self).sharedInScope().to(factory: Server.init)
        binder.bind(Database.self).sharedInScope().to(factory: Database.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Server>) -> BindingReceipt<Server> {
        bind.to { (server: Server) in server }
    }
}

/// A shared object held by the root, watched through a weak provider.
private final class Session {
    init() { live.up() }
    deinit { live.down() }
}

private final class Screen {
    let session: Session
    let watcher: Watcher
    init(session: Session, watcher: Watcher) { self.session = session; self.watcher = watcher; live.up() }
    deinit { live.down() }
}

private final class Watcher {
    let session: WeakProvider<Session>
    init(session: WeakProvider<Session>) { self.session = session; live.up() }
    deinit { live.down() }
}

private struct ScreenComponent: RootComponent {
    typealias Root = Screen
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Session.self).sharedInScope().to(factory: Session.init)
        binder.bind(Watcher.self).to(factory: Watcher.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen> {
        bind.to(factory: Screen.init)
    }
}

@Suite("Lifetimes", .serialized)
struct LifetimeTests {
    @Test("100,000 requests through a child whose shared objects hold providers, factories and graphs of it leave nothing alive")
    func perRequestChildrenAreFreed() throws {
        let before = live.count
        do {
            let server = try ComponentFactory.of(ServerComponent.self).build(())
            for id in 1...100_000 {
                #expect(server.serve(id) == id, "request \(id)")
                if id % 25_000 == 0 {
                    // The server and its database: every request's objects are gone.
                    #expect(live.count == before + 2)
                }
            }
        }
        #expect(live.count == before)
    }

    @Test("a root whose singleton keeps the factory of its own child is freed with the root")
    func rootHoldingItsChildFactoryIsFreed() throws {
        let before = live.count
        weak var weakServer: Server?
        weak var weakDatabase: Database?
        do {
            let server = try ComponentFactory.of(ServerComponent.self).build(())
            weakServer = server
            weakDatabase = server.database
            #expect(server.serve(7) == 7)
        }
        #expect(weakServer == nil)
        #expect(weakDatabase == nil)
        #expect(live.count == before)
    }

    @Test("a shared object that keeps its own component alive is still made once while it lives")
    func selfRetainingSharedObjectIsShared() throws {
        let server = try ComponentFactory.of(ServerComponent.self).build(())
        let handler = server.requests.build(1)
        let again = try #require(handler.work.graph.objectForClass(cls: UnitOfWork.self) as? UnitOfWork)
        #expect(again === handler.work)
        #expect(handler.work.repository.get() === handler.work.repository.get())
        #expect(handler.work.reports.build("x").title == "x")
    }

    @Test("a WeakProvider returns the shared object while anything holds it, even after its component is gone")
    func weakProviderFollowsTheObject() throws {
        let before = live.count
        do {
            let screen = try ComponentFactory.of(ScreenComponent.self).build(())
            // Nothing holds the component instance, but the screen holds the session.
            #expect(screen.watcher.session.get() === screen.session)
        }
        #expect(live.count == before)

        let watcher: Watcher = try {
            let screen = try ComponentFactory.of(ScreenComponent.self).build(())
            return screen.watcher
        }()
        // The session went with the screen: the weak provider does not bring it back.
        #expect(watcher.session.get() == nil)
    }
}

/// A shared object that keeps a provider of its own component, reached only through a
/// provider: nobody else holds it between requests.
private final class Coordinator {
    static let built = CallCounter()
    let screens: Provider<Session>
    init(screens: Provider<Session>) { self.screens = screens; Coordinator.built.next() }
}
private struct CoordinatorRoot {
    let coordinator: Provider<Coordinator>
}
private struct CoordinatorComponent: RootComponent {
    typealias Root = CoordinatorRoot
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Session.self).sharedInScope().to(factory: Session.init)
        binder.bind(Coordinator.self).sharedInScope().to(factory: Coordinator.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<CoordinatorRoot>) -> BindingReceipt<CoordinatorRoot> {
        bind.to(factory: CoordinatorRoot.init)
    }
}

extension LifetimeTests {
    @Test("a shared object that keeps a provider of its own component is made once for the component's whole life, and freed with it")
    func selfRetainingObjectsAreMadeOnce() throws {
        let before = Coordinator.built.value
        weak var released: Coordinator?
        do {
            let root = try ComponentFactory.of(CoordinatorComponent.self).build(())
            let first = root.coordinator.get()
            #expect(root.coordinator.get() === first)
            released = first
            _ = consume first
            // Nobody holds it, but the root can still ask for it: it stays.
            #expect(released != nil)
            #expect(root.coordinator.get() === released)
            #expect(Coordinator.built.value == before + 1)
        }
        #expect(released == nil)
    }
}

/// A value shared per request that keeps a provider of its own component.
private struct Receipt {
    let lines: Provider<ReceiptLine>
    let stamp: Stamp
}
private final class ReceiptLine {
    init() {}
}
/// A value shared per request that keeps a provider of its parent's binding: that keeps the
/// parent, not the request, so it is not reported.
private struct Stamp {
    let sessions: Provider<Session>
}
private struct ReceiptScope: Cleanse.Scope {}
private struct Tally {
    let sessions: Provider<Session>
}
private struct ReceiptComponent: Cleanse.Component {
    typealias Root = Receipt
    static let receiptLine = #line + 2
    static func configure(binder: Binder<ReceiptScope>) {
        binder.bind(Receipt.self).sharedInScope().to(factory: Receipt.init)
        binder.bind(ReceiptLine.self).to(factory: ReceiptLine.init)
        binder.bind(Stamp.self).sharedInScope().to(factory: Stamp.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Receipt>) -> BindingReceipt<Receipt> {
        bind.to { (receipt: Receipt) in receipt }
    }
}
private struct Till: RootComponent {
    typealias Root = ComponentFactory<ReceiptComponent>
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: ReceiptComponent.self)
        // The same pattern in the root is left alone: the root is built once.
        binder.bind(Tally.self).sharedInScope().to(factory: Tally.init)
        binder.bind(Session.self).to(factory: Session.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (receipts: Root) in receipts }
    }
}

extension LifetimeTests {
    @Test("a value shared in a subcomponent that keeps a provider of it is reported at ComponentFactory.of, with the fix")
    func selfRetainingValuesAreReported() throws {
        #expect {
            _ = try ComponentFactory.of(Till.self)
        } throws: { error in
            let errors: [any Error] = (error as? MultiError)?.errors ?? [error]
            let found = errors.compactMap { $0 as? SelfRetainingValue }
            return found.count == 1
                && found[0].location.line == ReceiptComponent.receiptLine
                && found[0].handle.name == "Provider<ReceiptLine>"
                && found[0].description.contains("make 'Receipt' a class")
        }
    }
}

/// The asynchronous form of `Coordinator`: made by an `async` factory, it keeps a provider
/// of its own component, so the component holds it weakly.
private final class Dashboard: Sendable {}
private final class AsyncCoordinator: Sendable {
    static let built = CallCounter()
    let screens: Provider<Dashboard>
    init(screens: Provider<Dashboard>) async {
        await Task.yield()
        self.screens = screens
        AsyncCoordinator.built.next()
    }
}
private struct AsyncCoordinatorRoot: Sendable {
    let coordinator: AsyncProvider<AsyncCoordinator>
}
private struct AsyncCoordinatorComponent: RootComponent {
    typealias Root = AsyncCoordinatorRoot
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Dashboard.self).sharedInScope().to(factory: Dashboard.init)
        binder.bind(AsyncCoordinator.self).sharedInScope().to { (screens: Provider<Dashboard>) async in
            await AsyncCoordinator(screens: screens)
        }
    }
    static func configureRoot(binder bind: ReceiptBinder<AsyncCoordinatorRoot>) -> BindingReceipt<AsyncCoordinatorRoot> {
        bind.to(factory: AsyncCoordinatorRoot.init)
    }
}

extension LifetimeTests {
    @Test("an async shared object that keeps a provider of its own component is made once by concurrent tasks, for the component's whole life")
    func asyncSelfRetainingObjectsAreMadeOnce() async throws {
        let before = AsyncCoordinator.built.value
        weak var released: AsyncCoordinator?
        do {
            let root = try ComponentFactory.of(AsyncCoordinatorComponent.self).build(())
            let first = try await root.coordinator.get()
            let others = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<100 {
                    group.addTask { try await root.coordinator.get() === first }
                }
                return try await group.reduce(true) { $0 && $1 }
            }
            #expect(others)
            released = first
            _ = consume first
            #expect(released != nil)
            #expect(try await root.coordinator.get() === released)
            #expect(AsyncCoordinator.built.value == before + 1)
        }
        #expect(released == nil)
    }
}
