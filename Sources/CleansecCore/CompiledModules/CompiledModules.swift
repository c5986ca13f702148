import Foundation
import SwiftSyntax

/// Reads the modules a target imports that cleansec has no sources of (a vendor SDK given as
/// a `.swiftmodule`, a binary framework, the SDK's own Foundation) by asking the toolchain:
/// `swift-symbolgraph-extract` lists each module's public declarations, which become a
/// ``PartialModel`` like a source target's. Each module is extracted once per toolchain and
/// module file, and kept in `cacheFolder`.
///
/// ```swift
/// let compiled = CompiledModules(searchPaths: ["Vendor/Modules"], cacheFolder: ".build/cleansec")
/// let models = compiled.models(of: ["VendorSDK", "Foundation"])
/// let report = Analyzer(files: appFiles, models: models.found).analyze()
/// ```
public struct CompiledModules {
    /// Where modules are looked for (`-I`), before the toolchain's own.
    public let searchPaths: [String]
    /// Where extracted models are kept; a folder in the temporary directory when `nil`.
    public let cacheFolder: String?
    /// The platform the modules are built for (`arm64-apple-ios17.0-simulator`), when it is
    /// not the machine's: an iOS app's `UIKit` exists only for iOS.
    public let targetTriple: String?
    /// The SDK the platform's modules are in (Xcode's `$SDKROOT`), when not the toolchain's.
    public let sdk: String?

    /// Modules nobody binds from: the standard library's, and Cleanse's own.
    static let skipped: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Observation", "Distributed", "RegexBuilder",
        "Cleanse", "CleanseMacros", "CleanseGraph", "Testing", "XCTest",
    ]

    /// Modules whose public types are declared in others they re-export (Foundation on
    /// Linux re-exports `FoundationEssentials`, where `JSONEncoder` is declared).
    static let reexported: [String: [String]] = [
        "Foundation": ["FoundationEssentials", "FoundationInternationalization"],
    ]

    public init(searchPaths: [String] = [], cacheFolder: String? = nil, targetTriple: String? = nil, sdk: String? = nil) {
        self.searchPaths = Self.expanded(searchPaths)
        self.cacheFolder = cacheFolder
        self.targetTriple = targetTriple
        self.sdk = sdk
    }

    /// The models of `names` (and of the modules they re-export) that the toolchain could
    /// describe, and the names it could not.
    public func models(of names: [String]) -> (found: [PartialModel], missing: [String]) {
        var found: [PartialModel] = []
        var missing: [String] = []
        var seen: Set<String> = []
        for name in names where !Self.skipped.contains(name) {
            for module in [name] + (Self.reexported[name] ?? []) where seen.insert(module).inserted {
                if let model = model(of: module) {
                    found.append(model)
                } else if module == name {
                    missing.append(name)
                }
            }
        }
        return (found, missing)
    }

    /// The model of module `name`, from the cache when the toolchain and the module file
    /// are the same as when it was extracted; `nil` when the toolchain cannot find it.
    func model(of name: String) -> PartialModel? {
        guard let toolchain = Toolchain.current else { return nil }
        var digest = Digest()
        digest.add("cleansec compiled \(PartialModel.currentFormat) \(ModelCache.toolIdentity) \(name) \(toolchain.key) \(targetTriple ?? "host") \(sdk ?? "toolchain")")
        for path in searchPaths { digest.add(path) }
        if let file = moduleFile(of: name) {
            digest.add(file)
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            digest.add("\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) \((attributes?[.size] as? Int) ?? 0)")
        }
        let folder = cacheFolder ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("cleansec-compiled-modules")
        let cached = (folder as NSString).appendingPathComponent("\(name)-\(digest.hex).json")
        if let model = try? ModelCache.read(cached), model.fingerprint == digest.hex {
            return model
        }
        guard let graphs = toolchain.symbolGraphs(of: name, searchPaths: searchPaths, targetTriple: targetTriple, sdk: sdk),
              let model = try? PartialModel(symbolGraphs: graphs, moduleName: name, fingerprint: digest.hex)
        else { return nil }
        _ = try? ModelCache.write(model, to: cached)
        return model
    }

    /// The models of the modules whose symbol graphs are in `folder` (`Module.symbols.json`
    /// and its extensions `Module@Other.symbols.json`, as `swift-symbolgraph-extract`,
    /// `swiftc -emit-symbol-graph` and SwiftPM write them), except those `known` names.
    public static func models(inSymbolGraphFolder folder: String, except known: Set<String>) throws -> [PartialModel] {
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder)
        return try entries.filter { $0.hasSuffix(".symbols.json") && !$0.contains("@") }.sorted().compactMap { entry -> PartialModel? in
            let name = String(entry.dropLast(".symbols.json".count))
            guard !known.contains(name), !skipped.contains(name) else { return nil }
            let graphs = try symbolGraphFiles(of: name, among: entries).map { file -> Data in
                let path = (folder as NSString).appendingPathComponent(file)
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw SourceCollectionError(message: "cannot read the symbol graph \(path)")
                }
                return data
            }
            do {
                return try PartialModel(symbolGraphs: graphs, moduleName: name, fingerprint: "")
            } catch {
                throw SourceCollectionError(message: "the symbol graph \((folder as NSString).appendingPathComponent(entry)) cannot be read: \(error)")
            }
        }
    }

    /// The symbol graph files of module `name` among a folder's `entries`: its own
    /// (`Name.symbols.json`) first, then its extensions of other modules
    /// (`Name@Other.symbols.json`), in name order.
    static func symbolGraphFiles(of name: String, among entries: [String]) -> [String] {
        let own = "\(name).symbols.json"
        guard entries.contains(own) else { return [] }
        return [own] + entries.filter { $0.hasPrefix("\(name)@") && $0.hasSuffix(".symbols.json") }.sorted()
    }

    /// The file that changes when module `name` in the search paths does: its
    /// `.swiftmodule`, its `.framework`, the module map of the folder named like it, or else
    /// a folder's module map that declares it (`module CardReader {`).
    private func moduleFile(of name: String) -> String? {
        let named = searchPaths.lazy.flatMap { folder in
            ["\(name).swiftmodule", "\(name).framework", "\(name)/module.modulemap"].map { (folder as NSString).appendingPathComponent($0) }
        }
        if let file = named.first(where: { FileManager.default.fileExists(atPath: $0) }) { return file }
        return searchPaths.lazy.map { ($0 as NSString).appendingPathComponent("module.modulemap") }.first { map in
            guard let text = try? String(contentsOfFile: map, encoding: .utf8) else { return false }
            return text.split(whereSeparator: \.isNewline).contains { line in
                let words = line.split(separator: " ")
                return words.firstIndex(of: "module").map { $0 + 1 < words.count && words[$0 + 1] == name } ?? false
            }
        }
    }

    /// Whether a folder's `entries` make it a place the compiler finds modules in: a
    /// `.swiftmodule`, a `.framework` (a vendor's Objective-C SDK, a Kotlin Multiplatform
    /// `shared` module) or a C module's `module.modulemap`.
    private static func holdsModules(_ entries: [String]) -> Bool {
        entries.contains { $0.hasSuffix(".swiftmodule") || $0.hasSuffix(".framework") || $0 == "module.modulemap" }
    }

    /// `paths` with every folder below them (four levels at most) that holds modules: an
    /// XCFramework or artifact bundle nests them.
    static func expanded(_ paths: [String]) -> [String] {
        var result: [String] = []
        func visit(_ folder: String, depth: Int) {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            if holdsModules(entries), !result.contains(folder) {
                result.append(folder)
            }
            guard depth < 4 else { return }
            for entry in entries.sorted() where !entry.hasSuffix(".swiftmodule") && !entry.hasSuffix(".framework") && !entry.hasPrefix(".") {
                let path = (folder as NSString).appendingPathComponent(entry)
                var isFolder: ObjCBool = false
                // Links are not followed: a folder linking to itself must not loop.
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil,
                   FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                    visit(path, depth: depth + 1)
                }
            }
        }
        for path in paths {
            if !result.contains(path) { result.append(path) }
            visit(path, depth: 0)
        }
        return result
    }
}
