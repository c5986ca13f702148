import Cleanse
import Testing

private final class Expensive {
    static let built = CallCounter()
    init() { Self.built.next() }
}
private final class LazyHolder {
    let expensive: Provider<Expensive>
    init(expensive: Provider<Expensive>) { self.expensive = expensive }
}
private struct LazyModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Expensive.self).to(factory: Expensive.init)
        binder.bind(LazyHolder.self).to(factory: LazyHolder.init)
    }
}

private final class Session {}
private final class Screen {
    let session: WeakProvider<Session>
    init(session: WeakProvider<Session>) { self.session = session }
}
private struct WeakModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Session.self).to(factory: Session.init)
        binder.bind(Screen.self).to(factory: Screen.init)
    }
}

@Suite("Providers", .serialized)
struct ProviderTests {
    @Test("a Provider dependency defers construction until get(), and builds anew on each get()")
    func providerDefers() throws {
        let before = Expensive.built.value
        let holder = try build(LazyModule.self, LazyHolder.self)
        #expect(Expensive.built.value == before)
        let first = holder.expensive.get(), second = holder.expensive.get()
        #expect(Expensive.built.value == before + 2)
        #expect(first !== second)
    }

    @Test("Provider(value:), Provider(getter:), init(other:) and map")
    func providerValues() {
        #expect(Provider(value: 3).get() == 3)
        #expect(Provider(getter: { "x" }).map { $0 + "y" }.get() == "xy")
        #expect(Provider<Int>(other: TaggedProvider<Answer>(value: 42)).get() == 42)
    }

    @Test("TaggedProvider gets its element and converts to a Provider")
    func taggedProvider() {
        let tagged = TaggedProvider<Answer>(value: 42)
        #expect(tagged.get() == 42)
        #expect(tagged.asProvider().get() == 42)
    }

    @Test("WeakProvider builds while the component lives and gives nil once it is released")
    func weakProviderDoesNotRetainTheGraph() throws {
        let screen = try build(WeakModule.self, Screen.self)
        // Nothing but the weak provider refers to the component instance, so it is gone.
        #expect(screen.session.get() == nil)

        let provider = try build(WeakModule.self, Provider<Screen>.self)
        // The strong Provider keeps the component alive, so the weak one still works.
        #expect(provider.get().session.get() != nil)
    }
}

private struct Answer: Cleanse.Tag { typealias Element = Int }

private struct WrapperBindingModule: Cleanse.Module {
    static let line = #line + 3
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Int.self).to(value: 1)
        binder.bind(Provider<Int>.self).to(value: Provider(value: 2))
    }
}

extension ProviderTests {
    @Test("binding Provider<T> by hand is reported: requests for it use the binding of T")
    func bindingAWrapperIsReported() throws {
        #expect {
            _ = try build(WrapperBindingModule.self, Provider<Int>.self)
        } throws: { error in
            guard let bound = error as? BoundWrapperType else { return false }
            return bound.location.line == WrapperBindingModule.line
                && bound.wrappedKey == BindingKey(Int.self)
                && bound.description.contains("'Provider<Int>' cannot be bound")
        }
    }
}
