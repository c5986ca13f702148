import Cleanse
import Foundation
import Testing

/// An API client any thread may use.
private final class APIClient: Sendable {
    let name = "api"
}

/// A view model isolated to the main actor, counting its constructions.
@MainActor
private final class FeedViewModel {
    static var made = 0
    let api: APIClient
    init(api: APIClient) {
        self.api = api
        FeedViewModel.made += 1
    }
}

/// A main-actor screen that needs the view model directly.
@MainActor
private final class FeedScreen {
    let model: FeedViewModel
    let details: MainActorProvider<DetailViewModel>
    init(model: FeedViewModel, details: MainActorProvider<DetailViewModel>) {
        self.model = model
        self.details = details
    }
}

@MainActor
private final class DetailViewModel {
    init() {}
}

/// A coordinator any thread may make, which opens screens on the main actor.
private final class Coordinator: Sendable {
    let feeds: MainActorProvider<FeedViewModel>
    init(feeds: MainActorProvider<FeedViewModel>) { self.feeds = feeds }
}

/// The same shared model, requested both ways.
private struct BothProviders: Sendable {
    let onMain: MainActorProvider<FeedViewModel>
    let awaited: AsyncProvider<FeedViewModel>
}

/// A main-actor controller that receives its model by property injection.
@MainActor
private final class FeedController {
    var model: FeedViewModel?
    func injectProperties(_ model: FeedViewModel) { self.model = model }
}

private struct FeedModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(APIClient.self).sharedInScope().to(factory: APIClient.init)
        binder.bind(FeedViewModel.self).sharedInScope().to(factory: FeedViewModel.init)
        binder.bind(DetailViewModel.self).to(factory: DetailViewModel.init)
        binder.bind(Coordinator.self).to(factory: Coordinator.init)
        binder.bind(BothProviders.self).to(factory: BothProviders.init)
        binder.bindPropertyInjectionOf(FeedController.self).to(injector: FeedController.injectProperties)
    }
}

private struct FeedApp: RootComponent {
    typealias Root = FeedScreen
    typealias Scope = Singleton
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: FeedModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<FeedScreen>) -> BindingReceipt<FeedScreen> {
        bind.to(factory: FeedScreen.init)
    }
}

/// What the feed feature needs from the app that installs it.
private protocol FeedFeatureDependencies: Sendable {
    var userName: String { get }
}

/// A feature module whose root, a screen, is made on the main actor.
private struct FeedFeature: RootComponent {
    typealias Root = FeedScreen
    typealias Seed = any FeedFeatureDependencies
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: FeedModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<FeedScreen>) -> BindingReceipt<FeedScreen> {
        bind.to(factory: FeedScreen.init)
    }
}

private struct HostDependencies: FeedFeatureDependencies {
    let userName = "ada"
}

/// The app: it gives the feature its dependencies, and hands out the feature's factory.
private struct FeedHost: RootComponent {
    typealias Root = FeatureFactory<FeedFeature>
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any FeedFeatureDependencies).self).to(factory: HostDependencies.init)
        binder.install(feature: FeedFeature.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<FeatureFactory<FeedFeature>>) -> BindingReceipt<FeatureFactory<FeedFeature>> {
        bind.to { (features: FeatureFactory<FeedFeature>) in features }
    }
}

/// A settings object read asynchronously, which a main-actor model needs directly.
private final class RemoteSettings: Sendable {
    static func load() async throws -> RemoteSettings { RemoteSettings() }
}

@MainActor
private final class SettingsViewModel {
    init(settings: RemoteSettings) {}
}

private struct SettingsApp: RootComponent {
    typealias Root = SettingsViewModel
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(RemoteSettings.self).to(factory: RemoteSettings.load)
    }
    static func configureRoot(binder bind: ReceiptBinder<SettingsViewModel>) -> BindingReceipt<SettingsViewModel> {
        bind.to(factory: SettingsViewModel.init)
    }
}

/// Mistakes: a plain provider of a main-actor type, and a main-actor provider of a model that
/// needs an asynchronous binding.
private final class Misuser {
    init(feeds: Provider<FeedViewModel>, settings: MainActorProvider<SettingsViewModel>) {}
}

private struct MisusedMainActor: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(APIClient.self).to(factory: APIClient.init)
        binder.bind(FeedViewModel.self).to(factory: FeedViewModel.init)
        binder.bind(RemoteSettings.self).to(factory: RemoteSettings.load)
        binder.bind(SettingsViewModel.self).to(factory: SettingsViewModel.init)
        binder.bind(Misuser.self).to(factory: Misuser.init)
    }
}

@Suite(.serialized) struct MainActorBindingTests {
    @MainActor
    @Test("a component is built on the main actor synchronously, main-actor bindings made on the spot")
    func buildOnMainActor() throws {
        let before = FeedViewModel.made
        let screen = try ComponentFactory.of(FeedApp.self).buildOnMainActor(())
        #expect(screen.model.api.name == "api")
        #expect(FeedViewModel.made == before + 1, "the screen's model is made on the spot, once")
        // A main-actor provider made from the same graph makes its object on the main actor,
        // a new one each time (unscoped), and leaves the screen's model alone.
        #expect(screen.details.get() !== screen.details.get())
        #expect(FeedViewModel.made == before + 1)
    }

    @Test("a main-actor provider is made anywhere and read on the main actor; the shared model is made once")
    func mainActorProviderFromAnywhere() async throws {
        let factory = try ComponentFactory.of(ModuleComponent<FeedModule, Coordinator>.self)
        let coordinator = await Task.detached { factory.build(()) }.value
        let before = await MainActor.run { FeedViewModel.made }
        let (first, second) = await MainActor.run { (coordinator.feeds.get(), coordinator.feeds.get()) }
        #expect(first === second)
        #expect(await MainActor.run { FeedViewModel.made } == before + 1)
    }

    @Test("awaited from other tasks and read on the main actor, a shared main-actor binding is made once")
    func sharedAcrossBothPaths() async throws {
        let both = try ComponentFactory.of(ModuleComponent<FeedModule, BothProviders>.self).build(())
        let before = await MainActor.run { FeedViewModel.made }
        let awaited = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<50 {
                group.addTask { try await ObjectIdentifier(both.awaited.get()) }
            }
            group.addTask { await MainActor.run { ObjectIdentifier(both.onMain.get()) } }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(awaited.count == 1)
        #expect(await MainActor.run { FeedViewModel.made } == before + 1)
    }

    @MainActor
    @Test("build(_:) from code isolated to the main actor makes a main-actor root on the spot")
    func synchronousBuildOnTheMainActor() throws {
        let factory = try ComponentFactory.of(FeedApp.self)
        let before = FeedViewModel.made
        let first = factory.build(())
        let second = factory.build()
        #expect(first.model.api.name == "api")
        #expect(first !== second, "each build is a new component instance")
        #expect(FeedViewModel.made == before + 2, "each instance makes its own shared model, once")
    }

    @MainActor
    @Test("build kept as a value, as Cleanse 4 code keeps it, still builds a main-actor root on the spot")
    func buildKeptAsAValueOnTheMainActor() throws {
        let make = try ComponentFactory.of(FeedApp.self).build
        let first = make(()), second = make()
        #expect(first.model.api.name == "api")
        #expect(first !== second)
    }

    @MainActor
    @Test("a feature whose root is made on the main actor is opened from a main-actor coordinator")
    func featureBuiltOnTheMainActor() throws {
        let features = try ComponentFactory.of(FeedHost.self).build(())
        let screen = features.build()
        #expect(screen.model.api.name == "api")
    }

    @Test("build(_:) of a main-actor root outside the main actor stops with the ID and the fix")
    func synchronousBuildOfAMainActorRoot() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try? ComponentFactory.of(FeedApp.self).build(())
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("[Cleanse/AsyncBuildRequired] the root 'FeedScreen' is made on the main actor, and build(_:) was called outside it"))
        #expect(output.contains("call build(_:) from code isolated to the main actor"))
    }

    @Test("a main-actor property injector resolves its dependencies on the main actor")
    func mainActorPropertyInjection() async throws {
        let injector = try ComponentFactory.of(ModuleComponent<FeedModule, MainActorPropertyInjector<FeedController>>.self).build(())
        let injected = await MainActor.run {
            let controller = FeedController()
            injector.injectProperties(into: controller)
            return controller.model?.api.name
        }
        #expect(injected == "api")
    }

    @MainActor
    @Test("building on the main actor a root that needs an asynchronous binding throws AsyncBuildRequired")
    func buildOnMainActorNeedsAwait() async throws {
        let factory = try ComponentFactory.of(SettingsApp.self)
        #expect {
            _ = try factory.buildOnMainActor(())
        } throws: { error in
            let failure = error as? AsyncBuildRequired
            return failure?.diagnosticID == .asyncBuildRequired
                && failure?.description.contains("'RemoteSettings' is made asynchronously, so component 'SettingsApp' cannot be built synchronously on the main actor") == true
        }
        // The same root is built by awaiting.
        _ = try await factory.buildAsync(())
    }

    @Test("a plain Provider of a main-actor type, or a MainActorProvider of one that awaits, is a validation error")
    func misusedMainActorRequests() throws {
        #expect {
            _ = try ComponentFactory.of(ModuleComponent<MisusedMainActor, Misuser>.self)
        } throws: { error in
            let errors = (error as? any CleanseError)?.allErrors.compactMap { $0 as? AsyncRequestedSynchronously } ?? []
            let provider = errors.first { $0.key.type.name == "FeedViewModel" }
            let awaiting = errors.first { $0.key.type.name == "SettingsViewModel" }
            return errors.count == 2
                && provider?.description.contains("request MainActorProvider<FeedViewModel> and call get() on the main actor") == true
                && awaiting?.requestedAs.name == "MainActorProvider<SettingsViewModel>"
        }
    }
}
