import Synchronization

/// The signed-in user, made once by the app.
public final class Session: Sendable {
    public let userName: String

    public init(userName: String) {
        self.userName = userName
    }
}

/// The app's HTTP client (here it only describes the requests it would send).
public final class APIClient: Sendable {
    public let baseURL: String

    public init(baseURL: String) {
        self.baseURL = baseURL
    }

    /// The request for `path`, as it would go out.
    public func get(_ path: String) -> String {
        "GET \(baseURL)\(path)"
    }
}

/// Records what users do; every feature reports to the app's one instance.
public final class Analytics: Sendable {
    private let recorded = Mutex<[String]>([])

    public init() {}

    public func track(_ event: String) {
        recorded.withLock { $0.append(event) }
    }

    /// Everything tracked so far, oldest first.
    public var events: [String] { recorded.withLock { $0 } }
}
