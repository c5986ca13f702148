import Tracing

/// Which trace a span belongs to and which span it is, as W3C Trace Context writes them:
/// a 128-bit trace ID and a 64-bit span ID, in lowercase hexadecimal.
struct SpanIdentity: Sendable, Hashable {
    let traceID: String
    let spanID: String
    /// Whether the trace is sampled (the `traceparent` flags' low bit). This tracer writes
    /// the spans of sampled traces only; the flag is carried so that a downstream service
    /// sees what was asked.
    let sampled: Bool

    /// A span of a new trace.
    static func newTrace() -> SpanIdentity {
        SpanIdentity(traceID: hex(.random(in: 1...UInt64.max)) + hex(.random(in: .min ... .max)), spanID: newSpanID(), sampled: true)
    }

    /// A new span of this one's trace.
    func child() -> SpanIdentity {
        SpanIdentity(traceID: traceID, spanID: Self.newSpanID(), sampled: sampled)
    }

    private static func newSpanID() -> String {
        hex(.random(in: 1...UInt64.max))
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The `traceparent` header for this span: `00-<trace>-<span>-<flags>`.
    var traceparent: String {
        "00-\(traceID)-\(spanID)-\(sampled ? "01" : "00")"
    }

    /// The span a `traceparent` header names, or `nil` when the header is not one version
    /// 00 allows (a zero ID, the wrong length, upper case), as the specification says to
    /// ignore it and start a new trace.
    init?(traceparent header: String) {
        let parts = header.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "00",
              Self.isID(parts[1], length: 32), Self.isID(parts[2], length: 16),
              parts[3].count == 2, let flags = UInt8(parts[3], radix: 16), Self.isHex(parts[3])
        else { return nil }
        self.init(traceID: String(parts[1]), spanID: String(parts[2]), sampled: flags & 1 == 1)
    }

    init(traceID: String, spanID: String, sampled: Bool) {
        self.traceID = traceID
        self.spanID = spanID
        self.sampled = sampled
    }

    private static func isID(_ text: Substring, length: Int) -> Bool {
        text.count == length && isHex(text) && text.contains { $0 != "0" }
    }

    private static func isHex(_ text: Substring) -> Bool {
        text.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }
}

/// The current span's identity in a `ServiceContext`: what a child span and an outgoing
/// `traceparent` are made from.
enum SpanIdentityKey: ServiceContextKey {
    typealias Value = SpanIdentity
    static var nameOverride: String? { "todo-server.span" }
}
