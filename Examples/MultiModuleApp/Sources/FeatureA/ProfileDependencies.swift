import CleanseMacros
import Core

/// What the profile feature needs from the app that installs it. The app conforms; tests
/// and previews pass a fake. The feature never imports the app. `@FeatureDependencies`
/// writes `ProfileDependenciesModule`, which binds each property inside the feature.
@FeatureDependencies
public protocol ProfileDependencies: Sendable {
    var session: Session { get }
    var api: APIClient { get }
    var analytics: Analytics { get }
}
