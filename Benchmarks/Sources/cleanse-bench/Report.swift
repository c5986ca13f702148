/// One line of the report: a measure of one framework on one graph.
struct Row {
    let measure: String
    /// The graph's shape, `layered` or `random`; `nil` for measures on their own graphs.
    var graph: String? = nil
    let n: Int
    let framework: String
    /// The median time per operation; `nil` for measures that are not times.
    let medianNanoseconds: Double?
    /// The ratio to the hand-wired variant (for `construct`, to Swinject's registration).
    let ratio: Double?

    init(measure: String, graph: String? = nil, n: Int, framework: String, medianNanoseconds: Double?, ratio: Double?,
         allocationsPerOperation: Double? = nil, facts: [(key: String, json: String)] = []) {
        self.measure = measure
        self.graph = graph
        self.n = n
        self.framework = framework
        self.medianNanoseconds = medianNanoseconds
        self.ratio = ratio
        self.allocationsPerOperation = allocationsPerOperation
        self.facts = facts
    }

    /// What the ratio is to: Swinject's registration for `construct`, the same construction
    /// without a profile for `launch-profile-overhead`, hand-written wiring for every other
    /// measure.
    var ratioKey: String {
        switch measure {
        case "construct": "ratio_to_swinject"
        case "launch-profile-overhead": "ratio_to_profile_off"
        default: "ratio_to_handwired"
        }
    }
    var allocationsPerOperation: Double? = nil
    /// Further facts, as JSON values already encoded, shown in the table's notes column.
    var facts: [(key: String, json: String)] = []

    var json: String {
        var fields = [
            ("measure", "\"\(measure)\""),
            ("graph", graph.map { "\"\($0)\"" } ?? "null"),
            ("n", "\(n)"),
            ("framework", "\"\(framework)\""),
            ("median_ns", medianNanoseconds.map { "\(Int($0.rounded()))" } ?? "null"),
            (ratioKey, ratio.map(Self.rounded) ?? "null"),
        ]
        if let allocationsPerOperation {
            fields.append(("allocations_per_op", Self.rounded(allocationsPerOperation)))
        }
        fields += facts.map { ($0.key, $0.json) }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    var markdown: String {
        let time = medianNanoseconds.map { Self.readable(nanoseconds: $0) } ?? "–"
        let ratio = self.ratio.map { Self.rounded($0) + "×" } ?? "–"
        let allocations = allocationsPerOperation.map(Self.rounded) ?? "–"
        let notes = facts.map { "\($0.key): \($0.json)" }.joined(separator: "; ")
        return "| \(measure) | \(graph ?? "") | \(n) | \(framework) | \(time) | \(ratio) | \(allocations) | \(notes) |"
    }

    static let markdownHeader = """
        | measure | graph | n | framework | median | ratio | allocations/op | notes |
        | --- | --- | ---: | --- | ---: | ---: | ---: | --- |
        """

    static func rounded(_ value: Double) -> String {
        let scaled = (value * 100).rounded() / 100
        return scaled == scaled.rounded() ? "\(Int(scaled))" : "\(scaled)"
    }

    static func readable(nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return "\(Int(nanoseconds.rounded())) ns"
        case ..<1_000_000: return rounded(nanoseconds / 1_000) + " µs"
        case ..<1_000_000_000: return rounded(nanoseconds / 1_000_000) + " ms"
        default: return rounded(nanoseconds / 1_000_000_000) + " s"
        }
    }
}
