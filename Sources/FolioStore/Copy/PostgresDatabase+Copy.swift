// The PostgreSQL engine: built with the PostgreSQL trait (on by default).
#if PostgreSQL
import Foundation
import PostgresNIO

extension PostgresDatabase: CopyableDatabase {
    public func copyRows(_ table: CopyTable, after: [CopyValue]?, limit: Int) async throws -> [[CopyValue]] {
        // Names come from `CopyTable.all`, never from input; PostgreSQL folds them to lower case.
        var sql = "SELECT \(table.columns.map { "\"\($0.name.lowercased())\"" }.joined(separator: ", ")) FROM \(table.name)"
        var bindings = PostgresBindings()
        if let after, !table.key.isEmpty {
            for (value, index) in zip(after, table.keyIndexes) { try value.bind(into: &bindings, as: table.columns[index].kind) }
            sql += " WHERE (\(table.key.joined(separator: ", "))) > (\((1...after.count).map { "$\($0)" }.joined(separator: ", ")))"
        }
        if !table.key.isEmpty { sql += " ORDER BY \(table.key.joined(separator: ", "))" }
        sql += " LIMIT \(limit)"
        let query = PostgresQuery(unsafeSQL: sql, binds: bindings)
        return try await read { connection in
            var rows: [[CopyValue]] = []
            for try await row in try await connection.query(query, logger: logger) {
                var values: [CopyValue] = []
                values.reserveCapacity(table.columns.count)
                for (cell, column) in zip(row, table.columns) {
                    values.append(try CopyValue(cell, kind: column.kind))
                }
                rows.append(values)
            }
            return rows
        }
    }

    public func insertCopiedRows(_ table: CopyTable, _ rows: [[CopyValue]]) async throws {
        guard !rows.isEmpty else { return }
        let width = table.columns.count
        var bindings = PostgresBindings(capacity: rows.count * width)
        var tuples: [String] = []
        for (rowIndex, row) in rows.enumerated() {
            for (value, column) in zip(row, table.columns) { try value.bind(into: &bindings, as: column.kind) }
            tuples.append("(" + (1...width).map { "$\(rowIndex * width + $0)" }.joined(separator: ", ") + ")")
        }
        let sql = "INSERT INTO \(table.name) (\(table.columns.map { "\"\($0.name.lowercased())\"" }.joined(separator: ", "))) VALUES "
            + tuples.joined(separator: ", ")
        try await write { try await $0.run(PostgresQuery(unsafeSQL: sql, binds: bindings), logger) }
    }

    public func copiedRowCount(_ table: CopyTable) async throws -> Int {
        try await read { try await $0.value(PostgresQuery(unsafeSQL: "SELECT COUNT(*) FROM \(table.name)"), logger, as: Int.self) ?? 0 }
    }

    public func deleteAllCopiedRows() async throws {
        try await write { connection in
            try await connection.run(PostgresQuery(unsafeSQL: "TRUNCATE \(CopyTable.all.map(\.name).joined(separator: ", "))"), logger)
        }
    }

    /// Identity columns count on from the largest id copied, so the next account or pair gets
    /// an id of its own.
    public func finishCopy() async throws {
        try await write { connection in
            for table in CopyTable.all where table.key == ["id"] && table.columns.first?.kind == .integer
                && !["library", "characterCatalogue"].contains(table.name) {
                try await connection.run(PostgresQuery(unsafeSQL: """
                    SELECT setval(pg_get_serial_sequence('\(table.name.lowercased())', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM \(table.name)
                    """), logger)
            }
        }
    }
}

extension CopyValue {
    init(_ cell: PostgresCell, kind: CopyTable.Kind) throws {
        guard cell.bytes != nil else {
            self = .null
            return
        }
        switch kind {
        case .integer: self = .integer(try cell.decode(Int64.self))
        case .bool: self = .integer(try cell.decode(Bool.self) ? 1 : 0)
        case .real: self = .real(try cell.decode(Double.self))
        case .text: self = .text(try cell.decode(String.self))
        case .blob: self = .blob(try cell.decode(Data.self))
        case .date: self = .date(try cell.decode(Date.self))
        }
    }

    /// Binds the value with the column's own type, so PostgreSQL needs no cast.
    func bind(into bindings: inout PostgresBindings, as kind: CopyTable.Kind) throws {
        switch (self, kind) {
        case (.null, .integer): bindings.append(Optional<Int64>.none)
        case (.null, .bool): bindings.append(Optional<Bool>.none)
        case (.null, .real): bindings.append(Optional<Double>.none)
        case (.null, .text): bindings.append(Optional<String>.none)
        case (.null, .blob): try bindings.append(Optional<Data>.none)
        case (.null, .date): bindings.append(Optional<Date>.none)
        case (.integer(let value), .bool): bindings.append(value != 0)
        case (.integer, .date): bindings.append(date!)
        case (.integer(let value), _): bindings.append(value)
        case (.real(let value), _): bindings.append(value)
        case (.text(let value), _): bindings.append(value)
        case (.blob(let value), _): try bindings.append(value)
        }
    }
}
#endif
