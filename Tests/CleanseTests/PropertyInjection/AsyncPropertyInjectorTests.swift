import Cleanse
import Testing

// Property injection whose injector is `async` or throws: its dependencies are awaited when
// it injects, so they may be asynchronous bindings.

private final class Database: Sendable {
    static let built = CallCounter()
    let url: String
    init(url: String) async {
        await Task.yield()
        self.url = url
        Database.built.next()
    }
}

/// Unshared: made anew for each injection.
private final class Session: Sendable {}

private actor ReportJob {
    var database: Database?
    var session: Session?
    var title: String?
    func inject(database: Database, session: Session, title: String) {
        self.database = database
        self.session = session
        self.title = title
    }
}

/// A synchronous factory may take the injector: it is made at once, and awaits its
/// dependencies only when it injects.
private struct Scheduler: Sendable {
    let jobs: AsyncPropertyInjector<ReportJob>
}

private struct ReportModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(String.self).to(value: "daily")
        binder.bind(Session.self).to(factory: Session.init)
        binder.bind(Database.self).sharedInScope().to { () async -> Database in await Database(url: "sqlite://reports") }
        binder.bindPropertyInjectionOf(ReportJob.self).to { (job: ReportJob, database: Database, session: Session, title: String) async in
            await job.inject(database: database, session: session, title: title)
        }
        binder.bind(Scheduler.self).to(factory: Scheduler.init)
    }
}

private struct Unreachable: Error {}

private actor Mailbox {
    var address: String?
    func set(_ address: String) { self.address = address }
}

private struct FailingModule: Cleanse.Module {
    static let injectorLine = #line + 4
    static let databaseLine = #line + 6
    static func configure(binder: Binder<Singleton>) {
        binder.bind(String.self).to(value: "mail@example.com")
        binder.bindPropertyInjectionOf(Mailbox.self).to { (mailbox: Mailbox, address: String) async throws in
            throw Unreachable()
        }
        binder.bind(Database.self).to { () async throws -> Database in throw Unreachable() }
        binder.bindPropertyInjectionOf(ReportJob.self).to { (job: ReportJob, database: Database) async in
            await job.inject(database: database, session: Session(), title: "never")
        }
    }
}

@MainActor
private final class SettingsScreen {
    var database: Database?
}

private struct ScreenModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Database.self).sharedInScope().to { () async -> Database in await Database(url: "sqlite://settings") }
        binder.bindPropertyInjectionOf(SettingsScreen.self).to { (screen: SettingsScreen, database: Database) async in
            await MainActor.run { screen.database = database }
        }
    }
}

@Suite("Asynchronous property injection")
struct AsyncPropertyInjectorTests {
    @Test("an async injector awaits its asynchronous dependencies when it injects, and resolves them anew each time")
    func injectsAwaitedDependencies() async throws {
        let scheduler = try ComponentFactory.of(ModuleComponent<ReportModule, Scheduler>.self).build(())
        let first = ReportJob()
        let second = ReportJob()
        try await scheduler.jobs.injectProperties(into: first)
        try await scheduler.jobs.injectProperties(into: second)
        #expect(await first.title == "daily")
        #expect(await first.database?.url == "sqlite://reports")
        // The shared database is made once per component instance; the session per injection.
        #expect(await first.database === second.database)
        #expect(await first.session !== second.session)
    }

    @Test("errors thrown by the injector or a dependency reach the caller as FactoryFailed with their binding's line")
    func failuresNameTheirBinding() async throws {
        let mailboxes = try ComponentFactory.of(ModuleComponent<FailingModule, AsyncPropertyInjector<Mailbox>>.self).build(())
        await #expect {
            try await mailboxes.injectProperties(into: Mailbox())
        } throws: { error in
            let failure = error as? FactoryFailed
            return failure?.location.line == FailingModule.injectorLine && failure?.underlying is Unreachable
        }
        let jobs = try ComponentFactory.of(ModuleComponent<FailingModule, AsyncPropertyInjector<ReportJob>>.self).build(())
        await #expect {
            try await jobs.injectProperties(into: ReportJob())
        } throws: { error in
            let failure = error as? FactoryFailed
            return failure?.key == BindingKey(Database.self) && failure?.location.line == FailingModule.databaseLine
        }
    }

    @Test("a main-actor class is injected by an async injector")
    @MainActor
    func mainActorTarget() async throws {
        let injector = try ComponentFactory.of(ModuleComponent<ScreenModule, AsyncPropertyInjector<SettingsScreen>>.self).build(())
        let screen = SettingsScreen()
        try await injector.injectProperties(into: screen)
        #expect(screen.database?.url == "sqlite://settings")
    }

    @Test("the export marks the injector asynchronous")
    func exportShowsEffect() throws {
        let json = GraphExport.json(of: ModuleComponent<ReportModule, Scheduler>.self)
        #expect(json.contains("AsyncPropertyInjector<ReportJob>"))
        #expect(json.contains("\"effect\":\"async\""))
    }
}
