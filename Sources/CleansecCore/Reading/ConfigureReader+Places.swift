import SwiftParser
import SwiftSyntax

/// Where the runtime places a DSL call: its own `(` (or trailing closure's `{`), unless the
/// call is given `file:`, `line:` or `column:`, as a helper that forwards its caller's place
/// writes it:
///
/// ```swift
/// extension Binder {
///     func bindSingleton<T>(_ type: T.Type, file: StaticString = #fileID, line: Int = #line,
///                           column: Int = #column, factory: @escaping @Sendable () -> T) {
///         bind(type).sharedInScope().to(file: file, line: line, column: column, factory: factory)
///     }
/// }
/// binder.bindSingleton(Clock.self) { SystemClock() }   // placed here, at the helper's call
/// ```
///
/// A value the reader cannot follow to a literal or to a `#fileID`, `#line` or `#column`
/// default has no place the reader can prove: the call is unread.
extension ConfigureReader {
    /// A `file:`, `line:` or `column:` argument, followed to what it is at run time.
    enum PlaceArgument {
        case number(Int)
        case text(String)
        /// A `#fileID`, `#line` or `#column` default of a helper's parameter its call left
        /// out: the helper call's place.
        case callSite(SourcePosition)
    }

    /// The note for a call whose place the reader cannot follow.
    static let unfollowedPlace = "a file:, line: or column: argument the analyzer cannot follow to a literal or to its caller's #fileID, #line or #column"

    /// The runtime's place for `call`, or `nil` when its `file:`, `line:` or `column:`
    /// argument is one the reader cannot follow.
    func place(of call: CallChain.Call) -> SourcePosition? {
        place(of: call.node, in: file)
    }

    /// The runtime's place for `call`, written in `file`.
    func place(of call: FunctionCallExprSyntax, in file: SourceFile) -> SourcePosition? {
        let own = CallChain.position(of: call, in: file)
        func argument(_ label: String) -> ExprSyntax? {
            call.arguments.first { $0.label?.text == label }?.expression
        }
        var path = own.path, fileID = own.fileID, line = own.line, column = own.column
        if let written = argument("file") {
            switch placeArgument(written, magic: "fileID") {
            case .text(let text) where text == own.fileID: break
            case .callSite(let site):
                path = site.path
                fileID = site.fileID
            default: return nil
            }
        }
        for (label, magic) in [("line", "line"), ("column", "column")] {
            guard let written = argument(label) else { continue }
            let value: Int
            switch placeArgument(written, magic: magic) {
            case .number(let number): value = number
            case .callSite(let site): value = magic == "line" ? site.line : site.column
            default: return nil
            }
            if magic == "line" { line = value } else { column = value }
        }
        return SourcePosition(path: path, fileID: fileID, line: line, column: column)
    }

    /// What `expression` is when given where `#magic` would be the default: a literal, or a
    /// helper's parameter followed to its caller's argument or to a left-out default.
    private func placeArgument(_ expression: ExprSyntax, magic: String) -> PlaceArgument? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            let name = reference.baseName.text
            if let argument = arguments[name] {
                return argument.caller.placeArgument(argument.expression, magic: magic)
            }
            if sourceDefaults[name] == magic, let helperCall {
                return .callSite(helperCall)
            }
            return nil
        }
        if let literal = expression.as(IntegerLiteralExprSyntax.self), let number = literal.representedLiteralValue {
            return .number(number)
        }
        if let literal = expression.as(StringLiteralExprSyntax.self), let text = literal.representedLiteralValue {
            return .text(text)
        }
        return nil
    }

    /// The magic literal a parameter's default is (`fileID`, `line`, `column`, `function`,
    /// `file`, `filePath`), or `nil` when its default is anything else.
    static func sourceDefault(of parameter: FunctionParameterSyntax) -> String? {
        parameter.defaultValue?.value.as(MacroExpansionExprSyntax.self)?.macroName.text
    }
}
