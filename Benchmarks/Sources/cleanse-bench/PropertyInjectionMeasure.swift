import BenchmarkSupport
import Cleanse

// `@Injected` properties (issue 41): filling a screen's five properties through its
// `PropertyInjector` (each a shared object of the graph), against assigning the same five
// by hand. Reported per property.

/// The services a screen needs, shared by the app.
final class PIAuth {}
final class PIStore {}
final class PIAnalytics {}
final class PIImages {}
final class PIRouter {}

/// A screen made outside the graph, with five `@Injected` properties (the conformance the
/// `@Injectable` macro writes, written out: the suite does not build the macro).
final class PIScreen: PropertyInjectable {
    @Injected var auth: PIAuth
    @Injected var store: PIStore
    @Injected var analytics: PIAnalytics
    @Injected var images: PIImages
    @Injected var router: PIRouter

    static var injectedProperties: [InjectedProperty] {
        [
            .property(named: "auth") { (object: PIScreen, value: PIAuth) in object.auth = value },
            .property(named: "store") { (object: PIScreen, value: PIStore) in object.store = value },
            .property(named: "analytics") { (object: PIScreen, value: PIAnalytics) in object.analytics = value },
            .property(named: "images") { (object: PIScreen, value: PIImages) in object.images = value },
            .property(named: "router") { (object: PIScreen, value: PIRouter) in object.router = value },
        ]
    }
}

struct PIComponent: RootComponent {
    typealias Root = PropertyInjector<PIScreen>
    static func configure(binder: Binder<Singleton>) {
        binder.bind(PIAuth.self).sharedInScope().to(factory: PIAuth.init)
        binder.bind(PIStore.self).sharedInScope().to(factory: PIStore.init)
        binder.bind(PIAnalytics.self).sharedInScope().to(factory: PIAnalytics.init)
        binder.bind(PIImages.self).sharedInScope().to(factory: PIImages.init)
        binder.bind(PIRouter.self).sharedInScope().to(factory: PIRouter.init)
        binder.bindPropertyInjectionOf(PIScreen.self).toInjectedProperties()
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (injector: PropertyInjector<PIScreen>) in injector }
    }
}

enum PropertyInjectionMeasure {
    static let properties = 5

    /// The two operations: by hand, and through the injector.
    static func operations() -> (handWired: () -> Void, cleanse: () -> Void) {
        let injector = try! ComponentFactory.of(PIComponent.self).build(())
        let (auth, store, analytics, images, router) = (PIAuth(), PIStore(), PIAnalytics(), PIImages(), PIRouter())
        let handWired = {
            let screen = PIScreen()
            screen.auth = auth
            screen.store = store
            screen.analytics = analytics
            screen.images = images
            screen.router = router
            blackHole(screen)
        }
        let cleanse = {
            let screen = PIScreen()
            injector.injectProperties(into: screen)
            blackHole(screen)
        }
        return (handWired, cleanse)
    }

    /// Runs one variant `count` times in `measuredLoop`, for callgrind.
    static func profile(_ variant: String, count: Int) {
        let (handWired, cleanse) = operations()
        let operation = variant == "cleanse" ? cleanse : handWired
        for _ in 0..<10 { operation() }
        measuredLoop(count, operation)
    }

    static func measure(sampler: Sampler) -> [Row] {
        let (handWired, cleanse) = operations()
        let medians = sampler.interleavedMedians([handWired, cleanse])
        let perProperty = Double(properties)
        return [
            Row(measure: "injected-property", n: properties, framework: "handwired", medianNanoseconds: medians[0].nanoseconds / perProperty, ratio: 1,
                allocationsPerOperation: Allocations.perCall(100, handWired)),
            Row(measure: "injected-property", n: properties, framework: "cleanse", medianNanoseconds: medians[1].nanoseconds / perProperty,
                ratio: medians[1].ratio, allocationsPerOperation: Allocations.perCall(100, cleanse)),
        ]
    }
}
