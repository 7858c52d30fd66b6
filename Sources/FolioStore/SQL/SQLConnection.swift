import Foundation

/// One engine's connection, as the stores written once for both engines see it: valid only inside
/// the `reading` or `transaction` that lent it.
public protocol SQLConnection {
    /// Every row, each decoded by column name (in any letter case: PostgreSQL folds names to
    /// lower case) into `Row`. A statement with a `prepared` name is prepared once per connection
    /// on PostgreSQL (see `SQLPreparedName`).
    func rows<Row: Decodable>(_ sql: SQL, as type: Row.Type, prepared: (any SQLPreparedName.Type)?) async throws -> [Row]

    /// The first column of every row.
    func column<Value: SQLColumnValue>(_ sql: SQL, as type: Value.Type) async throws -> [Value]

    /// Runs a statement; returns how many rows it inserted, changed or deleted.
    @discardableResult
    func execute(_ sql: SQL) async throws -> Int

    /// Makes every other transaction that asks for the same key wait until this one ends: the
    /// lock of something counted that has no row to lock (an account's grammars). SQLite's one
    /// writer is alone already, so there it does nothing.
    func lock(_ key: String) async throws
}

/// Names a statement that PostgreSQL prepares once per connection and then only executes: for
/// the hottest paths (the session behind every signed-in request), where parsing and planning
/// were most of PostgreSQL's time for a statement. Its text must be the same whatever values it
/// binds (on PostgreSQL a list binds as one array, so it is). SQLite keeps every statement
/// prepared by its text already.
public protocol SQLPreparedName {}

extension SQLConnection {
    public func rows<Row: Decodable>(_ sql: SQL, as type: Row.Type) async throws -> [Row] {
        try await rows(sql, as: type, prepared: nil)
    }

    /// The first column of the first row, or nil without a row.
    public func value<Value: SQLColumnValue>(_ sql: SQL, as type: Value.Type) async throws -> Value? {
        try await column(sql, as: type).first
    }

    /// The first row, or nil.
    public func row<Row: Decodable>(_ sql: SQL, as type: Row.Type) async throws -> Row? {
        try await rows(sql, as: type).first
    }
}

/// A store kept in an SQL database, with its reads and transactions lent out to code written once
/// for both engines.
public protocol SQLDatabase: Sendable {
    /// Runs `body` with a connection that reads (each statement sees what was last committed).
    func reading<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws -> T
    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws -> T
    /// Runs `body` where every statement sees the database at one moment (reads that must agree
    /// with each other while a write commits).
    func snapshot<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> T) async throws -> T
    /// Whether a write was refused by a unique index (a race a check before it could not see).
    func isUniqueViolation(_ error: any Error) -> Bool
}

/// The types a column decodes to.
public protocol SQLColumnValue: Sendable, Decodable {}
extension Int: SQLColumnValue {}
extension Int64: SQLColumnValue {}
extension Int32: SQLColumnValue {}
extension Double: SQLColumnValue {}
extension String: SQLColumnValue {}
extension Bool: SQLColumnValue {}
extension Date: SQLColumnValue {}
extension Data: SQLColumnValue {}
extension Optional: SQLColumnValue where Wrapped: SQLColumnValue {}

/// An optional column type, seen through its wrapped type.
protocol SQLOptionalColumn {
    static var wrappedColumnType: any SQLColumnValue.Type { get }
    static var null: Self { get }
    static func wrapping(_ value: any SQLColumnValue) -> Self
}

extension Optional: SQLOptionalColumn where Wrapped: SQLColumnValue {
    static var wrappedColumnType: any SQLColumnValue.Type { Wrapped.self }
    static var null: Self { .none }
    static func wrapping(_ value: any SQLColumnValue) -> Self { value as? Wrapped }
}

/// One row as an engine gives it: each column read as the type asked for.
protocol SQLRowReading {
    /// The column's position for a name, in any letter case; nil if the row has none.
    func index(of column: String) -> Int?
    func isNull(at index: Int) -> Bool
    /// A column that is not NULL, as a type that is not optional.
    func decodePresent<Value: SQLColumnValue>(_ type: Value.Type, at index: Int) throws -> Value
}

extension SQLRowReading {
    func decode<Value: SQLColumnValue>(_ type: Value.Type, at index: Int) throws -> Value {
        if let optional = type as? any SQLOptionalColumn.Type {
            if isNull(at: index) { return optional.null as! Value }
            return optional.wrapping(try decodeWrapped(optional.wrappedColumnType, at: index)) as! Value
        }
        guard !isNull(at: index) else {
            throw DecodingError.valueNotFound(type, .init(codingPath: [], debugDescription: "column \(index) is NULL"))
        }
        return try decodePresent(type, at: index)
    }

    private func decodeWrapped<Wrapped: SQLColumnValue>(_ type: Wrapped.Type, at index: Int) throws -> any SQLColumnValue {
        try decodePresent(type, at: index)
    }
}

/// Decodes a `Decodable` row by its coding keys' names.
struct SQLRowDecoder<Row: SQLRowReading>: Decoder {
    let row: Row
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(row: row))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "a row is decoded by column names"))
    }

    /// A row of one column, decoded as a single value.
    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(row: row, index: 0) }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let row: Row
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }

        func index(_ key: Key) throws -> Int {
            guard let index = row.index(of: key.stringValue) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: [key], debugDescription: "no column \(key.stringValue)"))
            }
            return index
        }

        func contains(_ key: Key) -> Bool { row.index(of: key.stringValue) != nil }

        func decodeNil(forKey key: Key) throws -> Bool { row.isNull(at: try index(key)) }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let at = try index(key)
            if let column = type as? any SQLColumnValue.Type { return try decodeColumn(column, at: at) as! T }
            // A typed id, an enum of raw values: decoded from the column as a single value.
            return try T(from: ColumnDecoder(row: row, index: at, codingPath: [key]))
        }

        private func decodeColumn<V: SQLColumnValue>(_ type: V.Type, at index: Int) throws -> V {
            try row.decode(type, at: index)
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let at = row.index(of: key.stringValue), !row.isNull(at: at) else { return nil }
            return try decode(type, forKey: key)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw DecodingError.typeMismatch(type, .init(codingPath: [key], debugDescription: "a column holds no nested record"))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: [key], debugDescription: "a column holds no list"))
        }

        func superDecoder() throws -> any Decoder { SQLRowDecoder(row: row) }
        func superDecoder(forKey key: Key) throws -> any Decoder { SQLRowDecoder(row: row) }
    }

    /// One column as a value of its own (`Identifier`, `RawRepresentable` enums).
    struct ColumnDecoder: Decoder {
        let row: Row
        let index: Int
        var codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "a column holds no nested record"))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "a column holds no list"))
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(row: row, index: index) }
    }

    struct Single: SingleValueDecodingContainer {
        let row: Row
        let index: Int
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { row.isNull(at: index) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard let column = type as? any SQLColumnValue.Type else {
                return try T(from: ColumnDecoder(row: row, index: index, codingPath: []))
            }
            return try read(column) as! T
        }

        private func read<V: SQLColumnValue>(_ type: V.Type) throws -> V { try row.decode(type, at: index) }
    }
}

/// A result's column names, looked up as a record's keys spell them ("plotIds") whatever case the
/// engine gives them in ("plotids" on PostgreSQL). A row has a handful of columns, so a scan that
/// folds ASCII letters as it compares costs less than building a table for every result: under a
/// load of reviews, two dictionaries a statement were a measurable part of the session's read.
struct SQLColumns {
    private let names: [String]

    init(_ names: some Sequence<String>) {
        self.names = Array(names)
    }

    func index(of name: String) -> Int? {
        if let exact = names.firstIndex(of: name) { return exact }
        return names.firstIndex { Self.sameIgnoringASCIICase($0, name) }
    }

    static func sameIgnoringASCIICase(_ a: String, _ b: String) -> Bool {
        var left = a.utf8.makeIterator(), right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case (let x?, let y?):
                let foldedX = (65...90).contains(x) ? x | 0x20 : x, foldedY = (65...90).contains(y) ? y | 0x20 : y
                if foldedX != foldedY { return false }
            default: return false
            }
        }
    }
}
