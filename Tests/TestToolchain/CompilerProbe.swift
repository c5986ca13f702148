public import Foundation

/// Type-checks snippets with `swiftc` against the modules this package built (and, when asked,
/// the `@Injectable` macro plugin): what the compiler says of code users write.
///
/// Every answer is checked before a test reads it: a compiler that is missing, crashed, ended
/// with a status other than 0 or 1, said "error" yet succeeded (or failed without one), or
/// could not load the macro plugin is a thrown ``CompilerProbeFailure``, never an output
/// without errors that a test would take for "it compiles".
public struct CompilerProbe: Sendable {
    /// How far a probe runs the compiler.
    public enum Depth: Sendable {
        /// Type checking: captures in `@Sendable` closures, isolation, conformances.
        case typeCheck
        /// Through SIL, where region-based isolation checks values passed as `sending`.
        case regions
    }

    /// The folder of the test binary: the built modules and the macro plugin are beside it.
    public static let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    /// The package's root folder.
    public static let packageFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The macro plugin this package built.
    public static let macroPlugin = buildFolder.appendingPathComponent("CleanseMacrosPlugin-tool")
    /// Whether this build's layout is the one probes read (SwiftPM's on Linux: the test binary
    /// beside the modules and the plugin; an Xcode test bundle keeps them elsewhere).
    public static let builtModulesAreBeside = FileManager.default.fileExists(atPath: macroPlugin.path)

    /// The compiler: `swiftc` on `PATH` unless `CLEANSE_PROBE_SWIFTC` names another.
    public var compiler: String
    /// Whether the snippet may use `@Injectable` and `@FeatureDependencies`.
    public var loadsMacros: Bool

    public init(compiler: String = ProcessInfo.processInfo.environment["CLEANSE_PROBE_SWIFTC"] ?? "swiftc", loadsMacros: Bool = true) {
        self.compiler = compiler
        self.loadsMacros = loadsMacros
    }

    /// Compiles `source`, saved as `Client.swift`, in language mode `swiftVersion` with any
    /// further `flags`; the compiler's status (0: it compiles, 1: it does not) and output.
    public func typecheck(_ source: String, swiftVersion: Int = 6, depth: Depth = .typeCheck, flags: [String] = []) throws -> ToolRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cleanse-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Client.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        var arguments = [
            "-swift-version", String(swiftVersion), "-package-name", "Probe",
            "-I", Self.buildFolder.appendingPathComponent("Modules").path,
            "-Xcc", "-fmodule-map-file=" + Self.buildFolder.appendingPathComponent("CCleanseSystem.build/module.modulemap").path,
            "-Xcc", "-I" + Self.packageFolder.appendingPathComponent("Sources/CCleanseSystem/include").path,
        ]
        if loadsMacros { arguments += ["-load-plugin-executable", Self.macroPlugin.path + "#CleanseMacrosPlugin"] }
        arguments += [file.path] + flags + (depth == .typeCheck ? ["-typecheck"] : ["-emit-sil", "-o", "/dev/null"])
        let run: ToolRun
        do {
            run = try Toolchain.run(compiler, arguments, mergingStreams: true)
        } catch ToolFailure.notFound {
            throw CompilerProbeFailure.compilerMissing(compiler)
        } catch ToolFailure.crashed(_, let signal, let output) {
            throw CompilerProbeFailure.compilerCrashed(signal: signal, output: output)
        }
        return try Self.checked(run)
    }

    /// `run` when its status and output agree on what the compiler concluded.
    static func checked(_ run: ToolRun) throws -> ToolRun {
        let text = run.output
        if text.contains("could not be found for macro") || text.contains("plugin for module 'CleanseMacrosPlugin'") {
            throw CompilerProbeFailure.macroPluginNotLoaded(output: text)
        }
        let saysError = text.contains("error:")
        switch run.status {
        case 0 where !saysError, 1 where saysError: return run
        default: throw CompilerProbeFailure.unexpectedStatus(run.status, output: text)
        }
    }
}

/// A compiler probe whose answer cannot be read as "compiles" or "does not".
public enum CompilerProbeFailure: Error, CustomStringConvertible, Equatable {
    case compilerMissing(String)
    case compilerCrashed(signal: Int32, output: String)
    case macroPluginNotLoaded(output: String)
    case unexpectedStatus(Int32, output: String)

    public var description: String {
        switch self {
        case .compilerMissing(let compiler): "the compiler '\(compiler)' was not found: the probe proves nothing"
        case .compilerCrashed(let signal, let output): "the compiler crashed (signal \(signal)):\n\(output.suffix(4000))"
        case .macroPluginNotLoaded(let output): "the compiler could not load CleanseMacrosPlugin:\n\(output.suffix(4000))"
        case .unexpectedStatus(let status, let output):
            "the compiler ended with status \(status), which its output does not explain:\n\(output.suffix(4000))"
        }
    }
}
