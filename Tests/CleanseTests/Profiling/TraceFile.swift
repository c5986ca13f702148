import Foundation
import Testing

/// A Chrome trace file as Perfetto reads it: the complete events of one `traceEvents` array,
/// checked for the shape every viewer expects.
struct TraceFile {
    struct Event {
        let name: String
        let category: String
        let start: Double
        let duration: Double
        let thread: Int
        let arguments: [String: Any]

        var end: Double { start + duration }
        func contains(_ other: Event) -> Bool {
            thread == other.thread && start <= other.start && other.end <= end
        }
    }

    let events: [Event]

    /// Parses `text`, failing the test when it is not a trace of complete events with
    /// non-negative times.
    init(_ text: String) throws {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let root = try #require(object as? [String: Any])
        let raw = try #require(root["traceEvents"] as? [[String: Any]])
        events = try raw.map { event in
            #expect(event["ph"] as? String == "X")
            let start = try #require(event["ts"] as? Double ?? (event["ts"] as? Int).map(Double.init))
            let duration = try #require(event["dur"] as? Double ?? (event["dur"] as? Int).map(Double.init))
            #expect(start >= 0 && duration >= 0)
            return Event(
                name: try #require(event["name"] as? String),
                category: try #require(event["cat"] as? String),
                start: start,
                duration: duration,
                thread: try #require(event["tid"] as? Int),
                arguments: try #require(event["args"] as? [String: Any])
            )
        }
    }

    func events(_ category: String) -> [Event] {
        events.filter { $0.category == category }
    }

    /// The innermost event that holds `event`, if any.
    func parent(of event: Event) -> Event? {
        events.filter { $0.contains(event) && !($0.start == event.start && $0.duration == event.duration && $0.name == event.name) }
            .min { $0.duration < $1.duration }
    }

    /// Whether every two events on a thread either nest or do not overlap, as a flame chart
    /// needs.
    var nestsProperly: Bool {
        let byThread = Dictionary(grouping: events, by: \.thread)
        for events in byThread.values {
            let sorted = events.sorted { ($0.start, -$0.duration) < ($1.start, -$1.duration) }
            var open: [Event] = []
            for event in sorted {
                while let last = open.last, last.end <= event.start { open.removeLast() }
                if let last = open.last, event.end > last.end + 0.001 { return false }
                open.append(event)
            }
        }
        return true
    }
}
