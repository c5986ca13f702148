//
//  Presenters.swift
//  GamesPresentation
//

import Cleanse
import GamesDomain
import UIKit

final class GetListPresenter {
    let useCase: GetFavoriteGamesInteractor
    private(set) var games: [GameModel] = []

    init(useCase: GetFavoriteGamesInteractor) {
        self.useCase = useCase
    }

    func load() { games = useCase.execute() }
}

final class FavoritesViewController: UIViewController {
    var presenter: GetListPresenter!

    func injectProperties(_ presenter: GetListPresenter) {
        self.presenter = presenter
    }
}

struct PresentersModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(GetListPresenter.self).to(factory: GetListPresenter.init)
    }
}

struct GamesAppComponent: Cleanse.RootComponent {
    typealias Root = PropertyInjector<FavoritesViewController>
    typealias Scope = Singleton

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: GamesRepositoryModule.self)
        binder.include(module: DiskFavoriteGamesDataSource.Module.self)
        binder.include(module: PresentersModule.self)
        binder.bind().tagged(with: CacheDirectory.self).to(value: "/var/cache/games")
    }

    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        return bind.propertyInjector(configuredWith: { bind in
            bind.to(injector: FavoritesViewController.injectProperties)
        })
    }
}
