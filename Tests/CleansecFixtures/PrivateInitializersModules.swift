import Cleanse

extension PrivateInitializers {
    /// Wires the feed; nobody binds `Analytics` (only its implementation is bound), which
    /// only a read factory can tell.
    struct FeedModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(String.self).tagged(with: BaseURL.self).to(value: "https://api.example")
            binder.bind(APIClient.self).sharedInScope().to(factory: APIClient.init)
            binder.bind(LiveAnalytics.self).to(factory: LiveAnalytics.init)
            binder.bind(FeedCoordinator.self).to(factory: FeedCoordinator.init) // expect: MissingBinding
        }
    }

    struct App: RootComponent {
        typealias Root = FeedCoordinator
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: FeedModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<FeedCoordinator>) -> BindingReceipt<FeedCoordinator> {
            bind.to { (coordinator: FeedCoordinator) in coordinator }
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(App.self)
    }
}
