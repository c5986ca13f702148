import Cleanse
import Testing

// A factory reference that names several overloads (`Service.init` with `init(name:)` and
// `init(name:count:)`) compiles, as it did against Cleanse 4, and binds the overload with the
// fewest parameters, as Cleanse 4 did. Each type records which of its overloads made it, so
// a change of choice fails here rather than silently in an app. The Swift 5 language mode
// twin of this suite is CleanseSwift5Tests/OverloadedFactoryTests.swift.

/// The overloads, each type saying which of its own made the value.
enum OverloadedFactories {
    struct Name: Cleanse.Tag { typealias Element = String }

    /// Two initializers of one and two parameters.
    struct Service {
        let made: String
        init(name: TaggedProvider<Name>) { made = "init(name:)" }
        init(name: TaggedProvider<Name>, count: Int) { made = "init(name:count:)" }
    }

    /// The memberwise initializer beside one in an extension.
    struct Pair {
        var made = "memberwise"
        var first: Int
        var second: Double
    }

    /// A static factory function, overloaded.
    struct Gauge {
        let made: String
        static func make(limit: Int) -> Gauge { Gauge(made: "make(limit:)") }
        static func make(limit: Int, scale: Double) -> Gauge { Gauge(made: "make(limit:scale:)") }
    }

    /// `init()` beside `init(size:)`.
    final class Cache {
        let made: String
        init() { made = "init()" }
        init(size: Int) { made = "init(size:)" }
    }

    /// Two and three parameters: ambiguous in Cleanse 4, the fewer here.
    struct Window {
        let made: String
        init(width: Int, height: Double) { made = "init(width:height:)" }
        init(width: Int, height: Double, title: TaggedProvider<Name>) { made = "init(width:height:title:)" }
    }

    /// Four and seven parameters: a fixed-arity form against the form of any arity.
    struct Report {
        let made: String
        init(a: Int, b: Double, c: Int, d: Double) { made = "4" }
        init(a: Int, b: Double, c: Int, d: Double, e: Int, f: Double, g: Int) { made = "7" }
    }

    /// A collection's element, overloaded: `intoCollection().to(factory: Plugin.init)`.
    struct Plugin {
        let made: String
        init(name: TaggedProvider<Name>) { made = "init(name:)" }
        init(name: TaggedProvider<Name>, version: Int) { made = "init(name:version:)" }
    }

    /// An assisted factory's element: the initializer of the seed alone beside a longer one
    /// (Cleanse 4's forms of more parameters took a tuple, so it bound the seed alone).
    struct Page {
        let made: String
        init(number: Assisted<Int>) { made = "init(number:)" }
        init(number: Assisted<Int>, service: Service) { made = "init(number:service:)" }
        struct Factory: AssistedFactory {
            typealias Seed = Int
            typealias Element = Page
        }
    }

    /// Everything above, by its memberwise initializer of eight parameters.
    struct Parts {
        let service: Service, pair: Pair, gauge: Gauge, cache: Cache, window: Window, report: Report
        let tagged: TaggedProvider<Primary>
        let plugins: [Plugin]
        let pages: Factory<Page.Factory>
    }

    /// The root, itself overloaded: `configureRoot` binds it with `bind.to(factory: Root.init)`.
    struct Root {
        let made: String
        let parts: Parts
        init(parts: Parts) { (made, self.parts) = ("init(parts:)", parts) }
        init(parts: Parts, window: Window) { (made, self.parts) = ("init(parts:window:)", parts) }
    }

    struct Primary: Cleanse.Tag { typealias Element = Service }

    struct Overloads: Module {
        static func configure(binder: Binder<Unscoped>) {
            binder.bind().tagged(with: Name.self).to(value: "espresso")
            binder.bind().to(value: 3)
            binder.bind().to(value: 0.5)
            binder.bind(Service.self).to(factory: Service.init)
            binder.bind(Pair.self).to(factory: Pair.init)
            binder.bind(Gauge.self).to(factory: Gauge.make)
            binder.bind().to(factory: Cache.init)
            binder.bind(Window.self).to(factory: Window.init)
            binder.bind(Report.self).to(factory: Report.init)
            binder.bind(Parts.self).to(factory: Parts.init)
            binder.bind(Plugin.self).intoCollection().to(factory: Plugin.init)
            binder.bindFactory(Page.self).with(Page.Factory.self).to(factory: Page.init)
            forward(binder.bind(Service.self).tagged(with: Primary.self))
        }

        /// A helper that forwards its caller's location, as Cleanse 4 apps wrote them.
        static func forward<B: BindToable>(_ builder: B, file: StaticString = #fileID, line: Int = #line) where B.Input == Service {
            builder.to(file: file, line: line, factory: Service.init)
        }
    }

    struct App: RootComponent {
        typealias Root = OverloadedFactories.Root
        static func configure(binder: Binder<Unscoped>) {
            binder.include(module: Overloads.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
            bind.to(factory: Root.init)
        }
    }
}

extension OverloadedFactories.Pair {
    init(first: Int) {
        self.init(made: "init(first:)", first: first, second: 0)
    }
}

@Suite struct OverloadedFactoryTests {
    typealias App = OverloadedFactories.App

    /// The parts the root was built with.
    static func parts() throws -> OverloadedFactories.Parts {
        try ComponentFactory.of(App.self).build(()).parts
    }

    @Test func theInitializerWithFewerParametersIsBoundAsInCleanse4() throws {
        let parts = try Self.parts()
        #expect(parts.service.made == "init(name:)")
        #expect(parts.tagged.get().made == "init(name:)")
    }

    @Test func configureRootBindsTheRootsShorterInitializer() throws {
        #expect(try ComponentFactory.of(App.self).build(()).made == "init(parts:)")
    }

    @Test func anExtensionsInitializerOfFewerParametersBeatsTheMemberwiseOne() throws {
        #expect(try Self.parts().pair.made == "init(first:)")
    }

    @Test func anOverloadedStaticFactoryBindsItsShorterOverload() throws {
        #expect(try Self.parts().gauge.made == "make(limit:)")
    }

    @Test func initWithoutParametersBeatsOneWithParameters() throws {
        #expect(try Self.parts().cache.made == "init()")
    }

    @Test func betweenTwoAndThreeParametersTheTwoAreBound() throws {
        #expect(try Self.parts().window.made == "init(width:height:)")
    }

    @Test func aCollectionContributionBindsTheShorterOverloadToo() throws {
        #expect(try Self.parts().plugins.map(\.made) == ["init(name:)"])
    }

    @Test func anAssistedFactoryBindsTheInitializerOfItsSeedAlone() throws {
        #expect(try Self.parts().pages.build(7).made == "init(number:)")
    }

    @Test func aFixedArityOverloadBeatsOneOfMoreThanSixParameters() throws {
        #expect(try Self.parts().report.made == "4")
    }
}
