// Writes the generated sources of one benchmark target; run by the GenerateGraphs plugin.
//
//   generate-graphs cleanse-bench|Graph10000 OUTPUT-DIRECTORY PARTS
import BenchmarkGraphs
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let parts = Int(arguments[arguments.startIndex + 2]), parts > 0 else {
    FileHandle.standardError.write(Data("usage: generate-graphs cleanse-bench|Graph10000 OUTPUT-DIRECTORY PARTS\n".utf8))
    exit(2)
}
let target = arguments[arguments.startIndex]
let directory = URL(fileURLWithPath: arguments[arguments.startIndex + 1])
let declarations: [String]
switch target {
case "cleanse-bench": declarations = BenchmarkSources.benchmarkDeclarations()
case "Graph10000": declarations = BenchmarkSources.constructionDeclarations()
default:
    FileHandle.standardError.write(Data("generate-graphs: no generated sources for target \(target)\n".utf8))
    exit(2)
}
do {
    try BenchmarkSources.write(declarations, imports: ["Cleanse", "Swinject"], stem: target, parts: parts, into: directory)
} catch {
    FileHandle.standardError.write(Data("generate-graphs: \(error)\n".utf8))
    exit(1)
}
