import FolioCore
import Foundation
import Ghost

extension GhostReferee {
    /// How many word lists one account may keep.
    public static let wordListsPerAccount = 10

    /// Checks, normalises and keeps a list the account uploads.
    public func uploadWordList(name: String, text: String, account: Account) async throws -> (StoredWordList, WordListUpload) {
        let upload = try WordListUpload(name: name, text: text)
        let stored = try await store.saveWordList(accountID: account.id, upload, limit: Self.wordListsPerAccount, now: clock())
        return (stored, upload)
    }

    /// The account's lists, newest first (at most `wordListsPerAccount`).
    public func wordLists(of account: Account) async throws -> [StoredWordList] {
        try await store.wordLists(accountID: account.id)
    }

    /// Takes a list out of the account's lists; games on it still replay.
    public func deleteWordList(_ id: Int64, account: Account) async throws {
        guard try await store.deleteWordList(id: id, accountID: account.id) else { throw GhostError.wordListNotFound(id) }
    }

    /// Checks that `account` may start a game on `match`'s uploaded list: it is one of their
    /// own lists, or the list of `playedIn`, a game they sat at (playing it again).
    func authorizeWordList(_ match: Match, account: Account?, playedIn: StoredMatch? = nil) async throws {
        guard let list = match.wordList else { return }
        if let playedIn, playedIn.match.wordList == list { return }
        guard let account, try await store.wordLists(accountID: account.id).contains(where: { $0.id == list }) else {
            throw GhostError.wordListNotFound(list)
        }
    }

    /// The lexicon a new game starts on, once `account` may use its list: read and indexed now,
    /// before the game is stored, so its moves never read a list or build an index while
    /// holding the writer.
    func newGameLexicon(_ match: Match, account: Account?, playedIn: StoredMatch?) async throws -> Lexicon {
        try await authorizeWordList(match, account: account, playedIn: playedIn)
        return try await lexicon(for: match)
    }

    /// The lexicon `match` plays on: kept, or read and indexed now on the dictionaries'
    /// `builds` (off the cooperative pool, a few at once; `GhostError.wordListsBusy` past that).
    /// Refereeing, which runs inside a write and cannot wait on a read, is handed what this
    /// returns, so a list dropped from memory meanwhile never fails a move.
    public func lexicon(for match: Match) async throws -> Lexicon {
        if let ready = dictionaries.readyLexicon(for: match) { return ready }
        guard let id = match.wordList else {
            return try await dictionaries.prepared(match.dictionary, minimumLength: match.minimumLength, variant: match.rules.variant)
        }
        guard let list = try await store.wordList(id: id) else { throw GhostError.wordListNotFound(id) }
        return try await dictionaries.uploaded.load(list, for: match, runner: dictionaries.builds)
    }

    /// What the game is played on, for people: "English", or the uploaded list's name.
    public func dictionaryLabel(_ match: Match) -> String {
        guard let list = match.wordList else { return match.dictionary.label }
        return dictionaries.uploaded.name(of: list).map(Self.listLabel) ?? "An uploaded word list"
    }

    /// The labels of games' lists, read by name from the store: a list of games (the lobby)
    /// never reads a list's words or builds its index to say what it is played on.
    public func dictionaryLabels(_ matches: [Match]) async throws -> [String] {
        let names = try await store.wordListNames(ids: Array(Set(matches.compactMap(\.wordList))))
        return matches.map { match in
            match.wordList.map { names[$0].map(Self.listLabel) ?? "An uploaded word list" } ?? match.dictionary.label
        }
    }

    static func listLabel(_ name: String) -> String { "“\(name)”" }
}
