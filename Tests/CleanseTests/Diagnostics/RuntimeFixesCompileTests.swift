import Cleanse
import Foundation
import TestToolchain
import Testing

// The code that the runtime's own messages suggest (the errors of dynamic look-ups and the
// stop of an `@Injected` property read before injection, which cleansec never prints) compiles: each message is
// taken from a real run, the code cut out of it, and type-checked against the Cleanse
// module just built with the declarations the app below has.

private final class RemoteConfig: Sendable {
    static func fetch() async throws -> RemoteConfig { RemoteConfig() }
}
@MainActor
private final class HomeViewModel {
    init() {}
}
private final class SessionStore {}
private protocol AnalyticsClient: AnyObject {}
private final class SegmentClient: AnalyticsClient, PropertyInjectable {
    @Injected var sessions: Provider<SessionStore>
    static var injectedProperties: [InjectedProperty] {
        [.property(\SegmentClient._sessions, named: "sessions")]
    }
}

private struct LocatorModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(RemoteConfig.self).sharedInScope().to(factory: RemoteConfig.fetch)
        binder.bind(HomeViewModel.self).sharedInScope().to(factory: HomeViewModel.init)
        binder.bind(SessionStore.self).to(factory: SessionStore.init)
    }
}

/// A home screen made on the main actor, the root of its app.
private struct HomeApp: RootComponent {
    typealias Root = HomeViewModel
    static func configure(binder: Binder<Singleton>) {}
    static func configureRoot(binder bind: ReceiptBinder<HomeViewModel>) -> BindingReceipt<HomeViewModel> {
        bind.to(factory: HomeViewModel.init)
    }
}

private struct ConfigFetchFailed: Error {}

/// An app whose remote configuration cannot be fetched.
private struct OfflineApp: RootComponent {
    typealias Root = RemoteConfig
    static func configure(binder: Binder<Singleton>) {}
    static func configureRoot(binder bind: ReceiptBinder<RemoteConfig>) -> BindingReceipt<RemoteConfig> {
        bind.to { () async throws -> RemoteConfig in throw ConfigFetchFailed() }
    }
}

private struct LocatorApp: RootComponent {
    typealias Root = LegacyObjectGraph
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: LocatorModule.self)
    }
}

@Suite("The runtime's suggested code compiles", .enabled(if: FullSuite.isOn && CompilerProbe.builtModulesAreBeside, "\(FullSuite.skipReason)"))
struct RuntimeFixesCompileTests {
    /// The declarations the suggested code names, as the app above has them.
    static let declarations = """
        import Cleanse
        final class RemoteConfig: Sendable {}
        @MainActor final class HomeViewModel {}
        final class SessionStore {}
        protocol AnalyticsClient: AnyObject {}
        protocol P: AnyObject {}
        final class SegmentClient: AnalyticsClient, P, PropertyInjectable {
            @Injected var sessions: Provider<SessionStore>
            static var injectedProperties: [InjectedProperty] { [.property(\\SegmentClient._sessions, named: "sessions")] }
            init() {}
        }
        struct HomeApp: RootComponent {
            typealias Root = HomeViewModel
            static func configure(binder: Binder<Singleton>) {}
            static func configureRoot(binder bind: ReceiptBinder<HomeViewModel>) -> BindingReceipt<HomeViewModel> {
                bind.to(factory: HomeViewModel.init)
            }
        }

        """

    @Test("a look-up of an asynchronously made type suggests an await and a provider type that compile")
    func asynchronousLookUpFixesCompile() throws {
        let graph = try ComponentFactory.of(LocatorApp.self).build(())
        let error = try #require(throws: UnboundLookup.self) { try graph.object(RemoteConfig.self) }
        try Self.expectCompiles([
            (cut("\(error)", from: "try await graph.objectAsync(", through: ")"), .lookUp),
            (cut("\(error)", from: "AsyncProvider<", through: ">"), .type),
        ])
    }

    @Test("a look-up of a main-actor type off the main actor suggests an await that compiles")
    func mainActorLookUpFixCompiles() async throws {
        let graph = try ComponentFactory.of(LocatorApp.self).build(())
        let message = await Task.detached { () -> String in
            do {
                _ = try graph.object(HomeViewModel.self)
                return ""
            } catch {
                return "\(error)"
            }
        }.value
        #expect(message.contains("is made on the main actor"))
        try Self.expectCompiles([(cut(message, from: "try await graph.objectAsync(", through: ")"), .lookUp)])
    }

    @Test("a property read before injection suggests binding lines that compile")
    func notInjectedFixesCompile() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SegmentClient().sessions
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        try Self.expectCompiles([
            (cut(message, from: "bind(SegmentClient.self)", through: "SegmentClient.init)"), .configure),
            (cut(message, from: "bindPropertyInjectionOf(", through: "toInjectedProperties()"), .configure),
            (cut(message, from: "bind((any P).self).to {", through: "in object }"), .configure),
        ])
    }

    @Test("a factory's thrown error suggests a build that compiles")
    func factoryFailedFixCompiles() async throws {
        let factory = try ComponentFactory.of(OfflineApp.self)
        let error = await #expect(throws: FactoryFailed.self) { try await factory.buildAsync(()) }
        try Self.expectCompiles([(cut("\(error.map { "\($0)" } ?? "")", from: "try await factory.buildAsync(", through: ")"), .building)])
    }

    @Test("a main-actor root built off the main actor stops with builds that compile")
    func mainActorRootBuiltSynchronouslyFixesCompile() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try ComponentFactory.of(HomeApp.self).build(())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("[Cleanse/AsyncBuildRequired]"), "\(message)")
        try Self.expectCompiles([
            (cut(message, from: "try factory.buildOnMainActor(", through: ")"), .buildingOnMainActor),
            (cut(message, from: "try await factory.buildAsync(", through: ")"), .building),
        ])
    }

    /// Where a piece of suggested code goes to be compiled.
    enum Context {
        /// A statement in a module's `configure(binder:)` (`binder.` added when missing).
        case configure
        /// A statement given a `LegacyObjectGraph` named `graph`, in an async function.
        case lookUp
        /// A type.
        case type
        /// A statement given `factory`, the factory of `HomeApp`, and its `seed`, in an async
        /// function; on the main actor for the second.
        case building, buildingOnMainActor
    }

    /// Type-checks each piece of code in its context, with the declarations.
    static func expectCompiles(_ pieces: [(code: String?, context: Context)]) throws {
        var source = declarations
        for (number, piece) in pieces.enumerated() {
            let code = try #require(piece.code, "a fix without the expected code")
            switch piece.context {
            case .configure:
                let statement = code.hasPrefix("binder.") ? code : "binder." + code
                source += "func suggested\(number)(binder: Binder<Singleton>) {\n    _ = \(statement)\n}\n"
            case .lookUp:
                source += "func suggested\(number)(graph: LegacyObjectGraph) async throws {\n    _ = \(code)\n}\n"
            case .type:
                source += "typealias Suggested\(number) = \(code)\n"
            case .building:
                source += "func suggested\(number)(factory: ComponentFactory<HomeApp>, seed: Void) async throws {\n    _ = \(code)\n}\n"
            case .buildingOnMainActor:
                source += "@MainActor func suggested\(number)(factory: ComponentFactory<HomeApp>, seed: Void) throws {\n    _ = \(code)\n}\n"
            }
        }
        let output = try CompilerProbe(loadsMacros: false).typecheck(source, flags: ["-enable-upcoming-feature", "ExistentialAny"]).output
        #expect(!output.contains("error:") && !output.contains("#ExistentialAny"), "the suggested code does not compile:\n\(source)\n\(output)")
    }
}

/// `text` from the first `start` through the first `end` after it.
private func cut(_ text: String, from start: String, through end: String) -> String? {
    guard let lower = text.range(of: start)?.lowerBound,
          let upper = text.range(of: end, range: text.index(lower, offsetBy: start.count)..<text.endIndex)?.upperBound
    else { return nil }
    return String(text[lower..<upper])
}
