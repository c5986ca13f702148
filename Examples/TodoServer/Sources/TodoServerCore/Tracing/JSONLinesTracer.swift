import Foundation
import Synchronization
import Tracing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tracer that writes each span, when it ends, as one line of JSON: the exporter an
/// operator gets without writing code or running a collector. Requests carry their trace
/// in and out with W3C Trace Context's `traceparent` header, so a span whose caller was
/// traced joins the caller's trace.
///
/// ```swift
/// InstrumentationSystem.bootstrap(try JSONLinesTracer(writingTo: .file(path: "spans.jsonl")))
/// ```
///
/// A line holds the span's name, kind, trace and span IDs (and its parent's), start and end
/// in nanoseconds since 1970, status, attributes, events (a recorded error is an
/// `exception` event, as OpenTelemetry names it) and links. Lines are written whole, one
/// `write` each, so two servers may share a file.
public final class JSONLinesTracer: Tracer, Sendable {
    public typealias Span = JSONLinesSpan

    private let output: SpanOutput

    /// A tracer writing to `destination`; a file is opened (created when missing) now.
    public init(writingTo destination: SpanDestination) throws(CannotWriteSpans) {
        output = try SpanOutput(destination)
    }

    public func startSpan<Instant: TracerInstant>(
        _ operationName: String,
        context: @autoclosure () -> ServiceContext,
        ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant,
        function: String,
        file fileID: String,
        line: UInt
    ) -> JSONLinesSpan {
        var context = context()
        let parent = context[SpanIdentityKey.self]
        let identity = parent?.child() ?? .newTrace()
        context[SpanIdentityKey.self] = identity
        return JSONLinesSpan(
            operationName: operationName, kind: kind, identity: identity, parentSpanID: parent?.spanID,
            context: context, start: instant().nanosecondsSinceEpoch, output: output
        )
    }

    /// Makes a tracer writing to `destination` the process's tracer: Hummingbird's request
    /// spans and Cleanse's construction spans (`ServerComponent.factory()`) go to it. Call
    /// it once, before the server's factory is made.
    public static func bootstrap(writingTo destination: SpanDestination) throws(CannotWriteSpans) {
        InstrumentationSystem.bootstrap(try JSONLinesTracer(writingTo: destination))
    }

    /// Each span is written when it ends: nothing waits.
    public func forceFlush() {}

    public func extract<Carrier, Extract: Extractor>(_ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract)
    where Extract.Carrier == Carrier {
        if let header = extractor.extract(key: "traceparent", from: carrier), let parent = SpanIdentity(traceparent: header) {
            context[SpanIdentityKey.self] = parent
        }
    }

    public func inject<Carrier, Inject: Injector>(_ context: ServiceContext, into carrier: inout Carrier, using injector: Inject)
    where Inject.Carrier == Carrier {
        if let identity = context[SpanIdentityKey.self] {
            injector.inject(identity.traceparent, forKey: "traceparent", into: &carrier)
        }
    }
}

/// Why the spans cannot be written: the file named could not be opened for appending.
public struct CannotWriteSpans: Error, CustomStringConvertible {
    public let description: String
}

/// The descriptor spans are written to, one whole line per `write`.
final class SpanOutput: Sendable {
    private let descriptor: Int32
    private let closes: Bool
    /// Held while a line is written, so that a line a short write splits is not interleaved
    /// with another thread's.
    private let writing = Mutex(())

    init(_ destination: SpanDestination) throws(CannotWriteSpans) {
        switch destination {
        case .standardOutput:
            descriptor = STDOUT_FILENO
            closes = false
        case .standardError:
            descriptor = STDERR_FILENO
            closes = false
        case .file(let path):
            let opened = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard opened >= 0 else {
                throw CannotWriteSpans(description: "cannot write spans to '\(path)': \(String(cString: strerror(errno)))")
            }
            descriptor = opened
            closes = true
        }
    }

    deinit {
        if closes { close(descriptor) }
    }

    /// Writes `line` and a newline; a failed write drops the line (tracing never fails a
    /// request).
    func write(_ line: Data) {
        var bytes = line
        bytes.append(UInt8(ascii: "\n"))
        writing.withLock { _ in
            bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                var offset = 0
                while offset < buffer.count {
                    let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                    if written > 0 {
                        offset += written
                    } else if written < 0 && errno == EINTR {
                        continue
                    } else {
                        return
                    }
                }
            }
        }
    }
}

/// `write(2)`, named apart from `SpanOutput.write(_:)`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
