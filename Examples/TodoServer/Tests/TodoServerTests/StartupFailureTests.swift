import Cleanse
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging
import Testing
@testable import TodoServerCore

/// A server that cannot start says why and closes what it opened: in a debug build an
/// SQLite connection left open traps when it is freed, so these tests would crash, not fail.
@Suite(.serialized) struct StartupFailureTests {
    /// A file that is not an SQLite database opens, then fails the migration: `run` throws
    /// the cause, and the connection is closed.
    @Test func aCorruptDatabaseFileStopsTheStartAndIsClosed() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("todo-corrupt-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(repeating: 0x5A, count: 8_192).write(to: URL(fileURLWithPath: path))
        let server = try ComponentFactory.of(ServerComponent.self).build(ServerConfiguration(port: 0, database: .sqlite(path: path)))
        await #expect {
            try await server.run()
        } throws: { error in
            DatabaseUnavailable.cause(of: error)?.description.hasPrefix("cannot migrate the database") == true
        }
    }

    /// A port another process holds: `run` throws, and the store it opened is closed.
    @Test func aPortInUseStopsTheStartAndTheStoreIsClosed() async throws {
        let (holder, port) = try #require(Self.listeningSocket())
        defer { close(holder) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("todo-port-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let server = try ComponentFactory.of(ServerComponent.self).build(ServerConfiguration(port: port, database: .sqlite(path: path)))
        await #expect(throws: (any Error).self) {
            try await server.run()
        }
    }

    /// A server whose application was made (the store opened) and then released without
    /// running, as a test or a start that fails before the services run leaves it, closes
    /// its store: else the open connection traps when it is freed.
    @Test func aServerReleasedBeforeItRunsClosesItsStore() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("todo-unrun-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let server = try ComponentFactory.of(ServerComponent.self).build(ServerConfiguration(port: 0, database: .sqlite(path: path)))
            _ = try await server.makeApplication()
        }
        // Released: the store's connection closes on its own; the file opens again.
        let again = try await DatabaseModule.open(configuration: ServerConfiguration(port: 0, database: .sqlite(path: path)), logger: Logger(label: "test"))
        try await again.close()
    }

    /// A store closed from a cancelled task (a service group cancelled during its shutdown)
    /// is closed all the same.
    @Test func aStoreClosedFromACancelledTaskIsClosed() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("todo-cancelled-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try await DatabaseModule.open(configuration: ServerConfiguration(port: 0, database: .sqlite(path: path)), logger: Logger(label: "test"))
        let closing = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await store.close()
        }
        try await closing.value
    }

    /// A socket listening on a free loopback port, and the port.
    static func listeningSocket() -> (Int32, Int)? {
        guard let descriptor = RawConnection.tcpSocket() else { return nil }
        var address = RawConnection.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 1) == 0 else { close(descriptor); return nil }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}
