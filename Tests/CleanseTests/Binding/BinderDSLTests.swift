import Cleanse
import Testing

private struct A { let id = 1 }
private struct B { let id = 2 }
private struct Hamburger { let topping: Topping }
private struct Topping { let name: String }
private struct Summary { let text: String }
private struct Primary: Cleanse.Tag { typealias Element = String }
private struct Secondary: Cleanse.Tag { typealias Element = String }

private final class FortyArguments {
    let sum: Int
    init(
        a1: A, a2: A, a3: A, a4: A, a5: A, a6: A, a7: A, a8: A, a9: A, a10: A,
        a11: A, a12: A, a13: A, a14: A, a15: A, a16: A, a17: A, a18: A, a19: A, a20: A,
        a21: A, a22: A, a23: A, a24: A, a25: A, a26: A, a27: A, a28: A, a29: A, a30: A,
        a31: A, a32: A, a33: A, a34: A, a35: A, a36: A, a37: A, a38: A, a39: A, b40: B
    ) {
        sum = [a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20,
               a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31, a32, a33, a34, a35, a36, a37, a38, a39]
            .map(\.id).reduce(0, +) + b40.id
    }
}

private struct FactoryForms: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(A.self).to { () -> A in A() }           // zero arity, explicit signature
        binder.bind(B.self).to { B() }                      // zero arity, inferred
        binder.bind().to(factory: Hamburger.init)            // element inferred from the factory
        binder.bind(Topping.self).to(value: Topping(name: "cheese"))
        binder.bind(Summary.self).to { (a: A, b: B, burger: Hamburger) in
            Summary(text: "\(a.id)\(b.id)\(burger.topping.name)")
        }
        binder.bind(FortyArguments.self).to(factory: FortyArguments.init)
    }
}

private struct TagsAndProviders: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).tagged(with: Primary.self).to(value: "primary")
        binder.bind(String.self).tagged(with: Secondary.self).to(provider: Provider(value: "secondary"))
        binder.bind(String.self).to(provider: TaggedProvider<Primary>(value: "untagged"))
        binder.bind(Summary.self).to { (p: TaggedProvider<Primary>, s: TaggedProvider<Secondary>, plain: String) in
            Summary(text: "\(p.get()) \(s.get()) \(plain)")
        }
    }
}

@Suite("Binder DSL")
struct BinderDSLTests {
    @Test("to(factory:) takes trailing closures, initializers and any arity")
    func factoryForms() throws {
        #expect(try build(FactoryForms.self, Summary.self).text == "12cheese")
        #expect(try build(FactoryForms.self, FortyArguments.self).sum == 41)
    }

    @Test("tagged bindings are told apart from each other and from the untagged one")
    func taggedBindings() throws {
        #expect(try build(TagsAndProviders.self, Summary.self).text == "primary secondary untagged")
    }

    @Test("to(value:) returns the same value each time; to(factory:) calls the factory each time")
    func valueVersusFactory() throws {
        final class Made { static let counter = CallCounter() }
        struct Counting: Cleanse.Module {
            static func configure(binder: Binder<Unscoped>) {
                binder.bind(Int.self).to { Made.counter.next() }
            }
        }
        let factory = try ComponentFactory.of(TestComponent<Counting, Provider<Int>>.self)
        let provider = factory.build(()).value
        #expect(provider.get() != provider.get())
    }
}

