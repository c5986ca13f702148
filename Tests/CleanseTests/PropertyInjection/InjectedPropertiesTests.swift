import Cleanse
import Testing

// A profile screen from a storyboard, with @Injected properties of every request form
// instead of a long initializer, and a subclass that adds its own.
private final class ProfileService {}
private final class Analytics {}
private struct BaseURL: Cleanse.Tag { typealias Element = String }
private final class ImageCache {}

private class ProfileViewController: PropertyInjectable {
    @Injected var service: ProfileService
    @Injected var analytics: Provider<Analytics>
    @Injected var baseURL: TaggedProvider<BaseURL>
    @Injected var cache: ImageCache?
    @Injected var makeAnalytics: () -> Analytics

    class var injectedProperties: [InjectedProperty] {
        [
            .property(\ProfileViewController._service, named: "service"),
            .property(\ProfileViewController._analytics, named: "analytics"),
            .property(\ProfileViewController._baseURL, named: "baseURL"),
            .property(\ProfileViewController._cache, named: "cache"),
            .property(\ProfileViewController._makeAnalytics, named: "makeAnalytics"),
        ]
    }
}

private final class EditableProfileViewController: ProfileViewController {
    static let editorLine = #line + 1
    @Injected var editor: ProfileEditor

    override class var injectedProperties: [InjectedProperty] {
        super.injectedProperties + [.property(\EditableProfileViewController._editor, named: "editor", line: editorLine)]
    }
}
private final class ProfileEditor {}

/// Makes the screens as a storyboard would, and injects them.
private final class ProfileCoordinator {
    let injector: PropertyInjector<ProfileViewController>
    let editableInjector: PropertyInjector<EditableProfileViewController>
    init(injector: PropertyInjector<ProfileViewController>, editableInjector: PropertyInjector<EditableProfileViewController>) {
        self.injector = injector
        self.editableInjector = editableInjector
    }
}

private struct ProfileModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(ProfileService.self).sharedInScope().to(factory: ProfileService.init)
        binder.bind(Analytics.self).to(factory: Analytics.init)
        binder.bind(String.self).tagged(with: BaseURL.self).to(value: "https://api.example.com")
        binder.bind(ImageCache.self).sharedInScope().to(factory: ImageCache.init)
        binder.bindPropertyInjectionOf(ProfileViewController.self).toInjectedProperties()
        binder.bindPropertyInjectionOf(EditableProfileViewController.self).toInjectedProperties()
    }
}

private struct ProfileApp: RootComponent {
    typealias Root = ProfileCoordinator
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ProfileModule.self)
        binder.bind(ProfileEditor.self).to(factory: ProfileEditor.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: ProfileCoordinator.init) }
}

/// The same app, without the editor's binding.
private struct ForgetfulProfileApp: RootComponent {
    typealias Root = ProfileCoordinator
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ProfileModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: ProfileCoordinator.init) }
}

@Suite("@Injected properties")
struct InjectedPropertiesTests {
    @Test("an injector fills every @Injected property, in every request form, the superclass's too")
    func injectorFillsEveryProperty() throws {
        let coordinator = try ComponentFactory.of(ProfileApp.self).build(())
        let screen = EditableProfileViewController()
        coordinator.editableInjector.injectProperties(into: screen)
        // Another graph has a service of its own.
        let otherGraphService = try ComponentFactory.of(ProfileApp.self).build(()).injector.injectedService()
        #expect(screen.service !== otherGraphService)
        #expect(screen.baseURL.get() == "https://api.example.com")
        #expect(screen.cache != nil, "T? is served by the binding of T")
        #expect(screen.analytics.get() !== screen.analytics.get(), "a provider makes a new unscoped object each time")
        _ = screen.makeAnalytics()
        _ = screen.editor

        // One graph, one shared service, whichever screen asks.
        let plain = ProfileViewController()
        coordinator.injector.injectProperties(into: plain)
        let other = EditableProfileViewController()
        coordinator.editableInjector.injectProperties(into: other)
        #expect(plain.service === other.service)
    }

    @Test("a property nothing binds is a missing binding naming the class, the property and its line")
    func missingPropertyBinding() throws {
        do {
            _ = try ComponentFactory.of(ForgetfulProfileApp.self)
            Issue.record("the graph was accepted")
        } catch let error as MissingProvider {
            #expect(error.requestedKey == BindingKey(ProfileEditor.self))
            let request = try #require(error.requests.first)
            #expect(request.property?.hasSuffix("EditableProfileViewController.editor") == true)
            #expect(request.location.description == "CleanseTests/InjectedPropertiesTests.swift:\(EditableProfileViewController.editorLine)")
            #expect(error.description.contains("required by "))
            #expect(error.description.contains("EditableProfileViewController.editor (@Injected) at CleanseTests/InjectedPropertiesTests.swift:\(EditableProfileViewController.editorLine)"))
        }
    }
}

private extension PropertyInjector where Element == ProfileViewController {
    /// The service a fresh screen gets from this injector's graph.
    func injectedService() -> ProfileService {
        let screen = ProfileViewController()
        injectProperties(into: screen)
        return screen.service
    }
}
