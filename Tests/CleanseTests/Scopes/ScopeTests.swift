import Cleanse
import Testing

private final class Database: Sendable {
    static let built = CallCounter()
    init() {
        Self.built.next()
        // Widen the window in which racing threads could build a second instance.
        for _ in 0..<10_000 { _ = Self.built.value }
    }
}
private final class Repository: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
}
private struct Repositories { let first: Repository; let second: Repository }

private struct SingletonComponent: RootComponent {
    typealias Root = Provider<Repository>
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Database.self).sharedInScope().to(factory: Database.init)
        binder.bind(Repository.self).to(factory: Repository.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Provider<Repository>>) -> BindingReceipt<Provider<Repository>> {
        bind.to { (repository: Provider<Repository>) in repository }
    }
}

private struct SessionScope: Scope {}
private struct SessionComponent: RootComponent {
    typealias Root = Repositories
    static func configure(binder: Binder<SessionScope>) {
        binder.bind(Database.self).sharedInScope().to(factory: Database.init)
        binder.bind(Repository.self).to(factory: Repository.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Repositories>) -> BindingReceipt<Repositories> {
        bind.to(factory: Repositories.init)
    }
}

@Suite("Scopes", .serialized)
struct ScopeTests {
    @Test("sharedInScope() shares one instance within a component instance; unscoped bindings are new each time")
    func sharedWithinInstance() throws {
        let repositories = try ComponentFactory.of(SingletonComponent.self).build(())
        let first = repositories.get(), second = repositories.get()
        #expect(first !== second)
        #expect(first.database === second.database)
    }

    @Test("each component instance has its own scoped instances")
    func perComponentInstance() throws {
        let factory = try ComponentFactory.of(SingletonComponent.self)
        #expect(factory.build(()).get().database !== factory.build(()).get().database)
    }

    @Test("a custom Scope type works like Singleton")
    func customScope() throws {
        let repositories = try ComponentFactory.of(SessionComponent.self).build(())
        #expect(repositories.first.database === repositories.second.database)
    }

    @Test("a scoped instance is built exactly once when many threads ask at once", arguments: 1...5)
    func exactlyOnceUnderContention(trial: Int) async throws {
        let provider = try ComponentFactory.of(SingletonComponent.self).build(())
        let before = Database.built.value
        let databases = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<16 {
                group.addTask { ObjectIdentifier(provider.get().database) }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(databases.count == 1)
        #expect(Database.built.value == before + 1)
    }
}
