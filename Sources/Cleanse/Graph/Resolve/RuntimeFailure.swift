#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The failures validation cannot rule out, because they happen inside user code: a
/// factory that asks, while it runs, for something that needs what it is building.
///
/// `get()` cannot throw, and going on would recurse until the stack overflows or wait
/// forever, so these stop the program with a message that names what was being built and
/// how to fix it.
@usableFromInline
enum RuntimeFailure {
    /// A shared binding was requested again, on the same thread, while it was being built:
    /// a factory in its dependency cycle calls `get()` on a provider right away.
    static func reentrantConstruction(of key: BindingKey, chain: [BindingKey]) -> Never {
        let building = chain.isEmpty ? "" : " while this thread was building \(describe(chain))"
        fatalError("""
            [Cleanse/ReentrantConstruction] '\(key)' was requested again\(building). A factory in its \
            dependency cycle calls get() on a Provider (or a () -> T function) while it runs. To fix: \
            keep the provider and call get() later, after construction.
            """)
    }

    /// Threads wait for each other's shared objects through Cleanse: none can go on.
    static func crossThreadDeadlock(chain: [BindingKey]) -> Never {
        fatalError("""
            [Cleanse/ReentrantConstruction] threads are waiting for each other's shared objects: \
            \(chain.map { "'\($0)'" }.joined(separator: " waits for ")) waits for the first. A factory \
            waits for another thread that requests what the first thread is building. To fix: do \
            not wait for other threads inside a factory, or request the object with a Provider and \
            call get() after construction.
            """)
    }

    /// An unscoped binding re-entered itself through providers so deeply that it can only be
    /// unbounded recursion.
    static func unboundedRecursion(of key: BindingKey, requestedBy requester: BindingKey) -> Never {
        fatalError("""
            [Cleanse/ReentrantConstruction] '\(requester)' -> '\(key)' -> … -> '\(requester)' recursed until \
            the stack was nearly exhausted: the factory of '\(requester)' calls get() on its provider of \
            '\(key)' while it runs, and building '\(key)' builds a new '\(requester)' again. To fix: keep \
            the provider and call get() after construction, or share one of them in a scope.
            """)
    }

    /// The synchronous `build(_:)` of a component whose root is made asynchronously.
    @usableFromInline
    static func asyncBuildRequired(_ type: Any.Type, at location: SourceLocation) -> Never {
        fatalError("""
            [Cleanse/AsyncBuildRequired] '\(type)' (bound at \(location)) is made asynchronously, so the \
            component whose root needs it cannot be built synchronously. To fix: build it with \
            try await factory.buildAsync(seed).
            """)
    }

    /// `build(_:)`, called outside the main actor, of a component whose root is made on it.
    static func mainActorRootBuiltSynchronously(_ type: Any.Type) -> Never {
        fatalError("""
            [Cleanse/AsyncBuildRequired] the root '\(type)' is made on the main actor, and \
            build(_:) was called outside it. To fix: call build(_:) from code isolated to the \
            main actor (@MainActor), use try factory.buildOnMainActor(seed) there, or build \
            with try await factory.buildAsync(seed).
            """)
    }

    /// A thread has waited a long time for a shared object another thread is building.
    static func warnLongWait(for key: BindingKey, in template: ComponentTemplate, seconds: Int) {
        template.warningPolicy.report(RuntimeWarning(
            diagnosticID: .reentrantConstruction, key: key, component: template.componentType,
            explanation: """
                a thread has waited \(seconds) s for '\(key.displayed)' in component '\(template.componentType.displayed)', \
                which another thread is building. If that factory waits for this thread (a dispatch \
                queue, a worker pool), this is a deadlock: request the object with a Provider and call \
                get() after construction. Still waiting.
                """
        ))
    }

    /// A shared object that keeps a handle on its component is made a second time for the
    /// same instance: everything that kept it let it go while something that cannot keep it
    /// (a `WeakProvider`, or a handle the object itself gave away and that outlived it)
    /// still asked for it. Said once per slot and instance, never silently.
    static func warnMadeAgain(_ key: BindingKey, in template: ComponentTemplate) {
        template.warningPolicy.report(RuntimeWarning(
            diagnosticID: .sharedObjectMadeAgain, key: key, component: template.componentType,
            explanation: """
                '\(key.displayed)', shared in '\(template.componentType.displayed)', is made a second time for the same \
                component instance: everything that kept the first one let it go, then a handle that \
                cannot keep it (a WeakProvider, or a handle the object gave away that outlived it) asked \
                for it. Keep the object where that handle is kept.
                """
        ))
    }

    /// A warning validation found (or a plugin reported): printed to standard error once,
    /// when the factory is made, as a compiler prints its warnings.
    static func printWarning(_ warning: any CleanseError) {
        var bytes = Array((warning.description + "\n").utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }

    private static func describe(_ keys: [BindingKey]) -> String {
        keys.map { "'\($0)'" }.joined(separator: ", ")
    }
}
