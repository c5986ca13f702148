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

/// The dynamic look-ups of a ``LegacyObjectGraph``, as a protocol code can depend on
/// without naming the class (for instance to hand a test double to Objective-C-era code).
public protocol LegacyObjectGraphProtocol {
    /// A function that returns the instance bound for `cls`, tagged with the tag type named
    /// `name` when `name` is not `nil`, or `nil` when nothing visible binds it.
    func providerForClass(cls: AnyClass, withName name: String?) -> () -> AnyObject?
}

extension LegacyObjectGraph: LegacyObjectGraphProtocol {
    /// The instance bound for `cls` (untagged), or `nil` when nothing binds it.
    ///
    /// Cleanse 4 returned a non-optional `AnyObject` and crashed on a miss; existing
    /// `graph.objectForClass(cls: Foo.self) as! Foo` still compiles.
    public func objectForClass(cls: AnyClass) -> AnyObject? {
        objectForClass(cls: cls, withName: nil)
    }

    /// The instance bound for `cls` tagged with the tag type named `name` (its own name,
    /// such as `"PrimaryAPIURL"`, or a longer one when two tags share it: `"API.Primary"`,
    /// or the qualified `"MyApp.API.Primary"`),
    /// or untagged when `name` is `nil`; `nil` when there is no such binding, when the
    /// name is ambiguous, or when the binding cannot be made synchronously here: it is made
    /// asynchronously, or on the main actor and this runs off the main thread
    /// (``object(_:taggedWithName:isolation:)`` says which, and serves main-actor code).
    ///
    /// Where Foundation exists, `NSString` look-ups are served by `String` bindings.
    public func objectForClass(cls: AnyClass, withName name: String?) -> AnyObject? {
        providerForClass(cls: cls, withName: name)()
    }

    /// The Swift 2 spelling of ``objectForClass(cls:)``, with no argument label.
    public func objectForClass(_ cls: AnyClass, withName name: String? = nil) -> AnyObject? {
        objectForClass(cls: cls, withName: name)
    }

    /// A function that returns a new (or the shared) instance bound for `cls` each time it is
    /// called, and `nil` when nothing binds it: `graph.providerForClass(cls: Foo.self)() as? Foo`.
    public func providerForClass(cls: AnyClass) -> () -> AnyObject? {
        providerForClass(cls: cls, withName: nil)
    }

    /// The Swift 2 spelling of ``providerForClass(cls:)``, with no argument label.
    public func providerForClass(_ cls: AnyClass, withName name: String? = nil) -> () -> AnyObject? {
        providerForClass(cls: cls, withName: name)
    }

    /// A function that returns the instance bound for `cls` tagged with the tag type named
    /// `name` (untagged when `name` is `nil`) each time it is called, or `nil` when there is
    /// none.
    public func providerForClass(cls: AnyClass, withName name: String?) -> () -> AnyObject? {
        guard case .found(let found) = match(cls, tagNamed: name) else {
            return { nil }
        }
        return { found.obstacle(onMainActor: MainThread.isCurrent) == nil ? found.asObject(found.resolver.resolveAny(found.owner)) : nil }
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

    /// The Swift 2 spelling of ``injectPropertiesIntoObject(object:)``.
    public func injectPropertiesIntoObject(_ object: AnyObject) {
        injectPropertiesIntoObject(object: object)
    }

    /// The value bound for `type`, optionally tagged with the tag type named `name`; works
    /// for value types too.
    ///
    /// - Throws: ``UnboundLookup`` naming what is bound when nothing matches, when `name`
    ///   matches several tags, or when the binding cannot be made synchronously here (it is
    ///   made asynchronously, or on the main actor and this is called from elsewhere):
    ///   then ``objectAsync(_:taggedWithName:)`` makes it.
    ///
    /// A binding isolated to the main actor is made when the caller is isolated to it
    /// (`isolation`, filled in by the compiler) or runs on the main thread.
    public func object<T>(
        _ type: T.Type,
        taggedWithName name: String? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) throws -> T {
        let found = try lookUp(type, tagNamed: name)
        if let reason = found.obstacle(onMainActor: isolation === MainActor.shared || MainThread.isCurrent) {
            throw unbound(type, tagNamed: name, because: reason)
        }
        if let value = found.resolver.resolveAny(found.owner) as? T { return value }
        throw unbound(type, tagNamed: name, because: .notBound)
    }

    /// The value bound for `type`, optionally tagged with the tag type named `name`,
    /// awaiting what making it needs: asynchronous factories, and the main actor for a
    /// binding isolated to it. Serves every binding ``object(_:taggedWithName:isolation:)`` serves.
    ///
    /// ```swift
    /// let store = try await graph.objectAsync(Store.self)
    /// ```
    ///
    /// - Throws: ``UnboundLookup`` when nothing matches or `name` matches several tags, and
    ///   whatever the factories throw.
    public func objectAsync<T>(_ type: T.Type, taggedWithName name: String? = nil) async throws -> T {
        let found = try lookUp(type, tagNamed: name)
        if let asynchronous = found.asyncResolver as? AsyncResolver<T> {
            return try await asynchronous.resolve(found.owner)
        }
        if let value = found.resolver.resolveAny(found.owner) as? T { return value }
        throw unbound(type, tagNamed: name, because: .notBound)
    }

    /// The binding `type` tagged `name` resolves to, or the error saying why there is none.
    private func lookUp(_ type: any Any.Type, tagNamed name: String?) throws -> Found {
        switch match(type, tagNamed: name) {
        case .found(let found):
            return found
        case .ambiguous(let tags):
            throw unbound(type, tagNamed: name, because: .ambiguous(tags: tags))
        case .none:
            throw unbound(type, tagNamed: name, because: .notBound)
        }
    }

    /// The error of a look-up of `type` tagged `name` in this graph's component.
    private func unbound(_ type: any Any.Type, tagNamed name: String?, because reason: UnboundLookup.Reason) -> UnboundLookup {
        UnboundLookup(type: TypeIdentity(type), tagName: name, component: instance.template.componentType, reason: reason)
    }

    /// A binding a look-up found: its resolvers, the instance they resolve in, how to hand
    /// its value out as an object, and what may keep a synchronous look-up from making it.
    private struct Found {
        let resolver: AnyResolver
        let asyncResolver: AnyAsyncResolver?
        let owner: ComponentInstance
        let asObject: (Any) -> AnyObject
        /// Why the value needs `await`, if it does.
        let awaitCause: AwaitCause?
        /// Where the binding is, if it is made on the main actor.
        let mainActorLocation: SourceLocation?

        /// Why a synchronous look-up cannot make the value, given whether it runs on the
        /// main actor (known only when it runs); `nil` when it can.
        func obstacle(onMainActor: Bool) -> UnboundLookup.Reason? {
            if let awaitCause {
                return .madeAsynchronously(location: awaitCause.bindingLocation, cause: awaitCause.key, causeLocation: awaitCause.location)
            }
            if let mainActorLocation, !onMainActor {
                return .madeOnMainActor(location: mainActorLocation)
            }
            return nil
        }
    }

    /// What a look-up found: one binding, several tags sharing the name, or nothing.
    private enum Match {
        case found(Found)
        case ambiguous([TypeIdentity])
        case none
    }

    private func match(_ type: any Any.Type, tagNamed name: String?) -> Match {
        let direct = match(exactly: type, tagNamed: name)
        if case .none = direct, let bridged = LegacyBridging.valueType(bridgedTo: type) {
            return match(exactly: bridged.type, tagNamed: name, asObject: bridged.asObject)
        }
        return direct
    }

    /// The nearest component (this one, then its ancestors) that binds `type` under the
    /// tag named `name`. A name matches a tag's short name or its qualified name; when
    /// several tags in one component match, the look-up is ambiguous rather than picking one.
    private func match(
        exactly type: any Any.Type,
        tagNamed name: String?,
        asObject: @escaping (Any) -> AnyObject = { $0 as AnyObject }
    ) -> Match {
        let identity = TypeIdentity(type)
        var template: ComponentTemplate? = instance.template
        var levels = 0
        while let current = template {
            if let name {
                let matches = current.resolvers.filter { key, _ in
                    guard key.type == identity, let tag = key.tag else { return false }
                    return tag.shortName == name || tag.name == name || tag.qualifiedName == name
                }
                if matches.count > 1 {
                    return .ambiguous(matches.keys.compactMap(\.tag).sorted { $0.qualifiedName < $1.qualifiedName })
                }
                if let (key, _) = matches.first {
                    return .found(found(key, in: current, levelsUp: levels, asObject: asObject))
                }
            } else if current.resolvers[BindingKey(type: identity)] != nil {
                return .found(found(BindingKey(type: identity), in: current, levelsUp: levels, asObject: asObject))
            }
            template = current.parent
            levels += 1
        }
        return .none
    }

    /// The binding of `key` in `template`, `levels` components up from this one.
    private func found(_ key: BindingKey, in template: ComponentTemplate, levelsUp levels: Int, asObject: @escaping (Any) -> AnyObject) -> Found {
        Found(
            resolver: template.resolvers[key].unsafelyUnwrapped,
            asyncResolver: template.asyncResolvers[key],
            owner: instance.ancestor(levels),
            asObject: asObject,
            awaitCause: template.awaitCauses[key],
            mainActorLocation: template.mainActorBindings[key]
        )
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
    static func builtInRecord(at location: SourceLocation) -> BindingRecord {
        BindingRecord(
            model: BindingModel(
                key: BindingKey(LegacyObjectGraph.self),
                kind: .builtIn,
                scope: nil,
                location: location,
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
