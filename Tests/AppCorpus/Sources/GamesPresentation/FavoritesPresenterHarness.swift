//
//  FavoritesPresenterHarness.swift
//  GamesPresentation
//
//  The presenter with a fake data source, as the app's tests wire it.
//

#if DEBUG
import Cleanse
import GamesDomain

final class FakeGetFavoriteGamesLocalDataSource: GetFavoriteGamesLocalDataSource {
    func favorites() -> [GameResponse] { [GameResponse(id: 1, title: "Portal")] }

    struct Module: Cleanse.Module {
        static func configure(binder: Binder<Singleton>) {
            binder
                .bind(GetFavoriteGamesLocalDataSource.self)
                .to(factory: FakeGetFavoriteGamesLocalDataSource.init)
        }
    }
}

final class FavoritesPresenterHarness {
    var presenter: GetListPresenter!

    func injectProperties(_ presenter: GetListPresenter) {
        self.presenter = presenter
    }

    struct Component: Cleanse.RootComponent {
        typealias Root = PropertyInjector<FavoritesPresenterHarness>

        static func configure(binder: Binder<Singleton>) {
            binder.include(module: FakeGetFavoriteGamesLocalDataSource.Module.self)
            binder.include(module: GamesRepositoryModule.self)
            binder.include(module: PresentersModule.self)
        }

        static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
            return bind.propertyInjector(configuredWith: { bind in
                bind.to(injector: FavoritesPresenterHarness.injectProperties)
            })
        }
    }
}
#endif
