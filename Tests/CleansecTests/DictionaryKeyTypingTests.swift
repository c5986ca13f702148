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

    /// A static property holding a case prints as the case, not as its own name: keying it by
    /// its name missed the duplicate the runtime reports. It is unread, with the reason.
    @Test func aStaticPropertyHoldingACaseIsUnreadNotAnotherKey() {
        let report = Self.analyze(keys: ["Route.home", "Route.start"], declarations: """
            enum Route: Hashable, Sendable {
                case home, cart
                static let start = Route.home
            }
            """)
        #expect(Self.errors(report).isEmpty)
        #expect(report.opaque.map(\.reason).contains { $0.contains("'Route.start' is not a case without associated values") })
    }

    /// An enum that may print a description of its own, or whose name prints with its file's
    /// context, is unread: its printed keys are not `Module.Enum.case`.
    @Test func anEnumThatMayPrintOtherwiseIsUnread() {
        for declaration in [
            "enum Route: String, CodingKey, Sendable { case home, cart }",
            "enum Route: Hashable, Sendable, CustomStringConvertible { case home, cart; var description: String { \"r\" } }",
            "private enum Route: Hashable, Sendable { case home, cart }",
            "enum Route: Hashable, Sendable { case home, cart }\nprotocol Hashable: CustomStringConvertible {}",
        ] {
            let report = Self.analyze(keys: ["Route.home", "Route.cart"], declarations: declaration)
            #expect(report.opaque.count == 2, "\(declaration)")
            #expect(Self.errors(report).isEmpty, "\(declaration)")
        }
    }

    /// A string key with an escape prints its value, not its source (`"a\u{41}"` is `"aA"`):
    /// it is unread, where reading the source missed the duplicate.
    @Test func aStringKeyWithAnEscapeIsUnread() {
        let report = Self.analyze(keys: [#""a\u{41}""#, #""aA""#], declarations: "typealias Route = String")
        #expect(Self.errors(report).isEmpty)
        #expect(report.opaque.count == 1)
        #expect(report.opaque.first?.reason.contains("'\"a\\u{41}\"'") == true)
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
