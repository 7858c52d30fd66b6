import FolioApp
import FolioCore
import FolioStore
import Foundation
import Plots
import Testing

/// Kept plots and saved grammars, as the pages and the API both keep them.
@Suite struct PlotBookTests {
    /// Runs the work where it is asked, never cancelled: the terminal's way.
    struct InPlace: WorkRunner {
        func run<Value: Sendable>(_ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws -> Value) async throws -> Value {
            try work { false }
        }
    }

    func book(grammarLimit: Int = 3) throws -> (PlotBook, AppDatabase) {
        let store = try AppDatabase.inMemory()
        return (PlotBook(store: store, wheels: try Wheels.standard.get(), grammarLimit: grammarLimit), store)
    }

    @Test func aKeptPlotKeepsItsSeedOnlyWhenTheSeedMakesIt() async throws {
        let (book, store) = try book()
        let account = try await store.createAccount(username: "ann", passwordHash: "x", now: Date())
        let seeded = book.wheels.plot(seed: 42)
        let kept = try await book.keep(ids: seeded.ids, seed: 42, accountID: account.id)
        #expect(kept.plot.ids == seeded.ids && kept.seed == 42)
        let other = book.wheels.plot(seed: 43)
        let unseeded = try await book.keep(ids: other.ids, seed: 42, accountID: account.id)
        #expect(unseeded.seed == nil)
        #expect(try await book.kept(accountID: account.id, limit: 10, offset: 0).items.map(\.ids).sorted() == [seeded.ids, other.ids].sorted())
        #expect(try await book.isKept(ids: seeded.ids, accountID: account.id))
        try await book.forget(ids: seeded.ids, accountID: account.id)
        #expect(try await !book.isKept(ids: seeded.ids, accountID: account.id))
        await #expect(throws: PlotsError.self) { try await book.keep(ids: "s9999-p1-m1", seed: nil, accountID: account.id) }
    }

    @Test func aGrammarIsSavedOnlyWhenItWorksAndStaysItsOwners() async throws {
        let (book, store) = try book(grammarLimit: 1)
        let ann = try await store.createAccount(username: "ann", passwordHash: "x", now: Date())
        let bob = try await store.createAccount(username: "bob", passwordHash: "x", now: Date())
        let good = #"{"origin": ["a #animal#"], "animal": ["cat", "dog"]}"#
        await #expect(throws: GrammarNameError()) { try await book.saveGrammar(name: "  ", json: good, accountID: ann.id, runner: InPlace()) }
        await #expect(throws: PlotsError.self) {
            try await book.saveGrammar(name: "broken", json: ##"{"origin": ["#missing#"]}"##, accountID: ann.id, runner: InPlace())
        }
        // Branching into empty text many times over: past the budget, so never saved.
        let costly = ##"{"origin": "#a##a#", "a": "#b##b#", "b": "#c##c#", "c": "#d##d#", "d": "#e##e#", "e": "#f##f#", "f": "#g##g#", "g": "#h##h#", "h": "#i##i#", "i": "#j##j#", "j": "#k##k#", "k": "#l##l#", "l": "#m##m#", "m": "#n##n#", "n": "#o##o#", "o": "#p##p#", "p": "#q##q#", "q": "#r##r#", "r": ""}"##
        await #expect(throws: PlotsError.self) { try await book.saveGrammar(name: "costly", json: costly, accountID: ann.id, runner: InPlace()) }
        let saved = try await book.saveGrammar(name: " Animals ", json: good, accountID: ann.id, runner: InPlace())
        #expect(saved.name == "Animals")
        await #expect(throws: GrammarQuotaError.self) { try await book.saveGrammar(name: "More", json: good, accountID: ann.id, runner: InPlace()) }

        let read = try await book.grammar(String(saved.id), accountID: ann.id)
        #expect(read.id == saved.id && read.name == "Animals" && read.json == good)
        await #expect(throws: StoreError.self) { try await book.grammar(String(saved.id), accountID: bob.id) }
        await #expect(throws: StoreError.self) { try await book.deleteGrammar(String(saved.id), accountID: bob.id) }
        await #expect(throws: StoreError.self) { try await book.grammar("1; DROP TABLE", accountID: ann.id) }
        try await book.deleteGrammar(String(saved.id), accountID: ann.id)
        #expect(try await book.grammars(accountID: ann.id, limit: 10, offset: 0).items.isEmpty)
    }
}
