//
//  Services.swift
//  StoreKitCore
//

import Cleanse
import VendorMetrics

public protocol CustomerService {
    func customer(id: String) -> String
}

public protocol CartService {
    func items(in cart: String) -> [String]
}

final class RemoteCustomerService: CustomerService {
    let metrics: MetricsClient
    init(metrics: MetricsClient) { self.metrics = metrics }
    func customer(id: String) -> String { metrics.record("customer"); return id }
}

final class RemoteCartService: CartService {
    func items(in cart: String) -> [String] { [] }
}

public struct MetricsAPIKey: Tag {
    public typealias Element = String
}

extension Binder {
    /// The vendor's metrics client, configured once with the app's key.
    public func bindMetrics() {
        bind(MetricsConfiguration.self).to { (key: TaggedProvider<MetricsAPIKey>) in
            MetricsConfiguration(apiKey: key.get())
        }
        bind(MetricsClient.self).to { (configuration: MetricsConfiguration) -> MetricsClient in
            MetricsClient.shared.start(with: configuration)
            return MetricsClient.shared
        }
    }
}

public struct StoreServicesModule: Module {
    public static func configure(binder: Binder<Singleton>) {
        binder.bindMetrics()
        binder.bind(CustomerService.self).sharedInScope().to(factory: RemoteCustomerService.init)
        binder.bind(CartService.self).sharedInScope().to(factory: RemoteCartService.init)
        binder.bind(VendorMetrics.Provider<MetricsConfiguration>.self).to { (configuration: MetricsConfiguration) in
            VendorMetrics.Provider(configuration)
        }
        binder.bind(MetricsUploader.self).sharedInScope().to(factory: MetricsUploader.init)
    }
}
