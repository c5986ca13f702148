import Foundation
import SwiftParser
import SwiftSyntax

/// The parts of a symbol graph (`swift symbolgraph-extract`'s JSON) cleansec reads: each
/// public type, initializer and static function, with its declaration as fragments.
struct SymbolGraph: Decodable {
    struct Symbol: Decodable {
        struct Kind: Decodable { let identifier: String }
        struct Identifier: Decodable { let precise: String }
        struct Fragment: Decodable {
            let kind: String
            let spelling: String
            let preciseIdentifier: String?
        }
        struct Parameter: Decodable {
            let name: String
            let declarationFragments: [Fragment]?
        }
        struct Signature: Decodable {
            let parameters: [Parameter]?
            let returns: [Fragment]?
        }
        struct Generics: Decodable {
            struct Parameter: Decodable { let name: String }
            let parameters: [Parameter]?
        }

        let kind: Kind
        let identifier: Identifier
        let pathComponents: [String]
        let declarationFragments: [Fragment]?
        let functionSignature: Signature?
        let swiftGenerics: Generics?
    }

    /// `conformsTo` and the other relationships between symbols, by their identifiers.
    struct Relationship: Decodable {
        let kind: String
        let source: String
        let target: String
    }

    let symbols: [Symbol]
    let relationships: [Relationship]?
}

extension PartialModel {
    /// The partial model of the compiled module `moduleName` as its symbol graphs
    /// (`graphs`: the module's own, then those of its extensions to other modules) describe
    /// it: its public types, their initializers, static functions and typealiases. Types
    /// are named by the symbols' paths, so a parameter of a nested type of the module reads
    /// as the runtime names it.
    init(symbolGraphs graphs: [Data], moduleName: String, fingerprint: String) throws {
        let decoded = try graphs.map { try JSONDecoder().decode(SymbolGraph.self, from: $0) }
        let symbols = decoded.flatMap(\.symbols)
        var reader = FragmentReader()
        // The module's own global actors, preferred among several custom attributes.
        reader.globalActors = Set(symbols.compactMap { symbol in
            Self.typeKinds[symbol.kind.identifier] != nil && Self.declaresGlobalActor(symbol.declarationFragments ?? [])
                ? symbol.pathComponents.last : nil
        })
        // What each type's unique identifier names, for parameters of the module's own types.
        var paths: [String: String] = [:]
        for symbol in symbols where Self.typeKinds[symbol.kind.identifier] != nil {
            paths[symbol.identifier.precise] = symbol.pathComponents.joined(separator: ".")
        }
        var types: [String: ModelType] = [:]
        func type(_ path: String, kind: TypeDeclaration.Kind = .extensionOnly) -> ModelType {
            types[path] ?? ModelType(
                path: path, kind: kind, moduleName: moduleName, globalActor: nil, position: nil, roles: [],
                typealiases: [:], genericParameters: nil, initializers: [], functions: [:], configurable: nil, readAtCall: nil
            )
        }
        for symbol in symbols {
            let path = symbol.pathComponents.joined(separator: ".")
            let owner = symbol.pathComponents.dropLast().joined(separator: ".")
            let fragments = symbol.declarationFragments ?? []
            switch symbol.kind.identifier {
            case let identifier where Self.typeKinds[identifier] != nil:
                var declared = type(path, kind: Self.typeKinds[identifier] ?? .extensionOnly)
                if declared.kind == .extensionOnly { declared.kind = Self.typeKinds[identifier] ?? .extensionOnly }
                let generics = symbol.swiftGenerics?.parameters?.map(\.name) ?? []
                declared.genericParameters = generics.isEmpty ? nil : generics
                declared.globalActor = Self.globalActor(in: fragments, known: reader.globalActors)
                declared.isGlobalActor = Self.declaresGlobalActor(fragments) ? true : nil
                types[path] = declared
            case "swift.typealias":
                // `typealias Completion = (Result) -> Void`: what follows `=`.
                // The text after `=` may open the type (`" = ["` of `[HTTP2Setting]`).
                guard let equals = fragments.firstIndex(where: { $0.kind == "text" && $0.spelling.contains("=") }),
                      let sign = fragments[equals].spelling.firstIndex(of: "=") else { continue }
                let opening = String(fragments[equals].spelling[fragments[equals].spelling.index(after: sign)...])
                let aliased = [SymbolGraph.Symbol.Fragment(kind: "text", spelling: opening, preciseIdentifier: nil)] + fragments[(equals + 1)...]
                var container = type(owner)
                container.typealiases[symbol.pathComponents.last ?? path] = reader.type(aliased, paths: paths)
                types[owner] = container
            case "swift.init":
                // A failable initializer makes an optional, marked as for sources
                // (`init?(coder:)`: the text right after the `init` keyword).
                var initializer = Self.signature(of: symbol, paths: paths, isInitializer: true, reader: reader)
                if let keyword = fragments.firstIndex(where: { $0.kind == "keyword" && $0.spelling == "init" }), keyword + 1 < fragments.count,
                   fragments[keyword + 1].spelling.hasPrefix("?") || fragments[keyword + 1].spelling.hasPrefix("!") {
                    initializer.isFailable = true
                }
                var container = type(owner)
                container.initializers.append(initializer)
                types[owner] = container
            case "swift.property", "swift.type.property":
                // `static let shared: Session`, `class var ephemeral: URLSessionConfiguration { get }`.
                guard let name = symbol.pathComponents.last, let declared = Self.propertyType(in: fragments, reader: reader, paths: paths) else { continue }
                var container = type(owner)
                if symbol.kind.identifier == "swift.type.property" {
                    container.staticProperties = (container.staticProperties ?? [:]).merging([name: declared]) { current, _ in current }
                } else {
                    container.properties = (container.properties ?? [:]).merging([name: declared]) { current, _ in current }
                }
                types[owner] = container
            case "swift.type.method", "swift.func":
                guard let name = symbol.pathComponents.last?.split(separator: "(").first.map(String.init) else { continue }
                var container = type(owner)
                container.functions[name, default: []].append(Self.signature(of: symbol, paths: paths, isInitializer: false, reader: reader))
                types[owner] = container
            default:
                continue
            }
        }
        // A type the macro or its author made `ConstructorInjectable` is constructed just
        // in time, which the analyzer must know to not report it missing.
        for relationship in decoded.flatMap({ $0.relationships ?? [] })
        where relationship.kind == "conformsTo" && relationship.target == Self.constructorInjectableIdentifier {
            guard let path = paths[relationship.source], var declared = types[path] else { continue }
            declared.roles.append("ConstructorInjectable")
            types[path] = declared
        }
        self.init(format: Self.currentFormat, moduleName: moduleName, fingerprint: fingerprint, types: types.values.sorted { $0.path < $1.path })
        compiled = true
    }

    /// The symbol identifier of Cleanse's `ConstructorInjectable` protocol.
    static let constructorInjectableIdentifier = "s:7Cleanse21ConstructorInjectableP"

    /// The kinds of symbols that are types, and how a declaration records them.
    private static let typeKinds: [String: TypeDeclaration.Kind] = [
        "swift.class": .class, "swift.struct": .struct, "swift.enum": .enum, "swift.protocol": .protocol, "swift.actor": .actor,
    ]

    /// An initializer's or function's labels (from its name, `init(_:delegate:)`), parameter
    /// types, effects, isolation and result (a function's).
    private static func signature(of symbol: SymbolGraph.Symbol, paths: [String: String], isInitializer: Bool, reader: FragmentReader) -> CallableSignature {
        let name = symbol.pathComponents.last ?? ""
        let labels = name.split(separator: "(", maxSplits: 1).dropFirst().first.map { list in
            list.dropLast().split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        } ?? []
        let fragments = symbol.declarationFragments ?? []
        let keywords = Set(fragments.filter { $0.kind == "keyword" }.map(\.spelling))
        let parameters = symbol.functionSignature?.parameters?.map { parameter -> SpelledType in
            let written = parameter.declarationFragments ?? []
            // `name: Type`: the type is what follows the first `:`.
            guard let colon = written.firstIndex(where: { $0.kind == "text" && $0.spelling.contains(":") }) else { return .unknown(parameter.name) }
            var type = Array(written[(colon + 1)...])
            if let first = type.first, first.kind == "text" {
                type[0] = SymbolGraph.Symbol.Fragment(kind: "text", spelling: String(first.spelling.drop { $0 == " " || $0 == ":" }), preciseIdentifier: nil)
            }
            return reader.type(type, paths: paths)
        } ?? []
        var result: SpelledType?
        if !isInitializer, let returns = symbol.functionSignature?.returns, !returns.isEmpty {
            result = reader.type(returns, paths: paths)
        }
        return CallableSignature(
            labels: labels.count == parameters.count ? labels : parameters.map { _ in "_" },
            parameters: parameters,
            isAsync: keywords.contains("async") || keywords.contains("throws") || keywords.contains("rethrows"),
            actor: globalActor(in: fragments, known: reader.globalActors),
            result: result
        )
    }

    /// The type a property's declaration states: what follows the first `:`, up to its
    /// accessors (`{ get }`).
    private static func propertyType(in fragments: [SymbolGraph.Symbol.Fragment], reader: FragmentReader, paths: [String: String]) -> SpelledType? {
        guard let colon = fragments.firstIndex(where: { $0.kind == "text" && $0.spelling.contains(":") }) else { return nil }
        var written: [SymbolGraph.Symbol.Fragment] = []
        for (offset, fragment) in fragments[colon...].enumerated() {
            var spelling = fragment.spelling
            if offset == 0 { spelling = String(spelling.drop { $0 == " " || $0 == ":" }) }
            if fragment.kind == "text", let brace = spelling.firstIndex(of: "{") {
                written.append(.init(kind: "text", spelling: String(spelling[..<brace]), preciseIdentifier: nil))
                break
            }
            written.append(.init(kind: fragment.kind, spelling: spelling, preciseIdentifier: fragment.preciseIdentifier))
        }
        let type = reader.type(written, paths: paths)
        return type.isKnown ? type : nil
    }

    /// Whether a type's declaration is marked `@globalActor`.
    private static func declaresGlobalActor(_ fragments: [SymbolGraph.Symbol.Fragment]) -> Bool {
        fragments.contains { $0.kind == "attribute" && $0.spelling == "@globalActor" }
    }

    /// The global actor a declaration's own attributes (those before its first keyword, not
    /// a parameter's) name: `@MainActor`; else, among custom attributes (`@` then
    /// `DatabaseActor`), one of the module's own global actors (`known`), else the first,
    /// which the index resolves by its declaration (``DeclarationIndex/attributeIsolation(_:in:)``).
    private static func globalActor(in fragments: [SymbolGraph.Symbol.Fragment], known: Set<String>) -> String? {
        var candidates: [String] = []
        for (offset, fragment) in fragments.enumerated() {
            if fragment.kind == "keyword" { break }
            guard fragment.kind == "attribute" else { continue }
            if fragment.spelling == "@MainActor" { return "MainActor" }
            if fragment.spelling == "@", offset + 1 < fragments.count, fragments[offset + 1].kind == "attribute" {
                if fragments[offset + 1].spelling == "MainActor" { return "MainActor" }
                candidates.append(fragments[offset + 1].spelling)
            }
        }
        return candidates.first { known.contains($0) } ?? candidates.first
    }

}

/// Reads the types a symbol graph writes as declaration fragments.
private struct FragmentReader {
    /// Names types as the runtime does; it knows no declaration (the fragments give each
    /// of the module's own types its whole path).
    let resolver = TypeResolver(index: DeclarationIndex(files: []))
    /// The module's own global actors, by name.
    var globalActors: Set<String> = []

    /// The type written by `fragments`, each of the module's own types by its whole path.
    /// A qualified name (`Reader.State`, `Module.Reader.State`) is one identifier fragment
    /// per component: where the last names one of the module's types, its whole path
    /// replaces the chain (never `Reader.Reader.State`).
    func type(_ fragments: [SymbolGraph.Symbol.Fragment], paths: [String: String]) -> SpelledType {
        // Pieces of text, each marked when it is (part of) a chain of qualified identifiers.
        var pieces: [(text: String, isIdentifier: Bool)] = []
        for fragment in fragments {
            guard fragment.kind == "typeIdentifier" else {
                pieces.append((fragment.spelling, false))
                continue
            }
            guard let path = fragment.preciseIdentifier.flatMap({ paths[$0] }) else {
                pieces.append((fragment.spelling, true))
                continue
            }
            // `Outer` `.` `State`: the path of `State` already holds what qualifies it.
            while pieces.count >= 2, pieces[pieces.count - 1].text == ".", pieces[pieces.count - 2].isIdentifier {
                pieces.removeLast(2)
            }
            pieces.append((path, true))
        }
        let text = pieces.map(\.text).joined().trimmingCharacters(in: .whitespaces)
        var parser = Parser(text)
        let parsed = TypeSyntax.parse(from: &parser)
        // Text the type does not take (a bracket left over) is a spelling not understood.
        guard parsed.trimmedDescription == text else { return .unknown(text) }
        return resolver.resolve(parsed, in: [])
    }
}
