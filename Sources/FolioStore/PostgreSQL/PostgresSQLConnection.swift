// The PostgreSQL engine: built with the PostgreSQL trait (on by default).
#if PostgreSQL
import FolioApp
import Foundation
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// PostgreSQL's side of `SQLConnection`, over one pooled connection a read or transaction lent out.
struct PostgresSQLConnection: SQLConnection {
    let connection: PostgresConnection
    let logger: Logger

    static func query(_ sql: SQL) -> PostgresQuery {
        let (text, values) = sql.rendered(for: .postgres)
        return PostgresQuery(unsafeSQL: text, binds: bindings(values))
    }

    static func bindings(_ values: [SQLValue]) -> PostgresBindings {
        var binds = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .null: binds.appendNull()
            case .integer(let number): binds.append(number)
            case .real(let number): binds.append(number)
            case .text(let text): binds.append(text)
            case .blob(let data): binds.append(ByteBuffer(bytes: data))
            case .date(let date): binds.append(date)
            case .bool(let flag): binds.append(flag)
            case .integers(let numbers): binds.append(numbers)
            case .texts(let texts): binds.append(texts)
            }
        }
        return binds
    }

    func rows<Row: Decodable>(_ sql: SQL, as type: Row.Type, prepared: (any SQLPreparedName.Type)?) async throws -> [Row] {
        if let prepared { return try await preparedRows(sql, as: type, name: prepared) }
        return try await Self.decode(try await connection.query(Self.query(sql), logger: logger), as: type)
    }

    private func preparedRows<Row: Decodable, Name: SQLPreparedName>(_ sql: SQL, as type: Row.Type, name: Name.Type) async throws -> [Row] {
        let (text, values) = sql.rendered(for: .postgres)
        PreparedSQL<Name>.remember(text)
        return try await Self.decode(try await connection.execute(PreparedSQL<Name>(binds: Self.bindings(values)), logger: logger), as: type)
    }

    private static func decode<Row: Decodable>(_ sequence: some AsyncSequence<PostgresRow, any Error>, as type: Row.Type) async throws -> [Row] {
        var result: [Row] = []
        var columns: SQLColumns?
        for try await row in sequence {
            let cells = PostgresRandomAccessRow(row)
            let names = columns ?? SQLColumns(cells.map(\.columnName))
            columns = names
            result.append(try Row(from: SQLRowDecoder(row: Reader(cells: cells, columns: names))))
        }
        return result
    }

    func column<Value: SQLColumnValue>(_ sql: SQL, as type: Value.Type) async throws -> [Value] {
        var result: [Value] = []
        for try await row in try await connection.query(Self.query(sql), logger: logger) {
            result.append(try Reader(cells: PostgresRandomAccessRow(row), columns: nil).decode(type, at: 0))
        }
        return result
    }

    func execute(_ sql: SQL) async throws -> Int {
        let result: EventLoopFuture<PostgresQueryResult> = connection.query(Self.query(sql), logger: logger)
        return try await result.get().metadata.rows ?? 0
    }

    func lock(_ key: String) async throws {
        try await connection.lock(key, logger)
    }

    struct Reader: SQLRowReading {
        let cells: PostgresRandomAccessRow
        let columns: SQLColumns?

        func index(of column: String) -> Int? { columns?.index(of: column) }

        func isNull(at index: Int) -> Bool { cells[index].bytes == nil }

        func decodePresent<Value: SQLColumnValue>(_ type: Value.Type, at index: Int) throws -> Value {
            guard let decodable = type as? any PostgresDecodable.Type else {
                throw DecodingError.typeMismatch(type, .init(codingPath: [], debugDescription: "PostgreSQL reads no \(type)"))
            }
            return try Self.decode(decodable, cells[index]) as! Value
        }

        private static func decode<T: PostgresDecodable>(_ type: T.Type, _ cell: PostgresCell) throws -> T {
            try cell.decode(T.self)
        }
    }
}

/// A statement prepared under its name's type. postgres-nio prepares by a type's static text,
/// while our text is rendered from the statement itself: the first rendering is remembered for
/// the name, and the same name always renders the same text (`SQLPreparedName`).
struct PreparedSQL<Name: SQLPreparedName>: PostgresPreparedStatement {
    static func remember(_ text: String) {
        preparedTexts.withLock { known in
            if let earlier = known[ObjectIdentifier(Name.self)] {
                precondition(earlier == text, "\(Name.self) names two statements")
            } else {
                known[ObjectIdentifier(Name.self)] = text
            }
        }
    }

    static var sql: String { preparedTexts.withLock { $0[ObjectIdentifier(Name.self)] ?? "" } }

    typealias Row = PostgresRow
    let binds: PostgresBindings

    func makeBindings() throws -> PostgresBindings { binds }
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

private let preparedTexts = Mutex<[ObjectIdentifier: String]>([:])

extension PostgresDatabase: SQLDatabase {
    public func reading<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws -> T {
        try await read { connection in try await body(PostgresSQLConnection(connection: connection, logger: logger)) }
    }

    public func isUniqueViolation(_ error: any Error) -> Bool { Self.sqlState(of: error) == "23505" }

    /// One read-only transaction at repeatable read: its statements see one moment of the database.
    public func snapshot<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws -> T {
        try await write { connection in
            try await connection.run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger)
            return try await body(PostgresSQLConnection(connection: connection, logger: logger))
        }
    }

    public func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws -> T {
        try await write { connection in try await body(PostgresSQLConnection(connection: connection, logger: logger)) }
    }
}
extension PostgresDatabase: AccountStore {}

extension PostgresDatabase: LibraryStore {}

extension PostgresDatabase: PlotStore {}

extension PostgresDatabase: CharacterStore {}

extension PostgresDatabase: FavouriteStore {}
#endif
