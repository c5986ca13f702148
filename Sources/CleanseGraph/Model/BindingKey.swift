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
        return tag.qualifiedName == "Cleanse.ExposedRoot" || tag.qualifiedName == "ExposedRoot"
    }
}
