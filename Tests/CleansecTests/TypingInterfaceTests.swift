import CleansecCore
import Foundation
import Testing

/// The typing interface: each answer names the rule that proved it, an expression no rule
/// proves is unread with a reason, and the documentation lists the rules the code asks.
@Suite struct TypingInterfaceTests {
    static func types(_ text: String) -> [String: String] {
        let file = SourceFile(path: "Sources/App/Values.swift", moduleName: "App", text: text)
        var found: [String: String] = [:]
        for value in Analyzer(files: [file], conditions: .unknown).topLevelValueTypes() {
            found[value.name] = value.type.map { "\($0) (\(value.ruleOrReason))" } ?? "unread"
        }
        return found
    }

    @Test func eachTypeComesWithTheRuleThatProvedIt() {
        let found = Self.types("""
            struct Store { static func open() throws -> Store { Store() }; static func cached() throws -> Store? { nil } }
            struct Registry<Entry> { static func empty() -> Registry<Entry> { Registry() } }
            enum Plugin { case sync, backup }
            let optional = try? Store.open()
            let flattened = try? Store.cached()
            let specialised = Registry<Plugin>.empty()
            let plugins = [Plugin.sync, Plugin.backup]
            let rates = ["eu": 1.5]
            let endpoint = (host: "example", port: 8080)
            let negative = -3
            let narrowed = 3 as? Int
            """)
        #expect(found["optional"] == "Optional<Store> (optionalTry)")
        #expect(found["flattened"] == "Optional<Store> (optionalTry)")
        #expect(found["specialised"] == "Registry<Plugin> (staticFunctionCall)")
        #expect(found["plugins"] == "Array<Plugin> (arrayLiteral)")
        #expect(found["rates"] == "Dictionary<String, Double> (dictionaryLiteral)")
        #expect(found["endpoint"] == "(host: String, port: Int) (tupleLiteral)")
        #expect(found["negative"] == "Int (negatedLiteral)")
        #expect(found["narrowed"] == "Optional<Int> (coercion)")
    }

    /// The forms the compiler types from what the rules do not read stay unread: inferred
    /// generic arguments, mixed literals, operators, closures, and names cleansec cannot see.
    @Test func whatNoRuleProvesIsUnread() {
        let found = Self.types("""
            struct Registry<Entry> { static func empty() -> Registry<Entry> { Registry() } }
            func threadID() -> pthread_t { pthread_self() }
            let inferred = Registry.empty()
            let mixed = [1, 2.5]
            let sum = 1 + 2
            let closure = { 1 }
            let hidden = threadID()
            let empty = nil as Int?
            """)
        for name in ["inferred", "mixed", "sum", "closure", "hidden"] {
            #expect(found[name] == "unread", "\(name): \(found[name] ?? "-")")
        }
        #expect(found["empty"] == "Optional<Int> (coercion)")
    }

    /// Guesses the typing campaign found in packages not written here, each now unread: a
    /// case with associated values named without a call (a function, `ConfigContent.int`), a
    /// generic type without its arguments after `as`, a literal given to a type's
    /// initializer (coerced when the type is expressible by it, as swift-syntax's nodes are),
    /// and a failable initializer beside a protocol's non-failable one.
    @Test func theCampaignsFindingsAreUnread() {
        let found = Self.types("""
            enum ConfigContent { case int(Int), missing }
            struct Node { init?(_ text: String) { nil } }
            protocol Named { init(name: String) }
            extension Named { init(_ text: String) { self.init(name: text) } }
            struct Label: Named { init(name: String) {}; init?(_ number: Int) { nil } }
            let text = "x"
            let constructor = ConfigContent.int
            let plain = ConfigContent.missing
            let slice = [1, 2] as ArraySlice
            let typedSlice = [1, 2] as ArraySlice<Int>
            let literal = Node("a")
            let failable = Node(text)
            let overloaded = Label(text)
            """)
        for name in ["constructor", "slice", "literal", "overloaded"] {
            #expect(found[name] == "unread", "\(name): \(found[name] ?? "-")")
        }
        #expect(found["plain"] == "ConfigContent (staticMember)")
        #expect(found["typedSlice"] == "ArraySlice<Int> (coercion)")
        #expect(found["failable"] == "Optional<Node> (initializerCall)")
    }

    /// Forms a review found the rules guessed on: an instance method named on its type (a
    /// function value), a trailing closure choosing among overloads, a top-level function a
    /// type's own function hides, a negative literal given to an initializer, a type nested
    /// in a constrained extension of a generic one; and an app's own `Task` is its own.
    @Test func overloadsAndShadowsTheRulesCannotTellAreUnread() {
        let found = Self.types("""
            struct Formatter {
                func format(_ value: Int) -> String { "" }
                static func make() -> Formatter { Formatter() }
                static func make(_ build: () -> Void) -> Int { 0 }
            }
            struct Port { init?(_ value: Int) { nil } }
            struct Task { static let current = Task() }
            extension ArraySlice where Element == UInt8 { enum Length { case short } }
            let method = Formatter.format
            let called = Formatter.make()
            let trailing = Formatter.make { }
            let negative = Port(-1)
            let nested = ArraySlice.Length.short
            let own = Task.current
            """)
        for name in ["method", "trailing", "negative", "nested"] {
            #expect(found[name] == "unread", "\(name): \(found[name] ?? "-")")
        }
        #expect(found["called"] == "Formatter (staticFunctionCall)")
        #expect(found["own"] == "Task (staticMember)")
    }

    /// A class whose superclass cleansec cannot see inherits that class's initializers, not
    /// an implicit `init()`: its construction is unread, as a call and as a factory.
    @Test func aClassOfAnUnseenSuperclassHasNoImplicitInitializer() {
        let found = Self.types("""
            final class SettingsScreen: UIViewController {}
            final class Clock: Sendable {}
            let screen = SettingsScreen()
            let clock = Clock()
            """)
        #expect(found["screen"] == "unread")
        #expect(found["clock"] == "Clock (initializerCall)")
        let file = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import Cleanse
            final class SettingsScreen: UIViewController {}
            struct App: RootComponent {
                typealias Root = SettingsScreen
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<SettingsScreen>) -> BindingReceipt<SettingsScreen> {
                    bind.to(factory: SettingsScreen.init)
                }
            }
            """)
        let report = Analyzer(files: [file]).analyze()
        #expect(report.opaque.map(\.position.line) == [7], "\(report.opaque.map(\.reason))")
    }

    /// The superclass is the first type of the class's own inheritance clause: an
    /// extension's conformance, in a file read first, is not it.
    @Test func anExtensionsConformanceIsNoSuperclass() {
        let files = [
            SourceFile(path: "Sources/App/Screen+Description.swift", moduleName: "App", text: "extension SettingsScreen: CustomStringConvertible { var description: String { \"\" } }\nlet screen = SettingsScreen()\nlet model = Model()"),
            SourceFile(path: "Sources/App/Screen.swift", moduleName: "App", text: "final class SettingsScreen: UIViewController {}\nfinal class Model: ObservableObject {}"),
        ]
        let found = Dictionary(uniqueKeysWithValues: Analyzer(files: files).topLevelValueTypes().map { ($0.name, $0.type ?? "unread") })
        #expect(found["screen"] == "unread")
        #expect(found["model"] == "Model")
    }

    /// A module that redefines a literal's default type leaves literals unread.
    @Test func aModulesLiteralTypealiasLeavesLiteralsUnread() {
        let found = Self.types("""
            typealias IntegerLiteralType = Int32
            let count = 3
            let name = "a"
            """)
        #expect(found["count"] == "unread")
        #expect(found["name"] == "String (literal)")
    }

    /// An untyped `bind()` the rules cannot type gets a note saying why, and the line that
    /// makes it readable.
    @Test func anUnreadBindingsNoteSaysWhyAndHowToFixIt() {
        let file = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import Cleanse
            struct Registry<Entry> { static func empty() -> Registry<Entry> { Registry() } }
            final class Home { init() {} }
            struct App: RootComponent {
                typealias Root = Home
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind().to { Registry.empty() }
                    binder.bind().to(value: 1 + 2)
                }
                static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> { bind.to(factory: Home.init) }
            }
            """)
        let reasons = Analyzer(files: [file]).analyze().opaque.map { "\($0.position.line) \($0.reason)" }
        #expect(reasons == [
            "7 bind() whose type the analyzer cannot name: 'Registry.empty()': 'Registry<Entry>' has a generic parameter or a type cleansec cannot name; write bind(T.self) with the type it makes",
            "8 bind() whose type the analyzer cannot name: '1 + 2': an operator's result is chosen by overload resolution; write bind(T.self) with the type it makes",
        ])
    }

    /// DocC's BuildTimeValidation lists the rules (expressions', keys', closure parameters', implicit initializers'), in the order the typer asks them.
    @Test func theDocumentationListsTheRulesTheTyperAsks() throws {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Cleanse/Documentation.docc/BuildTimeValidation.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let documented = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        }
        #expect(documented == TypingRule.names + DictionaryKeyRule.names + ClosureParameterRule.names + ImplicitInitializerRule.names)
    }
}
