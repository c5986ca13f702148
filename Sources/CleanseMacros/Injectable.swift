@_exported public import Cleanse

/// Makes a class ``Cleanse/PropertyInjectable`` from its ``Cleanse/Injected`` properties:
/// writes `injectedProperties`, each property with the line it is declared on, and the
/// conformance.
///
/// ```swift
/// import CleanseMacros
///
/// @Injectable
/// final class ProfileViewController {
///     @Injected var service: ProfileService
///     @Injected var analytics: Provider<Analytics>
/// }
///
/// binder.bindPropertyInjectionOf(ProfileViewController.self).toInjectedProperties()
/// ```
///
/// A subclass of an `@Injectable` class that adds properties of its own is marked
/// `@Injectable(subclass: true)`: its list starts with its superclass's.
///
@attached(member, names: named(injectedProperties))
@attached(extension, conformances: PropertyInjectable)
public macro Injectable(subclass: Bool = false) = #externalMacro(module: "CleanseMacrosPlugin", type: "InjectableMacro")

/// Makes a class isolated to the main actor ``Cleanse/MainActorPropertyInjectable`` from its
/// ``Cleanse/Injected`` properties: they are assigned on the main actor, and
/// `toInjectedProperties()` binds its ``Cleanse/MainActorPropertyInjector``.
///
/// ```swift
/// @Injectable(mainActor: true)
/// final class ProfileViewController: UIViewController {
///     @Injected var service: ProfileService
/// }
///
/// binder.bindPropertyInjectionOf(ProfileViewController.self).toInjectedProperties()
/// // requested as MainActorPropertyInjector<ProfileViewController>
/// ```
///
/// Plain `@Injectable` on a class marked `@MainActor` or derived from UIKit's or AppKit's
/// views and view controllers is an error that says to write this form.
@attached(member, names: named(injectedProperties))
@attached(extension, conformances: MainActorPropertyInjectable)
public macro Injectable(mainActor: Bool, subclass: Bool = false) = #externalMacro(module: "CleanseMacrosPlugin", type: "InjectableMacro")
