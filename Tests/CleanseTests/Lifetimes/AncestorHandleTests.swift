import Cleanse
import Testing

// A request scope whose objects keep handles on the server's singletons: a provider, an
// async provider and a plain function of bindings its parent makes. Those handles keep the
// parent alive, not the request: the request's graph is freed as soon as its objects are,
// even while something still holds one of the handles.

private struct RequestScope: Cleanse.Scope {}

private final class Database: @unchecked Sendable {
    init() {}
}

private final class Clock {
    init() {}
}

/// Shared in the request; keeps handles on parent bindings only.
private final class UnitOfWork {
    let database: AsyncProvider<Database>
    let clock: Provider<Clock>
    let now: () -> Clock
    init(database: AsyncProvider<Database>, clock: Provider<Clock>, now: @escaping () -> Clock) {
        self.database = database
        self.clock = clock
        self.now = now
    }
}

/// Shared in the request, with no handles: the request's storage holds it strongly, so it
/// lives exactly as long as the request's component instance.
private final class RequestTimer {
    init() {}
}

/// Shared in the request, and built on the unit of work.
private final class Repository {
    let work: UnitOfWork
    init(work: UnitOfWork) { self.work = work }
}

private final class Handler {
    let work: UnitOfWork
    let repository: Repository
    let timer: RequestTimer
    init(work: UnitOfWork, repository: Repository, timer: RequestTimer) {
        self.work = work
        self.repository = repository
        self.timer = timer
    }
}

private struct RequestComponent: Cleanse.Component {
    typealias Root = Handler
    static func configure(binder: Binder<RequestScope>) {
        binder.bind(UnitOfWork.self).sharedInScope().to(factory: UnitOfWork.init)
        binder.bind(Repository.self).sharedInScope().to(factory: Repository.init)
        binder.bind(RequestTimer.self).sharedInScope().to(factory: RequestTimer.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Handler>) -> BindingReceipt<Handler> {
        bind.to(factory: Handler.init)
    }
}

private struct ServerComponent: RootComponent {
    typealias Root = ComponentFactory<RequestComponent>
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Database.self).sharedInScope().to { () async throws in Database() }
        binder.bind(Clock.self).sharedInScope().to(factory: Clock.init)
        binder.install(dependency: RequestComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ComponentFactory<RequestComponent>>) -> BindingReceipt<ComponentFactory<RequestComponent>> {
        bind.to { (requests: ComponentFactory<RequestComponent>) in requests }
    }
}

@Suite("Handles on an ancestor's bindings")
struct AncestorHandleTests {
    /// Before, the handles kept the request that made them, so its shared objects outlived
    /// the request for as long as anyone held a handle.
    @Test("a provider of a parent's binding, kept past the request, does not keep the request")
    func providersOfParentBindingsKeepTheParentOnly() async throws {
        let requests = try ComponentFactory.of(ServerComponent.self).build(())
        weak var work: UnitOfWork?
        weak var repository: Repository?
        weak var timer: RequestTimer?
        var database: AsyncProvider<Database>?
        var clock: Provider<Clock>?
        var now: (() -> Clock)?
        do {
            let handler = requests.build(())
            work = handler.work
            repository = handler.repository
            timer = handler.timer
            database = handler.work.database
            clock = handler.work.clock
            now = handler.work.now
        }
        #expect(work == nil)
        #expect(repository == nil)
        #expect(timer == nil, "the request's component instance outlived the request")
        // The handles still work: they resolve the parent's singletons.
        let first = try await database?.get()
        let second = try await requests.build(()).work.database.get()
        #expect(first != nil && first === second)
        #expect(clock?.get() === now?())
    }

    @Test("objects of a request that keep only parent handles are made once per request")
    func sharedObjectsWithParentHandlesAreMadeOncePerRequest() {
        let requests = try? ComponentFactory.of(ServerComponent.self).build(())
        let handler = requests?.build(())
        #expect(handler != nil)
        #expect(handler?.work === handler?.repository.work)
        #expect(requests?.build(()).work !== handler?.work)
    }
}
