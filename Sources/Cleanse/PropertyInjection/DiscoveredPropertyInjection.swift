/// Fills the `@Injected` properties of objects that a binding under a protocol makes
/// (`bind((any Analytics).self).to(factory: LiveAnalytics.init)`).
///
/// The binding's type is the protocol, so `ComponentFactory.of` cannot see the class, its
/// properties or what they request. The class is asked instead when the binding makes an
/// object of it, once per class: if it is ``PropertyInjectable``, each property is linked to
/// the binding its component (or an ancestor) has for the property's key, and every object
/// of that class is filled before anyone receives it, as `bind(LiveAnalytics.self)` would.
///
/// What cannot be linked that late stops the program when the first such object is made,
/// naming the binding, the property and the line that lets `of` check it all
/// (`bind((any P).self).to { (object: C) in object }`): a property whose key nothing binds,
/// one requested through a wrapper (`Provider<T>`), made asynchronously or on the main
/// actor, and the properties of a main-actor class.
final class DiscoveredPropertyInjection: @unchecked Sendable {
    // Safe to share: `plans` is read and written under `lock` only, and each plan is
    // immutable once stored. The lock is not held while properties are resolved.
    private let lock = RecursiveLock()
    /// The plan for each class this binding made objects of; `nil` for a class with
    /// nothing to fill.
    private var plans: [ObjectIdentifier: Plan?] = [:]
    /// The last class asked, and its plan: a binding nearly always makes one class.
    private var last: (type: ObjectIdentifier, plan: Plan?)?
    private let binding: BindingKey
    private let location: SourceLocation
    /// The types the binding's factory requests: an object of one of them is handed on
    /// from its own binding, which filled it already (`to { (object: C) in object }`).
    private let requested: [TypeIdentity]

    /// How to fill objects of one class: its properties' assignments and the resolver of
    /// each, in the instance the binding's resolver is given.
    private struct Plan {
        let fill: @Sendable (_ object: AnyObject, _ resolvers: [AnyResolver], _ instance: ComponentInstance) -> Void
        let resolvers: [AnyResolver]
    }

    init(binding: BindingKey, location: SourceLocation, requested: [TypeIdentity]) {
        self.binding = binding
        self.location = location
        self.requested = requested
    }

    /// Whether objects a binding of `type` makes may be of a class the graph did not see:
    /// `type` is a protocol's existential (`any P`, `any P<T>`), read from its metadata's
    /// kind (`0x303`, or `0x307` for a constrained one, in the Swift ABI) with no
    /// conformance look-up.
    static func mayApply(to type: any Any.Type) -> Bool {
        let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
        return kind == 0x303 || kind == 0x307
    }

    /// Fills `value`'s `@Injected` properties, if its class has any, from `instance`.
    func fill(_ value: Any, in instance: ComponentInstance) {
        let type = Swift.type(of: value)
        let id = ObjectIdentifier(type)
        let plan: Plan?
        if let last = lock.withLock({ self.last }), last.type == id {
            plan = last.plan
        } else {
            plan = self.plan(for: type, id: id, in: instance)
        }
        guard let plan else { return }
        plan.fill(value as AnyObject, plan.resolvers, instance)
    }

    private func plan(for type: any Any.Type, id: ObjectIdentifier, in instance: ComponentInstance) -> Plan? {
        if let known = lock.withLock({ plans[id] }) {
            lock.withLock { last = (id, known) }
            return known
        }
        let made = makePlan(for: type, in: instance)
        lock.withLock {
            plans[id] = made
            last = (id, made)
        }
        return made
    }

    private func makePlan(for type: any Any.Type, in instance: ComponentInstance) -> Plan? {
        guard let objectClass = type as? AnyClass, !requested.contains(TypeIdentity(objectClass)) else { return nil }
        if let mainActorClass = objectClass as? any MainActorPropertyInjectable.Type {
            let properties = ApplicableProperties(mainActorClass.injectedProperties, of: objectClass)
            guard let first = properties.properties.first else { return nil }
            unfillable(objectClass, first, because: "its class is isolated to the main actor, and its properties are assigned there")
        }
        guard let injectable = objectClass as? any PropertyInjectable.Type else { return nil }
        let properties = ApplicableProperties(injectable.injectedProperties, of: objectClass)
        guard !properties.isEmpty else { return nil }
        var resolvers: [AnyResolver] = []
        for property in properties.properties {
            let request = property.recipe()
            guard request.isDirect else {
                unfillable(objectClass, property, because: "it is requested through '\(request.model.requestedType.name)', which is linked only when the graph is validated")
            }
            resolvers.append(resolver(for: request.model.key, of: objectClass, property, in: instance))
        }
        return Plan(fill: properties.filler(), resolvers: resolvers)
    }

    /// The resolver of `key` as the binding's component sees it: its own binding, or the
    /// nearest ancestor's, run in that ancestor's instance.
    private func resolver(for key: BindingKey, of objectClass: AnyClass, _ property: InjectedProperty, in instance: ComponentInstance) -> AnyResolver {
        var template: ComponentTemplate? = instance.template
        var levels = 0
        while let current = template {
            if let found = current.resolvers[key] {
                if let cause = current.awaitCauses[key] {
                    unfillable(objectClass, property, because: "\(key.quoted) is made asynchronously (\(cause.location))")
                }
                if let place = current.mainActorBindings[key] {
                    unfillable(objectClass, property, because: "\(key.quoted) is made on the main actor (\(place))")
                }
                return levels == 0 ? found : found.hop(levels)
            }
            template = current.parent
            levels += 1
        }
        let component = instance.template.componentType.quoted
        unfillable(objectClass, property, because: "nothing binds \(key.quoted) in \(component) or its ancestors")
    }

    private func unfillable(_ objectClass: AnyClass, _ property: InjectedProperty, because reason: String) -> Never {
        RuntimeFailure.unfillableDiscoveredProperty(
            property.name, declaredAt: property.location, objectClass: TypeIdentity(objectClass),
            binding: binding, boundAt: location, reason: reason
        )
    }
}

extension RuntimeFailure {
    /// An `@Injected` property of an object made by a binding under a protocol, which the
    /// graph could not link when it met the object's class.
    static func unfillableDiscoveredProperty(
        _ property: String, declaredAt declaration: SourceLocation, objectClass: TypeIdentity,
        binding: BindingKey, boundAt location: SourceLocation, reason: String
    ) -> Never {
        let tagStep = binding.tag.map { ".tagged(with: \($0.name).self)" } ?? ""
        fatalError(ShortestNames.resolved("""
            [Cleanse/NotInjected] the binding of \(binding.quoted) at \(location) made a \
            \(objectClass.quoted), whose @Injected property '\(property)' (declared at \(declaration)) \
            cannot be filled: \(reason). ComponentFactory.of checks the properties only of a class it \
            sees. To fix: bind the protocol to the class, \
            binder.bind(\(binding.type.metatypeExpression))\(tagStep).to { (object: \(objectClass.name)) in object }, \
            so that the graph makes \(objectClass.quoted) and checks its properties.
            """))
    }
}

extension TypedBindingRecord {
    /// The same binding, bound under the protocol `key` names: each object it makes is
    /// filled with its class's `@Injected` properties, discovered when the class is first
    /// met (see ``DiscoveredPropertyInjection``). Only for a protocol's existential: a
    /// binding of any other type makes what `of` sees.
    func fillingDiscoveredProperties(boundAs key: BindingKey) -> TypedBindingRecord {
        guard kind == .factory, DiscoveredPropertyInjection.mayApply(to: Value.self) else { return self }
        let location = self.location
        let requested = requests.models.map(\.key.type)
        let make = pending.make
        let filled: ([AnyResolver]) -> AnyResolver = { resolvers in
            let made = make(resolvers).typed(Value.self)
            let injection = DiscoveredPropertyInjection(binding: key, location: location, requested: requested)
            return Resolver<Value> { instance in
                let value = made.resolve(instance)
                injection.fill(value, in: instance)
                return value
            }
        }
        guard let makeAsync = pending.makeAsync else {
            return TypedBindingRecord(kind: kind, location: location, requests: requests, effect: effect, make: filled)
        }
        let filledAsync: ([AnyAsyncResolver], BindingKey) -> AnyAsyncResolver = { resolvers, bindingKey in
            let made = makeAsync(resolvers, bindingKey).typed(Value.self)
            let injection = DiscoveredPropertyInjection(binding: key, location: location, requested: requested)
            return AsyncResolver<Value> { instance in
                let value = try await made.resolve(instance)
                injection.fill(value, in: instance)
                return value
            }
        }
        guard pending.sharesSynchronously else {
            return TypedBindingRecord(kind: kind, location: location, requests: requests, effect: effect, makeAsync: filledAsync)
        }
        return TypedBindingRecord(kind: kind, location: location, requests: requests, effect: effect, make: filled, makeAsync: filledAsync)
    }
}
