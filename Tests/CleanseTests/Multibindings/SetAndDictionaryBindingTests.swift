import Cleanse
import Testing

private enum Feature: Hashable { case search, offline, beta }
private protocol Handler { var name: String { get } }
private struct NamedHandler: Handler { let name: String }
private struct Version { let number = 2 }

private struct FeatureModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Feature.self).intoSet().to(value: .search)
        binder.bind(Feature.self).intoSet().to(value: [.offline, .search])
        binder.bind(Version.self).to(factory: Version.init)
        binder.bind((any Handler).self).intoDictionary(key: "/health").to(value: NamedHandler(name: "health"))
        binder.bind((any Handler).self).intoDictionary(key: "/version").to { (version: Version) -> any Handler in
            NamedHandler(name: "v\(version.number)")
        }
    }
}

private struct Routes {
    let features: Set<Feature>
    let handlers: [String: any Handler]
    let later: Provider<[String: any Handler]>
}

private struct ChildScope: Scope {}
private struct ChildRoutes: Cleanse.Component {
    typealias Root = Resolved<[String: any Handler]>
    static func configure(binder: Binder<ChildScope>) {
        binder.bind((any Handler).self).intoDictionary(key: "/child").to(value: NamedHandler(name: "child"))
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(factory: Resolved.init)
    }
}

private struct Pair { let routes: Routes; let children: ComponentFactory<ChildRoutes> }
private struct LayeredRoutes: RootComponent {
    typealias Root = Pair
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: FeatureModule.self)
        binder.install(dependency: ChildRoutes.self)
        binder.bind(Routes.self).to(factory: Routes.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Pair>) -> BindingReceipt<Pair> {
        bind.to(factory: Pair.init)
    }
}

private struct ClashingModule: Cleanse.Module {
    static let firstLine = #line + 2
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any Handler).self).intoDictionary(key: "/health").to(value: NamedHandler(name: "one"))
        binder.bind((any Handler).self).intoDictionary(key: "/health").to(value: NamedHandler(name: "two"))
        binder.bind((any Handler).self).intoDictionary(key: "/ok").to(value: NamedHandler(name: "ok"))
    }
}

@Suite("Set and dictionary multibindings")
struct SetAndDictionaryBindingTests {
    @Test("intoSet() joins single elements and sets, without duplicates")
    func setMultibinding() throws {
        let routes = try ComponentFactory.of(LayeredRoutes.self).build(()).routes
        #expect(routes.features == [.search, .offline])
    }

    @Test("intoDictionary(key:) maps each key to its contribution, values and factories alike")
    func dictionaryMultibinding() throws {
        let routes = try ComponentFactory.of(LayeredRoutes.self).build(()).routes
        #expect(routes.handlers.mapValues(\.name) == ["/health": "health", "/version": "v2"])
        #expect(routes.later.get().keys.sorted() == ["/health", "/version"])
    }

    @Test("a subcomponent's dictionary entries add to its parent's")
    func childDictionary() throws {
        let children = try ComponentFactory.of(LayeredRoutes.self).build(()).children
        #expect(children.build(()).value.keys.sorted() == ["/child", "/health", "/version"])
    }

    @Test("a dictionary key contributed twice is an error giving both places")
    func duplicateKey() throws {
        do {
            _ = try build(ClashingModule.self, [String: any Handler].self)
            Issue.record("expected a DuplicateDictionaryKey")
        } catch let error as DuplicateDictionaryKey {
            #expect(error.diagnosticID == .duplicateDictionaryKey)
            #expect(error.entryKey == "\"/health\"")
            #expect(error.locations.map(\.description) == [ClashingModule.firstLine, ClashingModule.firstLine + 1].map { "\(#fileID):\($0)" })
            #expect(error.description.contains("key \"/health\" is contributed 2 times"))
        }
    }
}

private struct ZeroKeysModule: Cleanse.Module {
    static let line = #line + 2
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).intoDictionary(key: 0.0).to(value: "zero")
        binder.bind(String.self).intoDictionary(key: -0.0).to(value: "negative zero")
    }
}

private struct WholeDictionaryModule: Cleanse.Module {
    static let line = #line + 2
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).intoDictionary(key: "a").to(value: ["b": "bee", "c": "sea"])
    }
}

extension SetAndDictionaryBindingTests {
    @Test("dictionary keys are compared as the Hashable values they are, so 0.0 and -0.0 collide")
    func keysCompareAsValues() throws {
        #expect {
            _ = try build(ZeroKeysModule.self, [Double: String].self)
        } throws: { error in
            let duplicate = error as? DuplicateDictionaryKey
            return duplicate?.locations.map(\.line) == [ZeroKeysModule.line, ZeroKeysModule.line + 1]
        }
    }

    @Test("a whole dictionary contributed through intoDictionary(key:) is reported, not merged silently")
    func wholeDictionaryIsReported() throws {
        #expect {
            _ = try build(WholeDictionaryModule.self, [String: String].self)
        } throws: { error in
            guard let whole = error as? WholeDictionaryContribution else { return false }
            return whole.diagnosticID == .wholeDictionaryContribution
                && whole.location.line == WholeDictionaryModule.line
                && whole.description.contains("under key \"a\"")
        }
    }
}
