#if PostgreSQL
import Logging
import PostgresNIO

/// A connection of `PostgresClient`'s pool held beyond one closure, for the life of a
/// transaction: a task keeps `withConnection` open until `release()`. The pool lends
/// connections only to closures; a request's unit of work begins its transaction at its
/// first query and ends it after the handler, so it needs the connection in between.
final class PostgresConnectionLease: Sendable {
    let connection: PostgresConnection
    private let releaseSignal: AsyncStream<Never>.Continuation

    private init(connection: PostgresConnection, releaseSignal: AsyncStream<Never>.Continuation) {
        self.connection = connection
        self.releaseSignal = releaseSignal
    }

    /// A connection of `client`'s pool, waited for at most `timeout` (then `DatabaseOutage`).
    static func acquire(from client: PostgresClient, timeout: Duration) async throws -> PostgresConnectionLease {
        let (released, releaseSignal) = AsyncStream<Never>.makeStream()
        let handOver = HandOver<PostgresConnection>()
        let holder = Task {
            do {
                try await client.withConnection { connection in
                    // The waiter gave up: the connection goes straight back.
                    guard handOver.offer(connection) else { return }
                    for await _ in released {}
                }
            } catch {
                handOver.fail(error)
            }
        }
        do {
            let connection = try await handOver.value(timeout: timeout) {
                DatabaseOutage("no PostgreSQL connection within \(timeout) (the database is down, unreachable or every connection is busy)")
            }
            return PostgresConnectionLease(connection: connection, releaseSignal: releaseSignal)
        } catch {
            holder.cancel()
            releaseSignal.finish()
            throw error
        }
    }

    /// Gives the connection back to the pool. Idempotent.
    func release() {
        releaseSignal.finish()
    }

    deinit {
        releaseSignal.finish()
    }
}
#endif
