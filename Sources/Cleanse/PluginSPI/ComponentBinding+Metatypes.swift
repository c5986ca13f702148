/// The key of a binding in the metatype facet of `ComponentBinding`: the bound type and
/// its tag, as Cleanse 4 plugins compare them.
public struct ProviderKey: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Safe to share: metatypes are immutable.

    /// The bound type.
    public let type: Any.Type
    /// The tag type, for a binding made with `.tagged(with:)`.
    public let tag: Any.Type?

    /// Creates the key of `type`, optionally tagged.
    public init(type: Any.Type, tag: Any.Type? = nil) {
        self.type = type
        self.tag = tag
    }

    public static func == (lhs: ProviderKey, rhs: ProviderKey) -> Bool {
        ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type) && lhs.tag.map(ObjectIdentifier.init) == rhs.tag.map(ObjectIdentifier.init)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
        hasher.combine(tag.map(ObjectIdentifier.init))
    }

    /// `Heater`, or `URL tagged PrimaryAPIURL`.
    public var description: String {
        guard let tag else { return String(describing: type) }
        return "\(type) tagged \(tag)"
    }
}

/// One binding of a key in the metatype facet of `ComponentBinding`.
public struct ProviderInfo: @unchecked Sendable {
    // Safe to share: metatypes and the model are immutable.

    /// The binding's scope, or `nil` for a binding made anew on each request.
    public let scope: (any Scope.Type)?
    /// The keys it requests, in parameter order (assisted parameters left out).
    public let dependencies: [ProviderKey]
    /// Whether it is one contribution to a collection, set or dictionary.
    public let isCollectionProvider: Bool
    /// The full model of the binding: kind, location, and how each dependency is requested.
    public let model: BindingModel
}

extension ComponentBinding {
    /// The component type, as Cleanse 4 plugins read it.
    public var componentType: Any.Type? { type.metatype }

    /// The component's scope, or `nil` when it is `Unscoped`.
    public var scope: (any Scope.Type)? { scopeIdentity?.metatype as? any Scope.Type }

    /// The type `build(_:)` takes (`Void` for a component without a seed).
    public var seed: Any.Type { seedType.metatype ?? Void.self }

    /// Every binding of the component, by key; a collection's contributions share a key.
    public var providers: [ProviderKey: [ProviderInfo]] {
        var providers: [ProviderKey: [ProviderInfo]] = [:]
        for binding in bindings {
            guard let key = binding.key.providerKey else { continue }
            let info = ProviderInfo(
                scope: binding.scope?.metatype as? any Scope.Type,
                dependencies: binding.dependencies.filter(\.kind.isSuppliedByGraph).compactMap(\.key.providerKey),
                isCollectionProvider: binding.isContribution,
                model: binding
            )
            providers[key, default: []].append(info)
        }
        return providers
    }
}

extension BindingKey {
    /// The key as metatypes, when it was made at run time.
    var providerKey: ProviderKey? {
        guard let type = type.metatype else { return nil }
        return ProviderKey(type: type, tag: tag?.metatype)
    }
}
