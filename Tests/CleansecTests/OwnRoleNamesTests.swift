import CleansecCore
import struct CleanseGraph.DiagnosticID
import Testing

/// Cleanse's roles and request wrappers are Cleanse's declarations: an app's own type that
/// shares the name (a `RootComponent` protocol of its own, its own `Provider<T>`) is a type
/// like any other, as it is to the compiler, which prefers the module's declaration.
@Suite struct OwnRoleNamesTests {
    static func analyze(_ text: String) -> AnalysisReport {
        Analyzer(files: [SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: text)]).analyze()
    }

    /// An app that declares its own generic `Provider` and binds a clock, whose root asks
    /// for the clock as `parameterType`.
    static func homeRequestingAClock(as parameterType: String) -> AnalysisReport {
        analyze("""
            import Cleanse
            struct Provider<Value> { let value: Value }
            final class Clock { init() {} }
            final class Home { init(clock: \(parameterType)) {} }
            struct App: Cleanse.RootComponent {
                typealias Root = Home
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Clock.self).to(factory: Clock.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> {
                    bind.to(factory: Home.init)
                }
            }
            """)
    }

    @Test func anAppsOwnRootComponentProtocolDeclaresNoRoot() {
        let report = Self.analyze("""
            import Cleanse
            protocol RootComponent { static func configure() }
            struct Settings: RootComponent { static func configure() {} }
            """)
        #expect(report.coverage.hasPrefix("cleansec: 0 root components"), "\(report.coverage)")
        #expect(report.diagnostics.isEmpty)
    }

    @Test func anAppsOwnProviderIsRequestedAsWritten() {
        let report = Self.homeRequestingAClock(as: "Provider<Clock>")
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
        #expect(report.diagnostics.first?.message.contains("'Provider<Clock>'") == true, "\(report.diagnostics.map(\.message))")
    }

    /// An optional of the app's own `Provider` is an optional request of that type.
    @Test func anOptionalOfAnAppsOwnProviderIsRequestedAsWritten() {
        let report = Self.homeRequestingAClock(as: "Provider<Clock>?")
        #expect(report.diagnostics.first?.message.contains("'Optional<Provider<Clock>>'") == true, "\(report.diagnostics.map(\.message))")
    }

    /// Beside the app's own `Provider`, `Cleanse.Provider<Clock>` is Cleanse's: a request
    /// for the bound clock, optional or not (a false MissingBinding before).
    @Test func cleansesProviderWrittenWithItsModuleIsCleansesBesideAnAppsOwn() {
        for written in ["Cleanse.Provider<Clock>", "Cleanse.Provider<Clock>?", "Cleanse.WeakProvider<Clock>"] {
            let report = Self.homeRequestingAClock(as: written)
            #expect(report.diagnostics.isEmpty, "\(written): \(report.diagnostics.map(\.message))")
            #expect(report.opaque.isEmpty, "\(written)")
        }
    }

    /// Unbound, it is reported as the runtime prints it: without the qualifier.
    @Test func cleansesProviderWrittenWithItsModuleIsReportedAsTheRuntimePrintsIt() {
        let report = Self.analyze("""
            import Cleanse
            struct Provider<Value> { let value: Value }
            final class Clock { init() {} }
            final class Home { init(clock: Cleanse.Provider<Clock>) {} }
            struct App: Cleanse.RootComponent {
                typealias Root = Home
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> {
                    bind.to(factory: Home.init)
                }
            }
            """)
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
        let text = DiagnosticFormatter.text(report)
        #expect(text.contains("missing binding for 'Clock'"), "\(text)")
        #expect(text.contains("requested as 'Provider<Clock>'"), "\(text)")
    }

    /// A binder's scope is what its type resolves to: an app's `RequestSingletonBinder`,
    /// an alias of `Binder<RequestScope>`, is no `SingletonBinder` (a false
    /// InvalidScope when the name decided), and `Cleanse.SingletonBinder` is one.
    @Test func aBindersScopeIsWhatItsTypeResolvesTo() {
        func app(binder: String) -> AnalysisReport {
            Self.analyze("""
                import Cleanse
                struct RequestScope: Scope {}
                typealias RequestSingletonBinder = Binder<RequestScope>
                final class Session { init() {} }
                struct SessionModule: Module {
                    static func configure(binder: \(binder)) {
                        binder.bind(Session.self).sharedInScope().to(factory: Session.init)
                    }
                }
                struct RequestComponent: RootComponent {
                    typealias Root = Session
                    typealias Scope = RequestScope
                    static func configure(binder: Binder<RequestScope>) {
                        binder.include(module: SessionModule.self)
                    }
                    static func configureRoot(binder bind: ReceiptBinder<Session>) -> BindingReceipt<Session> {
                        bind.to { (session: Session) in session }
                    }
                }
                """)
        }
        #expect(app(binder: "RequestSingletonBinder").diagnostics.isEmpty)
        #expect(app(binder: "Cleanse.SingletonBinder").diagnostics.map(\.id.rawValue) == ["Cleanse/InvalidScope"])
    }

    /// Beside an app's own `Factory` protocol, `Cleanse.Factory<PhotoFactory>` names the
    /// key `bindFactory` binds, as the runtime spells it.
    @Test func cleansesFactoryWrittenWithItsModuleIsTheBoundFactoryBesideAnAppsOwn() {
        let report = Self.analyze("""
            import Cleanse
            protocol Factory { func make() }
            final class Photo { init(url: Assisted<String>) {} }
            struct PhotoFactory: AssistedFactory {
                typealias Seed = String
                typealias Element = Photo
            }
            final class Gallery { init(photos: Cleanse.Factory<PhotoFactory>) {} }
            struct App: RootComponent {
                typealias Root = Gallery
                static func configure(binder: Binder<Unscoped>) {
                    binder.bindFactory(Photo.self).with(PhotoFactory.self).to { (seed: Assisted<String>) in Photo(url: seed) }
                }
                static func configureRoot(binder bind: ReceiptBinder<Gallery>) -> BindingReceipt<Gallery> {
                    bind.to(factory: Gallery.init)
                }
            }
            """)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        #expect(report.opaque.isEmpty)
    }

    /// A gallery whose initializer asks for `photos` written `parameterType`, in an app that
    /// declares its own generic `Factory` and binds Cleanse's assisted `Factory<PhotoFactory>`.
    static func galleryBesideAnOwnFactory(requesting parameterType: String) -> AnalysisReport {
        analyze("""
            import Cleanse
            struct Factory<Made> { let make: () -> Made }
            final class Photo { init(url: Assisted<String>) {} }
            struct PhotoFactory: AssistedFactory {
                typealias Seed = String
                typealias Element = Photo
            }
            final class Gallery { init(photos: \(parameterType)) {} }
            struct App: RootComponent {
                typealias Root = Gallery
                static func configure(binder: Binder<Unscoped>) {
                    binder.bindFactory(Photo.self).with(PhotoFactory.self).to { (seed: Assisted<String>) in Photo(url: seed) }
                }
                static func configureRoot(binder bind: ReceiptBinder<Gallery>) -> BindingReceipt<Gallery> {
                    bind.to(factory: Gallery.init)
                }
            }
            """)
    }

    /// The app's own `Factory<PhotoFactory>` prints as the key `bindFactory` binds, yet is
    /// another type: unbound, as the runtime finds it (the assisted factory's binding was
    /// taken for it before, a missed MissingBinding).
    @Test func anAppsOwnGenericFactoryIsNotTheKeyBindFactoryBinds() {
        let report = Self.galleryBesideAnOwnFactory(requesting: "Factory<PhotoFactory>")
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"], "\(report.diagnostics.map(\.message))")
        #expect(report.diagnostics.first?.message.contains("Factory<PhotoFactory>") == true)
        #expect(report.opaque.isEmpty)
    }

    /// Beside it, `Cleanse.Factory<PhotoFactory>` is the bound assisted factory.
    @Test func cleansesGenericFactoryWrittenWithItsModuleIsTheBoundOneBesideAnAppsOwn() {
        let report = Self.galleryBesideAnOwnFactory(requesting: "Cleanse.Factory<PhotoFactory>")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        #expect(report.opaque.isEmpty)
    }

    /// Another target's own `Factory`, read through its model, is that target's type too.
    @Test func anotherTargetsOwnFactoryIsItsTypeThroughItsModel() throws {
        let kit = SourceFile(path: "Sources/Kit/Kit.swift", moduleName: "Kit", text: """
            public struct Factory<Made> { public let make: () -> Made }
            """)
        let app = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import Cleanse
            import Kit
            final class Photo { init(url: Assisted<String>) {} }
            struct PhotoFactory: AssistedFactory {
                typealias Seed = String
                typealias Element = Photo
            }
            final class Gallery { init(photos: Factory<PhotoFactory>) {} }
            struct App: RootComponent {
                typealias Root = Gallery
                static func configure(binder: Binder<Unscoped>) {
                    binder.bindFactory(Photo.self).with(PhotoFactory.self).to { (seed: Assisted<String>) in Photo(url: seed) }
                }
                static func configureRoot(binder bind: ReceiptBinder<Gallery>) -> BindingReceipt<Gallery> {
                    bind.to(factory: Gallery.init)
                }
            }
            """)
        let report = try PartialModelTests.readThroughModels(app, dependencies: [kit])
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"], "\(report.diagnostics.map(\.message))")
    }

    /// Another module's `Provider<T>` (a vendor's, a kit's), written in a file that imports
    /// that module and not Cleanse, is that module's type: a direct request, unbound, as the
    /// runtime finds it (it was taken for Cleanse's provider, a missed MissingBinding). A file
    /// importing only Cleanse still means Cleanse's. Read the same through Kit's model.
    @Test func anotherModulesProviderIsItsOwnWhereTheFileImportsIt() throws {
        let kit = SourceFile(path: "Sources/Kit/Kit.swift", moduleName: "Kit", text: """
            public struct Provider<Value> { public init() {} }
            """)
        let feed = SourceFile(path: "Sources/App/Feed.swift", moduleName: "App", text: """
            import Kit
            final class Feed { init(clock: Provider<Clock>) {} }
            """)
        let app = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import Cleanse
            final class Clock { init() {} }
            final class Home { init(feed: Feed, clock: Provider<Clock>) {} }
            struct App: RootComponent {
                typealias Root = Home
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Clock.self).to(factory: Clock.init)
                    binder.bind(Feed.self).to(factory: Feed.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> {
                    bind.to(factory: Home.init)
                }
            }
            """)
        let model = try PartialModelTests.roundTripped(PartialModel(files: [kit], moduleName: "Kit"))
        let fromModel = Analyzer(files: [feed, app], models: [model]).analyze()
        let fromSources = Analyzer(files: [feed, app], contextFiles: [kit]).analyze()
        PartialModelTests.expectSame(PartialModelTests.summary(fromModel), PartialModelTests.summary(fromSources))
        #expect(fromModel.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"], "\(fromModel.diagnostics.map(\.message))")
        #expect(fromModel.diagnostics.first?.notes.contains { $0.message.contains("required by Feed") } == true, "\(fromModel.diagnostics.map(\.notes))")
        #expect(fromModel.opaque.isEmpty)
    }

    /// A kit's own `Provider`, in the initializer of the kit's own type, stays the kit's
    /// where a dependent binds that initializer (the dependent declares no `Provider`): a
    /// direct request, unbound, as the runtime finds it.
    @Test func aTargetsOwnProviderStaysItsTypeInADependent() throws {
        let kit = SourceFile(path: "Sources/Kit/Kit.swift", moduleName: "Kit", text: """
            public struct Provider<Value> { public init() {} }
            public final class Clock { public init() {} }
            public final class Feed { public init(clock: Provider<Clock>) {} }
            """)
        let app = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import Cleanse
            import Kit
            struct App: RootComponent {
                typealias Root = Feed
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Clock.self).to(factory: Clock.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Feed>) -> BindingReceipt<Feed> {
                    bind.to(factory: Feed.init)
                }
            }
            """)
        let report = try PartialModelTests.readThroughModels(app, dependencies: [kit])
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"], "\(report.diagnostics.map(\.message))")
        #expect(report.diagnostics.first?.message.contains("missing binding for 'Provider<Clock>'") == true, "\(report.diagnostics.map(\.message))")
        #expect(report.opaque.isEmpty)
    }

    /// `import struct Kit.Clock` makes only the clock visible: `Provider` beside it is still
    /// Cleanse's, a request for the bound clock (no error).
    @Test func aSingleDeclarationImportLeavesCleansesNamesCleanses() throws {
        let kit = SourceFile(path: "Sources/Kit/Kit.swift", moduleName: "Kit", text: """
            public struct Provider<Value> { public init() {} }
            public final class Clock { public init() {} }
            """)
        let app = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import Cleanse
            import struct Kit.Clock
            final class Home { init(clock: Provider<Clock>) {} }
            struct App: RootComponent {
                typealias Root = Home
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Clock.self).to(factory: Clock.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> {
                    bind.to(factory: Home.init)
                }
            }
            """)
        let report = try PartialModelTests.readThroughModels(app, dependencies: [kit])
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        #expect(report.opaque.isEmpty)
    }

    /// An app's own types named like Cleanse's keep their declarations: a plain
    /// `FeatureFactory` class is bound through its initializer, and an own generic
    /// `Provider<Clock>` (keyed `App::Provider`) through its own.
    @Test func anAppsOwnTypesNamedLikeCleansesAreBoundThroughTheirInitializers() {
        let report = Self.analyze("""
            import Cleanse
            final class API { init() {} }
            final class FeatureFactory { init(api: API) {} }
            struct Provider<Value> { init() {} }
            final class Clock { init() {} }
            final class Home { init(features: FeatureFactory, clock: Provider<Clock>) {} }
            struct App: RootComponent {
                typealias Root = Home
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(API.self).to(factory: API.init)
                    binder.bind(FeatureFactory.self).to(factory: FeatureFactory.init)
                    binder.bind(Provider<Clock>.self).to(factory: Provider<Clock>.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> {
                    bind.to(factory: Home.init)
                }
            }
            """)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        #expect(report.opaque.map(\.reason) == [])
    }

    /// A helper names types as its own file sees them: `Provider` in an extension of
    /// `Binder` whose file imports only Cleanse is Cleanse's, though the file calling it
    /// imports a kit with a `Provider` of its own.
    @Test func aHelperNamesTypesAsItsOwnFileSeesThem() throws {
        let kit = SourceFile(path: "Sources/Kit/Kit.swift", moduleName: "Kit", text: """
            public struct Provider<Value> { public init() {} }
            """)
        let helper = SourceFile(path: "Sources/App/Feed+Binder.swift", moduleName: "App", text: """
            import Cleanse
            final class Clock { init() {} }
            final class Feed { init() {} }
            extension Binder {
                func installFeed() {
                    bind(Clock.self).to(factory: Clock.init)
                    bind(Feed.self).to { (clock: Provider<Clock>) in Feed() }
                }
            }
            """)
        let wiring = SourceFile(path: "Sources/App/Wiring.swift", moduleName: "App", text: """
            import Cleanse
            import Kit
            struct App: RootComponent {
                typealias Root = Feed
                static func configure(binder: Binder<Unscoped>) {
                    binder.installFeed()
                }
                static func configureRoot(binder bind: ReceiptBinder<Feed>) -> BindingReceipt<Feed> {
                    bind.to { (feed: Feed) in feed }
                }
            }
            """)
        let model = try PartialModelTests.roundTripped(PartialModel(files: [kit], moduleName: "Kit"))
        let report = Analyzer(files: [helper, wiring], models: [model]).analyze()
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        #expect(report.opaque.map(\.reason) == [])
    }

    /// Cleanse's own `ModuleComponent` stays a root component beside an app's `RootComponent`.
    @Test func cleansesOwnComponentsKeepTheirRolesBesideAnAppsNames() {
        let report = Self.analyze("""
            import Cleanse
            protocol RootComponent {}
            final class Clock { init() {} }
            struct ClockModule: Module {
                static func configure(binder: Binder<Unscoped>) {}
            }
            func check() throws {
                _ = try ComponentFactory.of(ModuleComponent<ClockModule, Clock>.self)
            }
            """)
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"], "\(report.diagnostics.map(\.message))")
    }
}
