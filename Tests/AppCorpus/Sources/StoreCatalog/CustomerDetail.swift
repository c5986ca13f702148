//
//  CustomerDetail.swift
//  StoreCatalog
//

import Cleanse
import StoreKitCore
import UIKit

public class CustomerDetailViewController: UIViewController {
    let customerID: String
    let customerService: CustomerService

    init(customerID: Assisted<String>, customerService: CustomerService) {
        self.customerID = customerID.get()
        self.customerService = customerService
        super.init()
    }
}

extension CustomerDetailViewController {
    public struct AssistedFactory: Cleanse.AssistedFactory {
        public typealias Seed = String
        public typealias Element = CustomerDetailViewController
    }

    public struct Module: Cleanse.Module {
        public static func configure(binder: Binder<Unscoped>) {
            binder
                .bindFactory(CustomerDetailViewController.self)
                .with(AssistedFactory.self)
                .to(factory: CustomerDetailViewController.init)
        }
    }
}

public class CustomerListViewController: UIViewController {
    let detailViewControllerFactory: Factory<CustomerDetailViewController.AssistedFactory>

    init(detailViewControllerFactory: Factory<CustomerDetailViewController.AssistedFactory>) {
        self.detailViewControllerFactory = detailViewControllerFactory
        super.init()
    }

    func tappedCustomer(with customerID: String) -> UIViewController {
        detailViewControllerFactory.build(customerID)
    }
}
