import Cleanse
import Testing

// A component factory's `build` used as a value, as Cleanse 4 code uses it: kept in a
// variable and called later, passed where a function is expected, for a component without
// a seed and for a subcomponent seeded with a tagged provider. The Swift 5 language mode
// twin is CleanseSwift5Tests/BuildAsAValueTests.swift.

/// A coordinator app: the root keeps the factory of a per-user session.
enum BuildAsAValue {
    struct UserID: Cleanse.Tag { typealias Element = Int }

    final class Session {
        let user: Int
        init(user: TaggedProvider<UserID>) { self.user = user.get() }
    }

    struct SessionComponent: Cleanse.Component {
        typealias Root = Session
        typealias Seed = TaggedProvider<UserID>
        static func configure(binder: Binder<Unscoped>) {}
        static func configureRoot(binder bind: ReceiptBinder<Session>) -> BindingReceipt<Session> {
            bind.to(factory: Session.init)
        }
    }

    final class Coordinator {
        let sessions: ComponentFactory<SessionComponent>
        init(sessions: ComponentFactory<SessionComponent>) { self.sessions = sessions }
    }

    struct AppComponent: RootComponent {
        typealias Root = Coordinator
        static func configure(binder: Binder<Unscoped>) {
            binder.install(dependency: SessionComponent.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<Coordinator>) -> BindingReceipt<Coordinator> {
            bind.to(factory: Coordinator.init)
        }
    }
}

@Suite struct BuildAsAValueTests {
    typealias App = BuildAsAValue.AppComponent

    @Test func buildKeptInAVariableBuildsANewRootOnEachCall() throws {
        let make = try ComponentFactory.of(App.self).build
        let first = make(()), second = make()
        #expect(first !== second)
    }

    @Test func aSubcomponentsBuildKeptInAVariableTakesItsSeedOrTheSeedsValue() throws {
        let makeSession = try ComponentFactory.of(App.self).build().sessions.build
        #expect(makeSession(7).user == 7)
        #expect(makeSession(TaggedProvider<BuildAsAValue.UserID>(value: 8)).user == 8)
    }

    @Test func buildPassedWhereAFunctionIsExpectedIsTheSeedToRootFunction() throws {
        let factory = try ComponentFactory.of(App.self)
        let coordinators = [(), ()].map(factory.build)
        #expect(coordinators[0] !== coordinators[1])
        let typed: (TaggedProvider<BuildAsAValue.UserID>) -> BuildAsAValue.Session = coordinators[0].sessions.build
        #expect(typed(TaggedProvider(value: 3)).user == 3)
    }

    /// `ComponentFactory.of` has defaulted parameters Cleanse 4's did not (an observer, the
    /// call's location), so as a value its function type differs: the migration guide's fix
    /// is a closure, which compiles here.
    @Test func ofKeptAsAClosureMakesAFactory() throws {
        let makeFactory: (App.Type, Bool) throws -> ComponentFactory<App> = { try ComponentFactory.of($0, validate: $1) }
        #expect(try makeFactory(App.self, true).build().sessions.build(2).user == 2)
    }
}
