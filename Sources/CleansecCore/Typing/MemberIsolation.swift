import InjectableSyntax
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

    /// The isolation of an `override` (or `required`) initializer with `labels` that writes
    /// none of its own, as Swift 6 gives it (each case checked with `swiftc -typecheck`):
    /// the overridden initializer's, found up the superclass chain:
    /// - isolated (written or from its class): the same actor;
    /// - nonisolated in an isolated class (so written `nonisolated`): nonisolated, even in a
    ///   class marked `@MainActor`;
    /// - nonisolated in a class that is not (`PlainView.init()`, `NSObject.init()`): the
    ///   actor written on this class, else none: a screen isolated only through its protocol
    ///   keeps `override init()` nonisolated.
    /// A superclass cleansec cannot read, or two candidates of those labels, leave it unread.
    /// `nil` for any other initializer, whose isolation ``memberIsolation(of:attributes:modifiers:)``
    /// gives.
    func overriddenIsolation(of declaration: TypeDeclaration, labels: [String], modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax) -> (actor: String?, unreadThrough: String?)? {
        let overrides = modifiers.contains { $0.name.tokenKind == .keyword(.override) }
        let required = modifiers.contains { $0.name.tokenKind == .keyword(.required) }
        guard declaration.kind == .class, overrides || required, !isNonisolated(modifiers) else { return nil }
        let own = index.isolation(of: attributes, context: declaration.context)
        guard own.actor == nil, own.unreadThrough == nil else { return nil }
        let classAttributes = declaration.declaration?.syntax.asProtocol((any WithAttributesSyntax).self)?.attributes
        let writtenOnClass = classAttributes.flatMap { index.isolation(of: $0, context: declaration.context).actor }
        var current = declaration
        for _ in 0..<Self.inheritanceDepthLimit {
            guard let written = Self.firstInherited(of: current) else { break }
            guard let parent = superclass(of: current) else {
                // `NSObject`'s initializers are nonisolated, in a class that is not.
                if written.trimmedDescription == "NSObject" { return (writtenOnClass, nil) }
                // A protocol first (declared, or a standard one): no superclass, nothing
                // overridden. A `required init` whose superclass is unknown keeps the usual
                // rule (the class's own isolation is then unread already, unless written).
                let path = resolver.resolve(written, in: current.context).path
                if path.flatMap({ index.declaration($0) })?.kind == .protocol || InitializerFreeConformances.contains(written: written.trimmedDescription)
                    || InferredIsolation.nonisolatedProtocols.contains(written.trimmedDescription) || !overrides {
                    break
                }
                return (nil, written.trimmedDescription)
            }
            let candidates = initializers(of: parent).filter { $0.labels == labels }
            if candidates.count > 1 { return (nil, parent.path) }
            if let overridden = candidates.first {
                if let unread = overridden.isolationUnreadThrough { return (nil, unread) }
                if let actor = overridden.actor { return (actor, nil) }
                if parent.isolationUnreadThrough != nil { return (nil, parent.isolationUnreadThrough) }
                return parent.globalActor != nil ? (nil, nil) : (writtenOnClass, nil)
            }
            current = parent
        }
        // Nothing overridden (a `required init` of a base class): the usual rule.
        return nil
    }

    func isNonisolated(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) }
    }
}
