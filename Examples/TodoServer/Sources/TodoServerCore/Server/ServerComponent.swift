import Cleanse

/// The composition root: everything the server holds for its lifetime (configuration,
/// logger, the store, the routes and services each feature contributes) and the factory of
/// the per-request component.
///
/// ```swift
/// let server = try ComponentFactory.of(ServerComponent.self).build(configuration)
/// try await server.run()
/// ```
public struct ServerComponent: RootComponent {
    public typealias Root = TodoServer
    public typealias Scope = Singleton
    public typealias Seed = ServerConfiguration

    public static func configure(binder: Binder<Singleton>) {
        binder.include(module: LoggingModule.self)
        binder.include(module: HTTPModule.self)
        binder.include(module: DatabaseModule.self)
        binder.include(module: HealthFeature.self)
        binder.include(module: UsersFeature.self)
        binder.include(module: TodosFeature.self)
        binder.install(dependency: RequestComponent.self)
    }

    public static func configureRoot(binder bind: ReceiptBinder<TodoServer>) -> BindingReceipt<TodoServer> {
        bind.to(factory: TodoServer.init)
    }
}
