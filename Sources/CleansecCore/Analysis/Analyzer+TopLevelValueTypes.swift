import SwiftSyntax

/// The initial value of one top-level variable, as cleansec's typing interface types it.
public struct TopLevelValueType: Sendable, Equatable {
    /// The variable's name.
    public let name: String
    /// The line it is declared on.
    public let line: Int
    /// The type proven, named as the runtime names it without modules; `nil` when unread.
    public let type: String?
    /// The typing rule that proved the type, or why none does.
    public let ruleOrReason: String
}

extension Analyzer {
    /// The type of the initial value of each top-level `let` or `var` of `files` written
    /// without a type (`let e1 = Config.load().region`), as an untyped `bind().to { … }`
    /// would key that value: the question the typing campaign (`Tests/TypingCampaign`) asks
    /// of cleansec and of the compiler, on expressions taken from code not written here.
    public func topLevelValueTypes() -> [TopLevelValueType] {
        let index = DeclarationIndex(files: files + contextFiles, models: models, conditions: conditions)
        let declarations = GraphDeclarations(index: index)
        let typer = ExpressionTyper(reader: FactoryReader(resolver: declarations.resolver))
        var values: [TopLevelValueType] = []
        for file in files {
            for statement in file.syntax.statements {
                guard let variable = statement.item.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings where binding.typeAnnotation == nil {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                          let value = binding.initializer?.value else { continue }
                    let answer = typer.type(of: value, in: [], file: file)
                    let line = file.lineAndColumn(of: binding.positionAfterSkippingLeadingTrivia).line
                    switch answer {
                    case .typed(let type, let rule):
                        values.append(TopLevelValueType(name: name, line: line, type: type.description, ruleOrReason: rule))
                    case .unread(let reason):
                        values.append(TopLevelValueType(name: name, line: line, type: nil, ruleOrReason: reason))
                    }
                }
            }
        }
        return values
    }
}
