import Cleanse
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// The server: the Hummingbird application made of every contributed middleware and route,
/// run with every contributed service, after the store is opened and migrated.
public final class TodoServer: Sendable {
    public let configuration: ServerConfiguration
    let logger: Logger
    let middleware: [MiddlewareContribution]
    let routes: [RouteContribution]
    let services: [ServiceEntry]
    let store: AsyncProvider<any TodoStore>
    let makeRequestScope: @Sendable (RequestSeed) -> RequestHandlers
    /// The requests being handled, cancelled (and answered) when the shutdown's grace ends.
    let inFlight = InFlightRequests()

    convenience init(
        configuration: ServerConfiguration,
        logger: Logger,
        middleware: [MiddlewareContribution],
        routes: [RouteContribution],
        services: [ServiceEntry],
        store: AsyncProvider<any TodoStore>,
        requests: ComponentFactory<RequestComponent>
    ) {
        self.init(
            parts: configuration, logger: logger, middleware: middleware, routes: routes,
            services: services, store: store, makeRequestScope: { requests.build($0) }
        )
    }

    private init(
        parts configuration: ServerConfiguration,
        logger: Logger,
        middleware: [MiddlewareContribution],
        routes: [RouteContribution],
        services: [ServiceEntry],
        store: AsyncProvider<any TodoStore>,
        makeRequestScope: @escaping @Sendable (RequestSeed) -> RequestHandlers
    ) {
        self.configuration = configuration
        self.logger = logger
        self.middleware = middleware
        self.routes = routes
        self.services = services
        self.store = store
        self.makeRequestScope = makeRequestScope
    }

    /// A server assembled from parts made elsewhere, with `makeRequestScope` making each
    /// request's scope: how the hand-wired twin (`todo-server-handwired`) is made.
    package static func assembled(
        configuration: ServerConfiguration,
        logger: Logger,
        middleware: [MiddlewareContribution],
        routes: [RouteContribution],
        services: [ServiceEntry],
        store: AsyncProvider<any TodoStore>,
        makeRequestScope: @escaping @Sendable (RequestSeed) -> RequestHandlers
    ) -> TodoServer {
        TodoServer(
            parts: configuration, logger: logger, middleware: middleware, routes: routes,
            services: services, store: store, makeRequestScope: makeRequestScope
        )
    }

    /// Opens the store (a clear `DatabaseUnavailable` if it cannot), then makes the
    /// application; the store is migrated once the services run, before the server accepts
    /// requests. `onServerRunning` is told the port the server listens on.
    public func makeApplication(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws -> some ApplicationProtocol {
        let store = try await store.get()
        let router = Router(context: TodoRequestContext.self)
        for contribution in middleware {
            contribution.add(router)
        }
        router.add(middleware: InFlightRequestsMiddleware(requests: inFlight))
        let scoped = router.group().add(middleware: RequestScopeMiddleware(makeScope: makeRequestScope))
        for contribution in routes {
            contribution.register(scoped)
        }
        let requestTimeout = TimeAmount(configuration.requestTimeout)
        let logger = logger
        var application = Application(
            router: router,
            server: .http1(configuration: .init(
                additionalChannelHandlers: [RequestDeadlineHandler(timeout: requestTimeout, logger: logger)],
                idleTimeout: TimeAmount(configuration.idleTimeout)
            )),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "todo-server"),
            services: services.map(\.service),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
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

    /// The service group that runs the application until one of `signals`, then shuts down
    /// gracefully: requests in flight get `shutdownTimeout` to finish; those still waiting
    /// for the database shortly before it ends are answered `503` (`Connection: close`),
    /// then the application is cancelled.
    public func makeServiceGroup(
        gracefulShutdownSignals signals: [UnixSignal] = [.sigterm, .sigint],
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws -> ServiceGroup {
        let application = try await makeApplication(onServerRunning: onServerRunning)
        let service = AnsweringShutdown(wrapped: application, grace: InFlightRequests.grace(within: configuration.shutdownTimeout), requests: inFlight)
        var group = ServiceGroupConfiguration(services: [.init(service: service)], gracefulShutdownSignals: signals, logger: logger)
        group.maximumGracefulShutdownDuration = configuration.shutdownTimeout
        group.maximumCancellationDuration = configuration.shutdownTimeout
        return ServiceGroup(configuration: group)
    }

    /// Runs until SIGINT or SIGTERM, then shuts down within the bound above. When start-up
    /// fails (the port is taken, the database cannot be migrated), what was opened is closed
    /// before the error is thrown.
    public func run() async throws {
        do {
            try await makeServiceGroup().run()
        } catch {
            if let opened = try? await store.get() {
                try? await opened.close()
            }
            // NIO names the system call, not the address: say which one cannot be had.
            if let failure = error as? IOError, CannotListen.explains(failure.errnoCode) {
                throw CannotListen(host: configuration.host, port: configuration.port, errno: failure.errnoCode)
            }
            throw error
        }
    }
}
