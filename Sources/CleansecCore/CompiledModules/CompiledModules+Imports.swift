import Foundation
import SwiftSyntax

/// Which modules a target imports: those cleansec must describe.
extension CompiledModules {
    /// The modules the files at `paths` may import, from their text alone, except those
    /// `known` names: what to describe before the partial models of `--context-target`
    /// targets are made (their files are parsed only when their cached model is stale). A
    /// line that only looks like an import (in a block comment) asks for one module more,
    /// which changes nothing but time: the files' imports, read from syntax, still decide
    /// which module a name resolves to.
    public static func imports(ofFilesAt paths: [String], except known: Set<String>) throws -> [String] {
        var names: [String] = []
        var seen = known
        for text in try SourceCollection.read(SourceCollection.swiftFiles(at: paths)) {
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
                // Attributes and an access level (`@preconcurrency`, `public import`).
                while let first = words.first, first.hasPrefix("@") || Self.accessLevels.contains(String(first)) { words = words.dropFirst() }
                guard words.first == "import", words.count >= 2 else { continue }
                words = words.dropFirst()
                if words.count >= 2, Self.importKinds.contains(String(words.first!)) { words = words.dropFirst() }
                guard let path = words.first, let name = path.split(separator: ".").first,
                      name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), seen.insert(String(name)).inserted else { continue }
                names.append(String(name))
            }
        }
        return names
    }

    /// The access levels an import may have (`internal import VendorSDK`).
    private static let accessLevels: Set<String> = ["public", "package", "internal", "fileprivate", "private"]

    /// The declaration kinds an import may name (`import struct Foundation.URL`).
    private static let importKinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func", "actor"]

    /// The modules `files` import (`import VendorSDK`, `@preconcurrency import Foundation`,
    /// `import struct Foundation.URL`), in the order first met, except those `known` names.
    public static func imports(of files: [SourceFile], except known: Set<String>) -> [String] {
        var names: [String] = []
        var seen = known
        // Every clause of an `#if` (`#if canImport(FoundationNetworking)`): a module the
        // toolchain cannot find is only left unread.
        for file in files {
            for declaration in FileImports.declarations(in: file) {
                if let name = declaration.path.first?.name.text, seen.insert(name).inserted { names.append(name) }
            }
        }
        return names
    }
}
