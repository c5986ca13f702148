import Cleanse

/// A binding shared in a scope its component does not have, and a subcomponent that has
/// its parent's scope.
public enum Scopes {
    struct SessionScope: Scope {}
    final class Token {}
    final class Screen {
        init(token: Token) {}
    }

    struct TokenModule: Module {
        static func configure(binder: Binder<SessionScope>) {
            binder.bind(Token.self).sharedInScope().to(factory: Token.init) // expect: InvalidScope
        }
    }

    struct Inner: Component {
        typealias Root = Screen
        typealias Scope = Singleton
        static func configure(binder: Binder<Singleton>) {}
        static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen> {
            bind.to(factory: Screen.init)
        }
    }

    struct Outer: RootComponent {
        typealias Root = ComponentFactory<Inner>
        typealias Scope = Singleton
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: TokenModule.self)
            binder.install(dependency: Inner.self) // expect: InvalidScopeNesting
        }
        static func configureRoot(binder bind: ReceiptBinder<ComponentFactory<Inner>>) -> BindingReceipt<ComponentFactory<Inner>> {
            bind.to { (inner: ComponentFactory<Inner>) in inner }
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(Outer.self)
    }
}
