import CleanseGraph
import CleansecCore
import Testing

/// Dictionary keys are typed and printed by the typing interface's key rules: a key is read
/// only where cleansec proves both its type and how the runtime prints it, so two entries are
/// one key for cleansec exactly when they are for `ComponentFactory.of`.
@Suite struct DictionaryKeyTypingTests {
    /// A router app's wiring: a screen factory per route, keyed by the route, with `keys`
    /// written as the entries' keys and `declarations` beside the component.
    static func analyze(keys: [String], declarations: String) -> AnalysisReport {
        let entries = keys.map { "binder.bind(Screen.self).intoDictionary(key: \($0)).to { Screen() }" }.joined(separator: "\n            ")
        let file = SourceFile(path: "Sources/Shop/Routing.swift", moduleName: "Shop", text: """
            import Cleanse
            final class Screen { init() {} }
            \(declarations)
            final class Router { init(screens: [Route: Screen]) {} }
            struct RouterComponent: RootComponent {
                typealias Root = Router
                static func configure(binder: Binder<Unscoped>) {
                    \(entries)
                }
                static func configureRoot(binder bind: ReceiptBinder<Router>) -> BindingReceipt<Router> { bind.to(factory: Router.init) }
            }
            """)
        return Analyzer(files: [file]).analyze()
    }

    static func errors(_ report: AnalysisReport) -> [String] {
        report.diagnostics.filter(\.isError).map(\.id.rawValue)
    }

    /// The runtime prints a case as `Module.Enum.case`: two entries under one case are one
    /// key, reported with that spelling.
    @Test func aCaseOfTheTargetsOwnEnumIsReadAndPrintedAsTheRuntimePrintsIt() {
        let report = Self.analyze(keys: ["Route.home", "Route.cart", "Route.home"], declarations: "enum Route: String, Hashable, Sendable { case home, cart }")
        #expect(report.opaque.isEmpty)
        #expect(Self.errors(report) == ["Cleanse/DuplicateDictionaryKey"])
        #expect(report.diagnostics.first?.message.contains("Shop.Route.home") == true)
    }

    /// A static property holding a case is that case at run time: keying it by its own name
    /// missed the duplicate the runtime reports. Its type is read, its value is not: no
    /// duplicate is reported for it, the note says why, and it does not open the component
    /// (its missing bindings are still reported).
    @Test func aStaticPropertyHoldingACaseIsReadWithoutItsValue() {
        let report = Self.analyze(keys: ["Route.home", "Route.start"], declarations: """
            enum Route: Hashable, Sendable {
                case home, cart
                static let start = Route.home
            }
            """)
        #expect(Self.errors(report).isEmpty)
        #expect(report.opaque.map(\.reason).contains { $0.contains("'Route.start' is not a case without associated values") })
        #expect(report.opaque.allSatisfy { !$0.mayBindUnknownKeys })
    }

    /// An enum keyed by its cases is keyed so whatever it prints (a description of its own,
    /// `CodingKey`, a private type): two entries under one case are still one key.
    @Test func anEnumThatPrintsOtherwiseIsStillKeyedByItsCases() {
        for declaration in [
            "enum Route: String, CodingKey, Sendable { case home, cart }",
            "enum Route: Hashable, Sendable, CustomStringConvertible { case home, cart; var description: String { \"r\" } }",
            "private enum Route: Hashable, Sendable { case home, cart }",
        ] {
            let report = Self.analyze(keys: ["Route.home", "Route.cart", "Route.home"], declarations: declaration)
            #expect(report.opaque.isEmpty, "\(declaration)")
            #expect(Self.errors(report) == ["Cleanse/DuplicateDictionaryKey"], "\(declaration)")
        }
    }

    /// An enum with its own `==` decides which keys are equal: its entries are read without
    /// their values, never reported as duplicates by their case names.
    @Test func anEnumWithItsOwnEqualityIsReadWithoutValues() {
        let report = Self.analyze(keys: ["Route.home", "Route.cart"], declarations: """
            enum Route: Hashable, Sendable {
                case home, cart
                static func == (lhs: Route, rhs: Route) -> Bool { true }
                func hash(into hasher: inout Hasher) {}
            }
            """)
        #expect(Self.errors(report).isEmpty)
        #expect(report.opaque.count == 2)
        #expect(report.opaque.allSatisfy { !$0.mayBindUnknownKeys })
    }

    /// A string key is its value, escapes decoded (`"a\u{41}"` is `"aA"`), as the runtime
    /// compares it.
    @Test func aStringKeyIsItsDecodedValue() {
        let report = Self.analyze(keys: [#""a\u{41}""#, #""aA""#], declarations: "typealias Route = String")
        #expect(Self.errors(report) == ["Cleanse/DuplicateDictionaryKey"])
        #expect(report.diagnostics.first?.message.contains(#""aA""#) == true)
    }

    /// Keys in any base are the integers they denote; a module that changes the integer
    /// literal's default type leaves them unread.
    @Test func integerKeysAreTheirValuesUnlessTheLiteralTypeChanges() {
        let read = Self.analyze(keys: ["0x2A", "42", "0b101010"], declarations: "typealias Route = Int")
        #expect(Self.errors(read) == ["Cleanse/DuplicateDictionaryKey"])
        let changed = Self.analyze(keys: ["0x2A", "42"], declarations: "typealias Route = Int32\ntypealias IntegerLiteralType = Int32")
        #expect(Self.errors(changed).isEmpty)
        #expect(changed.opaque.count == 2)
    }
}
