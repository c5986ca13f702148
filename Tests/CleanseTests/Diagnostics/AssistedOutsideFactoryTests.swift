import Cleanse
import Testing

// `Assisted<T>` asked for by a plain binding: its own error, whose fix (an assisted
// factory) is written here as the message spells it and completes the graph.

private final class ProfileAPI {}

/// A screen made for one user name, which its caller passes.
private final class ProfileScreen {
    let userName: String
    init(userName: Assisted<String>, api: ProfileAPI) { self.userName = userName.get() }
}

private final class ProfileCoordinator {
    let screen: ProfileScreen
    init(screen: ProfileScreen) { self.screen = screen }
}

private struct MistakenProfileComponent: RootComponent {
    typealias Root = ProfileCoordinator
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(ProfileAPI.self).to(factory: ProfileAPI.init)
        binder.bind(ProfileScreen.self).to(factory: ProfileScreen.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<ProfileCoordinator>) -> BindingReceipt<ProfileCoordinator> {
        bind.to(factory: ProfileCoordinator.init)
    }
}

/// The fix, as the message writes it.
extension ProfileScreen {
    struct AssistedFactory: Cleanse.AssistedFactory { typealias Seed = String; typealias Element = ProfileScreen }
}

private final class FixedProfileCoordinator {
    let screen: ProfileScreen
    init(screens: Factory<ProfileScreen.AssistedFactory>) { screen = screens.build("ada") }
}

private struct FixedProfileComponent: RootComponent {
    typealias Root = FixedProfileCoordinator
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(ProfileAPI.self).to(factory: ProfileAPI.init)
        binder.bindFactory(ProfileScreen.self).with(ProfileScreen.AssistedFactory.self).to(factory: ProfileScreen.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<FixedProfileCoordinator>) -> BindingReceipt<FixedProfileCoordinator> {
        bind.to(factory: FixedProfileCoordinator.init)
    }
}

@Suite struct AssistedOutsideFactoryTests {
    @Test func assistedAskedForByAPlainBindingIsItsOwnErrorWithTheAssistedFactoryAsFix() throws {
        var caught: [any CleanseError] = []
        do {
            _ = try ComponentFactory.of(MistakenProfileComponent.self)
        } catch let error as MultiError {
            caught = error.errors
        } catch let error as any CleanseError {
            caught = [error]
        }
        #expect(caught.map(\.diagnosticID) == [.assistedOutsideFactory], "\(caught)")
        let text = caught.first?.description ?? ""
        #expect(!text.contains("binder.bind(Assisted<String>.self)"), "\(text)")
        #expect(text.contains("'ProfileScreen' takes 'Assisted<String>', which only an assisted factory supplies"), "\(text)")
        #expect(text.contains("typealias Seed = String; typealias Element = ProfileScreen"), "\(text)")
        #expect(text.contains("binder.bindFactory(ProfileScreen.self).with(ProfileScreen.AssistedFactory.self).to(factory: …)"), "\(text)")
        #expect(text.contains("request Factory<ProfileScreen.AssistedFactory>"), "\(text)")
        // Applied as written (the factory given as before), the fix builds.
        #expect(try ComponentFactory.of(FixedProfileComponent.self).build(()).screen.userName == "ada")
    }
}
