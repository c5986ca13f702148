import BenchmarkSupport
import Cleanse

// Opening a feature (issue 41): a screen of a feature module whose root component is seeded
// with the app's dependencies, opened again and again. Three ways: wired by hand; through
// the `FeatureFactory` the app's graph injects (the feature validated once, with the app);
// and through `ComponentFactory.of` at each opening, which is what an app without
// `install(feature:)` wrote (the feature's graph collected and validated every time).

/// What the feature needs from the app.
protocol FOAppServices {
    var api: FOAPIClient { get }
    var analytics: FOAnalytics { get }
    var session: FOSession { get }
}
final class FOAPIClient {}
final class FOAnalytics {}
final class FOSession {}
// Every class keeps what it is given (Benchmarks/README.md, "What keeps the comparison
// fair"): otherwise the optimizer drops the hand-wired allocations.
final class FORepository {
    let api: FOAPIClient, session: FOSession
    init(api: FOAPIClient, session: FOSession) { (self.api, self.session) = (api, session) }
}
final class FOFormatter {}
final class FOImageLoader {
    let api: FOAPIClient
    init(api: FOAPIClient) { self.api = api }
}
final class FOViewModel {
    let repository: FORepository, formatter: FOFormatter, analytics: FOAnalytics
    init(repository: FORepository, formatter: FOFormatter, analytics: FOAnalytics) {
        (self.repository, self.formatter, self.analytics) = (repository, formatter, analytics)
    }
}
final class FOScreen {
    let model: FOViewModel, images: FOImageLoader, analytics: FOAnalytics
    init(model: FOViewModel, images: FOImageLoader, analytics: FOAnalytics) {
        (self.model, self.images, self.analytics) = (model, images, analytics)
    }
}
struct FOScope: Scope {}
struct FOFeatureComponent: RootComponent {
    typealias Scope = FOScope
    typealias Seed = any FOAppServices
    typealias Root = FOScreen
    static func configure(binder: Binder<FOScope>) {
        binder.bind(FOAPIClient.self).to { (services: any FOAppServices) in services.api }
        binder.bind(FOAnalytics.self).to { (services: any FOAppServices) in services.analytics }
        binder.bind(FOSession.self).to { (services: any FOAppServices) in services.session }
        binder.bind(FORepository.self).sharedInScope().to(factory: FORepository.init)
        binder.bind(FOFormatter.self).sharedInScope().to(factory: FOFormatter.init)
        binder.bind(FOImageLoader.self).to(factory: FOImageLoader.init)
        binder.bind(FOViewModel.self).sharedInScope().to(factory: FOViewModel.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<FOScreen>) -> BindingReceipt<FOScreen> {
        bind.to(factory: FOScreen.init)
    }
}
struct FOServices: FOAppServices {
    let api: FOAPIClient
    let analytics: FOAnalytics
    let session: FOSession
}
struct FOAppComponent: RootComponent {
    typealias Root = FeatureFactory<FOFeatureComponent>
    static func configure(binder: Binder<Singleton>) {
        binder.bind(FOAPIClient.self).sharedInScope().to(factory: FOAPIClient.init)
        binder.bind(FOAnalytics.self).sharedInScope().to(factory: FOAnalytics.init)
        binder.bind(FOSession.self).sharedInScope().to(factory: FOSession.init)
        binder.bind((any FOAppServices).self).to(factory: FOServices.init)
        binder.install(feature: FOFeatureComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (feature: FeatureFactory<FOFeatureComponent>) in feature }
    }
}

enum FeatureOpenMeasure {
    /// The three ways of opening the feature's screen once.
    static func operations() -> [(framework: String, open: () -> Void)] {
        let feature = try! ComponentFactory.of(FOAppComponent.self).build(())
        let services = feature.dependencies
        let handWired = {
            let repository = FORepository(api: services.api, session: services.session)
            let model = FOViewModel(repository: repository, formatter: FOFormatter(), analytics: services.analytics)
            blackHole(FOScreen(model: model, images: FOImageLoader(api: services.api), analytics: services.analytics))
        }
        let installed = { blackHole(feature.build()) }
        let validatedEachTime = { blackHole(try! ComponentFactory.of(FOFeatureComponent.self).build(services)) }
        return [("handwired", handWired), ("cleanse", installed), ("cleanse-of-per-open", validatedEachTime)]
    }

    /// Runs one way `count` times in `measuredLoop`, for callgrind.
    static func profile(_ framework: String, count: Int) -> Bool {
        guard let open = operations().first(where: { $0.framework == framework })?.open else { return false }
        for _ in 0..<10 { open() }
        measuredLoop(count, open)
        return true
    }

    static func measure(sampler: Sampler) -> [Row] {
        let ways = operations()
        let medians = sampler.interleavedMedians(ways.map(\.open))
        return zip(ways, medians).map { way, median in
            Row(measure: "feature-open", n: 1, framework: way.framework, medianNanoseconds: median.nanoseconds,
                ratio: way.framework == "handwired" ? 1 : median.ratio, allocationsPerOperation: Allocations.perCall(100, way.open))
        }
    }
}
