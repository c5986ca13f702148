import Cleanse
import Testing

// An app that kept its Objective-C-era service locator while moving to async start-up: the
// feature flags load over the network, the home screen's model lives on the main actor, and
// old code still asks the graph for classes by name.

private final class FeatureFlags: Sendable {
    let newCheckout: Bool
    init(newCheckout: Bool) { self.newCheckout = newCheckout }
    static func fetch() async throws -> FeatureFlags { FeatureFlags(newCheckout: true) }
}

@MainActor
private final class HomeViewModel {
    static var made = 0
    init() { HomeViewModel.made += 1 }
}

@MainActor
private final class CheckoutViewModel {
    let flags: FeatureFlags
    init(flags: FeatureFlags) { self.flags = flags }
}

private final class Analytics {}

private struct ServiceLocatorModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(FeatureFlags.self).sharedInScope().to(factory: FeatureFlags.fetch)
        binder.bind(HomeViewModel.self).sharedInScope().to(factory: HomeViewModel.init)
        binder.bind(CheckoutViewModel.self).to(factory: CheckoutViewModel.init)
        binder.bind(Analytics.self).sharedInScope().to(factory: Analytics.init)
        binder.bind(FeatureFlags.self).tagged(with: StagingFlags.self).sharedInScope().to(factory: FeatureFlags.fetch)
    }
}

/// The flags of the staging environment, fetched too.
private struct StagingFlags: Cleanse.Tag { typealias Element = FeatureFlags }

private struct LocatorApp: RootComponent {
    typealias Root = LegacyObjectGraph
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ServiceLocatorModule.self)
    }
}

@Suite("LegacyObjectGraph look-ups of asynchronous and main-actor bindings")
struct LegacyLookupIsolationTests {
    @Test("a synchronous look-up of an asynchronously made type throws UnboundLookup naming the binding, and objectForClass answers nil")
    func asynchronousBindingIsNotMadeSynchronously() throws {
        let graph = try ComponentFactory.of(LocatorApp.self).build(())
        #expect(graph.objectForClass(cls: FeatureFlags.self) == nil)
        #expect(graph.providerForClass(cls: FeatureFlags.self)() == nil)
        do {
            _ = try graph.object(FeatureFlags.self)
            Issue.record("expected an UnboundLookup")
        } catch let error as UnboundLookup {
            guard case .madeAsynchronously(let location, let cause, _) = error.reason else {
                Issue.record("unexpected reason \(error.reason)")
                return
            }
            #expect(cause.type == TypeIdentity(FeatureFlags.self))
            #expect("\(location)".contains("LegacyLookupIsolationTests.swift:30"))
            #expect("\(error)".contains("[Cleanse/UnboundLookup]"))
            #expect("\(error)".contains("objectAsync(FeatureFlags.self)"))
        }
        // Synchronous bindings beside it are still served.
        #expect(graph.objectForClass(cls: Analytics.self) != nil)
    }

    @Test("a tagged look-up of an asynchronously made type suggests awaiting that tagged binding, and no untagged provider")
    func taggedAsynchronousLookUpKeepsItsTagInTheFix() async throws {
        let graph = try ComponentFactory.of(LocatorApp.self).build(())
        let error = try #require(throws: UnboundLookup.self) { try graph.object(FeatureFlags.self, taggedWithName: "StagingFlags") }
        let message = "\(error)"
        #expect(message.contains("To fix: await it with try await graph.objectAsync(FeatureFlags.self, taggedWithName: \"StagingFlags\")"), "\(message)")
        #expect(!message.contains("AsyncProvider<"), "a provider request would name the untagged binding: \(message)")
        // The suggested call serves it.
        let flags = try await graph.objectAsync(FeatureFlags.self, taggedWithName: "StagingFlags")
        #expect(flags.newCheckout)
    }

    @Test("a main-actor model that needs an asynchronous binding names that binding as the cause")
    func mainActorModelNeedingAsyncBinding() throws {
        let graph = try ComponentFactory.of(LocatorApp.self).build(())
        #expect(throws: UnboundLookup.self) { try graph.object(CheckoutViewModel.self) }
        do {
            _ = try graph.object(CheckoutViewModel.self)
        } catch let error as UnboundLookup {
            guard case .madeAsynchronously(let location, let cause, let causeLocation) = error.reason else {
                Issue.record("unexpected reason \(error.reason)")
                return
            }
            #expect("\(location)".contains(":32"))
            #expect(cause.type == TypeIdentity(FeatureFlags.self))
            #expect("\(causeLocation)".contains(":30"))
            #expect("\(error)".contains("'FeatureFlags', bound at"))
        }
    }

    @Test("objectAsync awaits what a synchronous look-up cannot make, once for a shared binding")
    func objectAsyncAwaitsAsynchronousBindings() async throws {
        let graph = try ComponentFactory.of(LocatorApp.self).build(())
        let flags = try await graph.objectAsync(FeatureFlags.self)
        #expect(try await graph.objectAsync(FeatureFlags.self) === flags)
        let checkout = try await graph.objectAsync(CheckoutViewModel.self)
        #expect(await MainActor.run { checkout.flags } === flags)
        let analytics = try await graph.objectAsync(Analytics.self)
        #expect(graph.objectForClass(cls: Analytics.self) === analytics)
        await #expect(throws: UnboundLookup.self) { try await graph.objectAsync(String.self) }
    }

    @Test("a main-actor type looked up off the main actor throws instead of dying in assumeIsolated")
    func mainActorTypeOffTheMainActor() async throws {
        let graph = try ComponentFactory.of(LocatorApp.self).build(())
        let outcome = await Task.detached { () -> (String, Bool) in
            let described: String
            do {
                _ = try graph.object(HomeViewModel.self)
                described = "made"
            } catch {
                described = "\(error)"
            }
            return (described, graph.objectForClass(cls: HomeViewModel.self) == nil)
        }.value
        #expect(outcome.0.contains("[Cleanse/UnboundLookup] 'HomeViewModel', bound at"))
        #expect(outcome.0.contains("is made on the main actor"))
        #expect(outcome.1)
        // Awaited, it is made on the main actor, once.
        let model = try await graph.objectAsync(HomeViewModel.self)
        let again = try await Task.detached { try await graph.objectAsync(HomeViewModel.self) }.value
        #expect(model === again)
    }

    @MainActor
    @Test("from main-actor code the typed look-up makes the model synchronously, once")
    func mainActorTypeOnTheMainActor() throws {
        let graph = try ComponentFactory.of(LocatorApp.self).build(())
        let before = HomeViewModel.made
        let model = try graph.object(HomeViewModel.self)
        #expect(try graph.object(HomeViewModel.self) === model)
        #expect(HomeViewModel.made == before + 1)
    }
}
