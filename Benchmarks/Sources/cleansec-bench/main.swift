import CleansecCore
import Foundation

// cleansec's rows of the benchmark suite: parse, model and validate the generated G(1000)
// and G(10,000) wirings from source, as the build plugin does on every changed build.
//   swift run -c release --package-path Benchmarks cleansec-bench [--quick] [--check]
// `--check` fails when a graph has errors or constructs the analyzer cannot read.

let arguments = CommandLine.arguments.dropFirst()
let runs = arguments.contains("--quick") ? 3 : 7
let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

struct Workload {
    let name: String
    let folder: String
    let prefixes: [String]
}

let workloads = [
    Workload(name: "G(1000)", folder: "cleanse-bench/Generated", prefixes: ["G1000_cleanse", "G1000_types", "G1000_graph"]),
    Workload(name: "G(10000)", folder: "Graph10000", prefixes: ["G10000_cleanse", "G10000_types", "G10000_construct"]),
]

var failed = false
var medians: [Double] = []
print("| graph | files | bindings understood | opaque | errors | analysis, median of \(runs) | per 1,000 bindings |")
print("|---|---:|---:|---:|---:|---:|---:|")
for workload in workloads {
    let folder = sources.appendingPathComponent(workload.folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { name in name.hasSuffix(".swift") && workload.prefixes.contains { name.hasPrefix($0) } }
        .sorted()
    let texts = try names.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
    var times: [Double] = []
    var report: AnalysisReport?
    for _ in 0..<runs {
        let start = ContinuousClock.now
        let files = zip(names, texts).map { SourceFile(path: "\(workload.folder)/\($0)", moduleName: "Bench", text: $1) }
        report = Analyzer(files: files).analyze()
        let elapsed = ContinuousClock.now - start
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
if medians.count == 2 {
    print("\nG(10000) / G(1000) analysis time: \(String(format: "%.1f", medians[1] / medians[0]))× (10× is linear)")
}
if arguments.contains("--check") && failed {
    print("cleansec-bench: a generated graph has errors or unreadable constructs")
    exit(1)
}
