import CleanseMacros
import Testing

// A settings flow as an app writes it with @Injectable: screens from a storyboard, a
// subclass with properties of its own, every request form.
private final class SettingsStore {}
private final class Analytics {}
private struct Region: Cleanse.Tag { typealias Element = String }

@Injectable
private class SettingsViewController {
    @Injected var store: SettingsStore
    @Injected var analytics: Provider<Analytics>
    @Injected var region: TaggedProvider<Region>
    static let storeLine = #line - 3
}

@Injectable(subclass: true)
private final class AdvancedSettingsViewController: SettingsViewController {
    @Injected var experiments: ExperimentFlags
    static let experimentsLine = #line - 1
}
private final class ExperimentFlags {}

private struct SettingsModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(SettingsStore.self).sharedInScope().to(factory: SettingsStore.init)
        binder.bind(Analytics.self).to(factory: Analytics.init)
        binder.bind(String.self).tagged(with: Region.self).to(value: "eu-west")
        binder.bindPropertyInjectionOf(AdvancedSettingsViewController.self).toInjectedProperties()
    }
}

private struct SettingsApp: RootComponent {
    typealias Root = PropertyInjector<AdvancedSettingsViewController>
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: SettingsModule.self)
        binder.bind(ExperimentFlags.self).to(factory: ExperimentFlags.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (injector: PropertyInjector<AdvancedSettingsViewController>) in injector }
    }
}

private struct ForgetfulSettingsApp: RootComponent {
    typealias Root = PropertyInjector<AdvancedSettingsViewController>
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: SettingsModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (injector: PropertyInjector<AdvancedSettingsViewController>) in injector }
    }
}

@Suite("@Injectable")
struct InjectableMacroTests {
    @Test("the macro lists every @Injected property, the superclass's first, each at its own line")
    func macroListsProperties() {
        let properties = AdvancedSettingsViewController.injectedProperties
        #expect(properties.map(\.name).map { $0.split(separator: ".").last.map(String.init) ?? "" } == ["store", "analytics", "region", "experiments"])
        #expect(properties[0].location.description == "CleanseMacrosTests/InjectableMacroTests.swift:\(SettingsViewController.storeLine)")
        #expect(properties[3].location.description == "CleanseMacrosTests/InjectableMacroTests.swift:\(AdvancedSettingsViewController.experimentsLine)")
    }

    @Test("an @Injectable screen made outside the graph gets every property from its injector")
    func injectorFillsTheScreen() throws {
        let injector = try ComponentFactory.of(SettingsApp.self).build(())
        let screen = AdvancedSettingsViewController()
        injector.injectProperties(into: screen)
        #expect(screen.region.get() == "eu-west")
        _ = screen.store
        _ = screen.analytics.get()
        _ = screen.experiments
    }

    @Test("a property nothing binds is a missing binding at the property's line")
    func missingPropertyIsPlacedAtItsLine() {
        do {
            _ = try ComponentFactory.of(ForgetfulSettingsApp.self)
            Issue.record("the graph was accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains("[Cleanse/MissingBinding] missing binding for 'ExperimentFlags'"))
            #expect(text.contains("AdvancedSettingsViewController.experiments (@Injected) at CleanseMacrosTests/InjectableMacroTests.swift:\(AdvancedSettingsViewController.experimentsLine)"), "\(text)")
        }
    }
}

// View models the graph makes, with @Injected properties beside their initializer's.
private final class AccountStore {}
private final class Clock {}

@Injectable
private final class AccountViewModel {
    let clock: Clock
    @Injected var store: AccountStore
    @Injected var analytics: Provider<Analytics>
    init(clock: Clock) { self.clock = clock }
}

@Injectable
private final class AccountScreen {
    let model: AccountViewModel
    @Injected var store: AccountStore
    init(model: AccountViewModel) { self.model = model }
}

private struct AccountApp: RootComponent {
    typealias Root = AccountScreen
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Clock.self).to(factory: Clock.init)
        binder.bind(Analytics.self).to(factory: Analytics.init)
        binder.bind(AccountStore.self).sharedInScope().to(factory: AccountStore.init)
        binder.bind(AccountViewModel.self).sharedInScope().to(factory: AccountViewModel.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<AccountScreen>) -> BindingReceipt<AccountScreen> {
        bind.to(factory: AccountScreen.init)
    }
}

private struct AccountAppWithoutStore: RootComponent {
    typealias Root = AccountScreen
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Clock.self).to(factory: Clock.init)
        binder.bind(Analytics.self).to(factory: Analytics.init)
        binder.bind(AccountViewModel.self).sharedInScope().to(factory: AccountViewModel.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<AccountScreen>) -> BindingReceipt<AccountScreen> {
        bind.to(factory: AccountScreen.init)
    }
}

@Suite("@Injectable objects the graph makes")
struct InjectableObjectsTests {
    @Test("an object bound as its own @Injectable class, and a root, get their @Injected properties before anyone receives them")
    func graphMadeObjectsAreFilled() throws {
        let screen = try ComponentFactory.of(AccountApp.self).build(())
        #expect(screen.store === screen.model.store, "one shared store")
        _ = screen.model.analytics.get()
        _ = screen.model.clock
    }

    @Test("their properties are validated with the graph: a missing one names each class's property")
    func graphMadeObjectsAreValidated() {
        do {
            _ = try ComponentFactory.of(AccountAppWithoutStore.self)
            Issue.record("the graph was accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains("missing binding for 'AccountStore'"))
            #expect(text.contains("AccountViewModel.store (@Injected) at CleanseMacrosTests/InjectableMacroTests.swift:"))
            #expect(text.contains("AccountScreen.store (@Injected) at CleanseMacrosTests/InjectableMacroTests.swift:"))
        }
    }
}
