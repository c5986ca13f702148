#if canImport(ObjectiveC)
public import Foundation

/// Looks objects up by class at run time: the original's Objective-C compatibility layer.
///
/// Injectable in any component (each component's graph sees its own bindings and its
/// ancestors'), and usable as a component's `Root` with no `configureRoot`. On Apple
/// platforms it is an `NSObject` whose members Objective-C can call.
@objcMembers
public final class LegacyObjectGraph: NSObject, @unchecked Sendable {
    // Safe to share: the component instance is itself thread-safe, and never replaced.
    let instance: ComponentInstance

    init(instance: ComponentInstance) {
        self.instance = instance
        super.init()
    }
}
#else
/// Looks objects up by class at run time: the original's Objective-C compatibility layer.
///
/// Injectable in any component (each component's graph sees its own bindings and its
/// ancestors'), and usable as a component's `Root` with no `configureRoot`.
///
/// ```swift
/// struct Legacy: RootComponent {
///     typealias Root = LegacyObjectGraph
///     static func configure(binder: Binder<Unscoped>) { … }
/// }
/// let graph = try ComponentFactory.of(Legacy.self).build(())
/// let client = graph.objectForClass(cls: APIClient.self) as? APIClient
/// ```
public final class LegacyObjectGraph: @unchecked Sendable {
    // Safe to share: the component instance is itself thread-safe, and never replaced.
    let instance: ComponentInstance

    init(instance: ComponentInstance) {
        self.instance = instance
    }
}
#endif

extension LegacyObjectGraph {
    /// The instance bound for `cls` (untagged), or `nil` when nothing binds it.
    public func objectForClass(cls: AnyClass) -> AnyObject? {
        lookUp(cls, tagNamed: nil).map { $0 as AnyObject }
    }

    /// The instance bound for `cls` tagged with the tag type named `name` (its name as
    /// written, such as `"PrimaryAPIURL"`), or `nil` when there is none.
    public func objectForClass(cls: AnyClass, withName name: String) -> AnyObject? {
        lookUp(cls, tagNamed: name).map { $0 as AnyObject }
    }

    /// A provider of the instances bound for `cls`, or `nil` when nothing binds it.
    public func providerForClass(cls: AnyClass) -> Provider<AnyObject>? {
        guard let (resolver, owner) = resolver(for: cls, tagNamed: nil) else { return nil }
        return Provider { resolver.resolveAny(owner) as AnyObject }
    }

    /// Runs the property injectors bound for `object`'s class and for each of its
    /// superclasses that has one, superclasses first. Does nothing when none is bound.
    public func injectPropertiesIntoObject(object: AnyObject) {
        var classes: [ObjectIdentifier] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            classes.append(ObjectIdentifier(current.subjectType))
            mirror = current.superclassMirror
        }
        for target in classes.reversed() {
            if let (inject, owner) = injection(for: target) {
                inject(owner, object)
            }
        }
    }

    /// The value bound for `type`, optionally tagged with the tag type named `name`; works
    /// for value types too, and throws ``UnboundLookup`` naming what is bound when nothing
    /// matches.
    public func object<T>(_ type: T.Type, taggedWithName name: String? = nil) throws -> T {
        guard let value = lookUp(type, tagNamed: name) as? T else {
            throw UnboundLookup(type: TypeIdentity(type), tagName: name, component: instance.template.componentType)
        }
        return value
    }

    private func lookUp(_ type: any Any.Type, tagNamed name: String?) -> Any? {
        resolver(for: type, tagNamed: name).map { resolver, owner in resolver.resolveAny(owner) }
    }

    /// The resolver for a key visible from this component, with the instance that owns it.
    private func resolver(for type: any Any.Type, tagNamed name: String?) -> (AnyResolver, ComponentInstance)? {
        let identity = TypeIdentity(type)
        var template: ComponentTemplate? = instance.template
        var levels = 0
        while let current = template {
            let match = name == nil
                ? current.resolvers[BindingKey(type: identity)]
                : current.resolvers.first { $0.key.type == identity && $0.key.tag?.name == name }?.value
            if let match {
                return (match, instance.ancestor(levels))
            }
            template = current.parent
            levels += 1
        }
        return nil
    }

    private func injection(for target: ObjectIdentifier) -> (UntypedInjection, ComponentInstance)? {
        var template: ComponentTemplate? = instance.template
        var levels = 0
        while let current = template {
            if let inject = current.untypedInjections[target] {
                return (inject, instance.ancestor(levels))
            }
            template = current.parent
            levels += 1
        }
        return nil
    }

    /// The binding that makes the graph injectable in every component.
    static var builtInRecord: BindingRecord {
        BindingRecord(
            model: BindingModel(
                key: BindingKey(LegacyObjectGraph.self),
                kind: .builtIn,
                scope: nil,
                location: SourceLocation(file: "Cleanse (built in)", line: 0),
                dependencies: []
            ),
            resolver: Resolver<LegacyObjectGraph> { instance in LegacyObjectGraph(instance: instance) }
        )
    }
}

extension ComponentBase where Root == LegacyObjectGraph {
    /// A component whose root is its `LegacyObjectGraph` needs no `configureRoot`: the graph
    /// is bound in every component already.
    public static func configureRoot(binder bind: ReceiptBinder<LegacyObjectGraph>) -> BindingReceipt<LegacyObjectGraph> {
        BindingReceipt()
    }
}
