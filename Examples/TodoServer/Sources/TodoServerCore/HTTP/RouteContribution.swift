import Hummingbird
import ServiceLifecycle

/// What each feature module contributes to the router, through a collection binding:
///
/// ```swift
/// binder.bind(RouteContribution.self).intoCollection().to(factory: TodoRoutes.contribution)
/// ```
public struct RouteContribution: Sendable {
    let register: @Sendable (TodoRouter) -> Void

    public init(_ register: @escaping @Sendable (TodoRouter) -> Void) {
        self.register = register
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
