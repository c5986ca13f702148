import CleanseGraph
import CleansecCore
import Foundation
import TestToolchain
import Testing

// The second oracle for cleansec's typing layer: the compiler. The runtime (GraphParityTests)
// judges the bindings a fixture runs; the compiler also types the ones no run reaches (the
// branch not taken, a component nobody builds). `swiftc -dump-ast -dump-ast-format json` on
// the fixture folder gives, for every terminating call of a `bind()` chain, the
// `BindingReceipt<T>` it returns, the `tagged(with:)` tag before it and the overload chosen;
// every binding cleansec reads at that `file:line` must have that key.

private let buildFolder = CompilerProbe.buildFolder

@Suite("cleansec's keys against the compiler's types", .enabled(if: FullSuite.isOn && CompilerProbe.builtModulesAreBeside, "\(FullSuite.skipReason)"))
struct CompilerTypingTests {
    @Test func everyKeyCleansecReadsIsTheTypeTheCompilerGaveTheChain() throws {
        let receipts = try CompilerReceipts.ofFixtures()
        let report = GraphParityTests.report
        var seen = Set<String>()
        var compared = 0, generic: [String] = [], disagreements: [String] = []
        for binding in report.roots.flatMap(\.allBindings) where CompilerReceipts.terminatedByACall(binding.kind) {
            let file = URL(fileURLWithPath: binding.location.file).lastPathComponent
            // The root a component exposes is keyed under `ExposedRoot`, a tag no chain writes.
            let tag = binding.key.isExposedRoot ? nil : binding.key.tag
            let read = "\(binding.key.type.name) tagged \(tag?.name ?? "-")"
            guard seen.insert("\(file):\(binding.location.line) \(read) \(binding.kind)").inserted,
                  let atLine = receipts.byPlace["\(file):\(binding.location.line)"] else { continue }
            let concrete = atLine.filter { $0.isConcrete }
            if concrete.isEmpty {
                // In a generic helper (`bind(T.Element.self)`): the compiler has `T`, not a type.
                generic.append("\(file):\(binding.location.line) \(read)")
                continue
            }
            compared += 1
            if !concrete.contains(where: { $0.key == read }) {
                disagreements.append("\(file):\(binding.location.line): cleansec reads \(read), the compiler types \(concrete.map { $0.key })")
            } else if concrete.allSatisfy({ $0.isValueOverload }) != (binding.kind == BindingKind.value), binding.kind != BindingKind.collectionElement {
                disagreements.append("\(file):\(binding.location.line): cleansec reads a \(binding.kind) binding, the compiler chose \(concrete.map { $0.overload })")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // Every fixture's chains are typed by the compiler, except those in generic modules
        // and helpers (`Box<T>`, `bindSetting<T: Tag>`): the runtime's parity judges those.
        #expect(compared >= 1_000, "compared \(compared)")
        #expect(generic.count * 10 <= compared, "in generic code:\n\(generic.joined(separator: "\n"))")
    }
}

/// The terminating calls of `bind()` chains in the fixtures, as the compiler typed them.
private struct CompilerReceipts {
    struct Receipt {
        /// `Type tagged Tag` (or `-`), named as the runtime names types.
        var key: String
        /// The Cleanse declaration the call resolved to (its USR).
        var overload: String
        /// Whether every type in the key is a concrete type (not a generic parameter).
        var isConcrete: Bool

        var isValueOverload: Bool { overload.contains("2to5value") }
    }

    /// Receipts by `File.swift:line`, the line the runtime records (that of the call's
    /// `line:` default argument).
    var byPlace: [String: [Receipt]] = [:]

    static func terminatedByACall(_ kind: BindingKind) -> Bool {
        [.value, .factory, .provider, .collectionElement, .propertyInjector, .assistedFactory].contains(kind)
    }

    static func ofFixtures() throws -> CompilerReceipts {
        let folder = URL(fileURLWithPath: FixtureParityTests.fixtureFolder)
        let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "swift" }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cleansec-ast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        // One JSON file per source file, through an output file map (`-o` takes one).
        var outputs: [String: [String: String]] = [:]
        for (index, file) in files.enumerated() {
            outputs[file.path] = ["ast-dump": output.appendingPathComponent("\(index).json").path]
        }
        let map = output.appendingPathComponent("outputs.json")
        try JSONSerialization.data(withJSONObject: outputs).write(to: map)
        var arguments = [
            "swiftc", "-dump-ast", "-dump-ast-format", "json", "-swift-version", "6", "-parse-as-library",
            "-module-name", "CleansecFixtures",
            "-I", buildFolder.appendingPathComponent("Modules").path,
            "-Xcc", "-fmodule-map-file=" + buildFolder.appendingPathComponent("CCleanseSystem.build/module.modulemap").path,
            "-load-plugin-executable", buildFolder.appendingPathComponent("CleanseMacrosPlugin-tool").path + "#CleanseMacrosPlugin",
            "-output-file-map", map.path,
        ]
        #if DEBUG
        arguments += ["-D", "DEBUG"]
        #endif
        let (status, messages) = try run(arguments + files.map(\.path))
        guard status == 0 else { throw CompilerFailed(output: messages) }

        var mangled: [(file: String, line: Int, receipt: String, tag: String?, overload: String)] = []
        for (index, file) in files.enumerated() {
            let data = try Data(contentsOf: output.appendingPathComponent("\(index).json"))
            let tree = try JSONSerialization.jsonObject(with: data)
            let lines = LineTable(try Data(contentsOf: file))
            visit(tree) { node in
                guard node["_kind"] as? String == "call_expr",
                      let type = node["type"] as? String, type.hasPrefix("$s7Cleanse14BindingReceiptV"),
                      let function = node["fn"] as? [String: Any], function["_kind"] as? String == "dot_syntax_call_expr",
                      let declaration = (function["fn"] as? [String: Any])?["decl"] as? [String: Any],
                      let overload = declaration["decl_usr"] as? String, overload.hasPrefix("s:7Cleanse"),
                      let start = (node["range"] as? [String: Any])?["start"] as? Int else { return }
                let place = lineArgumentOffset(node) ?? start
                mangled.append((file.lastPathComponent, lines.line(at: place), type, tag(in: function["args"]), overload))
            }
        }
        let mangledNames = Set(mangled.flatMap { [$0.receipt] + ($0.tag.map { [$0] } ?? []) })
        let names = try demangled(mangledNames)
        let generic = try generic(mangledNames)
        var receipts = CompilerReceipts()
        for call in mangled {
            guard let receipt = names[call.receipt], receipt.hasPrefix("Cleanse.BindingReceipt<") else { continue }
            let type = String(receipt.dropFirst("Cleanse.BindingReceipt<".count).dropLast())
            let tag = call.tag.flatMap { names[$0] }
            let key = "\(TypeNames.withoutModules(type)) tagged \(tag.map(TypeNames.withoutModules) ?? "-")"
            let concrete = !generic.contains(call.receipt) && !(call.tag.map(generic.contains) ?? false)
            receipts.byPlace["\(call.file):\(call.line)", default: []].append(Receipt(key: key, overload: call.overload, isConcrete: concrete))
        }
        return receipts
    }

    /// Calls `body` on every object in `tree`, depth first.
    private static func visit(_ tree: Any, _ body: ([String: Any]) -> Void) {
        if let object = tree as? [String: Any] {
            body(object)
            for value in object.values { visit(value, body) }
        } else if let array = tree as? [Any] {
            for value in array { visit(value, body) }
        }
    }

    /// Where the call's defaulted `line:` argument is evaluated: the line the runtime records
    /// for a chain written over several lines.
    private static func lineArgumentOffset(_ call: [String: Any]) -> Int? {
        let arguments = ((call["args"] as? [String: Any])?["args"] as? [[String: Any]]) ?? []
        guard let line = arguments.first(where: { $0["label"] as? String == "line" }),
              let expression = line["expr"] as? [String: Any], expression["_kind"] as? String == "default_argument_expr" else { return nil }
        return (expression["range"] as? [String: Any])?["start"] as? Int
    }

    /// The tag given to `tagged(with:)` in the chain before the terminating call (mangled).
    private static func tag(in chain: Any?) -> String? {
        var found: String?
        func search(_ node: Any) {
            if let object = node as? [String: Any] {
                // A closure's body is another chain.
                if object["_kind"] as? String == "closure_expr" { return }
                if object["_kind"] as? String == "declref_expr",
                   let declaration = object["decl"] as? [String: Any], declaration["base_name"] as? String == "tagged",
                   let requirements = (declaration["substitutions"] as? [String: Any])?["reqs"] as? [[String: Any]] {
                    for requirement in requirements {
                        if let conformance = requirement["conformance"] as? [String: Any],
                           conformance["protocol"] as? String == "s:7Cleanse3TagP" {
                            found = conformance["type"] as? String
                        }
                    }
                }
                for value in object.values { search(value) }
            } else if let array = node as? [Any] {
                for value in array { search(value) }
            }
        }
        if let chain { search(chain) }
        return found
    }

    /// The mangled names among `names` that mention a generic parameter (`BindingReceipt<T>`
    /// in a generic helper), from the demangler's trees.
    private static func generic(_ names: Set<String>) throws -> Set<String> {
        let (status, output) = try run(["swift", "demangle", "--tree-only"] + Array(names))
        guard status == 0 else { throw CompilerFailed(output: output) }
        var found: Set<String> = []
        for block in output.components(separatedBy: "Demangling for ").dropFirst() {
            let name = String(block.prefix { $0 != "\n" })
            if block.contains("kind=DependentGenericParamType") { found.insert(name) }
        }
        return found
    }

    /// Unsugared, fully qualified names (`Swift.Array<Shop.Item>`), as `String(reflecting:)`
    /// prints them, from one `swift demangle`.
    private static func demangled(_ names: Set<String>) throws -> [String: String] {
        let ordered = Array(names)
        let (status, output) = try run(["swift", "demangle", "--compact", "--no-sugar"] + ordered)
        guard status == 0 else { throw CompilerFailed(output: output) }
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Dictionary(uniqueKeysWithValues: zip(ordered, lines))
    }

    private static func run(_ arguments: [String]) throws -> (Int32, String) {
        let run = try Toolchain.run(arguments[0], Array(arguments.dropFirst()), mergingStreams: true)
        return (run.status, run.output)
    }

    struct CompilerFailed: Error, CustomStringConvertible {
        let output: String
        var description: String { "swiftc could not dump the fixtures' typed trees:\n\(output.suffix(4000))" }
    }
}

/// Lines of a file by byte offset (the compiler's ranges are UTF-8 offsets).
private struct LineTable {
    private var starts: [Int] = [0]

    init(_ data: Data) {
        for (offset, byte) in data.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
    }

    func line(at offset: Int) -> Int {
        var low = 0, high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }
}

private extension ComponentModel {
    /// This component's bindings and its subcomponents', all the way down.
    var allBindings: [BindingModel] { bindings + subcomponents.flatMap(\.allBindings) }
}
