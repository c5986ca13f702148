import CleansecCore
import Testing

/// Property injectors as Cleanse 4 apps write them are read like the runtime reads them.
@Suite struct PropertyInjectionReadingTests {
    /// `bindPropertyInjectionOf()` without a type takes its target from the instance method
    /// its `to(injector:)` names, as Swift infers it; the method's parameters are requested.
    @Test func anInjectorWithoutATypeIsTypedByTheMethodItNames() {
        let report = analyzeApp("""
            import Cleanse
            final class Analytics {}
            final class ProfileViewController {
                var analytics: Analytics?
                func injectProperties(_ analytics: Analytics) { self.analytics = analytics }
            }
            struct ProfileComponent: RootComponent {
                typealias Root = PropertyInjector<ProfileViewController>
                static func configure(binder: Binder<Unscoped>) {
                    binder.bindPropertyInjectionOf().to(injector: ProfileViewController.injectProperties)
                }
                static func configureRoot(binder bind: ReceiptBinder<PropertyInjector<ProfileViewController>>) -> BindingReceipt<PropertyInjector<ProfileViewController>> {
                    bind.to { (injector: PropertyInjector<ProfileViewController>) in injector }
                }
            }
            """)
        #expect(report.opaque.map(\.reason) == [])
        #expect(report.diagnostics.map(\.headline) == ["missing binding for 'Analytics' in component 'ProfileComponent'"])
    }

    /// A class with `@Injected` properties made by its initializer under a protocol: the
    /// runtime sees only the protocol and fills nothing, so the line is an error naming the
    /// property and the binding that lets the graph fill it. A class handed on by a closure
    /// from its own binding, and one with no `@Injected` property, are fine.
    @Test func aClassWithInjectedPropertiesBoundUnderItsProtocolIsReported() {
        let report = analyzeApp("""
            import Cleanse
            import CleanseMacros
            protocol CrashReporter: AnyObject {}
            protocol LaunchTask: AnyObject {}
            final class UserSession {}
            @Injectable
            final class SentryReporter: CrashReporter {
                @Injected var session: UserSession
                init() {}
            }
            @Injectable
            final class ConsoleReporter: CrashReporter {
                @Injected var session: UserSession
                init() {}
            }
            @Injectable
            final class WarmCache: LaunchTask {
                init() {}
            }
            struct ReportingModule: Module {
                static func configure(binder: Binder<Singleton>) {
                    binder.bind(UserSession.self).to(factory: UserSession.init)
                    binder.bind((any CrashReporter).self).sharedInScope().to(factory: SentryReporter.init)
                    binder.bind((any CrashReporter).self).tagged(with: Console.self).to { (reporter: ConsoleReporter) in reporter }
                    binder.bind((any LaunchTask).self).intoCollection().to(factory: WarmCache.init)
                }
            }
            struct Console: Tag { typealias Element = any CrashReporter }
            struct AppComponent: RootComponent {
                typealias Root = any CrashReporter
                static func configure(binder: Binder<Singleton>) {
                    binder.include(module: ReportingModule.self)
                }
                static func configureRoot(binder bind: ReceiptBinder<any CrashReporter>) -> BindingReceipt<any CrashReporter> {
                    bind.to { (reporter: any CrashReporter) in reporter }
                }
            }
            """)
        #expect(report.diagnostics.map(\.message) == ["""
            [Cleanse/NotInjected] the binding of 'CrashReporter' makes a 'SentryReporter', whose @Injected properties the graph never fills: it sees only 'CrashReporter'
              'CrashReporter' is bound at App/App.swift:23
              'SentryReporter.session' is declared at App/App.swift:8
              To fix: bind the protocol to the class, binder.bind((any CrashReporter).self).sharedInScope().to { (object: SentryReporter) in object }, so that the graph makes 'SentryReporter' and fills its properties
            """])
    }
}
