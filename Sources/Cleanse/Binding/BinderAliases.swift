/// The binder of an unscoped module or component, as Cleanse 4 modules spell it.
///
/// ```swift
/// struct NetworkModule: Cleanse.Module {
///     static func configure(binder: UnscopedBinder) {
///         binder.bind(URLSession.self).to(value: .shared)
///     }
/// }
/// ```
public typealias UnscopedBinder = Binder<Unscoped>

/// The binder of a module or component in the ``Singleton`` scope.
///
/// ```swift
/// static func configure(binder: SingletonBinder) {
///     binder.bind(Database.self).sharedInScope().to(factory: Database.init)
/// }
/// ```
public typealias SingletonBinder = Binder<Singleton>
