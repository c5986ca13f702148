import Cleanse
import Logging

/// The server's logger, at the configured level. Tests override this module to capture
/// what the server logs.
public struct LoggingModule: Module {
    public static func configure(binder: Binder<Singleton>) {
        binder.bind(Logger.self).sharedInScope().to { (configuration: ServerConfiguration) in
            var logger = Logger(label: "todo-server")
            logger.logLevel = configuration.logLevel
            return logger
        }
    }
}
