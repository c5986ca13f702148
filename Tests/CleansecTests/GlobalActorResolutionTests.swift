@testable import CleansecCore
import CleanseGraph
import Foundation
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
        // Declared nowhere cleansec reads: no name decides; a declared macro is none.
        #expect(found["Remote"] == "-")
        #expect(found["Tracked"] == "-")
    }

    /// An attribute nothing cleansec reads declares may be a global actor: the isolation of
    /// what it marks is unread, whatever its name; a macro the sources or a common framework
    /// declare is none, and a global actor nested where the attribute is written is found.
    @Test func anAttributeDeclaredNowhereLeavesTheIsolationUnread() {
        let index = DeclarationIndex(files: [SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import Observation
            import Distributed
            @attached(member) macro Tracked() = #externalMacro(module: "M", type: "T")
            @RemoteActor final class Remote {}
            @Persistence final class Ledger {}
            @Tracked final class Audited {}
            @Observable final class Model {}
            enum Shop {
                @globalActor actor RenderActor { static let shared = RenderActor() }
                @RenderActor final class Renderer {}
            }
            """)])
        #expect(index.declaration("Remote")?.isolationUnreadThrough == "@RemoteActor")
        #expect(index.declaration("Ledger")?.isolationUnreadThrough == "@Persistence")
        #expect(index.declaration("Audited")?.isolationUnreadThrough == nil)
        #expect(index.declaration("Model")?.isolationUnreadThrough == nil)
        #expect(index.declaration("Shop.Renderer")?.globalActor == "RenderActor")
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

    /// A type is isolated by the protocols its own declaration conforms to, directly or
    /// through a refinement; not by a conformance an extension adds, nor by two protocols of
    /// different actors, nor beside an isolated or `nonisolated` superclass, nor when marked
    /// `nonisolated` (as
    /// `swiftc -swift-version 6` decides).
    @Test func aTypeHasItsProtocolsGlobalActor() {
        let found = Self.actors("""
            @globalActor actor Storage { static let shared = Storage() }
            @MainActor protocol Presentable {}
            protocol Alert: Presentable {}
            @Storage protocol Persisted {}
            final class Sheet: Presentable {}
            struct Banner: Alert {}
            final class Preview {}
            extension Preview: Presentable {}
            final class Draft: Presentable, Persisted {}
            enum Region: String, Presentable { case eu }
            @MainActor class MainBase {}
            class PlainBase {}
            nonisolated class DetachedBase {}
            final class Synced: MainBase, Persisted {}
            final class Listed: PlainBase, Presentable {}
            final class Exported: DetachedBase, Presentable {}
            nonisolated struct Toast: Presentable {}
            protocol Constrained where Self: Presentable {}
            final class Popover: Constrained {}
            final class Tooltip: Presentable & Sendable, ~Copyable {}
            """)
        #expect(found["Sheet"] == "MainActor")
        #expect(found["Banner"] == "MainActor")
        #expect(found["Alert"] == "MainActor")
        #expect(found["Region"] == "MainActor")
        #expect(found["Preview"] == "-")
        #expect(found["Draft"] == "-")
        // An isolated superclass, or one marked `nonisolated`, decides alone; one with no
        // isolation leaves it to the protocols.
        #expect(found["Synced"] == "MainActor")
        #expect(found["Listed"] == "MainActor")
        #expect(found["Exported"] == "-")
        #expect(found["Toast"] == "-")
        #expect(found["Popover"] == "MainActor")
        #expect(found["Tooltip"] == "MainActor")
    }

    /// A name in the inheritance clause that nothing cleansec reads declares leaves the
    /// isolation unread; the standard library's, Cleanse's and `NSObject` isolate nothing.
    @Test func anUnreadSuperclassLeavesTheIsolationUnread() {
        let index = DeclarationIndex(files: [SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import UIKit
            import Cleanse
            final class FeedViewController: UITableViewController {}
            final class DetailViewController: UIViewController, PropertyInjectable {}
            @MainActor final class MarkedViewController: UIViewController {}
            final class Settings: NSObject, PropertyInjectable, Codable {}
            enum Region: String, CaseIterable { case eu }
            struct AppModule: Module {}
            """)])
        #expect(index.declaration("FeedViewController")?.isolationUnreadThrough == "UITableViewController")
        #expect(index.declaration("DetailViewController")?.isolationUnreadThrough == "UIViewController")
        #expect(index.declaration("MarkedViewController")?.isolationUnreadThrough == nil)
        for path in ["Settings", "Region", "AppModule"] {
            #expect(index.declaration(path)?.isolationUnreadThrough == nil, "\(path)")
            #expect(index.declaration(path)?.globalActor == nil, "\(path)")
        }
    }

    /// Another target's type whose isolation that target could not read stays unread in a
    /// dependent, as it is when the whole program is read, and so do its subclasses there.
    @Test func anotherTargetsUnreadIsolationStaysUnread() throws {
        let screens = SourceFile(path: "Sources/Screens/Feed.swift", moduleName: "Screens", text: """
            import UIKit
            open class FeedViewController: UITableViewController {}
            """)
        let app = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import Screens
            final class PhotoFeedViewController: FeedViewController {}
            """)
        let model = try PartialModelTests.roundTripped(PartialModel(files: [screens], moduleName: "Screens"))
        let byTarget = DeclarationIndex(files: [app], models: [model])
        let whole = DeclarationIndex(files: [screens, app])
        for index in [byTarget, whole] {
            #expect(index.declaration("FeedViewController")?.isolationUnreadThrough == "UITableViewController")
            #expect(index.declaration("PhotoFeedViewController")?.isolationUnreadThrough == "UITableViewController")
        }
    }

    /// A global actor another target nests, or that a dependent's own type shares the name
    /// of, still isolates that target's types in the dependent.
    @Test func anotherTargetsResolvedActorStaysResolved() throws {
        let storage = SourceFile(path: "Sources/Storage/Storage.swift", moduleName: "Storage", text: """
            public enum Shop {
                @globalActor public actor RenderActor { public static let shared = RenderActor() }
                @RenderActor public final class Renderer { public init() {} }
            }
            @globalActor public actor Database { public static let shared = Database() }
            @Database public final class Ledger { public init() {} }
            """)
        let app = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import Storage
            struct Database {}
            """)
        let model = try PartialModelTests.roundTripped(PartialModel(files: [storage], moduleName: "Storage"))
        let index = DeclarationIndex(files: [app], models: [model])
        #expect(index.declaration("Shop.Renderer")?.globalActor == "RenderActor")
        #expect(index.declaration("Shop.Renderer")?.isolationUnreadThrough == nil)
        let ledger = index.declaration("Ledger") ?? index.declaration("Storage::Ledger")
        #expect(ledger?.globalActor == "Database")
    }

    /// `BuiltInNames.protocols` is every public protocol `Sources/Cleanse` declares.
    @Test func cleansesProtocolsAreListed() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources/Cleanse")
        var declared: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("public protocol ") else { continue }
                declared.insert(String(trimmed.dropFirst("public protocol ".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
            }
        }
        #expect(declared == BuiltInNames.protocols)
    }
}
