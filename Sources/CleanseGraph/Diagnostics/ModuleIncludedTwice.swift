/// A module included both in a component and in one of its ancestors: every binding it
/// writes is bound twice where the component sees both.
public struct ModuleIncludedTwice: CleanseError, Hashable {
    /// The module.
    public let module: TypeIdentity
    /// The component that includes it again.
    public let component: TypeIdentity
    /// The nearest ancestor that includes it too.
    public let ancestor: TypeIdentity
    /// The keys bound twice because of it, sorted.
    public let keys: [BindingKey]
    /// Where the component includes it.
    public let componentInclusion: SourceLocation?
    /// Where the ancestor includes it.
    public let ancestorInclusion: SourceLocation?

    package init(
        module: TypeIdentity,
        component: TypeIdentity,
        ancestor: TypeIdentity,
        keys: [BindingKey],
        componentInclusion: SourceLocation?,
        ancestorInclusion: SourceLocation?
    ) {
        self.module = module
        self.component = component
        self.ancestor = ancestor
        self.keys = keys.sorted { $0.description < $1.description }
        self.componentInclusion = componentInclusion
        self.ancestorInclusion = ancestorInclusion
    }

    public var diagnosticID: DiagnosticID { .moduleIncludedTwice }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        let bound = keys.map(\.quoted).joined(separator: ", ")
        var message = MessageBuilder(
            .moduleIncludedTwice,
            "module \(module.quoted) is included in component \(component.quoted) and in its ancestor \(ancestor.quoted), so its bindings are bound twice: \(bound)"
        )
        if let componentInclusion {
            message.detail("included in \(component.quoted) at \(componentInclusion)", .inclusion(componentInclusion))
        }
        if let ancestorInclusion {
            message.detail("included in \(ancestor.quoted) at \(ancestorInclusion)", .inclusion(ancestorInclusion))
        }
        message.fix("include \(module.quoted) only in \(ancestor.quoted): \(component.quoted) sees its ancestors' bindings already")
        return message.message
    }
}
