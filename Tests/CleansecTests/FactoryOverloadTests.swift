import CleanseGraph
import CleansecCore
import Testing

/// `X.init` or `X.make` naming several declarations is read as the compiler reads it when the
/// name is passed to `to(factory:)` (each case was checked against `swiftc`'s typed tree):
/// one to six parameters beat none, synchronous beats `async`, a failable initializer takes
/// part only where the binding's type is unwritten, and a subclass with no initializer of its
/// own has its superclass's.
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

    @Test func anInitializerOfOneToSixParametersBeatsInit() {
        let report = Self.analyze("final class Catalog { convenience init() { self.init(size: 10) }; init(size: Int) {} }", "binder.bind().to(factory: Catalog.init)")
        #expect(report.opaque.isEmpty)
        #expect(Self.missing(report) == ["Int"])
    }

    @Test func aSynchronousInitializerBeatsAnAsyncOne() {
        let report = Self.analyze("final class Catalog { init() {}; init(size: Int) async {} }", "binder.bind().to(factory: Catalog.init)")
        #expect(report.opaque.isEmpty)
        #expect(Self.missing(report) == [])
    }

    @Test func withoutAWrittenTypeAFailableInitializerBindsAnOptional() {
        let report = Self.analyze("class Catalog { init() {}; required init?(coder: NSCoder) {} }", "binder.bind().to(factory: Catalog.init)")
        #expect(report.opaque.isEmpty)
        #expect(Self.missing(report) == ["Catalog", "NSCoder"])
        #expect(report.diagnostics.contains { $0.message.contains("did you mean 'Optional<Catalog>'?") })
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

    @Test func aFunctionOfOneParameterBeatsOneOfNone() {
        let report = Self.analyze("""
            final class Catalog {}
            enum Catalogs { static func make() -> Catalog { Catalog() }; static func make(size: Int) -> Catalog { Catalog() } }
            """, "binder.bind().to(factory: Catalogs.make)")
        #expect(report.opaque.isEmpty)
        #expect(Self.missing(report) == ["Int"])
    }

    @Test func aClassThatInheritsFromItselfKeepsInitAndEnds() {
        let report = Self.analyze("final class Catalog: Loop {}\nclass Loop: Catalog {}", "binder.bind(Catalog.self).to(factory: Catalog.init)")
        #expect(report.opaque.isEmpty)
        #expect(report.diagnostics.isEmpty)
    }
}
