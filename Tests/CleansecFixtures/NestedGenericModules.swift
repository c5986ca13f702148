import Cleanse

/// A podcast app in the clean-architecture style: a generic list mapper whose module is
/// nested in it, included once per element mapper (`ListMapper<EpisodeMapper>.Module`,
/// `ListMapper<ShowMapper>.Module`), as apps that keep each type's wiring beside it write it.
/// The runtime names each module with its parent's argument, and the module's bindings see
/// that argument, written or not. The show list's mapper needs a date formatter nobody binds.
public enum NestedGenericModules {
    protocol ElementMapper: SendableMetatype {
        associatedtype Response
        associatedtype Model
    }

    final class DateFormatter { init() {} }
    final class Artwork { init() {} }

    final class EpisodeMapper: ElementMapper {
        typealias Response = String
        typealias Model = Int
        init() {}

        struct Module: Cleanse.Module {
            static func configure(binder: Binder<Singleton>) {
                binder.bind(EpisodeMapper.self).to(factory: EpisodeMapper.init)
            }
        }
    }

    final class ShowMapper: ElementMapper {
        typealias Response = Int
        typealias Model = String
        init(formatter: DateFormatter, artwork: Artwork) {}

        struct Module: Cleanse.Module {
            static func configure(binder: Binder<Singleton>) {
                binder.bind(ShowMapper.self).to(factory: ShowMapper.init) // expect: MissingBinding
                binder.bind(Artwork.self).to(factory: Artwork.init)
            }
        }
    }

    /// Maps a list with the element mapper it is given. Inside it, `ListMapper`, `Options` and
    /// `Self` name the specialisation: `ListMapper<EpisodeMapper>.Options`.
    final class ListMapper<Element: ElementMapper> {
        struct Options {
            init() {}
            static func standard() -> Self { Self() }
        }

        let element: Element
        init(element: Element, options: Options) { self.element = element }

        struct Module: Cleanse.Module {
            static func configure(binder: Binder<Singleton>) {
                binder.bind(ListMapper.self).sharedInScope().to(factory: ListMapper.init)
                binder.bind().to(factory: Options.standard)
            }
        }
    }

    final class LibraryScreen {
        init(episodes: ListMapper<EpisodeMapper>, shows: ListMapper<ShowMapper>, layout: ListMapper<ShowMapper>.Options) {}
    }

    struct LibraryComponent: RootComponent {
        typealias Root = LibraryScreen
        typealias Scope = Singleton

        static func configure(binder: Binder<Singleton>) {
            binder.include(module: EpisodeMapper.Module.self)
            binder.include(module: ShowMapper.Module.self)
            binder.include(module: ListMapper<EpisodeMapper>.Module.self)
            binder.include(module: ListMapper<ShowMapper>.Module.self)
        }

        static func configureRoot(binder bind: ReceiptBinder<LibraryScreen>) -> BindingReceipt<LibraryScreen> {
            bind.to(factory: LibraryScreen.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(LibraryComponent.self)
    }
}
