//
//  AppComponent.swift
//  StoreApp
//

import Cleanse
import StoreCatalog
import StoreKitCore
import UIKit

final class StoreCoordinator {
    let customers: Provider<CustomerListViewController>
    let carts: ComponentFactory<CartComponent>

    init(customers: Provider<CustomerListViewController>, carts: ComponentFactory<CartComponent>) {
        self.customers = customers
        self.carts = carts
    }

    func openCart(_ id: String) -> CartViewController {
        carts.build(CartID(id))
    }
}

final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var coordinator: StoreCoordinator?

    func injectProperties(_ window: UIWindow, _ coordinator: StoreCoordinator) {
        self.window = window
        self.coordinator = coordinator
    }
}

struct AppComponent: Cleanse.RootComponent {
    typealias Root = PropertyInjector<AppDelegate>
    typealias Scope = Singleton

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: StoreServicesModule.self)
        binder.include(module: CatalogModule.self)
        binder.bind(UIWindow.self).sharedInScope().to { UIWindow(frame: UIScreen.main.bounds) }
        binder.bind(StoreCoordinator.self).sharedInScope().to(factory: StoreCoordinator.init)
        #if DEBUG
        binder.bind().tagged(with: MetricsAPIKey.self).to(value: "debug-key")
        #else
        binder.bind().tagged(with: MetricsAPIKey.self).to(value: "release-key")
        #endif
    }

    static func configureRoot(binder bind: ReceiptBinder<PropertyInjector<AppDelegate>>) -> BindingReceipt<PropertyInjector<AppDelegate>> {
        return bind.propertyInjector { bind in
            bind.to(injector: AppDelegate.injectProperties)
        }
    }
}
