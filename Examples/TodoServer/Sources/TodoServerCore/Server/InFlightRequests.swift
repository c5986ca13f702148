import Hummingbird
import ServiceLifecycle
import Synchronization

/// The requests being handled now. When a graceful shutdown's grace is about to run out,
/// every wait for the database they are in (or start) ends with `ServerShuttingDown`, which
/// `JSONErrorMiddleware` answers `503` with `Connection: close` on a connection that is
/// still open. (The service group's own cancellation, a moment later, tears connections
/// down: a request answered then reaches nobody.)
final class InFlightRequests: Sendable {
    private struct Registry {
        var next = 0
        var waits: [Int: @Sendable () -> Void] = [:]
        var shuttingDown = false
    }

    private let registry = Mutex(Registry())

    /// The registry of the request the current task handles, if any.
    @TaskLocal static var current: InFlightRequests?

    /// Runs `handling`, the handling of one request, where its database waits can be ended.
    func track<Result>(_ handling: () async throws -> Result) async throws -> Result {
        try await Self.$current.withValue(self) {
            try await handling()
        }
    }

    /// Calls `end` when the grace runs out (at once if it has); returns a token for
    /// `forget(_:)`, called once the wait is over.
    func whenShuttingDown(_ end: @escaping @Sendable () -> Void) -> Int? {
        let token: Int? = registry.withLock { registry in
            guard !registry.shuttingDown else { return nil }
            registry.next += 1
            registry.waits[registry.next] = end
            return registry.next
        }
        if token == nil { end() }
        return token
    }

    func forget(_ token: Int?) {
        guard let token else { return }
        _ = registry.withLock { $0.waits.removeValue(forKey: token) }
    }

    /// Ends every wait for the database in progress, and any started later.
    func endWaits() {
        let waits = registry.withLock { registry in
            registry.shuttingDown = true
            defer { registry.waits = [:] }
            return Array(registry.waits.values)
        }
        waits.forEach { $0() }
    }

    /// The grace before waits are ended, for a shutdown bounded by `timeout`: the timeout
    /// less a quarter of it, at most half a second less.
    static func grace(within timeout: Duration) -> Duration {
        timeout - min(.milliseconds(500), timeout / 4)
    }
}

/// The server is shutting down and the request could not finish in time: answered `503`
/// with `Connection: close`; nothing was written.
struct ServerShuttingDown: Error {}

/// Puts each request's handling where `InFlightRequests.endWaits()` reaches it. Added
/// inside `JSONErrorMiddleware`, which answers the end.
struct InFlightRequestsMiddleware<Context: RequestContext>: RouterMiddleware {
    let requests: InFlightRequests

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await requests.track { try await next(request, context) }
    }
}

/// Runs `wrapped` (the application); once a graceful shutdown starts, waits `grace` (a
/// little less than the group's own limit) and then ends the database waits of requests
/// still in flight, so that they are answered before the group cancels the application.
struct AnsweringShutdown<Wrapped: Service>: Service {
    let wrapped: Wrapped
    let grace: Duration
    let requests: InFlightRequests

    func run() async throws {
        let (grace, requests) = (grace, requests)
        try await withGracefulShutdownHandler {
            try await wrapped.run()
        } onGracefulShutdown: {
            Task {
                try? await Task.sleep(for: grace)
                requests.endWaits()
            }
        }
    }
}
