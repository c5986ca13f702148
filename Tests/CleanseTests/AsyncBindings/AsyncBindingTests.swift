@testable import Cleanse
import Foundation
import Testing

private struct Config: Sendable {
    let url: String
}

/// A pool made asynchronously, counting its constructions.
private final class Pool: Sendable {
    static let built = CallCounter()
    let url: String
    init(url: String) {
        self.url = url
        Pool.built.next()
    }
    static func connect(_ config: Config) async throws -> Pool {
        try await Task.sleep(nanoseconds: 20_000_000)
        return Pool(url: config.url)
    }
}

private final class Repository: Sendable {
    let pool: Pool
    let name: String
    init(pool: Pool, name: String) { self.pool = pool; self.name = name }
}

private struct App: Sendable {
    let repository: Repository
    let pool: AsyncProvider<Pool>
    let greeting: AsyncProvider<String>
}

private struct AsyncModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Config.self).to(value: Config(url: "sqlite://memory"))
        binder.bind(String.self).to(value: "hello")
        binder.bind(Pool.self).sharedInScope().to { (config: Config) async throws -> Pool in
            try await Pool.connect(config)
        }
        // An async factory may request an asynchronous binding directly.
        binder.bind(Repository.self).to { (pool: Pool, name: String) async -> Repository in
            Repository(pool: pool, name: name)
        }
    }
}

private struct AsyncApp: RootComponent {
    typealias Root = App
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: AsyncModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<App>) -> BindingReceipt<App> {
        bind.to { (repository: Repository, pool: AsyncProvider<Pool>, greeting: AsyncProvider<String>) async in
            App(repository: repository, pool: pool, greeting: greeting)
        }
    }
}

/// A shared factory that fails the first time it runs, and is tried again after. The failing
/// attempt lasts until every caller of the test has asked for it (and a little more), so that
/// they all wait on it however loaded the machine is.
private struct Flaky: Error, Equatable {}
private let attempts = CallCounter()
private let serviceCallers = CallCounter()
private final class Service: Sendable {}
private struct FlakyModule: Cleanse.Module {
    static let callers = 8
    static let line = #line + 2
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Service.self).sharedInScope().to { () async throws -> Service in
            if attempts.next() == 1 {
                for _ in 0..<10_000 where serviceCallers.value < callers {
                    try await Task.sleep(nanoseconds: 1_000_000)
                }
                try await Task.sleep(nanoseconds: 50_000_000)
                throw Flaky()
            }
            return Service()
        }
    }
}

/// A slow shared factory that says when it starts, for the cancellation test.
private let slowStarts = CallCounter()
private final class Slow: Sendable {}
private struct SlowModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        // The first construction of each pair runs until its task is cancelled (however
        // loaded the machine), the second one finishes at once.
        binder.bind(Slow.self).sharedInScope().to { () async throws -> Slow in
            if slowStarts.next() % 2 == 1 {
                try await Task.sleep(nanoseconds: 10_000_000_000)
            }
            return Slow()
        }
    }
}

/// Whether a test holds the main actor busy, as the main-actor factory saw it when it ran.
private final class MainActorProbe: @unchecked Sendable {
    // Safe to share: every field is read and written under `lock`.
    private let lock = NSLock()
    private var busy = false
    private var made = 0
    private var madeWhileBusy = 0

    func setBusy(_ value: Bool) { lock.withLock { busy = value } }
    func recordMade() {
        lock.withLock {
            made += 1
            if busy { madeWhileBusy += 1 }
        }
    }
    var madeCount: Int { lock.withLock { made } }
    var madeWhileBusyCount: Int { lock.withLock { madeWhileBusy } }
}
private let mainActorProbe = MainActorProbe()

/// A view model isolated to the main actor.
@MainActor
private final class ProfileViewModel {
    let name: String
    init(name: String) {
        self.name = name
        mainActorProbe.recordMade()
    }
}
private struct ScreenModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).to(value: "Ada")
        binder.bind(ProfileViewModel.self).to(factory: ProfileViewModel.init)
    }
}

/// A synchronous factory that asks for an asynchronous binding directly.
private final class Report { init(pool: Pool) {} }
private final class Watcher { init(pool: Provider<Pool>) {} }
private struct MisusedModule: Cleanse.Module {
    static let poolLine = #line + 3
    static let reportLine = #line + 3
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Pool.self).sharedInScope().to { () async throws in Pool(url: "x") }
        binder.bind(Report.self).to(factory: Report.init)
        binder.bind(Watcher.self).to(factory: Watcher.init)
    }
}

/// A shared asynchronous factory that awaits itself.
private final class Loop: Sendable { init(loop: Loop) {} }
private struct SelfAwaitingModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Loop.self).sharedInScope().to { (again: AsyncProvider<Loop>) async throws -> Loop in
            try await Loop(loop: again.get())
        }
    }
}

/// A shared asynchronous binding that awaits another one: made by awaiting each dependency.
private final class Cache: Sendable {
    static let built = CallCounter()
    let pool: Pool
    init(pool: Pool, config: Config) async {
        await Task.yield()
        self.pool = pool
        Cache.built.next()
    }
}
private struct Broken: Error {}
private final class Ledger: Sendable { init() async throws { throw Broken() } }
private final class Audit: Sendable { init(ledger: Ledger) {} }
private struct LayeredModule: Cleanse.Module {
    static let ledgerLine = #line + 5
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Config.self).to(value: Config(url: "sqlite://layered"))
        binder.bind(Pool.self).sharedInScope().to { (config: Config) async throws in try await Pool.connect(config) }
        binder.bind(Cache.self).sharedInScope().to { (pool: Pool, config: Config) async in await Cache(pool: pool, config: config) }
        binder.bind(Ledger.self).sharedInScope().to { () async throws in try await Ledger() }
        binder.bind(Audit.self).sharedInScope().to { (ledger: Ledger) async in Audit(ledger: ledger) }
        binder.bind(Layered.self).to(factory: Layered.init)
    }
}
private struct Layered: Sendable {
    let cache: AsyncProvider<Cache>
    let pool: AsyncProvider<Pool>
    let audit: AsyncProvider<Audit>
}

/// A global actor of the app's own, and a store isolated to it.
@globalActor
private actor StorageActor {
    static let shared = StorageActor()
}
@StorageActor
private final class Store {
    private(set) var opened: [String] = []
    init(config: Config) {
        // Isolated to `StorageActor`: the compiler checks this synchronous call.
        open(config.url)
    }
    func open(_ url: String) { opened.append(url) }
}
private struct StorageModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Config.self).to(value: Config(url: "sqlite://store"))
        // `to(factory: Store.init)` does not compile (see the AsynchronousBindings article):
        // the factory awaits the initializer, which runs on its actor.
        binder.bind(Store.self).sharedInScope().to { (config: Config) async in await Store(config: config) }
    }
}

@Suite("Asynchronous bindings", .serialized)
struct AsyncBindingTests {
    @Test("async and throwing factories build with buildAsync, and an async factory takes asynchronous bindings directly")
    func asyncFactoriesBuild() async throws {
        let app = try await ComponentFactory.of(AsyncApp.self).buildAsync(())
        #expect(app.repository.name == "hello")
        #expect(app.repository.pool.url == "sqlite://memory")
        #expect(try await app.pool.get() === app.repository.pool)
        #expect(try await app.greeting.get() == "hello")
    }

    @Test("1,000 tasks awaiting one shared asynchronous binding share one construction")
    func concurrentAwaitsBuildOnce() async throws {
        let app = try await ComponentFactory.of(AsyncApp.self).buildAsync(())
        let provider = app.pool
        let before = Pool.built.value
        let pools = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<1_000 {
                group.addTask { ObjectIdentifier(try await provider.get()) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(pools.count == 1)
        #expect(Pool.built.value == before)
    }

    @Test("a fresh instance makes its shared asynchronous binding once even when all its waiters start together")
    func concurrentFirstAwaitsBuildOnce() async throws {
        let factory = try ComponentFactory.of(ModuleComponent<AsyncModule, AsyncProvider<Pool>>.self)
        let provider = factory.build(())
        let before = Pool.built.value
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<1_000 {
                group.addTask { _ = try await provider.get() }
            }
            try await group.waitForAll()
        }
        #expect(Pool.built.value == before + 1)
    }

    @Test("a shared asynchronous binding that awaits another one is made once for 200 tasks, and a failing dependency is named as itself")
    func sharedBindingAwaitingAnother() async throws {
        let factory = try ComponentFactory.of(ModuleComponent<LayeredModule, Layered>.self)
        let layered = factory.build(())
        let (pools, caches) = (Pool.built.value, Cache.built.value)
        let made = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<200 {
                group.addTask { ObjectIdentifier(try await layered.cache.get()) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(made.count == 1)
        #expect((Pool.built.value, Cache.built.value) == (pools + 1, caches + 1))
        #expect(try await layered.cache.get().pool === layered.pool.get())
        do {
            _ = try await layered.audit.get()
            Issue.record("expected the ledger's failure")
        } catch let failure as FactoryFailed {
            #expect(failure.key == BindingKey(Ledger.self))
            #expect(failure.location.line == LayeredModule.ledgerLine)
            #expect(failure.underlying is Broken)
        }
    }

    @Test("a type isolated to a global actor of the app's own is bound by an async factory, made once on that actor")
    func otherGlobalActors() async throws {
        let provider = try ComponentFactory.of(ModuleComponent<StorageModule, AsyncProvider<Store>>.self).build(())
        let store = try await provider.get()
        #expect(try await provider.get() === store)
        #expect(await store.opened == ["sqlite://store"])
        let json = GraphExport.json(of: ModuleComponent<StorageModule, AsyncProvider<Store>>.self)
        #expect(json.contains("\"effect\":\"async\""))
    }

    @Test("a factory that throws gives every waiter the error with the binding, leaves the slot empty, and is tried again")
    func failuresAreRetried() async throws {
        let provider = try ComponentFactory.of(ModuleComponent<FlakyModule, AsyncProvider<Service>>.self).build(())
        let results = await withTaskGroup(of: Result<ObjectIdentifier, any Error>.self) { group in
            for _ in 0..<FlakyModule.callers {
                group.addTask {
                    serviceCallers.next()
                    do { return .success(ObjectIdentifier(try await provider.get())) } catch { return .failure(error) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for result in results {
            guard case .failure(let error) = result, let failure = error as? FactoryFailed else {
                Issue.record("expected FactoryFailed, got \(result)")
                continue
            }
            #expect(failure.diagnosticID == .factoryFailed)
            #expect(failure.underlying as? Flaky == Flaky())
            #expect(failure.key == BindingKey(Service.self))
            #expect(failure.location.line == FlakyModule.line)
        }
        let second = try await provider.get()
        #expect(try await provider.get() === second)
    }

    @Test("cancelling one waiter does not cancel the construction the others await")
    func cancellationLeavesOthersWaiting() async throws {
        let provider = try ComponentFactory.of(ModuleComponent<AsyncModule, AsyncProvider<Pool>>.self).build(())
        let cancelled = Task { try await provider.get() }
        let patient = Task { try await provider.get() }
        cancelled.cancel()
        let pool = try await patient.value
        #expect(pool.url == "sqlite://memory")
        #expect(try await provider.get() === pool)
    }

    @Test("when the task making a shared binding is cancelled, a waiting task makes it instead of failing")
    func cancelledConstructorHandsOver() async throws {
        let provider = try ComponentFactory.of(ModuleComponent<SlowModule, AsyncProvider<Slow>>.self).build(())
        let before = slowStarts.value
        let first = Task { try await provider.get() }
        while slowStarts.value == before { try await Task.sleep(nanoseconds: 1_000_000) }
        let waiter = Task { try await provider.get() }
        // The waiter is parked on the construction before it is cancelled: the hand-over,
        // not a second construction that merely starts later.
        for _ in 0..<10_000 where provider.parkedRequests == 0 {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        #expect(provider.parkedRequests == 1)
        first.cancel()
        let result = await first.result
        #expect(throws: CancellationError.self) { try result.get() }
        let slow = try await waiter.value
        #expect(slowStarts.value == before + 2)
        #expect(try await provider.get() === slow)
    }

    @Test("a main-actor factory runs on the main actor when it is awaited from a background task")
    func mainActorBindings() async throws {
        let provider = try ComponentFactory.of(ModuleComponent<ScreenModule, AsyncProvider<ProfileViewModel>>.self).build(())
        let before = mainActorProbe.madeCount
        // The main actor is held busy while a background task asks for the view model: a
        // factory run anywhere but on the main actor would run meanwhile; one run on it waits.
        let asked = CallCounter()
        let (request, wasAsked) = await MainActor.run { () -> (Task<ProfileViewModel, any Error>, Bool) in
            mainActorProbe.setBusy(true)
            let request = Task.detached { asked.next(); return try await provider.get() }
            // Until the background task has asked (however late it is scheduled), then long
            // enough for a factory run off the main actor to have run meanwhile.
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, asked.value == 0 { usleep(1_000) }
            let askedInTime = asked.value == 1
            let settle = Date().addingTimeInterval(0.2)
            while Date() < settle, mainActorProbe.madeCount == before { usleep(1_000) }
            mainActorProbe.setBusy(false)
            return (request, askedInTime)
        }
        try #require(wasAsked, "the background task did not ask while the main actor was busy")
        let model = try await request.value
        let name = await MainActor.run { model.name }
        #expect(name == "Ada")
        #expect(mainActorProbe.madeCount == before + 1)
        #expect(mainActorProbe.madeWhileBusyCount == 0)
    }

    @Test("a synchronous request for an asynchronous binding is a validation error naming both places")
    func asyncRequestedSynchronously() throws {
        #expect {
            _ = try ComponentFactory.of(ModuleComponent<MisusedModule, Report>.self)
        } throws: { error in
            let errors = (error as? MultiError)?.errors.compactMap { $0 as? AsyncRequestedSynchronously } ?? []
            guard errors.count == 2 else { return false }
            let direct = errors.first { $0.requester == BindingKey(Report.self) }
            let lazy = errors.first { $0.requester == BindingKey(Watcher.self) }
            return direct?.bindingLocation.line == MisusedModule.poolLine
                && direct?.requestLocation.line == MisusedModule.reportLine
                && direct?.description.contains("request AsyncProvider<Pool>") == true
                && lazy?.requestedAs.name == "Provider<Pool>"
        }
    }

    @Test("a shared asynchronous binding that awaits itself throws ReentrantConstruction instead of hanging")
    func asyncReentrance() async throws {
        let provider = try ComponentFactory.of(ModuleComponent<SelfAwaitingModule, AsyncProvider<Loop>>.self).build(())
        await #expect {
            _ = try await provider.get()
        } throws: { error in
            (error as? ReentrantConstruction)?.key == BindingKey(Loop.self)
        }
    }

    @Test("the binding model and the JSON export say which bindings are asynchronous or main-actor")
    func modelShowsEffects() throws {
        let json = GraphExport.json(of: ModuleComponent<ScreenModule, AsyncProvider<ProfileViewModel>>.self)
        #expect(json.contains("\"effect\":\"mainActor\""))
        #expect(json.contains("\"effect\":\"synchronous\""))
        #expect(json.contains("\"kind\":\"asyncProvider\""))
        let dot = GraphExport.dot(of: AsyncApp.self)
        #expect(dot.contains("style=\"rounded,filled\""))
    }
}
