import Cleanse

/// Types with a `private` or `fileprivate` initializer beside the one the graph uses (for
/// previews, for tests in the same file): a binding in another file names the visible one
/// with `X.init`, as the compiler does, so cleansec must not call it ambiguous.
public enum PrivateInitializers {
    struct BaseURL: Tag { typealias Element = String }

    final class APIClient {
        let baseURL: String
        init(baseURL: TaggedProvider<BaseURL>) {
            self.baseURL = baseURL.get()
        }

        /// For previews only.
        fileprivate convenience init() {
            self.init(baseURL: TaggedProvider(value: "https://preview.example"))
        }
    }

    protocol Analytics: AnyObject {}

    /// Bound under its own type: the feed asks for `any Analytics`, which nothing binds.
    final class LiveAnalytics: Analytics {
        init() {}
    }

    class Coordinator {
        init() {}
    }

    final class FeedCoordinator: Coordinator {
        let client: APIClient
        init(client: APIClient, analytics: any Analytics) {
            self.client = client
        }

        private init(previewClient: APIClient) {
            client = previewClient
        }

        /// A coordinator for previews, on a client of its own.
        static func preview() -> FeedCoordinator {
            FeedCoordinator(previewClient: APIClient())
        }
    }
}
