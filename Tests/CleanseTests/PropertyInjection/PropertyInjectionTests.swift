import Cleanse
import Testing

private struct String1: Cleanse.Tag { typealias Element = String }
private struct String2: Cleanse.Tag { typealias Element = String }
private struct ATag: Cleanse.Tag { typealias Element = Int }

// README: `(Element) -> (P1, …, Pn) -> ()`, from an instance method.
private final class FreeBeer {
    var string1: String!
    var string2: String!

    func injectProperties(string1: TaggedProvider<String1>, string2: TaggedProvider<String2>) {
        self.string1 = string1.get()
        self.string2 = string2.get()
    }
}

// README: `(Element, P1, …, Pn) -> ()`, from closures with anonymous arguments.
private final class AClass { var a = 0 }
private struct CrazyStruct { let value = "crazy" }
private class BaseClass {
    var base: String?
}
private final class BClass: BaseClass {
    var b: Int?
    var crazy: CrazyStruct?
    func injectProperties(superInjector: PropertyInjector<BaseClass>, b: TaggedProvider<ATag>, crazyStruct: CrazyStruct) {
        superInjector.injectProperties(into: self)
        self.b = b.get()
        self.crazy = crazyStruct
    }
}

private struct Injectors {
    let beer: PropertyInjector<FreeBeer>
    let a: PropertyInjector<AClass>
    let b: PropertyInjector<BClass>
}

private struct InjectionModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).tagged(with: String1.self).to(value: "first")
        binder.bind(String.self).tagged(with: String2.self).to(value: "second")
        binder.bind(Int.self).tagged(with: ATag.self).to(value: 7)
        binder.bind(CrazyStruct.self).to(factory: CrazyStruct.init)
        binder.bind(String.self).to(value: "base")

        binder
            .bindPropertyInjectionOf(FreeBeer.self)
            .to(injector: FreeBeer.injectProperties)
        binder
            .bindPropertyInjectionOf(AClass.self)
            .to {
                $0.a = ($1 as TaggedProvider<ATag>).get()
            }
        binder
            .bindPropertyInjectionOf(BClass.self)
            .to {
                $0.injectProperties(superInjector: $1, b: $2, crazyStruct: $3)
            }
        binder
            .bindPropertyInjectionOf(BaseClass.self)
            .to { (instance: BaseClass, base: String) in instance.base = base }
        binder.bind(Injectors.self).to(factory: Injectors.init)
    }
}

// README "Advanced Setup": the root is a PropertyInjector for an object built elsewhere.
private final class AppDelegate {
    var window: Window?
    func injectProperties(_ window: Window) {
        self.window = window
    }

    struct Component: Cleanse.RootComponent {
        typealias Root = PropertyInjector<AppDelegate>

        static func configureRoot(binder bind: ReceiptBinder<PropertyInjector<AppDelegate>>) -> BindingReceipt<PropertyInjector<AppDelegate>> {
            return bind.propertyInjector(configuredWith: { bind in
                bind.to(injector: AppDelegate.injectProperties)
            })
        }

        static func configure(binder: Binder<Singleton>) {
            binder.bind(Window.self).sharedInScope().to(factory: Window.init)
        }
    }
}
private final class Window {}

private final class Orphan { var value = 0 }
private struct OrphanModule: Cleanse.Module {
    static let injectorLine = #line + 2
    static func configure(binder: Binder<Unscoped>) {
        binder.bindPropertyInjectionOf(Orphan.self).to { (orphan: Orphan, value: Int) in orphan.value = value }
    }
}

@Suite("Property injection")
struct PropertyInjectionTests {
    @Test("an instance method injector, (Element) -> (P1, …, Pn) -> ()")
    func curriedInjector() throws {
        let beer = FreeBeer()
        try build(InjectionModule.self, Injectors.self).beer.injectProperties(into: beer)
        #expect(beer.string1 == "first")
        #expect(beer.string2 == "second")
    }

    @Test("closure injectors, (Element, P1, …, Pn) -> (), with anonymous arguments")
    func closureInjector() throws {
        let injectors = try build(InjectionModule.self, Injectors.self)
        let a = AClass()
        injectors.a.injectProperties(into: a)
        #expect(a.a == 7)
    }

    @Test("an injector may request PropertyInjector<Superclass> and cascade up the hierarchy")
    func superclassInjector() throws {
        let b = BClass()
        try build(InjectionModule.self, Injectors.self).b.injectProperties(into: b)
        #expect(b.base == "base")
        #expect(b.b == 7)
        #expect(b.crazy?.value == "crazy")
    }

    @Test("a component whose root is PropertyInjector<AppDelegate> injects into an existing object")
    func propertyInjectorRoot() throws {
        let propertyInjector = try ComponentFactory.of(AppDelegate.Component.self).build(())
        let delegate = AppDelegate()
        propertyInjector.injectProperties(into: delegate)
        #expect(delegate.window != nil)
        let again = AppDelegate()
        propertyInjector.injectProperties(into: again)
        #expect(again.window === delegate.window)
    }

    @Test("a missing dependency of an injector is reported at the injector's line")
    func missingInjectorDependency() throws {
        do {
            _ = try build(OrphanModule.self, PropertyInjector<Orphan>.self)
            Issue.record("expected a MissingProvider")
        } catch let error as MissingProvider {
            #expect(error.requestedType.name == "Int")
            #expect(error.description.contains("required by PropertyInjector<Orphan> at \(#fileID):\(OrphanModule.injectorLine)"))
        }
    }
}

// MARK: - Closures typed by the properties they assign

/// A storyboard-era controller whose properties are assigned from anonymous closure
/// arguments, each typed by the property it is assigned to.
private final class SettingsStore {}
private final class SettingsController {
    var store: SettingsStore?
    var pageSize = 0
    var titles: Provider<String>?
}
private struct SettingsModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(SettingsStore.self).to(factory: SettingsStore.init)
        binder.bind(Int.self).to(value: 25)
        binder.bind(String.self).to(value: "Settings")
        binder.bindPropertyInjectionOf(SettingsController.self).to { $0.store = $1; $0.pageSize = $2; $0.titles = $3 }
    }
}

extension PropertyInjectionTests {
    @Test("an injector closure of $0, $1, … infers each dependency from the property it is assigned to")
    func anonymousArgumentsTypedByAssignment() throws {
        let injector = try ComponentFactory.of(ModuleComponent<SettingsModule, PropertyInjector<SettingsController>>.self).build(())
        let controller = SettingsController()
        injector.injectProperties(into: controller)
        #expect(controller.store != nil)
        #expect(controller.pageSize == 25)
        #expect(controller.titles?.get() == "Settings")
    }
}
