import Synchronization

/// Where and how the uploader sends events.
public struct UploadConfiguration: Sendable {
    /// The key that identifies the app to the vendor.
    public let writeKey: String
    /// How many events are sent in one request.
    public let batchSize: Int

    public init(writeKey: String, batchSize: Int = 20) {
        self.writeKey = writeKey
        self.batchSize = batchSize
    }
}

/// Queues events and sends them in batches (here it only keeps them).
public final class EventUploader: Sendable {
    public let configuration: UploadConfiguration
    private let queue = Mutex<[String]>([])

    public init(configuration: UploadConfiguration) {
        self.configuration = configuration
    }

    /// Queues `event` for the next batch.
    public func enqueue(_ event: String) {
        queue.withLock { $0.append(event) }
    }

    /// The events queued so far, oldest first.
    public var queued: [String] { queue.withLock { $0 } }
}
