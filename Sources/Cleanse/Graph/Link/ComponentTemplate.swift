/// One component, validated and linked: a resolver for every key it binds. Immutable once
/// the linker returns it, and shared by every instance `build(_:)` makes.
final class ComponentTemplate: @unchecked Sendable {
    // Safe to share: every stored property is written by the linker before the template is
    // published to a `ComponentFactory`, and only read afterwards.
    let componentType: TypeIdentity
    /// How to build the root when nothing it needs can reach the instance; `nil` otherwise.
    let privateBuildPlan: PrivateBuildPlan?
    /// The private build plan when it needs no `await`: what a synchronous build runs.
    /// Stored, so that a build reads it in place (a computed copy retained its arrays).
    let synchronousBuildPlan: PrivateBuildPlan?
    let parent: ComponentTemplate?
    let scopedSlotCount: Int
    /// The words of an instance's storage: one per scoped slot, then one per installed
    /// subcomponent, where a finished instance of it waits to be reused (see `reuseWord`).
    let storageWordCount: Int
    /// Where, in its parent instance's storage, a finished instance of this subcomponent
    /// waits for the next `build(_:)` (see `ComponentInstance.reusable(of:in:seed:)`); -1
    /// when instances are not reused: a root component, or one whose build may hand out
    /// the instance (a provider, a factory, a retaining object, an asynchronous or
    /// main-actor root), which the private build plan rules out.
    let reuseWord: Int
    /// The key of each scoped slot, for reports.
    let slotKeys: [BindingKey]
    /// The longest chain of direct requests from the root, in bindings: how deep building
    /// the root recurses.
    let rootDepth: Int
    let resolvers: [BindingKey: AnyResolver]
    /// The asynchronous resolvers of the component's asynchronous bindings.
    let asyncResolvers: [BindingKey: AnyAsyncResolver]
    /// For each key bound here whose value needs `await`, the asynchronous binding why.
    let awaitCauses: [BindingKey: AwaitCause]
    /// Where each binding here whose factory is isolated to the main actor is bound: such
    /// a value is made synchronously only on the main actor.
    let mainActorBindings: [BindingKey: SourceLocation]
    /// The key of the root object.
    let rootKey: BindingKey
    /// Whether the root is made by a factory isolated to the main actor (asked at each
    /// build, so stored rather than looked up).
    let rootIsMainActor: Bool
    let root: AnyResolver
    /// The root's asynchronous resolver, when it has one.
    let asyncRoot: AnyAsyncResolver?
    /// The property injectors bound in this component, by the type they inject into.
    let untypedInjections: [ObjectIdentifier: UntypedInjection]
    /// Which retaining shared objects each anchor keeps alive; `nil` when the component
    /// shares nothing that keeps a handle on it.
    let retention: RetentionPlan?
    /// For a root: the warnings validation found in its tree (set before the template is
    /// published, like everything else here).
    var warnings: [any CleanseError] = []
    /// For a root (an app's or a feature's): where its tree's warnings go, from its
    /// `ComponentFactory.of` call; set before the template is published.
    var rootWarningPolicy: WarningPolicy?

    /// Where this component's warnings go: its root's policy.
    var warningPolicy: WarningPolicy { rootWarningPolicy ?? parent?.warningPolicy ?? .print }

    init(
        componentType: TypeIdentity,
        privateBuildPlan: PrivateBuildPlan?,
        parent: ComponentTemplate?,
        slotKeys: [BindingKey],
        rootDepth: Int,
        resolvers: [BindingKey: AnyResolver],
        asyncResolvers: [BindingKey: AnyAsyncResolver],
        awaitCauses: [BindingKey: AwaitCause],
        mainActorBindings: [BindingKey: SourceLocation],
        rootKey: BindingKey,
        root: AnyResolver,
        asyncRoot: AnyAsyncResolver?,
        untypedInjections: [ObjectIdentifier: UntypedInjection],
        retention: RetentionPlan?,
        subcomponentCount: Int,
        offeredReuseWord: Int?
    ) {
        self.componentType = componentType
        self.privateBuildPlan = privateBuildPlan
        synchronousBuildPlan = privateBuildPlan?.isSynchronous == true ? privateBuildPlan : nil
        self.parent = parent
        scopedSlotCount = slotKeys.count
        self.slotKeys = slotKeys
        self.rootDepth = rootDepth
        self.resolvers = resolvers
        self.asyncResolvers = asyncResolvers
        self.awaitCauses = awaitCauses
        self.mainActorBindings = mainActorBindings
        self.rootKey = rootKey
        rootIsMainActor = mainActorBindings[rootKey] != nil
        self.root = root
        self.asyncRoot = asyncRoot
        self.untypedInjections = untypedInjections
        self.retention = retention
        storageWordCount = slotKeys.count + subcomponentCount
        let isReusable = synchronousBuildPlan != nil && retention == nil && asyncRoot == nil
            && !rootIsMainActor
        reuseWord = isReusable ? offeredReuseWord ?? -1 : -1
    }
}

/// Who keeps the *retaining* shared objects of a component alive: those that keep a handle
/// on it (see `RetentionAnalysis`). An instance holds such an object weakly, or it would
/// keep itself alive; instead every *anchor* that can still ask for it pins it. The anchors
/// are the handles a build hands out (one per build) and each retaining object's own
/// handles. So the object is made once, and freed once nothing can ask for it any more.
/// A class: it is read at every construction of such an object, and reading a struct
/// through the optional copied it, retaining its arrays, each time.
final class RetentionPlan: Sendable {
    /// For each scoped slot holding a retaining object: the retaining slots its handles can
    /// reach (empty for other slots).
    let anchorReach: [[Int]]
    /// The retaining slots the root and the handles a build hands out can reach.
    let rootReach: [Int]

    init(anchorReach: [[Int]], rootReach: [Int]) {
        self.anchorReach = anchorReach
        self.rootReach = rootReach
    }
}

/// An asynchronous binding that makes another one need `await`.
struct AwaitCause {
    let key: BindingKey
    let location: SourceLocation
    /// Where the binding that needs `await` because of it is bound (`location` when it is
    /// its own cause).
    var bindingLocation: SourceLocation

    init(key: BindingKey, location: SourceLocation, bindingLocation: SourceLocation? = nil) {
        self.key = key
        self.location = location
        self.bindingLocation = bindingLocation ?? location
    }
}

extension ComponentTemplate {
    /// Why the binding of `key` visible here needs `await`, or `nil` when it does not.
    func awaitCause(of key: BindingKey) -> AwaitCause? {
        var template: ComponentTemplate? = self
        while let current = template {
            if current.resolvers[key] != nil || current.asyncResolvers[key] != nil {
                return current.awaitCauses[key]
            }
            template = current.parent
        }
        return nil
    }
}
