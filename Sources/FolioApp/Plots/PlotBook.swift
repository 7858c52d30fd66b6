import FolioCore
import Foundation
import Plots

/// The plots an account keeps and the Tracery grammars it saves, the same from the pages and
/// the API.
public struct PlotBook: Sendable {
    public let store: any PlotStore
    public let wheels: Wheels
    /// The operator's cap on grammars per account.
    public let grammarLimit: Int

    public init(store: any PlotStore, wheels: Wheels, grammarLimit: Int) {
        self.store = store
        self.wheels = wheels
        self.grammarLimit = grammarLimit
    }

    /// The longest grammar name.
    public static let maximumNameLength = 60
    /// Seeds a grammar must expand within the budget before it is saved.
    public static let seedsCheckedBeforeSaving: UInt64 = 20

    // MARK: - Kept plots

    /// Keeps the plot with entry ids `ids`; `seed` is recorded only when it makes that very
    /// plot, so a kept plot's link always shows it. Returns the plot kept.
    @discardableResult
    public func keep(ids: String, seed: UInt64?, accountID: Account.ID, now: Date = Date()) async throws -> (plot: Plot, seed: UInt64?) {
        let plot = try wheels.plot(ids: ids)
        let seed = seed.flatMap { wheels.plot(seed: $0).ids == plot.ids ? $0 : nil }
        _ = try await store.setPlotKept(accountID: accountID, ids: plot.ids, seed: seed, text: plot.text, kept: true, changedAt: now,
                                        onlyIfLater: false)
        return (plot, seed)
    }

    /// Keeps the plot as a press made at `madeAt` on a device without a connection and sent
    /// later (never later than `now`): a later change of the same plot — let go on another
    /// device, say — stands instead. Returns the plot and whether it is kept now, and whether
    /// this press counted.
    public func keep(ids: String, seed: UInt64?, madeAt: Date, accountID: Account.ID,
                     now: Date = Date()) async throws -> (plot: Plot, kept: Bool, applied: Bool) {
        let plot = try wheels.plot(ids: ids)
        let seed = seed.flatMap { wheels.plot(seed: $0).ids == plot.ids ? $0 : nil }
        if try await store.setPlotKept(accountID: accountID, ids: plot.ids, seed: seed, text: plot.text, kept: true,
                                       changedAt: OfflineRevision.deviceTime(madeAt, now: now), onlyIfLater: true) {
            return (plot, true, true)
        }
        return (plot, try await store.isKept(accountID: accountID, ids: plot.ids), false)
    }

    public func forget(ids: String, accountID: Account.ID, now: Date = Date()) async throws {
        guard try await store.isKept(accountID: accountID, ids: ids) else { throw StoreError.notFound(what: "kept plot", id: ids) }
        _ = try await store.setPlotKept(accountID: accountID, ids: ids, seed: nil, text: "", kept: false, changedAt: now, onlyIfLater: false)
    }

    /// Lets the plot go as a press of Remove made at `madeAt` on a device without a connection and
    /// sent later: a later change of the same plot (kept again elsewhere) stands instead. Returns
    /// whether it is kept now, and whether this press counted.
    public func forget(ids: String, madeAt: Date, accountID: Account.ID, now: Date = Date()) async throws -> (kept: Bool, applied: Bool) {
        if try await store.setPlotKept(accountID: accountID, ids: ids, seed: nil, text: "", kept: false,
                                       changedAt: OfflineRevision.deviceTime(madeAt, now: now), onlyIfLater: true) {
            return (false, true)
        }
        return (try await store.isKept(accountID: accountID, ids: ids), false)
    }

    public func isKept(ids: String, accountID: Account.ID) async throws -> Bool {
        try await store.isKept(accountID: accountID, ids: ids)
    }

    /// Newest first, a page at a time.
    public func kept(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<SavedPlot> {
        try await store.keptPlots(accountID: accountID, limit: limit, offset: offset)
    }

    // MARK: - Grammars

    /// By name, a page at a time.
    public func grammars(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<SavedGrammar> {
        try await store.grammars(accountID: accountID, limit: limit, offset: offset)
    }

    /// One of the account's grammars, by the id as it came in a path: anything else, another
    /// account's included, is not found.
    public func grammar(_ rawID: String, accountID: Account.ID) async throws -> SavedGrammar {
        guard let id = Int64(rawID), let saved = try await store.grammar(accountID: accountID, id: id) else {
            throw StoreError.notFound(what: "grammar", id: String(rawID.prefix(20)))
        }
        return saved
    }

    public func deleteGrammar(_ rawID: String, accountID: Account.ID) async throws {
        try await store.deleteGrammar(accountID: accountID, id: try await grammar(rawID, accountID: accountID).id)
    }

    /// Saves a grammar under `name` (replacing the account's grammar of that name) only when it
    /// loads, defines `origin` and every symbol it uses, and expands within the budget for the
    /// first 20 seeds: a user never keeps something that fails later, or that would be costly
    /// to show. The check runs on `runner`; the quota is checked as the grammar is written.
    public func saveGrammar(name: String, json: String, accountID: Account.ID, runner: some WorkRunner,
                            now: Date = Date()) async throws -> SavedGrammar {
        let name = name.trimmingSpaces
        guard (1...Self.maximumNameLength).contains(name.count) else { throw GrammarNameError() }
        try await runner.run { isCancelled in
            let grammar = try Grammar(json: json)
            if let problem = grammar.problems().first { throw problem }
            for seed in 0..<Self.seedsCheckedBeforeSaving { _ = try grammar.expand(seed: seed, isCancelled: isCancelled) }
        }
        return try await store.saveGrammar(accountID: accountID, name: name, json: json, limit: grammarLimit, now: now)
    }
}

/// A grammar's name that is empty or too long.
public struct GrammarNameError: FolioError, Equatable {
    public init() {}
    public var kind: FolioErrorKind { .invalidInput }
    public var code: String { "invalid_grammar_name" }
    public var message: String { "Give the grammar a name of 1 to \(PlotBook.maximumNameLength) characters." }
}
