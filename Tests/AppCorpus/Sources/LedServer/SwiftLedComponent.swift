//
//  SwiftLedComponent.swift
//  LedServer
//

import Cleanse
import LedKit
import VendorMetrics

public struct SwiftLedComponent: Cleanse.RootComponent {
    public typealias Root = SwiftLedComponent
    public typealias Seed = LedConfiguration
    public typealias Scope = Singleton

    public let entryPoint: EntryPoint
    public let rootVisualization: Visualization
    public let metrics: MetricsClient

    public static func configure(binder: Binder<Singleton>) {
        binder.include(module: VisualizationsModule.self)
        binder.include(module: OPCModule.self)
        binder.include(module: MetricsModule.self)
    }

    public static func configureRoot(binder bind: ReceiptBinder<SwiftLedComponent>) -> BindingReceipt<SwiftLedComponent> {
        return bind.to(factory: SwiftLedComponent.init)
    }
}

struct MetricsModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder
            .bind(MetricsConfiguration.self)
            .to(value: MetricsConfiguration(apiKey: "led-server"))
        binder
            .bind(MetricsClient.self)
            .sharedInScope()
            .to { (configuration: MetricsConfiguration) -> MetricsClient in
                MetricsClient.shared.start(with: configuration)
                return MetricsClient.shared
            }
    }
}
