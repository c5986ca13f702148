import BenchmarkGraphs
import CleansecCore
import Foundation

// cleansec's rows of the benchmark suite: parse, model and validate the generated G(1000),
// random R(1000) and G(10,000) wirings from source, as the build plugin does on every changed build,
// then a 20 MB file of models and one component of 75,523 modules.
//   swift run -c release --package-path Benchmarks cleansec-bench [--quick] [--check] [--once G(10000)]
// `--check` fails when a graph has errors or constructs the analyzer cannot read. `--once NAME`
// analyses that graph once and nothing else: for counting its instructions with callgrind.

let arguments = CommandLine.arguments.dropFirst()
let once = arguments.firstIndex(of: "--once").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
let runs = once != nil ? 1 : arguments.contains("--quick") ? 3 : 7

/// One graph's Cleanse wiring and types, as source files of about 100 types each.
struct Workload {
    let name: String
    let texts: [String]

    init(name: String, shape: GraphShape, constructionOnly: Bool = false) {
        self.name = name
        let writer = WiringWriter(shape: shape)
        let declarations = constructionOnly
            ? writer.classes() + writer.cleanseModules() + writer.constructionEntryPoints()
            : writer.types() + writer.cleanseModules() + writer.cleanseComponents() + [writer.entryPoint("cleanse")]
        texts = BenchmarkSources.files(declarations, imports: ["Cleanse"], parts: max(1, shape.count / 100))
    }
}

let workloads = [
    ("G(1000)", { Workload(name: "G(1000)", shape: .layered(1000)) }),
    ("R(1000)", { Workload(name: "R(1000)", shape: .random(1000, seed: BenchmarkSources.randomSeed)) }),
    ("G(10000)", { Workload(name: "G(10000)", shape: BenchmarkSources.constructionGraph, constructionOnly: true) }),
].filter { once == nil || $0.0 == once }.map { $0.1() }

var failed = false
var medians: [Double] = []
print("| graph | files | bindings understood | opaque | errors | analysis, median of \(runs) | per 1,000 bindings |")
print("|---|---:|---:|---:|---:|---:|---:|")
for workload in workloads {
    let texts = workload.texts
    let names = texts.indices.map { "Generated/\(workload.name)_\($0).swift" }
    var times: [Double] = []
    var report: AnalysisReport?
    for _ in 0..<runs {
        let start = ContinuousClock.now
        // Parsed as cleansec parses what it reads: the files on every core.
        let files = SourceCollection.parse(paths: names, texts: texts, moduleName: "Bench")
        let parsed = ContinuousClock.now - start
        report = Analyzer(files: files).analyze()
        let elapsed = ContinuousClock.now - start
        if ProcessInfo.processInfo.environment["CLEANSEC_BENCH_PHASES"] != nil { print("  parse \(parsed), total \(elapsed)") }
        times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    let median = times.sorted()[times.count / 2]
    medians.append(median)
    guard let report else { continue }
    print("| \(workload.name) | \(names.count) | \(report.bindingsRead) | \(report.opaque.count) | \(report.diagnostics.count) | \(String(format: "%.0f", median)) ms | \(String(format: "%.1f", median / Double(max(report.bindingsRead, 1)) * 1000)) ms |")
    if !report.diagnostics.isEmpty || !report.opaque.isEmpty {
        failed = true
        print(DiagnosticFormatter.text(report).split(separator: "\n").prefix(5).joined(separator: "\n"))
    }
}
if medians.count == 3 {
    print("\nG(10000) / G(1000) analysis time: \(String(format: "%.1f", medians[2] / medians[0]))× (10× is linear)")
}

/// A 20 MB file of generated API models (what code generators put beside an app) with one
/// small component: parsing dominates; the target is under 5 s (issue 24).
if once != nil { exit(failed ? 1 : 0) }

func generatedModels(bytes: Int) -> String {
    var text = "import Cleanse\n"
    let types = ["String", "Int", "Double", "Bool", "[String]", "String?"]
    var index = 0
    while text.utf8.count < bytes {
        text += "public struct Model\(index): Codable, Hashable, Sendable {\n"
        for field in 0..<8 { text += "    public var field\(field): \(types[(index + field) % types.count])\n" }
        text += "    public init(field0: String) { self.field0 = field0; self.field1 = 0; self.field2 = 0; self.field3 = false; self.field4 = []; self.field5 = nil; self.field6 = \"\"; self.field7 = 0 }\n"
        text += "    public func describe() -> String { if field3 { return \"\\(field0)-\\(field1)\" } else { return field6 } }\n}\n"
        index += 1
    }
    return text + """
        final class Catalog { init(name: String) {} }
        struct Shop: RootComponent {
            typealias Root = Catalog
            static func configure(binder: Binder<Unscoped>) { binder.bind(String.self).to(value: "shop") }
            static func configureRoot(binder bind: ReceiptBinder<Catalog>) -> BindingReceipt<Catalog> { bind.to(factory: Catalog.init) }
        }

        """
}
let large = generatedModels(bytes: 20_000_000)
var largeTimes: [Double] = []
var largeReport: AnalysisReport?
for _ in 0..<(arguments.contains("--quick") ? 1 : 3) {
    let start = ContinuousClock.now
    let file = SourceFile(path: "Generated/Models.swift", moduleName: "Bench", text: large)
    largeReport = Analyzer(files: [file]).analyze()
    let elapsed = ContinuousClock.now - start
    largeTimes.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}
let largeMedian = largeTimes.sorted()[largeTimes.count / 2]
print("\nOne \(large.utf8.count / 1_000_000) MB file of generated models: parsed and analysed in \(String(format: "%.2f", largeMedian)) s (target: under 5 s)")
if let largeReport, !largeReport.diagnostics.isEmpty || !largeReport.opaque.isEmpty || largeReport.bindingsRead != 2 {
    failed = true
    print("cleansec-bench: the generated-models file was not read completely")
}
/// One component that includes 75,523 modules, each binding one class that takes the
/// previous one (a file of 24 MB): the issue-66 case, where every line is Cleanse's, so
/// parsing and assembling both grow with it. The target is under 30 s for the tool the build
/// plugin runs (the release build it hands off to; `swift build -c release --target Cleanse`).
func modulesInOneComponent(count: Int) -> String {
    var text = "import Cleanse\n"
    for index in 0..<count {
        text += index == 0
            ? "final class Service0 { init() {} }\n"
            : "final class Service\(index) { let previous: Service\(index - 1); init(previous: Service\(index - 1)) { self.previous = previous } }\n"
        text += "struct Module\(index): Module {\n    static func configure(binder: Binder<Unscoped>) {\n        binder.bind(Service\(index).self).to(factory: Service\(index).init)\n    }\n}\n"
    }
    text += "final class AppRoot { let last: Service\(count - 1); init(last: Service\(count - 1)) { self.last = last } }\n"
    text += "struct AppComponent: RootComponent {\n    typealias Root = AppRoot\n    static func configure(binder: Binder<Unscoped>) {\n"
    for index in 0..<count { text += "        binder.include(module: Module\(index).self)\n" }
    return text + """
            }
            static func configureRoot(binder bind: ReceiptBinder<AppRoot>) -> BindingReceipt<AppRoot> {
                bind.to(factory: AppRoot.init)
            }
        }

        """
}
let moduleCount = 75_523
let modules = modulesInOneComponent(count: moduleCount)
let start = ContinuousClock.now
let modulesReport = Analyzer(files: [SourceFile(path: "Generated/AppComponent.swift", moduleName: "Bench", text: modules)]).analyze()
let modulesElapsed = ContinuousClock.now - start
print("One \(modules.utf8.count / 1_000_000) MB file of \(moduleCount) modules in one component: parsed and analysed in \(String(format: "%.2f", Double(modulesElapsed.components.seconds) + Double(modulesElapsed.components.attoseconds) / 1e18)) s (target: under 30 s)")
if !modulesReport.diagnostics.isEmpty || !modulesReport.opaque.isEmpty || modulesReport.bindingsRead != moduleCount + 1 {
    failed = true
    print("cleansec-bench: the file of modules was not read completely (\(modulesReport.bindingsRead) bindings)")
}
if arguments.contains("--check") && failed {
    print("cleansec-bench: a generated graph has errors or unreadable constructs")
    exit(1)
}
