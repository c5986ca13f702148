import Cleanse
import Synchronization
import Testing

// A crash reporter wrapping a vendor SDK, and launch tasks, each bound behind its protocol
// with the class's own initializer (`to(factory: SentryReporter.init)`), as apps write them:
// their `@Injected` properties are filled from the bindings their component sees, in a
// subcomponent too, without binding each class as itself.
private protocol CrashReporter: AnyObject {
    func report(_ error: String) -> String
}
private protocol LaunchTask: AnyObject {
    func run() -> String
}
private final class UserSession {
    let user = "ada"
}

/// Counts the objects made, to tell a property filled once from one filled twice.
private final class BreadcrumbLog: Sendable {
    static let made = Atomic(0)
    init() { Self.made.add(1, ordering: .relaxed) }
}

private final class SentryReporter: CrashReporter, PropertyInjectable {
    @Injected var session: UserSession
    @Injected var breadcrumbs: BreadcrumbLog

    static var injectedProperties: [InjectedProperty] {
        [
            .property(\SentryReporter._session, named: "session"),
            .property(\SentryReporter._breadcrumbs, named: "breadcrumbs"),
        ]
    }

    func report(_ error: String) -> String { "\(session.user): \(error)" }
}

private final class WarmImageCache: LaunchTask, PropertyInjectable {
    @Injected var session: UserSession
    static var injectedProperties: [InjectedProperty] { [.property(\WarmImageCache._session, named: "session")] }
    func run() -> String { "warm images for \(session.user)" }
}

private final class PrefetchFeed: LaunchTask {
    func run() -> String { "prefetch feed" }
}

private final class FeatureFlags: PropertyInjectable {
    static let sessionLine = #line + 1
    @Injected var session: UserSession
    static var injectedProperties: [InjectedProperty] { [.property(\FeatureFlags._session, named: "session", line: sessionLine)] }
}
private protocol FlagStore: AnyObject {}
extension FeatureFlags: FlagStore {}

private struct AppModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(UserSession.self).sharedInScope().to(factory: UserSession.init)
        binder.bind(BreadcrumbLog.self).to(factory: BreadcrumbLog.init)
    }
}

/// A request-scoped subcomponent binds the reporter: its properties come from the app's
/// component, one level up.
private struct RequestScope: Cleanse.Scope {}
private struct ReportingComponent: Cleanse.Component {
    typealias Root = any CrashReporter
    typealias Scope = RequestScope
    static func configure(binder: Binder<RequestScope>) {
        binder.bind((any CrashReporter).self).sharedInScope().to(factory: SentryReporter.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<any CrashReporter>) -> BindingReceipt<any CrashReporter> {
        bind.to { (reporter: any CrashReporter) in reporter }
    }
}

private struct AppComponent: RootComponent {
    typealias Root = App
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: AppModule.self)
        binder.install(dependency: ReportingComponent.self)
        binder.bind((any LaunchTask).self).intoCollection().to(factory: WarmImageCache.init)
        binder.bind((any LaunchTask).self).intoCollection().to(factory: PrefetchFeed.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<App>) -> BindingReceipt<App> {
        bind.to(factory: App.init)
    }
}

private struct App {
    let reporting: ComponentFactory<ReportingComponent>
    let tasks: [any LaunchTask]
}

/// The reporter handed on from its own binding: filled there, once.
private struct HandedOnModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: AppModule.self)
        binder.bind(SentryReporter.self).to(factory: SentryReporter.init)
        binder.bind((any CrashReporter).self).to { (reporter: SentryReporter) in reporter }
    }
}

/// The flags' session is bound nowhere.
private struct ForgottenSessionModule: Cleanse.Module {
    static let bindingLine = #line + 2
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any FlagStore).self).to(factory: FeatureFlags.init)
    }
}

@Suite("@Injected properties of objects bound under a protocol")
struct ProtocolBoundPropertyInjectionTests {
    @Test("an object a subcomponent makes under its protocol has its properties filled from the app's bindings")
    func subcomponentObjectUnderAProtocolIsFilled() throws {
        let app = try ComponentFactory.of(AppComponent.self).build(())
        let reporter = app.reporting.build(())
        #expect(reporter.report("crash") == "ada: crash")
    }

    @Test("collection elements under a protocol are filled, and elements with nothing to fill are untouched")
    func collectionElementsUnderAProtocolAreFilled() throws {
        let app = try ComponentFactory.of(AppComponent.self).build(())
        #expect(app.tasks.map { $0.run() } == ["warm images for ada", "prefetch feed"])
    }

    @Test("an object handed on from its class's own binding is filled once, by that binding")
    func handedOnObjectIsFilledOnce() throws {
        let before = BreadcrumbLog.made.load(ordering: .relaxed)
        let reporter = try ComponentFactory.of(ModuleComponent<HandedOnModule, any CrashReporter>.self).build(())
        #expect(reporter.report("crash") == "ada: crash")
        #expect(BreadcrumbLog.made.load(ordering: .relaxed) - before == 1)
    }

    @Test("a property whose key nothing binds stops when the object is made, naming the key, the binding and the fix")
    func unboundPropertyKeyStopsWithTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try ComponentFactory.of(ModuleComponent<ForgottenSessionModule, any FlagStore>.self).build(())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("[Cleanse/NotInjected] the binding of 'FlagStore' at CleanseTests/ProtocolBoundPropertyInjectionTests.swift:\(ForgottenSessionModule.bindingLine)"))
        #expect(message.contains("'FeatureFlags.session' (declared at CleanseTests/ProtocolBoundPropertyInjectionTests.swift:\(FeatureFlags.sessionLine)"))
        #expect(message.contains("nothing binds 'UserSession' in 'ModuleComponent<ForgottenSessionModule, FlagStore>' or its ancestors"))
        #expect(message.contains("binder.bind((any FlagStore).self).to { (object: FeatureFlags) in object }"))
    }
}
