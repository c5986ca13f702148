import CleanseGraph
import InjectableSyntax
import SwiftSyntax

/// The global actor a type declared in the sources is isolated to without writing one, as
/// Swift 6 infers it: a class whose superclass is isolated (or marked `nonisolated`) has its
/// superclass's, whatever its protocols; any other type has the one actor of the protocols
/// its own declaration (not an extension) conforms to, a protocol being isolated by its attribute or by a protocol it
/// refines (`protocol Sub: P`, `where Self: P`). Different actors cancel out; a type marked
/// `nonisolated` has none.
///
/// Checked with `swiftc -swift-version 6 -typecheck`, with `@MainActor protocol P {}` and
/// `@DB protocol R {}`: `final class C: P`, `struct S: P`, a conformer of `protocol Sub: P`
/// or of `protocol Sub where Self: P`, `final class C: MainActorBase, R` and `final class D:
/// PlainBase, P` are made on the main actor only; `extension E: P {}`, `final class D: P, R`,
/// `final class D: NonisolatedBase, P` (its base marked `nonisolated`) and
/// `nonisolated struct S: P` isolate nothing. (An `override init` takes its superclass initializer's isolation, which this
/// does not model.)
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

    /// Attributes apps write on types and their members that are macros or property
    /// wrappers of the toolchain's and common packages' modules, none a global actor, which
    /// cleansec knows without reading their modules: Observation, SwiftData, SwiftUI,
    /// Testing, Interface Builder, Core Data, Cleanse's macros, The Composable Architecture.
    static let nonIsolatingAttributes: Set<String> = [
        "Observable", "ObservationIgnored", "ObservationTracked", "Model", "Attribute", "Relationship", "Transient",
        "Entry", "Previewable", "State", "Binding", "Environment", "EnvironmentObject", "Published", "StateObject",
        "ObservedObject", "AppStorage", "Suite", "Test", "IBDesignable", "IBInspectable", "IBOutlet", "GKInspectable", "NSManaged", "NSCopying", "UIApplicationMain", "NSApplicationMain",
        "Injectable", "Injected", "FeatureDependencies", "Reducer", "ObservableState", "DependencyClient",
        "CasePathable", "Dependency", "Shared", "Presents", "ViewAction", "Sendable",
    ]

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

    /// The isolation of `type`: its own attribute or `nonisolated`, else its superclass's,
    /// else what its own declaration's protocols give it.
    private mutating func answer(for type: TypeDeclaration, visiting: Set<String>) -> Answer {
        if let actor = type.globalActor { return .actor(actor) }
        if let through = type.isolationUnreadThrough { return .unread(through: through) }
        if let known = answers[type.path] { return known }
        // (A loop is invalid Swift, which the compiler reports.)
        guard !visiting.contains(type.path), visiting.count < FactoryReader.inheritanceDepthLimit else { return .nonisolated }
        // An imported type: what its model says (its target inferred it), or its symbol graph
        // (which prints the attribute the compiler inferred: `@MainActor final class Feed`).
        guard let syntax = type.declaration?.syntax.asProtocol((any DeclGroupSyntax).self), type.kind != .actor,
              !Self.isMarkedNonisolated(type)
        else { return .nonisolated }
        var entries = syntax.inheritanceClause?.inheritedTypes.map(\.type) ?? []
        // `protocol Sub where Self: Presentable` refines it as `protocol Sub: Presentable` does.
        if let requirements = syntax.as(ProtocolDeclSyntax.self)?.genericWhereClause?.requirements {
            for requirement in requirements {
                if case .conformanceRequirement(let conformance) = requirement.requirement,
                   conformance.leftType.trimmedDescription == "Self" {
                    entries.append(conformance.rightType)
                }
            }
        }
        let found = isolation(from: Self.flattened(entries), of: type, visiting: visiting.union([type.path]))
        answers[type.path] = found
        return found
    }

    /// What the inheritance clause `entries` of `type` give it: a class's superclass (its
    /// first entry) decides alone; otherwise the protocols' one actor, if they name one.
    private mutating func isolation(from entries: [TypeSyntax], of type: TypeDeclaration, visiting: Set<String>) -> Answer {
        var actors: Set<String> = []
        var unread: String?
        for (position, entry) in entries.enumerated() {
            let written = entry.trimmedDescription
            guard !InitializerFreeConformances.contains(written: written) else { continue }
            let path = reader.resolver.resolve(entry, in: type.context).path
            guard let path, let inherited = reader.index.declaration(path), inherited.kind == .class || inherited.kind == .protocol else {
                // A raw type (`enum Region: String`), or a protocol of Cleanse's or the
                // standard library's: none is isolated.
                if let path, StandardLibraryTypes.contains(path) || Self.nonisolatedProtocols.contains(path) { continue }
                // A class's first entry may be its superclass, which would decide alone.
                if type.kind == .class, position == 0 { return .unread(through: written) }
                unread = unread ?? written
                continue
            }
            let inheritedAnswer = answer(for: inherited, visiting: visiting)
            // A superclass with an isolation, or marked `nonisolated`, decides alone; one
            // with none leaves it to the protocols.
            if type.kind == .class, inherited.kind == .class, inheritedAnswer != .nonisolated || Self.isMarkedNonisolated(inherited) {
                return inheritedAnswer
            }
            switch inheritedAnswer {
            case .actor(let actor): actors.insert(actor)
            case .unread(let through): unread = unread ?? through
            case .nonisolated: break
            }
        }
        if let unread { return .unread(through: unread) }
        return actors.count == 1 ? actors.first.map(Answer.actor) ?? .nonisolated : .nonisolated
    }

    /// Whether the declaration of `type` is marked `nonisolated`.
    private static func isMarkedNonisolated(_ type: TypeDeclaration) -> Bool {
        type.declaration?.syntax.asProtocol((any DeclGroupSyntax).self)?.modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) } ?? false
    }

    /// The types an inheritance clause names, compositions (`Presentable & Sendable`) taken
    /// apart; a suppressed conformance (`~Copyable`) and `class` name none.
    private static func flattened(_ entries: [TypeSyntax]) -> [TypeSyntax] {
        entries.flatMap { entry -> [TypeSyntax] in
            if let composition = entry.as(CompositionTypeSyntax.self) { return flattened(composition.elements.map(\.type)) }
            if entry.is(SuppressedTypeSyntax.self) || entry.is(ClassRestrictionTypeSyntax.self) { return [] }
            return [entry]
        }
    }
}
