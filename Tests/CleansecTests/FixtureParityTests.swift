import Cleanse
import CleansecCore
import CleansecFixtures
import Foundation
import Testing

/// The core promise of cleansec: for the same sources, it reports exactly what
/// `ComponentFactory.of` throws (same IDs, same text, same `file:line`), at the lines the
/// fixtures mark with `// expect: <ID>` (several IDs separated by spaces).
@Suite struct FixtureParityTests {
    static let fixtureFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CleansecFixtures").path

    /// The `#if` conditions the fixtures were compiled with, as the build plugin passes them.
    static let conditions: BuildConditions = {
        #if DEBUG
        BuildConditions(defined: ["DEBUG"])
        #else
        BuildConditions(undefined: ["DEBUG"])
        #endif
    }()

    /// The built modules, beside the test binary: the vendor SDK the fixtures wire is read
    /// from its `.swiftmodule` there (through the toolchain), never from its sources.
    static let modulesFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Modules").path

    /// The models of the modules the fixtures import without sources: the compiled vendor
    /// SDK, and the SDK's Foundation (and, on Linux, FoundationNetworking).
    static let vendorSDK = CompiledModules(searchPaths: [modulesFolder]).models(of: ["VendorSDK", "Foundation", "FoundationNetworking"]).found

    static func analyzeFixtures() throws -> AnalysisReport {
        Analyzer(files: try SourceCollection.files(at: [fixtureFolder]), models: vendorSDK, conditions: conditions).analyze()
    }

    /// Includes 40 random graphs with planted mistakes (`Tests/generate_random_fixtures.py`).
    @Test func analyzerReportsTheSameErrorsAsTheRuntime() throws {
        let runtime = Fixtures.runtimeErrors().map { "\($0.diagnosticID.rawValue) \($0.description)" }
        let report = try Self.analyzeFixtures()
        let analyzed = report.diagnostics.filter(\.isError).map { "\($0.id.rawValue) \($0.message)" }
        // Warnings too, with the same text.
        let runtimeWarnings = try Fixtures.runtimeWarnings().map { "\($0.diagnosticID.rawValue) \($0.description)" }
        #expect(!runtimeWarnings.isEmpty)
        #expect(report.diagnostics.filter { !$0.isError }.map { "\($0.id.rawValue) \($0.message)" }.sorted() == runtimeWarnings.sorted())
        #expect(runtime.count >= 60, "the fixtures and the random graphs plant at least sixty mistakes")
        // As lists: an error reported twice by one side and once by the other is a difference.
        #expect(analyzed.sorted() == runtime.sorted())
        let runtimeCounts = Dictionary(runtime.map { ($0, 1) }, uniquingKeysWith: +)
        let analyzedCounts = Dictionary(analyzed.map { ($0, 1) }, uniquingKeysWith: +)
        for (message, count) in runtimeCounts where analyzedCounts[message, default: 0] != count {
            Issue.record("the runtime reports \(count) time(s), cleansec \(analyzedCounts[message, default: 0]): \(message)")
        }
        for (message, count) in analyzedCounts where runtimeCounts[message] == nil {
            Issue.record("only cleansec reports (\(count) time(s)): \(message)")
        }
    }

    @Test func everyErrorIsPlacedOnItsMarkedLine() throws {
        let report = try Self.analyzeFixtures()
        var expected: [String] = []
        for file in try SourceCollection.files(at: [Self.fixtureFolder]) where !file.path.contains("/Random/") {
            let text = try String(contentsOfFile: file.path, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let marker = line.range(of: "// expect: ") else { continue }
                // One ID or more, separated by spaces, for errors reported on one line.
                for id in line[marker.upperBound...].split(separator: " ") {
                    expected.append("\(file.path):\(number + 1) Cleanse/\(id)")
                }
            }
        }
        // The random graphs are checked for parity only; their planted lines are not marked.
        // As lists: an error placed twice on its line is one too many.
        let found = report.diagnostics.filter { $0.position?.path.contains("/Random/") != true }.map { "\($0.position.map { "\($0.path):\($0.line)" } ?? "nowhere") \($0.id.rawValue)" }
        #expect(found.sorted() == expected.sorted())
    }

    @Test func theValidFixtureIsReadCompletely() throws {
        let folder = Self.fixtureFolder
        let report = Analyzer(files: try SourceCollection.files(at: [folder + "/ValidShop.swift"])).analyze()
        #expect(report.diagnostics.isEmpty)
        #expect(report.opaque.map(\.reason) == [])
        #expect(report.bindingsRead == 18)
    }

    /// Chart screens with their own seed and root, and an assisted factory written as an
    /// unannotated closure of its seed: all read, nothing opaque.
    @Test func theComponentPortsFixtureIsReadCompletely() throws {
        let report = Analyzer(files: try SourceCollection.files(at: [Self.fixtureFolder + "/ComponentPorts.swift"])).analyze()
        #expect(report.opaque.map(\.reason) == [])
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/DuplicateBinding"])
    }

    /// The fixtures written in the idioms of apps cleansec did not write (issue 24): `#if
    /// DEBUG` fakes, generics, helpers on `Binder`, function references, closures typed by
    /// casts, modules checked on their own through Cleanse's `ModuleComponent`, test doubles
    /// passed to `ComponentFactory.of(_:overrides:)`, bindings chosen by `if` and `switch`, and
    /// bindings in loops, after a `guard` and in `do`/`catch`, closures whose parameters take
    /// their types from the initializer they are passed to, `self.init` and `self.method` in
    /// a component, property injectors nothing requests.
    /// Each is read with nothing opaque; the parity test above compares their errors.
    @Test(arguments: ["DebugFakes", "GenericShop", "HelperWiring", "FunctionReferences", "ClosureIdioms", "ModuleComponents", "TestDoubles", "RuntimeSwitches", "LoopsAndGuards", "ShorthandFactories", "EveryTerminatingForm", "SelfReferences", "ForgottenInjectors", "ScreenHelpers", "InjectedScreens", "InjectableScreens", "FeatureModules", "MainActorScreens", "VendorSDKWiring", "FoundationWiring", "ExpressionResults", "InheritedInitializers", "InjectorClosures", "BrowserWiring", "GenericScreens", "SeededFeatures", "OverloadedInitializers", "AssistedScreens", "FeatureOverrides", "TypedResults"])
    func anIdiomFixtureIsReadCompletely(_ name: String) throws {
        // Only the fixtures that import modules without sources are given their models.
        let models = ["VendorSDKWiring", "FoundationWiring", "InheritedInitializers", "BrowserWiring"].contains(name) ? Self.vendorSDK : []
        let report = Analyzer(files: try SourceCollection.files(at: [Self.fixtureFolder + "/\(name).swift"]), models: models, conditions: Self.conditions).analyze()
        #expect(report.opaque.map(\.reason) == [])
        #expect(!report.diagnostics.isEmpty)
    }

    @Test func columnsPointAtTheCallThatWroteTheBinding() throws {
        let report = try Self.analyzeFixtures()
        let scope = try #require(report.diagnostics.first { $0.id.rawValue == "Cleanse/InvalidScope" && $0.position?.path.hasSuffix("Scopes.swift") == true })
        // `binder.bind(Token.self).sharedInScope().to(factory:` — the `(` after `to`.
        #expect(scope.position?.line == 14)
        #expect(scope.position?.column == 55)
    }
}
