import Cleanse
import Testing

private protocol Network: AnyObject { var name: String { get } }
private final class RealNetwork: Network { let name = "real" }
private final class FakeNetwork: Network { let name = "fake" }
private struct APIHost: Cleanse.Tag { typealias Element = String }

private struct Api {
    let network: any Network
    let host: String
    let plugins: [String]
}

private struct SessionScope: Scope {}
private struct SessionComponent: Cleanse.Component {
    typealias Root = Resolved<String>
    static func configure(binder: Binder<SessionScope>) {
        binder.bind(String.self).to(value: "real session")
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(factory: Resolved.init)
    }
}

private struct AppModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any Network).self).sharedInScope().to { () -> any Network in RealNetwork() }
        binder.bind(String.self).tagged(with: APIHost.self).to(value: "api.example.com")
        binder.bind(String.self).intoCollection().to(value: "metrics")
        binder.bind(String.self).intoCollection().to(value: "logging")
        binder.install(dependency: SessionComponent.self)
    }
}

private struct App {
    let api: Api
    let sessions: ComponentFactory<SessionComponent>
}

private struct AppComponent: RootComponent {
    typealias Root = App
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: AppModule.self)
        binder.bind(Api.self).to { (network: any Network, host: TaggedProvider<APIHost>, plugins: [String]) in
            Api(network: network, host: host.get(), plugins: plugins)
        }
    }
    static func configureRoot(binder bind: ReceiptBinder<App>) -> BindingReceipt<App> {
        bind.to(factory: App.init)
    }
}

// Test doubles, as a test suite would write them.
private struct FakeNetworkModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any Network).self).to { () -> any Network in FakeNetwork() }
    }
}
private struct LocalHostModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).tagged(with: APIHost.self).to(value: "localhost")
        binder.bind(String.self).intoCollection().to(value: "recorder")
    }
}
private struct FakeSessionModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).to(value: "fake session")
    }
}
private struct OtherHost: Cleanse.Tag { typealias Element = String }
private struct TypoModule: Cleanse.Module {
    static let line = #line + 2
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).tagged(with: OtherHost.self).to(value: "typo")
    }
}

@Suite("Overrides")
struct OverrideTests {
    @Test("without overrides, the real bindings are used")
    func realGraph() throws {
        let app = try ComponentFactory.of(AppComponent.self).build(())
        #expect(app.api.network.name == "real")
        #expect(app.api.plugins == ["metrics", "logging"])
    }

    @Test("an override module replaces a binding, whatever its scope was")
    func replacesBinding() throws {
        let app = try ComponentFactory.of(AppComponent.self, overrides: FakeNetworkModule.self).build(())
        #expect(app.api.network.name == "fake")
        #expect(app.api.host == "api.example.com")
    }

    @Test("several override modules; a tagged key and a whole collection are replaced")
    func severalModules() throws {
        let app = try ComponentFactory.of(AppComponent.self, overrides: FakeNetworkModule.self, LocalHostModule.self).build(())
        #expect(app.api.network.name == "fake")
        #expect(app.api.host == "localhost")
        #expect(app.api.plugins == ["recorder"])
    }

    @Test("a binding inside a subcomponent is replaced too")
    func replacesInSubcomponent() throws {
        let app = try ComponentFactory.of(AppComponent.self, overrides: FakeSessionModule.self).build(())
        #expect(app.sessions.build(()).value == "fake session")
    }

    @Test("an override whose key is bound nowhere is an error naming it, its place and the likely key")
    func unusedOverride() throws {
        do {
            _ = try ComponentFactory.of(AppComponent.self, overrides: TypoModule.self)
            Issue.record("expected an UnusedOverride")
        } catch let error as UnusedOverride {
            #expect(error.diagnosticID == .unusedOverride)
            #expect(error.location.description == "\(#fileID):\(TypoModule.line)")
            #expect(error.suggestions.contains(BindingKey(String.self, tag: APIHost.self)))
            #expect(error.description.contains("the override of 'String' tagged 'OtherHost' replaces nothing"))
        }
    }
}
