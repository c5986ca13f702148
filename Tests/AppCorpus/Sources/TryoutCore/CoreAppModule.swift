//
//  CoreAppModule.swift
//  TryoutCore
//

import Cleanse
import UIKit

public struct APIBaseURL: Tag {
    public typealias Element = String
}

public protocol NetworkService: AnyObject {
    func get(_ path: String) -> String
}

final class HTTPNetworkService: NetworkService {
    let baseURL: String

    init(baseURL: TaggedProvider<APIBaseURL>) {
        self.baseURL = baseURL.get()
    }

    func get(_ path: String) -> String { baseURL + path }
}

public final class UserStore {
    public private(set) var currentUser: String?
    let network: NetworkService

    init(network: NetworkService) {
        self.network = network
    }

    public func signIn(_ user: String) { currentUser = user }
}

public struct CoreAppModule: Cleanse.Module {
    public static func configure(binder: AppBinder) {
        binder
            .bind(NetworkService.self)
            .sharedInScope()
            .to(factory: HTTPNetworkService.init)

        binder
            .bind(UserStore.self)
            .sharedInScope()
            .to(factory: UserStore.init)

        binder.include(module: UIWindow.Module.self)
    }
}

extension UIWindow {
    public struct Module: Cleanse.Module {
        public static func configure(binder: AppBinder) {
            binder
                .bind(UIWindow.self)
                .sharedInScope()
                .to { UIWindow(frame: UIScreen.main.bounds) }
        }
    }
}
