//
//  GithubServicesModule.swift
//  BrowserServices
//

import Cleanse
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public struct GithubMember {
    public let login: String
}

public struct GithubRepository {
    public let name: String
    public let stars: Int
}

public protocol GithubMembersService {
    func list(handler: @escaping ([GithubMember]) -> Void)
}

public protocol GithubRepositoriesService {
    func list(handler: @escaping ([GithubRepository]) -> Void)
}

struct GithubMembersServiceImpl: GithubMembersService {
    let githubURL: TaggedProvider<GithubBaseURL>
    let githubOrganizationName: TaggedProvider<GithubOrganizationName>
    let urlSession: URLSession

    func list(handler: @escaping ([GithubMember]) -> Void) { handler([]) }
}

struct GithubRepositoriesServiceImpl: GithubRepositoriesService {
    let githubURL: TaggedProvider<GithubBaseURL>
    let githubOrganizationName: TaggedProvider<GithubOrganizationName>
    let urlSession: URLSession

    func list(handler: @escaping ([GithubRepository]) -> Void) { handler([]) }
}

public struct GithubServicesModule: Cleanse.Module {
    public static func configure(binder: Binder<Singleton>) {
        binder
            .bind(GithubMembersService.self)
            .to(factory: GithubMembersServiceImpl.init)

        binder
            .bind(GithubRepositoriesService.self)
            .to(factory: GithubRepositoriesServiceImpl.init)
    }
}
