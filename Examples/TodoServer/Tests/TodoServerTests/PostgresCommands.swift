import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// PostgreSQL's command-line tools, as the PostgreSQL tests run them: `psql` on a test
/// database, Debian's `pg_ctlcluster` and `pg_lsclusters`.
enum PostgresCommands {
    /// Runs `statements` with `psql` on the database at `url`, as the URL's user, stopping
    /// at the first error; expects it to succeed.
    static func psql(_ statements: String, url: String) async throws {
        try await spawn(["/usr/bin/psql", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", statements])
    }

    /// Runs `argv` and waits for it to exit, expecting status 0. (Spawned and reaped
    /// directly: Foundation's `Process` never reports the end of a command whose daemon
    /// child keeps the descriptors it inherited, as `pg_ctlcluster start`'s does.)
    static func spawn(_ argv: [String]) async throws {
        let status: Int32 = await withCheckedContinuation { finished in
            DispatchQueue.global().async {
                var pid = pid_t()
                var pointers = argv.map { strdup($0) } + [nil]
                defer { pointers.forEach { free($0) } }
                guard posix_spawn(&pid, argv[0], nil, nil, &pointers, environ) == 0 else {
                    finished.resume(returning: -1)
                    return
                }
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                finished.resume(returning: status)
            }
        }
        #expect(status == 0, "\(argv[0]) ended with status \(status)")
    }

    /// The port of the Debian cluster `version name` (`pg_lsclusters`), or nil when there
    /// is no such cluster.
    static func clusterPort(version: String, name: String) -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pg_lsclusters")
        process.arguments = ["-h", version, name]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let columns = text.split(whereSeparator: \.isWhitespace)
        return process.terminationStatus == 0 && columns.count > 2 ? Int(columns[2]) : nil
    }
}
