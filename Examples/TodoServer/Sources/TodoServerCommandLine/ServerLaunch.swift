import ArgumentParser
import Cleanse
import Foundation
import TodoServerCore

/// Runs a server made by `make` until SIGINT or SIGTERM, and turns the failures a user can
/// fix into a message and an exit status: 3 when the database cannot be used, 4 when the
/// object graph is invalid, 5 when the server cannot listen on its address, 64 when the
/// spans' file cannot be written. The configuration's span destination, when it has one,
/// gets the process's tracer first.
public func runServer(_ configuration: ServerConfiguration, _ make: () async throws -> TodoServer) async throws {
    if let spans = configuration.spans {
        do {
            try JSONLinesTracer.bootstrap(writingTo: spans)
        } catch {
            FileHandle.standardError.write(Data("todo-server: \(error)\n".utf8))
            throw ExitCode(64)
        }
    }
    do {
        let server = try await make()
        try await server.run()
    } catch let error where DatabaseUnavailable.cause(of: error) != nil {
        let cause = DatabaseUnavailable.cause(of: error).map { "\($0)" } ?? "\(error)"
        FileHandle.standardError.write(Data("todo-server: \(cause)\n".utf8))
        throw ExitCode(3)
    } catch let error as CannotListen {
        FileHandle.standardError.write(Data("todo-server: \(error)\n".utf8))
        throw ExitCode(5)
    } catch let error as any CleanseError {
        FileHandle.standardError.write(Data("todo-server: the object graph is invalid:\n\(error)\n".utf8))
        throw ExitCode(4)
    }
}
