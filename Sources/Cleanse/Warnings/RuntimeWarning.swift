/// A warning a graph gives while it runs, rather than when it is validated: handed to the
/// ``WarningPolicy`` of the `ComponentFactory.of` call that made the graph.
///
/// - `[Cleanse/ReentrantConstruction]`: a thread has waited a long time for a shared object
///   another thread is building (a deadlock if that factory waits for this thread).
/// - `[Cleanse/SharedObjectMadeAgain]`: a shared object that keeps a handle on its component
///   was made a second time for the same component instance.
public struct RuntimeWarning: CleanseError, Hashable, Sendable {
    /// Which warning this is.
    public let diagnosticID: DiagnosticID
    /// The binding it is about.
    public let key: BindingKey
    /// The component whose instance it happened in.
    public let component: TypeIdentity
    /// What happened and what to do, after the ID.
    let explanation: String

    public var severity: DiagnosticSeverity { .warning }

    public var description: String { ShortestNames.resolved("\(diagnosticID) warning: \(explanation)") }

    public static func == (lhs: RuntimeWarning, rhs: RuntimeWarning) -> Bool {
        lhs.diagnosticID == rhs.diagnosticID && lhs.key == rhs.key && lhs.component == rhs.component
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(diagnosticID)
        hasher.combine(key)
        hasher.combine(component)
    }
}
