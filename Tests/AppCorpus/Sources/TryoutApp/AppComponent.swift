//
//  AppComponent.swift
//  TryoutApp
//

import Cleanse
import TryoutCore
import TryoutLogin

struct AppComponent: Cleanse.RootComponent {
    typealias Root = PropertyInjector<AppDelegate>
    typealias Scope = AppScope

    static func configure(binder: AppBinder) {
        binder.include(module: CoreAppModule.self)
        binder.include(module: LoginModule.self)
        binder.include(module: RegisterModule.self)
        binder.include(module: CoordinatorModule.self)
        binder.include(module: EnvironmentModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        return bind.propertyInjector(configuredWith: { bind in
            bind.to(injector: AppDelegate.injectProperties)
        })
    }
}

struct CoordinatorModule: Cleanse.Module {
    static func configure(binder: AppBinder) {
        binder
            .bind(ApplicationCoordinator.self)
            .sharedInScope()
            .to(factory: ApplicationCoordinator.init)

        binder
            .bind(LoginRoute.self)
            .to { (coordinator: ApplicationCoordinator) in coordinator }

        binder
            .bind(RegisterRoute.self)
            .to { (coordinator: ApplicationCoordinator) -> RegisterRoute in
                return coordinator
            }
    }
}

struct EnvironmentModule: Cleanse.Module {
    static func configure(binder: AppBinder) {
        #if DEBUG
        binder.bind().tagged(with: APIBaseURL.self).to(value: "https://staging.tryout.example")
        binder.bind().tagged(with: TermsURL.self).to(value: "https://staging.tryout.example/terms")
        #else
        binder.bind().tagged(with: APIBaseURL.self).to(value: "https://api.tryout.example")
        binder.bind().tagged(with: TermsURL.self).to(value: "https://tryout.example/terms")
        #endif
    }
}
