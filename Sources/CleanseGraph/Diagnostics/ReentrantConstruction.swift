/// A shared asynchronous binding awaited again while its own factory runs: the factory
/// (or something it awaits) asks for what it is building.
///
/// Thrown by `AsyncProvider.get()` and `buildAsync(_:)` instead of waiting forever.
/// (The synchronous form of this mistake stops the program with the same identifier, since
/// a synchronous `get()` cannot throw.)
public struct ReentrantConstruction: CleanseError, Hashable {
    /// The binding awaited again.
    public let key: BindingKey
    /// The bindings involved, outermost first: the key itself when a factory awaits the
    /// binding its own task is making; the shared bindings being made along the way when it
    /// awaits work it started (`async let`, a task group, `Task {}`) that asks for it.
    public let chain: [BindingKey]

    /// When unscoped bindings made each other anew through `AsyncProvider.get()` until the
    /// depth limit: how many levels deep that went. `nil` for a shared binding awaited again.
    public let recursedLevels: Int?

    /// Whether the request came from work the construction started (`async let`, a task
    /// group, `Task {}`) rather than from the constructing task itself.
    public let fromStartedWork: Bool

    package init(key: BindingKey, chain: [BindingKey], recursedLevels: Int? = nil, fromStartedWork: Bool = false) {
        self.key = key
        self.chain = chain
        self.recursedLevels = recursedLevels
        self.fromStartedWork = fromStartedWork
    }

    public var diagnosticID: DiagnosticID { .reentrantConstruction }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        let path = (chain.last == key ? chain : chain + [key]).map(\.quoted).joined(separator: " -> ")
        if let levels = recursedLevels, chain.count >= 2 {
            let (requester, target) = (chain[0], chain[1])
            var message = MessageBuilder(.reentrantConstruction, "\(requester.quoted) -> \(target.quoted) -> … -> \(requester.quoted) recursed \(levels) levels deep: the factory of \(requester.quoted) awaits get() on its AsyncProvider<\(target.type.displayed)> while it runs, and making \(target.quoted) makes a new \(requester.quoted) again")
            message.fix("keep the provider and call get() after construction, or share one of them in a scope")
            return message.message
        }
        let who = fromStartedWork ? "by a task started while making it" : "by the task making it"
        var message = MessageBuilder(.reentrantConstruction, "\(key.quoted) was awaited again, \(who): \(path)")
        message.fix("keep an AsyncProvider and call get() after construction, or break the cycle")
        return message.message
    }
}
