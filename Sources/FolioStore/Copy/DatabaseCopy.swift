import FolioDigest
import FolioCore
import Foundation

/// Moves an install from one engine to another (SQLite → PostgreSQL and back): every table,
/// parents first, a batch at a time in key order, then checks the copy by reading both sides
/// again — the row count and a SHA-256 of every row of every table must agree.
public enum DatabaseCopy {
    /// What one table came to.
    public struct TableSummary: Sendable, Codable, Equatable {
        public var table: String
        public var rows: Int
        /// SHA-256 of the table's rows in key order, the same on both sides.
        public var checksum: String
    }

    public struct Summary: Sendable, Codable, Equatable {
        public var from: String
        public var to: String
        public var tables: [TableSummary]
        public var rows: Int { tables.reduce(0) { $0 + $1.rows } }
    }

    /// Rows read and written at once: 1,000 rows of the widest table are 21,000 bound values,
    /// a third of what PostgreSQL takes in one statement.
    static let batch = 1_000

    public static func copy(from source: any CopyableDatabase, to target: any CopyableDatabase, replace: Bool,
                            progress: (String, Int) -> Void = { _, _ in }) async throws -> Summary {
        var occupied: [String] = []
        for table in CopyTable.all where try await target.copiedRowCount(table) > 0 { occupied.append(table.name) }
        if !occupied.isEmpty {
            guard replace else { throw CopyError.targetNotEmpty(target: target.location.description, tables: occupied) }
            try await target.deleteAllCopiedRows()
        }
        for table in CopyTable.all {
            var after: [CopyValue]?
            var copied = 0
            while true {
                let rows = try await source.copyRows(table, after: after, limit: table.key.isEmpty ? Int(Int32.max) : batch)
                guard !rows.isEmpty else { break }
                try await target.insertCopiedRows(table, rows)
                copied += rows.count
                guard !table.key.isEmpty, rows.count == batch, let last = rows.last else { break }
                after = table.keyIndexes.map { last[$0] }
            }
            progress(table.name, copied)
        }
        try await target.finishCopy()
        var tables: [TableSummary] = []
        for table in CopyTable.all {
            let from = try await summary(of: table, in: source)
            let to = try await summary(of: table, in: target)
            guard from == to else {
                throw CopyError.mismatch(table: table.name, sourceRows: from.rows, targetRows: to.rows)
            }
            tables.append(from)
        }
        return Summary(from: source.location.description, to: target.location.description, tables: tables)
    }

    /// The row count and checksum of one table, read a batch at a time.
    public static func summary(of table: CopyTable, in database: any CopyableDatabase) async throws -> TableSummary {
        let hash = SHA256Hasher()
        var count = 0
        var after: [CopyValue]?
        while true {
            let rows = try await database.copyRows(table, after: after, limit: table.key.isEmpty ? Int(Int32.max) : batch)
            // A table without a key comes in no set order: its rows are hashed sorted.
            for row in table.key.isEmpty ? rows.sorted(by: { canonical($0).lexicographicallyPrecedes(canonical($1)) }) : rows {
                hash.update(canonical(row))
            }
            count += rows.count
            guard !table.key.isEmpty, rows.count == batch, let last = rows.last else { break }
            after = table.keyIndexes.map { last[$0] }
        }
        return TableSummary(table: table.name, rows: count, checksum: Digest.hex(hash.finalize()))
    }

    /// A row's bytes for the checksum: each cell tagged with its kind and length, so no two
    /// different rows encode alike.
    static func canonical(_ row: [CopyValue]) -> Data {
        var data = Data()
        for cell in row {
            switch cell {
            case .null: data.append(0)
            case .integer(let value): data.append(1); data.append(contentsOf: String(value).utf8)
            case .real(let value): data.append(2); data.append(contentsOf: String(value.bitPattern).utf8)
            case .text(let value):
                data.append(3)
                data.append(contentsOf: String(value.utf8.count).utf8)
                data.append(58)
                data.append(contentsOf: value.utf8)
            case .blob(let value):
                data.append(4)
                data.append(contentsOf: String(value.count).utf8)
                data.append(58)
                data.append(value)
            }
            data.append(31)
        }
        return data
    }
}

public enum CopyError: FolioError, Equatable {
    case targetNotEmpty(target: String, tables: [String])
    case mismatch(table: String, sourceRows: Int, targetRows: Int)
    case sameDatabase(String)

    public var kind: FolioErrorKind {
        switch self {
        case .targetNotEmpty, .sameDatabase: .invalidInput
        case .mismatch: .conflict
        }
    }

    public var code: String {
        switch self {
        case .targetNotEmpty: "copy_target_not_empty"
        case .mismatch: "copy_mismatch"
        case .sameDatabase: "copy_same_database"
        }
    }

    public var message: String {
        switch self {
        case .targetNotEmpty(let target, let tables):
            "\(target) already holds data (\(tables.prefix(5).joined(separator: ", "))\(tables.count > 5 ? ", …" : "")). Copy into an empty database, or add --replace to delete what it holds first."
        case .mismatch(let table, let sourceRows, let targetRows):
            "The copy of \(table) does not match its source (\(sourceRows) rows there, \(targetRows) here, or different content). Was the source written to during the copy? Stop the servers using it and copy again with --replace."
        case .sameDatabase(let location):
            "--from and --to both name \(location). Name two different databases."
        }
    }
}
