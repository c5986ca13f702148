/// Shared objects of a subcomponent that can each ask for the next through a handle on the
/// component, and so for the first again: each must stay alive while the other may still
/// ask for it, so neither, nor the component instance, would ever be freed.
///
/// Reported by `ComponentFactory.of` for subcomponents, whose instances are made again and
/// again (one per request, per screen); a root component is built once, and such a graph
/// lives as long as the process.
public struct RetentionCycle: CleanseError, Hashable {
    /// One object of the cycle: the shared binding, and the request through which it can
    /// reach the next one.
    public struct Link: Sendable, Hashable {
        /// The shared binding's key.
        public let key: BindingKey
        /// Where it is bound.
        public let location: SourceLocation
        /// The type it requests that leads to the next binding (`Provider<Screen>`).
        public let handle: TypeIdentity
        /// How it is requested: a provider kind, or direct (a factory, an object graph, or a
        /// value that keeps one).
        public let handleKind: RequestKind

        package init(key: BindingKey, location: SourceLocation, handle: TypeIdentity, handleKind: RequestKind) {
            self.key = key
            self.location = location
            self.handle = handle
            self.handleKind = handleKind
        }
    }

    /// The subcomponent whose instances would never be freed.
    public let component: TypeIdentity
    /// The shared bindings in cycle order: each reaches the next, the last the first.
    public let links: [Link]

    package init(component: TypeIdentity, links: [Link]) {
        self.component = component
        self.links = links
    }

    public var diagnosticID: DiagnosticID { .retentionCycle }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        let quoted = links.map(\.key.quoted)
        let names = quoted.count > 1 ? quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1] : quoted.joined()
        var message = MessageBuilder(
            .retentionCycle,
            "\(names), shared in \(component.quoted), can each ask for the next through a handle on \(component.quoted), so they would keep each other alive and no instance of \(component.quoted) would ever be freed"
        )
        for (index, link) in links.enumerated() {
            let next = links[(index + 1) % links.count]
            message.detail("\(link.key.quoted) bound at \(link.location) keeps \(link.handle.quoted), which reaches \(next.key.quoted)", .binding(link.location))
        }
        if let closing = links.first(where: { $0.handleKind.keepsItsComponent }) ?? links.first {
            message.fix("keep a WeakProvider instead of \(closing.handle.quoted) in \(closing.key.type.quoted), or do not share one of them in scope")
        }
        return message.message
    }
}
