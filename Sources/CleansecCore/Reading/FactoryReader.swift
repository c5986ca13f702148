import CleanseGraph
import SwiftParser
import SwiftSyntax

/// What a factory expression passed to `to(factory:)` (or written as a trailing closure)
/// takes and how it runs, read from its declaration.
struct FactorySignature {
    /// The parameter types, in order.
    var parameters: [SpelledType]
    var effect: BindingEffect
    /// The type the factory returns, when it can be told (for `bind()` without a type).
    var result: SpelledType?
    /// Why a closure's one expression has no type the typing rules prove, for the note.
    var resultUnread: String? = nil
}

/// Reads factory expressions: `X.init`, `X.init(a:b:)`, `X.make`, `make`, and closures.
struct FactoryReader {
    let resolver: TypeResolver
    var index: DeclarationIndex { resolver.index }

    /// The signature of `expression`, written in `file` inside the type at `context`, or why
    /// it cannot be read. `contextual` is the parameter list the binding's own overload
    /// fixes, when it fixes one (an assisted factory of its seed alone): a closure's
    /// unannotated parameters take those types, as the compiler gives them. `expected` is the
    /// type the binding binds, which fixes a generic type's arguments the factory leaves out.
    /// `target` is a property injector's target, which its closure takes first.
    func signature(of expression: ExprSyntax, in context: [String], file: SourceFile, contextual: [SpelledType]? = nil, expected: SpelledType? = nil, target: SpelledType? = nil, ranking: FactoryOverloadChoice.Ranking = .byArity) -> Result<FactorySignature, Unreadable> {
        if let closure = expression.as(ClosureExprSyntax.self) {
            return ClosureTyper(reader: self).signature(of: closure, in: context, file: file, contextual: contextual, expected: expected, target: target)
        }
        // `X.init.self` is `X.init` (a postfix `.self` on an expression is the expression).
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.self),
           let base = member.base, base.as(MemberAccessExprSyntax.self)?.declName.baseName.tokenKind == .keyword(.`init`) {
            return signature(of: base, in: context, file: file, contextual: contextual, expected: expected, target: target, ranking: ranking)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            // In a static method (`configure`, `configureRoot`), `self` and `Self` are the
            // enclosing type: `bind.to(factory: self.init)`, `to(factory: self.makeLogger)`.
            let isSelf = ["self", "Self"].contains(base.sourceText) && !context.isEmpty
            guard let owner = isSelf ? SpelledType.named(context.joined(separator: "."), []) : resolver.resolve(typeExpression: base, in: context)
            else { return .failure(Unreadable("the factory's type '\(base.sourceText)' cannot be read", kind: .factory)) }
            let labels = member.declName.argumentNames?.arguments.map(\.name.text)
            if member.declName.baseName.tokenKind == .keyword(.`init`) {
                return initializerSignature(of: owner, labels: labels, expected: expected, from: file.fileID, asFactory: true, ranking: ranking)
            }
            var arguments: [SpelledType] = []
            if case .named(_, let written) = owner { arguments = written }
            return functionSignature(named: member.declName.baseName.text, labels: labels, in: owner.path, instance: false, arguments: arguments, from: file.fileID, asFactory: true, ranking: ranking)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let labels = reference.argumentNames?.arguments.map(\.name.text)
            var prefix = context
            while true {
                let path = prefix.joined(separator: ".")
                let owner = prefix.isEmpty ? index.topLevel : index.declaration(path)
                if owner?.functions[reference.baseName.text] != nil || owner?.imported.functions[reference.baseName.text] != nil {
                    return functionSignature(named: reference.baseName.text, labels: labels, in: path, instance: false, from: file.fileID, asFactory: true, ranking: ranking)
                }
                if prefix.isEmpty { break }
                prefix.removeLast()
            }
            return .failure(Unreadable("the function '\(reference.sourceText)' is not declared in the analysed files", kind: .declaredElsewhere))
        }
        return .failure(Unreadable("the factory '\(SourceFile.oneLine(expression))' is an expression the analyzer does not read", kind: .factory))
    }

    /// The parameters of `instanceMethod` of the type at `path` (a property injector's
    /// `X.injectProperties`), which the runtime calls after the target.
    /// `arguments` are those of the generic type that declares it (`Box<String>.make`).
    /// `fileID` is the file naming it: `private` functions of other files are not candidates.
    /// `ranking`: how the terminating step's forms rank overloads (fixed arities on a binder or
    /// a collection, the seed alone for an assisted factory, none for an injector's packs).
    /// `asFactory`: it is passed to `to(factory:)`, which chooses among overloads as
    /// ``initializerSignature(of:labels:expected:from:asFactory:ranking:)`` says.
    func functionSignature(named name: String, labels: [String]?, in path: String?, instance: Bool, arguments: [SpelledType] = [], from fileID: String? = nil, asFactory: Bool = false, ranking: FactoryOverloadChoice.Ranking = .byArity) -> Result<FactorySignature, Unreadable> {
        guard let path, let owner = path.isEmpty ? index.topLevel : index.declaration(path) else {
            return .failure(Unreadable("the type that declares '\(name)' is not in the analysed files", kind: .declaredElsewhere))
        }
        let substitution = SpelledType.substitution(owner: path, parameters: owner.genericParameters, arguments: arguments)
        let candidates = functions(named: name, of: owner).filter { $0.matches(labels) && $0.isVisible(from: fileID) }
        let function: CallableSignature
        switch FactoryOverloadChoice.choose(candidates, allowsFailable: false, ranking: asFactory ? ranking : .none) {
        case .chosen(let chosen): function = chosen
        case .none:
            return .failure(Unreadable("'\(path.isEmpty ? "" : path + ".")\(name)' is not declared in the analysed files", kind: .declaredElsewhere))
        case .tied(let tied):
            let reference = "\(path.isEmpty ? "" : path + ".")\(name)"
            return .failure(Unreadable("'\(reference)' has \(tied.count) overloads the compiler ranks alike (it rejects the reference as ambiguous); name one by its labels: \(FactoryOverloadChoice.disambiguated(reference, tied))", kind: .overload))
        }
        guard let parameters = function.parameters else {
            return .failure(Unreadable("'\(path.isEmpty ? "" : path + ".")\(name)' has parameters whose types are inferred", kind: .factory))
        }
        if let through = function.isolationUnreadThrough {
            let reference = "\(path.isEmpty ? "" : path + ".")\(name)"
            let subject = through == owner.isolationUnreadThrough && !path.isEmpty ? path : reference
            return .failure(Unreadable(Self.unreadIsolation(of: subject, through: through, for: .function(reference)), kind: .declaredElsewhere))
        }
        return .success(FactorySignature(
            parameters: parameters.map { $0.substituting(substitution) },
            effect: function.isAsync ? .asynchronous : function.actor != nil ? .mainActor : .synchronous,
            result: function.result?.substituting(substitution)
        ))
    }

    /// The parameters of the initializer of `owner` that `X.init` or `X.init(a:b:)` names.
    /// A generic type's arguments are substituted into them: written (`Box<String>.init`),
    /// or, when `owner` has none, those of `expected`, the type the binding binds, as the
    /// compiler infers them (`bind(Box<String>.self).to(factory: Box.init)`). `fileID` is the
    /// file naming it: `private` initializers of other files are not candidates. `asFactory`:
    /// the initializer is named to be passed to `to(factory:)`, and chosen among several as the
    /// compiler chooses there (`FactoryOverloadChoice`); otherwise it is called, and its
    /// labels must name one.
    func initializerSignature(of owner: SpelledType, labels: [String]?, expected: SpelledType? = nil, from fileID: String? = nil, asFactory: Bool = false, ranking: FactoryOverloadChoice.Ranking = .byArity) -> Result<FactorySignature, Unreadable> {
        guard let path = owner.path, let declaration = index.declaration(path), declaration.kind != .extensionOnly else {
            return .failure(Unreadable("'\(owner)' is not declared in the analysed files, so its initializers are unknown", kind: .declaredElsewhere))
        }
        var owner = owner
        if case .named(_, let arguments) = owner, arguments.isEmpty, !declaration.genericParameters.isEmpty,
           case .named(path, let inferred)? = expected {
            owner = .named(path, inferred)
        }
        let substitution = resolver.substitution(of: owner)
        let candidates = allInitializers(of: declaration).filter { $0.matches(labels) && $0.isVisible(from: fileID) }
        // A failable initializer makes `Optional<X>`: a candidate only where the binding's type
        // is unwritten or optional (and never for a call, `X(…)`, which is unwrapped).
        let allowsFailable = asFactory && (expected == nil || expected?.path == "Optional")
        let chosen: CallableSignature
        switch FactoryOverloadChoice.choose(candidates, allowsFailable: allowsFailable, ranking: asFactory ? ranking : .none) {
        case .chosen(let one): chosen = one
        case .none:
            return .failure(Unreadable("no initializer of '\(path)'\(labels.map { " with labels (\($0.map { $0 + ":" }.joined()))" } ?? "") is declared in the analysed files", kind: .declaredElsewhere))
        case .tied(let tied):
            return .failure(Unreadable("'\(path).init' names \(tied.count) initializers the compiler ranks alike (it rejects the reference as ambiguous); name one by its labels: \(FactoryOverloadChoice.disambiguated(path + ".init", tied))", kind: .overload))
        }
        guard let parameters = chosen.parameters else {
            return .failure(Unreadable("the memberwise initializer of '\(path)' has a property whose type is inferred", kind: .factory))
        }
        if let through = chosen.isolationUnreadThrough {
            // Marked so itself, or through its type.
            let subject = through == declaration.isolationUnreadThrough ? path : path + ".init"
            return .failure(Unreadable(Self.unreadIsolation(of: subject, through: through, for: .initializer), kind: .declaredElsewhere))
        }
        if chosen.isolationUndecided == true {
            return .failure(Unreadable("the implicit initializer of '\(path)' is isolated to its global actor unless every stored property is Sendable with a nonisolated value, which cleansec does not decide for its properties; write the initializer (nonisolated or not)", kind: .factory))
        }
        return .success(FactorySignature(
            parameters: parameters.map { $0.substituting(substitution) },
            effect: chosen.isAsync ? .asynchronous : chosen.actor != nil ? .mainActor : .synchronous,
            result: chosen.isFailable == true ? .named("Optional", [owner]) : owner
        ))
    }

    /// Whether `attributes` hold `@available(*, unavailable)`.
    static func isUnavailable(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            guard case .attribute(let attribute) = element, attribute.attributeName.sourceText == "available",
                  case .availability(let arguments)? = attribute.arguments else { return false }
            return arguments.contains { $0.argument.sourceText == "unavailable" }
        }
    }

    /// Every initializer of `declaration`, imported ones included, read once per declaration
    /// (a graph names the same types' initializers many times) unless a generic module's
    /// arguments are being substituted.
    func allInitializers(of declaration: TypeDeclaration) -> [CallableSignature] {
        guard resolver.substitutions.isEmpty, resolver.localNames.isEmpty else { return initializers(of: declaration) }
        if let cached = declaration.readInitializers { return cached }
        let read = initializers(of: declaration)
        declaration.readInitializers = read
        return read
    }

    /// Every initializer of `declaration` a factory may name: those written in the files
    /// `isIncluded` accepts, the implicit ones (memberwise for a struct, `init()` for a class
    /// or actor) when its declaration is among them, and, with `withImported`, those the
    /// partial models of other targets list.
    func initializers(of declaration: TypeDeclaration, in isIncluded: (SourceFile) -> Bool = { _ in true }, withImported: Bool = true) -> [CallableSignature] {
        // What is cached per declaration (implicit initializers, the superclass, overrides)
        // is read as the declaring file sees it, whichever file asks first.
        if let file = declaration.declaration?.file, resolver.readingFile?.path != file.path {
            return FactoryReader(resolver: resolver.reading(file)).initializers(of: declaration, in: isIncluded, withImported: withImported)
        }
        let context = declaration.context
        // An unavailable initializer cannot be named. A failable one (`required
        // init?(coder:)`) is kept, marked: it makes an optional, which only a binding whose
        // type is unwritten or optional takes (`FactoryOverloadChoice`).
        let nameable = declaration.initializers.filter { initializer in
            isIncluded(initializer.file) && !Self.isUnavailable(initializer.syntax.attributes)
        }
        var result = nameable.map { initializer in
            let syntax = initializer.syntax
            let labels = syntax.signature.parameterClause.parameters.map(\.firstName.text)
            let isolation = overriddenIsolation(of: declaration, labels: labels, modifiers: syntax.modifiers, attributes: syntax.attributes)
                ?? memberIsolation(of: declaration, attributes: syntax.attributes, modifiers: syntax.modifiers)
            // An initializer's own generic parameters stay parameters: no call fixes them.
            // Its types are what its own file's imports make them.
            let resolver = resolver.reading(initializer.file).withGenericParameters(syntax.genericParameterClause?.parameters.map(\.name.text) ?? [], of: declaration.path + ".init")
            return CallableSignature(
                labels: labels,
                parameters: syntax.signature.parameterClause.parameters.map { resolver.resolve($0.type, in: context) },
                isAsync: isAsync(syntax.signature.effectSpecifiers),
                actor: isolation.actor,
                isFailable: syntax.optionalMark == nil ? nil : true,
                visibleOnlyIn: CallableSignature.confinement(of: syntax.modifiers, in: initializer.file),
                isolationUnreadThrough: isolation.unreadThrough
            )
        }
        // The initializers Swift writes (memberwise, `init()`, a superclass's), where the
        // declaration is among the files read.
        if let declared = declaration.declaration, isIncluded(declared.file) {
            result += implicitInitializers(of: declaration)
        }
        if withImported { result += declaration.imported.initializers }
        return result
    }

    /// Every function `name` of `owner` (the top level for the empty path), chosen as
    /// ``initializers(of:in:withImported:)`` chooses.
    func functions(named name: String, of owner: TypeDeclaration, in isIncluded: (SourceFile) -> Bool = { _ in true }, withImported: Bool = true) -> [CallableSignature] {
        let context = owner.context
        var result = (owner.functions[name] ?? []).filter { isIncluded($0.file) }.map { function in
            let signature = function.syntax.signature
            let resolver = resolver.reading(function.file).withGenericParameters(function.syntax.genericParameterClause?.parameters.map(\.name.text) ?? [], of: "\(owner.path).\(name)")
            let isolation = memberIsolation(of: owner, attributes: function.syntax.attributes, modifiers: function.syntax.modifiers)
            return CallableSignature(
                labels: signature.parameterClause.parameters.map(\.firstName.text),
                parameters: signature.parameterClause.parameters.map { resolver.resolve($0.type, in: context) },
                isAsync: isAsync(signature.effectSpecifiers),
                actor: isolation.actor,
                result: signature.returnClause.map { resolver.resolve($0.type, in: context) },
                visibleOnlyIn: CallableSignature.confinement(of: function.syntax.modifiers, in: function.file),
                isolationUnreadThrough: isolation.unreadThrough
            )
        }
        if withImported { result += owner.imported.functions[name] ?? [] }
        return result
    }

    private func isAsync(_ effects: FunctionEffectSpecifiersSyntax?) -> Bool {
        effects?.asyncSpecifier != nil || effects?.throwsClause != nil
    }

    /// Reads an expression that names a type (`Heater`, `Detail.AF`, `[Int]`) as a type.
    static func typeSyntax(of expression: ExprSyntax) -> TypeSyntax? {
        if let type = expression.as(TypeExprSyntax.self) { return type.type }
        var parser = Parser(expression.sourceText)
        let type = TypeSyntax.parse(from: &parser)
        return type.hasError ? nil : type
    }

}

/// Why a construct cannot be read.
struct Unreadable: Error {
    let reason: String
    let kind: OpaqueKind
    init(_ reason: String, kind: OpaqueKind) {
        self.reason = reason
        self.kind = kind
    }
}
