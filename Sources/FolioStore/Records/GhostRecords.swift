import FolioApp
import FolioCore
import Foundation
import Ghost
import GRDB

/// A game's settings and where it stands: a row of `ghostGame`. Its text columns are read as
/// text and turned into the game's types by `storedMatch`, so a damaged row is reported
/// (`StoreError.corruptRow`) rather than trusted.
struct GhostGameRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "ghostGame"
    var id: String
    var mode: String
    var status: String
    var dictionary: String
    var minLength: Int
    /// `Rules.Challenges` and `Rules.Variant` by name; games from before they existed play forgiving Ghost.
    var challenges: String
    var variant: String
    var firstPlayer: Int
    var ownerId: Account.ID?
    var version: Int
    var createdAt: Date
    var updatedAt: Date
    var listed: Bool
    var turnSeconds: Int
    var wordListId: Int64?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let mode = Column(CodingKeys.mode)
        static let status = Column(CodingKeys.status)
        static let ownerId = Column(CodingKeys.ownerId)
        static let version = Column(CodingKeys.version)
        static let updatedAt = Column(CodingKeys.updatedAt)
    }

    init(id: String, mode: String, status: String, dictionary: String, minLength: Int, challenges: String, variant: String,
         firstPlayer: Int, ownerId: Account.ID?, version: Int, createdAt: Date, updatedAt: Date, listed: Bool, turnSeconds: Int,
         wordListId: Int64?) {
        self.id = id
        self.mode = mode
        self.status = status
        self.dictionary = dictionary
        self.minLength = minLength
        self.challenges = challenges
        self.variant = variant
        self.firstPlayer = firstPlayer
        self.ownerId = ownerId
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.listed = listed
        self.turnSeconds = turnSeconds
        self.wordListId = wordListId
    }

    init(_ stored: StoredMatch) {
        id = stored.id.rawValue
        mode = stored.mode.rawValue
        status = stored.status.rawValue
        dictionary = stored.match.dictionary.rawValue
        minLength = stored.match.minimumLength
        challenges = stored.match.rules.challenges.rawValue
        variant = stored.match.rules.variant.rawValue
        firstPlayer = stored.match.firstPlayer
        ownerId = stored.ownerID
        version = stored.version
        createdAt = stored.createdAt
        updatedAt = stored.updatedAt
        listed = stored.listed
        turnSeconds = stored.turnSeconds
        wordListId = stored.match.wordList
    }

    /// The stored game, from this row, its seats in order and its moves in order.
    func storedMatch(seats: [GhostSeatRecord], moves: [GhostMoveRecord]) throws -> StoredMatch {
        guard let matchID = MatchID(rawValue: id) else { throw StoreError.corruptRow(table: Self.databaseTableName, id: String(id.prefix(40))) }
        let actions = moves.compactMap { Game.Action(code: $0.action) }
        guard actions.count == moves.count, let mode = StoredMatch.Mode(rawValue: mode), let status = StoredMatch.Status(rawValue: status),
              let dictionary = GhostDictionary(rawValue: dictionary),
              let challenges = Rules.Challenges(rawValue: challenges), let variant = Rules.Variant(rawValue: variant) else {
            throw StoreError.corruptRow(table: Self.databaseTableName, id: id)
        }
        let seatList = try seats.map { seat in
            guard let kind = Match.Seat.Kind(rawValue: seat.kind) else { throw StoreError.corruptRow(table: GhostSeatRecord.databaseTableName, id: id) }
            return Match.Seat(name: seat.name, kind: kind)
        }
        do {
            var match = try Match(dictionary: dictionary, minimumLength: minLength, rules: Rules(challenges: challenges, variant: variant),
                                  seats: seatList, firstPlayer: firstPlayer, actions: actions)
            match.wordList = wordListId
            return StoredMatch(id: matchID, mode: mode, status: status, ownerID: ownerId, seatAccounts: seats.map(\.accountId),
                               match: match, createdAt: createdAt, updatedAt: updatedAt, version: version, listed: listed,
                               turnSeconds: turnSeconds)
        } catch {
            throw StoreError.corruptRow(table: Self.databaseTableName, id: id)
        }
    }
}

/// One seat of a game: a row of `ghostSeat`.
struct GhostSeatRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "ghostSeat"
    var gameId: String
    var seat: Int
    var name: String
    var kind: String
    var accountId: Account.ID?

    enum Columns {
        static let gameId = Column(CodingKeys.gameId)
        static let seat = Column(CodingKeys.seat)
        static let name = Column(CodingKeys.name)
        static let accountId = Column(CodingKeys.accountId)
    }
}

/// One action of a game, in order: a row of `ghostMove`.
struct GhostMoveRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "ghostMove"
    var gameId: String
    var seq: Int
    var action: String
    var at: Date

    enum Columns {
        static let gameId = Column(CodingKeys.gameId)
        static let seq = Column(CodingKeys.seq)
    }
}
