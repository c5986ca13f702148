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
}
