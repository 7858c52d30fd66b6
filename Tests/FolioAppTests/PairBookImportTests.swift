import FolioApp
import FolioCore
import FolioStore
import Foundation
import Testing
import Vocabulary

/// Importing as the pages do: a table previewed before anything is saved and then held to that
/// preview, a file's bytes made text or refused, a tag's export, and an installed FreeDict
/// dictionary imported a batch at a time.
@Suite struct PairBookImportTests {
    struct World {
        let store: AppDatabase
        let learner: Account
        let other: Account
    }

    func world() async throws -> World {
        let store = try AppDatabase.inMemory()
        return World(store: store, learner: try await store.createAccount(username: "learner", passwordHash: "x", now: Date()),
                     other: try await store.createAccount(username: "other", passwordHash: "x", now: Date()))
    }

    // MARK: - Tables

    @Test func aPreviewSavesNothingAndTellsNewPairsFromOnesTheAccountHas() async throws {
        let w = try await world()
        let book = PairBook(store: w.store, pairLimit: nil)
        _ = try await book.add(Pair(english: "man", welsh: "gŵr", tags: ["People"]), accountID: w.learner.id)
        // The other account's pairs are no duplicates of this one's.
        _ = try await book.add(Pair(english: "bread", welsh: "bara"), accountID: w.other.id)
        let table = "English,Welsh,Note,Type,Tags\nMan,GŴR,,noun,people\nbread,bara,,noun,\"Food, people\"\nbread,bara,,,\ncheese,caws,,noun,Food\n"
        let preview = try await book.previewTable(table, format: .csv, accountID: w.learner.id)
        #expect(preview.additions.map(\.english) == ["bread", "cheese"])
        #expect(preview.duplicates == 2)
        #expect(preview.tags == [.init(name: "Food", isNew: true), .init(name: "People", isNew: false)])
        #expect(preview.canImport && preview.problemTotal == 0 && preview.refusal == nil)
        #expect(try await book.count(accountID: w.learner.id) == 1)

        let outcome = try await book.importPreviewed(table, format: .csv, checksum: preview.checksum, accountID: w.learner.id)
        #expect(outcome == TableImportOutcome(added: 2, skipped: 2))
        #expect(try await book.count(accountID: w.learner.id) == 3)
        // The same table again adds nothing.
        let again = try await book.previewTable(table, format: .csv, accountID: w.learner.id)
        #expect(again.additions.isEmpty && again.duplicates == 4 && !again.canImport)
    }

    @Test func badLinesAreListedByLineAndBlockTheImport() async throws {
        let w = try await world()
        let book = PairBook(store: w.store, pairLimit: nil)
        let bad = "English,Welsh,Note\nman,gŵr\n,,\"only a note\"\nok,iawn,x,y,z,extra\n"
        let preview = try await book.previewTable(bad, format: .csv, accountID: w.learner.id)
        #expect(preview.problemTotal == 2)
        #expect(preview.problems.map(\.line) == [3, 4])
        #expect(preview.problems[0].reason.contains("neither English nor Welsh"))
        #expect(!preview.canImport)
        await #expect(throws: VocabularyError.self) {
            try await book.importPreviewed(bad, format: .csv, checksum: preview.checksum, accountID: w.learner.id)
        }
        #expect(try await book.count(accountID: w.learner.id) == 0)
    }

    @Test func anImportIsHeldToThePreviewedText() async throws {
        let w = try await world()
        let book = PairBook(store: w.store, pairLimit: nil)
        let table = "English,Welsh\nman,gŵr\n"
        let preview = try await book.previewTable(table, format: .csv, accountID: w.learner.id)
        await #expect(throws: TableImportError.changedSincePreview) {
            try await book.importPreviewed(table + "dog,ci\n", format: .csv, checksum: preview.checksum, accountID: w.learner.id)
        }
        // The same text read as the other format is another table.
        await #expect(throws: TableImportError.changedSincePreview) {
            try await book.importPreviewed(table, format: .tsv, checksum: preview.checksum, accountID: w.learner.id)
        }
        #expect(try await book.count(accountID: w.learner.id) == 0)
    }

    @Test func theQuotaRefusesTheWholeTableInThePreview() async throws {
        let w = try await world()
        let book = PairBook(store: w.store, pairLimit: 2)
        _ = try await book.add(Pair(english: "man", welsh: "gŵr"), accountID: w.learner.id)
        let table = "English,Welsh\na,b\nc,d\n"
        let preview = try await book.previewTable(table, format: .csv, accountID: w.learner.id)
        #expect(preview.refusal?.contains("an account may keep 2 pairs") == true)
        #expect(!preview.canImport)
        await #expect(throws: VocabularyError.self) {
            try await book.importPreviewed(table, format: .csv, checksum: preview.checksum, accountID: w.learner.id)
        }
        #expect(try await book.count(accountID: w.learner.id) == 1)
    }

    @Test func aFilesBytesBecomeTextOrAreRefusedClearly() throws {
        #expect(try TableImport.text(of: Array("\u{FEFF}English,Welsh\nman,gŵr\n".utf8), fileName: "a.csv").contains("gŵr"))
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "English\tWelsh\nmilk\tllaeth\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try TableImport.text(of: utf16, fileName: "excel.txt").hasPrefix("English\tWelsh"))
        #expect(throws: TableImportError.notText(fileName: "sheet.csv")) { try TableImport.text(of: [0x50, 0x4B, 0x03, 0x04, 0x00], fileName: "sheet.csv") }
        #expect(throws: TableImportError.notText(fileName: "latin1.csv")) { try TableImport.text(of: [0x63, 0x61, 0xE9, 0x0A], fileName: "latin1.csv") }
        #expect(throws: TableImportError.empty) { try TableImport.text(of: [], fileName: "empty.csv") }
        let big = [UInt8](repeating: 0x61, count: TableImport.maximumFileBytes + 1)
        #expect(throws: TableImportError.tooLarge(fileName: "big.csv", limit: TableImport.maximumFileBytes)) {
            try TableImport.text(of: big, fileName: "big.csv")
        }
        #expect(TableImportError.tooLarge(fileName: "big.csv", limit: TableImport.maximumFileBytes).message.contains("2 MB"))
    }

    @Test func anExportCanBeOneTagsPairs() async throws {
        let w = try await world()
        let book = PairBook(store: w.store, pairLimit: nil)
        _ = try await w.store.importPairs(accountID: w.learner.id, (0..<1_203).map {
            Pair(english: String(format: "word %04d", $0), welsh: "gair", tags: [$0 % 3 == 0 ? "Third" : "Rest"])
        })
        let third = try PairTable.read(try await book.export(accountID: w.learner.id, format: .csv, tag: "third"), format: .csv)
        #expect(third.count == 401)
        #expect(third.allSatisfy { $0.tags == ["Third"] })
        #expect(third.map(\.english) == third.map(\.english).sorted())
        #expect(try PairTable.read(try await book.export(accountID: w.learner.id, format: .tsv, tag: nil), format: .tsv).count == 1_203)
        #expect(try PairTable.read(try await book.export(accountID: w.other.id, format: .csv, tag: "Third"), format: .csv).isEmpty)
    }

    // MARK: - Dictionaries

    /// A FreeDict-shaped dictionary of `count` headwords in a directory of its own.
    static func dictionaryDirectory(count: Int, name: String = "cym-eng") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("freedict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var dict = Data()
        var index = ""
        func add(_ headword: String, _ definition: String) {
            let bytes = Data(definition.utf8)
            index += "\(headword)\t\(base64(dict.count))\t\(base64(bytes.count))\n"
            dict.append(bytes)
        }
        add("00-database-short", "00-database-short\n     A test dictionary\n")
        add("gŵr", "gŵr /ɡˈuːr/ <n, s, m>\nhusband\nman\n")
        for i in 1..<count { add("gair\(i)", "gair\(i) <n, m>\nword \(i)\n") }
        try index.write(to: directory.appendingPathComponent("freedict-\(name).index"), atomically: true, encoding: .utf8)
        try dict.write(to: directory.appendingPathComponent("freedict-\(name).dict"))
        // Not Welsh: never offered.
        try index.write(to: directory.appendingPathComponent("freedict-deu-eng.index"), atomically: true, encoding: .utf8)
        try dict.write(to: directory.appendingPathComponent("freedict-deu-eng.dict"))
        return directory.path
    }

    /// dictd's numbers: base 64, most significant digit first.
    static func base64(_ value: Int) -> String {
        let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var n = value, out = [digits[n & 63]]
        n >>= 6
        while n > 0 { out.append(digits[n & 63]); n >>= 6 }
        return String(out.reversed())
    }

    @Test func aDictionaryGoesInABatchAtATimeAndGoesOnWhereItStopped() async throws {
        let w = try await world()
        let shelf = FreeDictShelf(directory: try Self.dictionaryDirectory(count: 3_200))
        let installed = await shelf.installed()
        #expect(installed.map(\.id) == ["cym-eng"])
        #expect(installed.first?.headwords == 3_200 && installed.first?.direction == .welshToEnglish)
        let imports = DictionaryImport(book: PairBook(store: w.store, pairLimit: nil), shelf: shelf)
        let tag = try DictionaryImport.tag("", default: "FreeDict cym-eng")

        let first = try await imports.importBatch("cym-eng", tag: tag, from: 0, accountID: w.learner.id)
        #expect(first == .init(dictionary: "cym-eng", tag: tag, imported: DictionaryImport.batchSize, total: 3_200))
        // A second start, a reload of an old page, a second tab: refused, nothing doubled.
        await #expect(throws: DictionaryImportError.tagInUse(tag: tag, count: DictionaryImport.batchSize)) {
            try await imports.importBatch("cym-eng", tag: tag, from: 0, accountID: w.learner.id)
        }
        await #expect(throws: DictionaryImportError.outOfStep(tag: tag, expected: 10, found: DictionaryImport.batchSize)) {
            try await imports.importBatch("cym-eng", tag: tag, from: 10, accountID: w.learner.id)
        }
        #expect(try await imports.progress(of: "cym-eng", tag: tag, accountID: w.learner.id).imported == DictionaryImport.batchSize)
        let done = try await imports.importRest("cym-eng", tag: tag, from: first.imported, accountID: w.learner.id)
        #expect(done.isComplete && done.imported == 3_200)
        let man = try #require(try await w.store.pairs(accountID: w.learner.id, filter: PairFilter(query: "husband"), limit: 5, offset: 0).items.first)
        #expect(man.welsh == "gŵr" && man.english == "husband / man" && man.tags == ["FreeDict cym-eng"] && man.type == "noun")
        #expect(try await w.store.pairCount(accountID: w.other.id) == 0)
    }

    @Test func aDictionaryImportIsRefusedWholeWhenItCannotGoAhead() async throws {
        let w = try await world()
        let shelf = FreeDictShelf(directory: try Self.dictionaryDirectory(count: 20))
        let book = PairBook(store: w.store, pairLimit: 25)
        _ = try await book.add(Pair(english: "one", welsh: "un"), accountID: w.learner.id)
        _ = try await book.add(Pair(english: "two", welsh: "dau"), accountID: w.learner.id)
        let imports = DictionaryImport(book: book, shelf: shelf)
        // Twelve stored and twenty to come pass the quota of 25: nothing of the dictionary goes in,
        // rather than the first batch and then a refusal.
        _ = try await w.store.importPairs(accountID: w.learner.id, (0..<10).map { Pair(english: "w\($0)", welsh: "g") })
        await #expect(throws: VocabularyError.self) {
            try await imports.importBatch("cym-eng", tag: "Geiriadur", from: 0, accountID: w.learner.id)
        }
        #expect(try await book.count(accountID: w.learner.id) == 12)
        // Only installed Welsh dictionaries, by name: no paths, no other languages.
        for name in ["deu-eng", "../cym-eng", "/usr/share/dictd/freedict-cym-eng", ""] {
            await #expect(throws: DictionaryImportError.self) {
                try await imports.importBatch(name, tag: "X", from: 0, accountID: w.learner.id)
            }
        }
        #expect(throws: DictionaryImportError.oneTag("a, b")) { try DictionaryImport.tag("a, b", default: "X") }
        #expect(try DictionaryImport.tag("  my   words ", default: "X") == "My words")
        // No directory at all is no dictionaries, not a failure.
        #expect(await FreeDictShelf(directory: "/nonexistent/dictd").installed().isEmpty)
    }
}
