import Cleanse

extension MissingAcrossFiles {
    final class Storage {
        init() {}
    }

    /// Binds the profile, which needs a `Session` nobody binds.
    struct ProfileModule: Module {
        static func configure(binder: Binder<ScreenScope>) {
            binder
                .bind(Profile.self)
                .sharedInScope()
                .to(factory: Profile.init) // expect: MissingBinding
        }
    }

    struct StorageModule: Module {
        static func configure(binder: SingletonBinder) {
            binder.bind(Storage.self).sharedInScope().to(factory: Storage.init)
        }
    }
}
