import Cleanse
import Testing

// The code a diagnostic suggests compiles, and applied as written, it fixes the graph: each
// test reads the suggested line from the message, and this file contains that same line,
// compiled, in the module that applies it.

/// A button whose tap handler is a closure the graph provides.
private final class TapButton {
    init(onTap: @escaping (String) -> Void, formatters: [(Int) -> String]) {}
}

private struct ButtonComponent: RootComponent {
    typealias Root = TapButton
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<TapButton>) -> BindingReceipt<TapButton> {
        bind.to(factory: TapButton.init)
    }
}

/// The fixes, applied as the messages spell them.
private struct HandlersModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(((String) -> ()).self).to(factory: { { (_: String) in } })
        binder.bind(Array<(Int) -> String>.self).to(factory: { [{ (value: Int) in "\(value)" }] })
    }
}

private struct FixedButtonComponent: RootComponent {
    typealias Root = TapButton
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: HandlersModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<TapButton>) -> BindingReceipt<TapButton> {
        bind.to(factory: TapButton.init)
    }
}

@Suite struct FixesThatCompileTests {
    @Test func aFunctionTypesFixWritesItsMetatypeInParentheses() throws {
        var text = ""
        do {
            _ = try ComponentFactory.of(ButtonComponent.self)
        } catch let error as any CleanseError {
            text = error.description
        }
        #expect(text.contains("binder.bind(((String) -> ()).self).to(factory: …)"), "\(text)")
        #expect(text.contains("binder.bind(Array<(Int) -> String>.self).to(factory: …)"), "\(text)")
        #expect(!text.contains("binder.bind((String) -> ().self)"), "\(text)")
        // The same lines, in HandlersModule, compile and complete the graph.
        _ = try ComponentFactory.of(FixedButtonComponent.self).build(())
    }
}
