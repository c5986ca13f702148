import Foundation

// Snippets type-checked by `swiftc` against the modules this package built: what the
// compiler says of code users write (a test target that depended on the macro target itself
// would make SwiftPM build every test target twice).

/// The folder of the test binary: the built modules and the macro plugin are beside it.
let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// How far a probe runs the compiler.
enum ProbeDepth {
    /// Type checking: captures in `@Sendable` closures, isolation, conformances.
    case typeCheck
    /// Through SIL, where region-based isolation checks values passed as `sending`.
    case regions
}

/// Compiles `source` against Cleanse, CleanseMacros and the macro plugin this package built
/// (Swift 6 language mode unless `swiftVersion` says otherwise, with any further compiler
/// `flags`); what the compiler printed.
func typecheck(_ source: String, swiftVersion: Int = 6, depth: ProbeDepth = .typeCheck, flags: [String] = []) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("injectable-\(UUID().uuidString).swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "swiftc", "-swift-version", String(swiftVersion), "-package-name", "Probe",
        "-I", buildFolder.appendingPathComponent("Modules").path,
        "-Xcc", "-fmodule-map-file=" + buildFolder.appendingPathComponent("CCleanseSystem.build/module.modulemap").path,
        "-Xcc", "-I" + packageFolder.appendingPathComponent("Sources/CCleanseSystem/include").path,
        "-load-plugin-executable", buildFolder.appendingPathComponent("CleanseMacrosPlugin-tool").path + "#CleanseMacrosPlugin",
        file.path,
    ] + flags + (depth == .typeCheck ? ["-typecheck"] : ["-emit-sil", "-o", "/dev/null"])
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
}

/// Whether this build's layout is the one the tests read (SwiftPM's on Linux: the test binary
/// beside the modules; an Xcode or macOS test bundle keeps them elsewhere).
let pluginIsBeside = FileManager.default.fileExists(atPath: buildFolder.appendingPathComponent("CleanseMacrosPlugin-tool").path)

