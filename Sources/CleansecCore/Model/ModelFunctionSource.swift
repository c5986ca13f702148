import SwiftSyntax

/// The source of a function a partial model keeps whole, because a dependent target must read
/// it at each call with that call's arguments: a helper that writes bindings into the binder
/// it is given (a method of an extension of `Binder`, a function taking a binder), and the
/// `configure` functions of a generic module (`NetworkModule<API>`), whose keys depend on its
/// arguments. Steps read once, in the target that declares them, could not say which types
/// the helper binds for `binder.bindSetting(APIBaseURL.self, value: …)`. A protocol's
/// function requirements (no body) are kept the same way, for the associated-type rule.
///
/// The text is parsed again where it is used, placed at its original line and column, so
/// that what it binds is reported where its `to(…)` is written, as the runtime reports it.
struct ModelFunctionSource: Codable, Sendable, Hashable {
    /// The function's base name.
    var name: String
    /// The file it is written in, and where its declaration starts (1-based, UTF-8 columns).
    var position: SourcePosition
    /// The declaration, from its first attribute or modifier to its closing brace.
    var text: String
    /// The import declarations of its file, as written (since format 22): the body names
    /// what they make visible (another module's `Provider`), as it does where it is declared.
    var imports: [String]?

    init(_ function: TypeDeclaration.Member<FunctionDeclSyntax>) {
        name = function.syntax.name.text
        position = function.file.position(of: function.syntax)
        text = function.syntax.sourceText
        let imports = FileImports.declarations(in: function.file).map(\.trimmedDescription)
        self.imports = imports.isEmpty ? nil : imports
    }

    /// Whether a partial model keeps `function`, a member of `declaration` declared in the
    /// target the model describes: a helper given a binder or declared in an extension of
    /// one (`binderTypeNames`: Cleanse's binder types and the target's aliases of them), the `configure` of a generic
    /// module, any component's `configureRoot`, or those of a type that is no module (a screen's
    /// spec whose `configure(binder:)` another target calls as `Spec.configure(binder:)`, or
    /// whose `configureRoot(binder:)`, given a `ReceiptBinder`, a generic component calls).
    /// Private ones are not visible to other targets.
    static func isKept(_ function: TypeDeclaration.Member<FunctionDeclSyntax>, of declaration: TypeDeclaration, isGenericModule: Bool, isModule: Bool, binderTypeNames: [String]) -> Bool {
        guard function.syntax.body != nil,
              CallableSignature.confinement(of: function.syntax.modifiers, in: function.file) == nil
        else { return false }
        let name = function.syntax.name.text
        // A component's `configureRoot` is kept too: another target's component may call it
        // with its own receipt binder (`CartComponent.configureRoot(binder: bind)`).
        if name == "configureRoot" && isModule { return true }
        if name == "configure" && isModule { return isGenericModule }
        if binderTypeNames.contains(declaration.path) { return true }
        return function.syntax.signature.parameterClause.parameters.contains { parameter in
            // `Cleanse.Binder<Singleton>` is `Binder<Singleton>`.
            let written = parameter.type.trimmedDescription
            let type = written.hasPrefix("Cleanse.") ? String(written.dropFirst("Cleanse.".count)) : written
            return (binderTypeNames.map { TypeResolver.cleanseBinderName($0) ?? $0 } + ["ReceiptBinder"]).contains { type == $0 || type.hasPrefix("\($0)<") }
        }
    }

    /// The function, parsed again in a file of module `moduleName` at its original place,
    /// with its file's imports after it; `nil` if the text no longer parses as a function.
    func member(moduleName: String) -> TypeDeclaration.Member<FunctionDeclSyntax>? {
        let padding = String(repeating: "\n", count: max(position.line - 1, 0)) + String(repeating: " ", count: max(position.column - 1, 0))
        let trailingImports = (imports ?? []).map { "\n" + $0 }.joined()
        let file = SourceFile(path: position.path, moduleName: moduleName, text: padding + text + trailingImports)
        guard file.firstParseError == nil,
              let function = file.syntax.statements.first?.item.as(FunctionDeclSyntax.self)
        else { return nil }
        return TypeDeclaration.Member(syntax: function, file: file)
    }
}
