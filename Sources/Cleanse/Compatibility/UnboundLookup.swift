/// A `LegacyObjectGraph` look-up for a type (and tag name) that nothing in the component or
/// its ancestors binds.
public struct UnboundLookup: CleanseError {
    /// The type looked up.
    public let type: TypeIdentity
    /// The tag name looked up, if any.
    public let tagName: String?
    /// The component whose graph was asked.
    public let component: TypeIdentity

    public var diagnosticID: DiagnosticID { .unboundLookup }

    public var description: String {
        let tag = tagName.map { " tagged '\($0)'" } ?? ""
        return """
            \(diagnosticID) nothing binds '\(type.name)'\(tag) in component '\(component.name)' or its ancestors
              To fix: bind it, or check the type and the tag's name
            """
    }
}
