import CleansecCore
import Foundation
import Testing

/// cleansec's two output forms carry the same errors: compiler-style lines and JSON.
@Suite struct DiagnosticFormatterTests {
    static let report = Analyzer(files: [SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
        import Cleanse
        final class Engine { init(fuel: Fuel) {} }
        final class Fuel {}
        struct Car: RootComponent {
            typealias Root = Engine
            static func configure(binder: Binder<Unscoped>) {}
            static func configureRoot(binder bind: ReceiptBinder<Engine>) -> BindingReceipt<Engine> {
                bind.to(factory: Engine.init)
            }
        }
        """)]).analyze()

    @Test func textPutsTheErrorAndItsNotesOnTheirLines() {
        let lines = DiagnosticFormatter.text(Self.report).split(separator: "\n")
        #expect(lines.first == "Sources/App/App.swift:8:16: error: [Cleanse/MissingBinding] missing binding for 'Fuel' in component 'Car'")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("Sources/App/App.swift:8:16: note: ") })
    }

    @Test func jsonIsAnArrayOfErrorsWithTheirNotes() throws {
        let data = Data(DiagnosticFormatter.json(Self.report).utf8)
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries[0]["id"] as? String == "Cleanse/MissingBinding")
        #expect(entries[0]["line"] as? Int == 8)
        #expect(entries[0]["column"] as? Int == 16)
        #expect((entries[0]["message"] as? String)?.contains("required by Engine at App/App.swift:8") == true)
        let notes = try #require(entries[0]["notes"] as? [[String: Any]])
        #expect(notes.first?["file"] as? String == "Sources/App/App.swift")
    }
}
