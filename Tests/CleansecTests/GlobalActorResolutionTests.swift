@testable import CleansecCore
import Testing

/// A type's global actor is read from the attribute's declaration, not from its name.
@Suite struct GlobalActorResolutionTests {
    static func actors(_ text: String) -> [String: String] {
        let index = DeclarationIndex(files: [SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: text)])
        var found: [String: String] = [:]
        for (path, type) in index.types where type.declaration != nil {
            found[path] = type.globalActor ?? "-"
        }
        return found
    }

    @Test func anAttributeIsAGlobalActorWhenItsDeclarationIsOne() {
        let found = Self.actors("""
            @globalActor struct Database { static let shared = Storage() }
            actor Storage {}
            @globalActor actor RenderActor { static let shared = RenderActor() }
            @attached(member) macro TrackedActor() = #externalMacro(module: "M", type: "T")
            struct LoggingActor {}
            @Database final class Store {}
            @RenderActor final class Renderer {}
            @MainActor final class Screen {}
            @LoggingActor final class Logged {}
            @TrackedActor final class Tracked {}
            @RemoteActor final class Remote {}
            @Observable @MainActor final class Model {}
            """)
        #expect(found["Store"] == "Database")
        #expect(found["Renderer"] == "RenderActor")
        #expect(found["Screen"] == "MainActor")
        #expect(found["Model"] == "MainActor")
        // Declared, and no global actor: a struct, whatever its name.
        #expect(found["Logged"] == "-")
        // Declared nowhere cleansec reads: the name decides (a module's global actor).
        #expect(found["Remote"] == "RemoteActor")
    }

    /// Another target's global actor is one because its model says so, whatever its name;
    /// another target's type named like one is not.
    @Test func anotherTargetsGlobalActorIsReadFromItsModel() throws {
        let storage = SourceFile(path: "Sources/Storage/Storage.swift", moduleName: "Storage", text: """
            @globalActor public actor Persistence { public static let shared = Persistence() }
            @propertyWrapper public struct TracedActor<Value> { public var wrappedValue: Value }
            @Persistence public final class Ledger { public init() {} }
            """)
        let model = try PartialModelTests.roundTripped(PartialModel(files: [storage], moduleName: "Storage"))
        let app = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import Storage
            @Persistence final class Sync {}
            @TracedActor final class Traced {}
            """)
        let index = DeclarationIndex(files: [app], models: [model])
        #expect(index.declaration("Sync")?.globalActor == "Persistence")
        #expect(index.declaration("Ledger")?.globalActor == "Persistence")
        #expect(index.declaration("Traced")?.globalActor == nil)
    }

    /// A subclass with no attribute of its own is isolated as its superclass is.
    @Test func aSubclassHasItsSuperclasssGlobalActor() {
        let found = Self.actors("""
            @MainActor class Screen {}
            class ListScreen: Screen {}
            final class FeedScreen: ListScreen {}
            final class Plain {}
            """)
        #expect(found["ListScreen"] == "MainActor")
        #expect(found["FeedScreen"] == "MainActor")
        #expect(found["Plain"] == "-")
    }
}
