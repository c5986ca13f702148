public import Cleanse
import Synchronization

extension Fixtures {
    /// The graphs `ComponentFactory.of` validated while `fixture`'s calls ran, one per call
    /// (and per feature it validates), as the runtime's plugins see them: after implicit
    /// requests were rewritten, with every binding's key, kind, scope, requests and line.
    /// This is the oracle cleansec's models are compared with, key by key.
    public static func runtimeGraphs(of fixture: Fixture) -> [ComponentBinding] {
        registerRecorder
        let recording = GraphRecording()
        GraphRecording.$current.withValue(recording) {
            _ = errors(of: fixture)
        }
        return recording.graphs
    }

    /// Registered once with the shared loader that the fixtures' `ComponentFactory.of` calls
    /// use; it records only inside `runtimeGraphs(of:)` (a task-local), so tests running at
    /// the same time are not seen.
    private static let registerRecorder: Void = CleanseServiceLoader.instance.register(GraphRecorder())
}

/// The graphs seen while one `runtimeGraphs(of:)` runs.
private final class GraphRecording: Sendable {
    @TaskLocal static var current: GraphRecording?
    private let recorded = Mutex<[ComponentBinding]>([])

    func append(_ graph: ComponentBinding) { recorded.withLock { $0.append(graph) } }
    var graphs: [ComponentBinding] { recorded.withLock { $0 } }
}

/// The plugin that hands each validated graph to the recording of the current task.
private struct GraphRecorder: CleanseBindingPlugin {
    func visit(root: ComponentBinding, errorReporter: CleanseErrorReporter) {
        GraphRecording.current?.append(root)
    }
}
