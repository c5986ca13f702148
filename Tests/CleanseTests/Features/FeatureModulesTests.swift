import Cleanse
import Synchronization
import Testing

// A multi-module app in miniature, as a team would split it: each feature declares what it
// needs from outside as a protocol and seeds its own root component with it; the app conforms
// to the protocol and installs the feature, which never imports the app.

// MARK: The app's shared services (module "Core").

private final class Session: Sendable {
    let user: String
    init(user: String) { self.user = user }
}
private final class Analytics: Sendable {
    let events = Mutex<[String]>([])
    func track(_ event: String) { events.withLock { $0.append(event) } }
}

// MARK: Feature "Profile": its dependencies, its component, its screen.

private protocol ProfileDependencies {
    var session: Session { get }
    var analytics: Analytics { get }
}
private struct ProfileScope: Scope {}
private final class ProfileViewModel {
    let session: Session
    let analytics: Analytics
    init(session: Session, analytics: Analytics) {
        self.session = session
        self.analytics = analytics
        analytics.track("profile opened for \(session.user)")
    }
}
private final class AvatarLoader {
    let model: ProfileViewModel
    init(model: ProfileViewModel) { self.model = model }
}
private final class ProfileScreen {
    let model: ProfileViewModel
    let avatars: AvatarLoader
    init(model: ProfileViewModel, avatars: AvatarLoader) {
        self.model = model
        self.avatars = avatars
    }
}
private struct ProfileComponent: RootComponent {
    typealias Scope = ProfileScope
    typealias Seed = any ProfileDependencies
    typealias Root = ProfileScreen
    static func configure(binder: Binder<ProfileScope>) {
        binder.bind(Session.self).to { (dependencies: any ProfileDependencies) in dependencies.session }
        binder.bind(Analytics.self).to { (dependencies: any ProfileDependencies) in dependencies.analytics }
        binder.bind(ProfileViewModel.self).sharedInScope().to(factory: ProfileViewModel.init)
        binder.bind(AvatarLoader.self).to(factory: AvatarLoader.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<ProfileScreen>) -> BindingReceipt<ProfileScreen> {
        bind.to(factory: ProfileScreen.init)
    }
}

// MARK: The app.

private struct AppProfileDependencies: ProfileDependencies {
    let session: Session
    let analytics: Analytics
}
private final class TabCoordinator {
    let profile: FeatureFactory<ProfileComponent>
    init(profile: FeatureFactory<ProfileComponent>) { self.profile = profile }
    func openProfile() -> ProfileScreen { profile.build() }
}
private struct AppComponent: RootComponent {
    typealias Root = TabCoordinator
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Session.self).sharedInScope().to { Session(user: "ada") }
        binder.bind(Analytics.self).sharedInScope().to(factory: Analytics.init)
        binder.bind((any ProfileDependencies).self).to(factory: AppProfileDependencies.init)
        binder.install(feature: ProfileComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<TabCoordinator>) -> BindingReceipt<TabCoordinator> {
        bind.to(factory: TabCoordinator.init)
    }
}

// An app that forgets to provide the feature's dependencies.
private let forgottenInstallLine = #line + 5
private struct ForgetfulAppComponent: RootComponent {
    typealias Root = TabCoordinator
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Session.self).sharedInScope().to { Session(user: "ada") }
        binder.install(feature: ProfileComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<TabCoordinator>) -> BindingReceipt<TabCoordinator> {
        bind.to(factory: TabCoordinator.init)
    }
}

// A feature with its own mistake, installed by an app with one of its own: both are thrown.
private final class SettingsScreen {
    init(store: SettingsStore) {}
}
private final class SettingsStore {}
private struct SettingsComponent: RootComponent {
    typealias Root = SettingsScreen
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<SettingsScreen>) -> BindingReceipt<SettingsScreen> {
        bind.to(factory: SettingsScreen.init)
    }
}
private final class Onboarding {
    init(settings: FeatureFactory<SettingsComponent>, clock: ContinuousClock) {}
}
private struct BrokenAppComponent: RootComponent {
    typealias Root = Onboarding
    static func configure(binder: Binder<Unscoped>) {
        binder.install(feature: SettingsComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Onboarding>) -> BindingReceipt<Onboarding> {
        bind.to(factory: Onboarding.init)
    }
}

// Two tabs, each a subcomponent, install the same feature: it is validated once.
private struct TabScope: Scope {}
private final class Tab {
    let profile: FeatureFactory<ProfileComponent>
    init(profile: FeatureFactory<ProfileComponent>) { self.profile = profile }
}
private struct HomeTabComponent: Cleanse.Component {
    typealias Scope = TabScope
    typealias Root = Tab
    static func configure(binder: Binder<TabScope>) {
        binder.install(feature: ProfileComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Tab>) -> BindingReceipt<Tab> { bind.to(factory: Tab.init) }
}
private struct SearchTabComponent: Cleanse.Component {
    typealias Scope = TabScope
    typealias Root = Tab
    static func configure(binder: Binder<TabScope>) {
        binder.install(feature: ProfileComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Tab>) -> BindingReceipt<Tab> { bind.to(factory: Tab.init) }
}
private final class TabBar {
    let home: ComponentFactory<HomeTabComponent>
    let search: ComponentFactory<SearchTabComponent>
    init(home: ComponentFactory<HomeTabComponent>, search: ComponentFactory<SearchTabComponent>) {
        self.home = home
        self.search = search
    }
}
private struct TabbedAppComponent: RootComponent {
    typealias Root = TabBar
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Session.self).sharedInScope().to { Session(user: "grace") }
        binder.bind(Analytics.self).sharedInScope().to(factory: Analytics.init)
        binder.bind((any ProfileDependencies).self).to(factory: AppProfileDependencies.init)
        binder.install(dependency: HomeTabComponent.self)
        binder.install(dependency: SearchTabComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<TabBar>) -> BindingReceipt<TabBar> { bind.to(factory: TabBar.init) }
}

// Features that open each other (a chat opens a profile, the profile opens a chat), each
// needing nothing from outside.
private final class ChatScreen {
    let profiles: FeatureFactory<ContactComponent>
    init(profiles: FeatureFactory<ContactComponent>) { self.profiles = profiles }
}
private final class ContactScreen {
    let chats: FeatureFactory<ChatComponent>
    init(chats: FeatureFactory<ChatComponent>) { self.chats = chats }
}
private struct ChatComponent: RootComponent {
    typealias Root = ChatScreen
    static func configure(binder: Binder<Unscoped>) { binder.install(feature: ContactComponent.self) }
    static func configureRoot(binder bind: ReceiptBinder<ChatScreen>) -> BindingReceipt<ChatScreen> { bind.to(factory: ChatScreen.init) }
}
private struct ContactComponent: RootComponent {
    typealias Root = ContactScreen
    static func configure(binder: Binder<Unscoped>) { binder.install(feature: ChatComponent.self) }
    static func configureRoot(binder bind: ReceiptBinder<ContactScreen>) -> BindingReceipt<ContactScreen> { bind.to(factory: ContactScreen.init) }
}

/// Counts the validations of each component (the `validate` phase of `of`).
private final class ValidationCounter: GraphObserver, Sendable {
    let validated = Mutex<[String: Int]>([:])
    func observe<T>(_ event: GraphEvent, _ work: () throws -> T) rethrows -> T {
        if event.kind == .validate {
            validated.withLock { $0[event.component.shortName, default: 0] += 1 }
        }
        return try work()
    }
}

@Suite("Feature modules installed by an app")
struct FeatureModulesTests {
    @Test("each opening builds a new instance of the feature's graph, given the app's shared services")
    func openingTheFeatureBuildsItsOwnGraph() throws {
        let coordinator = try ComponentFactory.of(AppComponent.self).build(())
        let first = coordinator.openProfile()
        let second = coordinator.openProfile()
        // Shared in the feature's scope: one view model per opening, the same within one.
        #expect(first.model === first.avatars.model)
        #expect(first.model !== second.model)
        // The app's singletons reach the feature through its dependencies.
        #expect(first.model.session === second.model.session)
        #expect(first.model.session.user == "ada")
        #expect(first.model.analytics.events.withLock { $0 } == ["profile opened for ada", "profile opened for ada"])
    }

    @Test("a test builds the feature alone, with a fake of its dependencies")
    func featureBuildsWithAFakeOfItsDependencies() throws {
        struct FakeDependencies: ProfileDependencies {
            let session = Session(user: "test")
            let analytics = Analytics()
        }
        let fake = FakeDependencies()
        let screen = try ComponentFactory.of(ProfileComponent.self).build(fake)
        #expect(screen.model.session.user == "test")
        #expect(fake.analytics.events.withLock { $0 } == ["profile opened for test"])
    }

    @Test("an app that does not provide a feature's dependencies fails to validate, naming the installation")
    func missingDependenciesAreAMissingBinding() throws {
        let error = try #require(throws: MissingProvider.self) { try ComponentFactory.of(ForgetfulAppComponent.self) }
        let text = "\(error)"
        #expect(text.contains("[Cleanse/MissingBinding]"))
        #expect(text.contains("missing binding for 'ProfileDependencies'"))
        #expect(text.contains("FeatureFactory<ProfileComponent>"))
        #expect(text.contains("FeatureModulesTests.swift:\(forgottenInstallLine)"))
    }

    @Test("a feature's own mistakes are thrown with the app's, all at once")
    func featureErrorsAreThrownWithTheApps() throws {
        let error = try #require(throws: MultiError.self) { try ComponentFactory.of(BrokenAppComponent.self) }
        let missing = error.errors.map { "\($0)" }
        #expect(missing.count == 2)
        #expect(missing.contains { $0.contains("'ContinuousClock'") && $0.contains("Onboarding") })
        #expect(missing.contains { $0.contains("'SettingsStore'") && $0.contains("SettingsScreen") })
    }

    @Test("a feature installed by several components is validated once, and never again when opened")
    func featureIsValidatedOncePerGraph() throws {
        let counter = ValidationCounter()
        let bar = try ComponentFactory.of(TabbedAppComponent.self, observer: counter).build(())
        let home = bar.home.build(())
        let search = bar.search.build(())
        for _ in 0..<100 {
            _ = home.profile.build()
            _ = search.profile.build()
        }
        #expect(counter.validated.withLock { $0 } == ["TabbedAppComponent": 1, "ProfileComponent": 1])
        #expect(home.profile.build().model.session === search.profile.build().model.session)
    }

    @Test("features may open each other: each is validated once and builds the other")
    func featuresThatOpenEachOther() throws {
        let counter = ValidationCounter()
        let chat = try ComponentFactory.of(ChatComponent.self, observer: counter).build(())
        let contact = chat.profiles.build()
        _ = contact.chats.build().profiles.build()
        #expect(counter.validated.withLock { $0 } == ["ChatComponent": 1, "ContactComponent": 1])
    }

    @Test("a released feature screen frees its graph; the app keeps its own")
    func releasedFeatureIsFreed() throws {
        let coordinator = try ComponentFactory.of(AppComponent.self).build(())
        weak var model: ProfileViewModel?
        weak var session: Session?
        do {
            let screen = coordinator.openProfile()
            model = screen.model
            session = screen.model.session
        }
        #expect(model == nil)
        #expect(session != nil)
    }
}
