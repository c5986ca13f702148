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
