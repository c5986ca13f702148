import SwiftSyntax

/// The isolation of an initializer or function a factory names, as Swift 6 gives it: its own
/// attribute, else its type's (``InferredIsolation``) unless it is `nonisolated`, and for an
/// `override init`, the overridden initializer's.
extension FactoryReader {
    /// The isolation of a member of `owner` with these attributes and modifiers: its own
    /// global actor, else `owner`'s unless it is `nonisolated`; and, when it names no actor
    /// and is not `nonisolated`, what may isolate it that cleansec cannot read (an attribute
    /// of its own, `@RemoteActor`, or what leaves `owner`'s isolation unread).
    func memberIsolation(of owner: TypeDeclaration, attributes: AttributeListSyntax, modifiers: DeclModifierListSyntax) -> (actor: String?, unreadThrough: String?) {
        let own = index.isolation(of: attributes, context: owner.context)
        if let actor = own.actor { return (actor, nil) }
        if isNonisolated(modifiers) { return (nil, nil) }
        return (owner.globalActor, own.unreadThrough ?? owner.isolationUnreadThrough)
    }

    /// What depends on a type's unread isolation, which decides the fix a note gives.
    enum IsolationDependent {
        /// An initializer of the type, or its function named so (`Screen.make`).
        case initializer, function(String)
        /// The key of its property injector.
        case injector
        /// A closure that makes it.
        case closure
    }

    /// Why the isolation of `declaration` is unread, with the lines that make what depends
    /// on it readable; `nil` when it is read.
    static func unreadIsolation(of declaration: TypeDeclaration, for dependent: IsolationDependent) -> String? {
        declaration.isolationUnreadThrough.map { unreadIsolation(of: declaration.path, through: $0, for: dependent) }
    }

    /// Why the isolation of `type` (or of its member `dependent`) is unread, `through` being
    /// the attribute (`@RemoteActor`) or the superclass or protocol that may isolate it.
    static func unreadIsolation(of type: String, through: String, for dependent: IsolationDependent) -> String {
        let isAttribute = through.hasPrefix("@")
        let name = isAttribute ? String(through.dropFirst()) : through
        let reason = isAttribute
            ? "whether '\(type)' is isolated to a global actor is unknown: it is marked '\(through)', which no file or module cleansec reads declares"
            : "whether '\(type)' is isolated to a global actor is unknown: it inherits from or conforms to '\(through)', which no file or module cleansec reads declares"
        let module = "or give cleansec the module that declares '\(name)' (-I)"
        // An attribute is the isolation: only its declaration tells.
        if isAttribute { return "\(reason); give cleansec the module that declares '\(name)' (-I)" }
        return switch dependent {
        case .initializer: "\(reason); write '@MainActor' on '\(type)' if '\(through)' isolates it, 'nonisolated' on the initializer if not, \(module)"
        case .function(let name): "\(reason); write '@MainActor' on '\(type)' if '\(through)' isolates it, 'nonisolated' on '\(name)' if not, \(module)"
        case .injector: "\(reason), and its injector's key depends on it (MainActorPropertyInjector<\(type)> if it is); write '@MainActor' on '\(type)' if '\(through)' isolates it, \(module)"
        case .closure: "\(reason); write '@MainActor' on '\(type)' if '\(through)' isolates it, \(module)"
        }
    }

    /// The isolation of an `override init` with `labels` of a class isolated only through a
    /// protocol it conforms to, over a superclass that is not: Swift gives the override the
    /// isolation of the initializer it overrides, found up the superclass chain
    /// (`override init()` of a screen conforming to a `@MainActor` protocol is as
    /// nonisolated as `BaseView.init()`; its new initializers are isolated). A superclass
    /// cleansec cannot read leaves it unread. `nil` for any other initializer, whose
    /// isolation ``memberIsolation(of:attributes:modifiers:)`` gives.
    func overriddenIsolation(of declaration: TypeDeclaration, labels: [String], modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax) -> (actor: String?, unreadThrough: String?)? {
        guard declaration.globalActor != nil, modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }),
              !isNonisolated(modifiers), index.isolation(of: attributes, context: declaration.context).actor == nil,
              let classAttributes = declaration.declaration?.syntax.asProtocol((any WithAttributesSyntax).self)?.attributes,
              index.isolation(of: classAttributes, context: declaration.context).actor == nil,
              let parent = superclass(of: declaration), parent.globalActor == nil, parent.isolationUnreadThrough == nil
        else { return nil }
        var current = parent
        while true {
            if let overridden = initializers(of: current).first(where: { $0.labels == labels }) {
                return (overridden.actor, overridden.isolationUnreadThrough)
            }
            guard let next = superclass(of: current) else {
                // Declared by a superclass cleansec does not read, or by none.
                return (nil, Self.firstInherited(of: current).map(\.trimmedDescription) ?? current.path)
            }
            current = next
        }
    }

    func isNonisolated(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) }
    }
}
