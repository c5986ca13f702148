import Hummingbird
import ServiceLifecycle

/// What each feature module contributes to the router, through a collection binding:
///
/// ```swift
/// binder.bind(RouteContribution.self).intoCollection().to(factory: TodoRoutes.contribution)
/// ```
///
/// Routes are added to the group whose requests each get their own component
/// (`RequestScopeMiddleware`).
public struct RouteContribution: Sendable {
    let register: @Sendable (TodoRouter) -> Void

    /// The routes `register` adds.
    public init(_ register: @escaping @Sendable (TodoRouter) -> Void) {
        self.register = register
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
