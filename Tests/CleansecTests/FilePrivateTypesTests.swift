import CleansecCore
import struct CleanseGraph.DiagnosticID
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

    /// A file's private `Clock` and the module's own `Clock`, declared later in another
    /// file: the first file means its own, every other file the module's.
    @Test func aPrivateTypeShadowsTheModulesOnlyInItsFile() {
        let fake = SourceFile(path: "Tests/AppTests/FakeClockTests.swift", moduleName: "AppTests", text: """
            import Cleanse
            private final class Clock { init(frozenAt: Double) {} }
            private struct FrozenComponent: RootComponent {
                typealias Root = Clock
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Double.self).to(value: 0)
                }
                static func configureRoot(binder bind: ReceiptBinder<Clock>) -> BindingReceipt<Clock> {
                    bind.to(factory: Clock.init)
                }
            }
            """)
        let clock = SourceFile(path: "Tests/AppTests/Clock.swift", moduleName: "AppTests", text: """
            final class Clock { init(zone: TimeZoneName) {} }
            struct TimeZoneName {}
            """)
        let app = SourceFile(path: "Tests/AppTests/AppTests.swift", moduleName: "AppTests", text: """
            import Cleanse
            struct AppComponent: RootComponent {
                typealias Root = Clock
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<Clock>) -> BindingReceipt<Clock> {
                    bind.to(factory: Clock.init)
                }
            }
            """)
        let report = Analyzer(files: [fake, clock, app]).analyze()
        #expect(report.opaque.isEmpty)
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
        let message = report.diagnostics.first?.message ?? ""
        #expect(message.hasPrefix("[Cleanse/MissingBinding] missing binding for 'TimeZoneName' in component 'AppComponent'"), "\(message)")
    }

    @Test func aNoteNamesAPrivateTypeAsTheRuntimeNamesIt() {
        let first = SourceFile(path: "Tests/CarTests/A.swift", moduleName: "CarTests", text: "private final class Engine {}")
        let second = SourceFile(path: "Tests/CarTests/B.swift", moduleName: "CarTests", text: """
            import Cleanse
            private final class Engine { init(size: Int) {}; init(name: String) {} }
            private struct AppComponent: RootComponent {
                typealias Root = Engine
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<Engine>) -> BindingReceipt<Engine> {
                    bind.to(factory: Engine.init)
                }
            }
            """)
        let report = Analyzer(files: [first, second]).analyze()
        #expect(report.opaque.map(\.reason) == ["'Engine.init' names 2 initializers the compiler ranks alike (it rejects the reference as ambiguous); name one by its labels: to(factory: Engine.init(name:)) or to(factory: Engine.init(size:))"])
    }

    @Test func aMistakeInOneFileIsReportedThereAndNamedAsTheRuntimeNamesIt() {
        let report = Self.analyze(extra: "binder.bind(Engine.self).to(factory: Engine.init)")
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/DuplicateBinding"])
        let message = report.diagnostics.first?.message ?? ""
        #expect(message.hasPrefix("[Cleanse/DuplicateBinding] 'Engine' is bound 2 times in component 'AppComponent'"), "\(message)")
        #expect(report.diagnostics.first?.position?.path == "Tests/CarTests/DieselTests.swift")
    }
}

extension FilePrivateTypesTests {
    /// An extension written above its file's own `private` type extends that type, though
    /// another file declared a `private` type of the name first (it used to extend the
    /// other file's: `Engine.idle` was then not found).
    @Test func anExtensionAboveItsFilesPrivateTypeExtendsIt() {
        let first = SourceFile(path: "Tests/CarTests/A.swift", moduleName: "CarTests", text: "private final class Engine { init(size: Int) {} }")
        let second = SourceFile(path: "Tests/CarTests/B.swift", moduleName: "CarTests", text: """
            import Cleanse
            extension Engine {
                static func idle() -> Engine { Engine() }
            }
            private final class Engine { init() {} }
            private struct GarageComponent: RootComponent {
                typealias Root = Engine
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<Engine>) -> BindingReceipt<Engine> {
                    bind.to(factory: Engine.idle)
                }
            }
            """)
        let report = Analyzer(files: [first, second]).analyze()
        #expect(report.opaque.isEmpty, "\(report.opaque.map(\.reason))")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        #expect(report.bindingsRead == 1)
    }
}
