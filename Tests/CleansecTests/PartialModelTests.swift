import CleansecCore
import struct CleanseGraph.DiagnosticID
import Foundation
import TestToolchain
import Testing

/// A target's graphs are validated against the partial models of the targets it depends on
/// exactly as against their sources, and the models are deterministic and kept current.
@Suite struct PartialModelTests {
    static let fixtures = try! SourceCollection.files(at: [FixtureParityTests.fixtureFolder])

    /// What a report says, in a form that compares whole.
    static func summary(_ report: AnalysisReport) -> [String] {
        report.diagnostics.map { "\($0.id.rawValue) \($0.position?.description ?? "-") \($0.message) \($0.notes.map(\.message))" }
            + report.opaque.map { "opaque \($0.position) \($0.reason)" }
            + ["read \(report.bindingsRead)", report.coverage, report.graph(format: .json)]
    }

    /// Records each line where two summaries differ, so that a failure says what differs.
    static func expectSame(_ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (left, right) in zip(actual, expected) where left != right {
            Issue.record("from the model: \(left)\nfrom the sources: \(right)", sourceLocation: sourceLocation)
        }
    }

    /// `app` analysed as the build plugin reads it, each of `dependencies` (in order, each
    /// with the models of those before it) through its round-tripped partial model; the same
    /// summary is expected from all the sources at once. Returns the report from the models.
    static func readThroughModels(_ app: SourceFile, dependencies: [SourceFile], sourceLocation: SourceLocation = #_sourceLocation) throws -> AnalysisReport {
        var models: [PartialModel] = []
        for dependency in dependencies {
            models.append(try roundTripped(PartialModel(files: [dependency], models: models, moduleName: dependency.moduleName)))
        }
        let fromModels = Analyzer(files: [app], models: models).analyze()
        let fromSources = Analyzer(files: [app], contextFiles: dependencies).analyze()
        expectSame(summary(fromModels), summary(fromSources), sourceLocation: sourceLocation)
        return fromModels
    }

    /// The model as a dependent target reads it: encoded to JSON and decoded again.
    static func roundTripped(_ model: PartialModel) throws -> PartialModel {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cleansec-model-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("model.json").path
        try ModelCache.write(model, to: path)
        return try ModelCache.read(path)
    }

    /// The fixtures read against the model of the others. `MissingAcrossFiles.swift` is left
    /// out: the modules in the other file use its types, which a target it depended on could
    /// not do. The quick loop reads the files whose graphs lean most on other files (about a
    /// second each in a debug build); the full suite reads them all.
    static let filesAgainstModels = FullSuite.sample(
        fixtures.filter { !$0.path.contains("/Random/") || $0.path.hasSuffix("0.swift") }.map(\.path).filter { !$0.hasSuffix("/MissingAcrossFiles.swift") },
        quick: { path in
            ["ConstructedServices", "FeatureModules", "GenericShop", "HelperWiring", "DebugFakes", "MissingAcrossFilesModules"]
                .contains { path.hasSuffix("/\($0).swift") }
        }
    )

    @Test(arguments: filesAgainstModels)
    func aFileAgainstTheModelOfTheOthersReportsWhatItReportsAgainstTheirSources(path: String) throws {
        let file = try #require(Self.fixtures.first { $0.path == path })
        let others = Self.fixtures.filter { $0.path != path }
        let fromSources = Analyzer(files: [file], contextFiles: others).analyze()
        let model = try Self.roundTripped(PartialModel(files: others, moduleName: "CleansecFixtures"))
        let fromModel = Analyzer(files: [file], models: [model]).analyze()
        Self.expectSame(Self.summary(fromModel), Self.summary(fromSources))
    }

    static let kit = SourceFile(path: "Sources/Kit/Kit.swift", moduleName: "Kit", text: """
        import Cleanse

        public protocol KitModule: Module {}
        public struct Clock { public let zone: String }
        public enum Detail {
            public struct Store { public init(clock: Clock, name: Name) {} }
            public typealias Name = String
        }
        @MainActor public final class Screen { public init(store: Detail.Store) {} }
        public struct ClockModule: KitModule {
            public static func configure(binder: UnscopedBinder) {
                binder.bind(Clock.self).to(factory: Clock.init)
                binder.bind(Detail.Store.self).to(factory: Detail.Store.init)
            }
        }
        public struct Session { public init() {} }
        public struct SessionComponent: Component {
            public typealias Root = Session
            public typealias Seed = Detail.Name
            public static func configure(binder: UnscopedBinder) {}
            public static func configureRoot(binder bind: ReceiptBinder<Session>) -> BindingReceipt<Session> {
                bind.to(factory: Session.init)
            }
        }
        """)

    static let app = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
        import Cleanse
        import Kit

        struct AppComponent: RootComponent {
            typealias Root = Screen
            static func configure(binder: UnscopedBinder) {
                binder.include(module: ClockModule.self)
                binder.install(dependency: SessionComponent.self)
            }
            static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen> {
                bind.to(factory: Screen.init)
            }
        }
        """)

    @Test func aGraphSpanningTwoTargetsIsReadThroughTheModelOfTheFirst() throws {
        let model = try Self.roundTripped(PartialModel(files: [Self.kit], moduleName: "Kit"))
        let report = Analyzer(files: [Self.app], models: [model]).analyze()
        Self.expectSame(Self.summary(report), Self.summary(Analyzer(files: [Self.app], contextFiles: [Self.kit]).analyze()))
        // `Clock`'s memberwise initializer needs the zone, which nothing binds; the request
        // is on the Kit's line, read from the model.
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
        #expect(report.diagnostics.first?.message.contains("missing binding for 'String'") == true)
        #expect(report.diagnostics.first?.position?.path == "Sources/Kit/Kit.swift")
        #expect(report.diagnostics.first?.position?.line == 12)
        #expect(report.opaque.isEmpty)
        #expect(report.bindingsRead == 4)
    }

    /// A vendor-analytics library target binds its class under a protocol in a module the
    /// app includes: the app's build reports the library's line, from the library's model
    /// exactly as from its sources.
    @Test func aProtocolBoundClassWithInjectedPropertiesIsReportedAcrossTargets() throws {
        let vendor = SourceFile(path: "Sources/VendorKit/Analytics.swift", moduleName: "VendorKit", text: """
            import Cleanse
            public protocol Analytics: AnyObject {}
            public final class AnalyticsSession { public init() {} }
            public final class VendorAnalytics: Analytics, PropertyInjectable {
                @Injected var session: AnalyticsSession
                public static var injectedProperties: [InjectedProperty] { [.property(\\VendorAnalytics._session, named: "session")] }
            }
            public struct AnalyticsModule: Module {
                public static func configure(binder: Binder<Singleton>) {
                    binder.bind(AnalyticsSession.self).to(factory: AnalyticsSession.init)
                    binder.bind((any Analytics).self).intoCollection().to(factory: VendorAnalytics.init)
                }
            }
            """)
        let app = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import Cleanse
            import VendorKit
            struct AppComponent: RootComponent {
                typealias Root = [any Analytics]
                static func configure(binder: Binder<Singleton>) {
                    binder.include(module: AnalyticsModule.self)
                }
                static func configureRoot(binder bind: ReceiptBinder<[any Analytics]>) -> BindingReceipt<[any Analytics]> {
                    bind.to { (all: [any Analytics]) in all }
                }
            }
            """)
        let model = try Self.roundTripped(PartialModel(files: [vendor], moduleName: "VendorKit"))
        let report = Analyzer(files: [app], models: [model]).analyze()
        Self.expectSame(Self.summary(report), Self.summary(Analyzer(files: [app], contextFiles: [vendor]).analyze()))
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/NotInjected"])
        #expect(report.diagnostics.first?.message.contains(
            "binder.bind(VendorAnalytics.self).to(factory: VendorAnalytics.init) and binder.bind((any Analytics).self).intoCollection().to { (object: VendorAnalytics) in object }"
        ) == true, "\(report.diagnostics.map(\.message))")
    }

    /// A core target of `@Injectable` services, as a multi-module app writes it: one needs
    /// an HTTP client the app forgets to bind, one is shared in `Singleton`.
    static let core = SourceFile(path: "Sources/Core/Services.swift", moduleName: "Core", text: """
        import Cleanse
        import CleanseMacros

        public final class HTTPClient { public init() {} }
        @Injectable public final class Clock { public init() {} }
        @Injectable(scope: Singleton.self)
        public final class Analytics { public init(client: HTTPClient) {} }
        @Injectable public final class FeedRepository {
            public init(client: HTTPClient, clock: Clock) {}
        }
        """)

    /// The app: its root forgets the client, and a request-scoped root asks for the
    /// singleton analytics.
    static let coreApp = SourceFile(path: "Sources/App/AppComponent.swift", moduleName: "App", text: """
        import Cleanse
        import Core

        struct Timeline { let repository: FeedRepository; let clock: Clock }
        struct AppComponent: RootComponent {
            typealias Root = Timeline
            static func configure(binder: Binder<Singleton>) {}
            static func configureRoot(binder bind: ReceiptBinder<Timeline>) -> BindingReceipt<Timeline> {
                bind.to(factory: Timeline.init)
            }
        }
        struct RequestScope: Scope {}
        struct Request { let analytics: Analytics }
        struct RequestComponent: RootComponent {
            typealias Root = Request
            static func configure(binder: Binder<RequestScope>) {
                binder.bind(HTTPClient.self).to(factory: HTTPClient.init)
            }
            static func configureRoot(binder bind: ReceiptBinder<Request>) -> BindingReceipt<Request> {
                bind.to(factory: Request.init)
            }
        }
        """)

    /// A generic component in the app, `Flow<Spec>` with `typealias Root = Spec.Root`, given a
    /// spec type of another target that declares no `Root`: the spec's `configureRoot` witness
    /// fixes it, and the component calls that function. Read from the core's model as from
    /// its sources: the root's missing dependency at the spec's line (it was unread).
    @Test func aSpecTypesRootFixedByItsWitnessIsReadFromItsTargetsModel() throws {
        let core = SourceFile(path: "Sources/Core/Flows.swift", moduleName: "Core", text: """
            import Cleanse
            public protocol FlowSpec {
                associatedtype Root
                static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root>
            }
            public final class Clock { public init() {} }
            public final class Home { public init(clock: Clock) {} }
            public enum HomeSpec: FlowSpec {
                public static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> {
                    bind.to(factory: Home.init)
                }
            }
            """)
        let app = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import Cleanse
            import Core
            struct Flow<Spec: FlowSpec>: RootComponent {
                typealias Root = Spec.Root
                static func configure(binder: UnscopedBinder) {}
                static func configureRoot(binder bind: ReceiptBinder<Spec.Root>) -> BindingReceipt<Spec.Root> {
                    Spec.configureRoot(binder: bind)
                }
            }
            func start() throws { _ = try ComponentFactory.of(Flow<HomeSpec>.self) }
            """)
        let fromModel = try Self.readThroughModels(app, dependencies: [core])
        #expect(fromModel.opaque.isEmpty, "\(fromModel.opaque.map(\.reason))")
        let found = fromModel.diagnostics.map { "\($0.id.rawValue) \($0.position.map { "\($0.path):\($0.line)" } ?? "-") \($0.message)" }
        #expect(found.count == 1 && found[0].hasPrefix("Cleanse/MissingBinding Sources/Core/Flows.swift:10 ")
            && found[0].contains("missing binding for 'Clock' in component 'Flow<HomeSpec>'"), "\(found)")
    }

    /// The reverse: the generic component and its spec protocol in the core, the spec in the
    /// app. The spec's `Screen` is inferred from its witness of a requirement the app cannot
    /// see in sources, and the component's `typealias Root = Spec.Screen` must be resolved
    /// again for each spec: the model keeps the protocol's requirements and the alias as
    /// written. Read from sources, the root was read; from the model, it was unread.
    @Test func anotherTargetsGenericComponentReadsTheWitnessedRootOfASpecHere() throws {
        let core = SourceFile(path: "Sources/Core/Flow.swift", moduleName: "Core", text: """
            import Cleanse
            public protocol FlowSpec {
                associatedtype Screen
                static func configure(binder: Binder<Unscoped>)
                static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen>
            }
            public struct Flow<Spec: FlowSpec>: RootComponent {
                public typealias Root = Spec.Screen
                public static func configure(binder: Binder<Unscoped>) {
                    Spec.configure(binder: binder)
                }
                public static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
                    Spec.configureRoot(binder: bind)
                }
            }
            """)
        let app = SourceFile(path: "Sources/App/Onboarding.swift", moduleName: "App", text: """
            import Cleanse
            import Core
            final class Pager { init() {} }
            final class OnboardingScreen { init(pages: [String], pager: Pager) {} }
            enum OnboardingSpec: FlowSpec {
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(String.self).intoCollection().to(value: "Welcome")
                }
                static func configureRoot(binder bind: ReceiptBinder<OnboardingScreen>) -> BindingReceipt<OnboardingScreen> {
                    bind.to(factory: OnboardingScreen.init)
                }
            }
            func showOnboarding() throws { _ = try ComponentFactory.of(Flow<OnboardingSpec>.self) }
            """)
        let fromModel = try Self.readThroughModels(app, dependencies: [core])
        #expect(fromModel.opaque.isEmpty, "\(fromModel.opaque.map(\.reason))")
        let found = fromModel.diagnostics.map { "\($0.id.rawValue) \($0.position.map { "\($0.path):\($0.line)" } ?? "-") \($0.message)" }
        #expect(found.count == 1 && found[0].hasPrefix("Cleanse/MissingBinding Sources/App/Onboarding.swift:10 ")
            && found[0].contains("missing binding for 'Pager' in component 'Flow<OnboardingSpec>'"), "\(found)")
    }

    /// A module nested in a generic type of another target (`ListMapper<Element>.Module`),
    /// included once per argument: each is its own module, named with its parent's argument
    /// as the runtime names it, whose bindings see that argument. Unread in both views
    /// before (the parent's arguments were dropped); the missing mapper is now reported.
    @Test func aModuleNestedInAGenericTypeOfAnotherTargetSeesItsParentsArguments() throws {
        let core = SourceFile(path: "Sources/Core/ListMapper.swift", moduleName: "Core", text: """
            import Cleanse
            public final class ListMapper<Element> {
                public init(element: Element) {}
                public struct Module: Cleanse.Module {
                    public static func configure(binder: Binder<Singleton>) {
                        binder.bind(ListMapper<Element>.self).to(factory: ListMapper<Element>.init)
                    }
                }
            }
            """)
        let app = SourceFile(path: "Sources/App/Library.swift", moduleName: "App", text: """
            import Cleanse
            import Core
            final class EpisodeMapper { init() {} }
            final class ShowMapper { init() {} }
            final class LibraryScreen { init(episodes: ListMapper<EpisodeMapper>, shows: ListMapper<ShowMapper>) {} }
            struct LibraryComponent: RootComponent {
                typealias Root = LibraryScreen
                static func configure(binder: Binder<Singleton>) {
                    binder.bind(EpisodeMapper.self).to(factory: EpisodeMapper.init)
                    binder.include(module: ListMapper<EpisodeMapper>.Module.self)
                    binder.include(module: ListMapper<ShowMapper>.Module.self)
                }
                static func configureRoot(binder bind: ReceiptBinder<LibraryScreen>) -> BindingReceipt<LibraryScreen> {
                    bind.to(factory: LibraryScreen.init)
                }
            }
            """)
        let fromModel = try Self.readThroughModels(app, dependencies: [core])
        #expect(fromModel.opaque.isEmpty, "\(fromModel.opaque.map(\.reason))")
        let found = fromModel.diagnostics.map { "\($0.id.rawValue) \($0.position.map { "\($0.path):\($0.line)" } ?? "-") \($0.message)" }
        #expect(found.count == 1 && found[0].hasPrefix("Cleanse/MissingBinding Sources/Core/ListMapper.swift:6 ")
            && found[0].contains("missing binding for 'ShowMapper'") && found[0].contains("required by ListMapper<ShowMapper>"), "\(found)")
        // Two modules, as at run time, each named with its parent's argument.
        let modules = fromModel.validatedRoots.flatMap { $0.moduleInclusions.map(\.module.name) }
        #expect(Set(modules) == ["ListMapper<EpisodeMapper>.Module", "ListMapper<ShowMapper>.Module"], "\(modules)")
    }

    /// A module of another target that includes a module nested in a generic type: the
    /// include is stored in the model's steps as that member type (`ListMapper<Int>.Module`)
    /// and read back whole, so the dependent names and reads it as the sources do.
    @Test func anIncludeOfANestedGenericModuleSurvivesTheModel() throws {
        let core = SourceFile(path: "Sources/Core/Lists.swift", moduleName: "Core", text: """
            import Cleanse
            public final class ListMapper<Element> {
                public struct Options { public init() {} }
                public init(options: Options) {}
                public struct Module: Cleanse.Module {
                    public static func configure(binder: Binder<Singleton>) {
                        binder.bind(ListMapper.self).to(factory: ListMapper.init)
                    }
                }
            }
            public struct ListsModule: Cleanse.Module {
                public static func configure(binder: Binder<Singleton>) {
                    binder.include(module: ListMapper<Int>.Module.self)
                }
            }
            """)
        let app = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import Cleanse
            import Core
            final class Screen { init(numbers: ListMapper<Int>) {} }
            struct AppComponent: RootComponent {
                typealias Root = Screen
                static func configure(binder: Binder<Singleton>) {
                    binder.include(module: ListsModule.self)
                }
                static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen> {
                    bind.to(factory: Screen.init)
                }
            }
            """)
        let fromModel = try Self.readThroughModels(app, dependencies: [core])
        #expect(fromModel.opaque.isEmpty, "\(fromModel.opaque.map(\.reason))")
        let found = fromModel.diagnostics.map(\.message)
        #expect(found.count == 1 && found[0].contains("missing binding for 'ListMapper<Int>.Options'"), "\(found)")
        let modules = fromModel.validatedRoots.flatMap { $0.moduleInclusions.map(\.module.name) }
        #expect(modules.contains("ListMapper<Int>.Module"), "\(modules)")
    }

    /// A preview component that borrows another target's component's wiring by calling its
    /// functions with its own binders (`CartComponent.configure(binder: binder)`,
    /// `CartComponent.configureRoot(binder: bind)`), and forgets the services. From the
    /// model, the root's call was unread, which hid the missing binding the whole program
    /// reports; and a protocol's key lost its `any` in the fix. Found by Tests/AppCorpus.
    @Test func anotherTargetsComponentFunctionsCalledHereAreReadAsFromItsSources() throws {
        let services = SourceFile(path: "Sources/Services/CartService.swift", moduleName: "Services", text: """
            public protocol CartService { func items() -> [String] }
            """)
        let catalog = SourceFile(path: "Sources/Catalog/CartComponent.swift", moduleName: "Catalog", text: """
            import Cleanse
            import Services
            public struct CartScope: Scope {}
            public struct CartID { public init() {} }
            final class CartViewModel { init(cartID: CartID, service: CartService) {} }
            public final class CartViewController { init(viewModel: CartViewModel) {} }
            public struct CartComponent: Cleanse.Component {
                public typealias Root = CartViewController
                public typealias Scope = CartScope
                public typealias Seed = CartID
                public static func configure(binder: Binder<CartScope>) {
                    binder.bind(CartViewModel.self).sharedInScope().to(factory: CartViewModel.init)
                }
                public static func configureRoot(binder bind: ReceiptBinder<CartViewController>) -> BindingReceipt<CartViewController> {
                    bind.to(factory: CartViewController.init)
                }
            }
            """)
        let app = SourceFile(path: "Sources/App/CartPreview.swift", moduleName: "App", text: """
            import Cleanse
            import Catalog
            struct CartPreviewComponent: Cleanse.RootComponent {
                typealias Root = CartViewController
                typealias Scope = CartScope
                typealias Seed = CartID
                static func configure(binder: Binder<CartScope>) {
                    CartComponent.configure(binder: binder)
                }
                static func configureRoot(binder bind: ReceiptBinder<CartViewController>) -> BindingReceipt<CartViewController> {
                    CartComponent.configureRoot(binder: bind)
                }
            }
            """)
        let fromModels = try Self.readThroughModels(app, dependencies: [services, catalog])
        #expect(fromModels.opaque.isEmpty, "\(fromModels.opaque.map(\.reason))")
        let found = fromModels.diagnostics.map(\.message)
        #expect(found.count == 1 && found[0].contains("missing binding for 'CartService' in component 'CartPreviewComponent'")
            && found[0].contains("binder.bind((any CartService).self)"), "\(found)")
    }

    /// Issue 62: a root that requested another target's `@Injectable` type lost every
    /// missing binding of its component, and the type's scope, when read through the model.
    @Test func anotherTargetsConstructedTypesAreReadThroughItsModelAsFromItsSources() throws {
        let fromModel = try Self.readThroughModels(Self.coreApp, dependencies: [Self.core])
        let found = fromModel.diagnostics.map { "\($0.id.rawValue) \($0.position.map { "\($0.path):\($0.line)" } ?? "-") \($0.message)" }
        #expect(found.contains { $0.hasPrefix("Cleanse/MissingBinding Sources/Core/Services.swift:8") && $0.contains("missing binding for 'HTTPClient' in component 'AppComponent'") }, "\(found)")
        // Scoped where no component has its scope: missing, saying why (issue 65).
        #expect(found.contains { $0.hasPrefix("Cleanse/MissingBinding") && $0.contains("'Analytics'") && $0.contains("is shared in scope") }, "\(found)")
        #expect(fromModel.opaque.isEmpty, "\(fromModel.opaque)")
    }

    /// Two modules naming a type alike, here two `Theme`s the graph never uses (or the
    /// Foundation and FoundationEssentials an app's `import Foundation` brings), left every
    /// other target's `@Injectable` type unread: bound with no requests, so its missing
    /// requests went unreported in the plugin's view and not in the whole program's (found
    /// by the multi-target fuzz). Only a record that names such a type is set aside.
    @Test func aNameTwoModulesShareLeavesOtherConstructedTypesRead() throws {
        let design = SourceFile(path: "Sources/Design/Theme.swift", moduleName: "Design", text: "public struct Theme {}\n")
        let brand = SourceFile(path: "Sources/Brand/Theme.swift", moduleName: "Brand", text: "public struct Theme {}\n")
        let models = try [(Self.core, "Core"), (design, "Design"), (brand, "Brand")].map { try Self.roundTripped(PartialModel(files: [$0.0], moduleName: $0.1)) }
        let fromModels = Analyzer(files: [Self.coreApp], models: models).analyze()
        let fromSources = Analyzer(files: [Self.coreApp], contextFiles: [Self.core, design, brand]).analyze()
        Self.expectSame(Self.summary(fromModels), Self.summary(fromSources))
        #expect(fromModels.diagnostics.contains { $0.message.contains("missing binding for 'HTTPClient' in component 'AppComponent'") },
                "\(fromModels.diagnostics.map(\.message))")
        #expect(fromModels.opaque.isEmpty, "\(fromModels.opaque)")
    }

    /// A type that is no module, whose `configure(binder:)` another target calls
    /// (`HomeScreen.configure(binder: binder)`), was read from its model as binding nothing:
    /// a false missing binding for what it binds. Its functions are kept and read at the call.
    @Test func anotherTargetsSpecConfigureIsReadAtTheCall() throws {
        let screens = SourceFile(path: "Sources/Screens/HomeScreen.swift", moduleName: "Screens", text: """
            import Cleanse

            public final class Clock { public init() {} }
            public final class HomeView { public init(clock: Clock) {} }
            public enum HomeScreen {
                public static func configure(binder: Binder<Singleton>) {
                    binder.bind(Clock.self).to(factory: Clock.init)
                }
            }
            """)
        let app = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import Cleanse
            import Screens

            struct AppComponent: RootComponent {
                typealias Root = HomeView
                static func configure(binder: Binder<Singleton>) {
                    HomeScreen.configure(binder: binder)
                }
                static func configureRoot(binder bind: ReceiptBinder<HomeView>) -> BindingReceipt<HomeView> {
                    bind.to(factory: HomeView.init)
                }
            }
            """)
        let fromModel = try Self.readThroughModels(app, dependencies: [screens])
        #expect(fromModel.diagnostics.isEmpty, "\(fromModel.diagnostics.map(\.message))")
        #expect(fromModel.opaque.isEmpty, "\(fromModel.opaque)")
    }

    @Test func theSameSourcesGiveTheSameBytes() throws {
        let forward = PartialModel(files: Self.fixtures, moduleName: "CleansecFixtures")
        let backward = PartialModel(files: Self.fixtures.reversed(), moduleName: "CleansecFixtures")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cleansec-model-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("first.json").path
        let second = folder.appendingPathComponent("second.json").path
        try ModelCache.write(forward, to: first)
        try ModelCache.write(backward, to: second)
        #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
        #expect(try ModelCache.write(forward, to: first) == false, "an unchanged model is not rewritten")
    }

    @Test func aCachedModelIsReusedUntilItsSourcesChange() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cleansec-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = folder.appendingPathComponent("Sources/Kit")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let file = sources.appendingPathComponent("Kit.swift")
        try "import Cleanse\nstruct KitModule: Module {\n    static func configure(binder: UnscopedBinder) {\n        binder.bind(Int.self).to(value: 1)\n    }\n}\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let cache = folder.appendingPathComponent("models").path
        let cached = cache + "/Kit.json"

        let first = try ModelCache.model(ofTarget: "Kit", at: [sources.path], dependencies: [], folder: cache)
        let written = try FileManager.default.attributesOfItem(atPath: cached)[.modificationDate] as? Date
        // Made a second time from the cache: the file is not touched.
        try? FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: cached)
        let second = try ModelCache.model(ofTarget: "Kit", at: [sources.path], dependencies: [], folder: cache)
        #expect(second.fingerprint == first.fingerprint)
        #expect(try FileManager.default.attributesOfItem(atPath: cached)[.modificationDate] as? Date == Date(timeIntervalSince1970: 1_000_000))
        #expect(written != nil)

        try "import Cleanse\nstruct KitModule: Module {\n    static func configure(binder: UnscopedBinder) {\n        binder.bind(String.self).to(value: \"a\")\n    }\n}\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let third = try ModelCache.model(ofTarget: "Kit", at: [sources.path], dependencies: [], folder: cache)
        #expect(third.fingerprint != first.fingerprint)
        let onDisk = try ModelCache.read(cached)
        #expect(onDisk.fingerprint == third.fingerprint)
        let text = try String(contentsOfFile: cached, encoding: .utf8)
        #expect(text.contains("\"String\"") && !text.contains("\"Int\""))
    }

    static let weatherApp = SourceFile(path: "Sources/WeatherKit/App.swift", moduleName: "WeatherKit", text: """
        import Cleanse

        public protocol WeatherService: AnyObject {}
        public final class URLSessionClient { public init() {} }
        public final class LiveWeatherService: WeatherService { public init(client: URLSessionClient) {} }
        public final class ForecastScreen { public init(service: any WeatherService) {} }
        public struct NetworkModule: Module {
            public static func configure(binder: Binder<Singleton>) {
                binder.bind(URLSessionClient.self).sharedInScope().to(factory: URLSessionClient.init)
                binder.bind((any WeatherService).self).sharedInScope().to(factory: LiveWeatherService.init)
            }
        }
        public struct WeatherApp: RootComponent {
            public typealias Root = ForecastScreen
            public static func configure(binder: Binder<Singleton>) { binder.include(module: NetworkModule.self) }
            public static func configureRoot(binder bind: ReceiptBinder<ForecastScreen>) -> BindingReceipt<ForecastScreen> {
                bind.to(factory: ForecastScreen.init)
            }
        }
        """)

    static let weatherTests = SourceFile(path: "Tests/WeatherKitTests/Fakes.swift", moduleName: "WeatherKitTests", text: """
        import Cleanse
        import WeatherKit

        final class RecordedResponses {}
        final class FakeWeatherService: WeatherService { init(responses: RecordedResponses) {} }
        struct FakeNetworkModule: Module {
            static func configure(binder: Binder<Unscoped>) {
                binder.bind((any WeatherService).self).to(factory: FakeWeatherService.init)
            }
        }
        func makeApp() throws -> ForecastScreen {
            try ComponentFactory.of(WeatherApp.self, overrides: FakeNetworkModule.self).build(())
        }
        """)

    /// A test target's `ComponentFactory.of(_:overrides:)` of its app's root is validated
    /// with its fakes, though the root is declared in the app: here the fake needs what
    /// nothing binds. The app's own graph, valid, is the app target's to check.
    @Test func aTestTargetsOverridesOfItsAppsRootAreValidatedAgainstTheAppsModel() throws {
        let model = try Self.roundTripped(PartialModel(files: [Self.weatherApp], moduleName: "WeatherKit"))
        let fromModel = Analyzer(files: [Self.weatherTests], models: [model]).analyze()
        #expect(fromModel.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
        #expect(fromModel.diagnostics.first?.position?.line == 8)
        #expect(fromModel.diagnostics.first?.message.contains("missing binding for 'RecordedResponses' in component 'WeatherApp'") == true)
        #expect(fromModel.coverage.hasPrefix("cleansec: 1 root component,"))
        let fromSources = Analyzer(files: [Self.weatherTests], contextFiles: [Self.weatherApp]).analyze()
        Self.expectSame(Self.summary(fromModel), Self.summary(fromSources))
    }

    /// A shared framework of binder helpers and a generic service module, as modular apps
    /// write them: each call in the app passes its own types.
    static let coreKit = SourceFile(path: "Sources/CoreKit/Wiring.swift", moduleName: "CoreKit", text: """
        import Cleanse

        public protocol ServiceAPI { static var host: String { get } }
        public final class HTTPSession { public init(userAgent: TaggedProvider<UserAgent>) {} }
        public struct UserAgent: Cleanse.Tag { public typealias Element = String }
        public final class ServiceClient<API: ServiceAPI> { public init(session: HTTPSession) {} }

        extension Binder {
            public func bindSetting<T: Tag>(_ tag: T.Type, value: T.Element) {
                bind(T.Element.self).tagged(with: tag).to(value: value)
            }
        }

        public enum NetworkWiring {
            public static func register(in binder: Binder<Singleton>) {
                binder.bind(HTTPSession.self).sharedInScope().to(factory: HTTPSession.init)
            }
        }

        public struct ServiceModule<API: ServiceAPI>: Module {
            public static func configure(binder: Binder<Singleton>) {
                binder.bind(ServiceClient<API>.self).sharedInScope().to(factory: ServiceClient<API>.init)
            }
        }
        """)

    static let storeApp = SourceFile(path: "Sources/StoreApp/App.swift", moduleName: "StoreApp", text: """
        import Cleanse
        import CoreKit

        enum CatalogAPI: ServiceAPI { static let host = "catalog.example" }
        enum CartAPI: ServiceAPI { static let host = "cart.example" }
        struct APIToken: Cleanse.Tag { typealias Element = String }
        final class StoreScreen {
            init(catalog: ServiceClient<CatalogAPI>, cart: ServiceClient<CartAPI>, token: TaggedProvider<APIToken>) {}
        }
        struct StoreComponent: RootComponent {
            typealias Root = StoreScreen
            static func configure(binder: Binder<Singleton>) {
                NetworkWiring.register(in: binder)
                binder.bindSetting(APIToken.self, value: "secret")
                binder.include(module: ServiceModule<CatalogAPI>.self)
                binder.include(module: ServiceModule<CartAPI>.self)
            }
            static func configureRoot(binder bind: ReceiptBinder<StoreScreen>) -> BindingReceipt<StoreScreen> {
                bind.to(factory: StoreScreen.init)
            }
        }
        """)

    /// Helpers and generic modules of another target are read at each call with its
    /// arguments, from the source the model keeps: the app's token is bound by the
    /// framework's helper, each service client by its own specialisation of the module,
    /// and the session's missing user agent is reported at the framework's line.
    @Test func helpersAndGenericModulesOfAnotherTargetAreReadWithEachCallsArguments() throws {
        let model = try Self.roundTripped(PartialModel(files: [Self.coreKit], moduleName: "CoreKit"))
        let fromModel = Analyzer(files: [Self.storeApp], models: [model]).analyze()
        #expect(fromModel.opaque.map(\.reason) == [])
        #expect(fromModel.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
        #expect(fromModel.diagnostics.first?.headline == "missing binding for 'String' tagged 'UserAgent' in component 'StoreComponent'")
        #expect(fromModel.diagnostics.first?.position?.path == "Sources/CoreKit/Wiring.swift")
        #expect(fromModel.diagnostics.first?.position?.line == 16)
        #expect(fromModel.bindingsRead == 5)
        let fromSources = Analyzer(files: [Self.storeApp], contextFiles: [Self.coreKit]).analyze()
        Self.expectSame(Self.summary(fromModel), Self.summary(fromSources))
    }

    /// A private helper is not visible to other targets, so the model does not keep it.
    @Test func aModelKeepsOnlyTheHelpersOtherTargetsCanCall() throws {
        let kit = SourceFile(path: "Sources/Kit/Kit.swift", moduleName: "Kit", text: """
            import Cleanse
            extension Binder {
                public func bindClock() { bind(Int.self).to(value: 1) }
                private func bindSecret() { bind(String.self).to(value: "") }
            }
            public enum Wiring {
                public static func register(_ binder: Binder<Unscoped>) {}
                public static func describe() -> String { "" }
            }
            """)
        let model = try Self.roundTripped(PartialModel(files: [kit], moduleName: "Kit"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cleansec-model-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("model.json").path
        try ModelCache.write(model, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("bindClock"))
        #expect(text.contains("public static func register"))
        #expect(!text.contains("bindSecret"))
        #expect(!text.contains("func describe"))
    }
}

