public import Cleanse
import CleanseTracing

extension ServerComponent {
    /// The server's validated factory. When a tracer is bootstrapped (swift-otel, say), each
    /// request's span holds the build of its request component and every object made for it
    /// (`TracingGraphObserver`); otherwise builds are not observed and pay nothing.
    ///
    /// ```swift
    /// let server = try ServerComponent.factory().build(configuration)
    /// ```
    public static func factory() throws -> ComponentFactory<ServerComponent> {
        try ComponentFactory.of(ServerComponent.self, observer: TracingGraphObserver.forBootstrappedTracer(kinds: [.build, .construct]))
    }
}
