/// The key of one entry contributed to a dictionary multibinding with
/// `.intoDictionary(key:)`.
///
/// Keys made at run time compare as the `Hashable` values they are, so `0.0` and `-0.0`
/// are the same entry, as they are in the dictionary; a build-time tool that only sees
/// source compares spellings instead. The two kinds never compare equal.
public struct MultibindingKey: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Safe to share: a run-time key is a `Sendable` value (the initializer requires it)
    // held in an `AnyHashable`, which the compiler cannot see through.
    private enum Identity: Hashable {
        case value(AnyHashable)
        case spelled(String)
    }

    private let identity: Identity
    /// The key as written (`String(reflecting:)` of the value, or its spelling).
    public let description: String

    /// The key of a run-time value. Keys are `Sendable`: they live in the validated graph,
    /// which any thread may use. (Cleanse 4 code in the Swift 5 language mode compiles as
    /// before.)
    public init<Key: Hashable & Sendable>(_ value: Key) {
        identity = .value(AnyHashable(value))
        description = String(reflecting: value)
    }

    /// The key as a source-level tool spells it.
    package init(spelling: String) {
        identity = .spelled(spelling)
        description = spelling
    }

    public static func == (lhs: MultibindingKey, rhs: MultibindingKey) -> Bool {
        lhs.identity == rhs.identity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
    }
}
