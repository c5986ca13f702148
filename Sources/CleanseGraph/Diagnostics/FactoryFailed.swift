/// An error thrown by a binding's factory, as the caller of `get()` or `build(_:)` receives
/// it: the factory's own error, with the binding that threw it.
///
/// ```swift
/// do {
///     let app = try await factory.build(())
/// } catch let failure as FactoryFailed {
///     print(failure.key, failure.location, failure.underlying)
/// }
/// ```
public struct FactoryFailed: CleanseError {
    /// The key of the binding whose factory threw.
    public let key: BindingKey
    /// Where that binding was written.
    public let location: SourceLocation
    /// What the factory threw, unchanged.
    public let underlying: any Error

    package init(key: BindingKey, location: SourceLocation, underlying: any Error) {
        self.key = key
        self.location = location
        self.underlying = underlying
    }

    public var diagnosticID: DiagnosticID { .factoryFailed }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        var message = MessageBuilder(.factoryFailed, "the factory of \(key.quoted) threw: \(underlying)")
        message.detail("bound at \(location)", .binding(location))
        message.fix("handle the error where the value is requested (try await get() or try await factory.buildAsync(seed)); a shared binding is tried again on the next request")
        return message.message
    }
}
