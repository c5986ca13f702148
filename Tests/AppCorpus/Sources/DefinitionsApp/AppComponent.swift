//
//  AppComponent.swift
//  iosApp
//

import Cleanse
import DefinitionsFeature
import shared

struct App {
    let definitions: ComponentFactory<DefinitionsComponent>
    let deps: AppDeps

    func openDefinitions() -> DefinitionsScreen {
        definitions.build(deps)
    }
}

final class AppDeps: DefinitionsDeps {
    let connectivityManager: ConnectivityManager
    let database: AppDatabase

    init(connectivityManager: ConnectivityManager, database: AppDatabase) {
        self.connectivityManager = connectivityManager
        self.database = database
    }
}

struct AppComponent: Cleanse.RootComponent {
    typealias Root = App
    typealias Scope = Singleton

    static func configureRoot(binder bind: ReceiptBinder<App>) -> BindingReceipt<App> {
        bind.to(factory: App.init)
    }

    static func configure(binder: SingletonBinder) {
        binder.install(dependency: DefinitionsComponent.self)
        binder.include(module: SharedModule.self)
    }
}

struct SharedModule: Cleanse.Module {
    static func configure(binder: SingletonBinder) {
        binder
            .bind(ConnectivityManager.self)
            .sharedInScope()
            .to { ConnectivityManager(timeoutMillis: 15_000) }
        binder
            .bind(DatabaseDriverFactory.self)
            .to(factory: DatabaseDriverFactory.init)
        binder
            .bind(AppDatabase.self)
            .sharedInScope()
            .to(factory: AppDatabase.init)
        binder
            .bind(AppDeps.self)
            .to(factory: AppDeps.init)
    }
}
