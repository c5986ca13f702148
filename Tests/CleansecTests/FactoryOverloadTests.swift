import CleanseGraph
import CleansecCore
import Testing

/// `X.init` or `X.make` naming several declarations is read as the compiler reads it when the
/// name is passed to `to(factory:)` (each case was checked against `swiftc`'s typed tree):
/// among synchronous candidates of up to six parameters the one with the fewest wins (as in
/// Cleanse 4), synchronous beats `async`, a failable initializer takes part only where the
/// binding's type is unwritten, and a subclass with no initializer of its own has its
/// superclass's.
@Suite struct FactoryOverloadTests {
    /// The app around `declarations` and `bindings`, whose root asks for `Shop`.
    static func analyze(_ declarations: String, _ bindings: String) -> AnalysisReport {
        analyzeApp("""
            import Cleanse
            final class NSCoder {}
            \(declarations)
            final class Shop { init(catalog: Catalog) {} }
            struct App: RootComponent {
                typealias Root = Shop
                static func configure(binder: Binder<Unscoped>) {
                    \(bindings)
                }
                static func configureRoot(binder bind: ReceiptBinder<Shop>) -> BindingReceipt<Shop> {
                    bind.to(factory: Shop.init)
                }
            }
            """)
    }

    /// The keys the report says are missing.
    static func missing(_ report: AnalysisReport) -> [String] {
        report.diagnostics.filter { $0.id.rawValue == "Cleanse/MissingBinding" }.compactMap { diagnostic in
            diagnostic.message.split(separator: "'").dropFirst().first.map(String.init)
        }.sorted()
    }

    /// Swift writes `init()` for a class whose only initializers are convenience ones, and
    /// for an actor whose only initializers delegate to another (`self.init()`, unmarked in
    /// Swift 6); an actor initializer that does not delegate takes it away.
    @Test func convenienceAndDelegatingInitializersLeaveTheImplicitOne() {
        for declaration in [
            "final class Catalog { var size = 10; convenience init(size: Int) { self.init(); self.size = size } }",
            "actor Catalog { var size = 10; init(size: Int) { self.init() } }",
        ] {
            let report = Self.analyze(declaration, "binder.bind(Catalog.self).to(factory: Catalog.init)")
            #expect(report.opaque.isEmpty, "\(declaration)")
            #expect(Self.missing(report).isEmpty, "\(declaration)")
        }
        let designated = Self.analyze("actor Catalog { var size = 10; init(size: Int) { self.size = size } }", "binder.bind(Catalog.self).to(factory: Catalog.init)")
        #expect(Self.missing(designated) == ["Int"])
    }

    @Test func initWithoutParametersBeatsOneWithParametersAsInCleanse4() {
        let report = Self.analyze("final class Catalog { convenience init() { self.init(size: 10) }; init(size: Int) {} }", "binder.bind().to(factory: Catalog.init)")
        #expect(report.opaque.isEmpty)
        #expect(Self.missing(report) == [])
    }

    @Test func theInitializerWithFewerParametersBeatsTheLongerOne() {
        let report = Self.analyze("struct Catalog { init(size: Int) {}; init(size: Int, name: String) {} }", "binder.bind(Catalog.self).to(factory: Catalog.init)")
        #expect(report.opaque.isEmpty)
        #expect(Self.missing(report) == ["Int"])
        let three = Self.analyze("struct Catalog { init(size: Int, name: String) {}; init(size: Int, name: String, page: Double) {} }", "binder.bind(Catalog.self).to(factory: Catalog.init)")
        #expect(three.opaque.isEmpty)
        #expect(Self.missing(three) == ["Int", "String"])
    }

    @Test func aSynchronousInitializerBeatsAnAsyncOne() {
        let report = Self.analyze("final class Catalog { init() {}; init(size: Int) async {} }", "binder.bind().to(factory: Catalog.init)")
        #expect(report.opaque.isEmpty)
        #expect(Self.missing(report) == [])
    }

    /// A collection's `to(factory:)` has fixed arities too: the shorter overload is read.
    @Test func aCollectionsFactoryRanksOverloadsAsABinders() {
        let report = Self.analyze("""
            struct Catalog { init(size: Int) {}; init(size: Int, name: String) {} }
            """, "binder.bind(Catalog.self).intoCollection().to(factory: Catalog.init)\nbinder.bind(Catalog.self).to(value: Catalog(size: 1))")
        #expect(report.opaque.isEmpty, "\(report.opaque)")
        #expect(Self.missing(report) == ["Int"])
    }

    /// An assisted factory's `to(factory:)` has a pack form (and one taking only the seed):
    /// between two initializers beyond that one, the compiler reports ambiguity (checked with
    /// swiftc), so cleansec notes the reference and guesses none.
    @Test func anAssistedFactoryDoesNotRankOverloads() {
        let report = Self.analyze("""
            struct Page { init(seed: Assisted<Int>, a: String) {}; init(seed: Assisted<Int>, a: String, b: Int) {} }
            struct PageFactory: AssistedFactory { typealias Seed = Int; typealias Element = Page }
            final class Catalog {}
            """, "binder.bindFactory(Page.self).with(PageFactory.self).to(factory: Page.init)\nbinder.bind(Catalog.self).to(value: Catalog())\nbinder.bind(Int.self).to(value: 1)")
        #expect(report.opaque.map(\.reason).contains { $0.hasPrefix("'Page.init' names 2 initializers the compiler ranks alike") }, "\(report.opaque)")
    }

    /// The form taking the seed alone beats the pack form (checked with swiftc, and by the
    /// runtime in OverloadedFactoryTests): an initializer of the seed alone is read.
    @Test func anAssistedFactoryReadsTheInitializerOfTheSeedAlone() {
        let report = Self.analyze("""
            struct Page { init(seed: Assisted<Int>) {}; init(seed: Assisted<Int>, a: String) {} }
            struct PageFactory: AssistedFactory { typealias Seed = Int; typealias Element = Page }
            final class Catalog {}
            """, "binder.bindFactory(Page.self).with(PageFactory.self).to(factory: Page.init)\nbinder.bind(Catalog.self).to(value: Catalog())")
        #expect(report.opaque.isEmpty, "\(report.opaque)")
        #expect(Self.missing(report) == [])
    }

    /// Only an initializer of the factory's own seed fits the seed-alone form (checked with
    /// swiftc): one taking another `Assisted<T>` does not tie with it.
    @Test func anAssistedFactoryReadsTheInitializerOfItsOwnSeed() {
        let report = Self.analyze("""
            struct Page { init(seed: Assisted<Int>) {}; init(name: Assisted<String>) {} }
            struct PageFactory: AssistedFactory { typealias Seed = Int; typealias Element = Page }
            final class Catalog {}
            """, "binder.bindFactory(Page.self).with(PageFactory.self).to(factory: Page.init)\nbinder.bind(Catalog.self).to(value: Catalog())")
        #expect(report.opaque.isEmpty, "\(report.opaque)")
        #expect(Self.missing(report) == [])
    }

    @Test func withoutAWrittenTypeAShorterFailableInitializerBindsAnOptional() {
        let report = Self.analyze("class Catalog { init(nibName: String, bundle: Int) {}; required init?(coder: NSCoder) {} }", "binder.bind().to(factory: Catalog.init)")
        #expect(report.opaque.isEmpty)
        #expect(Self.missing(report) == ["Catalog", "NSCoder"])
        #expect(report.diagnostics.contains { $0.message.contains("did you mean 'Optional<Catalog>'?") })
    }

    /// Issue 61: `{ Box(value: 3) }` and `{ Box(value: "a") }` were both keyed `Box`, a false
    /// duplicate; the compiler infers `Box<Int>` and `Box<String>` from the arguments, which
    /// cleansec does not type, so each is unread, and nothing is reported.
    @Test func aGenericTypeWhoseArgumentsTheCallInfersIsUnreadNotKeyedBare() {
        let report = Self.analyze("""
            struct Box<Value> { let value: Value }
            final class Catalog { init(size: Box<Int>, name: Box<String>) {} }
            """, """
            binder.bind().to { Box(value: 3) }
                    binder.bind().to { Box(value: "spring") }
                    binder.bind().to(factory: Catalog.init)
            """)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.opaque.count == 2, "\(report.opaque)")
        #expect(report.opaque.allSatisfy { $0.reason.contains("cannot infer") || $0.reason.contains("cannot name") }, "\(report.opaque.map(\.reason))")
    }

    /// `{ Box<Int>(value: 3) }` names its arguments: read, keyed `Box<Int>`.
    @Test func aGenericTypeWithWrittenArgumentsIsRead() {
        let report = Self.analyze("""
            struct Box<Value> { let value: Value }
            final class Catalog { init(size: Box<Int>, name: Box<String>) {} }
            """, """
            binder.bind().to { Box<Int>(value: 3) }
                    binder.bind().to(factory: Catalog.init)
            """)
        #expect(report.opaque.isEmpty, "\(report.opaque)")
        #expect(Self.missing(report) == ["Box<String>"])
    }

    @Test func aWrittenTypeLeavesTheFailableInitializerOut() {
        let report = Self.analyze("class Catalog { init() {}; required init?(coder: NSCoder) {} }", "binder.bind(Catalog.self).to(factory: Catalog.init)")
        #expect(report.opaque.isEmpty)
        #expect(report.diagnostics.isEmpty)
    }

    @Test func aSubclassWithoutInitializersHasItsSuperclasses() {
        let report = Self.analyze("""
            class Screen { init(nibName: String?) {}; required init?(coder: NSCoder) { nil } }
            final class Catalog: Screen {}
            """, "binder.bind(Catalog.self).to(factory: Catalog.init)")
        #expect(report.opaque.isEmpty)
        #expect(Self.missing(report) == ["Optional<String>"])
    }

    @Test func aSubclassWithOnlyConvenienceInitializersAlsoHasItsSuperclasses() {
        let report = Self.analyze("""
            class Store { init(path: String) {} }
            final class Catalog: Store { convenience init(size: Int) { self.init(path: "/\\(size)") } }
            """, "binder.bind(Catalog.self).to(factory: Catalog.init)")
        #expect(report.opaque.map(\.reason).contains("'Catalog.init' names 2 initializers the compiler ranks alike (it rejects the reference as ambiguous); name one by its labels: to(factory: Catalog.init(path:)) or to(factory: Catalog.init(size:))"))
        let chosen = Self.analyze("""
            class Store { init(path: String) {} }
            final class Catalog: Store { convenience init(size: Int) { self.init(path: "/\\(size)") } }
            """, "binder.bind(Catalog.self).to(factory: Catalog.init(path:))")
        #expect(chosen.opaque.isEmpty)
        #expect(Self.missing(chosen) == ["String"])
    }

    @Test func initializersTheCompilerRanksAlikeAreNotedNeverGuessed() {
        let report = Self.analyze("final class Catalog { init(size: Int) {}; init(name: String) {} }", "binder.bind().to(factory: Catalog.init)")
        #expect(report.opaque.map(\.reason).contains("'Catalog.init' names 2 initializers the compiler ranks alike (it rejects the reference as ambiguous); name one by its labels: to(factory: Catalog.init(name:)) or to(factory: Catalog.init(size:))"))
        #expect(report.diagnostics.isEmpty)
    }

    @Test func aFunctionOfNoParameterBeatsOneOfOne() {
        let report = Self.analyze("""
            final class Catalog {}
            enum Catalogs { static func make() -> Catalog { Catalog() }; static func make(size: Int) -> Catalog { Catalog() } }
            """, "binder.bind().to(factory: Catalogs.make)")
        #expect(report.opaque.isEmpty)
        #expect(Self.missing(report) == [])
    }

    @Test func aClassThatInheritsFromItselfKeepsInitAndEnds() {
        let report = Self.analyze("final class Catalog: Loop {}\nclass Loop: Catalog {}", "binder.bind(Catalog.self).to(factory: Catalog.init)")
        #expect(report.opaque.isEmpty)
        #expect(report.diagnostics.isEmpty)
    }
}
