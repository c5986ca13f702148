// A stand-in for a Kotlin Multiplatform framework (`shared`), as Kotlin/Native exports it:
// classes deriving from KotlinBase, overloaded initializers, a companion object.

open class KotlinBase {
    public init() {}
}

public final class ConnectivityManager: KotlinBase {
    public let timeoutMillis: Int32
    public override init() { timeoutMillis = 10_000 }
    public init(timeoutMillis: Int32) { self.timeoutMillis = timeoutMillis }
}

public final class DatabaseDriverFactory: KotlinBase {}

public final class AppDatabase: KotlinBase {
    public init(driverFactory: DatabaseDriverFactory) {}
}

public final class DefinitionRepository: KotlinBase {
    public init(connectivity: ConnectivityManager, database: AppDatabase) {}
}

public final class DefinitionsViewModel: KotlinBase {
    public let repository: DefinitionRepository
    public init(repository: DefinitionRepository) { self.repository = repository }
}

public final class PlatformLogger: KotlinBase {
    public final class Companion: KotlinBase {
        public static let shared = Companion()
        public func create(tag: String) -> PlatformLogger { PlatformLogger() }
    }
}
