/// What Cleanse does with a warning: print it (the default), hand it to your logger, drop
/// it, or, in tests, refuse a graph that has one.
///
/// Warnings come from validation (`UnrequestedPropertyInjector`, and those plugins report),
/// found once by `ComponentFactory.of`, and from a graph while it runs (a ``RuntimeWarning``:
/// a thread waiting long for a shared object, a shared object made again). Set a policy for
/// every graph once, at launch, or pass one to a single `of` call:
///
/// ```swift
/// // At launch: warnings go to the app's logger instead of standard error.
/// WarningPolicy.default = .report { warning in logger.warning("\(warning)") }
///
/// // In a test: a graph with a warning fails to validate.
/// let factory = try ComponentFactory.of(AppComponent.self, warnings: .treatAsErrors)
/// ```
///
/// Whatever the policy, validation's warnings are also listed in
/// ``ComponentFactory/warnings`` and handed to a ``GraphObserver``.
public struct WarningPolicy: Sendable {
    /// Where a warning goes.
    let report: @Sendable (any CleanseError) -> Void
    /// Whether `ComponentFactory.of` throws validation's warnings with its errors.
    let refusesGraph: Bool

    /// Writes each warning to standard error, once: what Cleanse does unless told otherwise.
    public static let print = WarningPolicy(report: { RuntimeFailure.printWarning($0) }, refusesGraph: false)

    /// Drops warnings (they are still listed in ``ComponentFactory/warnings``).
    public static let ignore = WarningPolicy(report: { _ in }, refusesGraph: false)

    /// Makes validation's warnings errors: `ComponentFactory.of` throws them together with
    /// any errors, so a test fails on a graph that warns. Warnings given while a graph runs
    /// cannot be thrown; they are printed.
    public static let treatAsErrors = WarningPolicy(report: print.report, refusesGraph: true)

    /// Hands each warning to `handler`: a logger, or a collection in a test. It is called on
    /// the thread that found the warning (the one running `ComponentFactory.of`, or the one
    /// resolving), possibly several at once.
    public static func report(_ handler: @escaping @Sendable (any CleanseError) -> Void) -> WarningPolicy {
        WarningPolicy(report: handler, refusesGraph: false)
    }

    /// The policy of every `ComponentFactory.of` call that does not pass one, read when the
    /// call is made; ``print`` until set. Set it once at launch, before making graphs.
    public static var `default`: WarningPolicy {
        get { DefaultWarningPolicy.shared.value }
        set { DefaultWarningPolicy.shared.value = newValue }
    }
}

/// The process-wide ``WarningPolicy/default``, behind a lock.
private final class DefaultWarningPolicy: @unchecked Sendable {
    // Safe to share: `stored` is read and written only while `lock` is held.
    static let shared = DefaultWarningPolicy()
    private let lock = RecursiveLock()
    private var stored = WarningPolicy.print

    var value: WarningPolicy {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
