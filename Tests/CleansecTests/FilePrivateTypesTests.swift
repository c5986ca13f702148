import CleansecCore
import Testing

/// Two files of one target may each declare a `private` type of the same name (test files
/// do: each its own `private final class Engine` and `private struct AppComponent`). Each
/// file's code means its own, as the compiler reads it, so each graph is read with its own
/// declarations: never the other file's initializers, members or configuration.
@Suite struct FilePrivateTypesTests {
    /// Two test files of a car app, each with its own private engine and component.
    static func analyze(extra: String = "") -> AnalysisReport {
        let electric = SourceFile(path: "Tests/CarTests/ElectricTests.swift", moduleName: "CarTests", text: """
            import Cleanse
            private final class Battery {}
            private final class Engine {
                init(battery: Battery) {}
                struct Module: Cleanse.Module {
                    static func configure(binder: Binder<Unscoped>) {
                        binder.bind(Battery.self).to(factory: Battery.init)
                    }
                }
            }
            private struct AppComponent: RootComponent {
                typealias Root = Engine
                static func configure(binder: Binder<Unscoped>) {
                    binder.include(module: Engine.Module.self)
                }
                static func configureRoot(binder bind: ReceiptBinder<Engine>) -> BindingReceipt<Engine> {
                    bind.to(factory: Engine.init)
                }
            }
            """)
        let diesel = SourceFile(path: "Tests/CarTests/DieselTests.swift", moduleName: "CarTests", text: """
            import Cleanse
            private final class Fuel {}
            private final class Engine {
                init(fuel: Fuel, makeSpare: @escaping () -> Fuel) {}
            }
            extension Engine {
                struct Module: Cleanse.Module {
                    static func configure(binder: Binder<Unscoped>) {
                        \(extra)
                    }
                }
            }
            private struct AppComponent: RootComponent {
                typealias Root = Engine
                static func configure(binder: Binder<Unscoped>) {
                    binder.include(module: Engine.Module.self)
                    binder.bind(Fuel.self).to(factory: Fuel.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Engine>) -> BindingReceipt<Engine> {
                    bind.to(factory: Engine.init)
                }
            }
            """)
        return Analyzer(files: [electric, diesel]).analyze()
    }

    @Test func eachFileReadsItsOwnPrivateTypes() {
        let report = Self.analyze()
        #expect(report.coverage.hasPrefix("cleansec: 2 root components, 4 bindings understood, 0 opaque"), "\(report.coverage)")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
    }

    @Test func aMistakeInOneFileIsReportedThereAndNamedAsTheRuntimeNamesIt() {
        let report = Self.analyze(extra: "binder.bind(Engine.self).to(factory: Engine.init)")
        #expect(report.diagnostics.map(\.id) == ["Cleanse/DuplicateBinding"])
        let message = report.diagnostics.first?.message ?? ""
        #expect(message.hasPrefix("[Cleanse/DuplicateBinding] 'Engine' is bound 2 times in component 'AppComponent'"), "\(message)")
        #expect(report.diagnostics.first?.position?.path == "Tests/CarTests/DieselTests.swift")
    }
}
