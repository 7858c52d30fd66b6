import FolioCore
import FolioStore
import FolioTestSupport
import Foundation
import GRDB
import Monologues
import Synchronization
import Testing

/// Paged reads of what users keep: right pages, only the caller's rows, a fixed number of
/// statements whatever the list's length, and every statement on an index.
@Suite struct ListPagingStoreTests {
    /// Every statement the database runs, as SQL with its `?` placeholders.
    final class StatementLog: Sendable {
        private let statements = Mutex<[String]>([])

        func record(_ sql: String) { statements.withLock { $0.append(sql) } }
        func reset() { statements.withLock { $0.removeAll() } }
        var selects: [String] { statements.withLock { $0 }.filter { $0.uppercased().hasPrefix("SELECT") } }
    }

    static func database(monologues count: Int, log: StatementLog) throws -> AppDatabase {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            db.trace { event in
                if case .statement(let statement) = event { log.record(statement.sql) }
            }
        }
        let database = try AppDatabase(DatabaseQueue(configuration: configuration))
        let library = (1...count).map { n in
            LibraryFixture.monologue(String(format: "play-%04d", n), number: n, text: "Line \(n) of a speech.")
        }
        try database.importMonologues(library, source: "fixture")
        return database
    }

    /// Favourites 1…count for the account, favourite n kept n minutes after the first, every
    /// other one with edits (text, notes and tags of its own).
    static func keep(_ count: Int, accountID: Account.ID, in database: AppDatabase) async throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for n in 1...count {
            let id = String(format: "play-%04d", n)
            try await database.addFavourite(accountID: accountID, monologueID: id, now: start.addingTimeInterval(Double(n) * 60))
            if n % 2 == 0 {
                try await database.saveFavouriteEdits(accountID: accountID, Favourite(monologueID: id, text: "Cut \(n).", notes: "Breathe.",
                                                                                      tags: ["mine-\(n % 7)"]))
            }
        }
    }

    static func account(_ name: String, in database: AppDatabase) async throws -> Account.ID {
        try await database.createAccount(username: name, passwordHash: "x").id
    }

    @Test func pagesComeNewestFirstWithTheTotal() async throws {
        let log = StatementLog()
        let database = try Self.database(monologues: 120, log: log)
        let alice = try await Self.account("alice", in: database), bob = try await Self.account("bob", in: database)
        try await Self.keep(120, accountID: alice, in: database)
        try await Self.keep(3, accountID: bob, in: database)

        let first = try await database.favouritePage(accountID: alice, limit: 50, offset: 0)
        #expect(first.total == 120)
        #expect(first.items.map(\.monologueID) == (71...120).reversed().map { String(format: "play-%04d", $0) })
        #expect(first.items[0].text == "Cut 120." && first.items[1].text == nil)
        let last = try await database.favouritePage(accountID: alice, limit: 50, offset: 100)
        #expect(last.total == 120 && last.items.map(\.monologueID) == (1...20).reversed().map { String(format: "play-%04d", $0) })
        #expect(try await database.favouritePage(accountID: alice, limit: 50, offset: 500).items.isEmpty)

        // Bob's page holds Bob's three and nothing of Alice's, though the ids overlap.
        let bobs = try await database.favouritePage(accountID: bob, limit: 50, offset: 0)
        #expect(bobs.total == 3 && bobs.items.map(\.monologueID) == ["play-0003", "play-0002", "play-0001"])
        #expect(bobs.items.first { $0.monologueID == "play-0002" }?.text == "Cut 2.")
        #expect(try await database.personalTags(accountID: bob) == ["play-0002": ["mine-2"]])
        let among = try await database.favourites(accountID: bob, among: ["play-0002", "play-0050", "play-0100"])
        #expect(among.map(\.monologueID) == ["play-0002"])
    }

    @Test func retiredMonologuesLeaveThePageAndTheTotal() async throws {
        let database = try Self.database(monologues: 5, log: StatementLog())
        let alice = try await Self.account("alice", in: database)
        try await Self.keep(5, accountID: alice, in: database)
        let remaining = (1...4).map { n in LibraryFixture.monologue(String(format: "play-%04d", n), number: n, text: "Line \(n) of a speech.") }
        try await database.importMonologues(remaining, source: "fixture")
        let page = try await database.favouritePage(accountID: alice, limit: 50, offset: 0)
        #expect(page.total == 4 && !page.items.contains { $0.monologueID == "play-0005" })
    }

    @Test func characterFavouritesArePagedPerAccount() async throws {
        let database = try Self.database(monologues: 1, log: StatementLog())
        let alice = try await Self.account("alice", in: database), bob = try await Self.account("bob", in: database)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for id in 1...75 { try await database.keepCharacter(accountID: alice, characterID: id, now: start.addingTimeInterval(Double(id))) }
        try await database.keepCharacter(accountID: bob, characterID: 7)
        let second = try await database.keptCharacters(accountID: alice, limit: 50, offset: 50)
        #expect(second.total == 75 && second.items == Array((1...25).reversed()))
        #expect(try await database.keptCharacters(accountID: bob, limit: 50, offset: 0) == Page(total: 1, items: [7], limit: 50, offset: 0))
        #expect(try await database.keepsCharacter(accountID: alice, characterID: 75))
        #expect(!(try await database.keepsCharacter(accountID: bob, characterID: 75)))
    }

    /// What a favourites page, a search page and the tags page read: the same statements for
    /// 5 favourites as for 500 (no statement per favourite), and no statement scans a table or
    /// sorts in a temporary tree.
    @Test func listReadsTakeAFixedNumberOfIndexedStatements() async throws {
        func statements(favourites: Int) async throws -> [String] {
            let log = StatementLog()
            let database = try Self.database(monologues: 500, log: log)
            let alice = try await Self.account("alice", in: database)
            try await Self.keep(favourites, accountID: alice, in: database)
            log.reset()
            _ = try await database.favouritePage(accountID: alice, limit: 50, offset: 0)
            _ = try await database.favouritePage(accountID: alice, limit: 50, offset: 450)
            _ = try await database.favourites(accountID: alice, among: (1...50).map { String(format: "play-%04d", $0) })
            _ = try await database.personalTags(accountID: alice)
            _ = try await database.favourite(accountID: alice, monologueID: "play-0002")
            _ = try await database.keptCharacters(accountID: alice, limit: 50, offset: 0)
            _ = try await database.keepsCharacter(accountID: alice, characterID: 3)
            _ = try await database.keptCharacters(accountID: alice)
            let selects = log.selects
            for sql in Set(selects) {
                // Unbound parameters read as NULL; the plan does not depend on them.
                let plan = try await database.reader.read { db in
                    let statement = try db.makeStatement(sql: "EXPLAIN QUERY PLAN " + sql)
                    statement.setUncheckedArguments([])
                    return try Row.fetchAll(statement).map { $0["detail"] as String }
                }
                // A SCAN walks a whole table (or index); every read must SEARCH the account's rows.
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(sql)\n→ \(plan)")
                #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(sql)\n→ \(plan)")
            }
            return selects
        }
        let few = try await statements(favourites: 5)
        let many = try await statements(favourites: 500)
        #expect(few.count == many.count, "\(few)\n\(many)")
        #expect(few.count == 11, "\(few)")
    }
}
