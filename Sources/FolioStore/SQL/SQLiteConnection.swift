import Foundation
import GRDB

/// SQLite's side of `SQLConnection`, over the GRDB connection a read or write lent out. It is used
/// only on the thread that lent it (see `InlineRun`), hence unchecked.
struct SQLiteConnection: SQLConnection, @unchecked Sendable {
    let db: Database

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
        case .date(let date): storageText(date).databaseValue
        case .bool(let flag): flag.databaseValue
        case .integers, .texts: preconditionFailure("SQLite binds each value of a list")
        }
    }

    /// A date as GRDB stores it ("2026-11-29 12:00:00.000", UTC, to the nearest millisecond, halves up),
    /// written here rather than by GRDB's DateFormatter: that took 2% of the server's CPU under a
    /// load of reviews, for the session's expiry compared on every signed-in request.
    static func storageText(_ date: Date) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down))
        let (seconds, milli) = millis.quotientAndRemainder(dividingBy: 1000)
        let wholeSeconds = milli < 0 ? seconds - 1 : seconds
        let fraction = milli < 0 ? milli + 1000 : milli
        var days = wholeSeconds / 86_400
        var ofDay = wholeSeconds % 86_400
        if ofDay < 0 { days -= 1; ofDay += 86_400 }
        // Days since 1970-01-01 to a civil date (H. Hinnant's algorithm, proleptic Gregorian).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func padded(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2)) \(padded(ofDay / 3600, 2)):\(padded(ofDay % 3600 / 60, 2)):\(padded(ofDay % 60, 2)).\(padded(fraction, 3))"
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
