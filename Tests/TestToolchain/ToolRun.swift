import Foundation

/// What a tool the tests launch printed, and how it ended.
public struct ToolRun: Sendable {
    /// The exit status (only meaningful when the tool exited: a crash is thrown instead).
    public let status: Int32
    /// Standard output, or both streams when they were merged.
    public let output: String
    /// Standard error (empty when the streams were merged).
    public let errors: String
}

/// A launch that says nothing about the code under test: the tool is missing or crashed.
/// Tests fail on it instead of reading an empty output as "no error".
public enum ToolFailure: Error, CustomStringConvertible {
    /// The executable is neither at the given path nor on `PATH`.
    case notFound(tool: String)
    /// The tool was ended by a signal.
    case crashed(tool: String, signal: Int32, output: String)
    /// The tool did not end within the time the test gave it.
    case timedOut(tool: String, seconds: Int)

    public var description: String {
        switch self {
        case .notFound(let tool): "'\(tool)' was not found (not an executable path, nor on PATH)"
        case .crashed(let tool, let signal, let output): "'\(tool)' was ended by signal \(signal):\n\(output.suffix(4000))"
        case .timedOut(let tool, let seconds): "'\(tool)' did not finish in \(seconds) s"
        }
    }
}

/// Launches the toolchain's commands (`swiftc`, `swift-symbolgraph-extract`, `swift demangle`)
/// and the executables this package built, for the tests that ask them.
public enum Toolchain {
    /// The executable `tool` names: itself when it contains a slash, else the first match on
    /// `PATH`; `nil` when there is none.
    public static func locate(_ tool: String) -> String? {
        let manager = FileManager.default
        if tool.contains("/") { return manager.isExecutableFile(atPath: tool) ? tool : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(tool)"
            if manager.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `tool` with `arguments` in `folder`; its status and what it printed (both streams
    /// in `output` when `mergingStreams`, as `2>&1` would). Throws when the tool is missing,
    /// crashed or ran past `timeout` seconds, so a test can never pass on a tool that did not run.
    public static func run(
        _ tool: String, _ arguments: [String], in folder: String? = nil, mergingStreams: Bool = false, timeout: Int = 300
    ) throws -> ToolRun {
        guard let executable = locate(tool) else { throw ToolFailure.notFound(tool: tool) }
        let output = Pipe()
        let errors = mergingStreams ? output : Pipe()
        // A script a test has just written can be "busy" (ETXTBSY) while a process another test
        // forks at that moment still holds the descriptor it was written through: launching
        // is tried again, a new process each time, before the error is the test's.
        func launch(attempt: Int) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
            process.standardOutput = output
            process.standardError = errors
            do {
                try process.run()
                return process
            } catch where attempt < 20 {
                Thread.sleep(forTimeInterval: 0.05)
                return try launch(attempt: attempt + 1)
            }
        }
        let process = try launch(attempt: 1)
        // Past the deadline the tool is killed, and the run reported as timed out (not by the
        // signal, which the tool may handle or another process may send).
        let timedOut = Locked(false)
        let deadline = DispatchWorkItem {
            guard process.isRunning else { return }
            timedOut.set(true)
            process.terminate()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(timeout), execute: deadline)
        // Both pipes are drained at once: a tool that fills one while the test waits on the
        // other would never end.
        let errorText = Locked("")
        let drained = DispatchSemaphore(value: 0)
        if !mergingStreams {
            DispatchQueue.global().async {
                errorText.set(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
                drained.signal()
            }
        }
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if !mergingStreams { drained.wait() }
        process.waitUntilExit()
        deadline.cancel()
        if timedOut.value { throw ToolFailure.timedOut(tool: tool, seconds: timeout) }
        if process.terminationReason == .uncaughtSignal {
            throw ToolFailure.crashed(tool: tool, signal: process.terminationStatus, output: outputText + errorText.value)
        }
        return ToolRun(status: process.terminationStatus, output: outputText, errors: errorText.value)
    }
}

/// A value one thread writes and another reads after it.
// @unchecked Sendable: the lock guards the only stored property; values are strings and flags.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    func set(_ value: Value) { lock.withLock { stored = value } }
    var value: Value { lock.withLock { stored } }
}
