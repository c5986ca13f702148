import CleanseGraph

/// One thing a `configure(binder:)` or `configureRoot(binder:)` body does, read from source.
enum ConfigureStep {
    /// A binding, modelled as the runtime models it.
    case binding(BindingModel, at: SourcePosition)
    /// `binder.include(module: M.self)`.
    /// A generic module (`ServiceModule<Github>`) carries its arguments.
    case include(module: SpelledType, at: SourcePosition)
    /// `binder.install(dependency: C.self)`.
    case install(component: SpelledType, at: SourcePosition)
    /// `M.configure(binder: binder)`: another module's bindings, written into this one.
    case inline(module: SpelledType, at: SourcePosition)
    /// A mistake the runtime reports while the binding is written (`BoundWrapperType`,
    /// `WholeDictionaryContribution`).
    case reported(any CleanseError, at: SourcePosition)
    /// Something the analyzer cannot model.
    case opaque(OpaqueConstruct)
    /// A place a diagnostic may name that is no binding's (an `@Injected` property), so
    /// that cleansec can put the diagnostic's note there.
    case place(SourcePosition)
    /// The clauses of an `#if` whose condition is not known: each clause's steps. A key
    /// bound by several clauses is bound once, by the first (see ``BuildConditions``).
    case alternatives([[ConfigureStep]])
}

extension ConfigureStep {
    /// The step with each unread construct saying it was read in `specialisation` (a generic
    /// module or component with its arguments, `Box<Int>`), whose steps these are: a line
    /// read once per argument list gets a note for each, and each says which.
    func naming(specialisation: String) -> ConfigureStep {
        switch self {
        case .opaque(let construct):
            return .opaque(OpaqueConstruct(position: construct.position, reason: "\(construct.reason), in \(specialisation)", mayBindUnknownKeys: construct.mayBindUnknownKeys, kind: construct.kind))
        case .alternatives(let clauses):
            return .alternatives(clauses.map { $0.map { $0.naming(specialisation: specialisation) } })
        default:
            return self
        }
    }
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
    /// What sort of construct it is, for `--coverage`.
    public let kind: OpaqueKind

    public init(position: SourcePosition, reason: String, mayBindUnknownKeys: Bool, kind: OpaqueKind) {
        self.position = position
        // Types named as the runtime names them: without the qualifiers that tell apart
        // types two modules or files name alike (`Feed::Env` is `Env`).
        self.reason = reason.contains("::") ? SpelledTypes.withoutModuleQualifiers(reason) : reason
        self.mayBindUnknownKeys = mayBindUnknownKeys
        self.kind = kind
    }
}

/// The sorts of construct cleansec does not read, so that `--coverage` tells a user what to
/// change, most common first.
public enum OpaqueKind: String, Sendable, Codable, CaseIterable {
    /// An expression that is not the binder DSL (a closure given the binder, a call it is
    /// passed to in a way cleansec does not follow).
    case statement
    /// A type, module, component, function or helper the analysed files do not declare.
    case declaredElsewhere
    /// Several initializers, functions or helpers the call could name.
    case overload
    /// A factory whose parameters cannot be read (a closure without types, an expression).
    case factory
    /// A type cannot be named as the runtime names it (`some P`, a generic parameter).
    case typeName
    /// A binder call or form cleansec does not model.
    case dslForm
    /// Source it does not read: a syntax error, a component declared in a function, a
    /// generic root no `ComponentFactory.of` specialises.
    case source

    /// How `--coverage` names the sort.
    public var summary: String {
        switch self {
        case .statement: "statements it does not follow (closures given the binder, other expressions)"
        case .declaredElsewhere: "declared outside the analysed files"
        case .overload: "overloads it does not choose between"
        case .factory: "factories whose parameters it cannot read"
        case .typeName: "types it cannot name (an untyped bind() it cannot infer, some P, a generic parameter)"
        case .dslForm: "binder calls it does not model"
        case .source: "source it does not read"
        }
    }
}
