public import Cleanse
public import Tracing

/// A ``Cleanse/GraphObserver`` that makes a span of each piece of work Cleanse does for a
/// graph: the phases of `ComponentFactory.of`, each component built, each object made.
///
/// Spans nest as the work does, under the span current where the work starts: a request
/// handler's subcomponent build appears under the request's span, with each object it
/// makes inside.
///
/// ```swift
/// let observer = TracingGraphObserver()  // InstrumentationSystem's tracer
/// let server = try ComponentFactory.of(ServerComponent.self, observer: observer)
/// ```
///
/// Each span carries the component (`cleanse.component`), the binding's key
/// (`cleanse.key`), its `file:line` (`cleanse.location`) and, for an object, whether it is
/// shared in scope (`cleanse.shared`).
public struct TracingGraphObserver: GraphObserver {
    /// The tracer spans are started with.
    public let tracer: any Tracer
    /// The kinds of work that get a span; the others run without one.
    public let kinds: Set<GraphEvent.Kind>

    /// Makes spans with `tracer` (by default the tracer `InstrumentationSystem` was
    /// bootstrapped with, read now) for the work of the kinds given (every kind by default).
    public init(tracer: (any Tracer)? = nil, kinds: Set<GraphEvent.Kind> = Set(GraphEvent.Kind.allCases)) {
        self.tracer = tracer ?? InstrumentationSystem.tracer
        self.kinds = kinds
    }

    /// An observer with `InstrumentationSystem`'s tracer, or `nil` when no tracer was
    /// bootstrapped (a no-op tracer would make every build pay for spans nobody keeps).
    public static func forBootstrappedTracer(kinds: Set<GraphEvent.Kind> = Set(GraphEvent.Kind.allCases)) -> TracingGraphObserver? {
        InstrumentationSystem.tracer is NoOpTracer ? nil : TracingGraphObserver(kinds: kinds)
    }

    public func observe<R>(_ event: GraphEvent, _ work: () throws -> R) rethrows -> R {
        guard kinds.contains(event.kind) else { return try work() }
        return try Self.span(event, with: tracer, work)
    }

    public func observeAsync<R>(_ event: GraphEvent, _ work: () async throws -> R) async rethrows -> R {
        guard kinds.contains(event.kind) else { return try await work() }
        return try await Self.spanAsync(event, with: tracer, work)
    }

    // Generic over the tracer, so the tracer's own span type is used (the existential's
    // methods would go through the deprecated `LegacyTracer`).
    private static func span<Traced: Tracer, R>(_ event: GraphEvent, with tracer: Traced, _ work: () throws -> R) rethrows -> R {
        try tracer.withSpan(event.name) { span in
            describe(event, on: span)
            return try work()
        }
    }

    private static func spanAsync<Traced: Tracer, R>(_ event: GraphEvent, with tracer: Traced, _ work: () async throws -> R) async rethrows -> R {
        try await tracer.withSpan(event.name) { span in
            describe(event, on: span)
            return try await work()
        }
    }

    private static func describe(_ event: GraphEvent, on span: some Span) {
        span.attributes["cleanse.kind"] = event.kind.rawValue
        span.attributes["cleanse.component"] = event.component.name
        span.attributes["cleanse.location"] = event.location.description
        if let key = event.key {
            span.attributes["cleanse.key"] = key.description
        }
        if event.kind == .construct {
            span.attributes["cleanse.shared"] = event.isShared
        }
    }
}
