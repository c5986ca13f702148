import Cleanse
import Testing

private let sharedCounter = CounterBox()
private final class CounterBox: @unchecked Sendable {
    // Only touched by the serialized suite below.
    var value = 0
}

private struct Leaf { let value: Int }
private struct Pair { let leaf: Leaf; let label: String }

private struct LeafModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        sharedCounter.value += 1
        binder.bind(Leaf.self).to(value: Leaf(value: 1))
    }
}
private struct LeftModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: LeafModule.self)
        binder.bind(String.self).to(value: "left")
    }
}
private struct RightModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: LeafModule.self)
    }
}

private struct DiamondComponent: RootComponent {
    typealias Root = Pair
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: LeftModule.self)
        binder.include(module: RightModule.self)
        binder.include(module: LeafModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Pair>) -> BindingReceipt<Pair> {
        bind.to(factory: Pair.init)
    }
}

private final class SomethingThatDoesAnAPICall {
    let label: String
    init(label: String) { self.label = label }
    struct Module: Cleanse.Module {
        static func configure(binder: Binder<Unscoped>) {
            binder.bind(SomethingThatDoesAnAPICall.self).to(factory: SomethingThatDoesAnAPICall.init)
            binder.bind(String.self).to(value: "inner")
        }
    }
}

private struct InnerModuleComponent: RootComponent {
    typealias Root = Resolved<SomethingThatDoesAnAPICall>
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: SomethingThatDoesAnAPICall.Module.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(factory: Resolved.init)
    }
}

@Suite("Modules", .serialized)
struct ModuleTests {
    @Test("a module reached through several paths is installed once, not reported as a duplicate")
    func diamondInstallsOnce() throws {
        sharedCounter.value = 0
        let pair = try ComponentFactory.of(DiamondComponent.self).build(())
        #expect(pair.leaf.value == 1)
        #expect(pair.label == "left")
        #expect(sharedCounter.value == 1)
    }

    @Test("the nested `struct Module: Cleanse.Module` pattern works")
    func innerModulePattern() throws {
        #expect(try ComponentFactory.of(InnerModuleComponent.self).build(()).value.label == "inner")
    }
}
