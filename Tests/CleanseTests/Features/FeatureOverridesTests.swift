import Cleanse
import Testing

// A UI test replaces services the app's features bind themselves: an override given to the
// app's `ComponentFactory.of` reaches every feature the app installs, and the features they
// install, as it reaches the app's subcomponents.

private protocol FollowService: AnyObject { var origin: String { get } }
private final class LiveFollowService: FollowService { let origin = "live" }
private final class FakeFollowService: FollowService { let origin = "fake" }

private protocol ReportService: AnyObject { var origin: String { get } }
private final class LiveReportService: ReportService { let origin = "live" }
private final class FakeReportService: ReportService { let origin = "fake" }

// Feature "Report", installed by the profile feature.
private final class ReportScreen {
    let reports: any ReportService
    init(reports: any ReportService) { self.reports = reports }
}
private struct ReportComponent: RootComponent {
    typealias Root = ReportScreen
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any ReportService).self).to(factory: LiveReportService.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<ReportScreen>) -> BindingReceipt<ReportScreen> {
        bind.to(factory: ReportScreen.init)
    }
}

// Feature "Profile": binds its follow service and installs "Report".
private final class ProfileScreen {
    let follow: any FollowService
    let report: FeatureFactory<ReportComponent>
    init(follow: any FollowService, report: FeatureFactory<ReportComponent>) {
        self.follow = follow
        self.report = report
    }
}
private struct ProfileComponent: RootComponent {
    typealias Root = ProfileScreen
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any FollowService).self).to(factory: LiveFollowService.init)
        binder.install(feature: ReportComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ProfileScreen>) -> BindingReceipt<ProfileScreen> {
        bind.to(factory: ProfileScreen.init)
    }
}

// The app.
private final class FeedCoordinator {
    let profile: FeatureFactory<ProfileComponent>
    init(profile: FeatureFactory<ProfileComponent>) { self.profile = profile }
}
private struct FeedComponent: RootComponent {
    typealias Root = FeedCoordinator
    static func configure(binder: Binder<Singleton>) {
        binder.install(feature: ProfileComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<FeedCoordinator>) -> BindingReceipt<FeedCoordinator> {
        bind.to(factory: FeedCoordinator.init)
    }
}

// An app whose feature reads the app's analytics from its dependencies.
private final class Analytics: @unchecked Sendable {
    // Safe to share: immutable after init.
    let origin: String
    init(origin: String) { self.origin = origin }
}
private protocol StatsDependencies { var analytics: Analytics { get } }
private struct AppStatsDependencies: StatsDependencies { let analytics: Analytics }
private struct StatsScope: Scope {}
private final class StatsScreen {
    let analytics: Analytics
    init(analytics: Analytics) { self.analytics = analytics }
}
private struct StatsComponent: RootComponent {
    typealias Scope = StatsScope
    typealias Seed = any StatsDependencies
    typealias Root = StatsScreen
    static func configure(binder: Binder<StatsScope>) {
        binder.bind(Analytics.self).to { (dependencies: any StatsDependencies) in dependencies.analytics }
    }
    static func configureRoot(binder bind: ReceiptBinder<StatsScreen>) -> BindingReceipt<StatsScreen> {
        bind.to(factory: StatsScreen.init)
    }
}
private final class Dashboard {
    let analytics: Analytics
    let stats: FeatureFactory<StatsComponent>
    init(analytics: Analytics, stats: FeatureFactory<StatsComponent>) {
        self.analytics = analytics
        self.stats = stats
    }
}
private struct DashboardComponent: RootComponent {
    typealias Root = Dashboard
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Analytics.self).sharedInScope().to { Analytics(origin: "live") }
        binder.bind((any StatsDependencies).self).to(factory: AppStatsDependencies.init)
        binder.install(feature: StatsComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Dashboard>) -> BindingReceipt<Dashboard> {
        bind.to(factory: Dashboard.init)
    }
}
/// A spy shared in the app's scope, as a test writes it.
private struct SpyAnalyticsModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Analytics.self).sharedInScope().to { Analytics(origin: "spy") }
    }
}

// The test doubles.
private struct FakeFollowModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any FollowService).self).to(factory: FakeFollowService.init)
    }
}
private struct FakeReportModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any ReportService).self).to(factory: FakeReportService.init)
    }
}
private struct Unrelated {}
private let unusedOverrideLine = #line + 3
private struct StaleModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Unrelated.self).to { Unrelated() }
    }
}

@Suite("Overrides reach the features an app installs")
struct FeatureOverridesTests {
    @Test("an override replaces a binding a feature makes itself")
    func anOverrideReplacesAFeaturesOwnBinding() throws {
        let app = try ComponentFactory.of(FeedComponent.self, overrides: FakeFollowModule.self).build(())
        #expect(app.profile.build().follow.origin == "fake")
        #expect(app.profile.build().report.build().reports.origin == "live")
    }

    @Test("an override reaches a feature that a feature installs")
    func anOverrideReachesAFeatureOfAFeature() throws {
        let app = try ComponentFactory.of(FeedComponent.self, overrides: FakeFollowModule.self, FakeReportModule.self).build(())
        let profile = app.profile.build()
        #expect(profile.follow.origin == "fake")
        #expect(profile.report.build().reports.origin == "fake")
    }

    @Test("without overrides, and in the same process after them, the features keep their own services")
    func theFeaturesOwnServicesStayOutsideTheTest() throws {
        _ = try ComponentFactory.of(FeedComponent.self, overrides: FakeFollowModule.self, FakeReportModule.self)
        let profile = try ComponentFactory.of(FeedComponent.self).build(()).profile.build()
        #expect(profile.follow.origin == "live")
        #expect(profile.report.build().reports.origin == "live")
    }

    @Test("what a feature reads from its dependencies stays the app's: the app's double, one instance, in the app's scope")
    func aFeaturesHandedInBindingKeepsTheAppsDouble() throws {
        let dashboard = try ComponentFactory.of(DashboardComponent.self, overrides: SpyAnalyticsModule.self).build(())
        let screen = dashboard.stats.build()
        #expect(dashboard.analytics.origin == "spy")
        #expect(screen.analytics === dashboard.analytics)
    }

    @Test("an override that replaces nothing in the app or its features is still an error")
    func anOverrideOfNothingIsUnused() throws {
        let error = #expect(throws: (any Error).self) {
            try ComponentFactory.of(FeedComponent.self, overrides: FakeFollowModule.self, StaleModule.self)
        }
        let unused = try #require((error as? any CleanseError)?.allErrors.first as? UnusedOverride)
        #expect(unused.description.contains("the override of 'Unrelated' replaces nothing"), "\(unused)")
        #expect(unused.location.line == unusedOverrideLine)
    }
}
