/// What a binding provides and what a request asks for: a type, optionally qualified by a tag.
///
/// `binder.bind(URL.self).tagged(with: PrimaryAPIURL.self)` binds the key
/// `URL` tagged `PrimaryAPIURL`; `TaggedProvider<PrimaryAPIURL>` requests it.
public struct BindingKey: Hashable, Sendable, CustomStringConvertible {
    /// The provided type.
    public let type: TypeIdentity
    /// The tag type, when the binding is qualified with `.tagged(with:)`.
    public let tag: TypeIdentity?

    /// Creates a key from a type identity and an optional tag.
    public init(type: TypeIdentity, tag: TypeIdentity? = nil) {
        self.type = type
        self.tag = tag
    }

    /// Creates the key of a run-time type, optionally tagged.
    public init(_ type: any Any.Type, tag: (any Any.Type)? = nil) {
        self.init(type: TypeIdentity(type), tag: tag.map { TypeIdentity($0) })
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(mixedBits)
    }

    /// The hash dictionaries use. Keys are looked up tens of times per binding while a graph
    /// is validated and linked, and the default (SipHash over the key's parts) would be a sixth
    /// of `ComponentFactory.of`; type addresses are not chosen by an adversary, so one
    /// multiply-xorshift mix of the key's bits and the table's seed spreads them well enough.
    public func _rawHashValue(seed: Int) -> Int {
        TypeIdentity.mixed(mixedBits, seed: seed)
    }

    /// The type's and the tag's identities in one word.
    private var mixedBits: UInt {
        guard let tag else { return type.identityBits }
        return type.identityBits ^ (tag.identityBits &* 0x9E37_79B9_7F4A_7C15)
    }

    /// `Heater`, or `URL tagged PrimaryAPIURL`. The internal tag of a root that hands on a
    /// binding of its own type is left out: users never wrote it.
    public var description: String {
        guard let tag, !isExposedRoot else { return type.name }
        return "\(type.name) tagged \(tag.name)"
    }

    /// Whether this is the key Cleanse gives a component's root binding that only hands on
    /// the binding of the root type (`bind.to { (root: Root) in root }`), so that it neither
    /// duplicates nor requests itself. Diagnostics print it as the bare type.
    package var isExposedRoot: Bool {
        guard let tag else { return false }
        return tag.qualifiedName == BuiltInNames.qualifiedExposedRoot || tag.qualifiedName == BuiltInNames.exposedRoot
    }
}
