@testable import Cleanse
import Testing

/// The runtime's wrapper types and cleansec read one table (`RequestWrapper`): cleansec finds
/// a row by the wrapper's name as written, the runtime by each type's own row. Both must be
/// the same row, or the two front ends would make different requests of one parameter.
@Suite("The wrapper table")
struct RequestWrapperTableTests {
    private struct Greeting: Cleanse.Tag { typealias Element = String }

    /// Each wrapper type, and the row it names.
    private static var rows: [(type: any InjectableWrapper.Type, row: RequestWrapper)] { [
        (Provider<Int>.self, Provider<Int>.wrapper),
        (WeakProvider<Int>.self, WeakProvider<Int>.wrapper),
        (AsyncProvider<Int>.self, AsyncProvider<Int>.wrapper),
        (MainActorProvider<Int>.self, MainActorProvider<Int>.wrapper),
        (TaggedProvider<Greeting>.self, TaggedProvider<Greeting>.wrapper),
    ] }

    @Test("every wrapper type names the row spelled as its own name, and every row has its type")
    func rowsMatchTypeNames() {
        for (type, row) in Self.rows {
            let name = String(describing: type).prefix { $0 != "<" }
            #expect(row.rawValue == name)
            #expect(type.requestRecipe.model.kind == row.requestKind)
        }
        #expect(Set(Self.rows.map(\.row)) == Set(RequestWrapper.allCases))
    }

    @Test("a seed is unwrapped exactly where the table says so")
    func seedRuleMatchesTheTable() {
        for (type, row) in Self.rows {
            #expect((type is any SeedUnwrapping.Type) == row.isUnwrappedAsSeed, "\(type)")
        }
    }
}
