import Cleanse

/// Main-actor bindings: a view model made on the main actor, requested through
/// `MainActorProvider`, directly by a main-actor screen, and by a main-actor property
/// injector; and one mistake, a plain `Provider` of the view model.
public enum MainActorShop {
    final class Catalog: Sendable {}
    @MainActor final class ShopViewModel {
        init(catalog: Catalog) {}
    }
    @MainActor final class ShopScreen {
        init(model: ShopViewModel, details: MainActorProvider<ShopViewModel>) {}
    }
    @MainActor final class ShopController {
        func injectProperties(_ model: ShopViewModel) {}
    }
    final class Analytics {
        init(models: Provider<ShopViewModel>) {}
    }

    struct ShopModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(Catalog.self).sharedInScope().to(factory: Catalog.init)
            binder.bind(ShopViewModel.self).sharedInScope().to(factory: ShopViewModel.init) // expect: AsyncRequestedSynchronously
            binder.bindPropertyInjectionOf(ShopController.self).to(injector: ShopController.injectProperties)
            binder.bind(Analytics.self).to(factory: Analytics.init)
        }
    }

    struct App: RootComponent {
        typealias Root = ShopScreen
        typealias Scope = Singleton
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: ShopModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<ShopScreen>) -> BindingReceipt<ShopScreen> {
            bind.to(factory: ShopScreen.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(App.self)
    }
}
