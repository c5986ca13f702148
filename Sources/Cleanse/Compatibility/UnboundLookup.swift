/// A `LegacyObjectGraph` look-up that cannot hand out a value: nothing in the component or
/// its ancestors binds the type (and tag name), the tag name matches several tags, or the
/// binding it found cannot be made by a synchronous look-up (it needs `await`, or the main
/// actor while the look-up runs elsewhere).
public struct UnboundLookup: CleanseError {
    /// Why a look-up found no value it could hand out.
    public enum Reason: Sendable, Hashable {
        /// Nothing visible binds the type under that tag name.
        case notBound
        /// The name matches several tags of one component (by qualified name).
        case ambiguous(tags: [TypeIdentity])
        /// The binding, bound at `location`, needs `await`: `cause`, bound at `causeLocation`,
        /// is made asynchronously (itself, or something it needs at once).
        case madeAsynchronously(location: SourceLocation, cause: BindingKey, causeLocation: SourceLocation)
        /// The binding, bound at `location`, is made on the main actor, and the look-up ran
        /// on another thread.
        case madeOnMainActor(location: SourceLocation)
    }

    /// The type looked up.
    public let type: TypeIdentity
    /// The tag name looked up, if any.
    public let tagName: String?
    /// The component whose graph was asked.
    public let component: TypeIdentity
    /// Why the look-up handed out nothing.
    public let reason: Reason

    /// When the name matched several tags of one component: those tags, by qualified name.
    public var ambiguousTags: [TypeIdentity] {
        if case .ambiguous(let tags) = reason { return tags }
        return []
    }

    init(type: TypeIdentity, tagName: String?, component: TypeIdentity, reason: Reason) {
        self.type = type
        self.tagName = tagName
        self.component = component
        self.reason = reason
    }

    public var diagnosticID: DiagnosticID { .unboundLookup }

    /// The message, its headline placed at the binding found (and at the asynchronous binding
    /// it needs, when that is another).
    public var diagnosticMessage: DiagnosticMessage {
        let places: [DiagnosticMessage.Place]
        switch reason {
        case .notBound, .ambiguous: places = []
        case .madeAsynchronously(let location, _, let causeLocation):
            places = location == causeLocation ? [.binding(location)] : [.binding(location), .binding(causeLocation)]
        case .madeOnMainActor(let location): places = [.binding(location)]
        }
        let lines = description.split(separator: "\n", omittingEmptySubsequences: false)
        return DiagnosticMessage(lines: lines.enumerated().map { index, line in
            DiagnosticMessage.Line(String(line), places: index == 0 ? places : [])
        })
    }

    public var description: String {
        ShortestNames.resolved(unresolvedDescription)
    }

    /// The description with its type names marked to be shortened (``ShortestNames``).
    private var unresolvedDescription: String {
        let tag = tagName.map { " tagged '\($0)'" } ?? ""
        let subject = "'\(type.displayed)'\(tag)"
        // The awaited look-up of the same binding: with its tag's name, as it was looked up.
        let awaited = "try await graph.objectAsync(\(type.metatypeExpression)\(tagName.map { ", taggedWithName: \"\($0)\"" } ?? ""))"
        switch reason {
        case .notBound:
            return """
                \(diagnosticID) nothing binds \(subject) in component '\(component.displayed)' or its ancestors
                  To fix: bind it, or check the type and the tag's name
                """
        case .ambiguous(let tags):
            let names = tags.map { "'\($0.qualifiedName)'" }.joined(separator: ", ")
            return """
                \(diagnosticID) the look-up of \(subject) in component '\(component.displayed)' is ambiguous: \
                the name matches \(names)
                  To fix: look it up by the tag's qualified name, or rename one of the tags
                """
        case .madeAsynchronously(let location, let cause, let causeLocation):
            let why = cause.type == type && location == causeLocation
                ? "its factory is asynchronous"
                : "it needs '\(cause.displayed)', bound at \(causeLocation), which is made asynchronously"
            return """
                \(diagnosticID) \(subject), bound at \(location), cannot be made by a synchronous look-up in \
                component '\(component.displayed)': \(why)
                  To fix: await it with \(awaited)\(tagName == nil ? ", or request AsyncProvider<\(type.writtenInCode)> where it is needed" : "")
                """
        case .madeOnMainActor(let location):
            return """
                \(diagnosticID) \(subject), bound at \(location), is made on the main actor, and the look-up \
                in component '\(component.displayed)' ran on another thread
                  To fix: look it up on the main actor, or await it with \(awaited)
                """
        }
    }
}
