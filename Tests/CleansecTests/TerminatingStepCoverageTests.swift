import CleanseGraph
@testable import CleansecCore
import Foundation
import TestToolchain
import Testing

/// cleansec must know every way the binder DSL ends a binding: the public methods of the
/// Cleanse library that return a `BindingReceipt`, read from its symbol graph, each one a
/// `TerminatingStep` the reader handles. A new terminating method fails this test until the
/// reader learns it.
@Suite struct TerminatingStepCoverageTests {
    /// The public methods of the Cleanse module just built that return a `BindingReceipt`,
    /// as `Type.name(labels:)`.
    static func receiptReturningMethods() throws -> Set<String> {
        Set(try receiptReturningSymbols().map { ($0["pathComponents"] as? [String] ?? []).joined(separator: ".") })
    }

    /// The symbols of those methods, as the symbol graph lists them.
    static func receiptReturningSymbols() throws -> [[String: Any]] {
        let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cleanse-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        var arguments = [
            "-module-name", "Cleanse",
            "-I", build.appendingPathComponent("Modules").path,
            "-Xcc", "-fmodule-map-file=\(build.appendingPathComponent("CCleanseSystem.build/module.modulemap").path)",
            "-minimum-access-level", "public", "-output-dir", output.path,
        ]
        #if arch(x86_64)
        arguments += ["-target", "x86_64-unknown-linux-gnu"]
        #elseif arch(arm64)
        arguments += ["-target", "aarch64-unknown-linux-gnu"]
        #endif
        let extract = try Toolchain.run("swift-symbolgraph-extract", arguments, mergingStreams: true)
        try #require(extract.status == 0, "\(extract.output)")
        let data = try Data(contentsOf: output.appendingPathComponent("Cleanse.symbols.json"))
        let graph = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let symbols = try #require(graph["symbols"] as? [[String: Any]])
        return symbols.filter { symbol in
            guard let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String, kind.hasSuffix("method"),
                  let signature = symbol["functionSignature"] as? [String: Any],
                  let returns = signature["returns"] as? [[String: Any]],
                  returns.contains(where: { ($0["spelling"] as? String) == "BindingReceipt" })
            else { return false }
            return symbol["pathComponents"] is [String]
        }
    }

    /// cleansec ranks `to(factory:)` overloads as the compiler does, which depends on how
    /// many parameters have an overload of their own (`BuiltInNames.fixedFactoryArities`)
    /// and on the `FactoryOverloadRank` parameters each carries: the form of n parameters
    /// n - 1 of them, the synchronous and main-actor packs six, the `async` pack none.
    @Test(.enabled(if: FullSuite.isOn, "\(FullSuite.skipReason)")) func theFixedFactoryAritiesAreTheLibrarys() throws {
        // A binder's forms (on `BindToable`) and a collection contribution's (on
        // `MultibindingBuilder`); members a type only inherits are left out.
        var arities: [String: [Int: Int]] = [:]
        var packRanks: [String: Set<Int>] = [:]
        for symbol in try Self.receiptReturningSymbols() {
            guard let path = symbol["pathComponents"] as? [String], let owner = path.first, ["BindToable", "MultibindingBuilder"].contains(owner),
                  let name = path.last, Self.spelling(name) == "to(factory:)",
                  let precise = (symbol["identifier"] as? [String: Any])?["precise"] as? String, !precise.contains("::SYNTHESIZED::")
            else { continue }
            let ranks = name.components(separatedBy: "_:").count - 1
            let generics = (symbol["swiftGenerics"] as? [String: Any])?["parameters"] as? [[String: Any]] ?? []
            let names = generics.compactMap { $0["name"] as? String }
            // `D1`…`Dn`: a fixed arity (a pack's parameter is `each Dependency`); none at all:
            // the form of no parameter.
            let fixed = names.filter { $0.first == "D" && Int($0.dropFirst()) != nil }
            if fixed.count == names.filter({ $0.first == "D" }).count {
                arities[owner, default: [:]][fixed.count] = ranks
            } else {
                packRanks[owner, default: []].insert(ranks)
            }
        }
        for owner in ["BindToable", "MultibindingBuilder"] {
            let forms = arities[owner] ?? [:]
            #expect(Set(forms.keys) == Set(BuiltInNames.fixedFactoryArities), "\(owner): \(forms.keys.sorted())")
            for (arity, ranks) in forms {
                #expect(ranks == max(0, arity - 1), "\(owner)'s form of \(arity) parameters carries \(ranks) ranks")
            }
            #expect(packRanks[owner] == [0, 6], "\(owner): \(packRanks[owner] ?? [])")
        }
    }

    /// `to(file:line:column:function:factory:)` as a user writes it: `to(factory:)`.
    static func spelling(_ method: String) -> String {
        let name = method.split(separator: ".").last.map(String.init) ?? method
        guard let open = name.firstIndex(of: "(") else { return name }
        let labels = name[name.index(after: open)...].dropLast().split(separator: ":").map(String.init)
        // `_`: the unlabelled `FactoryOverloadRank` parameters, never written either.
        let written = labels.filter { !["file", "line", "column", "function", "_"].contains($0) }
        return "\(name[..<open])(\(written.map { "\($0):" }.joined()))"
    }

    @Test(.enabled(if: FullSuite.isOn, "\(FullSuite.skipReason)")) func everyPublicTerminatingMethodIsOneTheReaderKnows() throws {
        let methods = try Self.receiptReturningMethods()
        #expect(methods.count >= 20, "the symbol graph lists the binder's terminating methods: \(methods)")
        let known = Set(TerminatingStep.allCases.map(\.rawValue))
        // `configureRoot(binder:)` is the declaration a component writes, not a call.
        for method in methods.sorted() where Self.spelling(method) != "configureRoot(binder:)" {
            #expect(known.contains(Self.spelling(method)), "cleansec's reader does not know \(method)")
        }
    }

    @Test func theSpellingDropsTheSourceLocationAndRankParameters() {
        #expect(Self.spelling("BindToable.to(file:line:column:function:factory:)") == "to(factory:)")
        #expect(Self.spelling("BindToable.to(file:line:column:function:_:_:factory:)") == "to(factory:)")
        #expect(Self.spelling("ReceiptBinder.propertyInjector(configuredWith:)") == "propertyInjector(configuredWith:)")
        #expect(Self.spelling("BindToable.to(value:file:line:column:function:)") == "to(value:)")
    }
}
