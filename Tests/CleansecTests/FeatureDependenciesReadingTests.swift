import CleansecCore
import struct CleanseGraph.DiagnosticID
import Foundation
import Testing

/// cleansec reads the module `@FeatureDependencies` writes, with the name and the build
/// conditions the compiler gives it.
@Suite struct FeatureDependenciesReadingTests {
    /// A checkout feature whose dependency protocol is nested in a namespace and differs by
    /// build: debug builds also give the feature a network log.
    static let featureText = """
        import Cleanse
        import CleanseMacros

        public final class Cart {}
        public final class NetworkLog {}
        public enum Checkout {}

        extension Checkout {
            #if LEGACY
            @FeatureDependencies
            public protocol Dependencies {}
            #elseif DEBUG
            @FeatureDependencies
            public protocol Dependencies {
                var cart: Cart { get }
                var log: NetworkLog { get }
            }
            #else
            @FeatureDependencies
            public protocol Dependencies {
                var cart: Cart { get }
            }
            #endif
        }

        final class CheckoutScreen {
            init(cart: Cart, log: NetworkLog) {}
        }
        struct CheckoutComponent: RootComponent {
            typealias Seed = any Checkout.Dependencies
            typealias Root = CheckoutScreen
            static func configure(binder: Binder<Unscoped>) {
                binder.include(module: Checkout.DependenciesModule.self)
            }
            static func configureRoot(binder bind: ReceiptBinder<CheckoutScreen>) -> BindingReceipt<CheckoutScreen> {
                bind.to(factory: CheckoutScreen.init)
            }
        }
        """
    static let feature = SourceFile(path: "Sources/Checkout/Checkout.swift", moduleName: "Checkout", text: featureText)

    @Test("in a debug build the debug clause's protocol is read: every property bound, nothing unread")
    func debugClause() {
        let report = Analyzer(files: [Self.feature], conditions: BuildConditions(defined: ["DEBUG"], undefined: ["LEGACY"])).analyze()
        #expect(report.diagnostics.map(\.id.rawValue) == [])
        #expect(report.opaque.map(\.reason) == [])
        #expect(report.bindingsRead == 3)  // the two properties and the root
    }

    @Test("in a release build the else clause's protocol is read: the network log is missing, at the request")
    func elseClause() throws {
        let report = Analyzer(files: [Self.feature], conditions: BuildConditions(undefined: ["DEBUG", "LEGACY"])).analyze()
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
        let missing = try #require(report.diagnostics.first)
        #expect(missing.message.contains("NetworkLog"), "\(missing.message)")
        #expect(missing.position?.line == 36)  // the root's factory
    }

    @Test("a property's binding is placed at the property: a type bound again is a duplicate named there")
    func duplicateAtTheProperty() throws {
        let text = Self.featureText.replacingOccurrences(
            of: "binder.include(module: Checkout.DependenciesModule.self)",
            with: "binder.include(module: Checkout.DependenciesModule.self)\n        binder.bind(Cart.self).to(factory: Cart.init)"
        )
        let file = SourceFile(path: Self.feature.path, moduleName: "Checkout", text: text)
        let report = Analyzer(files: [file], conditions: BuildConditions(defined: ["DEBUG"], undefined: ["LEGACY"])).analyze()
        let duplicate = try #require(report.diagnostics.first { $0.id.rawValue == "Cleanse/DuplicateBinding" })
        #expect(duplicate.message.contains("Checkout/Checkout.swift:15"), "\(duplicate.message)")
        #expect(duplicate.position?.line == 15)  // var cart, in the debug clause
    }
}
