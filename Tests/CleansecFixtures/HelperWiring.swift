import Cleanse

/// A weather app wired through helpers, as teams write them once their modules repeat:
/// `bindSetting` on `Binder` for tagged configuration values, a `register(in:)` function
/// the app and its widget share, a `bindTelemetry` on the app's own alias of its binder, and
/// a coordinator holding a provider of its screen. The forecast screen asks for a units
/// setting nobody binds.
public enum HelperWiring {
    struct APIBaseURL: Tag { typealias Element = String }
    struct RefreshInterval: Tag { typealias Element = Double }
    struct Units: Tag { typealias Element = String }

    final class HTTPSession {
        init(baseURL: TaggedProvider<APIBaseURL>) {}
    }

    final class ForecastService {
        init(session: HTTPSession, interval: TaggedProvider<RefreshInterval>) {}
    }

    class Screen {
        init() {}
    }

    final class ForecastScreen: Screen {
        init(service: ForecastService, units: TaggedProvider<Units>) { super.init() }
    }

    final class Telemetry {
        init() {}
    }

    final class AppCoordinator {
        let forecast: Provider<ForecastScreen>
        init(forecast: Provider<ForecastScreen>, telemetry: Telemetry) { self.forecast = forecast }
    }

    /// Shared by the app and its widget extension.
    enum Networking {
        static func register(in binder: Binder<Singleton>) {
            binder.bind(HTTPSession.self).sharedInScope().to(factory: HTTPSession.init)
            binder.bind(ForecastService.self).sharedInScope().to(factory: ForecastService.init)
        }
    }

    struct WeatherApp: RootComponent {
        typealias Root = AppCoordinator
        static func configure(binder: WeatherBinder) {
            binder.bindSetting(APIBaseURL.self, value: "https://api.weather.example")
            binder.bindTelemetry()
            binder.bindSetting(RefreshInterval.self, value: 600)
            Networking.register(in: binder)
            binder.bind(ForecastScreen.self).to(factory: ForecastScreen.init) // expect: MissingBinding
        }
        static func configureRoot(binder bind: ReceiptBinder<AppCoordinator>) -> BindingReceipt<AppCoordinator> {
            bind.to(factory: AppCoordinator.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(WeatherApp.self)
    }
}

extension Binder {
    /// Binds a configuration value under its tag.
    func bindSetting<T: Tag>(_ tag: T.Type, value: T.Element) where T.Element: Sendable {
        bind(T.Element.self).tagged(with: tag).to(value: value)
    }
}

/// The weather app's binder, extended under its own name.
typealias WeatherBinder = Binder<Singleton>

extension WeatherBinder {
    /// Binds the app's one telemetry client.
    func bindTelemetry() {
        bind(HelperWiring.Telemetry.self).sharedInScope().to(factory: HelperWiring.Telemetry.init)
    }
}
