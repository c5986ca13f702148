import Foundation
import TestToolchain
import Testing

// What `@Injectable` says where it cannot be applied, as the compiler shows it: each snippet
// is type-checked by `swiftc` with the macro plugin this package built (`CompilerProbe`).

@Suite("@Injectable's errors, from the compiler", .enabled(if: compilerProbesRun, "\(FullSuite.skipReason), with the macro plugin beside the test binary"))
struct InjectableDiagnosticsTests {
    @Test("plain @Injectable on a class isolated to the main actor says to write mainActor: true", arguments: [
        "@MainActor final class Screen { @Injected var service: Service }",
        "@MainActor class UIViewController {}\nfinal class Screen: UIViewController { @Injected var service: Service }",
    ])
    func mainActorClassNeedsTheMainActorForm(_ declaration: String) throws {
        let output = try typecheck("import CleanseMacros\nfinal class Service {}\n@Injectable\n" + declaration)
        #expect(output.contains("error: this class is isolated to the main actor"), "\(output)")
        #expect(output.contains("write @Injectable(mainActor: true)"))
    }

    @Test("@Injectable on public, open and package classes compiles: a library can export injectable types", arguments: [
        "public final class Screen { @Injected public var service: Service; public init() {} }",
        "open class Screen { @Injected public var service: Service; public init() {} }",
        "package class Screen { @Injected package var service: Service; package init() {} }",
        "@MainActor public final class Screen { @Injected public var service: Service; public init() {} }",
    ])
    func publicClassesCompile(_ declaration: String) throws {
        let isMainActor = declaration.hasPrefix("@MainActor")
        let output = try typecheck("""
            import CleanseMacros
            public final class Service: Sendable {}
            @Injectable\(isMainActor ? "(mainActor: true)" : "")
            \(declaration)
            """)
        #expect(!output.contains("error:"), "\(output)")
    }

    @Test("a public subclass of an open injectable class overrides its list")
    func publicSubclassOfOpenClassCompiles() throws {
        let output = try typecheck("""
            import CleanseMacros
            public final class Service: Sendable {}
            @Injectable
            open class BaseScreen { @Injected public var service: Service; public init() {} }
            @Injectable(subclass: true)
            public final class DetailScreen: BaseScreen { @Injected public var detail: Service }
            """)
        #expect(!output.contains("error:"), "\(output)")
    }

    @Test("@Injectable(mainActor: true) on a view controller type-checks, its properties assigned on the main actor")
    func mainActorFormCompiles() throws {
        let output = try typecheck("""
            import CleanseMacros
            final class Service {}
            @MainActor class UIViewController {}
            @Injectable(mainActor: true)
            final class Screen: UIViewController { @Injected var service: Service }
            let isMainActorInjectable = Screen.self is any MainActorPropertyInjectable.Type
            """)
        #expect(!output.contains("error:"), "\(output)")
    }

    @Test("what the macro cannot apply to is an error naming the fix", arguments: [
        ("@Injectable struct Model { @Injected var store: Service }", "@Injected properties belong to classes"),
        ("@Injectable final class Model { @Inject init(a: Service) {}; @Inject init(b: Service) {} }", "only one initializer can be marked @Inject"),
        ("@Injectable final class Model { @Inject init(a: Service) throws {} }", "the graph cannot call this initializer"),
        ("@Injectable final class Model { @Injected var store = Service() }", "an @Injected property needs its type written"),
        ("@Injectable(mainActor: false) final class Model { @Injected var store: Service }", "write @Injectable without 'mainActor:'"),
    ])
    func misuseIsAnError(_ declaration: String, _ message: String) throws {
        let output = try typecheck("import CleanseMacros\nfinal class Service {}\n" + declaration)
        #expect(output.contains("error: " + message), "\(output)")
    }

    @Test("a type the graph cannot construct, and whose properties it does not fill, is a warning naming @Inject", arguments: [
        "@Injectable final class Model { init(a: Service) {}; init(b: Service) {} }",
        "@Injectable struct Model { init(a: Service) {}; init(b: Service) {} }",
    ])
    func severalUnmarkedInitializersWarn(_ declaration: String) throws {
        let output = try typecheck("import CleanseMacros\nfinal class Service {}\n" + declaration)
        #expect(output.contains("warning: the graph cannot construct this type: it declares several initializers and none is marked @Inject"), "\(output)")
        #expect(!output.contains("error:"), "\(output)")
    }

    @Test("several initializers are left alone where the graph fills @Injected properties or one is marked", arguments: [
        "@Injectable final class Screen { @Injected var service: Service; init(a: Int) {}; init(b: Int) {} }",
        "@Injectable final class Model { @Inject init(a: Service) {}; init(b: Service) {} }",
    ])
    func severalInitializersWithAPurposeAreQuiet(_ declaration: String) throws {
        let output = try typecheck("import CleanseMacros\nfinal class Service {}\n" + declaration)
        #expect(!output.contains("warning:") && !output.contains("error:"), "\(output)")
    }

    @Test("mainActor: true on a class nothing isolates to the main actor is a warning; with an inheritance clause it is trusted", arguments: [
        ("@Injectable(mainActor: true) final class Screen { @Injected var service: Service }", true),
        ("@MainActor @Injectable(mainActor: true) final class Screen { @Injected var service: Service }", false),
        ("@MainActor class Base {}\n@Injectable(mainActor: true) final class Screen: Base { @Injected var service: Service }", false),
    ])
    func mainActorOnAnUnisolatedClassWarns(_ declaration: String, _ warns: Bool) throws {
        let output = try typecheck("import CleanseMacros\nfinal class Service {}\n" + declaration)
        #expect(output.contains("warning: this class is not isolated to the main actor") == warns, "\(output)")
        #expect(!output.contains("error:"), "\(output)")
    }

    @Test("public, open and package types are constructed across modules: the constructor is as visible as the type", arguments: [
        "public final class Client { public init(service: Service, make: @escaping () -> Service) {} }",
        "open class Client { public init(service: Provider<Service>) {} }",
        "package struct Client { let service: Service; var label: String? }",
        "public struct Client { private let service: Service }",
        "public final class Client { @Injected public var service: Service }",
        "public final class Client { @Inject public init(service: Service) {}; public init() {} }",
    ])
    func publicConstructorsCompile(_ declaration: String) throws {
        let output = try typecheck("""
            import CleanseMacros
            public final class Service: Sendable {}
            @Injectable
            \(declaration)
            let constructed = Client.self is any ConstructorInjectable.Type
            """)
        #expect(!output.contains("error:"), "\(output)")
    }

    @Test("a type the graph cannot construct gets no constructor, and keeps compiling", arguments: [
        "class Client: Base { @Injected var service: Service }",
        "final class Client { init(a: Service) {}; init(b: Service) {} }",
        "final class Client { init?(a: Service) {} }",
        "final class Client { init(values: Service...) {} }",
    ])
    func unconstructedTypesCompile(_ declaration: String) throws {
        let output = try typecheck("""
            import CleanseMacros
            final class Service {}
            class Base {}
            @Injectable
            \(declaration)
            func isConstructed() -> Bool { (Client.self as Any.Type) is any ConstructorInjectable.Type }
            """)
        #expect(!output.contains("error:"), "\(output)")
    }
}
