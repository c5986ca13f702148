import CleanseGraph
import InjectableSyntax
import SwiftSyntax

/// The global actor a type declared in the sources is isolated to without writing one, as
/// Swift 6 infers it: from its superclass, and from the protocols its own declaration (not
/// an extension) conforms to, a protocol being isolated by its attribute or by a protocol it
/// refines. Several different actors cancel out.
///
/// Checked with `swiftc -swift-version 6 -typecheck`: with `@MainActor protocol P {}`,
/// `final class C: P { init() {} }`, a class conforming to `protocol Sub: P {}` and
/// `struct S: P` are made on the main actor only; a conformance added by `extension E: P {}`
/// isolates nothing, nor do `P` and an `@DB protocol R {}` together.
///
/// A compiled type needs no inference: its symbol graph prints the attribute the compiler
/// inferred (`@MainActor final class Feed` for a subclass of a main-actor class).
///
/// A name in the inheritance clause that cleansec cannot resolve (UIKit's `UIViewController`
/// without UIKit's module) may isolate the type: its isolation is then unread
/// (``TypeDeclaration/isolationUnreadThrough``), and what depends on it is not read rather
/// than read as nonisolated. The standard protocols of `InitializerFreeConformances` (and
/// `NSObject`) isolate nothing.
struct InferredIsolation {
    /// What cleansec proves about a type's isolation.
    enum Answer: Equatable {
        case nonisolated
        case actor(String)
        /// The inheritance clause names `written`, which cleansec cannot read.
        case unread(through: String)
    }

    /// Protocols declared where cleansec reads no declaration, none of them isolated to a
    /// global actor: Cleanse's (``BuiltInNames/protocols``) and the standard library's a
    /// type's declaration commonly names beyond `InitializerFreeConformances`.
    static let nonisolatedProtocols: Set<String> = BuiltInNames.protocols.union([
        "Collection", "BidirectionalCollection", "RandomAccessCollection", "MutableCollection",
        "RangeReplaceableCollection", "SetAlgebra", "OptionSet", "Strideable", "Numeric", "AdditiveArithmetic",
        "BinaryInteger", "FixedWidthInteger", "SignedNumeric", "SignedInteger", "UnsignedInteger", "BinaryFloatingPoint",
        "FloatingPoint", "LosslessStringConvertible", "TextOutputStream", "TextOutputStreamable", "CodingKey",
        "ExpressibleByStringLiteral", "ExpressibleByIntegerLiteral", "ExpressibleByFloatLiteral",
        "ExpressibleByBooleanLiteral", "ExpressibleByArrayLiteral", "ExpressibleByDictionaryLiteral",
        "ExpressibleByNilLiteral", "ExpressibleByUnicodeScalarLiteral", "ExpressibleByExtendedGraphemeClusterLiteral",
        "ExpressibleByStringInterpolation", "Actor", "AnyActor", "Copyable", "Escapable", "BitwiseCopyable",
    ])

    let reader: FactoryReader
    private var answers: [String: Answer] = [:]

    /// Records in `index` the isolation each type declared in the sources inherits.
    static func infer(in index: DeclarationIndex) {
        var inference = InferredIsolation(reader: FactoryReader(resolver: TypeResolver(index: index)))
        for type in index.types.values where type.declaration != nil && type.globalActor == nil && type.isolationUnreadThrough == nil && type.kind != .actor && type.kind != .extensionOnly {
            switch inference.answer(for: type, visiting: []) {
            case .actor(let actor): type.globalActor = actor
            case .unread(let written): type.isolationUnreadThrough = written
            case .nonisolated: break
            }
        }
    }

    private init(reader: FactoryReader) {
        self.reader = reader
    }

    /// The isolation of `type`: its own attribute, else what its superclass and its own
    /// declaration's conformances give it.
    private mutating func answer(for type: TypeDeclaration, visiting: Set<String>) -> Answer {
        if let actor = type.globalActor { return .actor(actor) }
        if let through = type.isolationUnreadThrough { return .unread(through: through) }
        if let known = answers[type.path] { return known }
        guard !visiting.contains(type.path), visiting.count < FactoryReader.inheritanceDepthLimit else { return .nonisolated }
        // An imported type: what its model says (its target inferred it), or its symbol graph
        // (which prints the attribute the compiler inferred: `@MainActor final class Feed`).
        guard let syntax = type.declaration?.syntax.asProtocol((any DeclGroupSyntax).self), type.kind != .actor else { return .nonisolated }
        var actors: Set<String> = []
        var unread: String?
        for entry in syntax.inheritanceClause?.inheritedTypes ?? [] {
            let written = entry.type.trimmedDescription
            guard !InitializerFreeConformances.contains(written: written) else { continue }
            let path = reader.resolver.resolve(entry.type, in: type.context).path
            guard let path, let inherited = reader.index.declaration(path), inherited.kind == .class || inherited.kind == .protocol else {
                // A raw type (`enum Region: String`), or a protocol of Cleanse's or the
                // standard library's: none is isolated.
                if let path, StandardLibraryTypes.contains(path) || Self.nonisolatedProtocols.contains(path) { continue }
                unread = unread ?? written
                continue
            }
            switch answer(for: inherited, visiting: visiting.union([type.path])) {
            case .actor(let actor): actors.insert(actor)
            case .unread(let through): unread = unread ?? through
            case .nonisolated: break
            }
        }
        let found: Answer = if let unread { .unread(through: unread) } else if actors.count == 1, let actor = actors.first { .actor(actor) } else { .nonisolated }
        answers[type.path] = found
        return found
    }
}
