import Cleanse
import CleanseGraph
import CleansecCore
import CleansecFixtures
import Foundation
import Testing

/// cleansec's graphs against the runtime's, binding by binding: for each fixture, every
/// binding cleansec reads has the key (type and tag), kind, scope, effect, module, requests
/// and `file:line` that `ComponentFactory.of` collects for it, in the same components. The
/// runtime is the oracle for every key, not only for errors: a wrong key that happens to
/// err nowhere fails here.
@Suite struct GraphParityTests {
    /// The whole fixture folder, analysed once: types are declared across files.
    static let report: AnalysisReport = {
        // A failure to read the folder shows as an empty report, and every comparison fails.
        (try? FixtureParityTests.analyzeFixtures()) ?? Analyzer(files: []).analyze()
    }()

    @Test(arguments: Fixtures.all)
    func everyBindingReadHasTheRuntimesKey(_ fixture: Fixtures.Fixture) throws {
        let report = Self.report
        // Bindings of one key in alternative branches (`if`, `switch`, loops, `#if` not
        // known): cleansec keeps the first, the runtime the one that ran; either is the place.
        var representative: [String: String] = [:]
        for group in report.alternativeLocations {
            let first = group.map(GraphText.place).min() ?? ""
            for location in group { representative[GraphText.place(location)] = first }
        }
        let runtime = Fixtures.runtimeGraphs(of: fixture).map { GraphText($0, places: representative) }
        let analysed = report.validatedRoots
            .filter { GraphText.names($0.type.name, fixture.name) }
            .map { GraphText($0, places: representative) }
        #expect(!runtime.isEmpty, "the fixture's ComponentFactory.of calls were not seen")
        // Each runtime graph against cleansec's graph of the same root that is closest to it
        // (a root validated with and without overrides is two graphs); compared as lists of
        // lines, so one binding read twice, or under another key, is a difference.
        for graph in runtime {
            let twins = analysed.filter { $0.root == graph.root && $0.type == graph.type }
            guard let twin = twins.min(by: { graph.distance(to: $0) < graph.distance(to: $1) }) else {
                Issue.record("cleansec read no root component \(graph.type) (root \(graph.root))")
                continue
            }
            let difference = graph.difference(from: twin)
            #expect(difference.missing.isEmpty && difference.extra.isEmpty, """
                \(graph.type): bindings the runtime has and cleansec does not read as such:
                \(difference.missing.sorted().joined(separator: "\n"))
                bindings cleansec reads and the runtime does not have:
                \(difference.extra.sorted().joined(separator: "\n"))
                """)
        }
    }
}

/// A component tree as comparable lines: one per binding, naming its component, key, kind,
/// scope, effect, module, `file:line` and requests. Lines are counted, not deduplicated,
/// except a collection's contributions, which a loop makes any number of times.
private struct GraphText {
    let type: String
    let root: String
    /// Each line with how many times it occurs.
    let counts: [String: Int]

    /// Whether a type named `name` is declared in fixture `fixture` (its enum), or is
    /// Cleanse's generic component given the fixture's types.
    static func names(_ name: String, _ fixture: String) -> Bool {
        for prefix in [fixture + ".", fixture + "Modules."] {
            var rest = Substring(name)
            while let range = rest.range(of: prefix) {
                let before = rest[..<range.lowerBound].last
                if before.map({ !$0.isLetter && !$0.isNumber && $0 != "_" }) ?? true { return true }
                rest = rest[range.upperBound...]
            }
        }
        return false
    }

    /// The lines of a tree cleansec read (`ComponentModel`) or the runtime's plugins saw
    /// (`ComponentBinding`); `places` maps alternative places to one.
    init<Node: GraphNode>(_ root: Node, places: [String: String]) {
        var counts: [String: Int] = [:]
        func walk(_ node: Node, path: String) {
            for binding in node.bindings {
                let line = Self.line(binding, in: path, places: places)
                counts[line] = binding.kind == .collectionElement ? 1 : counts[line, default: 0] + 1
            }
            for child in node.subcomponents { walk(child, path: path + "/" + child.type.name) }
        }
        walk(root, path: root.type.name)
        type = root.type.name
        self.root = root.rootKey.description
        self.counts = counts
    }

    /// `file:line:column`: two bindings written on one line are two places on both sides.
    static func place(_ location: CleanseGraph.SourceLocation) -> String {
        "\(location):\(location.column)"
    }

    static func line(_ binding: BindingModel, in component: String, places: [String: String]) -> String {
        var text = "\(component): \(binding.key) \(binding.kind.name)"
        if let scope = binding.scope { text += " [\(scope.name)]" }
        if let key = binding.multibindingKey { text += " key \(key.description)" }
        text += " \(binding.effect.name)"
        if let module = binding.module { text += " in \(module.name)" }
        text += " at \(places[place(binding.location)] ?? place(binding.location))"
        let requests = binding.dependencies.map { "\($0.kind.name) \($0.key) as \($0.requestedType.name)" }
        if !requests.isEmpty { text += " <- " + requests.joined(separator: ", ") }
        return text
    }

    /// How many lines differ.
    func distance(to other: GraphText) -> Int {
        let difference = difference(from: other)
        return difference.missing.count + difference.extra.count
    }

    /// The lines (repeated by count) this has more of than `other`, and those it has fewer of.
    func difference(from other: GraphText) -> (missing: [String], extra: [String]) {
        func surplus(_ a: [String: Int], over b: [String: Int]) -> [String] {
            a.flatMap { line, count in Array(repeating: line, count: max(0, count - b[line, default: 0])) }
        }
        return (surplus(counts, over: other.counts), surplus(other.counts, over: counts))
    }
}

/// A component of either front end's tree.
private protocol GraphNode {
    var type: TypeIdentity { get }
    var rootKey: BindingKey { get }
    var bindings: [BindingModel] { get }
    var subcomponents: [Self] { get }
}

extension ComponentModel: GraphNode {}
extension ComponentBinding: GraphNode {}
