@testable import CleansecCore
import Testing

/// A type plays a Cleanse role (`Component`, `Module`) only when the protocol it names is
/// Cleanse's where it is written: not an app's own, nor another module's that the file
/// imports (a Needle-style `Component<Dependency>` base class).
@Suite struct RoleResolutionTests {
    static let kit = SourceFile(path: "Sources/Kit/Kit.swift", moduleName: "Kit", text: """
        open class Component<Dependency> { public init() {} }
        public protocol Module {}
        public protocol RootComponent {}
        """)

    /// The roles found for `Feed` and `FeedModule`, declared in a file of module App that
    /// imports `imports`, with Kit read from its model.
    static func roles(importing imports: [String]) -> (component: Bool, module: Bool) {
        // Kit's `Component` is a generic base class (as Needle's is), Cleanse's a protocol.
        let component = imports.contains("Kit") ? "final class FeedComponent: Component<Int> {}" : "struct FeedComponent: Component {}"
        let feed = SourceFile(path: "Sources/App/Feed.swift", moduleName: "App", text: imports.map { "import \($0)\n" }.joined() + """
            \(component)
            struct FeedModule: Module {}
            """)
        let model = PartialModel(files: [kit], moduleName: "Kit")
        let declarations = GraphDeclarations(index: DeclarationIndex(files: [feed], models: [model]))
        return (declarations.isComponent("FeedComponent"), declarations.isModule("FeedModule"))
    }

    @Test func anotherModulesRoleNamesAreItsOwnWhereTheFileImportsIt() {
        let roles = Self.roles(importing: ["Kit"])
        #expect(!roles.component)
        #expect(!roles.module)
    }

    @Test func cleansesRoleNamesAreCleansesWhereTheFileImportsOnlyCleanse() {
        let roles = Self.roles(importing: ["Cleanse"])
        #expect(roles.component)
        #expect(roles.module)
    }

    /// The notes for a component declared in a function of a file importing `module`.
    static func localComponentNotes(importing module: String) -> [String] {
        let feed = SourceFile(path: "Sources/App/Feed.swift", moduleName: "App", text: """
            import \(module)
            func makeFeed() {
                struct PreviewComponent: RootComponent {}
                _ = PreviewComponent()
            }
            """)
        let model = PartialModel(files: [kit], moduleName: "Kit")
        return Analyzer(files: [feed], models: [model]).analyze().opaque.map(\.reason)
    }

    /// A type made in a function that conforms to another module's `RootComponent` is not a
    /// component cleansec leaves unread; in a file importing Cleanse it is.
    @Test func aLocalTypeOfAnotherModulesComponentIsNoUnreadComponent() {
        #expect(Self.localComponentNotes(importing: "Kit").isEmpty)
        #expect(Self.localComponentNotes(importing: "Cleanse").count == 1)
    }
}
