//
//  ApplicationCoordinator.swift
//  TryoutApp
//

import Cleanse
import TryoutCore
import TryoutLogin
import UIKit

final class ApplicationCoordinator {
    let window: UIWindow
    let userStore: UserStore
    let login: Provider<LoginViewController>
    let register: Provider<RegisterViewController>
    private var navigation: UINavigationController?

    init(window: UIWindow, userStore: UserStore, login: Provider<LoginViewController>, register: Provider<RegisterViewController>) {
        self.window = window
        self.userStore = userStore
        self.login = login
        self.register = register
    }

    func start() {
        let navigation = UINavigationController(rootViewController: login.get())
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        self.navigation = navigation
    }

    func showOnboarding() {
        guard let screen = try? ComponentFactory.of(OnboardingFlow.self).build(()) else { return }
        print(screen.pages)
    }
}

extension ApplicationCoordinator: LoginRoute {
    func loginSucceeded(user: String) { userStore.signIn(user) }
    func showRegister() { navigation?.pushViewController(register.get(), animated: true) }
}

extension ApplicationCoordinator: RegisterRoute {
    func registered(user: String) { userStore.signIn(user) }
}
