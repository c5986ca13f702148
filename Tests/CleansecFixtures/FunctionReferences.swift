import Cleanse

/// A photo app wired through function references, as Cleanse 4 apps wrote them: the app
/// delegate's injector configured by a function of the component, a shared session
/// completed by the component's own function through `configured(with:)`, and a gallery
/// screen injected by a static function named through `self` in a module. The uploader's
/// endpoint and the gallery's title are bound nowhere.
public enum FunctionReferences {
    struct UploadEndpoint: Tag { typealias Element = String }
    struct GalleryTitle: Tag { typealias Element = String }

    final class PhotoLibrary {
        init() {}
    }

    final class Uploader {
        init(library: PhotoLibrary, endpoint: TaggedProvider<UploadEndpoint>) {}
    }

    final class Session {
        init(library: PhotoLibrary) {}
    }

    final class GalleryScreen {
        var library: PhotoLibrary?
        var title = ""
    }

    final class AppDelegate {
        var uploader: Uploader?
        var session: Session?
        var gallery: PropertyInjector<GalleryScreen>?
        func injectProperties(_ uploader: Uploader, _ session: Session, _ gallery: PropertyInjector<GalleryScreen>) {
            self.uploader = uploader
            self.session = session
            self.gallery = gallery
        }
    }

    struct GalleryModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bindPropertyInjectionOf(GalleryScreen.self).to(injector: self.inject) // expect: MissingBinding
        }
        static func inject(_ screen: GalleryScreen, library: PhotoLibrary, title: TaggedProvider<GalleryTitle>) {
            screen.library = library
            screen.title = title.get()
        }
    }

    struct PhotoApp: RootComponent {
        typealias Root = PropertyInjector<AppDelegate>
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: GalleryModule.self)
            binder.bind(PhotoLibrary.self).sharedInScope().to(factory: PhotoLibrary.init)
            binder.bind(Uploader.self).to(factory: Uploader.init) // expect: MissingBinding
            binder.bind(Session.self).sharedInScope().configured(with: PhotoApp.configureSession)
        }
        static func configureRoot(binder bind: ReceiptBinder<PropertyInjector<AppDelegate>>) -> BindingReceipt<PropertyInjector<AppDelegate>> {
            bind.propertyInjector(configuredWith: configureInjector)
        }
        static func configureInjector(binder bind: PropertyInjectionReceiptBinder<AppDelegate>) -> BindingReceipt<PropertyInjector<AppDelegate>> {
            bind.to(injector: AppDelegate.injectProperties)
        }
        static func configureSession(binder bind: ReceiptBinder<Session>) -> BindingReceipt<Session> {
            bind.to(factory: Session.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(PhotoApp.self)
    }
}
