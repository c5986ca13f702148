/// `Assisted<T>` requested by a factory that no assisted factory calls. An assisted argument
/// is what the caller of `Factory.build(_:)` passes; no binding ever provides one, so binding
/// `Assisted<T>` (what a missing binding would suggest) cannot fix it.
///
/// ```text
/// [Cleanse/AssistedOutsideFactory] 'ProfileScreen' takes 'Assisted<String>', which only an assisted factory supplies, but it is built by a plain binding in component 'App'
///   requested at Profile/ProfileModule.swift:12
///   To fix: make 'ProfileScreen' with an assisted factory: declare struct AssistedFactory: Cleanse.AssistedFactory { typealias Seed = String; typealias Element = ProfileScreen } in it, bind it with binder.bindFactory(ProfileScreen.self).with(ProfileScreen.AssistedFactory.self).to(factory: …) in place of this binding, and request Factory<ProfileScreen.AssistedFactory> where one is made, passing the String to build(_:)
/// ```
public struct AssistedOutsideFactory: CleanseError, Hashable {
    /// The requested type, `Assisted<String>`.
    public let assisted: TypeIdentity
    /// The binding whose factory asks for it (`ProfileScreen`).
    public let requiredBy: BindingKey
    /// Where it asks.
    public let location: SourceLocation
    /// The component the requesting binding belongs to.
    public let component: TypeIdentity
    /// Whether the requester is constructed from its initializer (`@Injectable`), not bound
    /// by a line: the fix then adds the assisted factory's line, which wins over the
    /// construction, its factory calling the initializer.
    public let isConstructed: Bool

    package init(assisted: TypeIdentity, requiredBy: BindingKey, location: SourceLocation, component: TypeIdentity, isConstructed: Bool = false) {
        self.assisted = assisted
        self.requiredBy = requiredBy
        self.location = location
        self.component = component
        self.isConstructed = isConstructed
    }

    /// Whether `type` is `Assisted<T>`: Cleanse's own, as the runtime names it, or as
    /// cleansec spells it.
    package static func isAssisted(_ type: TypeIdentity) -> Bool {
        type.name.hasPrefix(BuiltInNames.assisted + "<")
            && (type.metatype == nil || type.qualifiedName.hasPrefix("Cleanse." + BuiltInNames.assisted + "<"))
    }

    public var diagnosticID: DiagnosticID { .assistedOutsideFactory }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        let builtBy = isConstructed ? "constructed from its initializer (@Injectable)" : "built by a plain binding"
        var message = MessageBuilder(
            .assistedOutsideFactory,
            "\(requiredBy.quoted) takes \(assisted.quoted), which only an assisted factory supplies, but it is \(builtBy) in component \(component.quoted)"
        )
        message.detail("requested at \(location)", .request(location))
        let seed = String(assisted.name.dropFirst(BuiltInNames.assisted.count + 1).dropLast())
        let element = requiredBy.type.name
        guard requiredBy.tag == nil, !requiredBy.type.isExistential else {
            // A protocol or a tagged key cannot hold the factory type: the fix in words.
            message.fix("make \(requiredBy.quoted) with an assisted factory whose Seed is \(seed) (binder.bindFactory(_:).with(_:).to(factory: …)), and request its Factory<…> where one is made, passing the \(seed) to build(_:)")
            return message.message
        }
        // A constructed type has no line to replace: the factory is added, calling the
        // initializer (written by the user: `X.init` may be overloaded, defaulted or isolated).
        let binding = isConstructed
            ? "binder.bindFactory(\(element).self).with(\(element).AssistedFactory.self).to(factory: …) in a module of the component, its factory calling the initializer"
            : "binder.bindFactory(\(element).self).with(\(element).AssistedFactory.self).to(factory: …) in place of this binding"
        message.fix(
            "make \(requiredBy.quoted) with an assisted factory: declare struct AssistedFactory: Cleanse.AssistedFactory { typealias Seed = \(seed); typealias Element = \(element) } in it, "
                + "bind it with \(binding), "
                + "and request Factory<\(element).AssistedFactory> where one is made, passing the \(seed) to build(_:)"
        )
        return message.message
    }
}
