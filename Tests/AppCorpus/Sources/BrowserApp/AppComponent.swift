//
//  AppComponent.swift
//  BrowserApp
//

import BrowserServices
import Cleanse
import UIKit

final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var rootViewControllers: RootViewControllers?

    func injectProperties(_ window: UIWindow, _ controllers: RootViewControllers) {
        self.window = window
        self.rootViewControllers = controllers
    }
}

struct CoreAppModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder
            .bind(UIWindow.self)
            .sharedInScope()
            .to { UIWindow(frame: UIScreen.main.bounds) }

        binder
            .bind()
            .tagged(with: GithubOrganizationName.self)
            .to(value: "square")
    }
}

struct ReleaseAppComponent: Cleanse.RootComponent {
    typealias Root = PropertyInjector<AppDelegate>
    typealias Scope = Singleton

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CoreAppModule.self)
        binder.include(module: GithubServicesModule.self)
        binder.include(module: NetworkModule.self)
        binder.include(module: ViewControllersModule.self)
        binder.include(module: SettingsModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<PropertyInjector<AppDelegate>>) -> BindingReceipt<PropertyInjector<AppDelegate>> {
        return bind.propertyInjector { bind in
            bind.to(injector: AppDelegate.injectProperties)
        }
    }
}

#if DEBUG
/// Offline data for screenshots and UI tests.
struct FakeGithubServicesModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(GithubMembersService.self).to(value: FakeMembersService())
        binder.bind(GithubRepositoriesService.self).to(value: FakeRepositoriesService())
    }
}

struct FakeMembersService: GithubMembersService {
    func list(handler: @escaping ([GithubMember]) -> Void) { handler([]) }
}

struct FakeRepositoriesService: GithubRepositoriesService {
    func list(handler: @escaping ([GithubRepository]) -> Void) { handler([]) }
}

struct DemoAppComponent: Cleanse.RootComponent {
    typealias Root = PropertyInjector<AppDelegate>
    typealias Scope = Singleton

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CoreAppModule.self)
        binder.include(module: FakeGithubServicesModule.self)
        binder.include(module: ViewControllersModule.self)
        binder.include(module: SettingsModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<PropertyInjector<AppDelegate>>) -> BindingReceipt<PropertyInjector<AppDelegate>> {
        return bind.propertyInjector { bind in
            bind.to(injector: AppDelegate.injectProperties)
        }
    }
}
#endif
