@testable import CleansecCore
import Foundation
import Testing

/// cleansec must know every way the binder DSL ends a binding: the public methods of the
/// Cleanse library that return a `BindingReceipt`, read from its symbol graph, each one a
/// `TerminatingStep` the reader handles. A new terminating method fails this test until the
/// reader learns it.
@Suite struct TerminatingStepCoverageTests {
    /// The public methods of the Cleanse module just built that return a `BindingReceipt`,
    /// as `Type.name(labels:)`.
    static func receiptReturningMethods() throws -> Set<String> {
        let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cleanse-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift-symbolgraph-extract", "-module-name", "Cleanse",
            "-I", build.appendingPathComponent("Modules").path,
            "-Xcc", "-fmodule-map-file=\(build.appendingPathComponent("CCleanseSystem.build/module.modulemap").path)",
            "-minimum-access-level", "public", "-output-dir", output.path,
        ]
        #if arch(x86_64)
        process.arguments! += ["-target", "x86_64-unknown-linux-gnu"]
        #elseif arch(arm64)
        process.arguments! += ["-target", "aarch64-unknown-linux-gnu"]
        #endif
        try process.run()
        process.waitUntilExit()
        let data = try Data(contentsOf: output.appendingPathComponent("Cleanse.symbols.json"))
        let graph = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let symbols = try #require(graph["symbols"] as? [[String: Any]])
        var methods = Set<String>()
        for symbol in symbols {
            guard let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String, kind.hasSuffix("method"),
                  let signature = symbol["functionSignature"] as? [String: Any],
                  let returns = signature["returns"] as? [[String: Any]],
                  returns.contains(where: { ($0["spelling"] as? String) == "BindingReceipt" }),
                  let path = symbol["pathComponents"] as? [String]
            else { continue }
            methods.insert(path.joined(separator: "."))
        }
        return methods
    }

    /// `to(file:line:function:factory:)` as a user writes it: `to(factory:)`.
    static func spelling(_ method: String) -> String {
        let name = method.split(separator: ".").last.map(String.init) ?? method
        guard let open = name.firstIndex(of: "(") else { return name }
        let labels = name[name.index(after: open)...].dropLast().split(separator: ":").map(String.init)
        let written = labels.filter { !["file", "line", "function"].contains($0) }
        return "\(name[..<open])(\(written.map { "\($0):" }.joined()))"
    }

    @Test func everyPublicTerminatingMethodIsOneTheReaderKnows() throws {
        let methods = try Self.receiptReturningMethods()
        #expect(methods.count >= 20, "the symbol graph lists the binder's terminating methods: \(methods)")
        let known = Set(TerminatingStep.allCases.map(\.rawValue))
        // `configureRoot(binder:)` is the declaration a component writes, not a call.
        for method in methods.sorted() where Self.spelling(method) != "configureRoot(binder:)" {
            #expect(known.contains(Self.spelling(method)), "cleansec's reader does not know \(method)")
        }
    }

    @Test func theSpellingDropsTheSourceLocationParameters() {
        #expect(Self.spelling("BindToable.to(file:line:function:factory:)") == "to(factory:)")
        #expect(Self.spelling("ReceiptBinder.propertyInjector(configuredWith:)") == "propertyInjector(configuredWith:)")
        #expect(Self.spelling("BindToable.to(value:file:line:function:)") == "to(value:)")
    }
}
