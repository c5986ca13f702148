/// Overrides for every graph made inside a scope: each `ComponentFactory.of` called in the
/// operation, by this task and the child tasks it creates, is validated and built as
/// ``ComponentFactory/of(_:overrides:validate:serviceLoader:observer:file:line:column:)``
/// would with these modules, and with any it names itself after them. Tests that run in
/// parallel each see only their own doubles, even where the code under test calls
/// `ComponentFactory.of` itself.
///
/// ```swift
/// @Test func checkoutWorksOffline() throws {
///     try ComponentOverrides.with(OfflineNetworkModule.self) {
///         let app = try AppLauncher.start()   // calls ComponentFactory.of(AppComponent.self)
///         #expect(app.checkout.isOffline)
///     }
/// }
/// ```
///
/// The overrides follow the rules of `of(_:overrides:)`: they replace the keys they bind
/// wherever the graph (its subcomponents and features included) binds or constructs them.
/// Since code in a scope may make several graphs, a scope's override that one graph does not
/// use is not reported; one the call names itself is (`[Cleanse/UnusedOverride]`). The scope
/// is the task's: a `Task.detached`, another thread, or a factory made before the scope
/// keeps the app's bindings.
public enum ComponentOverrides {
    /// The override modules of the current task's scope, outermost first.
    @TaskLocal static var modules: [any Module.Type] = []

    /// Runs `operation` with `overrides` added to the scope's for every
    /// `ComponentFactory.of` it makes.
    public static func with<each Override: Module, Result>(
        _ overrides: repeat (each Override).Type,
        operation: () throws -> Result
    ) rethrows -> Result {
        try $modules.withValue(adding(repeat each overrides), operation: operation)
    }

    /// Runs the asynchronous `operation` with `overrides` added to the scope's for every
    /// `ComponentFactory.of` it (and the child tasks it creates) makes, on the caller's actor
    /// (`isolation`: leave it to its default).
    public static func with<each Override: Module, Result>(
        _ overrides: repeat (each Override).Type,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $modules.withValue(adding(repeat each overrides), operation: operation, isolation: isolation)
    }

    /// The scope's modules followed by `overrides`.
    private static func adding<each Override: Module>(_ overrides: repeat (each Override).Type) -> [any Module.Type] {
        var list = modules
        repeat list.append(each overrides)
        return list
    }
}
