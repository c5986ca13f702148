import Foundation
import Tracing

/// One written span: the JSON object of a line of `JSONLinesTracer`'s output. Names follow
/// OpenTelemetry's JSON encoding where one exists (`trace_id`, `start_time_unix_nano`), so
/// a reader that knows those needs no other documentation.
struct SpanRecord: Encodable {
    let name: String
    let kind: String
    let traceID: String
    let spanID: String
    let parentSpanID: String?
    let startTimeUnixNano: UInt64
    let endTimeUnixNano: UInt64
    /// `unset`, `ok` or `error`.
    let status: String
    let statusMessage: String?
    let attributes: [String: AttributeValue]
    let events: [Event]
    let links: [Link]

    // Spelled out: a key strategy would also rewrite the attributes' names.
    enum CodingKeys: String, CodingKey {
        case name, kind, status, attributes, events, links
        case traceID = "trace_id", spanID = "span_id", parentSpanID = "parent_span_id"
        case startTimeUnixNano = "start_time_unix_nano", endTimeUnixNano = "end_time_unix_nano"
        case statusMessage = "status_message"
    }

    struct Event: Encodable {
        let name: String
        let timeUnixNano: UInt64
        let attributes: [String: AttributeValue]

        enum CodingKeys: String, CodingKey {
            case name, attributes
            case timeUnixNano = "time_unix_nano"
        }
    }

    struct Link: Encodable {
        let traceID: String?
        let spanID: String?
        let attributes: [String: AttributeValue]

        enum CodingKeys: String, CodingKey {
            case attributes
            case traceID = "trace_id", spanID = "span_id"
        }
    }

    init(
        name: String, kind: SpanKind, identity: SpanIdentity, parentSpanID: String?, start: UInt64, end: UInt64,
        status: SpanStatus?, attributes: SpanAttributes, events: [SpanEvent], links: [SpanLink]
    ) {
        self.name = name
        self.kind = Self.name(of: kind)
        traceID = identity.traceID
        spanID = identity.spanID
        self.parentSpanID = parentSpanID
        startTimeUnixNano = start
        endTimeUnixNano = end
        switch status?.code {
        case nil: self.status = "unset"
        case .ok: self.status = "ok"
        case .error: self.status = "error"
        }
        statusMessage = status?.message
        self.attributes = Self.values(of: attributes)
        self.events = events.map { Event(name: $0.name, timeUnixNano: $0.nanosecondsSinceEpoch, attributes: Self.values(of: $0.attributes)) }
        self.links = links.map { link in
            let linked = link.context[SpanIdentityKey.self]
            return Link(traceID: linked?.traceID, spanID: linked?.spanID, attributes: Self.values(of: link.attributes))
        }
    }

    /// Keys in a stable order, and `/` left alone in a route's name.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private static func name(of kind: SpanKind) -> String {
        switch kind {
        case .server: "server"
        case .client: "client"
        case .producer: "producer"
        case .consumer: "consumer"
        case .internal: "internal"
        }
    }

    private static func values(of attributes: SpanAttributes) -> [String: AttributeValue] {
        var values: [String: AttributeValue] = [:]
        attributes.forEach { key, attribute in values[key] = AttributeValue(attribute) }
        return values
    }
}

/// An attribute's value as JSON: a number, a Boolean, a string, or an array of one of them.
enum AttributeValue: Encodable {
    case integer(Int64)
    case double(Double)
    case bool(Bool)
    case string(String)
    case array([AttributeValue])

    init(_ attribute: SpanAttribute) {
        switch attribute {
        case .int32(let value): self = .integer(Int64(value))
        case .int64(let value): self = .integer(value)
        case .double(let value): self = .double(value)
        case .bool(let value): self = .bool(value)
        case .string(let value): self = .string(value)
        case .int32Array(let values): self = .array(values.map { .integer(Int64($0)) })
        case .int64Array(let values): self = .array(values.map { .integer($0) })
        case .doubleArray(let values): self = .array(values.map { .double($0) })
        case .boolArray(let values): self = .array(values.map { .bool($0) })
        case .stringArray(let values): self = .array(values.map { .string($0) })
        case .stringConvertible(let value): self = .string(value.description)
        case .stringConvertibleArray(let values): self = .array(values.map { .string($0.description) })
        default: self = .string("\(attribute)")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        }
    }
}
