import Cleanse
import Hummingbird

/// The middleware every route goes through: a span per request (Hummingbird's
/// `TracingMiddleware`; spans go nowhere unless a tracer is bootstrapped), each request
/// logged by `LogRequestsMiddleware` (at `debug`: `--log-level debug` shows them), and
/// errors answered as `{"error": "…"}`.
package struct HTTPModule: Module {
    package static func configure(binder: Binder<Singleton>) {
        binder.bind(MiddlewareContribution.self).intoCollection().to(factory: HTTPModule.middleware)
    }

    /// The middleware of a server whose requests wait `configuration.databaseWait` for the
    /// database: a `503` tells the client to try again after that wait.
    package static func middleware(configuration: ServerConfiguration) -> MiddlewareContribution {
        let retryAfter = JSONErrorMiddleware.retryAfter(waiting: configuration.databaseWait)
        return MiddlewareContribution { router in
            router.add(middleware: TracingMiddleware())
            router.add(middleware: LogRequestsMiddleware(.debug))
            router.add(middleware: JSONErrorMiddleware(retryAfter: retryAfter))
        }
    }
}
