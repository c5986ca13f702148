import CleansecCore
import struct CleanseGraph.DiagnosticID
import Foundation
import Testing

/// cleansec reads `@Injectable` types as the runtime constructs them, in the analysed files
/// and through the partial models of the targets that declare them, and never reports
/// missing a type another module may construct.
@Suite struct JustInTimeReadingTests {
    static let kitText = """
        import CleanseMacros

        public final class Transport { public init() {} }
        @Injectable
        public final class Player {
            public init(transport: Transport) {}
        }
        """
    static let kit = SourceFile(path: "Sources/PlayerKit/Player.swift", moduleName: "PlayerKit", text: kitText)

    static let app = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
        import Cleanse
        import PlayerKit

        final class NowPlaying { init(player: Player) {} }
        struct AppComponent: RootComponent {
            typealias Root = NowPlaying
            static func configure(binder: Binder<Singleton>) {}
            static func configureRoot(binder bind: ReceiptBinder<NowPlaying>) -> BindingReceipt<NowPlaying> {
                bind.to(factory: NowPlaying.init)
            }
        }
        """)

    @Test("a type another target makes @Injectable is read through that target's model: what its initializer needs is checked")
    func injectableInAnotherTarget() throws {
        let model = try PartialModelTests.roundTripped(PartialModel(files: [Self.kit], moduleName: "PlayerKit"))
        let report = Analyzer(files: [Self.app], models: [model]).analyze()
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
        #expect(report.diagnostics.first?.message.contains("missing binding for 'Transport'") == true, "\(report.diagnostics)")
        #expect(report.diagnostics.first?.position?.path == "Sources/PlayerKit/Player.swift")
        #expect(report.opaque.isEmpty)
    }

    @Test("the same type in the analysed files is read: what its initializer needs is checked")
    func injectableInTheSameTarget() {
        let report = Analyzer(files: [Self.kit, Self.app]).analyze()
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
        #expect(report.diagnostics.first?.message.contains("'PlayerKit.Transport'") == true || report.diagnostics.first?.message.contains("'Transport'") == true)
        #expect(report.opaque.isEmpty)
    }

    /// A hand-written constructor is unread: it may request the `@Injectable` transport,
    /// bound just in time, which then serves the screen's `Transport?`. Not reported.
    @Test("an optional of a constructed type, next to an unread constructor that may request it, is not reported missing")
    func optionalServedThroughAnUnreadConstructor() {
        let text = """
            import Cleanse
            import CleanseMacros

            @Injectable final class Transport { init() {} }
            final class Player {}
            extension Player: ConstructorInjectable {}
            final class NowPlaying { init(player: Player, transport: Transport?) {} }
            struct AppComponent: RootComponent {
                typealias Root = NowPlaying
                static func configure(binder: Binder<Singleton>) {}
                static func configureRoot(binder bind: ReceiptBinder<NowPlaying>) -> BindingReceipt<NowPlaying> {
                    bind.to(factory: NowPlaying.init)
                }
            }
            """
        let app = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: text)
        let report = Analyzer(files: [app]).analyze()
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        #expect(report.opaque.contains { $0.reason.contains("'Player' (ConstructorInjectable) is not read") }, "\(report.opaque.map(\.reason))")
        // Without the unread constructor, the optional is missing, as the runtime says.
        let plain = SourceFile(path: app.path, moduleName: "App", text: text.replacingOccurrences(of: "extension Player: ConstructorInjectable {}", with: "")
            .replacingOccurrences(of: "init(player: Player, transport: Transport?)", with: "init(transport: Transport?)"))
        #expect(Analyzer(files: [plain]).analyze().diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
    }

    @Test("without @Injectable, the type is missing as before")
    func plainTypeIsMissing() throws {
        let plain = SourceFile(path: Self.kit.path, moduleName: "PlayerKit", text: Self.kitText.replacingOccurrences(of: "@Injectable\n", with: ""))
        let model = try PartialModelTests.roundTripped(PartialModel(files: [plain], moduleName: "PlayerKit"))
        let report = Analyzer(files: [Self.app], models: [model]).analyze()
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
    }

    /// A protocol nothing binds: the note names every `@Injectable` type that conforms, the
    /// conformance written on the type or in an extension of it (a vendor SDK's adapter).
    @Test func aMissingProtocolNamesConformancesDeclaredInExtensions() {
        let report = analyzeApp("""
            import Cleanse
            import CleanseMacros
            protocol Analytics: AnyObject {}
            @Injectable
            final class SegmentAnalytics {
                init() {}
            }
            extension SegmentAnalytics: Analytics {}
            @Injectable
            final class ConsoleAnalytics: Analytics {
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
            """)
        let missing = report.diagnostics.first { $0.headline == "missing binding for 'Analytics' in component 'Shop'" }
        #expect(missing?.notes.filter { $0.message.contains("@Injectable") }.map { String($0.message.prefix(while: { $0 != ":" })) } == [
            "'ConsoleAnalytics' is @Injectable and conforms to 'Analytics'",
            "'SegmentAnalytics' is @Injectable and conforms to 'Analytics'",
        ])
    }
}
