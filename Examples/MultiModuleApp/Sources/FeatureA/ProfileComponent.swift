import Cleanse
import Core
import DesignSystem

/// One opening of the profile feature: its objects live as long as the flow.
public struct ProfileScope: Scope {}

/// The profile feature's root component. Its seed is what it needs from outside; the app
/// installs it with `binder.install(feature: ProfileComponent.self)`.
public struct ProfileComponent: RootComponent {
    public typealias Scope = ProfileScope
    public typealias Seed = any ProfileDependencies
    public typealias Root = ProfileFlow

    public static func configure(binder: Binder<ProfileScope>) {
        // What the app gives (each property of the seed's protocol), injectable inside the feature.
        binder.include(module: ProfileDependenciesModule.self)
        // The feature's own objects (its follow service is `@Injectable`: no line here).
        binder.bind(Theme.self).to(factory: Theme.standard)
        binder.bindFactory(ProfileViewController.self)
            .with(ProfileViewController.AssistedFactory.self)
            .to(factory: ProfileViewController.init)
    }

    public static func configureRoot(binder bind: ReceiptBinder<ProfileFlow>) -> BindingReceipt<ProfileFlow> {
        bind.to(factory: ProfileFlow.init)
    }
}
