import Cleanse
import Hummingbird
import Logging
import ServiceLifecycle

/// The server: the Hummingbird application made of every contributed middleware and route,
/// run with every contributed service, after the store is opened and migrated.
public final class TodoServer: Sendable {
    public let configuration: ServerConfiguration
    let logger: Logger
    let middleware: [MiddlewareContribution]
    let routes: [RouteContribution]
    let services: [ServiceEntry]
    let store: AsyncProvider<any TodoStore>

    init(
        configuration: ServerConfiguration,
        logger: Logger,
        middleware: [MiddlewareContribution],
        routes: [RouteContribution],
        services: [ServiceEntry],
        store: AsyncProvider<any TodoStore>
    ) {
        self.configuration = configuration
        self.logger = logger
        self.middleware = middleware
        self.routes = routes
        self.services = services
        self.store = store
    }

    /// Opens the store (a clear `DatabaseUnavailable` if it cannot), then makes the
    /// application; the store is migrated once the services run, before the server accepts
    /// requests.
    public func makeApplication() async throws -> some ApplicationProtocol {
        let store = try await store.get()
        let router = TodoRouter(context: TodoRequestContext.self)
        for contribution in middleware {
            contribution.add(router)
        }
        for contribution in routes {
            contribution.register(router)
        }
        var application = Application(
            router: router,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "todo-server"),
            services: services.map(\.service),
            logger: logger
        )
        application.beforeServerStarts { [logger] in
            do {
                try await store.migrate()
            } catch {
                throw DatabaseUnavailable(description: "cannot migrate the database: \(error)")
            }
            logger.info("database ready")
        }
        return application
    }

    /// Runs until SIGINT or SIGTERM, then shuts down gracefully. When start-up fails (the
    /// port is taken, the database cannot be migrated), what was opened is closed before the
    /// error is thrown.
    public func run() async throws {
        do {
            try await makeApplication().runService()
        } catch {
            if let opened = try? await store.get() {
                try? await opened.close()
            }
            throw error
        }
    }
}
