//
//  CartPreview.swift
//  StoreApp
//
//  The cart screen alone, for previews and snapshot tests. It forgets the services and the
//  catalog: the cart's view model needs a CartService, and its checkout button the customer
//  list, that nobody binds here.
//

import Cleanse
import StoreCatalog
import StoreKitCore

struct CartPreviewComponent: Cleanse.RootComponent {
    typealias Root = CartViewController
    typealias Scope = CartScope
    typealias Seed = CartID

    static func configure(binder: Binder<CartScope>) {
        CartComponent.configure(binder: binder)
    }

    static func configureRoot(binder bind: ReceiptBinder<CartViewController>) -> BindingReceipt<CartViewController> {
        return CartComponent.configureRoot(binder: bind)
    }
}
