import Foundation
import Synchronization
import Tracing

/// A span of `JSONLinesTracer`: recorded in memory while it runs, written as one line when
/// it ends (once; later changes are ignored, as for any ended span).
public final class JSONLinesSpan: Span, Sendable {
    public let context: ServiceContext
    private let identity: SpanIdentity
    private let parentSpanID: String?
    private let kind: SpanKind
    private let start: UInt64
    private let output: SpanOutput
    private let state: Mutex<State>

    /// What may change until the span ends.
    private struct State {
        var operationName: String
        var attributes = SpanAttributes()
        var status: SpanStatus?
        var events: [SpanEvent] = []
        var links: [SpanLink] = []
        var ended = false
    }

    init(
        operationName: String, kind: SpanKind, identity: SpanIdentity, parentSpanID: String?,
        context: ServiceContext, start: UInt64, output: SpanOutput
    ) {
        self.context = context
        self.identity = identity
        self.parentSpanID = parentSpanID
        self.kind = kind
        self.start = start
        self.output = output
        state = Mutex(State(operationName: operationName))
    }

    public var operationName: String {
        get { state.withLock { $0.operationName } }
        set { state.withLock { if !$0.ended { $0.operationName = newValue } } }
    }

    public var attributes: SpanAttributes {
        get { state.withLock { $0.attributes } }
        set { state.withLock { if !$0.ended { $0.attributes = newValue } } }
    }

    /// Whether the span records: not once it ended, and never in a trace whose caller
    /// said not to sample it (`traceparent` flags `00`).
    public var isRecording: Bool {
        identity.sampled && state.withLock { !$0.ended }
    }

    public func setStatus(_ status: SpanStatus) {
        state.withLock { if !$0.ended { $0.status = status } }
    }

    public func addEvent(_ event: SpanEvent) {
        state.withLock { if !$0.ended { $0.events.append(event) } }
    }

    /// Recorded as OpenTelemetry does: an `exception` event with the error's type and message.
    public func recordError<Instant: TracerInstant>(_ error: any Error, attributes: SpanAttributes, at instant: @autoclosure () -> Instant) {
        var attributes = attributes
        attributes["exception.type"] = String(reflecting: type(of: error))
        attributes["exception.message"] = String(describing: error)
        addEvent(SpanEvent(name: "exception", at: instant(), attributes: attributes))
    }

    public func addLink(_ link: SpanLink) {
        state.withLock { if !$0.ended { $0.links.append(link) } }
    }

    public func end<Instant: TracerInstant>(at instant: @autoclosure () -> Instant) {
        let end = instant().nanosecondsSinceEpoch
        guard let ended = state.withLock({ state -> State? in
            guard !state.ended else { return nil }
            state.ended = true
            return state
        }) else { return }
        // An unsampled trace is carried on (`traceparent` says so downstream), not written.
        guard identity.sampled else { return }
        let record = SpanRecord(
            name: ended.operationName, kind: kind, identity: identity, parentSpanID: parentSpanID,
            start: start, end: end, status: ended.status, attributes: ended.attributes,
            events: ended.events, links: ended.links
        )
        if let line = try? SpanRecord.encoder.encode(record) {
            output.write(line)
        }
    }
}
