import CleanseMacros
import Synchronization
import Testing

// A profile flow as an iOS app writes it: a view controller from a storyboard (main-actor,
// filled by its injector), a main-actor view model the graph makes, and a report job made by
// an asynchronous factory, each with @Injected properties.

private final class ProfileService: Sendable {}
private final class ImageCache: Sendable {}

/// Made by a main-actor factory: only the main actor may touch it.
@MainActor
private final class ThemeController {
    var accent = "blue"
}

@Injectable(mainActor: true)
@MainActor
private final class ProfileViewController {
    @Injected var service: ProfileService
    @Injected var theme: ThemeController
    @Injected var images: Provider<ImageCache>
}

@Injectable(mainActor: true)
@MainActor
private final class ProfileViewModel {
    let service: ProfileService
    @Injected var theme: ThemeController
    init(service: ProfileService) { self.service = service }
}

private final class ProfileCoordinator: Sendable {
    let injector: MainActorPropertyInjector<ProfileViewController>
    let model: MainActorProvider<ProfileViewModel>
    init(injector: MainActorPropertyInjector<ProfileViewController>, model: MainActorProvider<ProfileViewModel>) {
        self.injector = injector
        self.model = model
    }
}

private struct ProfileApp: RootComponent {
    typealias Root = ProfileCoordinator
    static func configure(binder: Binder<Singleton>) {
        binder.bind(ProfileService.self).sharedInScope().to(factory: ProfileService.init)
        binder.bind(ImageCache.self).sharedInScope().to(factory: ImageCache.init)
        binder.bind(ThemeController.self).sharedInScope().to(factory: ThemeController.init)
        binder.bind(ProfileViewModel.self).to(factory: ProfileViewModel.init)
        binder.bindPropertyInjectionOf(ProfileViewController.self).toInjectedProperties()
    }
    static func configureRoot(binder bind: ReceiptBinder<ProfileCoordinator>) -> BindingReceipt<ProfileCoordinator> {
        bind.to(factory: ProfileCoordinator.init)
    }
}

/// The same view model as the root, built with `buildAsync` (its factory's objects are
/// filled after they are awaited, on the main actor).
private struct ProfileModelApp: RootComponent {
    typealias Root = ProfileViewModel
    static func configure(binder: Binder<Singleton>) {
        binder.bind(ProfileService.self).sharedInScope().to(factory: ProfileService.init)
        binder.bind(ThemeController.self).sharedInScope().to(factory: ThemeController.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<ProfileViewModel>) -> BindingReceipt<ProfileViewModel> {
        bind.to(factory: ProfileViewModel.init)
    }
}

// A report job whose factory awaits its database connection.
private actor Database {
    static func connect() async -> Database { await Task.yield(); return Database() }
}
/// Each exporter is numbered: the job's must be the one its injection made.
private final class Exporter: Sendable {
    static let made = Mutex(0)
    let number: Int
    init() { number = Exporter.made.withLock { $0 += 1; return $0 } }
}

@Injectable
private final class ReportJob {
    let database: Database
    @Injected var exporter: Exporter
    init(database: Database) { self.database = database }
}

private struct ReportApp: RootComponent {
    typealias Root = ReportJob
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Database.self).sharedInScope().to { () async in await Database.connect() }
        binder.bind(Exporter.self).to(factory: Exporter.init)
        binder.bind(ReportJob.self).sharedInScope().to { (database: Database) async in ReportJob(database: database) }
    }
    static func configureRoot(binder bind: ReceiptBinder<ReportJob>) -> BindingReceipt<ReportJob> {
        bind.to { (job: ReportJob) async in job }
    }
}

private struct ReportAppWithoutExporter: RootComponent {
    typealias Root = ReportJob
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Database.self).sharedInScope().to { () async in await Database.connect() }
        binder.bind(ReportJob.self).sharedInScope().to { (database: Database) async in ReportJob(database: database) }
    }
    static func configureRoot(binder bind: ReceiptBinder<ReportJob>) -> BindingReceipt<ReportJob> {
        bind.to { (job: ReportJob) async in job }
    }
}

@Suite("@Injected on the main actor and after await")
struct MainActorAndAsyncInjectionTests {
    @Test("a main-actor view controller made outside the graph is filled on the main actor, main-actor objects included")
    @MainActor
    func mainActorInjectorFillsTheScreen() throws {
        let coordinator = try ComponentFactory.of(ProfileApp.self).build(())
        let screen = ProfileViewController()
        coordinator.injector.injectProperties(into: screen)
        #expect(screen.theme.accent == "blue")
        _ = screen.service
        _ = screen.images.get()
        // The view model the graph makes is filled too, with the same shared theme.
        let model = coordinator.model.get()
        #expect(model.theme === screen.theme)
    }

    @Test("a main-actor root made by buildAsync is filled before it is returned")
    func mainActorRootIsFilledWhenAwaited() async throws {
        let model = try await ComponentFactory.of(ProfileModelApp.self).buildAsync(())
        let accent = await MainActor.run { model.theme.accent }
        #expect(accent == "blue")
    }

    @Test("an object an async factory makes is filled after it is awaited, also when the root hands it on")
    func asyncFactoryObjectIsFilled() async throws {
        let before = Exporter.made.withLock { $0 }
        let job = try await ComponentFactory.of(ReportApp.self).buildAsync(())
        // Made for the job during the build, and stored in it (a property read before its
        // injection would stop the program instead).
        #expect(Exporter.made.withLock { $0 } == before + 1)
        #expect(job.exporter.number > before)
    }

    @Test("the properties of an object an async factory makes are validated with the graph")
    func asyncFactoryPropertiesAreValidated() {
        do {
            _ = try ComponentFactory.of(ReportAppWithoutExporter.self)
            Issue.record("the graph was accepted")
        } catch {
            #expect("\(error)".contains("ReportJob.exporter (@Injected) at CleanseMacrosTests/MainActorAndAsyncInjectionTests.swift:"), "\(error)")
        }
    }

    @Test("the main-actor form lists its properties with their lines")
    func mainActorListHasTheProperties() {
        #expect(ProfileViewController.injectedProperties.map(\.name) == [
            "ProfileViewController.service", "ProfileViewController.theme", "ProfileViewController.images",
        ])
    }
}

// Export formats contributed to a collection, each with an @Injected property.
private final class Clock: Sendable {}

@Injectable
private class ExportFormat {
    @Injected var clock: Clock
    let name: String
    init(name: String) { self.name = name }
}

private struct ExportApp: RootComponent {
    typealias Root = [ExportFormat]
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Clock.self).sharedInScope().to(factory: Clock.init)
        binder.bind(ExportFormat.self).intoCollection().to { ExportFormat(name: "csv") }
        binder.bind(ExportFormat.self).intoCollection().to { () async in ExportFormat(name: "pdf") }
    }
    static func configureRoot(binder bind: ReceiptBinder<[ExportFormat]>) -> BindingReceipt<[ExportFormat]> {
        bind.to { (formats: [ExportFormat]) async in formats }
    }
}

@Suite("@Injected in collection elements")
struct InjectedCollectionElementTests {
    @Test("each element a factory contributes is filled, awaited ones too")
    func elementsAreFilled() async throws {
        let formats = try await ComponentFactory.of(ExportApp.self).buildAsync(())
        #expect(formats.map(\.name) == ["csv", "pdf"])
        #expect(formats[0].clock === formats[1].clock)
    }
}
