import Cleanse
import Hummingbird
import Logging

/// Answers `GET /health`.
public struct HealthHandler: Sendable {
    let logger: Logger
    let unitOfWork: UnitOfWork

    init(logger: TaggedProvider<RequestLog>, unitOfWork: UnitOfWork) {
        self.logger = logger.get()
        self.unitOfWork = unitOfWork
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

/// Contributes `GET /health`, and the two routes the load benchmark compares: the same
/// handler resolved from a request's component (`/bench/di`) and made by hand
/// (`/bench/handwired`).
struct HealthFeature: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(RouteContribution.self).intoCollection().to(factory: routes)
    }

    static func routes(requests: ComponentFactory<RequestComponent>, logger: Logger, store: AsyncProvider<any TodoStore>) -> RouteContribution {
        RouteContribution { router in
            router.get("health") { request, context in
                requests.build(RequestSeed(request: request, context: context)).health.get().status(requestID: context.id)
            }
            router.get("bench/di") { request, context in
                requests.build(RequestSeed(request: request, context: context)).health.get().status(requestID: context.id)
            }
            router.get("bench/handwired") { request, context in
                // What the request component builds, written out by hand.
                let seed = RequestSeed(request: request, context: context)
                var requestLogger = logger
                requestLogger[metadataKey: "request.id"] = "\(seed.requestID)"
                let tagged = TaggedProvider<RequestLog>(value: requestLogger)
                let handler = HealthHandler(logger: tagged, unitOfWork: UnitOfWork(store: store, logger: tagged))
                return handler.status(requestID: context.id)
            }
        }
    }
}
