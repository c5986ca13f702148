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

    /// A factory bound under a protocol that makes an `@Injectable` class: the runtime fills
    /// the object's `@Injected` properties from the bindings its component sees, so a
    /// property nothing binds is a missing binding at build time, named by the property.
    @Test func aClassBoundUnderItsProtocolRequestsItsInjectedProperties() {
        let report = analyzeApp("""
            import Cleanse
            import CleanseMacros
            protocol CrashReporter: AnyObject { func report(_ error: String) }
            final class UserSession {}
            final class BreadcrumbLog {}
            @Injectable
            final class SentryReporter: CrashReporter {
                @Injected var session: UserSession
                @Injected var breadcrumbs: BreadcrumbLog
                init() {}
                func report(_ error: String) {}
            }
            struct AppComponent: RootComponent {
                typealias Root = any CrashReporter
                static func configure(binder: Binder<Singleton>) {
                    binder.bind(UserSession.self).sharedInScope().to(factory: UserSession.init)
                    binder.bind((any CrashReporter).self).sharedInScope().to(factory: SentryReporter.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<any CrashReporter>) -> BindingReceipt<any CrashReporter> {
                    bind.to { (reporter: any CrashReporter) in reporter }
                }
            }
            """)
        #expect(report.opaque.map(\.reason) == [])
        #expect(report.diagnostics.map(\.headline) == ["missing binding for 'BreadcrumbLog' in component 'AppComponent'"])
        #expect(report.diagnostics.first?.message.description.contains("SentryReporter.breadcrumbs") == true)
    }

    /// A property through a provider is linked only when the object is made: unread, with
    /// the line that lets the graph check it.
    @Test func aProviderPropertyUnderAProtocolIsUnreadWithTheFix() {
        let report = analyzeApp("""
            import Cleanse
            import CleanseMacros
            protocol CrashReporter: AnyObject {}
            final class UserSession {}
            @Injectable
            final class SentryReporter: CrashReporter {
                @Injected var session: Provider<UserSession>
                init() {}
            }
            struct AppComponent: RootComponent {
                typealias Root = any CrashReporter
                static func configure(binder: Binder<Singleton>) {
                    binder.bind(UserSession.self).to(factory: UserSession.init)
                    binder.bind((any CrashReporter).self).to(factory: SentryReporter.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<any CrashReporter>) -> BindingReceipt<any CrashReporter> {
                    bind.to { (reporter: any CrashReporter) in reporter }
                }
            }
            """)
        #expect(report.diagnostics.map(\.headline) == [])
        #expect(report.opaque.map(\.reason) == [
            "'SentryReporter' bound under a protocol has @Injected properties the graph links only when the object is made; bind the protocol to the class, to { (object: SentryReporter) in object }, so that they are checked",
        ])
    }
}
