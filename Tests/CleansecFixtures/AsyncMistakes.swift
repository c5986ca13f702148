import Cleanse

/// An asynchronous binding requested synchronously, a collection with an asynchronous
/// contribution requested synchronously, and a provider type bound as a key.
public enum AsyncMistakes {
    final class Database {
        init() async throws {}
    }
    final class Repository {
        init(database: Database) {}
    }
    final class Service {
        init(repository: Repository, lazy: Provider<Int>, host: Host) {}
    }
    protocol Plugin {}
    struct LocalPlugin: Plugin {}
    final class Host {
        init(plugins: [any Plugin]) {}
    }
    actor Job {}
    final class Scheduler {
        init(jobs: AsyncPropertyInjector<Job>) {}
    }

    struct Backend: RootComponent {
        typealias Root = Service
        static func configure(binder: UnscopedBinder) {
            binder.bind(Database.self).to(factory: Database.init) // expect: AsyncRequestedSynchronously
            binder.bind(Repository.self).to(factory: Repository.init)
            binder.bind(Int.self).to(value: 1)
            binder.bind(Provider<Int>.self).to(value: Provider(value: 2)) // expect: BoundWrapperType
            binder.bind((any Plugin).self).intoCollection().to { () -> any Plugin in LocalPlugin() }
            binder.bind((any Plugin).self).intoCollection().to { () async -> any Plugin in LocalPlugin() } // expect: AsyncRequestedSynchronously
            binder.bind(Host.self).to(factory: Host.init)
            // Allowed: an async injector awaits asynchronous bindings when it injects, and a
            // synchronous factory may take it.
            binder.bindPropertyInjectionOf(Job.self).to { (job: Job, database: Database) async in _ = (job, database) }
            binder.bind(Scheduler.self).to(factory: Scheduler.init)
        }
        static func configureRoot(binder bind: ReceiptBinder<Service>) -> BindingReceipt<Service> {
            bind.to(factory: Service.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(Backend.self)
    }
}
