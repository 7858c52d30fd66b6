import Foundation
import GRDB

extension AppDatabase: CopyableDatabase {
    public func copyRows(_ table: CopyTable, after: [CopyValue]?, limit: Int) async throws -> [[CopyValue]] {
        let columns = table.columns.map { "\"\($0.name)\"" }.joined(separator: ", ")
        var sql = "SELECT \(columns) FROM \"\(table.name)\""
        var arguments = StatementArguments()
        if let after, !table.key.isEmpty {
            sql += " WHERE (\(table.key.map { "\"\($0)\"" }.joined(separator: ", "))) > (\(databaseQuestionMarks(count: after.count)))"
            arguments = StatementArguments(after.map(\.sqliteValue))
        }
        if !table.key.isEmpty { sql += " ORDER BY \(table.key.map { "\"\($0)\"" }.joined(separator: ", "))" }
        sql += " LIMIT \(limit)"
        let finalSQL = sql
        let finalArguments = arguments
        return try await writer.read { db in
            try Row.fetchAll(db, sql: finalSQL, arguments: finalArguments).map { row in
                table.columns.indices.map { index -> CopyValue in
                    let value: DatabaseValue = row[index]
                    if value.isNull { return .null }
                    switch table.columns[index].kind {
                    case .integer, .bool: return .integer(Int64.fromDatabaseValue(value) ?? 0)
                    case .real: return .real(Double.fromDatabaseValue(value) ?? 0)
                    case .text: return .text(String.fromDatabaseValue(value) ?? "")
                    case .blob: return .blob(Data.fromDatabaseValue(value) ?? Data())
                    case .date: return .date(Date.fromDatabaseValue(value))
                    }
                }
            }
        }
    }

    public func insertCopiedRows(_ table: CopyTable, _ rows: [[CopyValue]]) async throws {
        let sql = """
            INSERT INTO "\(table.name)" (\(table.columns.map { "\"\($0.name)\"" }.joined(separator: ", ")))
            VALUES (\(databaseQuestionMarks(count: table.columns.count)))
            """
        try await writer.write { db in
            let statement = try db.makeStatement(sql: sql)
            for row in rows {
                try statement.execute(arguments: StatementArguments(zip(row, table.columns).map { cell, column in
                    column.kind == .date ? cell.sqliteDate : cell.sqliteValue
                }))
            }
        }
    }

    public func copiedRowCount(_ table: CopyTable) async throws -> Int {
        try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\(table.name)\"") ?? 0 }
    }

    public func deleteAllCopiedRows() async throws {
        try await writer.write { db in
            for table in CopyTable.all.reversed() { try db.execute(sql: "DELETE FROM \"\(table.name)\"") }
        }
    }

    /// Nothing: SQLite moves an AUTOINCREMENT table's counter past any id inserted.
    public func finishCopy() async throws {}
}

extension CopyValue {
    var sqliteValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let value): value.databaseValue
        case .real(let value): value.databaseValue
        case .text(let value): value.databaseValue
        case .blob(let value): value.databaseValue
        }
    }

    /// A date in GRDB's own text form, written from the whole milliseconds so none is lost to
    /// rounding a Double.
    var sqliteDate: DatabaseValue {
        guard case .integer(let milliseconds) = self else { return .null }
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d.%03d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec, Int32(milliseconds - seconds * 1000)).databaseValue
    }
}
