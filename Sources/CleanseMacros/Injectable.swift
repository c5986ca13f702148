@_exported public import Cleanse

/// Makes a class or struct injectable:
/// - the graph constructs it with no binding line (``Cleanse/ConstructorInjectable``): when
///   something requests it and no module binds it, its initializer is bound just in time,
///   its parameters being its requests (`T`, `Provider<T>`, `TaggedProvider<Tag>`,
///   `() -> T`);
/// - a class's ``Cleanse/Injected`` properties are filled (``Cleanse/PropertyInjectable``):
///   in each object the graph constructs, and by
///   `bindPropertyInjectionOf(T.self).toInjectedProperties()` in objects it did not make.
///
/// ```swift
/// import CleanseMacros
///
/// @Injectable
/// final class CheckoutService {
///     @Injected var analytics: Provider<any Analytics>
///     init(cart: Cart, payments: any PaymentGateway) { … }
/// }
///
/// @Injectable(scope: Singleton.self)
/// final class ImageCache {
///     init(disk: DiskStore) { … }
/// }
/// ```
///
/// The initializer called is the one marked ``Inject()``, or the only one declared, or the
/// one Swift writes (a struct's memberwise initializer; `init()` of a class whose inheritance
/// clause is absent or names only `Sendable`, `Equatable`, `Hashable`, `Comparable`,
/// `Identifiable` or `Custom(Debug)StringConvertible`: any other name could be a superclass).
/// With `scope:`, one instance is shared per instance of the nearest component of that scope. A binding written in a module always wins.
///
/// A subclass of an `@Injectable` class that adds properties of its own is marked
/// `@Injectable(subclass: true)`: its list starts with its superclass's. It is not
/// constructed just in time; bind it with `to(factory:)`.
@attached(member, conformances: ConstructorInjectable, names: named(injectedProperties), named(injectableConstructor))
@attached(extension, conformances: PropertyInjectable, ConstructorInjectable)
public macro Injectable(subclass: Bool = false, scope: (any Scope.Type)? = nil) = #externalMacro(module: "CleanseMacrosPlugin", type: "InjectableMacro")

/// Makes a class isolated to the main actor injectable: the graph constructs it on the main
/// actor with no binding line (``Cleanse/ConstructorInjectable``), and its
/// ``Cleanse/Injected`` properties are assigned there
/// (``Cleanse/MainActorPropertyInjectable``; `toInjectedProperties()` binds its
/// ``Cleanse/MainActorPropertyInjector``).
///
/// ```swift
/// @Injectable(mainActor: true)
/// final class ProfileViewModel {
///     init(service: ProfileService) { … }
/// }
///
/// @Injectable(mainActor: true)
/// final class ProfileViewController: UIViewController {
///     @Injected var model: ProfileViewModel
/// }
///
/// binder.bindPropertyInjectionOf(ProfileViewController.self).toInjectedProperties()
/// // requested as MainActorPropertyInjector<ProfileViewController>
/// ```
///
/// As a binding to a `@MainActor` factory, the type is made on the spot where it is
/// requested on the main actor (another main-actor factory, `MainActorProvider.get()`, a
/// `build` from main-actor code) and awaited from anywhere else (`AsyncProvider`).
///
/// Plain `@Injectable` on a class marked `@MainActor` or derived from UIKit's or AppKit's
/// views and view controllers is an error that says to write this form. A struct marked
/// `@MainActor` takes plain `@Injectable`.
@attached(member, conformances: ConstructorInjectable, names: named(injectedProperties), named(injectableConstructor))
@attached(extension, conformances: MainActorPropertyInjectable, ConstructorInjectable)
public macro Injectable(mainActor: Bool, subclass: Bool = false, scope: (any Scope.Type)? = nil) = #externalMacro(module: "CleanseMacrosPlugin", type: "InjectableMacro")

/// Marks the initializer the graph calls to construct an ``Injectable(subclass:scope:)``
/// type that declares several.
///
/// ```swift
/// @Injectable
/// final class APIClient {
///     @Inject init(session: URLSession, baseURL: TaggedProvider<BaseURL>) { … }
///     init(stub: StubResponses) { … }
/// }
/// ```
@attached(peer)
public macro Inject() = #externalMacro(module: "CleanseMacrosPlugin", type: "InjectMacro")

/// Binds each property of a feature's dependency protocol (its seed) in the feature's graph:
/// the macro writes a module beside the protocol, named after it with `Module` appended,
/// that binds each instance property's type to the seed's value.
///
/// ```swift
/// @FeatureDependencies
/// public protocol ProfileDependencies: Sendable {
///     var session: Session { get }
///     var api: APIClient { get }
/// }
///
/// public struct ProfileComponent: RootComponent {
///     public typealias Seed = any ProfileDependencies
///     public static func configure(binder: Binder<ProfileScope>) {
///         binder.include(module: ProfileDependenciesModule.self)   // Session and APIClient
///     }
///     …
/// }
/// ```
///
/// Each binding is placed at its property's declaration, so a type the feature binds again
/// is a duplicate named at both lines. Two properties of one type, or one whose getter is
/// `async` or throws, or whose type depends on an associated type, are compile errors.
/// Methods stay on the protocol: a factory that needs one requests `any P`.
@attached(peer, names: suffixed(Module))
public macro FeatureDependencies() = #externalMacro(module: "CleanseMacrosPlugin", type: "FeatureDependenciesMacro")
