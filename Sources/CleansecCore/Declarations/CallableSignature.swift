import SwiftSyntax

/// One initializer or function as a factory sees it: its argument labels, its parameter
/// types as the runtime names them, and how it runs.
///
/// Read from syntax for the analysed files, and stored as is in a ``PartialModel`` for the
/// targets that depend on them.
struct CallableSignature: Codable, Hashable {
    /// The argument labels, `_` for an unlabelled parameter.
    var labels: [String]
    /// The parameter types; `nil` for a memberwise initializer whose property types are
    /// inferred, which cannot be read.
    var parameters: [SpelledType]?
    /// Whether it is `async` or `throws`, which makes its binding asynchronous.
    var isAsync: Bool
    /// The global actor it is isolated to, if any.
    var actor: String?
    /// What it returns (functions only).
    var result: SpelledType?
    /// Whether it is a failable initializer (`init?`, `init!`), which makes an optional;
    /// `nil` for `false`, so models stay short.
    var isFailable: Bool? = nil
    /// For a `private` or `fileprivate` one, the `#fileID` of the file that declares it,
    /// the only file whose code can name it; `nil` for one visible in the whole module.
    var visibleOnlyIn: String? = nil
    /// For the implicit initializer of a global-actor type, `true` when whether it is
    /// isolated cannot be decided here (it is, unless every stored property is `Sendable`
    /// with a nonisolated value); `nil` otherwise.
    var isolationUndecided: Bool? = nil
    /// When its isolation is unread: the name that may isolate it, an attribute (`@RemoteActor`)
    /// or its type's superclass or protocol (`UITableViewController`); `nil` otherwise.
    var isolationUnreadThrough: String? = nil

    /// Whether `X.init(a:b:)` or `X.make(a:)` written with `labels` names this one;
    /// `nil` labels (`X.init`) name every one.
    func matches(_ labels: [String]?) -> Bool {
        labels.map { $0 == self.labels } ?? true
    }

    /// Whether code in the file `fileID` can name this one (a `private init` in another
    /// file is not a candidate for `X.init`, as the compiler does not consider it).
    func isVisible(from fileID: String?) -> Bool {
        visibleOnlyIn == nil || fileID == nil || visibleOnlyIn == fileID
    }

    /// The file `modifiers` confine a declaration in `file` to, if they do.
    static func confinement(of modifiers: DeclModifierListSyntax, in file: SourceFile) -> String? {
        let confined = modifiers.contains { modifier in
            (modifier.name.tokenKind == .keyword(.private) || modifier.name.tokenKind == .keyword(.fileprivate)) && modifier.detail == nil
        }
        return confined ? file.fileID : nil
    }
}

/// What a declaration gained from the partial models of the targets it depends on, rather
/// than from syntax.
struct ImportedMembers {
    /// The Cleanse protocols (`Module`, `Component`…) the type conforms to.
    var roles: Set<String> = []
    var typealiases: [String: SpelledType] = [:]
    var initializers: [CallableSignature] = []
    var functions: [String: [CallableSignature]] = [:]
    /// Property types a compiled module declares, instance and static.
    var properties: [String: SpelledType] = [:]
    var staticProperties: [String: SpelledType] = [:]
    /// The module or component it is, already read.
    var configurable: ModelConfigurable?
    /// Functions read at each call, parsed again from the model (``ModelFunctionSource``),
    /// by name.
    var readAtCall: [String: [TypeDeclaration.Member<FunctionDeclSyntax>]] = [:]
    /// Where it is declared.
    var position: SourcePosition?
    /// How its target binds it just in time (`@Injectable`), when that target read it whole.
    var constructor: ModelConstructor?
    /// A protocol's associated types and function requirements (parsed again), by name.
    var associatedTypeNames: Set<String> = []
    var requirements: [String: [TypeDeclaration.Member<FunctionDeclSyntax>]] = [:]
    /// A generic type's typealiases as written, parsed again: resolved with each
    /// specialisation's arguments (``ModelType/genericTypealiases``).
    var genericTypealiases: [String: TypeSyntax] = [:]
    /// Whether a model or symbol graph says the type is a global actor (`@globalActor`).
    var isGlobalActor = false
}
