import Cleanse
import Testing

// The seed README's examples, as written there, with UIKit and NSURL types swapped for
// plain ones. If one of these stops compiling, source compatibility broke.

private final class RootViewController {
    let rootViewProperties: RootViewProperties
    init(rootViewProperties: RootViewProperties) {
        self.rootViewProperties = rootViewProperties
    }
}

private struct RootViewProperties {
    let backgroundColor: String
}

private struct AppComponent: Cleanse.RootComponent {
    // When we call build(()) it will return the Root type, which is a RootViewController instance.
    typealias Root = RootViewController

    // Required function from Cleanse.RootComponent protocol.
    static func configureRoot(binder bind: ReceiptBinder<RootViewController>) -> BindingReceipt<RootViewController> {
        return bind.to(factory: RootViewController.init)
    }

    // Required function from Cleanse.RootComponent protocol.
    static func configure(binder: Binder<Unscoped>) {
        binder
            .bind(RootViewProperties.self)
            .to { () -> RootViewProperties in
                RootViewProperties(backgroundColor: "blue")
            }
    }
}

private struct NSURL: Equatable {
    let string: String
    init?(string: String) { self.string = string }
}

private struct PrimaryURLTag: Cleanse.Tag {
    typealias Element = NSURL
}

private final class SomethingThatDoesAnAPICall {
    let primaryURL: NSURL
    init(primaryURL: TaggedProvider<PrimaryURLTag>) {
        self.primaryURL = primaryURL.get()
    }
    struct Module: Cleanse.Module {
        static func configure(binder: Binder<Unscoped>) {
            binder
                .bind(SomethingThatDoesAnAPICall.self)
                .to(factory: SomethingThatDoesAnAPICall.init)
        }
    }
}

private struct PrimaryAPIURLModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder
            .bind(NSURL.self)
            .tagged(with: PrimaryURLTag.self)
            .to(value: NSURL(string: "https://connect.squareup.com/v2/")!)
    }
}

private struct RootAPI {
    let somethingUsingTheAPI: SomethingThatDoesAnAPICall
}

private struct APIComponent: RootComponent {
    typealias Root = RootAPI
    static func configure(binder: Binder<Unscoped>) {
        // "include" the modules that create the component
        binder.include(module: PrimaryAPIURLModule.self)
        binder.include(module: SomethingThatDoesAnAPICall.Module.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<RootAPI>) -> BindingReceipt<RootAPI> {
        bind.to(factory: RootAPI.init)
    }
}

private struct Hamburger {
    let topping: Topping
}
private struct Topping { let name: String }

private final class Window {
    let rootViewController: RootViewController
    init(rootViewController: RootViewController) { self.rootViewController = rootViewController }

    struct Module: Cleanse.Module {
        static func configure(binder: Binder<Singleton>) {
            binder
                .bind(Window.self)
                // The root app window should only be constructed once.
                .sharedInScope()
                .to { (rootViewController: RootViewController) in
                    let window = Window(rootViewController: rootViewController)
                    return window
                }
        }
    }
}

private struct WindowComponent: RootComponent {
    typealias Root = Provider<Window>
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: Window.Module.self)
        binder.bind(RootViewController.self).to(factory: RootViewController.init)
        binder.bind(RootViewProperties.self).to(value: RootViewProperties(backgroundColor: "red"))
    }
    static func configureRoot(binder bind: ReceiptBinder<Provider<Window>>) -> BindingReceipt<Provider<Window>> {
        bind.to { (window: Provider<Window>) in window }
    }
}

private struct BurgerModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Hamburger.self).to(factory: Hamburger.init)
        binder.bind(Topping.self).to(value: Topping(name: "pickles"))
    }
}

@Suite("README examples")
struct ReadmeExamplesTests {
    @Test("Getting Started: the root view controller gets its properties")
    func gettingStarted() throws {
        let factory = try ComponentFactory.of(AppComponent.self)
        let rootViewController = factory.build(())
        #expect(rootViewController.rootViewProperties.backgroundColor == "blue")
    }

    @Test("Type Tags and Modules: the tagged primary API URL reaches its consumer")
    func taggedURL() throws {
        let api = try ComponentFactory.of(APIComponent.self).build(())
        #expect(api.somethingUsingTheAPI.primaryURL == NSURL(string: "https://connect.squareup.com/v2/"))
    }

    @Test("Terminating methods: bind(Hamburger.self).to(factory: Hamburger.init) resolves its topping")
    func hamburger() throws {
        #expect(try build(BurgerModule.self, Hamburger.self).topping.name == "pickles")
    }

    @Test("Advanced Setup: the window module shares one window in the singleton scope")
    func windowModule() throws {
        let windows = try ComponentFactory.of(WindowComponent.self).build(())
        #expect(windows.get() === windows.get())
        #expect(windows.get().rootViewController.rootViewProperties.backgroundColor == "red")
    }
}
