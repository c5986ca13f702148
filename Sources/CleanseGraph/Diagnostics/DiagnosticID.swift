/// The stable identifier of a kind of diagnostic, such as `Cleanse/MissingBinding`.
///
/// Tests and plugins match on the identifier, never on the wording, which may improve.
///
/// ```swift
/// catch let error as CleanseError where error.diagnosticID == .missingBinding { … }
/// ```
public struct DiagnosticID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// `Domain/Name`, for example `Cleanse/DependencyCycle`.
    public let rawValue: String

    /// Creates an identifier; plugins use their own domain (`MyApp/LayerViolation`).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// `[Cleanse/MissingBinding]`, the form that opens every message.
    public var description: String { "[\(rawValue)]" }

    public static func < (lhs: DiagnosticID, rhs: DiagnosticID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A request that no binding in the component or its ancestors provides.
    public static let missingBinding = DiagnosticID("Cleanse/MissingBinding")
    /// A key bound more than once where it is visible.
    public static let duplicateBinding = DiagnosticID("Cleanse/DuplicateBinding")
    /// Bindings that need each other to be built.
    public static let dependencyCycle = DiagnosticID("Cleanse/DependencyCycle")
    /// A binding shared in a scope its component does not have.
    public static let invalidScope = DiagnosticID("Cleanse/InvalidScope")
    /// A subcomponent with its ancestor's scope, or one that installs its own ancestor.
    public static let invalidScopeNesting = DiagnosticID("Cleanse/InvalidScopeNesting")
    /// A dictionary multibinding key contributed twice.
    public static let duplicateDictionaryKey = DiagnosticID("Cleanse/DuplicateDictionaryKey")
    /// A whole dictionary contributed through `.intoDictionary(key:)`, which adds one entry.
    public static let wholeDictionaryContribution = DiagnosticID("Cleanse/WholeDictionaryContribution")
    /// A binding of a wrapper type such as `Provider<T>`, which requests never use.
    public static let boundWrapperType = DiagnosticID("Cleanse/BoundWrapperType")
    /// `Assisted<T>` requested by a factory that no assisted factory calls: only the caller
    /// of `Factory.build(_:)` supplies it, never a binding.
    public static let assistedOutsideFactory = DiagnosticID("Cleanse/AssistedOutsideFactory")
    /// A module included in a component and again in one of its ancestors.
    public static let moduleIncludedTwice = DiagnosticID("Cleanse/ModuleIncludedTwice")
    /// An asynchronous binding requested where it cannot be awaited.
    public static let asyncRequestedSynchronously = DiagnosticID("Cleanse/AsyncRequestedSynchronously")
    /// A shared binding requested again while it is being built.
    public static let reentrantConstruction = DiagnosticID("Cleanse/ReentrantConstruction")
    /// A root that needs `await` was built synchronously (`buildOnMainActor`).
    public static let asyncBuildRequired = DiagnosticID("Cleanse/AsyncBuildRequired")
    /// A factory threw; the error carries the binding and what was thrown.
    public static let factoryFailed = DiagnosticID("Cleanse/FactoryFailed")
    /// A value shared in a subcomponent that keeps a handle on that component.
    public static let selfRetainingValue = DiagnosticID("Cleanse/SelfRetainingValue")
    /// Shared objects of a subcomponent that can ask for each other through handles on it.
    public static let retentionCycle = DiagnosticID("Cleanse/RetentionCycle")
    /// An override that replaces nothing.
    public static let unusedOverride = DiagnosticID("Cleanse/UnusedOverride")
    /// An `@Injected` property that nothing fills: read before injection (the runtime stops
    /// there), or of a class a factory bound under a protocol makes (cleansec, at the line).
    public static let notInjected = DiagnosticID("Cleanse/NotInjected")
    /// A `LegacyObjectGraph` look-up for something nothing binds.
    public static let unboundLookup = DiagnosticID("Cleanse/UnboundLookup")
    /// A warning: a `bindPropertyInjectionOf(T.self)` whose `PropertyInjector<T>` nothing
    /// requests, so no object's properties are ever injected through it.
    public static let unrequestedPropertyInjector = DiagnosticID("Cleanse/UnrequestedPropertyInjector")
    /// A warning given while a graph runs: a shared object that keeps a handle on its
    /// component was made a second time for the same component instance.
    public static let sharedObjectMadeAgain = DiagnosticID("Cleanse/SharedObjectMadeAgain")
    /// Several errors reported together.
    public static let multipleErrors = DiagnosticID("Cleanse/MultipleErrors")
    /// An error type that does not name its own identifier.
    public static let unidentified = DiagnosticID("Cleanse/Unidentified")
}
