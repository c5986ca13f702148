// A stand-in for a vendor's compiled metrics SDK: a shared client configured once.

public final class MetricsConfiguration {
    public let apiKey: String
    public init(apiKey: String) { self.apiKey = apiKey }
}

public final class MetricsClient {
    public static let shared = MetricsClient()
    public private(set) var configuration: MetricsConfiguration?
    public func start(with configuration: MetricsConfiguration) { self.configuration = configuration }
    public func record(_ event: String) {}
}

/// The SDK's handle on a value it refreshes in the background (its own `Provider`, which
/// an app that also uses Cleanse writes `VendorMetrics.Provider` where both are imported).
public struct Provider<Value> {
    public let current: Value
    public init(_ current: Value) { self.current = current }
}
