import CleanseGraph
import SwiftParser
import SwiftSyntax

/// `bindPropertyInjectionOf(T.self).toInjectedProperties()`: the requests of `T`'s
/// `injectedProperties` list (`PropertyInjectable`), read as the runtime reads it, each
/// declared where the runtime places it.
///
/// ```swift
/// class var injectedProperties: [InjectedProperty] {
///     super.injectedProperties + [.property(\Editor._store, named: "store")]
/// }
/// ```
extension ConfigureReader {
    /// The requests of `target`'s list, its superclass's first, each with where it is
    /// placed (for the assembler's positions).
    func injectedPropertyRequests(of target: SpelledType) -> Result<[(request: DependencyRequest, place: SourcePosition)], Unreadable> {
        guard let path = target.path, let declaration = resolver.index.declaration(path) else {
            return .failure(Unreadable("'\(target)' is not declared in the analysed files, so its @Injected properties are unknown", kind: .declaredElsewhere))
        }
        return requests(ofListIn: declaration, depth: 0)
    }

    private func requests(ofListIn declaration: TypeDeclaration, depth: Int) -> Result<[(request: DependencyRequest, place: SourcePosition)], Unreadable> {
        if depth < 16, let macro = declaration.injectableMacro {
            return requests(writtenByMacroIn: declaration, isSubclass: macro.isSubclass, depth: depth)
        }
        guard depth < 16, let list = declaration.injectedPropertiesList else {
            // A subclass that declares nothing of its own has its superclass's list.
            if depth < 16, let superclass = factories.superclass(of: declaration), isPropertyInjectable(superclass, depth: depth + 1) {
                return requests(ofListIn: superclass, depth: depth + 1)
            }
            return .failure(Unreadable("'\(declaration.path)' has no injectedProperties list the analyzer can read", kind: .dslForm))
        }
        return requests(in: list.syntax, file: list.file, of: declaration, depth: depth)
    }

    /// `@Injectable`: the list the macro writes, read from the `@Injected` properties (each
    /// placed at its name, as the macro places it), after the superclass's for
    /// `@Injectable(subclass: true)`.
    private func requests(writtenByMacroIn declaration: TypeDeclaration, isSubclass: Bool, depth: Int) -> Result<[(request: DependencyRequest, place: SourcePosition)], Unreadable> {
        var result: [(request: DependencyRequest, place: SourcePosition)] = []
        if isSubclass {
            switch factories.superclass(of: declaration).map({ requests(ofListIn: $0, depth: depth + 1) })
                ?? .failure(Unreadable("the superclass of '\(declaration.path)' is not declared in the analysed files", kind: .declaredElsewhere)) {
            case .success(let inherited): result = inherited
            case .failure(let unreadable): return .failure(unreadable)
            }
        }
        let context = declaration.path.split(separator: ".").map(String.init)
        for property in declaration.injectedDeclarations {
            guard let written = property.type else {
                return .failure(Unreadable("'\(declaration.path).\(property.name)' has no type the analyzer can read", kind: .typeName))
            }
            let type = resolver.resolve(written, in: context)
            guard let request = self.request(for: type, assistedSeed: nil) else {
                return .failure(Unreadable("the property type '\(type)' cannot be named as the runtime names it", kind: .typeName))
            }
            let place = property.binding.file.position(of: property.binding.syntax)
            let site = RequestSite(name: "\(declaration.path).\(property.name)", location: place.location)
            result.append((request.declared(at: site), place))
        }
        return .success(result)
    }

    /// Whether the class at `path` is `PropertyInjectable` as far as the analysed files say:
    /// marked `@Injectable`, or declaring an `injectedProperties` list, itself or a superclass.
    func isPropertyInjectable(path: String) -> Bool {
        guard let declaration = resolver.index.declaration(path), declaration.kind == .class else { return false }
        return isPropertyInjectable(declaration, depth: 0)
    }

    private func isPropertyInjectable(_ declaration: TypeDeclaration, depth: Int) -> Bool {
        if declaration.injectableMacro != nil || declaration.injectedPropertiesList != nil { return true }
        guard depth < 16, let superclass = factories.superclass(of: declaration) else { return false }
        return isPropertyInjectable(superclass, depth: depth + 1)
    }

    private func requests(in expression: ExprSyntax, file: SourceFile, of declaration: TypeDeclaration, depth: Int) -> Result<[(request: DependencyRequest, place: SourcePosition)], Unreadable> {
        // `a + b + …`, unfolded by the parser into a sequence.
        if let sequence = expression.as(SequenceExprSyntax.self) {
            var joined: [(request: DependencyRequest, place: SourcePosition)] = []
            for (index, element) in sequence.elements.enumerated() {
                if index % 2 == 1 {
                    guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else {
                        return .failure(Unreadable("an injectedProperties list joined by something else than '+'", kind: .dslForm))
                    }
                    continue
                }
                switch requests(in: element, file: file, of: declaration, depth: depth) {
                case .success(let more): joined += more
                case .failure(let unreadable): return .failure(unreadable)
                }
            }
            return .success(joined)
        }
        // `super.injectedProperties`: the superclass's list.
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.sourceText == "super",
           member.declName.baseName.text == "injectedProperties" {
            guard let superclass = factories.superclass(of: declaration) else {
                return .failure(Unreadable("the superclass of '\(declaration.path)' is not declared in the analysed files", kind: .declaredElsewhere))
            }
            return requests(ofListIn: superclass, depth: depth + 1)
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            var requests: [(request: DependencyRequest, place: SourcePosition)] = []
            for element in array.elements {
                switch request(ofProperty: element.expression, file: file, in: declaration) {
                case .success(let request): requests.append(request)
                case .failure(let unreadable): return .failure(unreadable)
                }
            }
            return .success(requests)
        }
        return .failure(Unreadable("an injectedProperties list the analyzer does not read (\(SourceFile.oneLine(expression)))", kind: .dslForm))
    }

    /// `.property(\Owner._name, named: "name", file: …, line: …)`.
    private func request(ofProperty expression: ExprSyntax, file: SourceFile, in declaration: TypeDeclaration) -> Result<(request: DependencyRequest, place: SourcePosition), Unreadable> {
        guard let call = expression.as(FunctionCallExprSyntax.self),
              call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "property",
              let keyPath = call.arguments.first?.expression.as(KeyPathExprSyntax.self),
              let root = keyPath.root,
              keyPath.components.count == 1,
              let component = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self),
              let named = call.arguments.first(where: { $0.label?.text == "named" })?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
        else {
            return .failure(Unreadable("an injected property the analyzer does not read (\(SourceFile.oneLine(expression)))", kind: .dslForm))
        }
        let context = declaration.path.split(separator: ".").map(String.init)
        guard let owner = resolver.resolve(root, in: context).path, let ownerDeclaration = resolver.index.declaration(owner) else {
            return .failure(Unreadable("the class of '\(keyPath.sourceText)' is not declared in the analysed files", kind: .declaredElsewhere))
        }
        // `\Owner._service`: the wrapper of `@Injected var service: T`.
        let storage = component.declName.baseName.text
        let propertyName = storage.hasPrefix("_") ? String(storage.dropFirst()) : storage
        guard let stored = ownerDeclaration.storedProperties.first(where: { $0.name == propertyName }), let written = stored.type else {
            return .failure(Unreadable("'\(owner).\(propertyName)' has no type the analyzer can read", kind: .typeName))
        }
        let type = resolver.resolve(written, in: owner.split(separator: ".").map(String.init))
        guard let request = self.request(for: type, assistedSeed: nil) else {
            return .failure(Unreadable("the property type '\(type)' cannot be named as the runtime names it", kind: .typeName))
        }
        // Placed where the runtime places it: the call, or what its `file:`, `line:` and
        // `column:` say.
        guard let place = place(of: call, in: file) else {
            return .failure(Unreadable(Self.unfollowedPlace, kind: .dslForm))
        }
        let site = RequestSite(name: "\(owner).\(named)", location: place.location)
        return .success((request.declared(at: site), place))
    }
}
