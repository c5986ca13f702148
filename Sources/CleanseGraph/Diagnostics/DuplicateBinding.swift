/// A key bound more than once where one binding would be visible, with every place it is bound.
public struct DuplicateBinding: CleanseError {
    /// The key bound more than once.
    public let key: BindingKey
    /// Where each binding was written, sorted.
    public let locations: [SourceLocation]
    /// The component in which the bindings collide.
    public let component: TypeIdentity

    package init(key: BindingKey, locations: [SourceLocation], component: TypeIdentity) {
        self.key = key
        self.locations = locations.sorted()
        self.component = component
    }

    public var diagnosticID: DiagnosticID { .duplicateBinding }

    public var description: String {
        var message = MessageBuilder(.duplicateBinding, "\(key.quoted) is bound \(locations.count) times in component \(component.quoted)")
        for location in locations {
            message.detail("bound at \(location)")
        }
        message.fix("keep one of these bindings, or tell them apart with .tagged(with:)")
        return message.text
    }
}
