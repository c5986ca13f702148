/// A key bound more than once where one binding would be visible, with every place it is bound.
public struct DuplicateBinding: CleanseError, Hashable {
    /// The key bound more than once.
    public let key: BindingKey
    /// Where each binding was written, sorted.
    public let locations: [SourceLocation]
    /// The component in which the bindings collide.
    public let component: TypeIdentity
    /// The ancestor components that bind the key too, nearest first, each with where; empty
    /// when every binding is in ``component`` itself.
    public let ancestors: [(component: TypeIdentity, locations: [SourceLocation])]
    /// Whether the key is the component's root type, which `configureRoot` already binds.
    public let isComponentRoot: Bool
    /// Whether the bindings are in the override modules passed to
    /// `ComponentFactory.of(_:overrides:)` rather than in a component.
    public let isInOverrides: Bool

    package init(
        key: BindingKey,
        locations: [SourceLocation],
        component: TypeIdentity,
        ancestors: [(component: TypeIdentity, locations: [SourceLocation])] = [],
        isComponentRoot: Bool = false,
        isInOverrides: Bool = false
    ) {
        self.isInOverrides = isInOverrides
        self.isComponentRoot = isComponentRoot
        self.key = key
        self.locations = locations.sorted()
        self.component = component
        self.ancestors = ancestors
    }

    public var diagnosticID: DiagnosticID { .duplicateBinding }

    public static func == (lhs: DuplicateBinding, rhs: DuplicateBinding) -> Bool {
        lhs.key == rhs.key && lhs.locations == rhs.locations && lhs.component == rhs.component
            && lhs.isComponentRoot == rhs.isComponentRoot && lhs.isInOverrides == rhs.isInOverrides
            && lhs.ancestors.elementsEqual(rhs.ancestors) { $0.component == $1.component && $0.locations == $1.locations }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(locations)
        hasher.combine(component)
        for ancestor in ancestors {
            hasher.combine(ancestor.component)
            hasher.combine(ancestor.locations)
        }
    }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        if let nearest = ancestors.first {
            return shadowingMessage(nearest: nearest)
        }
        let place = isInOverrides ? "by the override modules passed to ComponentFactory.of(_:overrides:)" : "in component \(component.quoted)"
        var message = MessageBuilder(.duplicateBinding, "\(key.quoted) is bound \(locations.count) times \(place)")
        for location in locations {
            message.detail("bound at \(location)", isInOverrides ? .override(location) : .binding(location))
        }
        if isComponentRoot {
            message.detail("\(key.quoted) is the root of \(component.quoted): its configureRoot binds it already")
            message.fix("bind it in one place: either in configureRoot alone (its binding can be requested like any other), or in a module, with configureRoot handing that binding on: bind.to { (root: \(key.type.writtenInCode)) in root }")
        } else {
            message.fix("keep one of these bindings, or tell them apart with .tagged(with:)")
        }
        return message.message
    }

    /// A subcomponent binding a key one of its ancestors binds: in Cleanse 4 the child's
    /// binding silently won; here it is an error that says how to get either behaviour.
    private func shadowingMessage(nearest: (component: TypeIdentity, locations: [SourceLocation])) -> DiagnosticMessage {
        let inherited = Set(ancestors.flatMap(\.locations))
        let own = locations.filter { !inherited.contains($0) }
        var message = MessageBuilder(
            .duplicateBinding,
            "\(key.quoted) is bound in component \(component.quoted) but already bound in its ancestor \(nearest.component.quoted)"
        )
        for location in own {
            message.detail("bound in \(component.quoted) at \(location)", .binding(location))
        }
        for ancestor in ancestors {
            for location in ancestor.locations {
                message.detail("already bound in ancestor \(ancestor.component.quoted) at \(location)", .binding(location))
            }
        }
        message.detail("a subcomponent sees every binding of its ancestors, so a second binding would hide the first")
        message.fix("remove one of them; to replace the ancestor's binding on purpose (a test double), pass a module to ComponentFactory.of(_:overrides:); to keep both, tell them apart with .tagged(with:)")
        return message.message
    }
}
