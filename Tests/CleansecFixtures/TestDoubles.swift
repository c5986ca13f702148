import Cleanse

/// A weather app and its tests' doubles, passed to `ComponentFactory.of(_:overrides:)`: the
/// app's graph is valid; the tests' replace its service with a fake that needs recorded
/// responses nothing binds, bind that service twice (a fake and an offline variant), and
/// override a clock under a tag the app does not use.
public enum TestDoubles {
    protocol WeatherService: AnyObject {
        func forecast(for city: String) -> String
    }

    final class URLSessionClient {
        init(baseURL: String) {}
    }

    final class LiveWeatherService: WeatherService {
        init(client: URLSessionClient) {}
        func forecast(for city: String) -> String { "sunny" }
    }

    struct Clock {
        let now: () -> Double
    }

    struct Frozen: Cleanse.Tag { typealias Element = Clock }

    class ViewController {
        init() {}
    }

    final class ForecastViewController: ViewController {
        let service: any WeatherService
        let clock: Clock
        init(service: any WeatherService, clock: Clock) {
            self.service = service
            self.clock = clock
            super.init()
        }
    }

    struct NetworkModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(URLSessionClient.self).sharedInScope().to { URLSessionClient(baseURL: "https://weather.example") }
            binder.bind((any WeatherService).self).sharedInScope().to(factory: LiveWeatherService.init)
        }
    }

    struct WeatherApp: RootComponent {
        typealias Root = ForecastViewController
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: NetworkModule.self)
            binder.bind(Clock.self).to(value: Clock(now: { 0 }))
        }
        static func configureRoot(binder bind: ReceiptBinder<ForecastViewController>) -> BindingReceipt<ForecastViewController> {
            bind.to(factory: ForecastViewController.init)
        }
    }

    // The tests' doubles.

    final class RecordedResponses {
        init() {}
    }

    final class FakeWeatherService: WeatherService {
        init(responses: RecordedResponses) {}
        func forecast(for city: String) -> String { "recorded" }
    }

    final class OfflineWeatherService: WeatherService {
        init() {}
        func forecast(for city: String) -> String { "offline" }
    }

    struct FakeNetworkModule: Module {
        static func configure(binder: Binder<Unscoped>) {
            binder.bind((any WeatherService).self).to(factory: FakeWeatherService.init) // expect: MissingBinding DuplicateBinding
        }
    }

    struct OfflineModule: Module {
        static func configure(binder: Binder<Unscoped>) {
            binder.bind((any WeatherService).self).to(factory: OfflineWeatherService.init)
        }
    }

    struct FrozenClockModule: Module {
        static func configure(binder: Binder<Unscoped>) {
            binder.bind(Clock.self).tagged(with: Frozen.self).to(value: Clock(now: { 42 })) // expect: UnusedOverride
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(WeatherApp.self)
    }

    static func validateWithDoubles() throws {
        _ = try ComponentFactory.of(WeatherApp.self, overrides: FakeNetworkModule.self, OfflineModule.self, FrozenClockModule.self)
    }
}
