import CleanseMacros
import Core

/// What the feed feature needs from the app. Opening an author's profile is the app's
/// business: the feed only asks for it (the app routes it to the profile feature, which the
/// feed does not know). Its properties are bound in the feed by `FeedDependenciesModule`;
/// the feed asks for the protocol itself to call the method.
@FeatureDependencies
public protocol FeedDependencies: Sendable {
    var api: APIClient { get }
    var analytics: Analytics { get }
    /// Shows the profile of `author`; returns the screen's title.
    func showProfile(of author: String) -> String
}
