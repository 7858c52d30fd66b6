import Characters
import FolioApp
import FolioCore
import Foundation
import Ghost
import Monologues
import Vocabulary

// The SQLite engine's side of the store interfaces. Writes are `AppDatabase`'s own methods
// (the only way to write); reads go to the repository of each app, which read from the pool.

extension AppDatabase: AccountStore {}

extension AppDatabase: LibraryStore {}

extension AppDatabase: FavouriteStore {}

extension AppDatabase: VocabularyStore {
    public func allPairs(accountID: Account.ID) async throws -> [Pair] { try await vocabulary.pairs(accountID: accountID) }

    public func pairs(accountID: Account.ID, filter: PairFilter, limit: Int, offset: Int) async throws -> Page<Pair> {
        try await vocabulary.pairs(accountID: accountID, filter: filter, limit: limit, offset: offset)
    }

    public func pair(accountID: Account.ID, id: PairID) async throws -> Pair? { try await vocabulary.pair(accountID: accountID, id: id) }
    public func pairCount(accountID: Account.ID) async throws -> Int { try await vocabulary.pairCount(accountID: accountID) }
    public func pairsVersion(accountID: Account.ID) async throws -> [Int64] { try await vocabulary.pairsVersion(accountID: accountID) }

    public func vocabularyTags(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<VocabularyTag> {
        try await vocabulary.tags(accountID: accountID, limit: limit, offset: offset)
    }

    public func revisionQueue(accountID: Account.ID, tag: String?, direction: Direction, now: Date, limit: Int,
                              allowance: StudiedToday) async throws -> [DuePair] {
        try await vocabulary.revisionQueue(accountID: accountID, tag: tag, direction: direction, now: now, limit: limit, allowance: allowance)
    }

    public func revisionInputs(accountID: Account.ID, pairID: PairID, direction: Direction) async throws -> RevisionInputs {
        try await vocabulary.revisionInputs(accountID: accountID, pairID: pairID, direction: direction)
    }

    public func revisionCounts(accountID: Account.ID, direction: Direction, now: Date, byTag: Bool) async throws -> [RevisionCount] {
        try await vocabulary.revisionCounts(accountID: accountID, direction: direction, now: now, byTag: byTag)
    }

    public func studied(accountID: Account.ID, since: Date) async throws -> StudiedToday {
        try await vocabulary.studied(accountID: accountID, since: since)
    }

    public func studySettings(accountID: Account.ID) async throws -> StudySettings? {
        try await vocabulary.studySettings(accountID: accountID)
    }

    public func suspendedPairs(accountID: Account.ID, among pairIDs: [PairID]) async throws -> Set<PairID> {
        try await vocabulary.suspendedPairs(accountID: accountID, among: pairIDs)
    }

    public func reviewHours(accountID: Account.ID, since: Date) async throws -> [StudyStatistics.HourCount] {
        try await vocabulary.reviewHours(accountID: accountID, since: since)
    }

    public func dueHours(accountID: Account.ID, until: Date) async throws -> [DueHour] {
        try await vocabulary.dueHours(accountID: accountID, until: until)
    }

    public func hardestPairs(accountID: Account.ID, limit: Int) async throws -> [StudyStatistics.HardPair] {
        try await vocabulary.hardestPairs(accountID: accountID, limit: limit)
    }

    public func reviewHistory(accountID: Account.ID, limit: Int) async throws -> [CardHistory] {
        try await vocabulary.reviewHistory(accountID: accountID, limit: limit)
    }

    public func card(accountID: Account.ID, pairID: PairID, direction: Direction) async throws -> Card? {
        try await vocabulary.card(accountID: accountID, pairID: pairID, direction: direction)
    }

    public func reviewCount(accountID: Account.ID) async throws -> Int { try await vocabulary.reviewCount(accountID: accountID) }

    public func reviews(accountID: Account.ID, pairID: PairID, limit: Int, offset: Int) async throws -> Page<ReviewLog> {
        try await vocabulary.reviews(accountID: accountID, pairID: pairID, limit: limit, offset: offset)
    }
}

extension AppDatabase: PlotStore {}

extension AppDatabase: CharacterStore {}

extension AppDatabase: GhostStore {
    public func storedMatch(id: MatchID) async throws -> StoredMatch? { try await ghost.match(id: id) }
    public func matchVersions(ids: [MatchID]) async throws -> [MatchID: Int] { try await ghost.versions(ids: ids) }

    public func lobby(since: Date, limit: Int, offset: Int) async throws -> Page<StoredMatch> {
        try await ghost.lobby(since: since, limit: limit, offset: offset)
    }
    public func matches(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<StoredMatch> {
        try await ghost.matches(accountID: accountID, limit: limit, offset: offset)
    }

    public func highScores(dictionary: GhostDictionary?, order: GhostScoreOrder, limit: Int, offset: Int) async throws -> Page<GhostScore> {
        try await ghost.highScores(dictionary: dictionary, order: order, limit: limit, offset: offset)
    }

    public func scores(accountID: Account.ID) async throws -> [GhostScore] { try await ghost.scores(accountID: accountID) }
    public func answerPuzzle(_ answer: PuzzleAnswer) async throws -> PuzzleAnswer { try await keepPuzzleAnswer(answer) }
    public func puzzleAnswers(accountID: Account.ID, fromDay: Int) async throws -> [PuzzleAnswer] {
        try await ghost.puzzleAnswers(accountID: accountID, fromDay: fromDay)
    }
}

extension AppDatabase: FolioDatabase {
    public func ping() async throws {
        try await writer.read { db in _ = try Int.fetchOne(db, sql: "SELECT 1") }
    }

    /// None: instances over one SQLite file are on one machine, and read the versions of the
    /// games they watch instead (`GhostRoomHub`).
    public func ghostSignals() -> AsyncStream<GhostSignal>? { nil }

    /// Nothing to do: the file closes when the last reference goes.
    public func close() async {}

    public var poolUse: (inUse: Int, size: Int)? { nil }
}
