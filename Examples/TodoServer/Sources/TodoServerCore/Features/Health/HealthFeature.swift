import Cleanse
import Hummingbird
import Logging

/// Answers `GET /health`.
public struct HealthHandler: Sendable {
    let logger: Logger

    init(logger: TaggedProvider<RequestLog>) {
        self.logger = logger.get()
    }

    func status(requestID: String) -> HealthStatus {
        logger.debug("health checked")
        return HealthStatus(status: "ok", requestID: requestID)
    }
}

/// The body of `GET /health`.
public struct HealthStatus: ResponseCodable {
    public let status: String
    public let requestID: String
}

/// Contributes `GET /health`; with `--benchmark-routes`, also the two routes the load
/// benchmark compares: the same handler from a request's component (`/bench/di`) and made
/// by hand with no component (`/bench/handwired`).
struct HealthFeature: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(RouteContribution.self).intoCollection().to(value: routes)
        binder.bind(RouteContribution.self).intoCollection().to(factory: benchmarkRoutes)
    }

    static let routes = RouteContribution { router in
        router.get("health") { _, context in
            try context.scope().health.get().status(requestID: context.id)
        }
    }

    static func benchmarkRoutes(configuration: ServerConfiguration, store: AsyncProvider<any TodoStore>) -> RouteContribution {
        guard configuration.benchmarkRoutes else { return RouteContribution { _ in } }
        return RouteContribution { router in
            router.get("bench/di") { _, context in
                try context.scope().health.get().status(requestID: context.id)
            }
        } outsideRequestScope: { router in
            router.get("bench/handwired") { request, context in
                // What the request's component and its middleware do, written out by hand.
                let seed = RequestSeed(request: request, context: context)
                let tagged = TaggedProvider<RequestLog>(value: seed.logger)
                let unitOfWork = UnitOfWork(store: store, configuration: configuration, logger: tagged)
                let status = HealthHandler(logger: tagged).status(requestID: context.id)
                try await unitOfWork.commit()
                return status
            }
        }
    }
}
