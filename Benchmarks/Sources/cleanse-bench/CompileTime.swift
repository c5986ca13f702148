import BenchmarkGraphs
import Foundation

/// Times the compiler on one graph's wiring alone, as an app's build compiles its
/// composition root: the graph's types are built once into a module of their own, then each
/// wiring (hand-written, Cleanse, Swinject) is compiled against it and the prebuilt Cleanse
/// and Swinject modules, in interleaved rounds. The time is the compiler's CPU time.
struct CompileTime {
    /// How the wiring is compiled: `release` is `-O -wmo` (a release build), `debug` is
    /// `-Onone -g` (what developers build all day).
    enum Configuration: String, CaseIterable {
        case release, debug

        var flags: [String] { self == .release ? ["-O", "-wmo"] : ["-Onone", "-g"] }
    }

    static let wirings = ["handwired", "cleanse", "swinject"]

    let rounds: Int

    /// Per wiring, the median CPU time and the median of the per-round ratios to the
    /// hand-written wiring; `nil` when the compiler or the built modules cannot be found.
    func measure(_ shape: GraphShape, _ configuration: Configuration) -> [String: (nanoseconds: Double, ratio: Double)]? {
        guard let modules = Self.modulesDirectory else { return nil }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cleanse-bench-compile-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        guard (try? Self.writeCorpus(shape, to: directory)) != nil else { return nil }
        let typesModule = Self.typesModule
        let source = { (name: String) in directory.appendingPathComponent("\(name).swift").path }
        guard Self.compile(["-emit-module", "-module-name", typesModule, "-emit-module-path", directory.appendingPathComponent("\(typesModule).swiftmodule").path, source(typesModule)] + configuration.flags) != nil else { return nil }
        var times: [String: [Double]] = [:]
        var ratios: [String: [Double]] = [:]
        for _ in 0..<rounds {
            var round: [String: Double] = [:]
            for wiring in Self.wirings {
                guard let time = Self.compile(["-c", "-module-name", "Corpus", "-I", directory.path, "-I", modules,
                                               "-o", directory.appendingPathComponent("\(wiring).o").path, source(wiring)] + configuration.flags)
                else { return nil }
                round[wiring] = time
                times[wiring, default: []].append(time)
            }
            for wiring in Self.wirings { ratios[wiring, default: []].append(round[wiring]! / round["handwired"]!) }
        }
        return Dictionary(uniqueKeysWithValues: Self.wirings.map { ($0, (median(times[$0]!), median(ratios[$0]!))) })
    }

    /// The module of the graph's types, which each wiring imports.
    static let typesModule = "BenchTypes"

    /// Writes the sources the compile rows compile into `directory`: `BenchTypes.swift`
    /// (the graph's types) and one file per wiring. `--compile-corpus DIR` writes them
    /// alone, for studying the compiler on them (`-stats-output-dir`, `-debug-time-function-bodies`).
    static func writeCorpus(_ shape: GraphShape, to directory: URL) throws {
        let writer = WiringWriter(shape: shape)
        // The counted singleton calls into the benchmark; the corpus gets a stand-in.
        let corpus: [String: [String]] = [
            typesModule: writer.types() + ["public func countConstruction() {}"],
            "handwired": writer.handWired() + [writer.entryPoint("handwired")],
            "cleanse": writer.cleanseModules() + writer.cleanseComponents() + [writer.entryPoint("cleanse")],
            "swinject": writer.swinjectRegistrations() + writer.swinjectContainers() + [writer.entryPoint("swinject")],
        ]
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, declarations) in corpus {
            let imports = name == typesModule ? [] : [typesModule] + (name == "handwired" ? [] : [name == "cleanse" ? "Cleanse" : "Swinject"])
            try BenchmarkSources.files(declarations, imports: imports, parts: 1)[0]
                .write(to: directory.appendingPathComponent("\(name).swift"), atomically: true, encoding: .utf8)
        }
    }

    /// Where SwiftPM put the modules this benchmark was built with.
    private static var modulesDirectory: String? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let modules = executable.deletingLastPathComponent().appendingPathComponent("Modules")
        return FileManager.default.fileExists(atPath: modules.path) ? modules.path : nil
    }

    /// Runs `swiftc` with `arguments`; its CPU time (user and system) in nanoseconds, or
    /// `nil` if it failed.
    private static func compile(_ arguments: [String]) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-swift-version", "6", "-parse-as-library"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let before = childrenCPUNanoseconds()
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? childrenCPUNanoseconds() - before : nil
    }

    /// CPU time of every child process this one has waited for.
    private static func childrenCPUNanoseconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        let seconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        let microseconds = Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
        return seconds * 1e9 + microseconds * 1e3
    }
}
