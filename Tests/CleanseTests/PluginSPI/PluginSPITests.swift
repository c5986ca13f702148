import Cleanse
import Testing

private final class Database {}
private final class LoginScreen { init(database: Database) {} }
private final class SettingsScreen { init(settings: Provider<Settings>) {} }
private final class Settings {}
private struct UserID: Cleanse.Tag { typealias Element = String }
private struct Profile { init(id: TaggedProvider<UserID>, database: Database) {} }

private struct ProfileScope: Scope {}
private struct ProfileComponent: Cleanse.Component {
    typealias Root = Profile
    typealias Seed = TaggedProvider<UserID>
    static func configure(binder: Binder<ProfileScope>) {}
    static func configureRoot(binder bind: ReceiptBinder<Profile>) -> BindingReceipt<Profile> {
        bind.to(factory: Profile.init)
    }
}

private struct Screens { let login: LoginScreen; let settings: SettingsScreen; let profiles: ComponentFactory<ProfileComponent> }

private struct AppComponent: RootComponent {
    typealias Root = Screens
    static let loginLine = #line + 4
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Database.self).sharedInScope().to(factory: Database.init)
        binder.bind(Settings.self).to(factory: Settings.init)
        binder.bind(LoginScreen.self).to(factory: LoginScreen.init)
        binder.bind(SettingsScreen.self).to(factory: SettingsScreen.init)
        binder.install(dependency: ProfileComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Screens>) -> BindingReceipt<Screens> {
        bind.to(factory: Screens.init)
    }
}

/// An error a plugin reports, in its own domain.
private struct LayerViolation: CleanseError {
    let screen: BindingKey
    let dependency: BindingKey
    let location: Cleanse.SourceLocation
    var diagnosticID: DiagnosticID { DiagnosticID("App/LayerViolation") }
    var description: String { "\(diagnosticID) \(screen) depends on \(dependency) at \(location)" }
}

/// The documented example: screens may not depend on the database layer directly.
private struct LayerRule: CleanseBindingPlugin {
    func visit(root: ComponentBinding, errorReporter: CleanseErrorReporter) {
        for component in root.allComponents {
            for binding in component.bindings where binding.key.type.name.hasSuffix("Screen") {
                for dependency in binding.dependencies where dependency.key.type.name == "Database" {
                    errorReporter.append(error: LayerViolation(screen: binding.key, dependency: dependency.key, location: binding.location))
                }
            }
        }
    }
}

/// Records what it saw.
private final class Recorder: CleanseBindingPlugin, @unchecked Sendable {
    // Only used from the test that owns it.
    var visits = 0
    var components: [String] = []
    var bindings: [BindingModel] = []
    var parentOfChild: String?
    var seedOfChild: BindingKey?

    func visit(root: ComponentBinding, errorReporter: CleanseErrorReporter) {
        visits += 1
        components = root.allComponents.map(\.type.name)
        bindings = root.allComponents.flatMap(\.bindings)
        parentOfChild = root.subcomponents.first?.parent?.type.name
        seedOfChild = root.subcomponents.first?.seedKey
    }
}

private final class Unbound {}
private final class BrokenScreen { init(database: Database, unbound: Unbound) {} }
private struct BrokenComponent: RootComponent {
    typealias Root = BrokenScreen
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Database.self).to(factory: Database.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<BrokenScreen>) -> BindingReceipt<BrokenScreen> {
        bind.to(factory: BrokenScreen.init)
    }
}

@Suite("Plugin SPI")
struct PluginSPITests {
    @Test("a plugin runs once and sees every component, binding, location and dependency")
    func pluginSeesWholeTree() throws {
        let recorder = Recorder()
        _ = try ComponentFactory.of(AppComponent.self, validate: true, serviceLoader: CleanseServiceLoader([recorder]))
        #expect(recorder.visits == 1)
        #expect(recorder.components == ["AppComponent", "ProfileComponent"])
        #expect(recorder.parentOfChild == "AppComponent")
        #expect(recorder.seedOfChild == BindingKey(String.self, tag: UserID.self))
        let login = try #require(recorder.bindings.first { $0.key == BindingKey(LoginScreen.self) })
        #expect(login.kind == .factory)
        #expect(login.location.description == "\(#fileID):\(AppComponent.loginLine)")
        #expect(login.dependencies.map(\.key) == [BindingKey(Database.self)])
        let settings = try #require(recorder.bindings.first { $0.key == BindingKey(SettingsScreen.self) })
        #expect(settings.dependencies.map(\.kind) == [.provider])
        let database = try #require(recorder.bindings.first { $0.key == BindingKey(Database.self) })
        #expect(database.scope == TypeIdentity(Singleton.self))
        let profile = try #require(recorder.bindings.first { $0.key == BindingKey(Profile.self) })
        #expect(profile.dependencies.map(\.kind) == [.taggedProvider, .direct])
        #expect(recorder.bindings.contains { $0.kind == .subcomponentFactory })
    }

    @Test("the layer rule's errors fail the construction, with the binding's place")
    func pluginErrorsFailConstruction() throws {
        do {
            _ = try ComponentFactory.of(AppComponent.self, serviceLoader: CleanseServiceLoader([LayerRule()]))
            Issue.record("expected a layer violation")
        } catch let error as LayerViolation {
            #expect(error.diagnosticID.rawValue == "App/LayerViolation")
            #expect(error.location.description == "\(#fileID):\(AppComponent.loginLine)")
        }
    }

    @Test("plugin errors are thrown together with built-in errors")
    func mergedWithBuiltIn() throws {
        let loader = CleanseServiceLoader()
        loader.register(LayerRule())
        do {
            _ = try ComponentFactory.of(BrokenComponent.self, serviceLoader: loader)
            Issue.record("expected errors")
        } catch let error as MultiError {
            #expect(error.errors.map(\.diagnosticID.rawValue) == ["Cleanse/MissingBinding", "App/LayerViolation"])
        }
    }

    @Test("plugins do not run when validate is false")
    func validateFalseSkipsPlugins() throws {
        let recorder = Recorder()
        _ = try ComponentFactory.of(AppComponent.self, validate: false, serviceLoader: CleanseServiceLoader([recorder]))
        #expect(recorder.visits == 0)
    }

    @Test("register(_:) adds plugins in order, and the shared instance exists")
    func registration() {
        let loader = CleanseServiceLoader([Recorder()])
        loader.register(LayerRule())
        #expect(loader.plugins.count == 2)
        #expect(loader.plugins.last is LayerRule)
        _ = CleanseServiceLoader.instance
    }
}
