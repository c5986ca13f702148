import Cleanse

/// Screens from a storyboard with `@Injected` properties instead of initializer
/// parameters, a subclass adding its own, and one property nothing binds.
public enum InjectedScreens {
    final class ProfileService {}
    final class Analytics {}
    final class ImageCache {}
    struct APIBase: Cleanse.Tag { typealias Element = String }

    class ProfileViewController: PropertyInjectable {
        @Injected var service: ProfileService
        @Injected var analytics: Provider<Analytics>
        @Injected var base: TaggedProvider<APIBase>

        class var injectedProperties: [InjectedProperty] {
            [
                .property(\ProfileViewController._service, named: "service"),
                .property(\ProfileViewController._analytics, named: "analytics"),
                .property(\ProfileViewController._base, named: "base"),
            ]
        }
    }

    final class EditableProfileViewController: ProfileViewController {
        @Injected var cache: ImageCache

        override class var injectedProperties: [InjectedProperty] {
            super.injectedProperties + [
                .property(\EditableProfileViewController._cache, named: "cache"), // expect: MissingBinding
            ]
        }
    }

    final class ProfileCoordinator {
        init(injector: PropertyInjector<EditableProfileViewController>) {}
    }

    struct ProfileModule: Cleanse.Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(ProfileService.self).sharedInScope().to(factory: ProfileService.init)
            binder.bind(Analytics.self).to(factory: Analytics.init)
            binder.bind(String.self).tagged(with: APIBase.self).to(value: "https://api.example.com")
            binder.bindPropertyInjectionOf(EditableProfileViewController.self).toInjectedProperties()
        }
    }

    struct AppComponent: RootComponent {
        typealias Root = ProfileCoordinator
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: ProfileModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<ProfileCoordinator>) -> BindingReceipt<ProfileCoordinator> {
            bind.to(factory: ProfileCoordinator.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(AppComponent.self)
    }
}
