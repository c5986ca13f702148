import Cleanse

/// A chat client wired with the closures apps write when they skip annotations: a host
/// view injected by a `$0`/`$1` closure typed by `as` casts, a main screen injected by a
/// closure of bare names, and a root that hands on the main screen's injector. The
/// greeting the host asks for is bound nowhere.
public enum ClosureIdioms {
    struct Greeting: Tag { typealias Element = String }

    final class ChatHost {
        var greeting = ""
        var unread = 0
    }

    final class MainScreen {
        var host: PropertyInjector<ChatHost>?
    }

    struct ChatApp: RootComponent {
        typealias Root = PropertyInjector<MainScreen>
        static func configure(binder: Binder<Singleton>) {
            binder.bind(Int.self).to(value: 3)
            binder.bindPropertyInjectionOf(ChatHost.self).to { // expect: MissingBinding
                $0.greeting = ($1 as TaggedProvider<Greeting>).get()
                $0.unread = $2 as Int
            }
            binder.bindPropertyInjectionOf(MainScreen.self).to { screen, host in
                screen.host = host as PropertyInjector<ChatHost>
            }
        }
        static func configureRoot(binder bind: ReceiptBinder<PropertyInjector<MainScreen>>) -> BindingReceipt<PropertyInjector<MainScreen>> {
            bind.to { (injector: PropertyInjector<MainScreen>) in injector }
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(ChatApp.self)
    }
}
