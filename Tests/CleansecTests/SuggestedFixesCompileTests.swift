import CleanseGraph
import CleansecCore
import Foundation
import TestToolchain
import Testing

/// One mistake whose diagnostic suggests code: the app that makes it, the diagnostic, and
/// where in the fix line the code starts and ends.
struct SuggestedFix: CustomTestStringConvertible, Sendable {
    /// Where the suggested code goes to be compiled.
    enum Context: Sendable {
        /// A statement in a module's `configure(binder:)`.
        case configure
        /// A statement in `configureRoot(binder:)` of a component whose root is the type.
        case configureRoot(String)
        /// A type, as a type alias.
        case type
        /// A declaration at file level.
        case declaration
        /// A declaration inside an extension of the type.
        case member(String)
        /// An expression in an asynchronous function given `factory`, the root component's
        /// factory, and its `seed`.
        case building(String)
    }

    /// The code a fix line holds: from `start` through `end`, compiled in `context`.
    struct Code: Sendable {
        let start: String
        let end: String
        let context: Context
    }

    let name: String
    let id: DiagnosticID
    /// The app with the mistake (Swift 6 mode), which compiles.
    let app: String
    let code: [Code]

    var testDescription: String { name }
}

/// Every diagnostic that suggests code suggests code that compiles: cleansec reads each app
/// (the runtime prints the same text: FixtureParityTests), the code is cut out of the fix
/// line, its placeholders (`…`) filled, and the app with that code added is type-checked by
/// swiftc against the built modules.
@Suite("Suggested fixes compile", .enabled(if: FullSuite.isOn && CompilerProbe.builtModulesAreBeside, "\(FullSuite.skipReason)"))
struct SuggestedFixesCompileTests {
    static let coffee = """
        import Cleanse
        final class Grinder {}
        final class Brewer { init(grinder: Grinder) {} }

        """

    /// A root component `Shop` of `root`, whose `configure` runs `configure`.
    static func shop(root: String, scope: String = "Singleton", configure: String = "", configureRoot: String? = nil) -> String {
        """
        struct Shop: RootComponent {
            typealias Root = \(root)
            static func configure(binder: Binder<\(scope)>) {
                \(configure)
            }
            static func configureRoot(binder bind: ReceiptBinder<\(root)>) -> BindingReceipt<\(root)> {
                \(configureRoot ?? "bind.to(factory: \(root).init)")
            }
        }
        """
    }

    static let cases: [SuggestedFix] = [
        SuggestedFix(
            name: "a missing type", id: .missingBinding,
            app: coffee + shop(root: "Brewer"),
            code: [.init(start: "binder.bind(", end: "…)", context: .configure)]
        ),
        SuggestedFix(
            name: "a missing nested type", id: .missingBinding,
            app: """
                import Cleanse
                enum Kitchen { final class Grinder {} }
                final class Brewer { init(grinder: Kitchen.Grinder) {} }

                """ + shop(root: "Brewer"),
            code: [.init(start: "binder.bind(", end: "…)", context: .configure)]
        ),
        SuggestedFix(
            name: "a missing protocol whose implementation is bound", id: .missingBinding,
            app: """
                import Cleanse
                protocol Heater: AnyObject {}
                final class ElectricHeater: Heater {}
                final class Brewer { init(heater: any Heater) {} }

                """ + shop(root: "Brewer", configure: "binder.bind(ElectricHeater.self).to(factory: ElectricHeater.init)"),
            code: [.init(start: "binder.bind(", end: "in implementation }", context: .configure)]
        ),
        SuggestedFix(
            name: "a missing tagged value", id: .missingBinding,
            app: """
                import Cleanse
                struct Origin: Tag { typealias Element = String }
                final class Client { init(origin: TaggedProvider<Origin>) {} }

                """ + shop(root: "Client"),
            code: [.init(start: "binder.bind(", end: "…)", context: .configure)]
        ),
        SuggestedFix(
            name: "a missing closure", id: .missingBinding,
            app: """
                import Cleanse
                final class Button { init(onTap: @escaping (String) -> Void) {} }

                """ + shop(root: "Button"),
            code: [.init(start: "binder.bind(", end: "…)", context: .configure)]
        ),
        SuggestedFix(
            name: "a missing subcomponent factory", id: .missingBinding,
            app: """
                import Cleanse
                struct Visit: Scope {}
                final class Order {}
                struct VisitComponent: Cleanse.Component {
                    typealias Root = Order
                    static func configure(binder: Binder<Visit>) {}
                    static func configureRoot(binder bind: ReceiptBinder<Order>) -> BindingReceipt<Order> { bind.to(factory: Order.init) }
                }
                final class Counter { init(visits: ComponentFactory<VisitComponent>) {} }

                """ + shop(root: "Counter"),
            code: [.init(start: "binder.install(", end: ".self)", context: .configure)]
        ),
        SuggestedFix(
            name: "a missing property injector", id: .missingBinding,
            app: coffee + """
                final class Screen {
                    var grinder: Grinder?
                    func injectProperties(_ grinder: Grinder) { self.grinder = grinder }
                }
                final class Router { init(screens: PropertyInjector<Screen>) {} }

                """ + shop(root: "Router", configure: "binder.bind(Grinder.self).to(factory: Grinder.init)"),
            code: [.init(start: "binder.bindPropertyInjectionOf(", end: ".injectProperties)", context: .configure)]
        ),
        SuggestedFix(
            name: "a root made asynchronously, built synchronously", id: .asyncBuildRequired,
            app: coffee + """
                func launch() throws -> Grinder {
                    try ComponentFactory.of(Shop.self).build(())
                }

                """ + shop(root: "Grinder", configureRoot: "bind.to { () async -> Grinder in Grinder() }"),
            code: [.init(start: "try await factory.buildAsync(", end: ")", context: .building("Shop"))]
        ),
        SuggestedFix(
            name: "a property injector nothing requests", id: .unrequestedPropertyInjector,
            app: coffee + """
                final class Screen {
                    var grinder: Grinder?
                    func injectProperties(_ grinder: Grinder) { self.grinder = grinder }
                }

                """ + shop(
                    root: "Grinder",
                    configure: "binder.bindPropertyInjectionOf(Screen.self).to(injector: Screen.injectProperties)",
                    configureRoot: "bind.to(factory: Grinder.init)"
                ),
            code: [.init(start: "PropertyInjector<", end: ">", context: .type)]
        ),
        SuggestedFix(
            name: "a cycle", id: .dependencyCycle,
            app: """
                import Cleanse
                final class Chicken { init(egg: Egg) {} }
                final class Egg { init(chicken: Chicken) {} }

                """ + shop(root: "Chicken", configure: "binder.bind(Egg.self).to(factory: Egg.init)"),
            code: [.init(start: "Provider<", end: ">", context: .type)]
        ),
        SuggestedFix(
            name: "a cycle through a protocol", id: .dependencyCycle,
            app: """
                import Cleanse
                protocol Engine: AnyObject {}
                final class V8: Engine { init(car: Car) {} }
                final class Car { init(engine: any Engine) {} }

                """ + shop(root: "Car", configureRoot: "bind.to(factory: Car.init)").replacingOccurrences(
                    of: "static func configure(binder: Binder<Singleton>) {", with: "static func configure(binder: Binder<Singleton>) {\n        binder.bind((any Engine).self).to(factory: V8.init)"
                ),
            code: [.init(start: "Provider<", end: ">", context: .type)]
        ),
        SuggestedFix(
            name: "an asynchronous protocol requested synchronously", id: .asyncRequestedSynchronously,
            app: """
                import Cleanse
                protocol Heater: AnyObject {}
                final class ElectricHeater: Heater {}
                final class Brewer { init(heater: any Heater) {} }

                """ + shop(root: "Brewer", configure: "binder.bind((any Heater).self).to { () async -> any Heater in ElectricHeater() }"),
            code: [.init(start: "AsyncProvider<", end: ">", context: .type)]
        ),
        SuggestedFix(
            name: "a root bound twice", id: .duplicateBinding,
            app: coffee + shop(root: "Grinder", configure: "binder.bind(Grinder.self).to(factory: Grinder.init)"),
            code: [.init(start: "bind.to {", end: "in root }", context: .configureRoot("Grinder"))]
        ),
        SuggestedFix(
            name: "a shared binding in a component without its scope", id: .invalidScope,
            app: coffee + """
                struct GrinderModule: Module {
                    static func configure(binder: Binder<Singleton>) {
                        binder.bind(Grinder.self).sharedInScope().to(factory: Grinder.init)
                    }
                }

                """ + shop(root: "Brewer", scope: "Unscoped", configure: "binder.include(module: GrinderModule.self)"),
            code: [
                .init(start: "configure(binder: Binder<", end: ">)", context: .declaration),
                .init(start: "include(module: ", end: ".self)", context: .configure),
            ]
        ),
        SuggestedFix(
            name: "a subcomponent in its parent's scope", id: .invalidScopeNesting,
            app: """
                import Cleanse
                final class Order {}
                enum Checkout {
                    struct VisitComponent: Cleanse.Component {
                        typealias Root = Order
                        static func configure(binder: Binder<Singleton>) {}
                        static func configureRoot(binder bind: ReceiptBinder<Order>) -> BindingReceipt<Order> { bind.to(factory: Order.init) }
                    }
                }
                final class Counter { init(visits: ComponentFactory<Checkout.VisitComponent>) {} }

                """ + shop(root: "Counter", configure: "binder.install(dependency: Checkout.VisitComponent.self)"),
            code: [.init(start: "struct ", end: "Scope {}", context: .declaration)]
        ),
        SuggestedFix(
            name: "a provider bound as a type", id: .boundWrapperType,
            app: coffee + shop(root: "Brewer", configure: "binder.bind(Provider<Grinder>.self).to { Provider(getter: { Grinder() }) }"),
            code: [.init(start: "binder.bind(", end: "…)", context: .configure)]
        ),
        SuggestedFix(
            name: "an asynchronous binding requested synchronously", id: .asyncRequestedSynchronously,
            app: coffee + shop(root: "Brewer", configure: "binder.bind(Grinder.self).to { () async -> Grinder in Grinder() }"),
            code: [.init(start: "AsyncProvider<", end: ">", context: .type)]
        ),
        SuggestedFix(
            name: "a main-actor view model requested by a nonisolated coordinator", id: .asyncRequestedSynchronously,
            app: """
                import Cleanse
                @MainActor final class HomeViewModel { init() {} }
                final class HomeCoordinator { init(model: HomeViewModel) {} }

                """ + shop(root: "HomeCoordinator", configure: "binder.bind(HomeViewModel.self).to(factory: HomeViewModel.init)"),
            code: [
                .init(start: "MainActorProvider<", end: ">", context: .type),
                .init(start: "AsyncProvider<", end: ">", context: .type),
            ]
        ),
        SuggestedFix(
            name: "a class with @Injected properties made under its protocol", id: .notInjected,
            app: """
                import Cleanse
                protocol Analytics: AnyObject {}
                final class AnalyticsSession {}
                final class VendorAnalytics: Analytics, PropertyInjectable {
                    @Injected var session: AnalyticsSession
                    static var injectedProperties: [InjectedProperty] { [.property(\\VendorAnalytics._session, named: "session")] }
                }

                """ + shop(
                    root: "any Analytics",
                    configure: "binder.bind(AnalyticsSession.self).to(factory: AnalyticsSession.init)",
                    configureRoot: "bind.to(factory: VendorAnalytics.init)"
                ),
            code: [
                .init(start: "binder.bind(VendorAnalytics", end: "VendorAnalytics.init)", context: .configure),
                .init(start: "bind.to {", end: "in object }", context: .configureRoot("any Analytics")),
            ]
        ),
        SuggestedFix(
            name: "launch tasks with @Injected properties contributed under their protocol", id: .notInjected,
            app: """
                import Cleanse
                protocol LaunchTask: AnyObject {}
                final class ImageCache {}
                final class WarmImages: LaunchTask, PropertyInjectable {
                    @Injected var cache: ImageCache
                    static var injectedProperties: [InjectedProperty] { [.property(\\WarmImages._cache, named: "cache")] }
                }

                """ + shop(
                    root: "[any LaunchTask]",
                    configure: """
                        binder.bind(ImageCache.self).to(factory: ImageCache.init)
                                binder.bind((any LaunchTask).self).intoCollection().sharedInScope().to(factory: WarmImages.init)
                        """,
                    configureRoot: "bind.to { (tasks: [any LaunchTask]) in tasks }"
                ),
            code: [
                .init(start: "binder.bind(WarmImages", end: "WarmImages.init)", context: .configure),
                .init(start: "binder.bind((any LaunchTask)", end: "in object }", context: .configure),
            ]
        ),
        SuggestedFix(
            name: "an assisted argument outside an assisted factory", id: .assistedOutsideFactory,
            app: """
                import Cleanse
                final class Page { init(number: Assisted<Int>) {} }

                """ + shop(root: "Page"),
            code: [
                .init(start: "struct AssistedFactory", end: "typealias Element = Page }", context: .member("Page")),
                .init(start: "binder.bindFactory(", end: "…)", context: .configure),
                .init(start: "Factory<", end: "AssistedFactory>", context: .type),
            ]
        ),
        SuggestedFix(
            name: "an override of a key the tree binds under another tag", id: .unusedOverride,
            app: coffee + """
                struct Spare: Tag { typealias Element = Grinder }
                struct FakeGrinderModule: Module {
                    static func configure(binder: Binder<Unscoped>) {
                        binder.bind(Grinder.self).tagged(with: Spare.self).to(factory: Grinder.init)
                    }
                }
                func testWithFakes() throws {
                    _ = try ComponentFactory.of(Shop.self, overrides: FakeGrinderModule.self)
                }

                """ + shop(root: "Brewer", configure: "binder.bind(Grinder.self).to(factory: Grinder.init)"),
            code: [.init(start: "binder.bind(", end: ".to(…)", context: .configure)]
        ),
    ]

    @Test("the code a diagnostic suggests compiles", arguments: cases)
    func theSuggestedCodeCompiles(_ fix: SuggestedFix) throws {
        // The app itself compiles: the mistake is in its graph, not its Swift.
        // With `ExistentialAny`, as the fixes promise (Diagnostics.md): a protocol is `any P`.
        let flags = ["-enable-upcoming-feature", "ExistentialAny"]
        let plain = try CompilerProbe(loadsMacros: false).typecheck(fix.app, flags: flags)
        #expect(!plain.output.contains("error:") && !plain.output.contains("#ExistentialAny"), "the app does not compile: \(plain.output)")
        let report = analyzeApp(fix.app)
        let diagnostic = try #require(report.diagnostics.first { $0.id == fix.id }, "no \(fix.id): \(report.diagnostics.map(\.message))")
        let fixLine = try #require(diagnostic.message.split(separator: "\n").first { $0.contains("To fix:") }.map(String.init), "\(diagnostic.message)")
        var additions: [String] = []
        for (index, code) in fix.code.enumerated() {
            let written = try #require(Self.cut(fixLine, from: code.start, through: code.end), "no code from '\(code.start)' to '\(code.end)' in: \(fixLine)")
            additions.append(Self.compiled(Self.filled(written), in: code.context, number: index))
        }
        let fixed = fix.app + "\n" + additions.joined(separator: "\n")
        let output = try CompilerProbe(loadsMacros: false).typecheck(fixed, flags: flags).output
        #expect(!output.contains("error:") && !output.contains("#ExistentialAny"), "the suggested code does not compile:\n\(additions.joined(separator: "\n"))\n\(output)")
    }

    /// cleansec's own note for a protocol nothing binds names the `@Injectable` types that
    /// conform, at their declarations, with a line that binds the protocol and compiles.
    @Test func aMissingProtocolNamesItsInjectableImplementations() throws {
        let app = """
            import Cleanse
            import CleanseMacros
            protocol Analytics: AnyObject {}
            @Injectable
            final class LiveAnalytics: Analytics {
                init() {}
            }
            @Injectable
            final class Checkout {
                init(analytics: any Analytics) {}
            }
            struct Shop: RootComponent {
                typealias Root = Checkout
                static func configure(binder: Binder<Singleton>) {}
                static func configureRoot(binder bind: ReceiptBinder<Checkout>) -> BindingReceipt<Checkout> {
                    bind.to { (checkout: Checkout) in checkout }
                }
            }
            """
        let report = analyzeApp(app)
        let missing = try #require(report.diagnostics.first { $0.id == .missingBinding }, "\(report.diagnostics.map(\.message))")
        let note = try #require(missing.notes.first { $0.message.hasPrefix("'LiveAnalytics' is @Injectable and conforms to 'Analytics'") }, "\(missing.notes)")
        #expect(note.position?.line == 4)
        let line = try #require(Self.cut(note.message, from: "binder.bind(", through: "in implementation }"))
        let fixed = app + "\n" + Self.compiled(line, in: .configure, number: 0)
        let output = try CompilerProbe(loadsMacros: true).typecheck(fixed, flags: ["-enable-upcoming-feature", "ExistentialAny"]).output
        #expect(!output.contains("error:") && !output.contains("#ExistentialAny"), "\(output)")
    }

    /// An `@Injectable` type whose initializer takes an assisted argument: the fix declares
    /// the assisted factory and binds it (its factory the user's), code that compiles.
    @Test func anAssistedArgumentOfAConstructedTypeGetsAFactoryLineThatCompiles() throws {
        let app = """
            import Cleanse
            import CleanseMacros
            final class DraftStore {}
            @Injectable
            final class DraftScreen {
                init(draftID: Assisted<Int>, store: DraftStore) {}
            }
            struct Shop: RootComponent {
                typealias Root = DraftScreen
                static func configure(binder: Binder<Singleton>) {
                    binder.bind(DraftStore.self).to(factory: DraftStore.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<DraftScreen>) -> BindingReceipt<DraftScreen> {
                    bind.to { (screen: DraftScreen) in screen }
                }
            }
            """
        let report = analyzeApp(app)
        let diagnostic = try #require(report.diagnostics.first { $0.id == .assistedOutsideFactory }, "\(report.diagnostics.map(\.message))")
        let fixLine = try #require(diagnostic.message.split(separator: "\n").first { $0.contains("To fix:") }.map(String.init))
        let declaration = try #require(Self.cut(fixLine, from: "struct AssistedFactory", through: "typealias Element = DraftScreen }"))
        let binding = try #require(Self.cut(fixLine, from: "binder.bindFactory(", through: "…)"))
        let fixed = app + "\n" + Self.compiled(declaration, in: .member("DraftScreen"), number: 0) + "\n" + Self.compiled(Self.filled(binding), in: .configure, number: 1)
        let output = try CompilerProbe(loadsMacros: true).typecheck(fixed, flags: ["-enable-upcoming-feature", "ExistentialAny"]).output
        #expect(!output.contains("error:") && !output.contains("#ExistentialAny"), "\(output)")
    }

    /// `line` from the first `start` through the first `end` after it.
    static func cut(_ line: String, from start: String, through end: String) -> String? {
        guard let lower = line.range(of: start)?.lowerBound,
              let upper = line.range(of: end, range: line.index(lower, offsetBy: start.count)..<line.endIndex)?.upperBound
        else { return nil }
        return String(line[lower..<upper])
    }

    /// `code` with its placeholders written as code that type-checks (and never runs); a
    /// provider is of the type `bind(T.self)` names.
    static func filled(_ code: String) -> String {
        let bound = cut(code, from: "bind(", through: ".self)").map { String($0.dropFirst("bind(".count).dropLast(".self)".count)) } ?? "Never"
        return code.replacingOccurrences(of: "to(factory: …)", with: "to(factory: { fatalError() })")
            .replacingOccurrences(of: "to(provider: …)", with: "to(provider: Provider(getter: { () -> \(bound) in fatalError() }))")
            .replacingOccurrences(of: ".to(…)", with: ".to { fatalError() }")
    }

    /// `code` placed where it compiles as what it is.
    static func compiled(_ code: String, in context: SuggestedFix.Context, number: Int) -> String {
        switch context {
        case .configure:
            // `include(module:)` is named without its binder in prose.
            let statement = code.hasPrefix("include(") ? "binder." + code : code
            return "func suggested\(number)(binder: Binder<Singleton>) {\n    _ = \(statement)\n}"
        case .configureRoot(let root):
            return "func suggested\(number)(bind: ReceiptBinder<\(root)>) -> BindingReceipt<\(root)> {\n    \(code)\n}"
        case .type:
            return "typealias Suggested\(number) = \(code)"
        case .declaration:
            return code.hasPrefix("configure(") ? "func \(code) {}" : code
        case .member(let type):
            return "extension \(type) {\n    \(code)\n}"
        case .building(let component):
            return "func suggested\(number)(factory: ComponentFactory<\(component)>, seed: \(component).Seed) async throws {\n    _ = \(code)\n}"
        }
    }
}
