@testable import CleanseMacrosPlugin
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// Expands `@Injectable` in `source` as the compiler would, asking for the conformance the
/// attribute's form declares: the expanded text, and what the macro said.
private func expand(_ source: String) -> (text: String, diagnostics: [String]) {
    let file = Parser.parse(source: source)
    let context = BasicMacroExpansionContext()
    let conformance = TypeSyntax(IdentifierTypeSyntax(name: .identifier(source.contains("mainActor:") ? "MainActorPropertyInjectable" : "PropertyInjectable")))
    let expanded = file.expand(
        macroSpecs: ["Injectable": MacroSpec(type: InjectableMacro.self, conformances: [conformance])],
        contextGenerator: { _ in context }
    )
    return (expanded.description, context.diagnostics.map(\.message))
}

@Suite("@Injectable's expansion")
struct InjectableExpansionTests {
    @Test("a plain class gets a list of .property entries and PropertyInjectable")
    func plainClass() {
        let (text, diagnostics) = expand("""
            @Injectable
            final class SettingsModel {
                @Injected var store: SettingsStore
            }
            """)
        #expect(diagnostics.isEmpty)
        #expect(text.contains("static var injectedProperties: [InjectedProperty]"))
        #expect(text.contains(".property(named: \"store\""))
        #expect(text.contains("extension SettingsModel: PropertyInjectable"))
    }

    @Test("a main-actor class gets .mainActorProperty entries, read from anywhere, and MainActorPropertyInjectable")
    func mainActorClass() {
        let (text, diagnostics) = expand("""
            @Injectable(mainActor: true)
            final class ProfileViewController: UIViewController {
                @Injected var service: ProfileService
            }
            """)
        #expect(diagnostics.isEmpty)
        #expect(text.contains("nonisolated static var injectedProperties: [InjectedProperty]"))
        #expect(text.contains(".mainActorProperty(named: \"service\""))
        #expect(text.contains("extension ProfileViewController: MainActorPropertyInjectable"))
    }

    @Test("plain @Injectable on a class isolated to the main actor says to write mainActor: true", arguments: [
        "@MainActor final class Screen { @Injected var service: Service }",
        "final class Screen: UIViewController { @Injected var service: Service }",
        "final class Screen: AppKit.NSViewController { @Injected var service: Service }",
    ])
    func mainActorClassWithPlainMacro(_ declaration: String) {
        let (text, diagnostics) = expand("@Injectable\n" + declaration)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.contains("write @Injectable(mainActor: true)") == true)
        #expect(!text.contains("injectedProperties"))
    }

    @Test("a subclass's list starts with its superclass's")
    func subclass() {
        let (text, _) = expand("""
            @Injectable(subclass: true)
            final class ExpressCheckout: Checkout {
                @Injected var fraud: FraudCheck
            }
            """)
        #expect(text.contains("override class var injectedProperties: [InjectedProperty]"))
        #expect(text.contains("super.injectedProperties + [.property(named: \"fraud\""))
    }

    @Test("what the macro cannot apply to is an error at the attribute or the property")
    func misuse() {
        #expect(expand("@Injectable struct Model { @Injected var store: Store }").diagnostics.first?.contains("applies to classes") == true)
        #expect(expand("@Injectable final class Model { @Injected var store = Store() }").diagnostics.first?.contains("needs its type written") == true)
        #expect(expand("@Injectable(mainActor: false) final class Model { @Injected var store: Store }").diagnostics.first?.contains("without 'mainActor:'") == true)
    }
}
