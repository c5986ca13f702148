import CleanseMacros

/// A profile screen from a storyboard (main-actor through its UIKit superclass, filled on the
/// main actor by its injector) and a report job made by an `async` factory, both with
/// `@Injected` properties, one of each unbound; main-actor types the graph constructs with no
/// binding line, one of them asked for by a factory that may run anywhere; a screen made in
/// code, main-actor through its superclass, and a share sheet, main-actor through its
/// protocol, asked for through plain providers; a toast over a plain view, main-actor
/// through its protocol too, whose `override init()` stays as nonisolated as the view's.
public enum MainActorScreens {
    /// A stand-in for UIKit's view controller: its subclasses are isolated to the main actor.
    @MainActor
    class UIViewController {}

    final class ProfileService: Sendable {}

    /// A settings screen made in code: isolated to the main actor by its superclass alone.
    final class SettingsViewController: UIViewController {
        init(service: ProfileService) {}
    }
    /// What the coordinator presents: isolated to the main actor, and so is every type
    /// whose own declaration conforms to it or to a protocol refining it.
    @MainActor
    protocol Presentable {}
    protocol AlertPresentable: Presentable {}

    /// A share sheet: main-actor through the protocol its declaration conforms to.
    final class ShareSheet: AlertPresentable {
        init(service: ProfileService) {}
    }

    /// A view of the app's own kit, isolated to no actor.
    class PlainView {
        init() {}
    }

    /// A toast: main-actor through its protocol, but its `override init()` has the isolation
    /// of `PlainView.init()`, none, so a synchronous factory may call it.
    final class ToastView: PlainView, Presentable {
        override init() { super.init() }
    }

    /// A hint over a view that declares no initializer: its `override init()` is as
    /// nonisolated as the view's implicit one.
    class BareView {}
    final class HintView: BareView, Presentable {
        override init() { super.init() }
    }

    /// A banner like the toast, made through its own convenience initializer, which is
    /// main-actor as the class is: asked for through a plain provider, it cannot be had.
    final class BannerView: PlainView, Presentable {
        override init() { super.init() }
        convenience init(message: String) { self.init() }
    }

    /// A panel of the app's main-actor kit, made anywhere through its `nonisolated init()`:
    /// a subclass's `override init()` is nonisolated too, though the subclass is marked.
    @MainActor
    class Panel {
        nonisolated init() {}
    }
    @MainActor
    final class SidePanel: Panel {
        override init() { super.init() }
    }

    /// A card whose `required init()` a promo card overrides without `override`: as
    /// nonisolated as the card's, though the promo card is main-actor through its protocol.
    class Card {
        required init() {}
    }
    final class PromoCard: Card, Presentable {
        required init() { super.init() }
    }

    /// A link preview made presentable by an extension, which isolates nothing.
    final class LinkPreview {
        init(service: ProfileService) {}
    }
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

    /// The signed-in session, one per app graph, made on the main actor with no binding line.
    @Injectable(mainActor: true, scope: Singleton.self)
    @MainActor
    final class SessionStore {
        init() {}
    }

    /// A view model made on the main actor with no binding line, its theme filled there.
    @Injectable(mainActor: true)
    @MainActor
    final class ProfileViewModel { // expect: AsyncRequestedSynchronously
        @Injected var theme: ThemeController
        init(service: ProfileService, session: SessionStore) {}
    }

    final class BannerStyle {}

    /// A main-actor struct, made with its memberwise initializer on the main actor.
    @Injectable
    @MainActor
    struct ProfileHeader { // expect: MissingBinding
        let session: SessionStore
        let style: BannerStyle
    }

    /// Warms the profile on a background queue: it may not ask for the view model directly.
    final class ProfilePrefetcher {
        init(model: ProfileViewModel) {}
    }

    final class ProfileCoordinator {
        init(
            profile: MainActorPropertyInjector<ProfileViewController>,
            reports: AsyncProvider<ReportJob>,
            models: MainActorProvider<ProfileViewModel>,
            headers: MainActorProvider<ProfileHeader>,
            prefetcher: Provider<ProfilePrefetcher>,
            settings: Provider<SettingsViewController>,
            share: Provider<ShareSheet>,
            preview: Provider<LinkPreview>,
            toast: Provider<ToastView>,
            banner: Provider<BannerView>,
            panel: Provider<SidePanel>,
            promo: Provider<PromoCard>,
            hint: Provider<HintView>
        ) {}
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
            binder.bind(ProfilePrefetcher.self).to(factory: ProfilePrefetcher.init)
            binder.bind(SettingsViewController.self).to(factory: SettingsViewController.init) // expect: AsyncRequestedSynchronously
            binder.bind(ShareSheet.self).to(factory: ShareSheet.init) // expect: AsyncRequestedSynchronously
            binder.bind(LinkPreview.self).to(factory: LinkPreview.init)
            binder.bind(ToastView.self).to(factory: ToastView.init)
            binder.bind(String.self).to(value: "Saved")
            binder.bind(BannerView.self).to(factory: BannerView.init(message:)) // expect: AsyncRequestedSynchronously
            binder.bind(SidePanel.self).to(factory: SidePanel.init)
            binder.bind(PromoCard.self).to(factory: PromoCard.init)
            binder.bind(HintView.self).to(factory: HintView.init)
        }
        static func configureRoot(binder bind: ReceiptBinder<ProfileCoordinator>) -> BindingReceipt<ProfileCoordinator> {
            bind.to(factory: ProfileCoordinator.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(AppComponent.self)
    }
}

extension MainActorScreens.LinkPreview: MainActorScreens.Presentable {}
