import FolioCore
import Foundation

/// Where the plots an account keeps and the grammars it saved are kept.
public protocol PlotStore: Sendable {
    func keepPlot(accountID: Account.ID, ids: String, seed: UInt64?, text: String, now: Date) async throws
    func forgetPlot(accountID: Account.ID, ids: String) async throws
    func isKept(accountID: Account.ID, ids: String) async throws -> Bool
    /// Keeps the plot or lets it go, as a change made at `changedAt`, as
    /// `CharacterStore.setCharacterKept` does for a character: with `onlyIfLater` (a change made
    /// on a device and sent late) only when no later change of it is recorded, else always.
    func setPlotKept(accountID: Account.ID, ids: String, seed: UInt64?, text: String, kept: Bool, changedAt: Date,
                     onlyIfLater: Bool) async throws -> Bool
    /// Newest first.
    func keptPlots(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<SavedPlot>
    /// Saves under `name`, replacing the grammar of that name; a new name past `limit` grammars is
    /// `GrammarQuotaError.reached`.
    func saveGrammar(accountID: Account.ID, name: String, json: String, limit: Int, now: Date) async throws -> SavedGrammar
    func deleteGrammar(accountID: Account.ID, id: Int64) async throws
    /// By name.
    func grammars(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<SavedGrammar>
    func grammar(accountID: Account.ID, id: Int64) async throws -> SavedGrammar?
}

/// A plot an account keeps.
public struct SavedPlot: Sendable, Hashable, Codable {
    /// "s3-p12-m40": the entries, which reproduce the plot.
    public var ids: String
    public var seed: UInt64?
    public var text: String
    public var createdAt: Date

    public init(ids: String, seed: UInt64?, text: String, createdAt: Date) {
        self.ids = ids
        self.seed = seed
        self.text = text
        self.createdAt = createdAt
    }
}

/// A Tracery grammar an account loaded, as the JSON it was given.
public struct SavedGrammar: Sendable, Hashable, Codable {
    public var id: Int64
    public var name: String
    public var json: String
    public var updatedAt: Date

    public init(id: Int64, name: String, json: String, updatedAt: Date) {
        self.id = id
        self.name = name
        self.json = json
        self.updatedAt = updatedAt
    }
}

/// An account that keeps as many grammars as it may tried to save one under a new name.
public enum GrammarQuotaError: FolioError, Equatable {
    case reached(limit: Int)

    public var kind: FolioErrorKind { .conflict }
    public var code: String { "grammar_quota_reached" }
    public var message: String {
        switch self {
        case .reached(let limit):
            "You keep \(limit) grammar\(limit == 1 ? "" : "s"), the most an account may keep. Delete one, or save under the name of one you keep to replace it."
        }
    }
}
