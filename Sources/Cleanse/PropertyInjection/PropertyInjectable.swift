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

/// A ``PropertyInjectable`` class isolated to the main actor (a view controller): its
/// properties are filled on the main actor, and
/// `bindPropertyInjectionOf(T.self).toInjectedProperties()` binds its
/// ``MainActorPropertyInjector``. `@Injectable` adds the conformance to a class marked
/// `@MainActor` or derived from UIKit's and AppKit's view and view controller classes
/// (`@Injectable(mainActor: true)` for another main-actor base class).
///
/// It does not refine ``PropertyInjectable`` (a class is one or the other): the compiler
/// cannot add a refining conformance through a macro to a subclass whose superclass has the
/// refined one.
public protocol MainActorPropertyInjectable: AnyObject {
    /// Every `@Injected` property of the class, its superclasses' first, each made with
    /// ``InjectedProperty/mainActorProperty(named:file:line:column:set:)``.
    static var injectedProperties: [InjectedProperty] { get }
}

/// One `@Injected` property: what it requests, where it is declared, and how to fill it.
public struct InjectedProperty: Sendable {
    /// `SettingsModel.store`: the class and the property.
    public let name: String
    /// Where the property is declared.
    public let location: SourceLocation
    /// The request the property makes, declared at the property.
    let recipe: @Sendable () -> RequestRecipe
    /// Whether the property belongs to objects of the class given (its class or a subclass).
    let applies: @Sendable (_ type: AnyClass) -> Bool
    /// Fills the property of `object` with the value of `resolver` (linked for `recipe`) in
    /// `instance`. `object` is of a class `applies` accepted. For a main-actor property,
    /// called on the main actor only (by a main-actor injector or factory).
    let assign: @Sendable (_ object: AnyObject, _ resolver: AnyResolver, _ instance: ComponentInstance) -> Void
    /// `assign` for an object an asynchronous factory made: awaits the value, then assigns
    /// it (on the main actor for a main-actor property).
    let assignAsync: @Sendable (_ object: Handoff<AnyObject>, _ resolver: AnyAsyncResolver, _ instance: ComponentInstance) async throws -> Void

    /// The property named `name` that `set` assigns (`{ $0.service = $1 }`), declared at
    /// `file`:`line`: what the `@Injectable` macro writes. The assignment runs in the
    /// class's own code, as fast as writing it by hand. `set` is `@Sendable`: the graph may
    /// fill objects on any thread, so it must not capture mutable state.
    public static func property<Owner: AnyObject, Value>(
        named name: String,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        set: @escaping @Sendable (Owner, Value) -> Void
    ) -> InjectedProperty {
        let location = SourceLocation(file: file, line: line, column: column)
        let qualified = "\(TypeIdentity(Owner.self).name).\(name)"
        return InjectedProperty(
            name: qualified,
            location: location,
            recipe: { RequestRecipe.of(Value.self).declared(at: RequestSite(name: qualified, location: location)) },
            applies: { $0 is Owner.Type },
            // No cast per object: the record checked the class once (`applies`).
            assign: { object, resolver, instance in
                set(unsafeDowncast(object, to: Owner.self), resolver.typed(Value.self).resolve(instance))
            },
            assignAsync: { object, resolver, instance in
                let value = try await resolver.typed(Value.self).resolve(instance)
                set(unsafeDowncast(object.value, to: Owner.self), value)
            }
        )
    }

    /// The property named `name` of a main-actor class that `set` assigns on the main
    /// actor: what the `@Injectable` macro writes for a ``MainActorPropertyInjectable`` class.
    public static func mainActorProperty<Owner: AnyObject, Value>(
        named name: String,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        set: @escaping @MainActor (Owner, Value) -> Void
    ) -> InjectedProperty {
        let location = SourceLocation(file: file, line: line, column: column)
        let qualified = "\(TypeIdentity(Owner.self).name).\(name)"
        return InjectedProperty(
            name: qualified,
            location: location,
            recipe: { RequestRecipe.of(Value.self).declared(at: RequestSite(name: qualified, location: location)) },
            applies: { $0 is Owner.Type },
            // Reached only on the main actor: from a main-actor injector's
            // `injectProperties(into:)`, or a main-actor factory's synchronous resolver.
            assign: { object, resolver, instance in
                let value = Handoff(value: resolver.typed(Value.self).resolve(instance))
                let target = Handoff(value: object)
                MainActor.assumeIsolated {
                    set(unsafeDowncast(target.value, to: Owner.self), value.value)
                }
            },
            assignAsync: { object, resolver, instance in
                let value = Handoff(value: try await resolver.typed(Value.self).resolve(instance))
                await MainActor.run {
                    set(unsafeDowncast(object.value, to: Owner.self), value.value)
                }
            }
        )
    }

    /// The property whose wrapper `keyPath` reaches (`\ProfileViewController._service`),
    /// named `name`, declared at `file`:`line` (the caller's place by default): the shortest
    /// form to write by hand. A key path assignment is slower than `set` above (about a
    /// microsecond a property). A key path literal (`\Screen._service`) is `Sendable`.
    public static func property<Owner: AnyObject, Value>(
        _ keyPath: any ReferenceWritableKeyPath<Owner, Injected<Value>> & Sendable,
        named name: String,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column
    ) -> InjectedProperty {
        property(named: name, file: file, line: line, column: column) { (owner: Owner, value: Value) in
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
        column: Int = #column,
        function: StaticString = #function
    ) -> BindingReceipt<PropertyInjector<Element>> {
        let recipe = TypedBindingRecord<PropertyInjector<Element>>.injectedProperties(
            Element.injectedProperties, location: SourceLocation(file: file, line: line, column: column, function: function)
        )
        return register(recipe)
    }
}

/// The properties of a class's list that apply to one class: their requests, and their
/// assignments. Only the assignments are kept for filling objects: copying a whole property
/// per object cost its retains (the name, the place, the closures) each time.
struct ApplicableProperties {
    let properties: [InjectedProperty]

    init(_ listed: [InjectedProperty], of type: AnyClass) {
        properties = listed.filter { $0.applies(type) }
    }

    var isEmpty: Bool { properties.isEmpty }

    /// `requests` followed by each property's request.
    func requests(after requests: RequestList = RequestList()) -> RequestList {
        var all = requests
        all.reserveCapacity(requests.count + properties.count)
        for property in properties {
            all.append(property.recipe())
        }
        return all
    }

    /// Fills `object` with the values of `resolvers` (one per property, in order) in `instance`.
    func filler() -> @Sendable (_ object: AnyObject, _ resolvers: [AnyResolver], _ instance: ComponentInstance) -> Void {
        let assigns = properties.map(\.assign)
        return { object, resolvers, instance in
            for index in assigns.indices {
                assigns[index](object, resolvers[index], instance)
            }
        }
    }
}

extension TypedBindingRecord {
    /// An injector that fills `properties`, each resolved as its own request.
    static func injectedProperties<Target: AnyObject>(
        _ listed: [InjectedProperty],
        location: SourceLocation
    ) -> TypedBindingRecord where Value == PropertyInjector<Target> {
        let applicable = ApplicableProperties(listed, of: Target.self)
        let fill = applicable.filler()
        return TypedBindingRecord(kind: .propertyInjector, location: location, requests: applicable.requests()) { resolvers in
            Resolver<PropertyInjector<Target>> { instance in
                PropertyInjector<Target>(resolving: { (target: Target) in fill(target, resolvers, instance) })
            }
        }
    }
}

extension PropertyInjectionBuilder where Element: MainActorPropertyInjectable {
    /// Binds the injector of a main-actor class's ``Injected`` properties: a
    /// ``MainActorPropertyInjector`` whose `injectProperties(into:)` fills each of them on
    /// the main actor (where its requests may name main-actor bindings).
    ///
    /// ```swift
    /// binder.bindPropertyInjectionOf(ProfileViewController.self).toInjectedProperties()
    /// // requested as MainActorPropertyInjector<ProfileViewController>
    /// ```
    @discardableResult
    public func toInjectedProperties(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function
    ) -> BindingReceipt<MainActorPropertyInjector<Element>> {
        let recipe = TypedBindingRecord<MainActorPropertyInjector<Element>>.mainActorInjectedProperties(
            Element.injectedProperties, location: SourceLocation(file: file, line: line, column: column, function: function)
        )
        return registerOnMainActor(recipe)
    }
}

extension TypedBindingRecord {
    /// A main-actor injector that fills `properties`, each resolved as its own request.
    static func mainActorInjectedProperties<Target: AnyObject>(
        _ listed: [InjectedProperty],
        location: SourceLocation
    ) -> TypedBindingRecord where Value == MainActorPropertyInjector<Target> {
        let applicable = ApplicableProperties(listed, of: Target.self)
        let fill = applicable.filler()
        return TypedBindingRecord(kind: .propertyInjector, location: location, requests: applicable.requests(), effect: .mainActor) { resolvers in
            Resolver<MainActorPropertyInjector<Target>> { instance in
                MainActorPropertyInjector<Target> { target in fill(target, resolvers, instance) }
            }
        }
    }
}

extension TypedBindingRecord {
    /// The same binding, each object it makes filled with `properties` (its class's
    /// `@Injected` ones) before it is handed out; their requests follow the factory's. An
    /// object an asynchronous factory makes is filled after it is awaited, each property's
    /// value awaited in turn; a main-actor class's properties are assigned on the main actor.
    func fillingInjectedProperties(_ listed: [InjectedProperty]) -> TypedBindingRecord {
        // Only for a class (the binder's overload asks for one): its objects are passed on
        // as the single references they are, with no conversion per object.
        guard let type = Value.self as? AnyClass else { return self }
        let applicable = ApplicableProperties(listed, of: type)
        guard !applicable.isEmpty else { return self }
        let factoryRequests = requests.count
        let all = applicable.requests(after: requests)
        let make = Self.filling(pending.make, with: applicable.filler(), factoryRequests: factoryRequests)
        guard let makeAsync = pending.makeAsync else {
            return TypedBindingRecord(kind: kind, location: location, requests: all, effect: effect, make: make)
        }
        let filledAsync = Self.filling(makeAsync, assigns: applicable.properties.map(\.assignAsync), factoryRequests: factoryRequests)
        // An asynchronous-only binding keeps its synchronous resolver unshared (it only
        // reports that it needs `await`).
        guard pending.sharesSynchronously else {
            return TypedBindingRecord(kind: kind, location: location, requests: all, effect: effect, makeAsync: filledAsync)
        }
        return TypedBindingRecord(kind: kind, location: location, requests: all, effect: effect, make: make, makeAsync: filledAsync)
    }

    /// `make`, each value it makes then filled by `fill` from the resolvers after the
    /// factory's first `factoryRequests`.
    private static func filling(
        _ make: @escaping ([AnyResolver]) -> AnyResolver,
        with fill: @escaping (AnyObject, [AnyResolver], ComponentInstance) -> Void,
        factoryRequests: Int
    ) -> ([AnyResolver]) -> AnyResolver {
        { resolvers in
            let made = make(Array(resolvers[..<factoryRequests])).typed(Value.self)
            let filling = Array(resolvers[factoryRequests...])
            return Resolver<Value> { instance in
                let value = made.resolve(instance)
                fill(unsafeBitCast(value, to: AnyObject.self), filling, instance)
                return value
            }
        }
    }

    /// `makeAsync`, each value it makes then filled by `assigns`, awaited in turn.
    private static func filling(
        _ makeAsync: @escaping ([AnyAsyncResolver], BindingKey) -> AnyAsyncResolver,
        assigns: [@Sendable (Handoff<AnyObject>, AnyAsyncResolver, ComponentInstance) async throws -> Void],
        factoryRequests: Int
    ) -> ([AnyAsyncResolver], BindingKey) -> AnyAsyncResolver {
        { resolvers, key in
            let made = makeAsync(Array(resolvers[..<factoryRequests]), key).typed(Value.self)
            let filling = Array(resolvers[factoryRequests...])
            return AsyncResolver<Value> { instance in
                let value = try await made.resolve(instance)
                let object = Handoff(value: unsafeBitCast(value, to: AnyObject.self))
                for index in assigns.indices {
                    try await assigns[index](object, filling[index], instance)
                }
                return value
            }
        }
    }
}
