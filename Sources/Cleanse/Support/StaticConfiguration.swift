/// What the types that configure a graph (components, modules, tags, scopes, assisted
/// factories) refine: `SendableMetatype` where the compiler has it (Swift 6.2 and later),
/// nothing before.
///
/// Such types are used only through their metatypes, and the graph uses those from any
/// thread: a binder factory is `@Sendable`, and one written in a generic component
/// (`struct Screen<Feature: Component>`) mentions `Feature`. Refining `SendableMetatype`
/// lets it do so without a warning, and asks that these conformances not be isolated to an
/// actor (in a module whose default isolation is the main actor, they are inferred
/// `nonisolated`).
#if compiler(>=6.2)
@_documentation(visibility: internal)
public typealias _StaticConfiguration = SendableMetatype
#else
@_documentation(visibility: internal)
public typealias _StaticConfiguration = Any
#endif
