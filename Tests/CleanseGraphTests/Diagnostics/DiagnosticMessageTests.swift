import CleanseGraph
import Testing

private let module = SpelledGraph.file

private func binding(_ type: String, at line: Int, needs dependencies: [String] = []) -> BindingModel {
    SpelledGraph.binding(type, at: line, needs: dependencies)
}

private func errors(_ bindings: [BindingModel]) -> [any CleanseError] {
    SpelledGraph.errors(SpelledGraph.component("ShopComponent", bindings))
}

/// Every error's message is data first: its lines, each with the places it names and what
/// they are. The text is rendered from it, and a tool places lines without reading them.
@Suite("Diagnostic messages as data")
struct DiagnosticMessageTests {
    @Test("a missing binding's lines name the request and every step of its trace, as requests")
    func missingBindingPlaces() throws {
        let found = errors([
            binding("CoffeeBar", at: 40, needs: ["Barista"]),
            binding("Barista", at: 32, needs: ["Grinder"]),
        ])
        let missing = try #require(found.first as? MissingProvider)
        let message = missing.diagnosticMessage
        #expect(message.description == missing.description)
        #expect(message.lines.first?.places == [])
        let placed = message.lines.filter { !$0.places.isEmpty }
        #expect(placed.map(\.places) == [
            [.request(SourceLocation(file: module, line: 32))],
            [.request(SourceLocation(file: module, line: 40))],
        ])
        #expect(placed[0].text.contains("required by Barista at \(module):32"))
        #expect(message.primaryPlace == .request(SourceLocation(file: module, line: 32)))
    }

    @Test("a duplicate binding names each binding's place as a binding, sorted")
    func duplicatePlaces() throws {
        let found = errors([binding("CoffeeBar", at: 40), binding("CoffeeBar", at: 12)])
        let duplicate = try #require(found.first as? DuplicateBinding)
        let places = duplicate.diagnosticMessage.lines.flatMap(\.places)
        #expect(places == [.binding(SourceLocation(file: module, line: 12)), .binding(SourceLocation(file: module, line: 40))])
        #expect(places.allSatisfy { $0.role == .binding })
    }

    @Test("several errors keep each line's places, and each headline is numbered")
    func multiErrorKeepsPlaces() {
        let found = errors([binding("CoffeeBar", at: 40, needs: ["Grinder"]), binding("CoffeeBar", at: 12)])
        let multi = MultiError(errors: found)
        let message = multi.diagnosticMessage
        #expect(message.description == multi.description)
        #expect(message.lines.flatMap(\.places) == found.flatMap { $0.diagnosticMessage.lines.flatMap(\.places) })
        #expect(message.lines.filter { $0.text.hasPrefix("error ") }.count == found.count)
    }

    @Test("an error that does not describe its places is its text, line by line, with none")
    func pluginErrorHasNoPlaces() {
        struct LayerViolation: CleanseError {
            var description: String { "[Shop/Layer] the view layer requests the database\n  at Shop/View.swift:3" }
        }
        let message = LayerViolation().diagnosticMessage
        #expect(message.lines.map(\.text) == ["[Shop/Layer] the view layer requests the database", "  at Shop/View.swift:3"])
        #expect(message.primaryPlace == nil)
    }

    @Test("errors are values: the same mistake found twice is equal, another is not")
    func errorsAreComparable() throws {
        let first = try #require(errors([binding("CoffeeBar", at: 40, needs: ["Grinder"])]).first as? MissingProvider)
        let again = try #require(errors([binding("CoffeeBar", at: 40, needs: ["Grinder"])]).first as? MissingProvider)
        let other = try #require(errors([binding("CoffeeBar", at: 41, needs: ["Grinder"])]).first as? MissingProvider)
        #expect(first == again)
        #expect(first != other)
    }
}
