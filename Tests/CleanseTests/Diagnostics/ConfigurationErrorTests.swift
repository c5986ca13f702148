import Cleanse
import Testing

// Each binding whose location a test checks records its line in a constant right above it.

private final class Heater {}
private final class Pump { init(heater: Heater) {} }
private struct MissingHeaterModule: Cleanse.Module {
    static let pumpLine = #line + 1
    static func configure(binder: Binder<Unscoped>) { binder.bind(Pump.self).to(factory: Pump.init) }
}

private final class Kettle {}
private struct DuplicateModule: Cleanse.Module {
    static let firstLine = #line + 2
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Kettle.self).to(factory: Kettle.init)
        binder.bind(Kettle.self).to(factory: Kettle.init)
    }
}

/// Two bindings of one key on one line: two places, told apart by their columns (where
/// each call's arguments start, as `#column` counts).
private struct OneLineDuplicateModule: Cleanse.Module {
    static let line = #line + 3
    static let columns = [36, 88]
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Kettle.self).to(factory: Kettle.init); binder.bind(Kettle.self).to { Kettle() }
    }
}

private final class Chicken { init(egg: Egg) {} }
private final class Egg { init(chicken: Chicken) {} }
private struct CycleModule: Cleanse.Module {
    static let chickenLine = #line + 2
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Chicken.self).to(factory: Chicken.init)
        binder.bind(Egg.self).to(factory: Egg.init)
    }
}

private final class Coordinator {
    let login: Provider<LoginScreen>
    init(login: Provider<LoginScreen>) { self.login = login }
}
private final class LoginScreen {
    let coordinator: Coordinator
    init(coordinator: Coordinator) { self.coordinator = coordinator }
}
private final class WeakCoordinator {
    init(screen: WeakLoginScreen) { self.screen = screen }
    let screen: WeakLoginScreen
}
private final class WeakLoginScreen {
    let coordinator: WeakProvider<WeakCoordinator>
    init(coordinator: WeakProvider<WeakCoordinator>) { self.coordinator = coordinator }
}
private struct BrokenCycleModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Coordinator.self).to(factory: Coordinator.init)
        binder.bind(LoginScreen.self).to(factory: LoginScreen.init)
        binder.bind(WeakCoordinator.self).to(factory: WeakCoordinator.init)
        binder.bind(WeakLoginScreen.self).to(factory: WeakLoginScreen.init)
    }
}

private struct RequestScope: Scope {}
private final class RequestContext {}
private struct RequestModule: Cleanse.Module {
    static let contextLine = #line + 2
    static func configure(binder: Binder<RequestScope>) {
        binder.bind(RequestContext.self).sharedInScope().to(factory: RequestContext.init)
    }
}
private struct WrongScopeComponent: RootComponent {
    typealias Root = Resolved<RequestContext>
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: RequestModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(factory: Resolved.init)
    }
}

private struct ServerURL: Cleanse.Tag { typealias Element = String }
private struct MirrorURL: Cleanse.Tag { typealias Element = String }
private struct Client { init(url: TaggedProvider<ServerURL>) {} }
private struct WrongTagModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).tagged(with: MirrorURL.self).to(value: "https://mirror")
        binder.bind(Client.self).to(factory: Client.init)
    }
}

private struct EverythingWrongModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: MissingHeaterModule.self)
        binder.include(module: DuplicateModule.self)
        binder.include(module: CycleModule.self)
    }
}

/// The error `body` throws, as a `CleanseError`.
private func configurationError(_ body: () throws -> some Any) -> (any CleanseError)? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? any CleanseError
    }
}

private let file = #fileID

@Suite("Configuration errors")
struct ConfigurationErrorTests {
    @Test("a missing binding names the type, its requester and where the request was written")
    func missingBinding() throws {
        let error = try #require(configurationError { try build(MissingHeaterModule.self, Pump.self) } as? MissingProvider)
        #expect(error.diagnosticID == .missingBinding)
        #expect(error.requestedType.name == "Heater")
        #expect(error.requests.map(\.location.description) == ["\(file):\(MissingHeaterModule.pumpLine)"])
        #expect(error.description.contains("[Cleanse/MissingBinding] missing binding for 'Heater'"))
        #expect(error.description.contains("'Heater' binding missing: required by Pump at \(file):\(MissingHeaterModule.pumpLine)"))
    }

    @Test("a missing tagged binding suggests the same type under the tag that is bound")
    func missingTagSuggestion() throws {
        let error = try #require(configurationError { try build(WrongTagModule.self, Client.self) } as? MissingProvider)
        #expect(error.requestedKey == BindingKey(String.self, tag: ServerURL.self))
        #expect(error.suggestions == [BindingKey(String.self, tag: MirrorURL.self)])
        #expect(error.description.contains("(requested as 'TaggedProvider<ServerURL>')"))
        #expect(error.description.contains("did you mean 'String' tagged 'MirrorURL'?"))
    }

    @Test("two bindings written on one line are two places, by their columns")
    func duplicateBindingOnOneLine() throws {
        let error = try #require(configurationError { try build(OneLineDuplicateModule.self, Kettle.self) } as? DuplicateBinding)
        #expect(error.locations.map(\.line) == [OneLineDuplicateModule.line, OneLineDuplicateModule.line])
        #expect(error.locations.map(\.column) == OneLineDuplicateModule.columns)
        #expect(Set(error.locations).count == 2)
    }

    @Test("a duplicate binding gives both places it was bound")
    func duplicateBinding() throws {
        let error = try #require(configurationError { try build(DuplicateModule.self, Kettle.self) } as? DuplicateBinding)
        #expect(error.diagnosticID == .duplicateBinding)
        let lines = [DuplicateModule.firstLine, DuplicateModule.firstLine + 1]
        #expect(error.locations.map(\.description) == lines.map { "\(file):\($0)" })
        for line in lines {
            #expect(error.description.contains("bound at \(file):\(line)"))
        }
        #expect(error.description.contains("'Kettle' is bound 2 times"))
    }

    @Test("a dependency cycle shows the whole path with the place of each request")
    func dependencyCycle() throws {
        let error = try #require(configurationError { try build(CycleModule.self, Chicken.self) } as? DependencyCycle)
        #expect(error.diagnosticID == .dependencyCycle)
        #expect(error.steps.map(\.key.type.name) == ["Chicken", "Egg"])
        #expect(error.description.contains("'Chicken' -> 'Egg' -> 'Chicken'"))
        #expect(error.description.contains("'Egg' required by Chicken at \(file):\(CycleModule.chickenLine)"))
        #expect(error.description.contains("'Chicken' required by Egg at \(file):\(CycleModule.chickenLine + 1)"))
    }

    @Test("a Provider or WeakProvider edge breaks a cycle, and both sides still resolve")
    func providerBreaksCycle() throws {
        let screen = try build(BrokenCycleModule.self, LoginScreen.self)
        #expect(screen.coordinator.login.get().coordinator !== screen.coordinator)
        let holder = try build(BrokenCycleModule.self, Provider<WeakCoordinator>.self)
        #expect(holder.get().screen.coordinator.get() != nil)
    }

    @Test("a binding shared in a scope its component lacks names both scopes and the binding's place")
    func invalidScope() throws {
        let error = try #require(configurationError { try ComponentFactory.of(WrongScopeComponent.self) } as? InvalidBindingScope)
        #expect(error.diagnosticID == .invalidScope)
        #expect(error.location.description == "\(file):\(RequestModule.contextLine)")
        #expect(error.description.contains("'RequestContext' is shared in scope 'RequestScope', but component 'WrongScopeComponent' has scope 'Singleton'"))
    }

    @Test("every error is reported at once in a MultiError, in a stable order")
    func allErrorsAtOnce() throws {
        let error = try #require(configurationError { try build(EverythingWrongModule.self, Pump.self) } as? MultiError)
        #expect(error.diagnosticID == .multipleErrors)
        #expect(error.errors.map(\.diagnosticID) == [.duplicateBinding, .missingBinding, .dependencyCycle])
        #expect(error.description.hasPrefix("[Cleanse/MultipleErrors] 3 errors in the object graph"))
        let again = try #require(configurationError { try build(EverythingWrongModule.self, Pump.self) })
        #expect(again.description == error.description)
    }
}
