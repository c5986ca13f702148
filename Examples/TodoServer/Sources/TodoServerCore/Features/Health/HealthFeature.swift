import Cleanse
import Hummingbird
import Logging

/// Answers `GET /health`.
public struct HealthHandler: Sendable {
    let logger: Logger

    package init(logger: TaggedProvider<RequestLog>) {
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

/// Contributes `GET /health`.
package struct HealthFeature: Module {
    package static func configure(binder: Binder<Singleton>) {
        binder.bind(RouteContribution.self).intoCollection().to(value: routes)
    }

    package static let routes = RouteContribution { router in
        router.get("health") { _, context in
            try context.scope().health.get().status(requestID: context.id)
        }
    }
}
