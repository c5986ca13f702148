import Cleanse

/// A settings screen of a plugin host, wired with untyped `bind()`s whose closures return the
/// forms the typing rules prove: `try?` (an optional, once), a generic type's static factory
/// (its arguments stand for its parameters), array, dictionary and labelled tuple literals,
/// and a negated literal under a tag; and a `@Sendable` callback, another type than a plain
/// one at run time. The screen also asks for a theme nobody binds.
public enum TypedResults {
    enum Plugin { case sync, backup }
    struct Theme {}
    struct RetryLimit: Tag { typealias Element = Int }

    final class Store {
        static func open() throws -> Store { Store() }
        static func cached() throws -> Store? { nil }
    }

    struct Registry<Entry> {
        var entries: [Entry]
        static func empty() -> Registry<Entry> { Registry(entries: []) }
    }

    final class SettingsScreen {
        init(store: Store?, registry: Registry<Plugin>, plugins: [Plugin], rates: [String: Double],
             endpoint: (host: String, port: Int), retries: TaggedProvider<RetryLimit>, onSave: @escaping @Sendable () -> Void,
             theme: Theme) {}
    }

    struct SettingsComponent: RootComponent {
        typealias Root = SettingsScreen
        static func configure(binder: Binder<Unscoped>) {
            binder.bind().to { try? Store.open() }
            binder.bind().to { Registry<Plugin>.empty() }
            binder.bind().to { [Plugin.sync, Plugin.backup] }
            binder.bind().to { ["eu": 1.5, "us": 2.0] }
            binder.bind().to { (host: "settings.example", port: 8080) }
            binder.bind().tagged(with: RetryLimit.self).to { -3 }
            binder.bind().tagged(with: Cached.self).to { try? Store.cached() }
            binder.bind((@Sendable () -> Void).self).to(value: {})
        }
        static func configureRoot(binder bind: ReceiptBinder<SettingsScreen>) -> BindingReceipt<SettingsScreen> {
            bind.to(factory: SettingsScreen.init) // expect: MissingBinding
        }
    }

    struct Cached: Tag { typealias Element = Store? }

    static func validate() throws {
        _ = try ComponentFactory.of(SettingsComponent.self)
    }
}
