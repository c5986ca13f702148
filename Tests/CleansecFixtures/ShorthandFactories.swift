import Cleanse

/// A music player wired with closures that leave their parameter types to the initializer
/// they call, as Cleanse 4 apps write them: `$0`/`$1` passed straight to `init`, bare
/// parameter names, a `return`, and a generic cache whose arguments come from its binding.
/// The audio engine's mixer is bound nowhere.
public enum ShorthandFactories {
    final class AudioSession {
        init() {}
    }
    final class Mixer {
        init(channels: Int) {}
    }
    final class AudioEngine {
        init(session: AudioSession, mixer: Mixer) {}
    }
    struct Track {}
    final class Cache<Element> {
        init(capacity: Int) {}
    }
    final class Library {
        init(tracks: Cache<Track>) {}
    }
    final class PlayerViewModel {
        init(engine: AudioEngine, library: Library) {}
    }

    struct AudioModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(AudioSession.self).sharedInScope().to { AudioSession() }
            binder.bind(AudioEngine.self).sharedInScope().to { AudioEngine(session: $0, mixer: $1) } // expect: MissingBinding
            binder.bind(Int.self).to(value: 64)
            binder.bind(Cache<Track>.self).to { Cache(capacity: $0) }
            binder.bind(Library.self).to { return Library(tracks: $0) }
            binder.bind(PlayerViewModel.self).to { engine, library in PlayerViewModel(engine: engine, library: library) }
        }
    }

    struct PlayerApp: RootComponent {
        typealias Root = PlayerViewModel
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: AudioModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<PlayerViewModel>) -> BindingReceipt<PlayerViewModel> {
            bind.to { (model: PlayerViewModel) in model }
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(PlayerApp.self)
    }
}
