import Cleanse

/// Untyped bindings whose type is the type of the one expression their closure returns, as
/// the compiler infers it: a chain of a static factory and an instance method, a coercion,
/// an enum case, a static property and a property of it, the standard library's members at
/// the end of a chain (`.count`, `.uppercased()`, `.first!`), a generic owner's property and
/// a static property declared in an extension.
/// The app forgets its clock.
public enum ExpressionResults {
    enum Environment { case production, staging }
    enum Theme { case light, dark }
    final class Clock {}

    struct AppConfig {
        static let standard = AppConfig(environment: .production, timeout: 30)
        let environment: Environment
        let timeout: Double
        var regions: [String] { ["eu", "us"] }
        static func load() -> AppConfig { standard }
        func with(environment: Environment) -> AppConfig { AppConfig(environment: environment, timeout: timeout) }
    }

    struct Branding {
        let name: String
    }

    struct Remote<Value> {
        let value: Value
    }

    struct Sections {
        init(count: Int, first: Character, all: [String], scale: Float) {}
    }

    final class NewsClient {
        init(config: AppConfig, name: String, theme: Theme, timeout: Double, clock: Clock, sections: Sections, branding: Branding) {}
    }

    struct NewsComponent: RootComponent {
        typealias Root = NewsClient
        static func configure(binder: Binder<Unscoped>) {
            binder.bind().to { AppConfig.load().with(environment: .staging) }
            binder.bind().to { "news-app" as String }
            binder.bind().to { Theme.dark }
            binder.bind().to { AppConfig.standard.timeout }
            binder.bind().to { ($0 as AppConfig).regions.count }
            binder.bind().to { ($0 as String).uppercased().first! }
            binder.bind().to { AppConfig.standard.regions.sorted() }
            binder.bind().to { Remote(value: 1.5) as Remote<Float> }
            binder.bind().to { ($0 as Remote<Float>).value }
            binder.bind().to(factory: Sections.init)
            binder.bind().to { Branding.standard }
        }
        static func configureRoot(binder bind: ReceiptBinder<NewsClient>) -> BindingReceipt<NewsClient> {
            bind.to(factory: NewsClient.init) // expect: MissingBinding
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(NewsComponent.self)
    }
}

/// Declared in an extension, as apps often do.
extension ExpressionResults.Branding {
    static let standard = ExpressionResults.Branding(name: "News")
}
