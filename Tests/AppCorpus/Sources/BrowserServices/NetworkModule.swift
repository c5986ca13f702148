//
//  NetworkModule.swift
//  BrowserServices
//

import Cleanse
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public struct GithubBaseURL: Tag {
    public typealias Element = URL
}

public struct GithubOrganizationName: Tag {
    public typealias Element = String
}

/// The HTTP stack every service shares.
public struct NetworkModule: Cleanse.Module {
    public static func configure(binder: Binder<Singleton>) {
        binder
            .bind(URLSessionConfiguration.self)
            .to { URLSessionConfiguration.ephemeral }

        binder
            .bind(URLSession.self)
            .sharedInScope()
            .to { URLSession(configuration: $0) }

        binder
            .bind()
            .tagged(with: GithubBaseURL.self)
            .to(value: URL(string: "https://api.github.com")!)
    }
}
