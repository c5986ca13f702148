public import ArgumentParser
public import CleansecCore
import Foundation

/// `cleansec`: validates the Cleanse object graphs declared in Swift sources without running
/// them, and reports each mistake as a compiler error on the line that caused it.
@main
struct Cleansec: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cleansec",
        abstract: "Validate Cleanse object graphs at build time.",
        discussion: """
            Reads the Swift files at PATH (files or folders), builds the graph of every root \
            component they declare as ComponentFactory.of would, and reports what it would \
            throw. Exit status: 0 when the graphs are valid, 1 when errors were found, 2 on a \
            usage or I/O error.
            """
    )

    @Argument(help: "Swift files or folders to validate.")
    var paths: [String]

    @Option(name: .long, help: "Files or folders of the modules these depend on: read for declarations, not validated.")
    var context: [String] = []

    @Option(name: .long, help: "The module the files belong to (default: the folder after Sources/).")
    var moduleName: String?

    @Option(name: .long, help: "How errors are printed: text or json.")
    var format: OutputFormat = .text

    @Option(name: .long, help: "Print the graph of each root component instead: dot or json.")
    var graph: GraphFormat?

    @Flag(name: .long, help: "Treat constructs the analyzer cannot read as errors.")
    var strict = false

    @Flag(name: .long, help: "Print how many bindings were understood.")
    var coverage = false

    @Option(name: .long, help: "Also write the report as JSON to this file (rewritten only when it changes); for build plugins.")
    var output: String?

    enum OutputFormat: String, ExpressibleByArgument { case text, json }

    mutating func run() throws {
        let files: [SourceFile]
        let contextFiles: [SourceFile]
        do {
            files = try SourceCollection.files(at: paths, moduleName: moduleName)
            contextFiles = try SourceCollection.files(at: context)
        } catch {
            FileHandle.standardError.write(Data("cleansec: error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let primary = Set(files.map(\.path))
        let report = Analyzer(files: files, contextFiles: contextFiles.filter { !primary.contains($0.path) }).analyze()

        if let graph {
            print(report.graph(format: graph), terminator: "")
            return
        }
        let printed = format == .json ? DiagnosticFormatter.json(report, strict: strict) : DiagnosticFormatter.text(report, strict: strict)
        if format == .json || !printed.isEmpty {
            print(printed, terminator: "")
        }
        if coverage {
            FileHandle.standardError.write(Data((report.coverage + "\n").utf8))
        }
        if let output {
            let json = DiagnosticFormatter.json(report, strict: strict)
            if (try? String(contentsOfFile: output, encoding: .utf8)) != json {
                do {
                    try json.write(toFile: output, atomically: true, encoding: .utf8)
                } catch {
                    FileHandle.standardError.write(Data("cleansec: error: cannot write \(output): \(error)\n".utf8))
                    throw ExitCode(2)
                }
            }
        }
        if !report.diagnostics.isEmpty || (strict && !report.opaque.isEmpty) {
            throw ExitCode(1)
        }
    }
}

extension GraphFormat: ExpressibleByArgument {}
