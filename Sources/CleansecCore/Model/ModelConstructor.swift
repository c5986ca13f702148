import CleanseGraph

/// How a type a target constructs (`@Injectable`) is bound just in time, as that target read
/// it: what a dependent target needs to validate a request for the type exactly as the whole
/// program's sources would (its initializer's requests, its `@Injected` properties, its scope
/// and isolation), or why the macro does not construct it.
///
/// Recorded only where ``SpelledConstructors`` read the declaration whole; a type whose
/// constructor it could not read has no record, and the dependent notes it as unread.
enum ModelConstructor: Codable, Sendable {
    /// The binding the runtime makes; its key is the type as the declaring target spells it.
    case binding(EncodedBinding, at: SourcePosition)
    /// The macro gives the type no constructor, for `reason`.
    case unconstructed(reason: String, at: SourcePosition)

    /// The record of `construction`, placed at `position`; `nil` for what cannot be recorded.
    init?(_ construction: JustInTimeBindingRule.Construction?, at position: SourcePosition?) {
        guard let position else { return nil }
        switch construction {
        case .binding(let binding)?: self = .binding(EncodedBinding(binding), at: position)
        case .unconstructed(let why)?: self = .unconstructed(reason: why.reason, at: position)
        case nil: return nil
        }
    }

    /// The construction the record describes, keyed `key` (the dependent's spelling of the
    /// type), and where its diagnostics point; `nil` when the record cannot be decoded.
    func construction(of key: BindingKey) -> (JustInTimeBindingRule.Construction, SourcePosition)? {
        switch self {
        case .binding(let encoded, let position):
            guard let recorded = try? encoded.model() else { return nil }
            let binding = recorded.rekeyed(to: key)
            return (.binding(binding), position)
        case .unconstructed(let reason, let position):
            return (.unconstructed(MissingProvider.Unconstructed(reason: reason, location: position.location)), position)
        }
    }
}
