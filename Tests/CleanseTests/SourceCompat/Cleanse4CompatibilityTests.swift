import Cleanse
import Foundation
import XCTest

// What Cleanse 4 code relies on, checked through the public API with XCTest, as existing
// test suites are written. The modules under test are in Cleanse4Modules.swift.

final class Cleanse4CompatibilityTests: XCTestCase {
    private typealias App = Cleanse4App

    func testModulesWrittenForCleanse4BuildAndResolve() throws {
        let shop = try ComponentFactory.of(App.ShopComponent.self).build(())
        XCTAssertEqual(shop.grill.cheese, .cheddar)
        XCTAssertEqual(shop.grill.roll, .kaiser)
        XCTAssertEqual(shop.tickets.build(3).number, 3)
        XCTAssertEqual(shop.tickets.build(3).owner, "https://example.com")
        let profile = App.Profile()
        shop.profiles.injectProperties(into: profile)
        XCTAssertEqual(profile.url, "https://example.com")
    }

    func testAPlainFunctionRequestIsAProviderThatBuildsOnEachCall() throws {
        let grill = try ComponentFactory.of(App.ShopComponent.self).build(()).grill
        let first = grill.makeBurger().index
        XCTAssertEqual(grill.makeBurger().index, first + 1)
    }

    func testAFunctionRequestOfASharedBindingReturnsTheSharedInstance() throws {
        let shop = try ComponentFactory.of(App.ShopComponent.self).build(())
        XCTAssertTrue(shop.sameSession() === shop.session)
    }

    func testAnOptionalRequestIsServedByTheBindingOfItsWrappedType() throws {
        XCTAssertEqual(try ComponentFactory.of(App.GreetingComponent.self).build(()).text, "hello")
    }

    func testATrailingClosureWithAnInferredTypeBindsWhatTheClosureReturns() throws {
        let shop = try ComponentFactory.of(App.ShopComponent.self).build(())
        XCTAssertEqual(shop.session.id, 1)
        XCTAssertTrue(shop.reports.build(()).session === shop.session)
    }

    func testARootComponentInstalledAsADependencyBuildsAsAChild() throws {
        let shop = try ComponentFactory.of(App.ShopComponent.self).build(())
        let report = shop.reports.build()
        XCTAssertTrue(report.session === shop.session)
        // The same type still works as a root of its own, where it has no Session.
        XCTAssertThrowsError(try ComponentFactory.of(App.ReportComponent.self))
    }

    func testConfiguredWithCompletesTheBuilderKeepingItsScope() throws {
        let factory = try ComponentFactory.of(App.ConfiguredRootComponent.self)
        XCTAssertEqual(factory.build(()).id, 99)
    }

    func testWeakProviderAcceptsClassBoundProtocolsAndValueTypes() throws {
        let shop = try ComponentFactory.of(App.ShopComponent.self).build(())
        XCTAssertEqual(shop.dashboard.clock.get()?.now, 42)
        XCTAssertEqual(shop.dashboard.count.get(), 7)
    }

    func testLocationsRecordFileLineAndFunction() throws {
        let model = try bindingModels(of: App.ShopComponent.self)
        let url = try XCTUnwrap(model.first { $0.key.tag?.shortName == "BaseURL" })
        XCTAssertTrue(url.location.file.hasSuffix("Cleanse4Modules.swift"))
        XCTAssertEqual(url.location.function, "configure(binder:)")
    }

    func testFactoryInitFactoryBuildsWithTheClosure() {
        let factory = Factory<App.Ticket.AssistedFactory>(factory: { _ in App.Ticket(number: Assisted(value: 1), owner: TaggedProvider(value: "x")) })
        XCTAssertEqual(factory.build(0).owner, "x")
    }

    // MARK: LegacyObjectGraph

    private struct LegacyName: Tag { typealias Element = String }
    private final class Engine {}
    private struct LegacyModule: Module {
        static func configure(binder: UnscopedBinder) {
            binder.bind(Engine.self).to(factory: Engine.init)
            binder.bind(String.self).tagged(with: LegacyName.self).to(value: "String 1")
        }
    }

    func testLegacyProviderForClassIsAFunctionAndMissesReturnNil() throws {
        let graph = try ComponentFactory.of(ModuleComponent<LegacyModule, LegacyObjectGraph>.self).build(())
        XCTAssertNotNil(graph.providerForClass(cls: Engine.self)() as? Engine)
        XCTAssertNil(graph.providerForClass(cls: NSObject.self)() as? NSObject)
        XCTAssertNotNil(graph.objectForClass(cls: Engine.self, withName: nil) as? Engine)
        let protocolView: any LegacyObjectGraphProtocol = graph
        XCTAssertNotNil(protocolView.providerForClass(cls: Engine.self, withName: nil)() as? Engine)
    }

    func testLegacyNSStringLookUpsAreServedByStringBindings() throws {
        let graph = try ComponentFactory.of(ModuleComponent<LegacyModule, LegacyObjectGraph>.self).build(())
        let string = graph.objectForClass(cls: NSString.self, withName: "LegacyName")
        XCTAssertEqual(string as? String, "String 1")
        XCTAssertEqual((string as? NSString).map { $0 as String }, "String 1")
        XCTAssertEqual(graph.providerForClass(cls: NSString.self, withName: "LegacyName")() as? String, "String 1")
    }

    // MARK: Plugins written for Cleanse 4

    private final class RecordingPlugin: CleanseBindingPlugin, @unchecked Sendable {
        var componentTypes: [Any.Type?] = []
        var scopes: [(any Scope.Type)?] = []
        var seeds: [Any.Type] = []
        var providers: [ProviderKey: [ProviderInfo]] = [:]
        func visit(root: ComponentBinding, errorReporter: CleanseErrorReporter) {
            for component in [root] + root.subcomponents {
                componentTypes.append(component.componentType)
                scopes.append(component.scope)
                seeds.append(component.seed)
            }
            providers = root.providers
        }
    }

    func testPluginsSeeTheMetatypeFacetOfTheGraph() throws {
        let plugin = RecordingPlugin()
        _ = try ComponentFactory.of(App.ShopComponent.self, validate: true, serviceLoader: CleanseServiceLoader([plugin]))
        XCTAssertTrue(plugin.componentTypes.first! == App.ShopComponent.self)
        XCTAssertTrue(plugin.scopes.first! == Singleton.self)
        XCTAssertTrue(plugin.seeds.first! == Void.self)
        let grill = try XCTUnwrap(plugin.providers[ProviderKey(type: App.Grill.self)]?.first)
        XCTAssertNil(grill.scope)
        XCTAssertEqual(Set(grill.dependencies.map(\.description)), ["Burger", "Cheese", "Roll"])
        let session = try XCTUnwrap(plugin.providers[ProviderKey(type: App.Session.self)]?.first)
        XCTAssertTrue(session.scope == Singleton.self)
        XCTAssertNotNil(plugin.providers[ProviderKey(type: String.self, tag: App.BaseURL.self)])
    }

    // MARK: Error texts existing suites match on

    private struct Chicken { init(egg: Egg) {} }
    private struct Egg { init(chicken: Chicken) {} }
    private struct CycleModule: Module {
        static func configure(binder: UnscopedBinder) {
            binder.bind().to(factory: Chicken.init)
            binder.bind().to(factory: Egg.init)
        }
    }

    func testErrorTextsCarryTheCleanse4Phrases() {
        XCTAssertThrowsError(try ComponentFactory.of(ModuleComponent<CycleModule, Chicken>.self)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("Dependency Cycle Detected"), text)
            // Cleanse 4's own cycle test matches "required by AA at <its file>" for each step.
            XCTAssertTrue(text.contains("required by Chicken at CleanseTests/Cleanse4CompatibilityTests.swift:"), text)
            XCTAssertTrue(text.contains("required by Egg at CleanseTests/Cleanse4CompatibilityTests.swift:"), text)
        }
        XCTAssertThrowsError(try ComponentFactory.of(App.ReportComponent.self)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("binding missing"), text)
            XCTAssertTrue(text.contains("required by Report at "), text)
            XCTAssertTrue(text.contains("Cleanse4Modules.swift:"), text)
        }
    }

    private struct NestedSingleton: Component {
        typealias Root = Int
        static func configure(binder: SingletonBinder) {}
        static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> { bind.to(value: 1) }
    }
    private struct OuterSingleton: RootComponent {
        typealias Root = Int
        static func configure(binder: SingletonBinder) {
            binder.install(dependency: NestedSingleton.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> { bind.to(value: 1) }
    }

    func testScopeNestingErrorSaysSameScope() {
        XCTAssertThrowsError(try ComponentFactory.of(OuterSingleton.self)) { error in
            XCTAssertTrue("\(error)".contains("with the same scope: (Singleton)"), "\(error)")
        }
    }

    private struct ShadowingChild: Component {
        typealias Root = String
        static func configure(binder: UnscopedBinder) {
            binder.bind(String.self).to(value: "child")
        }
        static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> { bind.to { (s: String) in s } }
    }
    private struct ShadowingParent: RootComponent {
        typealias Root = ComponentFactory<ShadowingChild>
        static func configure(binder: UnscopedBinder) {
            binder.bind(String.self).to(value: "parent")
            binder.install(dependency: ShadowingChild.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to { (f: Root) in f } }
    }

    func testASubcomponentRebindingItsParentsKeyGetsAnErrorThatExplainsWhy() {
        XCTAssertThrowsError(try ComponentFactory.of(ShadowingParent.self)) { error in
            guard let duplicate = error as? DuplicateBinding else { return XCTFail("\(error)") }
            XCTAssertEqual(duplicate.diagnosticID, .duplicateBinding)
            XCTAssertEqual(duplicate.component.name, "Cleanse4CompatibilityTests.ShadowingChild")
            XCTAssertEqual(duplicate.ancestors.map(\.component.shortName), ["ShadowingParent"])
            let text = duplicate.description
            XCTAssertTrue(text.contains("already bound in its ancestor 'ShadowingParent'"), text)
            XCTAssertTrue(text.contains("overrides"), text)
            XCTAssertTrue(text.contains(".tagged(with:)"), text)
            XCTAssertEqual(duplicate.locations.count, 2)
        }
    }

    private final class Capture: CleanseBindingPlugin, @unchecked Sendable {
        var bindings: [BindingModel] = []
        func visit(root: ComponentBinding, errorReporter: CleanseErrorReporter) { bindings = root.bindings }
    }

    private func bindingModels<C: RootComponent>(of component: C.Type) throws -> [BindingModel] {
        let capture = Capture()
        _ = try ComponentFactory.of(component, validate: true, serviceLoader: CleanseServiceLoader([capture]))
        return capture.bindings
    }
}

extension Cleanse4CompatibilityTests {
    /// BinderBase, WrappedBinder and AnyBinder add to the component of the binder they wrap.
    func testWrappedBindersAddToTheWrappedComponent() throws {
        struct Wrapper: WrappedBinder {
            let binder: any BinderBase
            init(binder: any BinderBase) { self.binder = binder }
        }
        struct Wrapped: RootComponent {
            typealias Root = Int
            static func configure(binder: UnscopedBinder) {
                Wrapper(binder: binder).bind(Int.self).to(value: 5)
            }
            static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> { bind.to { (i: Int) in i } }
        }
        XCTAssertEqual(try ComponentFactory.of(Wrapped.self).build(()), 5)
    }
}

extension Cleanse4CompatibilityTests {
    private final class Parent {
        let child: Child
        init(child: Child) { self.child = child }
    }
    private final class Child {
        let parent: () -> Parent
        init(parent: @escaping () -> Parent) { self.parent = parent }
    }
    private struct BackReferenceModule: Module {
        static func configure(binder: SingletonBinder) {
            binder.bind(Parent.self).sharedInScope().to(factory: Parent.init)
            binder.bind(Child.self).to(factory: Child.init)
        }
    }

    func testAFunctionRequestIsLazySoItBreaksACycle() throws {
        let parent = try ComponentFactory.of(ModuleComponent<BackReferenceModule, Parent>.self).build(())
        XCTAssertTrue(parent.child.parent() === parent)
    }

    private struct Lonely { let friend: () -> Parent }
    private struct LonelyModule: Module {
        static func configure(binder: UnscopedBinder) {
            binder.bind(Lonely.self).to(factory: Lonely.init)
        }
    }

    func testAnUnboundFunctionRequestIsAMissingBindingOfItsResult() {
        XCTAssertThrowsError(try ComponentFactory.of(ModuleComponent<LonelyModule, Lonely>.self)) { error in
            guard let missing = error as? MissingProvider else { return XCTFail("\(error)") }
            XCTAssertEqual(missing.requestedKey.type.name, "() -> Cleanse4CompatibilityTests.Parent")
        }
    }

    private struct Shared { let id: Int }
    private struct RootRebindingComponent: RootComponent {
        typealias Root = Shared
        static func configure(binder: SingletonBinder) {
            binder.bind(Shared.self).sharedInScope().to(value: Shared(id: 1))
        }
        static func configureRoot(binder bind: ReceiptBinder<Shared>) -> BindingReceipt<Shared> {
            bind.to(value: Shared(id: 2))
        }
    }

    func testBindingTheRootTypeAgainIsOneErrorThatNamesConfigureRoot() {
        XCTAssertThrowsError(try ComponentFactory.of(RootRebindingComponent.self)) { error in
            guard let duplicate = error as? DuplicateBinding else { return XCTFail("\(error)") }
            XCTAssertTrue(duplicate.isComponentRoot)
            XCTAssertTrue(duplicate.description.contains("configureRoot binds it already"), duplicate.description)
        }
    }
}
