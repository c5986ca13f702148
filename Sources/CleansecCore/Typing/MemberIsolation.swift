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
    /// from the initializer it overrides, of the superclass (declared there, or inherited
    /// by it):
    /// - isolated (written or from its class): the same actor;
    /// - nonisolated in an isolated class (so written `nonisolated`): nonisolated, even in a
    ///   class marked `@MainActor`;
    /// - nonisolated in a class that is not (`PlainView.init()`, `NSObject.init()`): the
    ///   actor written on this class, else none: a screen isolated only through its protocol
    ///   keeps `override init()` nonisolated.
    /// What cleansec cannot read on the way (a superclass, an attribute, candidates that
    /// differ) leaves it unread. `nil` for any other initializer, whose isolation
    /// ``memberIsolation(of:attributes:modifiers:)`` gives. One initializer per class is
    /// read up the chain, never a class's whole list.
    func overriddenIsolation(of declaration: TypeDeclaration, labels: [String], modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax) -> (actor: String?, unreadThrough: String?)? {
        let overrides = modifiers.contains { $0.name.tokenKind == .keyword(.override) }
        let required = modifiers.contains { $0.name.tokenKind == .keyword(.required) }
        guard declaration.kind == .class, overrides || required, !isNonisolated(modifiers) else { return nil }
        let own = index.isolation(of: attributes, context: declaration.context)
        guard own.actor == nil, own.unreadThrough == nil else { return nil }
        let classAttributes = declaration.declaration?.syntax.asProtocol((any WithAttributesSyntax).self)?.attributes
        let writtenOnClass = classAttributes.map { index.isolation(of: $0, context: declaration.context) } ?? (nil, nil)
        guard let overridden = overriddenInitializer(of: declaration, labels: labels, mustExist: overrides, depth: 0) else { return nil }
        switch overridden {
        case .unread(let through): return (nil, through)
        case .isolated(let actor): return (actor, nil)
        case .nonisolated(let inIsolatedClass): return inIsolatedClass ? (nil, nil) : writtenOnClass
        }
    }

    /// What an overridden initializer's isolation is, for the rule above.
    enum OverriddenIsolation: Equatable {
        case isolated(String)
        case nonisolated(inIsolatedClass: Bool)
        case unread(through: String)
    }

    /// The isolation of the initializer with `labels` that the superclass of `declaration`
    /// has (declares, or inherits when it declares no designated one); `nil` when there is
    /// none and `mustExist` is false (a base class's `required init`).
    private func overriddenInitializer(of declaration: TypeDeclaration, labels: [String], mustExist: Bool, depth: Int) -> OverriddenIsolation? {
        guard depth < Self.inheritanceDepthLimit, let written = Self.firstInherited(of: declaration) else { return nil }
        guard let parent = superclass(of: declaration) else {
            // `NSObject`'s initializers are nonisolated, in a class that is not.
            if written.trimmedDescription == "NSObject" { return .nonisolated(inIsolatedClass: false) }
            // A protocol first (declared, or a standard one): no superclass. A `required
            // init` whose superclass is unknown keeps the usual rule (the class's own
            // isolation is unread already, unless written on it).
            let path = resolver.resolve(written, in: declaration.context).path
            if path.flatMap({ index.declaration($0) })?.kind == .protocol || InitializerFreeConformances.contains(written: written.trimmedDescription)
                || InferredIsolation.nonisolatedProtocols.contains(written.trimmedDescription) || !mustExist {
                return nil
            }
            return .unread(through: written.trimmedDescription)
        }
        let inIsolatedClass = parent.globalActor != nil
        if let unread = parent.isolationUnreadThrough { return .unread(through: unread) }
        // Declared in the superclass's sources: each candidate's own isolation.
        let declared = parent.initializers.filter { initializer in
            !Self.isUnavailable(initializer.syntax.attributes) && initializer.syntax.signature.parameterClause.parameters.map(\.firstName.text) == labels
        }
        var found: [OverriddenIsolation] = declared.map { initializer in
            let syntax = initializer.syntax
            let reader = FactoryReader(resolver: resolver.reading(initializer.file))
            let isolation = reader.overriddenIsolation(of: parent, labels: labels, modifiers: syntax.modifiers, attributes: syntax.attributes)
                ?? reader.memberIsolation(of: parent, attributes: syntax.attributes, modifiers: syntax.modifiers)
            if let unread = isolation.unreadThrough { return .unread(through: unread) }
            return isolation.actor.map(OverriddenIsolation.isolated) ?? .nonisolated(inIsolatedClass: inIsolatedClass)
        }
        // Listed by its target's model.
        found += parent.imported.initializers.filter { $0.labels == labels }.map { signature in
            if let unread = signature.isolationUnreadThrough { return .unread(through: unread) }
            return signature.actor.map(OverriddenIsolation.isolated) ?? .nonisolated(inIsolatedClass: inIsolatedClass)
        }
        if let first = found.first {
            // Candidates of these labels that differ in isolation: which one is overridden
            // depends on the parameters' types.
            return found.allSatisfy { $0 == first } ? first : .unread(through: parent.path)
        }
        // Inherited by a superclass that declares no designated initializer; else, with no
        // superclass of its own, its implicit `init()`: nonisolated in a class that is not
        // isolated (in one that is, it depends on its stored properties: unread).
        if parent.declaration != nil, !parent.bodyDeclaresDesignatedInitializer {
            if let inherited = overriddenInitializer(of: parent, labels: labels, mustExist: mustExist, depth: depth + 1) { return inherited }
            if labels.isEmpty { return inIsolatedClass ? .unread(through: parent.path) : .nonisolated(inIsolatedClass: false) }
        }
        return mustExist ? .unread(through: parent.path) : nil
    }

    func isNonisolated(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) }
    }
}
