import Hummingbird

/// The request context of every route: Hummingbird's basic one with a 64 KiB body limit.
public struct TodoRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: Source) {
        coreContext = .init(source: source)
    }

    /// Bodies over 64 KiB are refused with 413 before they are decoded.
    public var maxUploadSize: Int { 64 * 1024 }
}

/// The router every feature adds its routes to.
public typealias TodoRouter = Router<TodoRequestContext>
