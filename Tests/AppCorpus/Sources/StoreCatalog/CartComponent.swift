//
//  CartComponent.swift
//  StoreCatalog
//
//  A cart lives as long as its screen: a subcomponent seeded with the cart's ID.
//

import Cleanse
import StoreKitCore
import UIKit

public struct CartScope: Scope {}

public struct CartID {
    public let value: String
    public init(_ value: String) { self.value = value }
}

final class CartViewModel {
    let cartID: CartID
    let service: CartService

    init(cartID: CartID, service: CartService) {
        self.cartID = cartID
        self.service = service
    }
}

public final class CartViewController: UIViewController {
    let viewModel: CartViewModel
    let checkout: WeakProvider<CustomerListViewController>

    init(viewModel: CartViewModel, checkout: WeakProvider<CustomerListViewController>) {
        self.viewModel = viewModel
        self.checkout = checkout
        super.init()
    }
}

public struct CartComponent: Cleanse.Component {
    public typealias Root = CartViewController
    public typealias Scope = CartScope
    public typealias Seed = CartID

    public static func configure(binder: Binder<CartScope>) {
        binder.bind(CartViewModel.self).sharedInScope().to(factory: CartViewModel.init)
    }

    public static func configureRoot(binder bind: ReceiptBinder<CartViewController>) -> BindingReceipt<CartViewController> {
        return bind.to(factory: CartViewController.init)
    }
}

public struct CatalogModule: Cleanse.Module {
    public static func configure(binder: Binder<Singleton>) {
        binder.include(module: CustomerDetailViewController.Module.self)
        binder.bind(CustomerListViewController.self).to(factory: CustomerListViewController.init)
        binder.install(dependency: CartComponent.self)
    }
}
