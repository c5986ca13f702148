import Cleanse
import Testing

// An analytics wrapper around a vendor SDK, with its session injected as a property, bound
// behind its protocol as apps commonly do: the graph sees only the protocol, so nothing fills
// the property, and the first read stops with where it is declared.
private protocol Analytics: AnyObject {
    func track(_ event: String) -> String
}
private final class AnalyticsSession {
    let identifier = "session-1"
}

private final class VendorAnalytics: Analytics, PropertyInjectable {
    static let sessionLine = #line + 1
    @Injected var session: Provider<AnalyticsSession>

    static var injectedProperties: [InjectedProperty] {
        [.property(\VendorAnalytics._session, named: "session")]
    }

    func track(_ event: String) -> String { "\(session.get().identifier): \(event)" }
}

private struct AnalyticsModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(AnalyticsSession.self).sharedInScope().to(factory: AnalyticsSession.init)
        binder.bind((any Analytics).self).to(factory: VendorAnalytics.init)
    }
}

/// The same wrapper bound as itself, with the protocol bound to it: filled.
private struct FilledAnalyticsModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(AnalyticsSession.self).sharedInScope().to(factory: AnalyticsSession.init)
        binder.bind(VendorAnalytics.self).to(factory: VendorAnalytics.init)
        binder.bind((any Analytics).self).to { (analytics: VendorAnalytics) in analytics }
    }
}

@Suite("Reading an @Injected property before injection")
struct NotInjectedTests {
    @Test("reading a property nothing injected stops naming its class, its type and its declaration's line")
    func readBeforeInjectionNamesTheDeclaration() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let analytics = try ComponentFactory.of(ModuleComponent<AnalyticsModule, any Analytics>.self).build(())
            _ = analytics.track("launch")
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("[Cleanse/NotInjected] the @Injected property of type 'Provider<AnalyticsSession>' declared in 'VendorAnalytics' at CleanseTests/NotInjectedTests.swift:\(VendorAnalytics.sessionLine)"))
        #expect(message.contains("bind((any P).self).to { (object: VendorAnalytics) in object }"))
    }

    @Test("the class bound as itself and its protocol bound to it is filled")
    func protocolBoundToTheClassIsFilled() throws {
        let analytics = try ComponentFactory.of(ModuleComponent<FilledAnalyticsModule, any Analytics>.self).build(())
        #expect(analytics.track("launch") == "session-1: launch")
    }
}
