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
    /// Whether the property belongs to objects of the class given (its class or a subclass).
    let applies: (_ type: AnyClass) -> Bool
    /// Fills the property of `object` with the value of `resolver` (linked for `recipe`) in
    /// `instance`. `object` is of a class `applies` accepted.
    let assign: (_ object: AnyObject, _ resolver: AnyResolver, _ instance: ComponentInstance) -> Void

    /// The property named `name` that `set` assigns (`{ $0.service = $1 }`), declared at
    /// `file`:`line`: what the `@Injectable` macro writes. The assignment runs in the
    /// class's own code, as fast as writing it by hand.
    public static func property<Owner: AnyObject, Value>(
        named name: String,
        file: StaticString = #fileID,
        line: Int = #line,
        set: @escaping (Owner, Value) -> Void
    ) -> InjectedProperty {
        let location = SourceLocation(file: file, line: line)
        let qualified = "\(TypeIdentity(Owner.self).name).\(name)"
        return InjectedProperty(
            name: qualified,
            location: location,
            recipe: { RequestRecipe.of(Value.self).declared(at: RequestSite(name: qualified, location: location)) },
            applies: { $0 is Owner.Type },
            // No cast per object: the record checked the class once (`applies`).
            assign: { object, resolver, instance in
                set(unsafeDowncast(object, to: Owner.self), resolver.typed(Value.self).resolve(instance))
            }
        )
    }

    /// The property whose wrapper `keyPath` reaches (`\ProfileViewController._service`),
    /// named `name`, declared at `file`:`line` (the caller's place by default): the shortest
    /// form to write by hand. A key path assignment is slower than `set` above (about a
    /// microsecond a property).
    public static func property<Owner: AnyObject, Value>(
        _ keyPath: ReferenceWritableKeyPath<Owner, Injected<Value>>,
        named name: String,
        file: StaticString = #fileID,
        line: Int = #line
    ) -> InjectedProperty {
        property(named: name, file: file, line: line) { (owner: Owner, value: Value) in
            owner[keyPath: keyPath].value = value
        }
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
    static func injectedProperties<Target: AnyObject>(
        _ listed: [InjectedProperty],
        location: SourceLocation
    ) -> TypedBindingRecord where Value == PropertyInjector<Target> {
        let properties = listed.filter { $0.applies(Target.self) }
        var requests = RequestList()
        requests.reserveCapacity(properties.count)
        for property in properties {
            requests.append(property.recipe())
        }
        // Only the assignments are kept: copying a whole property per object cost its
        // retains (the name, the place, three closures) each time.
        let assigns = properties.map(\.assign)
        return TypedBindingRecord(kind: .propertyInjector, location: location, requests: requests) { resolvers in
            Resolver<PropertyInjector<Target>> { instance in
                PropertyInjector<Target>(resolving: { (target: Target) in
                    for index in assigns.indices {
                        assigns[index](target, resolvers[index], instance)
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
    func fillingInjectedProperties(_ listed: [InjectedProperty]) -> TypedBindingRecord {
        // Only for a class (the binder's overload asks for one): its objects are passed on
        // as the single references they are, with no conversion per object.
        guard let type = Value.self as? AnyClass, pending.makeAsync == nil else { return self }
        let properties = listed.filter { $0.applies(type) }
        guard !properties.isEmpty else { return self }
        let make = pending.make
        let factoryRequests = requests.count
        var all = requests
        for property in properties {
            all.append(property.recipe())
        }
        let assigns = properties.map(\.assign)
        return TypedBindingRecord(kind: kind, location: location, requests: all, effect: effect) { resolvers in
            let made = make(Array(resolvers[..<factoryRequests])).typed(Value.self)
            let filling = Array(resolvers[factoryRequests...])
            return Resolver<Value> { instance in
                let value = made.resolve(instance)
                let object = unsafeBitCast(value, to: AnyObject.self)
                for index in assigns.indices {
                    assigns[index](object, filling[index], instance)
                }
                return value
            }
        }
    }
}
