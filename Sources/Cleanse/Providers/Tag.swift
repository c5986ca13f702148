/// A type qualifier: tells apart bindings of one type with different meanings, like a
/// `@Qualifier` annotation in Dagger or Guice, but restricted to the type it tags.
///
/// ```swift
/// struct PrimaryAPIURL: Tag {
///     typealias Element = URL
/// }
///
/// binder.bind(URL.self).tagged(with: PrimaryAPIURL.self).to(value: apiURL)
///
/// final class APIClient {
///     init(baseURL: TaggedProvider<PrimaryAPIURL>) { self.baseURL = baseURL.get() }
///     let baseURL: URL
/// }
/// ```
public protocol Tag: _StaticConfiguration {
    /// The type the tag qualifies.
    associatedtype Element
}
