/// Watches the work Cleanse does for a graph (the phases of `ComponentFactory.of` and the
/// construction of every object) and the warnings its validation finds. Each piece of work
/// runs inside the observer's call for it, so nested work runs inside the call for the
/// work that needs it.
///
/// Pass one to `ComponentFactory.of(_:validate:serviceLoader:observer:file:line:column:)`. It is
/// called for that graph only; a graph made without an observer pays nothing for this.
/// ``LaunchProfile`` is the observer Cleanse ships; an integration with a tracing system
/// wraps each piece of work in a span:
///
/// ```swift
/// struct SpanObserver: GraphObserver {
///     func observe<R>(_ event: GraphEvent, _ work: () throws -> R) rethrows -> R {
///         try withSpan(event.name) { _ in try work() }
///     }
///     func observeAsync<R>(_ event: GraphEvent, _ work: () async throws -> R) async rethrows -> R {
///         try await withSpan(event.name) { _ in try await work() }
///     }
/// }
/// ```
///
/// Every requirement has an implementation that only runs the work (or ignores the
/// warning), so an observer writes the ones it needs. Observers are called from whichever thread does the work, concurrently
/// when two threads build at once; they must not ask the graph for anything.
public protocol GraphObserver: Sendable {
    /// Runs `work`, the synchronous piece of work `event` describes, and returns its result.
    func observe<R>(_ event: GraphEvent, _ work: () throws -> R) rethrows -> R

    /// Runs `work`, the asynchronous piece of work `event` describes (the construction of an
    /// object with an `async` factory), and returns its result.
    func observeAsync<R>(_ event: GraphEvent, _ work: () async throws -> R) async rethrows -> R

    /// Is told each warning `ComponentFactory.of` found (`UnrequestedPropertyInjector`,
    /// and those plugins reported), once the graph is validated.
    func warned(_ warning: any CleanseError)
}

extension GraphObserver {
    public func observe<R>(_ event: GraphEvent, _ work: () throws -> R) rethrows -> R {
        try work()
    }

    public func observeAsync<R>(_ event: GraphEvent, _ work: () async throws -> R) async rethrows -> R {
        try await work()
    }

    public func warned(_ warning: any CleanseError) {}
}
