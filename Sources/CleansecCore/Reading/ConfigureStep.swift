import CleanseGraph

/// One thing a `configure(binder:)` or `configureRoot(binder:)` body does, read from source.
enum ConfigureStep {
    /// A binding, modelled as the runtime models it.
    case binding(BindingModel, at: SourcePosition)
    /// `binder.include(module: M.self)`.
    /// A generic module (`ServiceModule<Github>`) carries its arguments.
    case include(module: SpelledType, at: SourcePosition)
    /// `binder.install(dependency: C.self)`.
    case install(component: String, at: SourcePosition)
    /// `M.configure(binder: binder)`: another module's bindings, written into this one.
    case inline(module: SpelledType, at: SourcePosition)
    /// A mistake the runtime reports while the binding is written (`BoundWrapperType`,
    /// `WholeDictionaryContribution`).
    case reported(any CleanseError, at: SourcePosition)
    /// Something the analyzer cannot model.
    case opaque(OpaqueConstruct)
    /// The clauses of an `#if` whose condition is not known: each clause's steps. A key
    /// bound by several clauses is bound once, by the first (see ``BuildConditions``).
    case alternatives([[ConfigureStep]])
}

/// A construct the analyzer does not understand, and what that hides.
public struct OpaqueConstruct: Sendable, Codable {
    /// Where it is.
    public let position: SourcePosition
    /// What it is and why it cannot be read, for the note cleansec prints.
    public let reason: String
    /// Whether it may bind keys the analyzer does not know, so that a binding reported
    /// missing in its component might be there after all.
    public let mayBindUnknownKeys: Bool
}
