import Hummingbird

/// The request context of every route: Hummingbird's basic one with a 64 KiB body limit,
/// carrying the request's component once `RequestScopeMiddleware` has built it.
public struct TodoRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The root of this request's component; set by `RequestScopeMiddleware`.
    public var requestScope: RequestHandlers?

    public init(source: Source) {
        coreContext = .init(source: source)
    }

    /// The largest request body, in bytes: 64 KiB.
    static let bodyLimit = 64 * 1024

    /// Bodies over 64 KiB are refused with 413 before they are decoded.
    public var maxUploadSize: Int { Self.bodyLimit }

    /// The request's component, or a 500 when a route was registered outside the group
    /// that builds it.
    func scope() throws -> RequestHandlers {
        guard let requestScope else {
            throw APIError(.internalServerError, "the route has no request scope")
        }
        return requestScope
    }
}

/// The router every feature adds its routes to: the group whose requests each get their
/// own component.
public typealias TodoRouter = RouterGroup<TodoRequestContext>
