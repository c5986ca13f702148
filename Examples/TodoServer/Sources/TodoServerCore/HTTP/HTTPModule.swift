import Cleanse
import Hummingbird

/// The middleware every route goes through: each request logged by Hummingbird's
/// `LogRequestsMiddleware` (at `debug`: `--log-level debug` shows them), and errors
/// answered as `{"error": "…"}`.
package struct HTTPModule: Module {
    package static func configure(binder: Binder<Singleton>) {
        binder.bind(MiddlewareContribution.self).intoCollection().to(value: middleware)
    }

    package static let middleware = MiddlewareContribution { router in
        router.add(middleware: LogRequestsMiddleware(.debug))
        router.add(middleware: JSONErrorMiddleware())
    }
}
