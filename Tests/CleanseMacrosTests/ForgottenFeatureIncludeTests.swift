import CleanseMacros
import Testing

// A feature that receives the app's clock through its dependencies, whose team forgot the
// `include(module:)` of the module `@FeatureDependencies` writes. The clock is
// `@Injectable(scope: Singleton.self)`, so the feature's graph would construct it if it could:
// the one error is the missing clock, with the scope as the cause, and no scope error whose
// fix would be to give the feature the app's scope.

@Injectable(scope: Singleton.self)
private final class Clock: Sendable {
    init() {}
}

@FeatureDependencies
private protocol AgendaDependencies: Sendable {
    var clock: Clock { get }
}

private struct AgendaScope: Scope {}

private final class AgendaScreen {
    init(clock: Clock) {}
}

private struct AgendaComponent: RootComponent {
    typealias Scope = AgendaScope
    typealias Seed = any AgendaDependencies
    typealias Root = AgendaScreen
    static func configure(binder: Binder<AgendaScope>) {
        // Forgotten: binder.include(module: AgendaDependenciesModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<AgendaScreen>) -> BindingReceipt<AgendaScreen> {
        bind.to(factory: AgendaScreen.init)
    }
}

private struct AppAgendaDependencies: AgendaDependencies {
    let clock: Clock
}

private struct CalendarApp: RootComponent {
    typealias Root = FeatureFactory<AgendaComponent>
    static func configure(binder: Binder<Singleton>) {
        binder.install(feature: AgendaComponent.self)
        binder.bind((any AgendaDependencies).self).to { (clock: Clock) in AppAgendaDependencies(clock: clock) }
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (agenda: FeatureFactory<AgendaComponent>) in agenda }
    }
}

@Suite("A feature's forgotten dependencies module")
struct ForgottenFeatureIncludeTests {
    @Test("is reported once, as the missing object with its scope as the cause, without a scope error")
    func forgottenIncludeReportsTheRootCauseOnly() throws {
        var caught: [any CleanseError] = []
        do {
            _ = try ComponentFactory.of(CalendarApp.self)
        } catch let error as MultiError {
            caught = error.errors
        } catch let error as any CleanseError {
            caught = [error]
        }
        #expect(caught.map(\.diagnosticID) == [.missingBinding], "\(caught)")
        let text = caught.first?.description ?? ""
        #expect(text.contains("it is shared in scope 'Singleton' (@Injectable(scope:)), and no component at or above where it is requested has that scope"), "\(text)")
        #expect(text.contains("receive the app's object through the feature's dependencies (include the module that binds them)"), "\(text)")
    }
}
