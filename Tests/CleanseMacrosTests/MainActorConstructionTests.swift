import CleanseMacros
import Testing

// A feed flow as an iOS app writes it: screens and view models isolated to the main actor,
// constructed with no binding line, a coordinator any thread may hold that opens them.

private final class FeedAPI: Sendable {
    let host = "api.example.com"
}

/// A theme only the main actor touches, shared by the app.
@MainActor
private final class Theme {
    var accent = "blue"
}

/// The signed-in session's store, one per app graph, made on the main actor.
@Injectable(mainActor: true, scope: Singleton.self)
@MainActor
private final class SessionStore {
    static var made = 0
    init() { SessionStore.made += 1 }
}

/// A view model the graph makes on the main actor, filled there too.
@Injectable(mainActor: true)
@MainActor
private final class FeedViewModel {
    static var made = 0
    let api: FeedAPI
    let session: SessionStore
    @Injected var theme: Theme
    init(api: FeedAPI, session: SessionStore) {
        self.api = api
        self.session = session
        FeedViewModel.made += 1
    }
}

/// A main-actor struct: its memberwise initializer is called on the main actor.
@Injectable
@MainActor
private struct FeedHeader {
    let session: SessionStore
}

@Injectable(mainActor: true)
@MainActor
private final class FeedScreen {
    let header: FeedHeader
    let model: FeedViewModel
    init(header: FeedHeader, model: FeedViewModel) {
        self.header = header
        self.model = model
    }
}

/// A base screen with the app's theme, and a subclass from a storyboard that adds its own
/// property: the subclass is filled by its injector, not constructed.
@Injectable(mainActor: true)
@MainActor
private class ThemedScreen {
    @Injected var theme: Theme
    init() {}
}

@Injectable(mainActor: true, subclass: true)
@MainActor
private final class SettingsScreen: ThemedScreen {
    @Injected var api: FeedAPI
}

/// Held by the app delegate: opens the feed on the main actor, or awaits a model from a
/// background refresh.
private final class FeedCoordinator: Sendable {
    let screens: MainActorProvider<FeedScreen>
    let models: AsyncProvider<FeedViewModel>
    let themed: MainActorProvider<ThemedScreen>
    let settings: MainActorPropertyInjector<SettingsScreen>
    init(
        screens: MainActorProvider<FeedScreen>,
        models: AsyncProvider<FeedViewModel>,
        themed: MainActorProvider<ThemedScreen>,
        settings: MainActorPropertyInjector<SettingsScreen>
    ) {
        self.screens = screens
        self.models = models
        self.themed = themed
        self.settings = settings
    }
}

private struct FeedApp: RootComponent {
    typealias Root = FeedCoordinator
    static func configure(binder: Binder<Singleton>) {
        binder.bind(FeedAPI.self).sharedInScope().to(factory: FeedAPI.init)
        binder.bind(Theme.self).sharedInScope().to(factory: Theme.init)
        binder.bindPropertyInjectionOf(SettingsScreen.self).toInjectedProperties()
    }
    static func configureRoot(binder bind: ReceiptBinder<FeedCoordinator>) -> BindingReceipt<FeedCoordinator> {
        bind.to(factory: FeedCoordinator.init)
    }
}

/// The screen itself as the root, built by main-actor code.
private struct FeedScreenApp: RootComponent {
    typealias Root = FeedScreen
    static func configure(binder: Binder<Singleton>) {
        binder.bind(FeedAPI.self).sharedInScope().to(factory: FeedAPI.init)
        binder.bind(Theme.self).sharedInScope().to(factory: Theme.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<FeedScreen>) -> BindingReceipt<FeedScreen> {
        bind.to { @MainActor (screen: FeedScreen) in screen }
    }
}

/// A background job that asks for the view model directly, from a factory that may run
/// anywhere: the mistake validation names.
private final class PrefetchJob {
    init(model: FeedViewModel) {}
}

private struct PrefetchApp: RootComponent {
    typealias Root = PrefetchJob
    static func configure(binder: Binder<Singleton>) {
        binder.bind(FeedAPI.self).to(factory: FeedAPI.init)
        binder.bind(Theme.self).to(factory: Theme.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<PrefetchJob>) -> BindingReceipt<PrefetchJob> {
        bind.to(factory: PrefetchJob.init)
    }
}

@Suite("@Injectable types isolated to the main actor, constructed there", .serialized)
struct MainActorConstructionTests {
    @MainActor
    @Test("a main-actor screen, its view model and a main-actor struct are made on the spot, filled, with no binding line")
    func mainActorTypesAreConstructedOnTheMainActor() throws {
        let coordinator = try ComponentFactory.of(FeedApp.self).build(())
        let (models, sessions) = (FeedViewModel.made, SessionStore.made)
        let first = coordinator.screens.get()
        let second = coordinator.screens.get()
        #expect(first.model.api.host == "api.example.com")
        #expect(first.model.theme.accent == "blue", "the @Injected property is filled on the main actor")
        #expect(first.model !== second.model, "unscoped: a view model per screen")
        #expect(FeedViewModel.made == models + 2)
        #expect(first.header.session === second.model.session, "scope: Singleton shares the store in the app's graph")
        #expect(SessionStore.made == sessions + 1)
    }

    @MainActor
    @Test("a main-actor base class is constructed and filled; its storyboard subclass is filled with its own properties too")
    func mainActorSubclassIsFilled() throws {
        let coordinator = try ComponentFactory.of(FeedApp.self).build(())
        #expect(coordinator.themed.get().theme.accent == "blue")
        let settings = SettingsScreen()
        coordinator.settings.injectProperties(into: settings)
        #expect(settings.theme === coordinator.themed.get().theme)
        #expect(settings.api.host == "api.example.com")
    }

    @MainActor
    @Test("build(()) from main-actor code makes a root the graph constructs on the main actor")
    func mainActorRootIsBuiltFromMainActorCode() throws {
        let screen = try ComponentFactory.of(FeedScreenApp.self).build(())
        #expect(screen.model.session === screen.header.session)
    }

    @Test("awaited from a background task, the view model is made on the main actor")
    func awaitedFromAnywhere() async throws {
        let coordinator = try ComponentFactory.of(FeedApp.self).build(())
        let model = try await Task.detached { try await coordinator.models.get() }.value
        let host = await MainActor.run { model.api.host }
        #expect(host == "api.example.com")
    }

    @Test("a factory that may run anywhere asking for a main-actor type directly is an error at the type's declaration")
    func directRequestFromANonisolatedFactoryIsAnError() {
        #expect {
            _ = try ComponentFactory.of(PrefetchApp.self)
        } throws: { error in
            let text = "\(error)"
            return (error as? any CleanseError)?.diagnosticID == .asyncRequestedSynchronously
                && text.contains("'FeedViewModel'")
                && text.contains("CleanseMacrosTests/MainActorConstructionTests.swift:28")
                && text.contains("MainActorProvider<FeedViewModel>")
        }
    }
}
