import SwiftSyntax

/// What a file's import declarations make visible, as the compiler reads them: whole
/// modules (`import Kit`, `@preconcurrency import Kit`), single declarations
/// (`import struct Kit.Clock`), and which of them the file re-exports to its module and its
/// module's importers (`@_exported import Kit`). Imports in every `#if` clause count.
struct FileImports: Sendable {
    /// Modules imported whole.
    var modules: Set<String> = []
    /// Declarations imported alone, as `Module.Name`.
    var declarations: Set<String> = []
    /// The modules and declarations of `@_exported` imports.
    var exportedModules: Set<String> = []
    var exportedDeclarations: Set<String> = []

    init() {}

    init(of file: SourceFile) {
        for declaration in Self.declarations(in: file) { note(declaration) }
    }

    /// The import declarations of `file`, in order, those in every `#if` clause included.
    static func declarations(in file: SourceFile) -> [ImportDeclSyntax] {
        var found: [ImportDeclSyntax] = []
        func visit(_ items: CodeBlockItemListSyntax) {
            for item in items {
                if let declaration = item.item.as(ImportDeclSyntax.self) {
                    found.append(declaration)
                } else if let conditional = item.item.as(IfConfigDeclSyntax.self) {
                    for clause in conditional.clauses {
                        if case .statements(let nested)? = clause.elements { visit(nested) }
                    }
                }
            }
        }
        visit(file.syntax.statements)
        return found
    }

    /// Every module named, whole or by one declaration.
    var moduleNames: Set<String> {
        modules.union(declarations.compactMap { $0.split(separator: ".").first.map(String.init) })
    }

    /// Whether these imports make `name` of `module` visible.
    func sees(_ module: String, declaring name: String) -> Bool {
        modules.contains(module) || declarations.contains(module + "." + name)
    }

    /// These imports with `other`'s re-exports added.
    func adding(exportsOf other: FileImports) -> FileImports {
        var merged = self
        merged.modules.formUnion(other.exportedModules)
        merged.declarations.formUnion(other.exportedDeclarations)
        return merged
    }

    private mutating func note(_ declaration: ImportDeclSyntax) {
        let path = declaration.path.map(\.name.text)
        guard let module = path.first else { return }
        let isExported = declaration.attributes.contains {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "_exported"
        }
        // `import struct Kit.Clock` names one declaration; `import Kit.Submodule` (no kind)
        // a submodule, which makes its module's names visible as a whole import does.
        if declaration.importKindSpecifier != nil, path.count >= 2 {
            let single = module + "." + path[path.count - 1]
            declarations.insert(single)
            if isExported { exportedDeclarations.insert(single) }
        } else {
            modules.insert(module)
            if isExported { exportedModules.insert(module) }
        }
    }
}
