#if os(Linux)
private import CCleanseSystem
#elseif canImport(Darwin)
private import Darwin
#endif

/// Records where the time of making a graph goes: the phases of `ComponentFactory.of` and
/// the construction of every object, nested as they were made, in the Chrome trace event
/// format that Perfetto (ui.perfetto.dev) and `chrome://tracing` open.
///
/// ```swift
/// let profile = LaunchProfile()
/// let app = try ComponentFactory.of(AppComponent.self, observer: profile).build(())
/// try profile.chromeTrace().write(toFile: "launch.json", atomically: true, encoding: .utf8)
/// print(profile.summary())
/// ```
///
/// Off by default: a factory made without it pays nothing. With it, every factory,
/// provider and collection element of the graph is timed each time it runs, and builds
/// make shared objects as their first requester needs them (not ahead, as builds that
/// nobody watches may), so each object's entry holds the objects made for it.
public final class LaunchProfile: GraphObserver, @unchecked Sendable {
    // Safe to share: `recorded` is only touched with `lock` held; `origin` is immutable.

    /// One piece of work, timed.
    public struct Entry: Sendable {
        /// What the work was.
        public let event: GraphEvent
        /// When it started, from the profile's creation.
        public let start: Duration
        /// How long it took, the work nested in it included.
        public let duration: Duration
        /// The thread it started on.
        public let thread: Int
    }

    private let origin = ContinuousClock.now
    private let lock = RecursiveLock()
    private var recorded: [Entry] = []

    /// Creates an empty profile; its times count from now.
    public init() {}

    /// Every piece of work recorded so far, in the order each finished.
    public var entries: [Entry] {
        lock.withLock { recorded }
    }

    public func observe<R>(_ event: GraphEvent, _ work: () throws -> R) rethrows -> R {
        let thread = Self.currentThread
        let start = ContinuousClock.now
        defer { record(event, from: start, thread: thread) }
        return try work()
    }

    public func observeAsync<R>(_ event: GraphEvent, _ work: () async throws -> R) async rethrows -> R {
        let thread = Self.currentThread
        let start = ContinuousClock.now
        defer { record(event, from: start, thread: thread) }
        return try await work()
    }

    private func record(_ event: GraphEvent, from start: ContinuousClock.Instant, thread: Int) {
        let end = ContinuousClock.now
        let entry = Entry(event: event, start: start - origin, duration: end - start, thread: thread)
        lock.withLock { recorded.append(entry) }
    }

    private static var currentThread: Int {
        #if os(Linux)
        return Int(cleanse_current_thread_id())
        #else
        return Int(bitPattern: UInt(bitPattern: pthread_self()))
        #endif
    }
}

extension LaunchProfile {
    /// The entries with the time each spent on its own, without the entries nested in it
    /// (an entry is nested in another on its thread when it starts and ends within it), in
    /// start order.
    public var timeline: [(entry: Entry, ownDuration: Duration, depth: Int)] {
        let sorted = entries.sorted { ($0.thread, $0.start, $1.duration) < ($1.thread, $1.start, $0.duration) }
        var result: [(entry: Entry, ownDuration: Duration, depth: Int)] = []
        result.reserveCapacity(sorted.count)
        // The open entries on the current thread, outermost first, by position in `result`.
        var open: [Int] = []
        for entry in sorted {
            while let last = open.last {
                let enclosing = result[last].entry
                if enclosing.thread == entry.thread, entry.start + entry.duration <= enclosing.start + enclosing.duration {
                    break
                }
                open.removeLast()
            }
            if let parent = open.last {
                result[parent].ownDuration -= entry.duration
            }
            open.append(result.count)
            result.append((entry, entry.duration, open.count - 1))
        }
        return result.sorted { $0.entry.start < $1.entry.start }
    }

    /// The profile as a Chrome trace (JSON): one complete event (`"ph":"X"`) per entry, in
    /// microseconds, with the component, the binding's key, its `file:line`, whether it is
    /// shared and its own time as arguments.
    public func chromeTrace() -> String {
        let events = timeline.map { item -> JSONValue in
            let event = item.entry.event
            var arguments: [(String, JSONValue)] = [
                ("component", .string(event.component.name)),
                ("location", .string(event.location.description)),
            ]
            if let key = event.key {
                arguments.append(("key", .string(key.description)))
            }
            if event.kind == .construct {
                arguments.append(("shared", .string(event.isShared ? "yes" : "no")))
            }
            arguments.append(("own_us", .fraction(Self.microseconds(item.ownDuration))))
            return .object([
                ("name", .string(event.name)),
                ("cat", .string(event.kind.rawValue)),
                ("ph", .string("X")),
                ("ts", .fraction(Self.microseconds(item.entry.start))),
                ("dur", .fraction(Self.microseconds(item.entry.duration))),
                ("pid", .number(1)),
                ("tid", .number(item.entry.thread)),
                ("args", .object(arguments)),
            ])
        }
        return JSONValue.object([("traceEvents", .array(events)), ("displayTimeUnit", .string("ms"))]).rendered + "\n"
    }

    /// A table of the phases and of the `limit` objects that took the longest on their own.
    public func summary(limit: Int = 10) -> String {
        let timeline = self.timeline
        var lines = ["phase or object                                   own µs    total µs"]
        func line(_ name: String, own: Duration, total: Duration) -> String {
            let padded = name.count > 44 ? String(name.prefix(43)) + "…" : name + String(repeating: " ", count: 44 - name.count)
            return padded + Self.column(own) + Self.column(total)
        }
        for item in timeline where item.entry.event.kind != .construct {
            lines.append(line(item.entry.event.name, own: item.ownDuration, total: item.entry.duration))
        }
        let objects = timeline.filter { $0.entry.event.kind == .construct }.sorted { $0.ownDuration > $1.ownDuration }
        for item in objects.prefix(limit) {
            lines.append(line(item.entry.event.name, own: item.ownDuration, total: item.entry.duration))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
    }

    private static func column(_ duration: Duration) -> String {
        let tenths = Int((microseconds(duration) * 10).rounded())
        let text = "\(tenths / 10).\(abs(tenths % 10))"
        return String(repeating: " ", count: max(1, 12 - text.count)) + text
    }
}
