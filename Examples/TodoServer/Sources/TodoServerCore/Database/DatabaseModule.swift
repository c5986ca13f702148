import Cleanse
import Logging
import ServiceLifecycle

/// Binds the store, an asynchronous binding: opening SQLite or checking PostgreSQL takes a
/// round trip, so it is made once, with `await`, and requested as `AsyncProvider<any TodoStore>`.
/// Also contributes the service that runs the store's pool and closes it on shutdown.
package struct DatabaseModule: Module {
    package static func configure(binder: Binder<Singleton>) {
        binder.bind((any TodoStore).self).sharedInScope().to(factory: open)
        binder.bind(ServiceEntry.self).intoCollection().to { (store: AsyncProvider<any TodoStore>) in
            ServiceEntry(DatabaseService(store: store))
        }
        // The idempotency keys whose writes this server is handling now.
        binder.bind(IdempotencyClaims.self).sharedInScope().to(factory: IdempotencyClaims.init)
    }

    /// Opens the configured database.
    package static func open(configuration: ServerConfiguration, logger: Logger) async throws -> any TodoStore {
        switch configuration.database {
        case .sqlite(let path):
            return try await SQLiteTodoStore.open(path: path, logger: logger)
        case .postgres(let url):
            #if PostgreSQL
            return try await PostgresTodoStore.open(url: url, logger: logger)
            #else
            _ = url
            throw DatabaseUnavailable(description: ServerConfiguration.builtWithoutPostgreSQL)
            #endif
        }
    }
}

/// Runs the store's connection pool while the server runs (PostgreSQL's needs it), and
/// closes the store when the service group shuts down.
package struct DatabaseService: Service {
    let store: AsyncProvider<any TodoStore>

    package init(store: AsyncProvider<any TodoStore>) {
        self.store = store
    }

    package func run() async throws {
        let store = try await store.get()
        do {
            if let service = store as? any Service {
                try await service.run()
            } else {
                try? await gracefulShutdown()
            }
        } catch {
            // Cancelled or failed: the store is closed all the same.
            try? await store.close()
            throw error
        }
        try await store.close()
    }
}
