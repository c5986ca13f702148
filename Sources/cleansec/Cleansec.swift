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

    @Option(name: .long, help: "Partial models (JSON, from --emit-model) of the targets these depend on.")
    var model: [String] = []

    @Option(name: .long, help: ArgumentHelp("A file or folder of a target these depend on, as NAME=PATH; repeat for each. Read as a partial model, made once and kept in --model-cache.", valueName: "name=path"))
    var contextTarget: [String] = []

    @Option(name: .long, help: "Other modules these depend on, whose declarations are not read: types qualified by them (Logging.Logger) are named as the runtime names them.")
    var knownModule: [String] = []

    @Option(name: .long, help: "A folder where the partial models of --context-target targets (and of compiled modules) are kept between runs.")
    var modelCache: String?

    @Option(name: [.customShort("I")], help: ArgumentHelp("A folder of compiled modules (.swiftmodule, as the compiler's -I) these import; repeat for each. Imported modules without sources are described by the toolchain's swift-symbolgraph-extract.", valueName: "dir"))
    var importPath: [String] = []

    @Option(name: .long, help: ArgumentHelp("A folder of symbol graphs (Module.symbols.json, as swiftc -emit-symbol-graph-dir writes them) of modules these import; repeat for each.", valueName: "dir"))
    var symbolGraphs: [String] = []

    @Flag(name: .long, help: "Do not ask the toolchain about imported modules without sources (the SDK's, compiled ones): read sources (and --symbol-graphs) only.")
    var sourcesOnly = false

    @Option(name: .long, help: ArgumentHelp("The platform the imported modules are built for, when not this machine's (an iOS app's: arm64-apple-ios17.0-simulator).", valueName: "triple"))
    var targetTriple: String?

    @Option(name: .long, help: ArgumentHelp("The SDK of that platform (Xcode's $SDKROOT), when not the toolchain's.", valueName: "path"))
    var sdk: String?

    @Option(name: .long, help: "Also write the partial model of PATH's module to this file (rewritten only when it changes), for targets that depend on it.")
    var emitModel: String?

    @Option(name: .long, help: "The module the files belong to (default: the folder after Sources/).")
    var moduleName: String?

    @Option(name: [.customShort("D"), .long], help: ArgumentHelp("A custom #if condition that is set (DEBUG); repeat for each.", valueName: "name"))
    var define: [String] = []

    @Option(name: .long, help: ArgumentHelp("A custom #if condition that is not set; repeat for each.", valueName: "name"))
    var undefine: [String] = []

    @Flag(name: .long, help: "Every custom #if condition not given with --define is unset. Without it, an #if on a condition neither --define nor --undefine names is read as alternatives: every clause, a key bound by several bound once.")
    var definesComplete = false

    @Option(name: .long, help: "How errors are printed: text or json.")
    var format: OutputFormat = .text

    @Option(name: .long, help: "Print the graph of each root component instead: dot or json.")
    var graph: GraphFormat?

    @Flag(name: .long, help: "Treat constructs the analyzer cannot read as errors.")
    var strict = false

    @Flag(name: .long, help: "Print how many bindings were understood, and the unread constructs by sort, with where they are.")
    var coverage = false

    @Option(name: .long, help: "Also write the report as JSON to this file (rewritten only when it changes); for build plugins.")
    var output: String?

    @Option(name: .customLong("prefer-release-build"), help: ArgumentHelp("A file naming the source files cleansec is built from, one a line: a debug build of cleansec runs the release build beside it (../release/cleansec) in its place when that is newer than each; for build plugins.", valueName: "list"))
    var preferReleaseBuild: String?

    @Flag(name: .customLong("type-top-level-values"), help: ArgumentHelp("Print the type cleansec's typing interface gives each top-level value written without a type, a line each (name, type or 'unread', rule or reason), and validate nothing; for the typing campaign.", visibility: .hidden))
    var typeTopLevelValues = false

    enum OutputFormat: String, ExpressibleByArgument { case text, json }

    /// Runs the command; a usage error exits with 2, as documented (ArgumentParser's own
    /// code for it is 64).
    static func main() {
        ReleaseBuildHandOff.runReleaseBuildIfCurrent()
        do {
            // On a thread whose stack holds deeply nested source (see `LargeStack`).
            let command = CommandOnAnotherThread(try parseAsRoot())
            try LargeStack.run { command.run() }.get()
        } catch {
            if exitCode(for: error) == .validationFailure {
                Self.printError((fullMessage(for: error) + "\n"))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }

    /// The `#if` conditions the options describe.
    var conditions: BuildConditions {
        BuildConditions(defined: Set(define), undefined: Set(undefine), othersUndefined: definesComplete)
    }

    mutating func run() throws {
        let started = ContinuousClock.now
        let conditions = self.conditions
        let files: [SourceFile]
        let contextFiles: [SourceFile]
        var models: [PartialModel] = []
        do {
            files = try SourceCollection.files(at: paths, moduleName: moduleName)
            contextFiles = try SourceCollection.files(at: context)
            models = knownModule.map { PartialModel(files: [], moduleName: $0) }
            models += try model.map(ModelCache.read)
            let targets = try contextTargets()
            // Symbol graphs given, then imported modules cleansec has no sources of, which
            // the toolchain describes: before the context targets' models, which name their
            // types too (a Core target binding a vendor SDK's class).
            let sourced = Set(files.map(\.moduleName) + contextFiles.map(\.moduleName) + targets.map(\.name))
            for folder in symbolGraphs {
                let known = Set(models.map(\.moduleName)).union(sourced)
                models = try CompiledModules.models(inSymbolGraphFolder: folder, except: known) + models
            }
            if !sourcesOnly {
                let known = Set(models.map(\.moduleName)).union(sourced)
                let compiled = CompiledModules(
                    searchPaths: importPath, cacheFolder: modelCache.map { ($0 as NSString).appendingPathComponent("compiled") },
                    targetTriple: targetTriple, sdk: sdk
                )
                var imported = CompiledModules.imports(of: files + contextFiles, except: known)
                imported += try CompiledModules.imports(ofFilesAt: targets.flatMap(\.paths), except: known.union(imported))
                models = compiled.models(of: imported).found + models
            }
            for (name, paths) in targets {
                models.append(try ModelCache.model(ofTarget: name, at: paths, dependencies: models, folder: modelCache, conditions: conditions))
            }
            if let emitModel {
                let name = moduleName ?? files.first?.moduleName ?? "main"
                try ModelCache.write(PartialModel(files: files, models: models, moduleName: name, conditions: conditions), to: emitModel)
            }
        } catch {
            Self.printError("cleansec: error: \(error)\n")
            throw ExitCode(2)
        }
        let primary = Set(files.map(\.path))
        if typeTopLevelValues {
            let analyzer = Analyzer(files: files, contextFiles: contextFiles.filter { !primary.contains($0.path) }, models: models, conditions: conditions)
            for value in analyzer.topLevelValueTypes() {
                print([value.name, value.type ?? "unread", value.ruleOrReason].joined(separator: "\t"))
            }
            return
        }
        let report = Analyzer(files: files, contextFiles: contextFiles.filter { !primary.contains($0.path) }, models: models, conditions: conditions).analyze()
        if let note = UnoptimisedToolNote.text(elapsed: ContinuousClock.now - started, byPlugin: preferReleaseBuild != nil) {
            Self.printError(note + "\n")
        }

        if let graph {
            print(report.graph(format: graph), terminator: "")
            return
        }
        let printed = format == .json ? DiagnosticFormatter.json(report, strict: strict) : DiagnosticFormatter.text(report, strict: strict)
        if format == .json || !printed.isEmpty {
            print(printed, terminator: "")
        }
        if let warning = NothingCheckedWarning.text(files: files, report: report) {
            Self.printError(warning + "\n")
        }
        if coverage {
            let lines = [report.coverage] + report.compilerAnswers + report.coverageByKind()
            Self.printError((lines.joined(separator: "\n") + "\n"))
        }
        let failed = report.diagnostics.contains(where: \.isError) || (strict && !report.opaque.isEmpty)
        if let output, failed {
            // No summary for a failed run, so that a build system runs it again.
            try? FileManager.default.removeItem(atPath: output)
        } else if let output {
            // A `.swift` output (what the build plugin asks for) holds the summary as a
            // comment; any other gets the JSON report.
            let contents = output.hasSuffix(".swift")
                ? "// Generated by cleansec; do not edit.\n// \(report.coverage)\n"
                : DiagnosticFormatter.json(report, strict: strict)
            if (try? String(contentsOfFile: output, encoding: .utf8)) != contents {
                do {
                    try contents.write(toFile: output, atomically: true, encoding: .utf8)
                } catch {
                    Self.printError("cleansec: error: cannot write \(output): \(error)\n")
                    throw ExitCode(2)
                }
            }
        }
        if failed {
            throw ExitCode(1)
        }
    }
}

extension Cleansec {
    /// The `--context-target NAME=PATH` options, grouped by target in the order given
    /// (dependencies first).
    func contextTargets() throws -> [(name: String, paths: [String])] {
        var targets: [(name: String, paths: [String])] = []
        for option in contextTarget {
            guard let separator = option.firstIndex(of: "="), separator != option.startIndex else {
                throw ValidationError("--context-target takes NAME=PATH, got '\(option)'")
            }
            let name = String(option[..<separator])
            let path = String(option[option.index(after: separator)...])
            if let index = targets.firstIndex(where: { $0.name == name }) {
                targets[index].paths.append(path)
            } else {
                targets.append((name, [path]))
            }
        }
        return targets
    }
}

extension Cleansec {
    /// Writes `text` to standard error after what was printed to standard output, so that
    /// with both sent to one file (`> out 2>&1`) no line is split by the other.
    static func printError(_ text: String) {
        fflush(nil)
        FileHandle.standardError.write(Data(text.utf8))
    }
}

extension GraphFormat: ExpressibleByArgument {}

/// The parsed command, handed to the large-stack thread that runs it.
private final class CommandOnAnotherThread: @unchecked Sendable {
    // Safe to share: one thread runs it while the thread that made it waits.
    private var command: any ParsableCommand

    init(_ command: any ParsableCommand) {
        self.command = command
    }

    func run() -> Result<Void, any Error> {
        Result { try command.run() }
    }
}
