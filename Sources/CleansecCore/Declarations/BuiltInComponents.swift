/// The components Cleanse itself declares, which a program builds without declaring them:
/// `ModuleComponent<M, Root>` (and `M.asComponent(rootObjectType:)`,
/// `M.asPropertyInjectorComponent(targetClass:)`, which name it), the quick way to validate
/// and use one module, common in tests.
///
/// cleansec reads them as source written the way the runtime behaves, so that they go
/// through the same reading, assembly and validation as the user's own generic components.
/// The text mirrors `Sources/Cleanse/Components/ModuleComponent.swift` on purpose (cleansec
/// does not ship Cleanse's sources); the `ModuleComponents` parity fixture fails when the
/// two disagree on a message.
enum BuiltInComponents {
    /// The nesting path of `ModuleComponent`.
    static let moduleComponent = "ModuleComponent"

    /// The declarations, as a file of module `Cleanse`. Its root binding hands on the
    /// module's binding of the root type, as the runtime's does; the analyzer locates it at
    /// the component's `ComponentFactory.of` call, where the runtime locates it.
    /// The module Cleanse's own declarations belong to.
    static let moduleName = "Cleanse"

    static let file = SourceFile(path: "Cleanse/ModuleComponent.swift", moduleName: moduleName, text: """
        public struct ModuleComponent<M: Module, RootObject>: RootComponent {
            public typealias Root = RootObject
            public typealias Scope = M.Scope
            public static func configure(binder: Binder<M.Scope>) {
                binder.include(module: M.self)
            }
            public static func configureRoot(binder bind: ReceiptBinder<RootObject>) -> BindingReceipt<RootObject> {
                bind.to { (root: RootObject) in root }
            }
        }
        """)

    /// Whether the file `fileID` (`Module/File.swift`) is the built-in declarations rather
    /// than one of the user's files.
    static func isBuiltIn(_ fileID: String) -> Bool {
        fileID == file.fileID
    }
}
