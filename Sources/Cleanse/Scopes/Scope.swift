/// The base of every scope type, including ``Unscoped``. Declare scopes with ``Scope``.
public protocol _ScopeBase: _StaticConfiguration {}

/// A scope: a lifetime in which `.sharedInScope()` bindings are made once and shared.
///
/// A component declares its scope through the binder its `configure(binder:)` takes; a
/// binding shared in a scope can only be configured in a component that has that scope.
///
/// ```swift
/// struct RequestScope: Scope {}
///
/// struct RequestComponent: Cleanse.Component {
///     typealias Root = RequestHandler
///     static func configure(binder: Binder<RequestScope>) {
///         binder.bind(RequestContext.self).sharedInScope().to(factory: RequestContext.init)
///     }
///     // …
/// }
/// ```
public protocol Scope: _ScopeBase {}

/// No scope: every request builds a new instance. The default scope of components and modules.
public struct Unscoped: _ScopeBase {}

/// The scope conventionally given to an application's root component: `.sharedInScope()`
/// bindings there live as long as the component.
public struct Singleton: Scope {}

extension _ScopeBase {
    /// The scope's identity in the graph model, or `nil` for ``Unscoped``.
    static var scopeIdentity: TypeIdentity? {
        Self.self is any Scope.Type ? TypeIdentity(Self.self) : nil
    }
}
