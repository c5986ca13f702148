/// Injects dependencies into an existing object, awaiting them: the property injector bound
/// with an `async` or throwing injector, whose dependencies may be asynchronous bindings.
///
/// The target must be `Sendable` (an actor, a main-actor class, a `Sendable` class), since
/// the injector runs away from the caller's actor.
///
/// ```swift
/// actor ReportJob {
///     var database: Database?
///     func injectProperties(_ database: Database) { self.database = database }
/// }
///
/// binder.bindPropertyInjectionOf(ReportJob.self).to { (job: ReportJob, database: Database) async in
///     await job.injectProperties(database)
/// }
/// // later, with injector: AsyncPropertyInjector<ReportJob>
/// try await injector.injectProperties(into: job)
/// ```
public struct AsyncPropertyInjector<Element: Sendable>: Sendable {
    private let inject: @Sendable (Element) async throws -> Void

    /// An injector that awaits `inject` on each instance.
    public init(injectionFunction inject: @escaping @Sendable (Element) async throws -> Void) {
        self.inject = inject
    }

    /// Awaits the bound dependencies and hands them to `instance`. An error thrown by a
    /// dependency's factory, or by the injector, reaches the caller; the first names its
    /// binding (`FactoryFailed`).
    public func injectProperties(into instance: Element) async throws {
        try await inject(instance)
    }
}

extension TypedBindingRecord {
    /// An injector whose dependencies are awaited, each time it injects, through their
    /// asynchronous resolvers.
    static func asyncInjector<Target: Sendable, each Dependency>(
        _ inject: @escaping @Sendable (Target, (repeat each Dependency)) async throws -> Void,
        location: SourceLocation
    ) -> TypedBindingRecord where Value == AsyncPropertyInjector<Target> {
        let recipe = TypedBindingRecord(
            kind: .propertyInjector,
            location: location,
            requests: RequestRecipe.all(repeat (each Dependency).self),
            effect: .asynchronous,
            // Never called: the linker uses `makeFromAsyncDependencies` when a recipe has one.
            make: { _ in Resolver { _ in RuntimeFailure.unlinkedKey(nil) } }
        )
        recipe.makeFromAsyncDependencies = { resolvers in
            let dependencies = AsyncResolverCursor.pack(resolvers, as: repeat (each Dependency).self)
            return Resolver { instance in
                AsyncPropertyInjector { target in
                    let arguments = (repeat try await (each dependencies).resolve(instance))
                    do {
                        try await inject(target, (repeat each arguments))
                    } catch {
                        throw reportedFailure(error, of: BindingKey(AsyncPropertyInjector<Target>.self), at: location)
                    }
                }
            }
        }
        return recipe
    }
}
