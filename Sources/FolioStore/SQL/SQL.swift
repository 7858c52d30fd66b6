import FolioCore
import Foundation

/// The two engines' few real differences in the SQL they take. Everything else a store writes is
/// the same text on both.
public enum SQLDialect: Sendable {
    case sqlite, postgres

    /// The n-th value bound (from 1): `?` on SQLite, `$n` on PostgreSQL.
    func placeholder(_ number: Int) -> String {
        self == .sqlite ? "?" : "$\(number)"
    }
}

/// A value bound to a statement: never spliced into its text.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    /// Each engine stores a time its own way: SQLite as GRDB's UTC text, PostgreSQL as a timestamp.
    case date(Date)
    case bool(Bool)
    /// A list compared with `= ANY(…)` on PostgreSQL (SQLite binds each of its values instead).
    case integers([Int64])
    case texts([String])
}

/// A Swift value that binds as one SQL value.
public protocol SQLBindable: Sendable {
    var sqlValue: SQLValue { get }
}

extension Int: SQLBindable { public var sqlValue: SQLValue { .integer(Int64(self)) } }
extension Int64: SQLBindable { public var sqlValue: SQLValue { .integer(self) } }
extension Int32: SQLBindable { public var sqlValue: SQLValue { .integer(Int64(self)) } }
extension Double: SQLBindable { public var sqlValue: SQLValue { .real(self) } }
extension String: SQLBindable { public var sqlValue: SQLValue { .text(self) } }
extension Bool: SQLBindable { public var sqlValue: SQLValue { .bool(self) } }
extension Date: SQLBindable { public var sqlValue: SQLValue { .date(self) } }
extension Data: SQLBindable { public var sqlValue: SQLValue { .blob(self) } }
extension Identifier: SQLBindable { public var sqlValue: SQLValue { .integer(rawValue) } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

/// A statement written once for both engines. Interpolated values are bound, in order, as `?` on
/// SQLite and `$1`, `$2`… on PostgreSQL; text goes in only through `unescaped:` (a fragment the
/// code itself chose, never input) or a nested `SQL`; the dialect's differences through
/// `SQL.Word`.
public struct SQL: Sendable, ExpressibleByStringInterpolation {
    enum Piece: Sendable {
        case text(String)
        case value(SQLValue)
        /// `IN (…)` on SQLite, `= ANY($n)` on PostgreSQL.
        case oneOf([SQLValue])
        case word(Word)
        /// Said one way on each engine.
        indirect case choice(sqlite: [Piece], postgres: [Piece])
    }

    /// What is said differently on each engine.
    public enum Word: Sendable {
        /// Locks the rows a `SELECT` reads until the transaction ends: PostgreSQL's `FOR UPDATE`.
        /// SQLite's one writer is already alone, so nothing is said there.
        case forUpdate
    }

    var pieces: [Piece]

    public init(stringLiteral value: String) { pieces = [.text(value)] }

    public init(stringInterpolation: StringInterpolation) { pieces = stringInterpolation.pieces }

    private init(pieces: [Piece]) { self.pieces = pieces }

    /// Fragments one after another (the rows of a `VALUES` list), `separator` between them.
    public static func joined(_ parts: [SQL], separator: String) -> SQL {
        var pieces: [Piece] = []
        pieces.reserveCapacity(parts.reduce(0) { $0 + $1.pieces.count + 1 })
        for (index, part) in parts.enumerated() {
            if index > 0 { pieces.append(.text(separator)) }
            pieces.append(contentsOf: part.pieces)
        }
        return SQL(pieces: pieces)
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            pieces.reserveCapacity(interpolationCount * 2 + 1)
        }

        public mutating func appendLiteral(_ literal: String) { pieces.append(.text(literal)) }

        public mutating func appendInterpolation(_ value: some SQLBindable) { pieces.append(.value(value.sqlValue)) }

        /// A fragment the code chose (a column, a clause), never a value from outside.
        public mutating func appendInterpolation(unescaped text: String) { pieces.append(.text(text)) }

        public mutating func appendInterpolation(_ sql: SQL) { pieces.append(contentsOf: sql.pieces) }

        public mutating func appendInterpolation(_ word: Word) { pieces.append(.word(word)) }

        /// The larger of two expressions: `MAX(a, b)` on SQLite, `GREATEST(a, b)` on PostgreSQL.
        public mutating func appendInterpolation(greatest a: SQL, _ b: SQL) {
            pieces.append(.choice(sqlite: [.text("MAX(")] + a.pieces + [.text(", ")] + b.pieces + [.text(")")],
                                  postgres: [.text("GREATEST(")] + a.pieces + [.text(", ")] + b.pieces + [.text(")")]))
        }

        /// A column compared and sorted without regard to case: by its own NOCASE collation on
        /// SQLite, through `folio_nocase(…)` on PostgreSQL.
        public mutating func appendInterpolation(nocaseColumn column: String) {
            pieces.append(.choice(sqlite: [.text(column)], postgres: [.text("folio_nocase(\(column))")]))
        }

        /// A value compared with such a column.
        public mutating func appendInterpolation(nocase value: some SQLBindable) {
            pieces.append(.choice(sqlite: [.value(value.sqlValue), .text(" COLLATE NOCASE")],
                                  postgres: [.text("folio_nocase("), .value(value.sqlValue), .text(")")]))
        }

        /// `column \(oneOf: ids)`: whether the column is one of the values.
        public mutating func appendInterpolation(oneOf values: [some SQLBindable]) { pieces.append(.oneOf(values.map(\.sqlValue))) }
    }

    /// The text for `dialect` and the values it binds, in order.
    func rendered(for dialect: SQLDialect) -> (text: String, values: [SQLValue]) {
        var text = ""
        text.reserveCapacity(256)
        var values: [SQLValue] = []
        values.reserveCapacity(pieces.count / 2)
        Self.render(pieces, for: dialect, into: &text, values: &values)
        return (text, values)
    }

    private static func render(_ pieces: [Piece], for dialect: SQLDialect, into text: inout String, values: inout [SQLValue]) {
        for piece in pieces {
            switch piece {
            case .text(let part):
                text += part
            case .value(let value):
                values.append(value)
                text += dialect.placeholder(values.count)
            case .oneOf(let list):
                switch dialect {
                case .sqlite:
                    // SQLite binds each; an empty list matches nothing, as ANY of an empty array does.
                    text += "IN (" + list.map { values.append($0); return "?" }.joined(separator: ", ") + ")"
                case .postgres:
                    values.append(Self.array(list))
                    text += "= ANY($\(values.count))"
                }
            case .word(let word):
                text += Self.say(word, in: dialect)
            case .choice(let sqlite, let postgres):
                render(dialect == .sqlite ? sqlite : postgres, for: dialect, into: &text, values: &values)
            }
        }
    }

    static func say(_ word: Word, in dialect: SQLDialect) -> String {
        switch (word, dialect) {
        case (.forUpdate, .sqlite): ""
        case (.forUpdate, .postgres): "FOR UPDATE"
        }
    }

    /// The list as one PostgreSQL array: of integers or of texts, the only lists compared.
    static func array(_ list: [SQLValue]) -> SQLValue {
        var integers: [Int64] = [], texts: [String] = []
        for value in list {
            switch value {
            case .integer(let number): integers.append(number)
            case .text(let text): texts.append(text)
            default: preconditionFailure("only integers and texts are compared with a list")
            }
        }
        precondition(integers.isEmpty || texts.isEmpty, "a list of integers and texts at once")
        return texts.isEmpty ? .integers(integers) : .texts(texts)
    }
}
