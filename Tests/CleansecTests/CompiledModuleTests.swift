import CleansecCore
import Foundation
import TestToolchain
import Testing

/// Modules cleansec has only compiled: a vendor's SDK given as a `.swiftmodule` (`-I`), and
/// the SDK's Foundation, both described by the toolchain's `swift-symbolgraph-extract`.
@Suite(.enabled(if: FullSuite.isOn, "\(FullSuite.skipReason)")) struct CompiledModuleTests {
    static let fixture = FixtureParityTests.fixtureFolder + "/VendorSDKWiring.swift"

    @Test func aVendorModuleGivenCompiledIsReadThroughItsFolder() throws {
        let (status, output, errors) = try CommandLineTests.run([Self.fixture, "-I", FixtureParityTests.modulesFolder, "--coverage"], in: FixtureParityTests.fixtureFolder)
        #expect(status == 1)
        #expect(output.contains("error: [Cleanse/MissingBinding] missing binding for 'PayLocale' in component 'ShopComponent'"), "\(output)")
        #expect(errors.contains("0 opaque"), "\(errors)")
        #expect(errors.contains("bindings read with declarations from compiled modules: VendorSDK (5)"), "\(errors)")
    }

    @Test func withoutItsFolderTheVendorsBindingsStayUnreadNeverGuessed() throws {
        let (status, output, errors) = try CommandLineTests.run([Self.fixture, "--coverage"], in: FixtureParityTests.fixtureFolder)
        #expect(status == 0, "\(output)")
        #expect(!output.contains("error:"))
        #expect(errors.contains("declared outside the analysed files"), "\(errors)")
    }

    /// A dependency target (`--context-target`) that binds the vendor's types untyped: its
    /// partial model is made after the compiled modules it imports are described, so the
    /// app's graph is read whole and the vendor's initializer asks for what the app forgot.
    @Test func aDependencyTargetsBindingsOfCompiledTypesAreRead() throws {
        let folder = try CommandLineTests.app(target: "Checkout", file: "CheckoutComponent.swift", """
            import Cleanse
            import Core
            import VendorSDK

            struct CheckoutComponent: RootComponent {
                typealias Root = PayCheckout
                static func configure(binder: Binder<Singleton>) {
                    binder.include(module: PaymentsModule.self)
                }
                static func configureRoot(binder bind: ReceiptBinder<PayCheckout>) -> BindingReceipt<PayCheckout> {
                    bind.to(factory: PayCheckout.init)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Sources/Core", withIntermediateDirectories: true)
        try """
            import Cleanse
            @preconcurrency import VendorSDK

            public struct PaymentsModule: Module {
                public static func configure(binder: Binder<Singleton>) {
                    binder.bind().sharedInScope().to(factory: PayClient.init)
                    binder.bind().to(factory: PayLocale.init)
                }
            }
            """.write(toFile: folder + "/Sources/Core/PaymentsModule.swift", atomically: true, encoding: .utf8)
        let (status, output, errors) = try CommandLineTests.run(
            ["Sources/Checkout", "--context-target", "Core=Sources/Core/PaymentsModule.swift", "-I", FixtureParityTests.modulesFolder, "--coverage"], in: folder)
        #expect(status == 1)
        #expect(output.contains("missing binding for 'PayConfiguration' in component 'CheckoutComponent'"), "\(output)")
        #expect(output.contains("missing binding for 'String' in component 'CheckoutComponent'"), "\(output)")
        #expect(errors.contains("0 opaque"), "\(errors)")
    }

    /// A vendor's C (or Objective-C) module, found by its module map below an `-I` folder as
    /// the compiler finds it: its struct's initializers come from the toolchain (`init()` and
    /// `init(terminal:timeout:)`), and the one the app names by its labels asks for what the
    /// app does not bind.
    @Test func aCModuleFoundByItsModuleMapIsRead() throws {
        let folder = try CommandLineTests.app(target: "Till", file: "Till.swift", """
            import Cleanse
            import CardReader

            final class Till { init(reader: CardReaderConfig) {} }
            struct TillComponent: RootComponent {
                typealias Root = Till
                static func configure(binder: Binder<Singleton>) {
                    binder.bind().to(factory: CardReaderConfig.init(terminal:timeout:))
                }
                static func configureRoot(binder bind: ReceiptBinder<Till>) -> BindingReceipt<Till> {
                    bind.to(factory: Till.init)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let include = folder + "/Vendor/CardReader/include"
        try FileManager.default.createDirectory(atPath: include, withIntermediateDirectories: true)
        try "module CardReader {\n    header \"card_reader.h\"\n    export *\n}\n".write(toFile: include + "/module.modulemap", atomically: true, encoding: .utf8)
        try "typedef struct {\n    int terminal;\n    int timeout;\n} CardReaderConfig;\n".write(toFile: include + "/card_reader.h", atomically: true, encoding: .utf8)

        let (status, output, errors) = try CommandLineTests.run(["Sources/Till", "-I", "Vendor", "--coverage"], in: folder)
        #expect(status == 1)
        #expect(output.contains("missing binding for 'Int32' in component 'TillComponent'"), "\(output)")
        #expect(errors.contains("1 binding read with declarations from compiled modules: CardReader (1)"), "\(errors)")
    }

    /// Where `URLSession` is declared: its own module on Linux, Foundation elsewhere.
    static let networking: String = {
        #if canImport(FoundationNetworking)
        "import FoundationNetworking"
        #else
        ""
        #endif
    }()

    @Test func symbolGraphsGivenAsAFolderAreRead() throws {
        // What `swiftc -emit-symbol-graph-dir` leaves for an Xcode build phase.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cleansec-symbols-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let extract = try Toolchain.run("swift-symbolgraph-extract", ["-module-name", "VendorSDK", "-I", FixtureParityTests.modulesFolder, "-output-dir", folder,
                                                                      "-target", try #require(Self.hostTriple)], mergingStreams: true)
        try #require(extract.status == 0, "\(extract.output)")
        let (status, output, errors) = try CommandLineTests.run([Self.fixture, "--symbol-graphs", folder, "--sources-only", "--coverage"], in: FixtureParityTests.fixtureFolder)
        #expect(status == 1)
        #expect(output.contains("missing binding for 'PayLocale'"), "\(output)")
        #expect(errors.contains("VendorSDK (5)"), "\(errors)")
    }

    /// The triple `swiftc -print-target-info` names.
    static let hostTriple: String? = {
        guard let run = try? Toolchain.run("swiftc", ["-print-target-info"]), run.status == 0 else { return nil }
        let info = (try? JSONSerialization.jsonObject(with: Data(run.output.utf8))) as? [String: Any]
        return (info?["target"] as? [String: Any])?["triple"] as? String
    }()

    @Test func foundationInitializersComeFromTheSDK() throws {
        let folder = try CommandLineTests.app(target: "Feed", file: "Feed.swift", """
            import Cleanse
            import Foundation
            \(Self.networking)

            final class FeedClient {
                init(session: URLSession, encoder: JSONEncoder, decoder: JSONDecoder, locale: Locale) {}
            }
            struct FeedComponent: RootComponent {
                typealias Root = FeedClient
                static func configure(binder: Binder<Singleton>) {
                    binder.bind().sharedInScope().to(factory: JSONEncoder.init)
                    binder.bind().sharedInScope().to(factory: JSONDecoder.init)
                    binder.bind().to(factory: Locale.init(identifier:))
                    binder.bind(URLSessionConfiguration.self).to { URLSessionConfiguration.default }
                    // `$0` is typed by the SDK's initializer it is passed to.
                    binder.bind(URLSession.self).sharedInScope().to { URLSession(configuration: $0, delegate: nil, delegateQueue: nil) }
                }
                static func configureRoot(binder bind: ReceiptBinder<FeedClient>) -> BindingReceipt<FeedClient> {
                    bind.to(factory: FeedClient.init)
                }
            }
            """)
        let (status, output, errors) = try CommandLineTests.run(["Sources/Feed", "--coverage"], in: folder)
        // `Locale.init(identifier:)` asks for a `String`, which nothing binds.
        #expect(status == 1)
        #expect(output.contains("missing binding for 'String'"), "\(output)")
        #expect(errors.contains("0 opaque"), "\(errors)")

        // For a platform whose SDK the toolchain does not have (iOS, on Linux), the SDK's
        // modules are not found: their bindings are left unread, never read from this
        // machine's Foundation.
        let iOS = try CommandLineTests.run(["Sources/Feed", "--target-triple", "arm64-apple-ios17.0", "--coverage"], in: folder)
        #expect(iOS.status == 0, "\(iOS.output)")
        #expect(iOS.errors.contains("declared outside the analysed files"), "\(iOS.errors)")
    }

    @Test func aSymbolGraphBecomesAModelOfTypesInitializersAndFunctions() throws {
        let models = CompiledModules(searchPaths: [FixtureParityTests.modulesFolder]).models(of: ["VendorSDK", "NoSuchModule"])
        #expect(models.missing == ["NoSuchModule"])
        let encoded = String(decoding: try JSONEncoder().encode(try #require(models.found.first)), as: UTF8.self)
        for fact in ["\"PayCheckout.Receipt\"", "\"sandbox\"", "\"merchantID\""] {
            #expect(encoded.contains(fact), "\(fact)")
        }
        // A failable initializer is kept and marked, as for sources: it makes an optional.
        #expect(encoded.contains("\"bytes\"") && encoded.contains("\"isFailable\":true"))
    }
}
