import Cleanse
import Foundation

/// Prints one JSON line for a root component: its graph as the runtime collects it
/// (`GraphExport.json`) and the errors `ComponentFactory.of` throws for it.
public func report<C: RootComponent>(_ component: C.Type) {
    var errors: [String] = []
    do {
        _ = try ComponentFactory.of(component)
    } catch let error as any CleanseError {
        errors = error.allErrors.map { "\($0.diagnosticID.rawValue) \($0.description)" }
    } catch {
        errors = ["unexpected \(error)"]
    }
    let graph = GraphExport.json(of: component)
    let line: [String: Any] = [
        "root": String(reflecting: component),
        "graph": (try? JSONSerialization.jsonObject(with: Data(graph.utf8))) ?? graph,
        "errors": errors,
    ]
    if let data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) {
        print(String(decoding: data, as: UTF8.self))
    }
}
