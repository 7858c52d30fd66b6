import Foundation
import GRDB

/// SQLite's side of `SQLConnection`, over the GRDB connection a read or write lent out. It is used
/// only on the thread that lent it (see `InlineRun`), hence unchecked.
struct SQLiteConnection: SQLConnection, @unchecked Sendable {
    let db: Database

    var dialect: SQLDialect { .sqlite }

    private func statement(_ sql: SQL) throws -> Statement {
        let (text, values) = sql.rendered(for: .sqlite)
        let statement = try db.cachedStatement(sql: text)
        statement.setUncheckedArguments(StatementArguments(values.map(Self.databaseValue)))
        return statement
    }

    static func databaseValue(_ value: SQLValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let data): data.databaseValue
        // GRDB's own text for a date ("2026-11-29 12:00:00.000", UTC), as its records store it.
        case .date(let date): date.databaseValue
        case .bool(let flag): flag.databaseValue
        case .integers, .texts: preconditionFailure("SQLite binds each value of a list")
        }
    }

    func rows<Row: Decodable>(_ sql: SQL, as type: Row.Type, prepared: (any SQLPreparedName.Type)?) async throws -> [Row] {
        let statement = try statement(sql)
        let columns = SQLColumns(statement.columnNames)
        let cursor = try GRDB.Row.fetchCursor(statement)
        var result: [Row] = []
        while let row = try cursor.next() {
            result.append(try Row(from: SQLRowDecoder(row: Reader(row: row, columns: columns))))
        }
        return result
    }

    func column<Value: SQLColumnValue>(_ sql: SQL, as type: Value.Type) async throws -> [Value] {
        let cursor = try GRDB.Row.fetchCursor(try statement(sql))
        var result: [Value] = []
        while let row = try cursor.next() {
            result.append(try Reader(row: row, columns: nil).decode(type, at: 0))
        }
        return result
    }

    func execute(_ sql: SQL) async throws -> Int {
        try statement(sql).execute()
        return db.changesCount
    }

    func lock(_ key: String) async throws {}

    /// A GRDB row, read by column name in any letter case.
    struct Reader: SQLRowReading {
        let row: GRDB.Row
        let columns: SQLColumns?

        func index(of column: String) -> Int? { columns?.index(of: column) }

        func isNull(at index: Int) -> Bool { row.hasNull(atIndex: index) }

        func decodePresent<Value: SQLColumnValue>(_ type: Value.Type, at index: Int) throws -> Value {
            guard let convertible = type as? any DatabaseValueConvertible.Type else {
                throw DecodingError.typeMismatch(type, .init(codingPath: [], debugDescription: "SQLite reads no \(type)"))
            }
            let stored: DatabaseValue = row[index]
            guard let value = Self.convert(convertible, stored) as? Value else {
                throw DecodingError.typeMismatch(type, .init(codingPath: [], debugDescription: "column \(index) holds \(stored), not a \(type)"))
            }
            return value
        }

        private static func convert<T: DatabaseValueConvertible>(_ type: T.Type, _ stored: DatabaseValue) -> T? {
            T.fromDatabaseValue(stored)
        }
    }
}

extension AppDatabase: SQLDatabase {
    /// A write on the calling thread, for the synchronous methods the command line and tests call.
    func writeNow<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) throws -> T {
        try writer.write { db in
            let connection = SQLiteConnection(db: db)
            return try InlineRun.run { try await body(connection) }
        }
    }

    /// SQLite's reads are each a snapshot already.
    public func snapshot<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws -> T {
        try await reading(body)
    }

    public func reading<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws -> T {
        try await writer.read { db in
            let connection = SQLiteConnection(db: db)
            return try InlineRun.run { try await body(connection) }
        }
    }

    public func isUniqueViolation(_ error: any Error) -> Bool {
        (error as? DatabaseError)?.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
    }

    public func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws -> T {
        try await writer.write { db in
            let connection = SQLiteConnection(db: db)
            return try InlineRun.run { try await body(connection) }
        }
    }
}
