import Cleanse
import XCTest

// Code as Cleanse 4 apps wrote it, compiled in the Swift 5 language mode: hand-made
// providers, factories and injectors over plain mutable state, a provider type of the app's
// own, and a class as a dictionary key. It must compile without a change and run as before.

final class ScreenCounter {
    var opened = 0
}

/// A provider type of the app's own, with a plain (non-`@Sendable`) getter.
struct CountingProvider<Element>: ProviderProtocol {
    private let getter: () -> Element
    init(getter: @escaping () -> Element) { self.getter = getter }
    func get() -> Element { getter() }
}

final class Route: Hashable {
    let path: String
    init(_ path: String) { self.path = path }
    static func == (lhs: Route, rhs: Route) -> Bool { lhs.path == rhs.path }
    func hash(into hasher: inout Hasher) { hasher.combine(path) }
}

struct DetailsFactory: AssistedFactory {
    typealias Seed = Int
    typealias Element = String
}

final class SettingsController {
    var title = ""
}

struct RoutesModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).intoDictionary(key: Route("/home")).to(value: "Home")
        binder.bind(String.self).intoDictionary(key: Route("/settings")).to(value: "Settings")
    }
}

struct RoutesComponent: Cleanse.RootComponent {
    typealias Root = [Route: String]
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: RoutesModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<[Route: String]>) -> BindingReceipt<[Route: String]> {
        bind.to { (routes: [Route: String]) in routes }
    }
}

final class Cleanse4ProvidersTests: XCTestCase {
    func testHandMadeProvidersOverMutableStateWorkAsBefore() {
        let counter = ScreenCounter()
        let opens = Provider<Int>(getter: { counter.opened += 1; return counter.opened })
        XCTAssertEqual(opens.get(), 1)
        XCTAssertEqual(opens.get(), 2)
        XCTAssertEqual(opens.map { $0 * 10 }.get(), 30)
        XCTAssertEqual(Provider(other: opens).get(), 4)
        XCTAssertEqual(TaggedProvider<UserName>(getter: { "user \(counter.opened)" }).get(), "user 4")
    }

    func testFactoriesAndInjectorsOverMutableStateWorkAsBefore() {
        let counter = ScreenCounter()
        let details = Factory<DetailsFactory>(factory: { id in counter.opened += 1; return "details \(id)" })
        XCTAssertEqual(details.build(7), "details 7")
        let injector = PropertyInjector<SettingsController>(injectionFunction: { $0.title = "Settings \(counter.opened)" })
        let controller = SettingsController()
        injector.injectProperties(into: controller)
        XCTAssertEqual(controller.title, "Settings 1")
    }

    func testAProviderTypeOfTheAppsOwnStillConforms() {
        let counter = ScreenCounter()
        let provider = CountingProvider<Int>(getter: { counter.opened += 1; return counter.opened })
        XCTAssertEqual(provider.get(), 1)
        XCTAssertEqual(CountingProvider<Int>(value: 5).get(), 5)
        XCTAssertEqual(provider.map { "screen \($0)" }.get(), "screen 2")
    }

    func testAClassKeyedDictionaryIsBuilt() throws {
        let routes = try ComponentFactory.of(RoutesComponent.self).build(())
        XCTAssertEqual(routes[Route("/settings")], "Settings")
        XCTAssertEqual(routes.count, 2)
    }
}

struct UserName: Tag {
    typealias Element = String
}
