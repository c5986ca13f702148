//
//  Mappers.swift
//  GamesDomain
//

import Cleanse

public protocol Mapper {
    associatedtype Response
    associatedtype Domain
    func transform(response: Response) -> Domain
}

public struct GameResponse {
    public let id: Int
    public let title: String

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

public struct GameModel {
    public let id: Int
    public let title: String
}

public final class GameTransformer: Mapper {
    public init() {}

    public func transform(response: GameResponse) -> GameModel {
        GameModel(id: response.id, title: response.title)
    }

    public struct Module: Cleanse.Module {
        public static func configure(binder: Binder<Singleton>) {
            binder.bind(GameTransformer.self).to(factory: GameTransformer.init)
        }
    }
}

/// Maps a list with the element mapper it is given.
public final class GamesTransformer<GameMapper: Mapper>: Mapper {
    let gameMapper: GameMapper

    public init(gameMapper: GameMapper) {
        self.gameMapper = gameMapper
    }

    public func transform(response: [GameMapper.Response]) -> [GameMapper.Domain] {
        response.map(gameMapper.transform(response:))
    }

    public struct Module: Cleanse.Module {
        public static func configure(binder: Binder<Singleton>) {
            binder
                .bind(GamesTransformer<GameMapper>.self)
                .to(factory: GamesTransformer<GameMapper>.init)
        }
    }
}
