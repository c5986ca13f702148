/// A shared asynchronous binding awaited again while its own factory runs: the factory
/// (or something it awaits) asks for what it is building.
///
/// Thrown by `AsyncProvider.get()` and `buildAsync(_:)` instead of waiting forever.
/// (The synchronous form of this mistake stops the program with the same identifier, since
/// a synchronous `get()` cannot throw.)
public struct ReentrantConstruction: CleanseError {
    /// The binding awaited again.
    public let key: BindingKey
    /// The bindings involved, as far as Cleanse can tell: the key itself when a factory
    /// awaits (through whatever it awaits) the binding its own task is making.
    public let chain: [BindingKey]

    package init(key: BindingKey, chain: [BindingKey]) {
        self.key = key
        self.chain = chain
    }

    public var diagnosticID: DiagnosticID { .reentrantConstruction }

    public var description: String {
        let path = (chain.last == key ? chain : chain + [key]).map(\.quoted).joined(separator: " -> ")
        var message = MessageBuilder(.reentrantConstruction, "\(key.quoted) was awaited again, by the task making it: \(path)")
        message.fix("keep an AsyncProvider and call get() after construction, or break the cycle")
        return message.text
    }
}
