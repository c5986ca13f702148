import AnalyticsKit
import CleanseMacros
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

/// Records what users do and hands it to the vendor's uploader; every feature reports to
/// the app's one instance.
public final class Analytics: Sendable {
    private let recorded = Mutex<[String]>([])
    private let uploader: EventUploader?

    /// Analytics that upload through the vendor's SDK.
    public init(uploader: EventUploader) {
        self.uploader = uploader
    }

    /// Analytics that only record (tests' fakes).
    public init() {
        uploader = nil
    }

    public func track(_ event: String) {
        recorded.withLock { $0.append(event) }
        uploader?.enqueue(event)
    }

    /// Everything tracked so far, oldest first.
    public var events: [String] { recorded.withLock { $0 } }
}

/// The time the app stamps what users do with (fixed here, as in screenshots). No module
/// binds it: `@Injectable` constructs it wherever a feature or the app requests it.
@Injectable
public final class Clock: Sendable {
    public init() {}

    /// The time of day, as the app shows it.
    public func now() -> String { "09:41" }
}
