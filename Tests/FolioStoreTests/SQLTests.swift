import FolioCore
import Foundation
import Testing
@testable import FolioStore

/// The statements written once for both engines: what each engine is sent, and rows read back by
/// column name.
@Suite struct SQLTests {
    @Test func valuesAreBoundAsEachEngineNumbersThem() {
        let account = Identifier<Account>(7)
        let sql: SQL = "SELECT a FROM t WHERE accountId = \(account) AND name = \("O'Neil") AND id \(oneOf: [3, 4]) AND seed = \(Int64?.none)"
        let sqlite = sql.rendered(for: .sqlite)
        #expect(sqlite.text == "SELECT a FROM t WHERE accountId = ? AND name = ? AND id IN (?, ?) AND seed = ?")
        #expect(sqlite.values == [.integer(7), .text("O'Neil"), .integer(3), .integer(4), .null])
        let postgres = sql.rendered(for: .postgres)
        #expect(postgres.text == "SELECT a FROM t WHERE accountId = $1 AND name = $2 AND id = ANY($3) AND seed = $4")
        #expect(postgres.values == [.integer(7), .text("O'Neil"), .integers([3, 4]), .null])
    }

    @Test func theDialectsDifferencesAreSaidOnce() {
        let inner: SQL = "x = \(1)"
        let sql: SQL = """
            SELECT \(greatest: "a", "b") FROM t WHERE \(nocaseColumn: "name") = \(nocase: "Ann") AND \(inner) \(SQL.Word.forUpdate)
            """
        #expect(sql.rendered(for: .sqlite).text == "SELECT MAX(a, b) FROM t WHERE name = ? COLLATE NOCASE AND x = ? ")
        #expect(sql.rendered(for: .postgres).text == "SELECT GREATEST(a, b) FROM t WHERE folio_nocase(name) = folio_nocase($1) AND x = $2 FOR UPDATE")
        #expect(sql.rendered(for: .postgres).values == [.text("Ann"), .integer(1)])
    }

    private struct Row: Decodable, Equatable {
        let accountId: Identifier<Account>
        let seed: Int64?
        let text: String
        let createdAt: Date
        let done: Bool
    }

    @Test func rowsAreReadByColumnNameInAnyCase() async throws {
        let database = try AppDatabase.inMemory()
        let noon = Date(timeIntervalSince1970: 1_800_000_000)
        let rows = try await database.reading { db in
            try await db.rows("SELECT 1 AS DONE, \(noon) AS createdat, 'x' AS Text, NULL AS seed, 42 AS ACCOUNTID", as: Row.self)
        }
        #expect(rows == [Row(accountId: Identifier(42), seed: nil, text: "x", createdAt: noon, done: true)])
        let column = try await database.reading { db in try await db.column("SELECT NULL UNION ALL SELECT 5", as: Int?.self) }
        #expect(column == [nil, 5])
        // A row without a column the record needs is an error, not a guess.
        await #expect(throws: DecodingError.self) {
            _ = try await database.reading { db in try await db.rows("SELECT 'x' AS text", as: Row.self) }
        }
    }

    @Test func aTransactionThatThrowsLeavesNothing() async throws {
        struct Refused: Error {}
        let database = try AppDatabase.inMemory()
        try await database.transaction { db in try await db.execute("CREATE TABLE note (text TEXT NOT NULL)") }
        await #expect(throws: Refused.self) {
            try await database.transaction { db in
                #expect(try await db.execute("INSERT INTO note (text) VALUES (\("kept?"))") == 1)
                throw Refused()
            }
        }
        #expect(try await database.reading { db in try await db.value("SELECT COUNT(*) FROM note", as: Int.self) } == 0)
        // An actor visited mid-transaction hands the statements back to the writer's thread.
        actor Counter { var count = 0; func next() -> Int { count += 1; return count } }
        let counter = Counter()
        try await database.transaction { db in
            for _ in 0..<3 { try await db.execute("INSERT INTO note (text) VALUES (\(String(await counter.next())))") }
        }
        #expect(try await database.reading { db in try await db.column("SELECT text FROM note ORDER BY text", as: String.self) } == ["1", "2", "3"])
    }
}
