import Cleanse
import Core
import DesignSystem
import FeatureA
import Testing

/// The profile feature, built alone with a fake of what the app gives it: no app involved.
private struct FakeProfileDependencies: ProfileDependencies {
    let session = Session(userName: "tester")
    let api = APIClient(baseURL: "https://fake.test")
    let analytics = Analytics()
}

@Suite struct ProfileFeatureTests {
    @Test func followGoesThroughTheAPIGivenForTheSignedInUser() throws {
        let fake = FakeProfileDependencies()
        let flow = try ComponentFactory.of(ProfileComponent.self).build(fake)
        let profile = flow.profile(of: "grace")
        #expect(profile.theme.accent == "indigo")
        #expect(profile.tapFollow() == "GET https://fake.test/users/tester/following/grace")
        #expect(fake.analytics.events == ["profile shown: grace", "follow tapped: grace"])
    }

    @Test func eachOpeningHasItsOwnFollowServiceSharedByItsScreens() throws {
        let factory = try ComponentFactory.of(ProfileComponent.self)
        let fake = FakeProfileDependencies()
        let first = factory.build(fake)
        let second = factory.build(fake)
        _ = first.profile(of: "ada").tapFollow()
        _ = first.profile(of: "grace").tapFollow()
        _ = second.profile(of: "linus").tapFollow()
        // Two screens of the first opening: two follows on one service.
        #expect(factory.build(fake).profile(of: "x").userName == "x")
        #expect(fake.analytics.events.filter { $0.hasPrefix("follow tapped") }.count == 3)
    }
}
