/// A class whose ``Injected`` properties the graph fills: written by the `@Injectable` macro
/// (`import CleanseMacros`), or by hand.
///
/// ```swift
/// final class SettingsModel: PropertyInjectable {
///     @Injected var store: SettingsStore
///     static var injectedProperties: [InjectedProperty] {
///         [.property(\SettingsModel._store, named: "store")]
///     }
/// }
/// ```
///
/// A subclass lists its own properties after its superclass's (`super.injectedProperties +
/// […]` in a `class var`), so that injecting it fills both.
public protocol PropertyInjectable: AnyObject {
    /// Every `@Injected` property of the class, its superclasses' first.
    static var injectedProperties: [InjectedProperty] { get }
}

/// One `@Injected` property: what it requests, where it is declared, and how to fill it.
public struct InjectedProperty: @unchecked Sendable {
    // Safe to share: the closures capture only a key path and metatypes, which are immutable.

    /// `SettingsModel.store`: the class and the property.
    public let name: String
    /// Where the property is declared.
    public let location: SourceLocation
    /// The request the property makes, declared at the property.
    let recipe: () -> RequestRecipe
    /// Fills the property of `object` with the value of `resolver` (linked for `recipe`) in
    /// `instance`.
    let assign: (_ object: AnyObject, _ resolver: AnyResolver, _ instance: ComponentInstance) -> Void

    /// The property whose wrapper `keyPath` reaches (`\ProfileViewController._service`),
    /// named `name`, declared at `file`:`line` (the caller's place by default; the macro
    /// passes the property's own).
    public static func property<Owner: AnyObject, Value>(
        _ keyPath: ReferenceWritableKeyPath<Owner, Injected<Value>>,
        named name: String,
        file: StaticString = #fileID,
        line: Int = #line
    ) -> InjectedProperty {
        let location = SourceLocation(file: file, line: line)
        let qualified = "\(TypeIdentity(Owner.self).name).\(name)"
        return InjectedProperty(
            name: qualified,
            location: location,
            recipe: { RequestRecipe.of(Value.self).declared(at: RequestSite(name: qualified, location: location)) },
            assign: { object, resolver, instance in
                guard let owner = object as? Owner else { return }
                owner[keyPath: keyPath].value = resolver.typed(Value.self).resolve(instance)
            }
        )
    }
}

extension PropertyInjectionBuilder where Element: PropertyInjectable {
    /// Binds the injector of `Element`'s ``Injected`` properties: a
    /// `PropertyInjector<Element>` that fills each of them, for objects the graph does not
    /// make (a view controller from a storyboard).
    ///
    /// ```swift
    /// binder.bindPropertyInjectionOf(ProfileViewController.self).toInjectedProperties()
    /// ```
    @discardableResult
    public func toInjectedProperties(
        file: StaticString = #fileID,
        line: Int = #line,
        function: StaticString = #function
    ) -> BindingReceipt<PropertyInjector<Element>> {
        let recipe = TypedBindingRecord<PropertyInjector<Element>>.injectedProperties(
            Element.injectedProperties, location: SourceLocation(file: file, line: line, function: function)
        )
        return register(recipe)
    }
}

extension TypedBindingRecord {
    /// An injector that fills `properties`, each resolved as its own request.
    static func injectedProperties<Target>(
        _ properties: [InjectedProperty],
        location: SourceLocation
    ) -> TypedBindingRecord where Value == PropertyInjector<Target> {
        var requests = RequestList()
        requests.reserveCapacity(properties.count)
        for property in properties {
            requests.append(property.recipe())
        }
        return TypedBindingRecord(kind: .propertyInjector, location: location, requests: requests) { resolvers in
            Resolver<PropertyInjector<Target>> { instance in
                PropertyInjector<Target>(resolving: { (target: Target) in
                    for (property, resolver) in zip(properties, resolvers) {
                        property.assign(target as AnyObject, resolver, instance)
                    }
                })
            }
        }
    }
}

extension TypedBindingRecord {
    /// The same binding, each object it makes filled with `properties` (its class's
    /// `@Injected` ones) before it is handed out; their requests follow the factory's.
    /// Asynchronous factories are left as they are (their objects are not filled).
    func fillingInjectedProperties(_ properties: [InjectedProperty]) -> TypedBindingRecord {
        guard !properties.isEmpty, pending.makeAsync == nil else { return self }
        let make = pending.make
        let factoryRequests = requests.count
        var all = requests
        for property in properties {
            all.append(property.recipe())
        }
        return TypedBindingRecord(kind: kind, location: location, requests: all, effect: effect) { resolvers in
            let made = make(Array(resolvers[..<factoryRequests])).typed(Value.self)
            let filling = Array(resolvers[factoryRequests...])
            return Resolver<Value> { instance in
                let value = made.resolve(instance)
                for (property, resolver) in zip(properties, filling) {
                    property.assign(value as AnyObject, resolver, instance)
                }
                return value
            }
        }
    }
}
