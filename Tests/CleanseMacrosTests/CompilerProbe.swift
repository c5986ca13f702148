import Foundation

// Snippets type-checked by `swiftc` against the modules this package built: what the
// compiler says of code users write (a test target that depended on the macro target itself
// would make SwiftPM build every test target twice).

/// The folder of the test binary: the built modules and the macro plugin are beside it.
let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Type-checks `source` (Swift 6 mode, with Cleanse, CleanseMacros and the macro plugin
/// this package built); what the compiler printed.
func typecheck(_ source: String) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("injectable-\(UUID().uuidString).swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "swiftc", "-typecheck", "-swift-version", "6", "-package-name", "Probe",
        "-I", buildFolder.appendingPathComponent("Modules").path,
        "-Xcc", "-fmodule-map-file=" + buildFolder.appendingPathComponent("CCleanseSystem.build/module.modulemap").path,
        "-Xcc", "-I" + packageFolder.appendingPathComponent("Sources/CCleanseSystem/include").path,
        "-load-plugin-executable", buildFolder.appendingPathComponent("CleanseMacrosPlugin-tool").path + "#CleanseMacrosPlugin",
        file.path,
    ]
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

