/// Bindings that need each other to be built, with the whole path.
///
/// ```text
/// [Cleanse/DependencyCycle] Dependency Cycle Detected in component 'App': 'A' -> 'B' -> 'A'
///   'B' required by A at App/A.swift:10
///   'A' required by B at App/B.swift:20
/// ```
public struct DependencyCycle: CleanseError, Hashable {
    /// One edge of the cycle: the binding of `key` requests the next step's key.
    public struct Step: Hashable, Sendable {
        /// The key whose binding makes the request.
        public let key: BindingKey
        /// Where that binding was written.
        public let location: SourceLocation
    }

    /// The cycle, starting from its earliest-written binding; the last step requests the first.
    public let steps: [Step]
    /// The component in which the cycle closes.
    public let component: TypeIdentity

    package init(steps: [Step], component: TypeIdentity) {
        // Rotate so the same cycle always starts at the same place.
        let start = steps.indices.min { (steps[$0].location, steps[$0].key.description) < (steps[$1].location, steps[$1].key.description) } ?? 0
        self.steps = Array(steps[start...] + steps[..<start])
        self.component = component
    }

    /// The type of the cycle's first step (the original API's name).
    public var requestedType: TypeIdentity { steps[0].key.type }

    public var diagnosticID: DiagnosticID { .dependencyCycle }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        let path = (steps + steps.prefix(1)).map(\.key.quoted).joined(separator: " -> ")
        var message = MessageBuilder(.dependencyCycle, "Dependency Cycle Detected in component \(component.quoted): \(path)")
        for (index, step) in steps.enumerated() {
            let next = steps[(index + 1) % steps.count]
            // "required by T at file:line", as Cleanse 4 wrote it (its suites match on it).
            message.detail("\(next.key.quoted) required by \(step.key.displayed) at \(step.location)", .request(step.location))
        }
        let last = steps[steps.count - 1].key.type.displayed
        message.fix("request one of them lazily, e.g. Provider<\(steps[0].key.type.writtenInCode)> in the factory of '\(last)', or WeakProvider for a back reference")
        return message.message
    }
}
