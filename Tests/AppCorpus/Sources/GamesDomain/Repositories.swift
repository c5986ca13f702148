//
//  Repositories.swift
//  GamesDomain
//

import Cleanse

public protocol GetFavoriteGamesLocalDataSource {
    func favorites() -> [GameResponse]
}

public protocol GamesRepository {
    func favoriteGames() -> [GameModel]
}

public final class FavoriteGamesRepository<Transformer: Mapper>: GamesRepository
where Transformer.Response == [GameResponse], Transformer.Domain == [GameModel] {
    let localDataSource: GetFavoriteGamesLocalDataSource
    let mapper: Transformer

    public init(localDataSource: GetFavoriteGamesLocalDataSource, mapper: Transformer) {
        self.localDataSource = localDataSource
        self.mapper = mapper
    }

    public func favoriteGames() -> [GameModel] {
        mapper.transform(response: localDataSource.favorites())
    }
}

public final class DiskFavoriteGamesDataSource: GetFavoriteGamesLocalDataSource {
    let directory: String

    init(directory: TaggedProvider<CacheDirectory>) {
        self.directory = directory.get()
    }

    public func favorites() -> [GameResponse] { [] }

    public struct Module: Cleanse.Module {
        public static func configure(binder: Binder<Singleton>) {
            binder
                .bind(GetFavoriteGamesLocalDataSource.self)
                .sharedInScope()
                .to(factory: DiskFavoriteGamesDataSource.init)
        }
    }
}

public struct CacheDirectory: Tag {
    public typealias Element = String
}

public final class GetFavoriteGamesInteractor {
    let repository: GamesRepository

    public init(repository: GamesRepository) {
        self.repository = repository
    }

    public func execute() -> [GameModel] { repository.favoriteGames() }
}

public struct GamesRepositoryModule: Cleanse.Module {
    public static func configure(binder: Binder<Singleton>) {
        binder.include(module: GameTransformer.Module.self)
        binder.include(module: GamesTransformer<GameTransformer>.Module.self)
        binder
            .bind(GamesRepository.self)
            .to(factory: FavoriteGamesRepository<GamesTransformer<GameTransformer>>.init)
        binder
            .bind(GetFavoriteGamesInteractor.self)
            .to(factory: GetFavoriteGamesInteractor.init)
    }
}
