import Cleanse

// Modules and components written the way Cleanse 4 code spells them, every spelling at
// once: this file imports nothing but Cleanse, so `Tag` and `SourceLocation` read as they
// do in an application. If this file stops compiling, source compatibility broke.

/// The application, namespaced so that its names stay clear of other test files.
enum Cleanse4App {
    protocol Clock: AnyObject {
        var now: Int { get }
    }

    final class FixedClock: Clock {
        let now = 42
    }

    final class Session {
        let id: Int
        init(id: Int) { self.id = id }
    }

    struct BaseURL: Tag {
        typealias Element = String
    }

    /// Uses a plain function, an optional and an implicitly unwrapped optional as requests.
    struct Grill {
        let makeBurger: () -> Burger
        let cheese: Cheese?
        let roll: Roll!
    }

    struct Burger {
        let index: Int
    }

    enum Cheese { case cheddar }
    enum Roll { case kaiser }

    /// A back reference that is a class-bound protocol, and a value type through WeakProvider.
    final class Dashboard {
        let clock: WeakProvider<any Clock>
        let count: WeakProvider<Int>
        init(clock: WeakProvider<any Clock>, count: WeakProvider<Int>) {
            self.clock = clock
            self.count = count
        }
    }

    final class Ticket {
        let number: Int
        let owner: String
        init(number: Assisted<Int>, owner: TaggedProvider<BaseURL>) {
            self.number = number.get()
            self.owner = owner.get()
        }

        struct AssistedFactory: Cleanse.AssistedFactory {
            typealias Seed = Int
            typealias Element = Ticket
        }
    }

    final class Profile {
        var url: String?
        func injectProperties(url: TaggedProvider<BaseURL>) {
            self.url = url.get()
        }
    }

    struct GrillModule: Module {
        static func configure(binder: UnscopedBinder) {
            // In Swift 6 mode a factory is `@Sendable`, so its state is too (the Swift 5
            // target binds the same factory over a plain `var`).
            let burgers = CallCounter()
            binder.bind().to { () -> Burger in
                Burger(index: burgers.next())
            }
            binder.bind().to { Cheese.cheddar }
            binder.bind().to { Roll.kaiser }
            binder.bind().to(factory: Grill.init)
            binder.bind(String.self).tagged(with: BaseURL.self).to(value: "https://example.com", file: #file, line: #line, function: #function)
            binder.bind(Int.self).to(file: #file, line: #line, function: #function) { 7 }
            binder.bind((any Clock).self).to(factory: FixedClock.init)
            binder.bind(Dashboard.self).to(factory: Dashboard.init)
            binder.bindFactory(Ticket.self).with(Ticket.AssistedFactory.self).to(factory: Ticket.init)
            binder.bindPropertyInjectionOf().to(injector: Profile.injectProperties)
        }
    }

    struct SessionModule: ScopedModule {
        static func configure(binder: SingletonBinder) {
            let sessions = CallCounter()
            // The type is left to inference and the factory is a trailing closure: this binds
            // what the closure returns, never the closure itself.
            binder.bind().sharedInScope().to { () -> Session in
                Session(id: sessions.next())
            }
        }
    }

    /// A root component that another root installs as a subcomponent, as Cleanse 4 allowed.
    struct ReportComponent: RootComponent {
        typealias Root = Report
        typealias Seed = EmptySeed
        static func configure(binder: UnscopedBinder) {}
        static func configureRoot(binder bind: ReceiptBinder<Report>) -> BindingReceipt<Report> {
            bind.to(factory: Report.init)
        }
    }

    struct Report {
        let session: Session
    }

    struct ShopRoot {
        let grill: Grill
        let session: Session
        let sameSession: () -> Session
        let dashboard: Dashboard
        let tickets: Factory<Ticket.AssistedFactory>
        let profiles: PropertyInjector<Profile>
        let reports: ComponentFactory<ReportComponent>
        let graph: LegacyObjectGraph
    }

    struct ShopComponent: RootComponent {
        typealias Root = ShopRoot
        static func configure(binder: SingletonBinder) {
            binder.include(module: GrillModule.self)
            binder.include(module: SessionModule.self)
            binder.install(dependency: ReportComponent.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<ShopRoot>) -> BindingReceipt<ShopRoot> {
            bind.to(factory: ShopRoot.init)
        }
    }

    /// A helper written over `BinderBase`, reused from binders of any scope.
    static func bindGreeting(in binder: some BinderBase) {
        binder.bind(String.self).to(value: "hello")
    }

    struct Greeting {
        let text: String
    }

    struct GreetingComponent: RootComponent {
        typealias Root = Greeting
        static func configure(binder: SingletonBinder) {
            bindGreeting(in: AnyBinder(binder: binder))
        }
        static func configureRoot(binder bind: ReceiptBinder<Greeting>) -> BindingReceipt<Greeting> {
            bind.to { (text: String?) in Greeting(text: text ?? "nothing") }
        }
    }

    /// Binds its root through `configured(with:)`, the way Cleanse 4 bound a component's root.
    struct ConfiguredRootComponent: RootComponent {
        typealias Root = Session
        static func configure(binder: SingletonBinder) {
            binder.bind(Session.self).sharedInScope().configured(with: sessionRoot)
        }
        static func sessionRoot(binder bind: ReceiptBinder<Session>) -> BindingReceipt<Session> {
            bind.to { Session(id: 99) }
        }
        static func configureRoot(binder bind: ReceiptBinder<Session>) -> BindingReceipt<Session> {
            bind.to { (session: Session) in session }
        }
    }
}
