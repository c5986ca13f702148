import SwiftSyntax

/// What a helper's parameter was given: the argument, and the reader of the body that
/// passed it (where its names and types mean what they say).
struct HelperArgument {
    let expression: ExprSyntax
    let caller: ConfigureReader
}

/// Helpers that write bindings, read by substituting their arguments into their bodies:
///
/// ```swift
/// extension Binder {
///     func bindSetting<T: Tag>(_ tag: T.Type, value: T.Element) {
///         bind(T.Element.self).tagged(with: tag).to(value: value)
///     }
/// }
/// enum NetworkBindings {
///     static func register(in binder: Binder<Singleton>) { binder.bind(Session.self)… }
/// }
/// binder.bindSetting(APIBaseURL.self, value: "https://…")
/// NetworkBindings.register(in: binder)
/// ```
///
/// The helper's bindings are where its body writes them (that is where `to(…)`'s `#line`
/// points at run time), in the scope of the binder it was given.
extension ConfigureReader {
    /// The deepest chain of helpers calling helpers that is followed.
    static let maximumHelperDepth = 8

    /// The steps of `expression` when it calls a helper with the binder: `binder.helper(…)`
    /// for a method of an extension of `Binder`, `Helpers.register(binder)` or
    /// `register(in: binder)` for a function taking it. `nil` when it calls none.
    func helperSteps(_ expression: ExprSyntax, binderName: String, node: Syntax, receiptKey: SpelledType? = nil) -> [ConfigureStep]? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        // A trailing closure goes to the last parameter, whatever its label.
        let labels = Self.labels(of: call)
        let candidates: [(function: FunctionDeclSyntax, file: SourceFile, owner: TypeDeclaration, binderParameter: String?)]
        let name: String
        let binderMethod: String?
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
           base.as(DeclReferenceExprSyntax.self)?.baseName.text == binderName {
            binderMethod = member.declName.baseName.text
        } else if binderName == "self", let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            // Inside a Binder extension, another of its methods with an implicit `self`.
            binderMethod = reference.baseName.text
        } else {
            binderMethod = nil
        }
        if let binderMethod {
            // `binder.bindSetting(…)`: a method of an extension of Binder, unless it is DSL.
            name = binderMethod
            guard !Self.isDSL(name, labels: labels) else { return nil }
            candidates = resolver.binderTypeNames.compactMap { resolver.index.declaration($0) }.flatMap { owner in
                owner.helpers(named: name).map { ($0.syntax, $0.file, owner, nil) }
            }
        } else {
            // A function given the binder as an argument.
            guard let binderPosition = call.arguments.firstIndex(where: { $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == binderName }) else {
                return nil
            }
            let index = call.arguments.distance(from: call.arguments.startIndex, to: binderPosition)
            let owners: [TypeDeclaration]
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                name = member.declName.baseName.text
                guard let path = resolver.resolve(typeExpression: base, in: context)?.path, let owner = resolver.index.declaration(path) else {
                    return [opaque(node, "the helper '\(call.calledExpression.sourceText)' is declared outside the analysed files", unknownKeys: true, kind: .declaredElsewhere)]
                }
                owners = [owner]
            } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                name = reference.baseName.text
                var prefix = context
                var found: [TypeDeclaration] = []
                while found.isEmpty {
                    if let owner = prefix.isEmpty ? resolver.index.topLevel : resolver.index.declaration(prefix.joined(separator: ".")),
                       !owner.helpers(named: name).isEmpty {
                        found = [owner]
                    }
                    if prefix.isEmpty { break }
                    prefix.removeLast()
                }
                owners = found
            } else {
                return nil
            }
            candidates = owners.flatMap { owner in
                owner.helpers(named: name).compactMap { member in
                    let parameters = Array(member.syntax.signature.parameterClause.parameters)
                    guard index < parameters.count else { return nil }
                    let parameter = parameters[index]
                    return (member.syntax, member.file, owner, (parameter.secondName ?? parameter.firstName).text)
                }
            }
        }
        let matching = candidates.compactMap { candidate in
            Self.arguments(labels, for: Array(candidate.function.signature.parameterClause.parameters)).flatMap { assignment in
                candidate.function.body == nil ? nil : (candidate: candidate, assignment: assignment)
            }
        }
        guard matching.count == 1, let helper = matching.first else {
            return [opaque(node, matching.isEmpty
                ? "the helper '\(name)' is declared outside the analysed files"
                : "'\(name)' has \(matching.count) overloads with these labels; the analyzer does not choose between them", unknownKeys: true, kind: matching.isEmpty ? .declaredElsewhere : .overload)]
        }
        guard helperDepth < Self.maximumHelperDepth else {
            return [opaque(node, "helpers calling helpers more than \(Self.maximumHelperDepth) deep", unknownKeys: true, kind: .statement)]
        }
        let (candidate, assignment) = helper
        return read(candidate.function, in: candidate.file, owner: candidate.owner, call: call, assignment: assignment, binderParameter: candidate.binderParameter, receiptKey: receiptKey)
    }

    /// The body of `function` (declared in `owner`), with the arguments of `call` in place of
    /// its parameters (`assignment`: which argument each one gets, see `arguments(_:for:)`)
    /// and the binder under `binderParameter` (`self` for a Binder method).
    /// `receiptKey`: the root's key, when the binder handed on is a root's `ReceiptBinder`
    /// (`S.configureRoot(binder: bind)` in a generic component's `configureRoot`).
    private func read(_ function: FunctionDeclSyntax, in helperFile: SourceFile, owner: TypeDeclaration, call: FunctionCallExprSyntax, assignment: [Int?], binderParameter: String?, receiptKey: SpelledType?) -> [ConfigureStep] {
        let parameters = Array(function.signature.parameterClause.parameters)
        var given: [ExprSyntax] = call.arguments.map(\.expression)
        if let closure = call.trailingClosure { given.append(ExprSyntax(closure)) }
        let generics = function.genericParameterClause?.parameters.map(\.name.text) ?? []
        // The body names types as the helper's own file sees them (its imports).
        var helperResolver = resolver.reading(helperFile).withGenericParameters(generics, of: "\(owner.path).\(function.name.text)")
        // A left-out parameter stands for its default, read where the helper is declared.
        let declaration = ConfigureReader(resolver: helperResolver, file: helperFile, context: owner.context, binderScope: binderScope)
        var bound: [String: HelperArgument] = [:]
        var sourceDefaults: [String: String] = [:]
        for (parameter, index) in zip(parameters, assignment) {
            let name = (parameter.secondName ?? parameter.firstName).text
            guard name != binderParameter else { continue }
            guard let index else {
                if let magic = Self.sourceDefault(of: parameter) {
                    sourceDefaults[name] = magic
                } else if let value = parameter.defaultValue?.value {
                    bound[name] = HelperArgument(expression: value, caller: declaration)
                }
                continue
            }
            let argument = given[index]
            bound[name] = HelperArgument(expression: argument, caller: self)
            // `_ tag: T.Type` given `APIBaseURL.self` fixes `T`, as the compiler infers it.
            if let metatype = parameter.type.as(MetatypeTypeSyntax.self), metatype.metatypeSpecifier.tokenKind == .keyword(.Type),
               let generic = metatype.baseType.as(IdentifierTypeSyntax.self)?.name.text, generics.contains(generic),
               let type = self.metatype(argument) {
                helperResolver.localNames[generic] = type
            }
        }
        var reader = ConfigureReader(resolver: helperResolver, file: helperFile, context: owner.context, binderScope: binderScope)
        reader.arguments = bound
        reader.sourceDefaults = sourceDefaults
        reader.helperCall = CallChain.position(of: call, in: file)
        reader.helperDepth = helperDepth + 1
        return reader.steps(of: function.body?.statements ?? [], binderName: binderParameter ?? "self", receiptKey: receiptKey)
    }

    /// For each of `parameters`, the index of the argument (by its label; `nil` for a
    /// trailing closure, which goes to the last parameter) the call gives it, or `nil` when
    /// the call leaves it out for its default; `nil` altogether when the labels do not fit.
    static func arguments(_ labels: [String?], for parameters: [FunctionParameterSyntax]) -> [Int?]? {
        var assignment: [Int?] = Array(repeating: nil, count: parameters.count)
        var labelled = labels[...]
        var positional = parameters.count
        if labelled.last == .some(nil) {
            guard positional > 0 else { return nil }
            positional -= 1
            assignment[positional] = labels.count - 1
            labelled = labelled.dropLast()
        }
        var next = 0
        for (offset, label) in labelled.enumerated() {
            // A parameter the labels skip is left out: it needs a default.
            while next < positional, parameters[next].firstName.text != label {
                guard parameters[next].defaultValue != nil else { return nil }
                next += 1
            }
            guard next < positional else { return nil }
            assignment[next] = offset
            next += 1
        }
        guard parameters[next..<positional].allSatisfy({ $0.defaultValue != nil }) else { return nil }
        return assignment
    }

    /// The labels of `call`'s arguments (`_` for an unlabelled one), then `nil` for its
    /// trailing closure.
    static func labels(of call: FunctionCallExprSyntax) -> [String?] {
        call.arguments.map { $0.label?.text ?? "_" } + (call.trailingClosure != nil ? [nil] : [])
    }

    /// Where apps declare their binder helpers: extensions of the binder types.
    static let binderExtensionNames = ["Binder", "BinderBase", "SingletonBinder", "UnscopedBinder"]

    /// The binder's own methods, which are the DSL, never a helper.
    static let binderMethods: Set<String> = [
        "bind", "bindFactory", "bindPropertyInjectionOf", "include", "install", "to", "propertyInjector",
    ]

    /// Whether a call of `name` with argument labels `labels` is the DSL: one of the binder's
    /// methods, with its label where an app's helper of the same name would differ
    /// (`install(screen: Home.self)` is the app's, `install(dependency:)` Cleanse's).
    static func isDSL(_ name: String, labels: [String?]) -> Bool {
        guard binderMethods.contains(name) else { return false }
        switch name {
        case "install": return labels.first == "dependency" || labels.first == "feature"
        case "include": return labels.first == "module"
        default: return true
        }
    }
}

extension TypeDeclaration {
    /// The functions named `name` a call may name as a helper: those of the analysed files,
    /// and those a partial model kept whole for reading at each call.
    func helpers(named name: String) -> [Member<FunctionDeclSyntax>] {
        (functions[name] ?? []) + (imported.readAtCall[name] ?? [])
    }
}
