import Foundation

/// The toolchain cleansec asks: its `swift-symbolgraph-extract`, and the target it builds for.
struct Toolchain {
    let extractor: String
    /// The folder of the toolchain's executables (`swiftc` is asked for the target triple
    /// only when a module is extracted: a run served by the cache does not start it).
    let folder: String
    /// What identifies the toolchain in cache keys: the extractor's path and its date (a
    /// toolchain builds for one host).
    let key: String

    /// The toolchain on `PATH` (or next to `SWIFT_EXEC`), once per process.
    static let current: Toolchain? = {
        let environment = ProcessInfo.processInfo.environment
        var folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        if let swift = environment["SWIFT_EXEC"] { folders.insert((swift as NSString).deletingLastPathComponent, at: 0) }
        guard let folder = folders.first(where: { FileManager.default.isExecutableFile(atPath: ($0 as NSString).appendingPathComponent("swift-symbolgraph-extract")) })
        else { return nil }
        let extractor = (folder as NSString).appendingPathComponent("swift-symbolgraph-extract")
        let date = ((try? FileManager.default.attributesOfItem(atPath: extractor))?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return Toolchain(extractor: extractor, folder: folder, key: "\(extractor) \(date)")
    }()

    /// The target triple, asked of `swiftc` once per process.
    private static let triple: String? = current.flatMap { hostTriple(swiftc: ($0.folder as NSString).appendingPathComponent("swiftc")) }

    /// The target triple `swiftc -print-target-info` names.
    private static func hostTriple(swiftc: String) -> String? {
        guard let output = run(swiftc, ["-print-target-info"]),
              let info = try? JSONSerialization.jsonObject(with: output) as? [String: Any],
              let target = info["target"] as? [String: Any]
        else { return nil }
        return target["triple"] as? String
    }

    /// The symbol graphs of module `name`: its own first, then its extensions of others.
    /// `targetTriple` and `sdk` default to the machine's and the toolchain's.
    func symbolGraphs(of name: String, searchPaths: [String], targetTriple: String? = nil, sdk: String? = nil) -> [Data]? {
        let output = (NSTemporaryDirectory() as NSString).appendingPathComponent("cleansec-symbols-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: output) }
        guard let triple = targetTriple ?? Self.triple,
              (try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)) != nil else { return nil }
        let arguments = ["-module-name", name, "-target", triple, "-output-dir", output, "-minimum-access-level", "public"]
            + (sdk.map { ["-sdk", $0] } ?? [])
            + searchPaths.flatMap { ["-I", $0, "-F", $0] }
        guard Self.run(extractor, arguments) != nil else { return nil }
        let files = CompiledModules.symbolGraphFiles(of: name, among: (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? [])
        let graphs = files.compactMap { FileManager.default.contents(atPath: (output as NSString).appendingPathComponent($0)) }
        return graphs.isEmpty || graphs.count != files.count ? nil : graphs
    }

    /// Runs `executable` with `arguments`; its standard output when it succeeds.
    private static func run(_ executable: String, _ arguments: [String]) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? data : nil
    }
}
