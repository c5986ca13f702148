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

    @Test("without @Injectable, the type is missing as before")
    func plainTypeIsMissing() throws {
        let plain = SourceFile(path: Self.kit.path, moduleName: "PlayerKit", text: Self.kitText.replacingOccurrences(of: "@Injectable\n", with: ""))
        let model = try PartialModelTests.roundTripped(PartialModel(files: [plain], moduleName: "PlayerKit"))
        let report = Analyzer(files: [Self.app], models: [model]).analyze()
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
    }
}
