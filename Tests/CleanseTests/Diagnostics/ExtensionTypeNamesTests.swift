import Cleanse
import Foundation
import Testing

/// Tags and types that apps declare in extensions of other modules' types (UIKit's
/// `NSObject`, Foundation's `URL`): named in diagnostics as code names them, so that the
/// fix a diagnostic suggests compiles.
extension NSObject {
    struct Root: Cleanse.Tag { typealias Element = String }
}

extension URL {
    final class Loader {
        init(base: TaggedProvider<NSObject.Root>) {}
    }
}

private struct ExtensionTypesComponent: RootComponent {
    typealias Root = URL.Loader
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<URL.Loader>) -> BindingReceipt<URL.Loader> {
        bind.to(factory: URL.Loader.init)
    }
}

@Suite struct ExtensionTypeNamesTests {
    @Test func aTypeDeclaredInAnotherModulesExtensionIsNamedAsCodeNamesIt() throws {
        var text = ""
        do {
            _ = try ComponentFactory.of(ExtensionTypesComponent.self)
        } catch let error as any CleanseError {
            text = error.description
        }
        #expect(!text.contains("(extension in"), "\(text)")
        // Prose names each type by its shortest unambiguous name; code keeps the path.
        #expect(text.contains("missing binding for 'String' tagged 'Root'"), "\(text)")
        #expect(text.contains("required by Loader"), "\(text)")
        #expect(text.contains("binder.bind(String.self).tagged(with: NSObject.Root.self)"), "\(text)")
    }
}
