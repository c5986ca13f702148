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
}
