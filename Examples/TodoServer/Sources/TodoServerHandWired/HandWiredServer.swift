import Cleanse
import Logging
import TodoServerCore

/// The Todo server with every object made by hand, as it would be written without a DI
/// framework: the same store, routes, middleware, handlers and request scope as
/// `ServerComponent` and `RequestComponent` make, in the same order and with the same
/// sharing (one store; per request one unit of work and one authenticator). Only the
/// benchmarks run it (`todo-server-handwired`, `request-scope-profile`), to measure what
/// the graph costs per request.
package enum HandWiredServer {
    package static func make(configuration: ServerConfiguration) async throws -> TodoServer {
        var logger = Logger(label: "todo-server")
        logger.logLevel = configuration.logLevel
        let opened = try await DatabaseModule.open(configuration: configuration, logger: logger)
        let store = AsyncProvider<any TodoStore>(value: opened)
        let claims = IdempotencyClaims()
        return TodoServer.assembled(
            configuration: configuration,
            logger: logger,
            middleware: [HTTPModule.middleware(configuration: configuration)],
            routes: [HealthFeature.routes, UsersFeature.routes, TodosFeature.routes],
            services: [ServiceEntry(DatabaseService(store: store))],
            store: store,
            makeRequestScope: { seed in requestScope(seed: seed, store: store, claims: claims, configuration: configuration) }
        )
    }

    /// What `RequestComponent` builds for a request: its unit of work, and providers of
    /// the handlers, each made when its route asks.
    package static func requestScope(
        seed: RequestSeed, store: AsyncProvider<any TodoStore>, claims: IdempotencyClaims, configuration: ServerConfiguration
    ) -> RequestHandlers {
        let logger = TaggedProvider<RequestLog>(value: seed.logger)
        let unitOfWork = UnitOfWork(store: store, configuration: configuration, logger: logger)
        return RequestHandlers(
            unitOfWork: unitOfWork,
            health: Provider { HealthHandler(logger: logger) },
            users: Provider { UserHandlers(users: UserRepository(unitOfWork: unitOfWork), logger: logger) },
            todos: Provider {
                let authenticator = Authenticator(users: UserRepository(unitOfWork: unitOfWork), seed: seed)
                return TodoHandlers(
                    todos: TodoRepository(unitOfWork: unitOfWork), authenticator: authenticator, claims: claims, unitOfWork: unitOfWork, logger: logger
                )
            }
        )
    }
}
