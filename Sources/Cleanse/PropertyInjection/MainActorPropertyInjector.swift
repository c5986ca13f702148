/// Injects properties into an object on the main actor: the property injector of a
/// `@MainActor` class, bound with an injector isolated to the main actor.
///
/// ```swift
/// @MainActor final class ProfileViewController {
///     var model: ProfileViewModel!
///     func injectProperties(_ model: ProfileViewModel) { self.model = model }
/// }
///
/// binder.bindPropertyInjectionOf(ProfileViewController.self).to(injector: ProfileViewController.injectProperties)
/// // later, on the main actor:
/// injector.injectProperties(into: controller)      // injector: MainActorPropertyInjector<ProfileViewController>
/// ```
public struct MainActorPropertyInjector<Element>: Sendable {
    private let inject: @MainActor (Element) -> Void

    /// An injector that calls `inject` on the main actor.
    public init(injectionFunction inject: @escaping @MainActor (Element) -> Void) {
        self.inject = inject
    }

    /// Resolves the injector's dependencies and hands them to `instance`, on the main actor.
    @MainActor
    public func injectProperties(into instance: Element) {
        inject(instance)
    }
}

extension TypedBindingRecord {
    static func mainActorInjector<Target, each Dependency>(
        _ inject: @escaping @MainActor (Target, (repeat each Dependency)) -> Void,
        location: SourceLocation
    ) -> TypedBindingRecord where Value == MainActorPropertyInjector<Target> {
        TypedBindingRecord(
            kind: .propertyInjector,
            location: location,
            requests: RequestRecipe.all(repeat (each Dependency).self),
            effect: .mainActor,
            make: { resolvers in
                let dependencies = ResolverCursor.pack(resolvers, as: repeat (each Dependency).self)
                return Resolver { instance in
                    MainActorPropertyInjector { target in
                        inject(target, (repeat (each dependencies).resolve(instance)))
                    }
                }
            }
        )
    }
}
