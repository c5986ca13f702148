import SwiftSyntax

/// What the analyzer knows of one type declared in the analysed sources: its declaration
/// and every extension of it, merged.
final class TypeDeclaration {
    /// How the type is declared.
    enum Kind: String, Codable, Sendable { case `class`, `struct`, `enum`, `actor`, `protocol`, extensionOnly }

    /// A member found in the type's body or one of its extensions, with the file it is in.
    struct Member<Syntax> {
        let syntax: Syntax
        let file: SourceFile
    }

    /// A stored property, for the memberwise initializer of a struct.
    struct StoredProperty {
        let name: String
        let type: TypeSyntax?
        let isLetWithValue: Bool
        /// The initial value, when one is written.
        var value: ExprSyntax? = nil
    }

    /// The nesting path, `Detail.AF`.
    let path: String
    var kind: Kind
    /// The module the type is declared in.
    var moduleName: String
    /// Where the type is declared, for notes.
    var declaration: Member<DeclSyntax>?
    /// The inheritance clauses of the declaration and its extensions.
    var inherited: [TypeSyntax] = []
    /// `@MainActor` (or another global actor) on the declaration, or inherited from its
    /// superclass or conformances (``InferredIsolation``).
    var globalActor: String?
    /// The name in the declaration's inheritance clause that cleansec cannot read and that
    /// may isolate the type (`UIViewController` without UIKit's module), when it has no
    /// global actor of its own: its isolation, and what depends on it, is unread.
    var isolationUnreadThrough: String?
    var initializers: [Member<InitializerDeclSyntax>] = []
    /// Whether the declaration's own body declares an initializer (which removes the
    /// memberwise one of a struct).
    var bodyDeclaresInitializer = false
    /// Whether the declaration's own body declares a designated initializer (a class's not
    /// marked `convenience`, an actor's that does not call `self.init`), which takes away
    /// inherited or implicit initializers.
    var bodyDeclaresDesignatedInitializer = false
    var storedProperties: [StoredProperty] = []
    /// The expression of `static`/`class var injectedProperties` (`PropertyInjectable`): the
    /// list of the class's `@Injected` properties, as the runtime reads it.
    var injectedPropertiesList: Member<ExprSyntax>?
    /// `@Injectable` on the class (`CleanseMacros`), and whether it is
    /// `@Injectable(subclass: true)`: then the macro writes the list from the `@Injected`
    /// properties, which the analyzer reads instead.
    var injectableMacro: (isSubclass: Bool, isMainActor: Bool)?
    /// The `@Injected` stored properties, in order, with the binding that declares each.
    var injectedDeclarations: [(name: String, type: TypeSyntax?, binding: Member<PatternBindingSyntax>)] = []
    var typealiases: [String: Member<TypeSyntax>] = [:]
    /// The bodies of the type's extensions, where an expression's member may be declared
    /// (`extension Theme { static let dark = Theme(…) }`); read only when one is asked for.
    var extensionBodies: [Member<MemberBlockSyntax>] = []
    /// The generic parameters of the type (`Box<A>`: `["A"]`).
    var genericParameters: [String] = []
    /// The generic parameters of each generic typealias (`Pair<T> = (T, T)`).
    var typealiasParameters: [String: [String]] = [:]
    var functions: [String: [Member<FunctionDeclSyntax>]] = [:]
    /// What the partial models of other targets say about the type.
    var imported = ImportedMembers()
    /// The compiled module whose symbol graph declares the type, when the toolchain
    /// described it (``CompiledModules``) rather than sources.
    var compiledModule: String?
    /// The initializers a factory may name, once read (`FactoryReader.allInitializers`).
    var readInitializers: [CallableSignature]?

    init(path: String, kind: Kind, moduleName: String) {
        self.path = path
        self.kind = kind
        self.moduleName = moduleName
        context = path.split(separator: ".").map(String.init)
    }

    /// The path split into its components, the lexical context of the type's members.
    let context: [String]
}
