import Foundation

/// Times the compiler on the generated code of one graph: its types with one wiring at a
/// time, as one optimized module, against the prebuilt Cleanse and Swinject modules.
struct CompileTime {
    let samples: Int

    /// The generated sources, beside this file.
    static let generatedDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Generated")

    /// Median seconds, in nanoseconds, to compile G(n)'s types with `wiring` (`handwired`,
    /// `cleanse` or `swinject`); `nil` if the compiler or the modules cannot be found.
    func medianNanoseconds(n: Int, wiring: String) -> Double? {
        guard let sources = Self.sources(n: n, wiring: wiring), let modules = Self.modulesDirectory else { return nil }
        var times: [Double] = []
        for _ in 0..<samples {
            guard let time = Self.compile(sources, modules: modules) else { return nil }
            times.append(time)
        }
        return median(times)
    }

    private static func sources(n: Int, wiring: String) -> [String]? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: generatedDirectory.path)) ?? []
        let picked = names.filter { $0.hasPrefix("G\(n)_types_") || $0.hasPrefix("G\(n)_\(wiring)") }.sorted()
        guard !picked.isEmpty else { return nil }
        // The counted singleton calls into the benchmark; the corpus gets a stand-in.
        let stub = FileManager.default.temporaryDirectory.appendingPathComponent("cleanse-bench-stub.swift")
        guard (try? "func countConstruction() {}\n".write(to: stub, atomically: true, encoding: .utf8)) != nil else { return nil }
        return picked.map { generatedDirectory.appendingPathComponent($0).path } + [stub.path]
    }

    /// Where SwiftPM put the modules this benchmark was built with.
    private static var modulesDirectory: String? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let modules = executable.deletingLastPathComponent().appendingPathComponent("Modules")
        return FileManager.default.fileExists(atPath: modules.path) ? modules.path : nil
    }

    private static func compile(_ sources: [String], modules: String) -> Double? {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cleanse-bench-corpus.o")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-c", "-O", "-wmo", "-num-threads", "0", "-swift-version", "6",
                             "-parse-as-library", "-module-name", "Corpus", "-I", modules, "-o", output.path] + sources
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        let elapsed = clock.now - start
        try? FileManager.default.removeItem(at: output)
        return process.terminationStatus == 0 ? Double(Sampler.nanoseconds(elapsed)) : nil
    }
}
