import SwiftSyntax

/// The warning for files that use Cleanse but give cleansec no graph to validate: no root
/// component is declared in them and no `ComponentFactory.of` in them builds one declared
/// elsewhere. The build would be green while nothing was checked (the plugin put on an
/// executable whose components live in a library target it does not build them from).
public enum NothingCheckedWarning {
    /// `path:line:column: warning: …` at the first `import Cleanse` of `files`, or `nil`
    /// when a root was validated or no file imports Cleanse.
    public static func text(files: [SourceFile], report: AnalysisReport) -> String? {
        guard report.rootComponentCount == 0 else { return nil }
        for file in files {
            for item in file.syntax.statements {
                guard let declaration = item.item.as(ImportDeclSyntax.self), declaration.path.first?.name.text == "Cleanse" else { continue }
                let position = file.position(of: Syntax(declaration))
                let module = file.moduleName
                return "\(position.path):\(position.line):\(position.column): warning: cleansec validated no object graph in '\(module)': these files declare no root component and no ComponentFactory.of here builds one. Its modules are checked where a root component includes them: put the CleansecPlugin on the target that declares the RootComponent or calls ComponentFactory.of (with this target among its dependencies)."
            }
        }
        return nil
    }
}
