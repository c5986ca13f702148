import Cleanse
import CleanseMacros
import Core
import DesignSystem

/// Follows and unfollows users for the signed-in user; one per opening of the feature. No
/// module binds it: `@Injectable` constructs it from its initializer, shared in the
/// feature's scope.
@Injectable(scope: ProfileScope.self)
public final class FollowService {
    let session: Session
    let api: APIClient
    /// Another target's `@Injectable` type: constructed here too, with no binding line.
    let clock: Clock
    private(set) var requests: [String] = []

    init(session: Session, api: APIClient, clock: Clock) {
        self.session = session
        self.api = api
        self.clock = clock
    }

    func follow(_ userName: String) -> String {
        let request = api.get("/users/\(session.userName)/following/\(userName)")
        requests.append("\(clock.now()) \(request)")
        return request
    }
}

/// A user's profile screen (a view controller in an iOS app).
public final class ProfileViewController {
    public let userName: String
    let follows: FollowService
    let analytics: Analytics
    /// The colours the screen is drawn in.
    public let theme: Theme

    init(userName: Assisted<String>, follows: FollowService, analytics: Analytics, theme: Theme) {
        self.userName = userName.get()
        self.follows = follows
        self.analytics = analytics
        self.theme = theme
        analytics.track("profile shown: \(self.userName)")
    }

    /// The follow button.
    public func tapFollow() -> String {
        analytics.track("follow tapped: \(userName)")
        return follows.follow(userName)
    }

    /// Makes profile screens for a user name.
    public struct AssistedFactory: Cleanse.AssistedFactory {
        public typealias Seed = String
        public typealias Element = ProfileViewController
    }
}

/// The feature's entry point: the profiles shown in one opening share its follow service.
public final class ProfileFlow {
    private let screens: Factory<ProfileViewController.AssistedFactory>
    let follows: FollowService

    init(screens: Factory<ProfileViewController.AssistedFactory>, follows: FollowService) {
        self.screens = screens
        self.follows = follows
    }

    /// The profile of `userName`.
    public func profile(of userName: String) -> ProfileViewController {
        screens.build(userName)
    }
}
