import InjectableSyntax
import SwiftSyntax

/// One rule of the typing interface for the initializers Swift writes for a type, beside
/// those it declares: what the rule accepts, an example, and the initializers it proves.
/// The first rule that accepts a declaration answers; a declaration none accepts has no
/// implicit initializer.
package struct ImplicitInitializerRule: Sendable {
    /// The rule's name.
    package let name: String
    /// The declarations it accepts.
    package let accepts: String
    /// A declaration it reads, and the initializers Swift writes for it.
    package let example: String
    let answer: @Sendable (_ declaration: TypeDeclaration, _ reader: FactoryReader) -> [CallableSignature]?

    /// The rules, in the order they are asked.
    package static let all: [ImplicitInitializerRule] = [inheritedInitializers, memberwiseInitializer, defaultInitializer]

    /// The names of the rules, in order.
    package static var names: [String] { all.map(\.name) }

    static let inheritedInitializers = ImplicitInitializerRule(
        name: "inheritedInitializers", accepts: "a class declaring no designated initializer, whose superclass cleansec reads",
        example: "final class FeedController: UIViewController {} has init(nibName:bundle:) and init?(coder:)"
    ) { declaration, reader in
        guard declaration.kind == .class, !declaration.bodyDeclaresDesignatedInitializer,
              let superclass = reader.superclass(of: declaration) else { return nil }
        // Not through the superclass's cache: its own worker may be filling it
        // (`Analyzer.readInitializersOnEveryCore`).
        return reader.initializers(of: superclass)
    }

    static let memberwiseInitializer = ImplicitInitializerRule(
        name: "memberwiseInitializer", accepts: "a struct whose body declares no initializer",
        example: "struct Config { let region: String; var retries = 3 } has init(region:retries:)"
    ) { declaration, reader in
        guard declaration.kind == .struct, !declaration.bodyDeclaresInitializer else { return nil }
        let isolation = ImplicitInitializerIsolation(declaration: declaration, reader: reader)
        let properties = declaration.storedProperties.filter { !$0.isLetWithValue }
        let types = properties.compactMap { $0.type.map { reader.resolver.resolve($0, in: declaration.context) } }
        return [CallableSignature(
            labels: properties.map(\.name),
            parameters: types.count == properties.count ? types : nil,
            isAsync: false,
            actor: isolation.actor,
            isolationUndecided: isolation.isUndecided ? true : nil,
            isolationUnreadThrough: declaration.isolationUnreadThrough
        )]
    }

    static let defaultInitializer = ImplicitInitializerRule(
        name: "defaultInitializer", accepts: "an actor or a class declaring no designated initializer (only convenience or delegating ones), and no superclass cleansec cannot read",
        example: "final class Clock: Sendable { var now = 0 } has init()"
    ) { declaration, reader in
        // A class's convenience initializers leave it its `init()` (`swiftc -typecheck`).
        guard declaration.kind == .actor || declaration.kind == .class, !declaration.bodyDeclaresDesignatedInitializer,
              !reader.mayHaveUnreadSuperclass(declaration) else { return nil }
        let isolation = ImplicitInitializerIsolation(declaration: declaration, reader: reader)
        return [CallableSignature(labels: [], parameters: [], isAsync: false, actor: isolation.actor,
                                  isolationUndecided: isolation.isUndecided ? true : nil,
                                  isolationUnreadThrough: declaration.isolationUnreadThrough)]
    }
}

extension FactoryReader {
    /// The initializers Swift writes for `declaration`: the first accepting rule's answer.
    func implicitInitializers(of declaration: TypeDeclaration) -> [CallableSignature] {
        for rule in ImplicitInitializerRule.all {
            if let initializers = rule.answer(declaration, self) { return initializers }
        }
        return []
    }

    /// Whether the first type a class's inheritance clause names is neither declared in what
    /// cleansec reads nor one of ``InitializerFreeConformances``: a superclass it cannot see
    /// (`UIViewController` without its module), whose initializers the class inherits in
    /// place of an implicit `init()`.
    func mayHaveUnreadSuperclass(_ declaration: TypeDeclaration) -> Bool {
        guard let written = Self.firstInherited(of: declaration) else { return false }
        guard let path = resolver.resolve(written, in: declaration.context).path else { return true }
        if let inherited = index.declaration(path), inherited.kind != .extensionOnly { return false }
        return !InitializerFreeConformances.names.contains(path)
    }

    /// The class `declaration` inherits from, when the first type of its inheritance clause
    /// is a class the index knows (not a protocol, and not itself through a loop).
    func superclass(of declaration: TypeDeclaration) -> TypeDeclaration? {
        guard let written = Self.firstInherited(of: declaration),
              let path = resolver.resolve(written, in: declaration.context).path,
              let superclass = index.declaration(path), superclass.kind == .class, superclass !== declaration else { return nil }
        var seen: Set<String> = [declaration.path]
        var ancestor: TypeDeclaration? = superclass
        while let current = ancestor {
            guard seen.insert(current.path).inserted, seen.count <= Self.inheritanceDepthLimit else { return nil }
            ancestor = current.inherited.first.flatMap { resolver.resolve($0, in: current.context).path }.flatMap { index.declaration($0) }
        }
        return superclass
    }

    /// The first type the declaration's own inheritance clause names (where a superclass is
    /// written), not an extension's conformance, which the index appends in file order.
    static func firstInherited(of declaration: TypeDeclaration) -> TypeSyntax? {
        guard let syntax = declaration.declaration?.syntax else { return declaration.inherited.first }
        return syntax.asProtocol((any DeclGroupSyntax).self)?.inheritanceClause?.inheritedTypes.first?.type
    }

    /// How many superclasses deep initializers are inherited through (a longer chain, or one
    /// that loops, is invalid Swift: the subclass keeps the implicit `init()`).
    static let inheritanceDepthLimit = 64
}
