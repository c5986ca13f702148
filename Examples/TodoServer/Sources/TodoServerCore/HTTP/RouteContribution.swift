import Hummingbird
import ServiceLifecycle

/// What each feature module contributes to the router, through a collection binding:
///
/// ```swift
/// binder.bind(RouteContribution.self).intoCollection().to(factory: TodoRoutes.contribution)
/// ```
///
/// Routes are added to the group whose requests each get their own component
/// (`RequestScopeMiddleware`), unless they are contributed `outsideRequestScope`.
public struct RouteContribution: Sendable {
    let scoped: @Sendable (TodoRouter) -> Void
    let unscoped: @Sendable (Router<TodoRequestContext>) -> Void

    /// Routes added by `register`; those added by `outsideRequestScope` get no component
    /// (the hand-wired benchmark route).
    public init(
        _ register: @escaping @Sendable (TodoRouter) -> Void,
        outsideRequestScope: @escaping @Sendable (Router<TodoRequestContext>) -> Void = { _ in }
    ) {
        scoped = register
        unscoped = outsideRequestScope
    }
}

/// Middleware a module adds to the router, through a collection binding; added before any
/// route, in the order the modules are included.
public struct MiddlewareContribution: Sendable {
    let add: @Sendable (Router<TodoRequestContext>) -> Void

    public init(_ add: @escaping @Sendable (Router<TodoRequestContext>) -> Void) {
        self.add = add
    }
}

/// A service the server's service group runs beside the HTTP server, contributed through a
/// collection binding.
public struct ServiceEntry: Sendable {
    let service: any Service

    public init(_ service: any Service) {
        self.service = service
    }
}
