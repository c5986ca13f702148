import CleanseMacros

/// A profile screen from a storyboard (main-actor through its UIKit superclass, filled on the
/// main actor by its injector) and a report job made by an `async` factory, both with
/// `@Injected` properties, one of each unbound.
public enum MainActorScreens {
    /// A stand-in for UIKit's view controller: its subclasses are isolated to the main actor.
    @MainActor
    class UIViewController {}

    final class ProfileService: Sendable {}
    final class AvatarCache {}
    @MainActor
    final class ThemeController {}

    @Injectable(mainActor: true)
    final class ProfileViewController: UIViewController {
        @Injected var service: ProfileService
        @Injected var theme: ThemeController
        @Injected var avatars: AvatarCache // expect: MissingBinding
    }

    actor Database {
        static func connect() async -> Database { Database() }
    }
    final class Exporter {}
    final class ReportSigner {}

    @Injectable
    final class ReportJob {
        let database: Database
        @Injected var exporter: Exporter
        @Injected var signer: ReportSigner // expect: MissingBinding
        init(database: Database) { self.database = database }
    }

    final class ProfileCoordinator {
        init(profile: MainActorPropertyInjector<ProfileViewController>, reports: AsyncProvider<ReportJob>) {}
    }

    struct AppComponent: RootComponent {
        typealias Root = ProfileCoordinator
        static func configure(binder: Binder<Singleton>) {
            binder.bind(ProfileService.self).sharedInScope().to(factory: ProfileService.init)
            binder.bind(ThemeController.self).sharedInScope().to(factory: ThemeController.init)
            binder.bindPropertyInjectionOf(ProfileViewController.self).toInjectedProperties()
            binder.bind(Database.self).sharedInScope().to { () async in await Database.connect() }
            binder.bind(Exporter.self).to(factory: Exporter.init)
            binder.bind(ReportJob.self).to { (database: Database) async in ReportJob(database: database) }
        }
        static func configureRoot(binder bind: ReceiptBinder<ProfileCoordinator>) -> BindingReceipt<ProfileCoordinator> {
            bind.to(factory: ProfileCoordinator.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(AppComponent.self)
    }
}
