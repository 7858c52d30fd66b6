// The PostgreSQL engine: built with the PostgreSQL trait (on by default).
#if PostgreSQL
import FolioApp
import FolioDigest
import Foundation
import Logging
import PostgresNIO
import Synchronization

/// Folio's stores kept in PostgreSQL: the engine that several Folio instances share.
///
/// Every write is one transaction on one pooled connection. Writes that must not race take a
/// lock for what they count or change: the game's row (`SELECT … FOR UPDATE`) for a Ghost move
/// or join, and a transaction-scoped advisory lock on a key (an account's vocabulary, a
/// username and network's log-in attempts) where the thing counted has no row of its own. So two
/// instances serialise exactly as two requests on one SQLite writer do, and writes that touch
/// different keys never wait for each other. A deadlock or serialisation failure is retried.
public final class PostgresDatabase: Sendable {
    let client: PostgresClient
    let logger: Logger
    /// The client's connection pool runs in this task until the database is closed.
    private let runner: Task<Void, Never>
    public let postgresLocation: PostgresLocation
    let poolSize: Int
    /// Connections lent out by `read` and `write` (and a listener's), for /metrics.
    let connectionsInUse = Atomic<Int>(0)
    /// Set by `close`, so that a listener whose connection closes with the pool ends quietly.
    let closed = Atomic<Bool>(false)

    /// How many connections one instance may open; PostgreSQL's default allows 100 in all.
    public static let defaultPoolSize = 20

    private init(location: PostgresLocation, poolSize: Int) {
        var logger = Logger(label: "folio.postgres")
        logger.logLevel = .warning
        self.logger = logger
        self.postgresLocation = location
        self.poolSize = poolSize
        var configuration = location.clientConfiguration
        configuration.options.maximumConnections = poolSize
        // The pool's own notices (a lease asked for before its run task has started, which it
        // then serves) are not worth a line on every command; its errors are.
        var poolLogger = Logger(label: "folio.postgres.pool")
        poolLogger.logLevel = .error
        let client = PostgresClient(configuration: configuration, backgroundLogger: poolLogger)
        self.client = client
        runner = Task { await client.run() }
    }

    deinit { runner.cancel() }

    /// Connects, checks that the server answers and brings the schema up to date.
    public static func open(_ location: PostgresLocation, poolSize: Int = defaultPoolSize, migrate: Bool = true) async throws -> PostgresDatabase {
        let database = PostgresDatabase(location: location, poolSize: poolSize)
        do {
            try await database.ping()
            if migrate { try await database.migrate() }
        } catch let error as StoreError {
            await database.close()
            throw error
        } catch {
            await database.close()
            throw StoreError.cannotOpen(path: location.description, reason: Self.describe(error))
        }
        return database
    }

    /// Ends the pool: open connections are closed and the run task finishes.
    public func close() async {
        closed.store(true, ordering: .relaxed)
        runner.cancel()
        _ = await runner.value
    }

    /// One round trip: what `/health` asks of the database.
    public func ping() async throws {
        try await client.withConnection { connection in
            _ = try await connection.query("SELECT 1", logger: logger)
        }
    }

    // MARK: - Reading and writing

    /// Runs `body` on one pooled connection, outside any transaction (each statement sees the
    /// latest committed data).
    func read<T>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            connectionsInUse.add(1, ordering: .relaxed)
            defer { connectionsInUse.subtract(1, ordering: .relaxed) }
            return try await body(connection)
        }
    }

    /// A write that is one statement, atomic by itself: no transaction to begin and commit.
    func writeStatement<T>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await read(body)
    }

    public var poolUse: (inUse: Int, size: Int)? { (connectionsInUse.load(ordering: .relaxed), poolSize) }

    /// Runs `body` inside one transaction: committed when it returns, rolled back when it throws
    /// (the error it threw is what the caller sees). Retried from the start, up to five times in
    /// all, when PostgreSQL breaks a deadlock or a serialisation conflict by cancelling it.
    func write<T>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            connectionsInUse.add(1, ordering: .relaxed)
            defer { connectionsInUse.subtract(1, ordering: .relaxed) }
            var attempt = 1
            while true {
                try await connection.query("BEGIN", logger: logger)
                do {
                    let value = try await body(connection)
                    try await connection.query("COMMIT", logger: logger)
                    return value
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    guard attempt < 5, Self.isRetryable(error) else { throw error }
                    attempt += 1
                }
            }
        }
    }

    static func isRetryable(_ error: any Error) -> Bool {
        guard let state = sqlState(of: error) else { return false }
        // serialization_failure, deadlock_detected
        return state == "40001" || state == "40P01"
    }

    /// The SQLSTATE of a server error (23505 is a unique violation), nil for anything else.
    static func sqlState(of error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return "\(underlying)" }
            return "\(error.code)"
        }
        return "\(error)"
    }
}

// MARK: - Statements

extension PostgresConnection {
    /// Runs a statement whose rows, if any, are not needed.
    func run(_ query: PostgresQuery, _ logger: Logger) async throws {
        for try await _ in try await self.query(query, logger: logger) {}
    }

    /// Runs a statement and returns how many rows it changed.
    @discardableResult
    func changes(_ query: PostgresQuery, _ logger: Logger) async throws -> Int {
        let result: EventLoopFuture<PostgresQueryResult> = self.query(query, logger: logger)
        return try await result.get().metadata.rows ?? 0
    }

    /// Every row of a query, each decoded as the tuple of column types given.
    func all<each Column: PostgresDecodable>(_ query: PostgresQuery, _ logger: Logger,
                                             as types: (repeat each Column).Type) async throws -> [(repeat each Column)] {
        var result: [(repeat each Column)] = []
        for try await row in try await self.query(query, logger: logger).decode(types) { result.append(row) }
        return result
    }

    /// The one column of every row.
    func all<Value: PostgresDecodable>(_ query: PostgresQuery, _ logger: Logger, as type: Value.Type) async throws -> [Value] {
        var result: [Value] = []
        for try await value in try await self.query(query, logger: logger).decode(Value.self) { result.append(value) }
        return result
    }

    /// The first column of the first row, or nil when there is no row.
    func value<Value: PostgresDecodable>(_ query: PostgresQuery, _ logger: Logger, as type: Value.Type) async throws -> Value? {
        for try await value in try await self.query(query, logger: logger).decode(Value.self) { return value }
        return nil
    }

    /// Makes every other transaction that asks for the same key wait until this one ends: the
    /// lock of something counted that has no row to lock (an account's pairs, a network's
    /// attempts). The key (any text, a username's NUL included) is hashed here to the 64-bit
    /// number PostgreSQL's advisory locks take.
    func lock(_ key: String, _ logger: Logger) async throws {
        let digest = Digest.sha256(Data(key.utf8))
        let number = digest.prefix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) }
        try await run("SELECT pg_advisory_xact_lock(\(number))", logger)
    }
}
#endif
