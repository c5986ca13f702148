import SwiftParser
import SwiftSyntax

/// Finds `ComponentFactory.of(C.self)` calls: where each root component enters the program,
/// with the nesting path of the type the call is written in (for resolving `C`).
final class RootEntryFinder: SyntaxAnyVisitor {
    private let file: SourceFile

    init(file: SourceFile) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    /// Whether `node` may hold what the finder looks for: only text that mentions a
    /// component or a build can (a declaration's name and the context it makes are taken
    /// from nodes that hold one).
    private func mayHoldEntries(_ node: some SyntaxProtocol) -> Bool {
        file.mentions(from: node.position.utf8Offset, to: node.endPosition.utf8Offset)
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        mayHoldEntries(node) ? .visitChildren : .skipChildren
    }

    var entries: [(component: ExprSyntax, context: [String], call: FunctionCallExprSyntax)] = []
    private var context: [String] = []

    /// `build(_:)` calls on a factory whose component is known: `ComponentFactory.of(C.self)`
    /// itself, or a constant or stored property holding one (declared anywhere in the file).
    var synchronousBuilds: [(component: ExprSyntax, context: [String], call: FunctionCallExprSyntax)] {
        directBuilds + namedBuilds.compactMap { build in
            factoryHolders[build.name].map { ($0, build.context, build.call) }
        }
    }
    private var directBuilds: [(component: ExprSyntax, context: [String], call: FunctionCallExprSyntax)] = []
    /// `build(_:)` calls on a name (`factory`, `self.factory`, `factory?`, `factory!`),
    /// resolved once the whole file has been read.
    private var namedBuilds: [(name: String, context: [String], call: FunctionCallExprSyntax)] = []
    var localComponents: [(name: String, roles: [String], syntax: Syntax)] = []
    /// How many function, initializer, accessor or closure bodies enclose the current node.
    private var bodyDepth = 0

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
        bodyDepth += 1
        return mayHoldEntries(node) ? .visitChildren : .skipChildren
    }
    override func visitPost(_ node: CodeBlockSyntax) { bodyDepth -= 1 }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        bodyDepth += 1
        return mayHoldEntries(node) ? .visitChildren : .skipChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) { bodyDepth -= 1 }

    /// Notes a type declared in a body whose inheritance names a component protocol, as
    /// written (`Component`, `Cleanse.RootComponent`); whether the name is Cleanse's is
    /// decided once every declaration is known (``DeclarationIndex/localComponents``).
    private func noteIfLocalComponent(_ name: TokenSyntax, _ inheritance: InheritanceClauseSyntax?, _ node: some SyntaxProtocol) {
        guard bodyDepth > 0, let inheritance else { return }
        let roles = inheritance.inheritedTypes.map(\.type.trimmedDescription).filter { written in
            let last = written.split(separator: ".").last.map(String.init) ?? ""
            return last == "RootComponent" || last == "Component"
        }
        if !roles.isEmpty {
            localComponents.append((name.text, roles, Syntax(node)))
        }
    }
    /// Constants, variables and stored properties of the file holding the factory of one
    /// component: their name, and the component (`C.self`). A name given factories of two
    /// different components in the file is left out: which one a call means is not known.
    private var factoryHolders: [String: ExprSyntax] = [:]
    private var ambiguousHolders: Set<String> = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let component = Self.factoryComponent(of: ExprSyntax(node)) {
            entries.append((component, context, node))
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                  member.declName.baseName.text == "build", node.arguments.count <= 1, let base = member.base {
            if let component = Self.factoryComponent(of: base) {
                directBuilds.append((component, context, node))
            } else if let name = Self.holderName(of: base) {
                namedBuilds.append((name, context, node))
            }
        }
        return mayHoldEntries(node) ? .visitChildren : .skipChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            var value = node.initializer?.value
            if let attempt = value?.as(TryExprSyntax.self) { value = attempt.expression }
            if let component = value.flatMap(Self.factoryComponent(of:)) ?? node.typeAnnotation.flatMap({ Self.factoryComponent(ofType: $0.type) }) {
                noteHolder(name, of: component)
            }
        }
        return mayHoldEntries(node) ? .visitChildren : .skipChildren
    }

    private func noteHolder(_ name: String, of component: ExprSyntax) {
        guard !ambiguousHolders.contains(name) else { return }
        if let known = factoryHolders[name], known.sourceText != component.sourceText {
            factoryHolders[name] = nil
            ambiguousHolders.insert(name)
            return
        }
        factoryHolders[name] = component
    }

    /// The name a `build` call's base refers to: `factory`, `self.factory`, `factory?`,
    /// `factory!`.
    private static func holderName(of base: ExprSyntax) -> String? {
        var base = base
        if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
        if let forced = base.as(ForceUnwrapExprSyntax.self) { base = forced.expression }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text
        }
        if let member = base.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return member.declName.baseName.text
        }
        return nil
    }

    /// The component `C` of a declared type `ComponentFactory<C>` (optional or not), as the
    /// expression `C.self`.
    private static func factoryComponent(ofType type: TypeSyntax) -> ExprSyntax? {
        var type = type
        if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { type = unwrapped.wrappedType }
        let named: (name: String, arguments: GenericArgumentClauseSyntax?)?
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            named = (identifier.name.text, identifier.genericArgumentClause)
        } else if let member = type.as(MemberTypeSyntax.self), member.baseType.sourceText == "Cleanse" {
            named = (member.name.text, member.genericArgumentClause)
        } else {
            named = nil
        }
        guard let named, named.name == "ComponentFactory",
              let arguments = named.arguments?.arguments, arguments.count == 1,
              case .type(let argument) = arguments.first?.argument
        else { return nil }
        let component = TypeExprSyntax(type: argument.trimmed)
        return ExprSyntax(MemberAccessExprSyntax(base: ExprSyntax(component), declName: DeclReferenceExprSyntax(baseName: .keyword(.self))))
    }

    /// The component of a `ComponentFactory.of(C.self)` call, where `C.self` may also be
    /// `M.asComponent(rootObjectType: R.self)` (`ModuleComponent<M, R>.self`) or
    /// `M.asPropertyInjectorComponent(targetClass: T.self)`
    /// (`ModuleComponent<M, PropertyInjector<T>>.self`).
    private static func factoryComponent(of expression: ExprSyntax) -> ExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "of",
              member.base?.sourceText.hasPrefix("ComponentFactory") == true,
              let first = call.arguments.first, first.label == nil
        else { return nil }
        return moduleComponent(of: first.expression) ?? first.expression
    }

    /// `ModuleComponent<M, R>.self` for `M.asComponent(rootObjectType: R.self)` and its
    /// property-injector form; `nil` for anything else.
    private static func moduleComponent(of expression: ExprSyntax) -> ExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self), let module = member.base,
              call.arguments.count == 1, let argument = call.arguments.first,
              let type = argument.expression.as(MemberAccessExprSyntax.self), type.declName.baseName.tokenKind == .keyword(.self),
              let typeName = type.base?.sourceText
        else { return nil }
        let root: String
        switch (member.declName.baseName.text, argument.label?.text) {
        case ("asComponent", "rootObjectType"): root = typeName
        case ("asPropertyInjectorComponent", "targetClass"): root = "PropertyInjector<\(typeName)>"
        default: return nil
        }
        var parser = Parser("\(BuiltInComponents.moduleComponent)<\(module.sourceText), \(root)>.self")
        let component = ExprSyntax.parse(from: &parser)
        return component.hasError ? nil : component
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        noteIfLocalComponent(node.name, node.inheritanceClause, node)
        return enter(node.name.text, node)
    }
    override func visitPost(_ node: StructDeclSyntax) { context.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        noteIfLocalComponent(node.name, node.inheritanceClause, node)
        return enter(node.name.text, node)
    }
    override func visitPost(_ node: ClassDeclSyntax) { context.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        noteIfLocalComponent(node.name, node.inheritanceClause, node)
        return enter(node.name.text, node)
    }
    override func visitPost(_ node: EnumDeclSyntax) { context.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, node) }
    override func visitPost(_ node: ActorDeclSyntax) { context.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let path = DeclarationIndex.pathComponents(of: node.extendedType)
        context += path
        extensionDepths.append(path.count)
        return mayHoldEntries(node) ? .visitChildren : .skipChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) {
        context.removeLast(extensionDepths.removeLast())
    }

    private var extensionDepths: [Int] = []

    private func enter(_ name: String, _ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        context.append(name)
        return mayHoldEntries(node) ? .visitChildren : .skipChildren
    }
}
