/// A component built synchronously on the main actor (`buildOnMainActor`) whose root needs a
/// binding that is made asynchronously; or, as cleansec reports it before the program runs,
/// a `build(_:)` call of a component whose root must be awaited or made on the main actor.
///
/// ```text
/// [Cleanse/AsyncBuildRequired] 'Settings' is made asynchronously, so component 'App' cannot be built synchronously on the main actor
///   'Settings' is bound at App/Settings.swift:12
///   To fix: build it with try await factory.buildAsync(seed), or request AsyncProvider<Settings> where it is needed
/// ```
public struct AsyncBuildRequired: CleanseError, Hashable {
    /// The asynchronous binding the root needs.
    public let key: BindingKey
    /// Where it is bound.
    public let location: SourceLocation
    /// The component being built.
    public let component: TypeIdentity

    /// For a synchronous `build(_:)` call found by cleansec: where it is written.
    public let buildCall: SourceLocation?
    /// Whether the root itself is made on the main actor (rather than awaiting `key`).
    public let rootIsMainActor: Bool

    package init(key: BindingKey, location: SourceLocation, component: TypeIdentity, buildCall: SourceLocation? = nil, rootIsMainActor: Bool = false) {
        self.key = key
        self.location = location
        self.component = component
        self.buildCall = buildCall
        self.rootIsMainActor = rootIsMainActor
    }

    public var diagnosticID: DiagnosticID { .asyncBuildRequired }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        if let buildCall {
            let why = rootIsMainActor ? "is made on the main actor" : "is made asynchronously"
            var message = MessageBuilder(.asyncBuildRequired, "\(key.quoted) \(why), so component \(component.quoted) cannot be built by the synchronous build(_:) at \(buildCall)", .build(buildCall))
            message.detail("\(key.quoted) is bound at \(location)", .binding(location))
            message.fix(rootIsMainActor
                ? "call build(_:) from code isolated to the main actor (@MainActor), or build with try await factory.buildAsync(seed)"
                : "build it with try await factory.buildAsync(seed)")
            return message.message
        }
        var message = MessageBuilder(.asyncBuildRequired, "\(key.quoted) is made asynchronously, so component \(component.quoted) cannot be built synchronously on the main actor")
        message.detail("\(key.quoted) is bound at \(location)", .binding(location))
        message.fix("build it with try await factory.buildAsync(seed), or request AsyncProvider<\(key.type.writtenInCode)> where it is needed")
        return message.message
    }
}
