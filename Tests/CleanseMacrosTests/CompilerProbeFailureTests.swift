import Foundation
import TestToolchain
import Testing

// The compile probes can fail: a compiler that is missing, crashes, or cannot load the macro
// plugin is an error of the probe, never an output without "error:" that a test would read as
// "it compiles". Each case stands a small script in for `swiftc` (no compiler runs here).

@Suite("Compile probes fail when the compiler does not answer")
struct CompilerProbeFailureTests {
    /// A stand-in compiler: a shell script with `body`, in a folder of its own.
    static func standIn(_ body: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cleanse-fake-swiftc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("swiftc")
        try "#!/bin/sh\n\(body)\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    @Test("a compiler that does not exist fails the probe")
    func missingCompiler() throws {
        let probe = CompilerProbe(compiler: "/nonexistent/bin/swiftc")
        #expect(throws: CompilerProbeFailure.compilerMissing("/nonexistent/bin/swiftc")) {
            try probe.typecheck("let answer = 42")
        }
    }

    @Test("a compiler ended by a signal fails the probe, even with nothing printed")
    func crashedCompiler() throws {
        let probe = CompilerProbe(compiler: try Self.standIn("kill -SEGV $$"))
        let failure = #expect(throws: CompilerProbeFailure.self) { try probe.typecheck("let answer = 42") }
        guard case .compilerCrashed(let signal, _) = failure else {
            Issue.record("expected a crash, got \(String(describing: failure))")
            return
        }
        #expect(signal == SIGSEGV)
    }

    @Test("a macro plugin that did not load fails the probe instead of passing 'no error'")
    func pluginNotLoaded() throws {
        let probe = CompilerProbe(compiler: try Self.standIn("""
            echo "Client.swift:3:2: error: external macro implementation type 'CleanseMacrosPlugin.InjectableMacro' could not be found for macro 'Injectable()'" >&2
            exit 1
            """))
        let failure = #expect(throws: CompilerProbeFailure.self) { try probe.typecheck("@Injectable final class Screen {}") }
        guard case .macroPluginNotLoaded = failure else {
            Issue.record("expected the plugin failure, got \(String(describing: failure))")
            return
        }
    }

    @Test("a status its output does not explain fails the probe", arguments: [
        "exit 1",                                      // failed, said nothing
        "exit 127",                                    // a shell's "command not found"
        "echo 'Client.swift:1:1: error: nope'; exit 0", // said error, succeeded
    ])
    func unexplainedStatus(_ body: String) throws {
        let probe = CompilerProbe(compiler: try Self.standIn(body))
        let failure = #expect(throws: CompilerProbeFailure.self) { try probe.typecheck("let answer = 42") }
        guard case .unexpectedStatus = failure else {
            Issue.record("expected an unexplained status, got \(String(describing: failure))")
            return
        }
    }

    @Test("a compiler that answers is read: 0 compiles, 1 with an error does not")
    func answeringCompiler() throws {
        let compiles = try CompilerProbe(compiler: try Self.standIn("exit 0")).typecheck("let answer = 42")
        #expect(compiles.status == 0)
        let refuses = try CompilerProbe(compiler: try Self.standIn("echo 'Client.swift:1:5: error: cannot find x' >&2; exit 1"))
            .typecheck("let answer = x")
        #expect(refuses.status == 1 && refuses.output.contains("error: cannot find x"))
    }
}
