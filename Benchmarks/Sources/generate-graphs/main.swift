// Writes the generated sources of one benchmark target; run by the GenerateGraphs plugin.
//
//   generate-graphs cleanse-bench|Graph10000|InjectableGraphs OUTPUT-DIRECTORY PARTS
import BenchmarkGraphs
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let parts = Int(arguments[arguments.startIndex + 2]), parts > 0 else {
    FileHandle.standardError.write(Data("usage: generate-graphs cleanse-bench|Graph10000|InjectableGraphs OUTPUT-DIRECTORY PARTS\n".utf8))
    exit(2)
}
let target = arguments[arguments.startIndex]
let directory = URL(fileURLWithPath: arguments[arguments.startIndex + 1])
let declarations: [String]
let imports: [String]
switch target {
case "cleanse-bench": (declarations, imports) = (BenchmarkSources.benchmarkDeclarations(), ["BenchmarkSupport", "Cleanse", "Swinject"])
case "Graph10000": (declarations, imports) = (BenchmarkSources.constructionDeclarations(), ["Cleanse", "Swinject"])
case "InjectableGraphs": (declarations, imports) = (BenchmarkSources.injectableDeclarations(), ["Cleanse", "CleanseMacros"])
default:
    FileHandle.standardError.write(Data("generate-graphs: no generated sources for target \(target)\n".utf8))
    exit(2)
}
do {
    try BenchmarkSources.write(declarations, imports: imports, stem: target, parts: parts, into: directory)
} catch {
    FileHandle.standardError.write(Data("generate-graphs: \(error)\n".utf8))
    exit(1)
}
