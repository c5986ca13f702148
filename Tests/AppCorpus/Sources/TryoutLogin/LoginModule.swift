//
//  LoginModule.swift
//  TryoutLogin
//

import Cleanse
import TryoutCore
import UIKit

public protocol LoginRoute: AnyObject {
    func loginSucceeded(user: String)
    func showRegister()
}

public final class LoginViewModel {
    let userStore: UserStore
    let network: NetworkService

    public init(userStore: UserStore, network: NetworkService) {
        self.userStore = userStore
        self.network = network
    }
}

public final class LoginViewController: UIViewController {
    let viewModel: LoginViewModel
    weak var route: LoginRoute?

    public init(viewModel: LoginViewModel, route: LoginRoute) {
        self.viewModel = viewModel
        self.route = route
        super.init()
        title = "Log in"
    }
}

public struct LoginModule: Cleanse.Module {
    public static func configure(binder: AppBinder) {
        binder
            .bind(LoginViewModel.self)
            .to(factory: LoginViewModel.init)
        binder
            .bind(LoginViewController.self)
            .to(factory: LoginViewController.init)
    }
}
