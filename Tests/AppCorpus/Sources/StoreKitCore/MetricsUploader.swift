//
//  MetricsUploader.swift
//  StoreKitCore
//

import VendorMetrics

/// Uploads the store's metrics in batches with the configuration the SDK keeps current: its
/// `Provider`, the only one this file sees.
final class MetricsUploader {
    let configuration: Provider<MetricsConfiguration>
    init(configuration: Provider<MetricsConfiguration>) { self.configuration = configuration }
}
