import Cleanse
import Testing

// Contributions made by `async` or throwing factories: the collection they join becomes
// asynchronous, and is requested the way any asynchronous binding is.

private protocol Check: Sendable {
    var name: String { get }
}

private struct NamedCheck: Check {
    let name: String
}

private struct Database: Sendable {
    let url: String
}

/// A shared asynchronous contribution, counting how often it is made.
private final class WarmCache: Check {
    static let built = CallCounter()
    let name = "cache"
    init() async {
        await Task.yield()
        WarmCache.built.next()
    }
}

private struct WarmCacheModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any Check).self).intoCollection().to(value: NamedCheck(name: "disk"))
        binder.bind((any Check).self).intoCollection().sharedInScope().to { () async -> any Check in await WarmCache() }
    }
}

private struct ChecksModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Database.self).to(value: Database(url: "sqlite://memory"))
        binder.bind((any Check).self).intoCollection().to(value: NamedCheck(name: "disk"))
        binder.bind((any Check).self).intoCollection().to { (database: Database) async throws -> any Check in
            try await Task.sleep(nanoseconds: 1_000_000)
            return NamedCheck(name: "database \(database.url)")
        }
        binder.bind((any Check).self).intoCollection().sharedInScope().to { () async -> any Check in
            await Task.yield()
            return NamedCheck(name: "cache")
        }
        binder.bind((any Check).self).intoCollection().to { NamedCheck(name: "memory") }
    }
}

private struct Health: Sendable {
    let checks: [any Check]
    let later: AsyncProvider<[any Check]>
}

private struct HealthComponent: RootComponent {
    typealias Root = Health
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ChecksModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Health>) -> BindingReceipt<Health> {
        // An asynchronous factory requests the asynchronous collection directly.
        bind.to { (checks: [any Check], later: AsyncProvider<[any Check]>) async in
            Health(checks: checks, later: later)
        }
    }
}

/// A synchronous factory that requests the asynchronous collection directly: a mistake.
private struct SyncReport {
    let checks: [any Check]
}

private struct MisusedChecksModule: Cleanse.Module {
    static let asyncLine = #line + 3
    static let reportLine = #line + 3
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any Check).self).intoCollection().to { () async -> any Check in NamedCheck(name: "slow") }
        binder.bind(SyncReport.self).to(factory: SyncReport.init)
    }
}

// A subcomponent adds a synchronous contribution to its parent's asynchronous collection.
private struct ChildScope: Scope {}

private struct ChildChecks: Sendable {
    let checks: AsyncProvider<[any Check]>
}

private struct ChildComponent: Cleanse.Component {
    typealias Root = ChildChecks
    static func configure(binder: Binder<ChildScope>) {
        binder.bind((any Check).self).intoCollection().to(value: NamedCheck(name: "child"))
    }
    static func configureRoot(binder bind: ReceiptBinder<ChildChecks>) -> BindingReceipt<ChildChecks> {
        bind.to(factory: ChildChecks.init)
    }
}

private struct ParentComponent: RootComponent {
    typealias Root = ComponentFactory<ChildComponent>
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ChecksModule.self)
        binder.install(dependency: ChildComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ComponentFactory<ChildComponent>>) -> BindingReceipt<ComponentFactory<ChildComponent>> {
        bind.to { (factory: ComponentFactory<ChildComponent>) in factory }
    }
}

private struct Broken: Error {}

private struct FailingEntriesModule: Cleanse.Module {
    static let failingLine = #line + 3
    static func configure(binder: Binder<Singleton>) {
        binder.bind(String.self).intoDictionary(key: "fine").to(value: "ok")
        binder.bind(String.self).intoDictionary(key: "broken").to { () async throws -> String in throw Broken() }
        binder.bind(Int.self).intoSet().to { () async -> Int in 2 }
        binder.bind(Int.self).intoSet().to(value: 1)
    }
}

@MainActor
private final class Badge {
    let label: String
    init() { label = "on the main actor" }
}

private struct MainActorEntriesModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        // A factory isolated to the main actor contributes through the asynchronous form.
        binder.bind(String.self).intoCollection().to { @MainActor () -> String in
            MainActor.assertIsolated()
            return Badge().label
        }
    }
}

@Suite("Asynchronous collection contributions")
struct AsyncContributionTests {
    @Test("async and synchronous contributions are joined in the order they were written")
    func joinedInOrder() async throws {
        let health = try await ComponentFactory.of(HealthComponent.self).buildAsync(())
        #expect(health.checks.map(\.name) == ["disk", "database sqlite://memory", "cache", "memory"])
        #expect(try await health.later.get().map(\.name) == health.checks.map(\.name))
    }

    @Test("a shared asynchronous contribution is made once per component instance")
    func sharedContributionMadeOnce() async throws {
        let checks = try ComponentFactory.of(ModuleComponent<WarmCacheModule, AsyncProvider<[any Check]>>.self).build(())
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask { _ = try await checks.get() }
            }
            try await group.waitForAll()
        }
        #expect(WarmCache.built.value == 1)
    }

    @Test("a synchronous factory that requests a collection with an async contribution is a validation error")
    func synchronousRequestRejected() throws {
        let error = #expect(throws: (any Error).self) {
            _ = try ComponentFactory.of(ModuleComponent<MisusedChecksModule, SyncReport>.self)
        }
        let errors: [any Error] = (error as? MultiError)?.errors ?? error.map { [$0] } ?? []
        #expect(errors.count == 1)
        let found = try #require(errors.first as? AsyncRequestedSynchronously)
        #expect(found.key == BindingKey([any Check].self))
        #expect(found.bindingLocation.line == MisusedChecksModule.asyncLine)
        #expect(found.requestLocation.line == MisusedChecksModule.reportLine)
        #expect(found.description.contains("has a contribution that is asynchronous, at CleanseTests/AsyncContributionTests.swift:\(MisusedChecksModule.asyncLine)"))
        #expect(found.description.contains("request AsyncProvider<Array<Check>>"))
    }

    @Test("a subcomponent's collection awaits the asynchronous contributions it inherits")
    func subcomponentInheritsAsyncContributions() async throws {
        let childFactory = try ComponentFactory.of(ParentComponent.self).build(())
        let child = childFactory.build(())
        let names = try await child.checks.get().map(\.name)
        #expect(names == ["disk", "database sqlite://memory", "cache", "memory", "child"])
    }

    @Test("dictionary and set entries may be asynchronous; a throwing entry fails the collection with its location")
    func dictionaryAndSetEntries() async throws {
        let set = try ComponentFactory.of(ModuleComponent<FailingEntriesModule, AsyncProvider<Set<Int>>>.self).build(())
        #expect(try await set.get() == [1, 2])
        let dictionary = try ComponentFactory.of(ModuleComponent<FailingEntriesModule, AsyncProvider<[String: String]>>.self).build(())
        await #expect {
            _ = try await dictionary.get()
        } throws: { error in
            guard let failure = error as? FactoryFailed else { return false }
            return failure.location.line == FailingEntriesModule.failingLine && failure.underlying is Broken
        }
    }

    @Test("a main-actor factory contributes, and runs on the main actor")
    func mainActorContribution() async throws {
        let labels = try ComponentFactory.of(ModuleComponent<MainActorEntriesModule, AsyncProvider<[String]>>.self).build(())
        #expect(try await labels.get() == ["on the main actor"])
    }
}
