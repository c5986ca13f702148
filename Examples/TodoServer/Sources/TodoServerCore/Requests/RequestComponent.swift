import Foundation
import Cleanse
import Hummingbird
import Logging

/// The scope of one HTTP request: what is shared in it lives as long as the request.
public struct RequestScope: Scope {}

/// What a request's component is built from: Hummingbird's logger for the request (which
/// carries the request's id as `hb.request.id`) and its bearer token.
public struct RequestSeed: Sendable {
    public let logger: Logger
    public let bearerToken: String?

    public init(logger: Logger, bearerToken: String?) {
        self.logger = logger
        self.bearerToken = bearerToken
    }

    /// The seed of `request`, handled with `context`.
    init(request: Request, context: TodoRequestContext) {
        self.init(logger: context.logger, bearerToken: Self.bearerToken(in: request.headers[.authorization]))
    }

    /// The token of an `Authorization: Bearer <token>` header. The scheme is matched
    /// without regard to case, as HTTP authentication schemes are (RFC 9110, 11.1).
    static func bearerToken(in authorization: String?) -> String? {
        guard let authorization else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}

/// The logger of one request: Hummingbird's, with the request's id in its metadata.
public struct RequestLog: Tag {
    public typealias Element = Logger
}

/// A child component per request: built once per request by `RequestScopeMiddleware`,
/// holding the request's unit of work (its transaction), repositories, logger and
/// handlers; freed when the response is sent.
public struct RequestComponent: Component {
    public typealias Root = RequestHandlers
    public typealias Scope = RequestScope
    public typealias Seed = RequestSeed

    public static func configure(binder: Binder<RequestScope>) {
        binder.bind(Logger.self).tagged(with: RequestLog.self).to { (seed: RequestSeed) in seed.logger }
        binder.bind(UnitOfWork.self).sharedInScope().to(factory: UnitOfWork.init)
        binder.bind(UserRepository.self).to(factory: UserRepository.init)
        binder.bind(TodoRepository.self).to(factory: TodoRepository.init)
        binder.bind(Authenticator.self).sharedInScope().to(factory: Authenticator.init)
        binder.bind(HealthHandler.self).to(factory: HealthHandler.init)
        binder.bind(UserHandlers.self).to(factory: UserHandlers.init)
        binder.bind(TodoHandlers.self).to(factory: TodoHandlers.init)
    }

    public static func configureRoot(binder bind: ReceiptBinder<RequestHandlers>) -> BindingReceipt<RequestHandlers> {
        bind.to(factory: RequestHandlers.init)
    }
}

/// The root of a request's component: the unit of work the middleware ends, and the
/// handlers, each made when its route asks.
public struct RequestHandlers: Sendable {
    public let unitOfWork: UnitOfWork
    public let health: Provider<HealthHandler>
    public let users: Provider<UserHandlers>
    public let todos: Provider<TodoHandlers>

    package init(unitOfWork: UnitOfWork, health: Provider<HealthHandler>, users: Provider<UserHandlers>, todos: Provider<TodoHandlers>) {
        self.unitOfWork = unitOfWork
        self.health = health
        self.users = users
        self.todos = todos
    }
}
