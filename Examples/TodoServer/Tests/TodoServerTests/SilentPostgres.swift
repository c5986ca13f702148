import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A stand-in for a PostgreSQL server that is slow to accept connections and then never
/// answers (as one does while it restarts): it speaks just enough of the protocol for a
/// client to connect. While `silent` is false it answers every statement with an empty
/// success (the server's start-up check and migrations pass); once it is true, each new
/// connection's handshake takes `handshakeDelay`, and its statements get no answer.
final class SilentPostgres: Sendable {
    let port: Int
    let silent = Atomic(false)
    private let listener: Int32
    private let handshakeDelay: Duration

    init?(handshakeDelay: Duration) {
        guard let listener = RawConnection.tcpSocket() else { return nil }
        var address = RawConnection.loopback(port: 0)
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        guard bound == 0, listen(listener, 16) == 0,
              withUnsafeMutablePointer(to: &address, { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }) == 0
        else {
            close(listener)
            return nil
        }
        self.listener = listener
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.handshakeDelay = handshakeDelay
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting; connections already open end with the process's sockets.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        let silent = silent.load(ordering: .relaxed)
        // The startup message: its length, then the rest.
        guard let length = readInt32(connection), readBytes(connection, Int(length) - 4) != nil else { return }
        if silent {
            Thread.sleep(forTimeInterval: Double(handshakeDelay.components.seconds) + Double(handshakeDelay.components.attoseconds) / 1e18)
        }
        // AuthenticationOk, BackendKeyData, then ReadyForQuery (idle).
        let handshake: [UInt8] = [UInt8(ascii: "R"), 0, 0, 0, 8, 0, 0, 0, 0]
            + [UInt8(ascii: "K"), 0, 0, 0, 12, 0, 0, 0, 1, 0, 0, 0, 2]
            + [UInt8(ascii: "Z"), 0, 0, 0, 5, UInt8(ascii: "I")]
        guard write(connection, handshake) else { return }
        while let type = readBytes(connection, 1)?.first, let length = readInt32(connection), let body = readBytes(connection, Int(length) - 4) {
            if silent { continue }
            switch type {
            case UInt8(ascii: "P"): _ = write(connection, [UInt8(ascii: "1"), 0, 0, 0, 4])          // ParseComplete
            case UInt8(ascii: "B"): _ = write(connection, [UInt8(ascii: "2"), 0, 0, 0, 4])          // BindComplete
            case UInt8(ascii: "D"):
                // Describe: of a statement, its (no) parameters first; then no rows.
                let parameters: [UInt8] = body.first == UInt8(ascii: "S") ? [UInt8(ascii: "t"), 0, 0, 0, 6, 0, 0] : []
                _ = write(connection, parameters + [UInt8(ascii: "n"), 0, 0, 0, 4])
            case UInt8(ascii: "E"):                                                                 // CommandComplete
                let tag = Array("SELECT 0".utf8) + [0]
                _ = write(connection, [UInt8(ascii: "C")] + int32(4 + tag.count) + tag)
            case UInt8(ascii: "S"): _ = write(connection, [UInt8(ascii: "Z"), 0, 0, 0, 5, UInt8(ascii: "I")]) // ReadyForQuery
            case UInt8(ascii: "X"): return                                                          // Terminate
            default: break
            }
        }
    }

    private func int32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private func readInt32(_ connection: Int32) -> Int32? {
        guard let bytes = readBytes(connection, 4) else { return nil }
        return bytes.reduce(0) { $0 << 8 | Int32($1) }
    }

    private func readBytes(_ connection: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = bytes.withUnsafeMutableBytes { recv(connection, $0.baseAddress! + filled, count - filled, 0) }
            guard read > 0 else { return nil }
            filled += read
        }
        return bytes
    }

    private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
        bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
        #else
        bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) } == bytes.count
        #endif
    }
}
