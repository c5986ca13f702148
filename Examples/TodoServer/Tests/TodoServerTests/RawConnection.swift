import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection to the server written byte by byte, as a slow or misbehaving client
/// would: half a request head, a body that never ends.
final class RawConnection {
    private let descriptor: Int32

    /// Connects to `127.0.0.1:port`, or returns nil.
    init?(port: Int) {
        guard let descriptor = Self.tcpSocket() else { return nil }
        var address = Self.loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    /// A new TCP socket, or nil.
    static func tcpSocket() -> Int32? {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        return descriptor >= 0 ? descriptor : nil
    }

    /// The address `127.0.0.1:port`.
    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    /// Sends `text` as it is (false once the server has closed the connection).
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        // MSG_NOSIGNAL: a write to a connection the server closed fails instead of raising
        // SIGPIPE, which would end the test process.
        #if canImport(Glibc)
        return bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
        #else
        return bytes.withUnsafeBytes { Darwin.send(descriptor, $0.baseAddress, $0.count, 0) } == bytes.count
        #endif
    }

    /// Sends `text` a byte at a time, `interval` seconds apart, as a slowloris client does;
    /// returns the seconds that passed before the server closed the connection and what it
    /// sent before closing, or nil when the whole text went out and the server kept the
    /// connection for `interval` more.
    func dribble(_ text: String, every interval: Double) -> (seconds: Double, answer: String)? {
        let started = Date()
        var answer: [UInt8] = []
        for byte in text.utf8 {
            if receive(into: &answer, untilClosedWithin: interval) || !send(String(decoding: [byte], as: UTF8.self)) {
                _ = receive(into: &answer, untilClosedWithin: interval)
                return (Date().timeIntervalSince(started), String(decoding: answer, as: UTF8.self))
            }
        }
        guard receive(into: &answer, untilClosedWithin: interval) else { return nil }
        return (Date().timeIntervalSince(started), String(decoding: answer, as: UTF8.self))
    }

    /// Sends `request` on this connection and reads its answer: the status, or nil when the
    /// connection closed first or the answer took longer than `seconds`.
    func exchange(_ request: String, within seconds: Double = 5) -> Int? {
        guard send(request) else { return nil }
        let deadline = Date().addingTimeInterval(seconds)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1_000))) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return nil }
            received.append(contentsOf: buffer[0..<count])
            let text = Data(received)
            guard let headEnd = text.range(of: Data("\r\n\r\n".utf8)),
                  let head = String(data: text[..<headEnd.lowerBound], encoding: .utf8)
            else { continue }
            let lines = head.split(separator: "\r\n")
            let length = lines.lazy
                .compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }
                .first ?? 0
            if text.count - headEnd.upperBound >= length, let status = lines.first?.split(separator: " ").dropFirst().first {
                return Int(status)
            }
        }
        return nil
    }

    /// Whether the server closes the connection within `seconds` (reads and drops whatever
    /// it sends first).
    func closedByServer(within seconds: Double) -> Bool {
        readToEnd(within: seconds) != nil
    }

    /// Everything the server sends until it closes the connection, or nil when that takes
    /// longer than `seconds`.
    func readToEnd(within seconds: Double) -> [UInt8]? {
        var received: [UInt8] = []
        return receive(into: &received, untilClosedWithin: seconds) ? received : nil
    }

    /// What the server sends for `seconds` (less if it closes first), and whether it closed.
    func received(within seconds: Double) -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        let closed = receive(into: &received, untilClosedWithin: seconds)
        return (String(decoding: received, as: UTF8.self), closed)
    }

    /// Appends what the server sends to `received` for up to `seconds`; true as soon as the
    /// server has closed the connection.
    private func receive(into received: inout [UInt8], untilClosedWithin seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let waitMilliseconds = Int32(max(1, deadline.timeIntervalSinceNow * 1_000))
            guard poll(&poller, 1, waitMilliseconds) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return true }
            received.append(contentsOf: buffer[0..<count])
        }
        return false
    }

    /// Sends one request with `Connection: close` and returns the status and body of the
    /// answer, or nil when the connection failed or the answer took over `seconds`. Blocks
    /// the calling thread: for load from threads of one's own.
    static func request(
        port: Int, _ method: String, _ path: String, token: String, json: String, headers: [String: String] = [:], within seconds: Double = 20
    ) -> (status: Int, body: Data)? {
        guard let connection = RawConnection(port: port) else { return nil }
        let extra = headers.map { "\($0.key): \($0.value)\r\n" }.joined()
        let head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: Bearer \(token)\r\n" + extra
            + "Content-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n"
        guard connection.send(head + json), let answer = connection.readToEnd(within: seconds) else { return nil }
        let text = Data(answer)
        guard let statusLine = String(data: text.prefix(32), encoding: .utf8)?.split(separator: " "), statusLine.count > 1,
              let status = Int(statusLine[1]),
              let split = text.range(of: Data("\r\n\r\n".utf8))
        else { return nil }
        return (status, text[split.upperBound...])
    }

    /// `request(port:…)` on a thread of its own, awaited (see `offThePool`).
    static func requestOffThePool(
        port: Int, _ method: String, _ path: String, token: String, json: String, headers: [String: String] = [:], within seconds: Double = 20
    ) async -> (status: Int, body: Data)? {
        await offThePool { request(port: port, method, path, token: token, json: json, headers: headers, within: seconds) }
    }

    deinit {
        close(descriptor)
    }
}

/// Runs `work`, which blocks on sockets, on a new thread of its own and awaits its result:
/// on the cooperative pool (two threads on two cores) two tests blocking at once would
/// starve every server's tasks, and Dispatch's global queues are as narrow.
func offThePool<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { answered in
        Thread.detachNewThread { answered.resume(returning: work()) }
    }
}
