/// A `LegacyObjectGraph` look-up that found no single binding: nothing in the component or
/// its ancestors binds the type (and tag name), or the tag name matches several tags.
public struct UnboundLookup: CleanseError {
    /// The type looked up.
    public let type: TypeIdentity
    /// The tag name looked up, if any.
    public let tagName: String?
    /// The component whose graph was asked.
    public let component: TypeIdentity
    /// When the name matched several tags of one component: those tags, by qualified name.
    public let ambiguousTags: [TypeIdentity]

    public var diagnosticID: DiagnosticID { .unboundLookup }

    public var description: String {
        let tag = tagName.map { " tagged '\($0)'" } ?? ""
        if !ambiguousTags.isEmpty {
            let tags = ambiguousTags.map { "'\($0.qualifiedName)'" }.joined(separator: ", ")
            return """
                \(diagnosticID) the look-up of '\(type.name)'\(tag) in component '\(component.name)' is ambiguous: \
                the name matches \(tags)
                  To fix: look it up by the tag's qualified name, or rename one of the tags
                """
        }
        return """
            \(diagnosticID) nothing binds '\(type.name)'\(tag) in component '\(component.name)' or its ancestors
              To fix: bind it, or check the type and the tag's name
            """
    }
}
