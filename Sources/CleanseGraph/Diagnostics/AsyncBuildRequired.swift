/// A component built synchronously on the main actor (`buildOnMainActor`) whose root needs a
/// binding that is made asynchronously.
///
/// ```text
/// [Cleanse/AsyncBuildRequired] 'Settings' is made asynchronously, so component 'App' cannot be built synchronously on the main actor
///   'Settings' is bound at App/Settings.swift:12
///   To fix: build it with try await factory.buildAsync(seed), or request AsyncProvider<Settings> where it is needed
/// ```
public struct AsyncBuildRequired: CleanseError {
    /// The asynchronous binding the root needs.
    public let key: BindingKey
    /// Where it is bound.
    public let location: SourceLocation
    /// The component being built.
    public let component: TypeIdentity

    package init(key: BindingKey, location: SourceLocation, component: TypeIdentity) {
        self.key = key
        self.location = location
        self.component = component
    }

    public var diagnosticID: DiagnosticID { .asyncBuildRequired }

    public var description: String {
        var message = MessageBuilder(.asyncBuildRequired, "\(key.quoted) is made asynchronously, so component \(component.quoted) cannot be built synchronously on the main actor")
        message.detail("\(key.quoted) is bound at \(location)")
        message.fix("build it with try await factory.buildAsync(seed), or request AsyncProvider<\(key.type.name)> where it is needed")
        return message.text
    }
}
