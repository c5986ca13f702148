import Cleanse
import Synchronization
import Testing

// A login flow as UIKit apps write it: the view controller comes from a storyboard (made
// outside the graph) and gets its properties from a PropertyInjector; a coordinator built
// by the graph shows it.
private final class AuthService {}
private final class Analytics {}
private final class LoginViewController {
    var auth: AuthService?
    var analytics: Analytics?
    func injectProperties(_ auth: AuthService, _ analytics: Analytics) {
        self.auth = auth
        self.analytics = analytics
    }
}
/// What a storyboard does: makes the controller without the graph.
private enum Storyboard {
    static func instantiateLogin() -> LoginViewController { LoginViewController() }
}

/// Forgets the injector: the controller it shows never gets its properties.
private final class ForgetfulCoordinator {
    let auth: AuthService
    init(auth: AuthService) { self.auth = auth }
    func start() -> LoginViewController { Storyboard.instantiateLogin() }
}

/// Requests the injector where the controller is made.
private final class LoginCoordinator {
    let injector: PropertyInjector<LoginViewController>
    init(injector: PropertyInjector<LoginViewController>) { self.injector = injector }
    func start() -> LoginViewController {
        let controller = Storyboard.instantiateLogin()
        injector.injectProperties(into: controller)
        return controller
    }
}

private struct LoginModule: Cleanse.Module {
    static let injectorLine = #line + 4
    static func configure(binder: Binder<Singleton>) {
        binder.bind(AuthService.self).sharedInScope().to(factory: AuthService.init)
        binder.bind(Analytics.self).sharedInScope().to(factory: Analytics.init)
        binder.bindPropertyInjectionOf(LoginViewController.self).to(injector: LoginViewController.injectProperties)
    }
}

private struct ForgetfulApp: RootComponent {
    typealias Root = ForgetfulCoordinator
    static func configure(binder: Binder<Singleton>) { binder.include(module: LoginModule.self) }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: ForgetfulCoordinator.init) }
}

private struct App: RootComponent {
    typealias Root = LoginCoordinator
    static func configure(binder: Binder<Singleton>) { binder.include(module: LoginModule.self) }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: LoginCoordinator.init) }
}

/// An app whose plugin framework looks injectors up itself, and says so.
private final class PluginView { var auth: AuthService?; func injectProperties(_ auth: AuthService) { self.auth = auth } }
private struct PluginApp: RootComponent {
    typealias Root = AuthService
    static func configure(binder: Binder<Singleton>) {
        binder.bind(AuthService.self).sharedInScope().to(factory: AuthService.init)
        binder.bindPropertyInjectionOf(PluginView.self)
            .silencing(.unrequestedPropertyInjector)
            .to(injector: PluginView.injectProperties)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to { (auth: AuthService) in auth } }
}

/// A Cleanse 4 app that injects through its LegacyObjectGraph, by class, at run time.
private final class LegacyRouter { let graph: LegacyObjectGraph; init(graph: LegacyObjectGraph) { self.graph = graph } }
private struct LegacyApp: RootComponent {
    typealias Root = LegacyRouter
    static func configure(binder: Binder<Singleton>) { binder.include(module: LoginModule.self) }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: LegacyRouter.init) }
}

/// A screen per session, whose subcomponent asks for the app's injector.
private struct SessionScope: Scope {}
private final class SessionScreen { init(injector: PropertyInjector<LoginViewController>) {} }
private struct SessionComponent: Cleanse.Component {
    typealias Root = SessionScreen
    static func configure(binder: Binder<SessionScope>) {}
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: SessionScreen.init) }
}
private final class Sessions { init(factory: ComponentFactory<SessionComponent>) {} }
private struct SessionApp: RootComponent {
    typealias Root = Sessions
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: LoginModule.self)
        binder.install(dependency: SessionComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: Sessions.init) }
}

@MainActor private final class ProfileViewController { var auth: AuthService?; func injectProperties(_ auth: AuthService) { self.auth = auth } }
private struct MainActorApp: RootComponent {
    typealias Root = AuthService
    static func configure(binder: Binder<Singleton>) {
        binder.bind(AuthService.self).sharedInScope().to(factory: AuthService.init)
        binder.bindPropertyInjectionOf(ProfileViewController.self).to(injector: ProfileViewController.injectProperties)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to { (auth: AuthService) in auth } }
}

/// A team's own rule, reported as a warning next to Cleanse's.
private final class NamingRule: CleanseBindingPlugin {
    struct Misnamed: CleanseError {
        var diagnosticID: DiagnosticID { DiagnosticID("Shop/Naming") }
        var severity: DiagnosticSeverity { .warning }
        var description: String { "[Shop/Naming] warning: coordinators end in 'Coordinator'" }
    }
    let seen = Mutex<[DiagnosticID]>([])
    func visit(root: ComponentBinding, errorReporter: CleanseErrorReporter) {
        seen.withLock { $0 = errorReporter.warnings.map(\.diagnosticID) }
        errorReporter.append(warning: Misnamed())
    }
}

private final class WarningLog: GraphObserver, Sendable {
    let warnings = Mutex<[DiagnosticID]>([])
    func warned(_ warning: any CleanseError) { warnings.withLock { $0.append(warning.diagnosticID) } }
}

/// The other way round: the coordinator requests an injector nobody bound.
private struct UnboundInjectorApp: RootComponent {
    typealias Root = LoginCoordinator
    static func configure(binder: Binder<Singleton>) {}
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: LoginCoordinator.init) }
}

@Suite("A property injector nothing requests")
struct ForgottenInjectorTests {
    @Test("a coordinator that forgets to request its injector is a warning naming the binding, and the graph still builds")
    func forgottenInjectorIsAWarning() throws {
        let factory = try ComponentFactory.of(ForgetfulApp.self)
        let warning = try #require(factory.warnings.first as? UnrequestedPropertyInjector)
        #expect(factory.warnings.count == 1)
        #expect(warning.diagnosticID == .unrequestedPropertyInjector)
        #expect(warning.severity == .warning)
        #expect(warning.key == BindingKey(PropertyInjector<LoginViewController>.self))
        #expect(warning.location.description == "CleanseTests/ForgottenInjectorTests.swift:\(LoginModule.injectorLine)")
        #expect(warning.description.hasPrefix("[Cleanse/UnrequestedPropertyInjector] warning: nothing in component 'ForgetfulApp' requests"))
        #expect(warning.description.contains("To fix: request PropertyInjector<"))
        #expect(warning.description.contains("bind(") && warning.description.contains(".to(factory:)"))
        // Built anyway: it is a warning, and the forgotten injection shows.
        #expect(factory.build(()).start().auth == nil)
    }

    @Test("a coordinator that requests the injector where the controller is made gets no warning")
    func requestedInjectorIsQuiet() throws {
        let factory = try ComponentFactory.of(App.self)
        #expect(factory.warnings.isEmpty)
        #expect(factory.build(()).start().auth != nil)
    }

    @Test("a subcomponent requesting its parent's injector counts as a request")
    func requestedFromASubcomponent() throws {
        #expect(try ComponentFactory.of(SessionApp.self).warnings.isEmpty)
    }

    @Test("a component that injects through its LegacyObjectGraph is left alone")
    func legacyObjectGraphIsExempt() throws {
        let factory = try ComponentFactory.of(LegacyApp.self)
        #expect(factory.warnings.isEmpty)
        let controller = LoginViewController()
        factory.build(()).graph.injectPropertiesIntoObject(controller)
        #expect(controller.auth != nil)
    }

    @Test("silencing(.unrequestedPropertyInjector) on the binding silences it")
    func silenced() throws {
        #expect(try ComponentFactory.of(PluginApp.self).warnings.isEmpty)
    }

    @Test("a main-actor injector nothing requests is reported too")
    func mainActorInjector() throws {
        let factory = try ComponentFactory.of(MainActorApp.self)
        #expect(factory.warnings.map(\.diagnosticID) == [.unrequestedPropertyInjector])
        #expect((factory.warnings.first as? UnrequestedPropertyInjector)?.injectedTypeName.hasSuffix("ProfileViewController") == true)
    }

    @Test("plugins see Cleanse's warnings through the reporter and add their own; observers are told each")
    func pluginsAndObservers() throws {
        let rule = NamingRule()
        let log = WarningLog()
        let factory = try ComponentFactory.of(ForgetfulApp.self, serviceLoader: CleanseServiceLoader([rule]), observer: log)
        #expect(rule.seen.withLock { $0 } == [.unrequestedPropertyInjector])
        #expect(factory.warnings.map(\.diagnosticID) == [.unrequestedPropertyInjector, DiagnosticID("Shop/Naming")])
        #expect(log.warnings.withLock { $0 } == [.unrequestedPropertyInjector, DiagnosticID("Shop/Naming")])
    }

    @Test("a requested injector nobody bound is a missing binding whose fix is bindPropertyInjectionOf, not bind(PropertyInjector<…>)")
    func missingInjectorAdvice() throws {
        #expect(throws: MissingProvider.self) { try ComponentFactory.of(UnboundInjectorApp.self) }
        do {
            _ = try ComponentFactory.of(UnboundInjectorApp.self)
        } catch {
            #expect("\(error)".contains("To fix: bind it in a module the component includes, e.g. binder.bindPropertyInjectionOf(LoginViewController.self).to(injector: LoginViewController.injectProperties)"))
            #expect(!"\(error)".contains("binder.bind(PropertyInjector<"))
        }
    }
}
