import CleanseGraph
import Testing

/// A binding of a spelled type, as a source-level tool would model it.
private func binding(_ type: String, at line: Int, scope: String? = nil, needs dependencies: [String] = [], deferred: Set<String> = []) -> BindingModel {
    BindingModel(
        key: BindingKey(type: TypeIdentity(spelling: type)),
        kind: .factory,
        scope: scope.map { TypeIdentity(spelling: $0) },
        location: SourceLocation(file: "App/Module.swift", line: line),
        dependencies: dependencies.map { name in
            DependencyRequest(
                key: BindingKey(type: TypeIdentity(spelling: name)),
                kind: deferred.contains(name) ? .provider : .direct,
                requestedType: TypeIdentity(spelling: name)
            )
        }
    )
}

private func errors(_ bindings: [BindingModel], scope: String? = nil) -> [any CleanseError] {
    let model = ComponentModel(
        type: TypeIdentity(spelling: "AppComponent"),
        scope: scope.map { TypeIdentity(spelling: $0) },
        bindings: bindings,
        rootKey: bindings[0].key
    )
    return GraphValidation.errors(in: ComponentTree(root: model))
}

@Suite("Validation of a model built from source spellings")
struct SpelledModelValidationTests {
    @Test("a valid graph has no errors")
    func validGraph() {
        #expect(errors([binding("App", at: 1, needs: ["Store"]), binding("Store", at: 2)]).isEmpty)
    }

    @Test("the same validators find every kind of error without run-time types")
    func everyKind() {
        let found = errors([
            binding("App", at: 1, needs: ["Store", "Network"]),
            binding("Store", at: 2, needs: ["Cache"]),
            binding("Cache", at: 3, needs: ["Store"]),
            binding("Cache", at: 4),
            binding("Session", at: 5, scope: "Singleton"),
        ])
        #expect(found.map(\.diagnosticID) == [.duplicateBinding, .missingBinding, .dependencyCycle, .invalidScope])
        #expect(found[1].description.contains("'Network' binding missing: required by App at App/Module.swift:1"))
    }

    @Test("a deferred request does not close a cycle")
    func deferredEdge() {
        #expect(errors([binding("A", at: 1, needs: ["B"]), binding("B", at: 2, needs: ["A"], deferred: ["A"])]).isEmpty)
    }

    @Test("cycle detection is iterative: a chain 20,000 deep is validated without overflowing the stack")
    func deepChain() {
        let chain = (0..<20_000).map { index in
            binding("T\(index)", at: index + 1, needs: index == 0 ? [] : ["T\(index - 1)"])
        }
        #expect(errors(chain.reversed()).isEmpty)
    }
}
