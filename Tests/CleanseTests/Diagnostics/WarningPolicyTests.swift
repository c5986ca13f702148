import Cleanse
import Synchronization
import Testing

// A settings screen made by a storyboard, with an injector bound that nothing requests yet
// (the screen is still being wired): the graph builds, with an UnrequestedPropertyInjector
// warning.
private final class SettingsStore {}
private final class SettingsViewController {
    var store: SettingsStore?
    func injectProperties(_ store: SettingsStore) { self.store = store }
}
private final class SettingsCoordinator {
    let store: SettingsStore
    init(store: SettingsStore) { self.store = store }
}

private struct SettingsApp: RootComponent {
    typealias Root = SettingsCoordinator
    static let injectorLine = #line + 3
    static func configure(binder: Binder<Singleton>) {
        binder.bind(SettingsStore.self).sharedInScope().to(factory: SettingsStore.init)
        binder.bindPropertyInjectionOf(SettingsViewController.self).to(injector: SettingsViewController.injectProperties)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: SettingsCoordinator.init) }
}

/// Stands in for an app's logger: keeps what it is given.
private final class CollectingLogger: Sendable {
    private let lines = Mutex<[String]>([])
    func warning(_ line: String) { lines.withLock { $0.append(line) } }
    var logged: [String] { lines.withLock { $0 } }
}

@Suite("Where warnings go")
struct WarningPolicyTests {
    @Test("a reporting policy hands each validation warning to the app's logger and prints nothing")
    func reportedToALogger() async throws {
        let logger = CollectingLogger()
        let factory = try ComponentFactory.of(SettingsApp.self, warnings: .report { logger.warning("\($0)") })
        #expect(logger.logged.count == 1)
        #expect(logger.logged.first?.hasPrefix("[Cleanse/UnrequestedPropertyInjector] warning:") == true)
        #expect(logger.logged.first?.contains("WarningPolicyTests.swift:\(SettingsApp.injectorLine)") == true)
        #expect(factory.warnings.map(\.diagnosticID) == [.unrequestedPropertyInjector])

        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            _ = try ComponentFactory.of(SettingsApp.self, warnings: .report { _ in })
        }
        #expect(result?.standardErrorContent.isEmpty == true)
    }

    @Test("treating warnings as errors makes a graph that warns fail to validate")
    func treatedAsErrors() throws {
        #expect {
            _ = try ComponentFactory.of(SettingsApp.self, warnings: .treatAsErrors)
        } throws: { error in
            (error as? any CleanseError)?.allErrors.map(\.diagnosticID) == [.unrequestedPropertyInjector]
        }
        // Overrides take the policy too.
        #expect(throws: UnrequestedPropertyInjector.self) {
            _ = try ComponentFactory.of(SettingsApp.self, overrides: FakeStoreModule.self, warnings: .treatAsErrors)
        }
    }

    @Test("by default warnings are printed to standard error, once, and the graph builds")
    func printedByDefault() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let coordinator = try ComponentFactory.of(SettingsApp.self).build(())
            _ = coordinator.store
        }
        let printed = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(printed.ranges(of: "[Cleanse/UnrequestedPropertyInjector] warning:").count == 1)
    }

    @Test("the default policy set at launch applies to every graph made without one")
    func defaultSetAtLaunch() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            WarningPolicy.default = .ignore
            _ = try ComponentFactory.of(SettingsApp.self)
            WarningPolicy.default = .treatAsErrors
            // Refused: leaving the closure by this error fails the exit test.
            let refused = (try? ComponentFactory.of(SettingsApp.self)) == nil
            if !refused { _ = try ComponentFactory.of(SettingsApp.self, warnings: .print) }
        }
        #expect(result?.standardErrorContent.isEmpty == true)
    }
}

private struct FakeStoreModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(SettingsStore.self).to(factory: SettingsStore.init)
    }
}
