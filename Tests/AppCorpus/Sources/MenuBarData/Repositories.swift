//
//  Repositories.swift
//  MenuBarData
//
//  Step by step, as the tutorial this app grew from: each repository is bound, then grouped
//  in a module, and the last one is made by hand from the others.
//

import Cleanse

public struct RepositoryA {
    public let name = "A"
    public init() {}
}

public struct RepositoryB {
    public let value: Int
    public init(value: Int) { self.value = value }
}

public struct RepositoryC {
    public let repoA: RepositoryA
    public init(repoA: RepositoryA) { self.repoA = repoA }
}

public struct RepositoryD {
    public let repoA: RepositoryA
    public let repoB: RepositoryB
    public init(repoA: RepositoryA, repoB: RepositoryB) {
        self.repoA = repoA
        self.repoB = repoB
    }
}

public struct RepositoriesModule: Module {
    public static func configure(binder: SingletonBinder) {
        binder.bind(RepositoryA.self).to(factory: RepositoryA.init)
        binder.bind(RepositoryC.self).to(factory: RepositoryC.init)
        // RepositoryB is made in place; RepositoryA comes from the graph.
        binder.bind(RepositoryD.self)
            .to {
                RepositoryD(repoA: $0, repoB: RepositoryB(value: (0...9).randomElement()!))
            }
    }
}
