import FolioCore
import FolioStore
import Ghost
import Hummingbird

/// A Ghost game as one viewer sees it: the JSON of the API and the WebSocket, and the data of
/// the game page. Nothing in it is secret, so every viewer gets the same but for `yourSeat`
/// and `canAct`.
struct MatchView: ResponseEncodable, Sendable {
    struct Player: Encodable, Sendable {
        let seat: Int
        let name: String
        /// person, easy or hard.
        let kind: String
        /// The letters of G-H-O-S-T this player holds, such as "GH".
        let letters: String
        let out: Bool
        let toAct: Bool
        let isYou: Bool
        /// False for an online seat nobody has taken yet.
        let seated: Bool
    }

    struct Move: Encodable, Sendable {
        let seat: Int
        let name: String
        let letter: String
        /// start or end: where the letter went (always end in plain Ghost).
        let side: String
    }

    struct Challenge: Encodable, Sendable {
        let challenger: Int
        let challenged: Int
    }

    struct Round: Encodable, Sendable {
        let number: Int
        let loser: Int
        let fragment: String
        /// What happened, e.g. "Ann completed “dog” and takes a letter: G."
        let summary: String
        /// Where the loser's position became lost under perfect play.
        let review: String
    }

    let id: MatchID
    let mode: String
    let status: String
    /// english, dutch, or list:N for an uploaded word list.
    let dictionary: String
    /// "English", or an uploaded list's name.
    let dictionaryLabel: String
    /// The letters a move may be, in order: a–z, or Welsh's 29 ("ch", "dd", …).
    let alphabet: [String]
    let minLength: Int
    /// forgiving or classic.
    let challenges: String
    /// ghost or superghost.
    let variant: String
    /// Listed in the public lobby.
    let listed: Bool
    /// Seconds each turn may take; 0 for no limit.
    let turnSeconds: Int
    /// When the player to act runs out of time (ISO 8601), while a timed game is played.
    let deadline: String?
    /// After a round of a timed game, when the next begins for everyone (ISO 8601).
    let roundStarts: String?
    /// The seat to act, when it ran out of time last turn and has not acted since: the table
    /// waits for it, with no clock.
    let awaySeat: Int?
    /// How many actions so far: send it back with a move so a stale one is refused.
    let turn: Int
    let fragment: String
    let players: [Player]
    /// The seat that must act now, while the game is being played.
    let toAct: Int?
    let challenge: Challenge?
    /// The letters of the round in play, with who added each.
    let moves: [Move]
    /// Finished rounds, the latest first.
    let rounds: [Round]
    let winner: Int?
    let yourSeat: Int?
    /// Whether this viewer may act now.
    let canAct: Bool
    let openSeats: Int

    /// Whom the game's sentences call "you": the viewer's own seat online, or the one person at a
    /// table of computers. On a phone passed round between people they name whoever each is about.
    static func speaksTo(_ stored: StoredMatch, yourSeat: Int?) -> Int? {
        if stored.mode == .online { return yourSeat }
        let people = stored.match.seats.indices.filter { stored.match.seats[$0].kind == .person }
        return people.count == 1 ? people.first : nil
    }

    init(_ stored: StoredMatch, game: Game, lexicon: Lexicon, viewer: Account?, dictionaryLabel: String) {
        let names = stored.match.seats.map(\.name)
        id = stored.id
        mode = stored.mode.rawValue
        status = stored.status.rawValue
        dictionary = stored.match.wordList.map { "list:\($0)" } ?? stored.match.dictionary.rawValue
        self.dictionaryLabel = dictionaryLabel
        alphabet = game.words.alphabet.letters
        minLength = stored.match.minimumLength
        challenges = stored.match.rules.challenges.rawValue
        variant = stored.match.rules.variant.rawValue
        listed = stored.listed
        turnSeconds = stored.turnSeconds
        let clock = stored.clock(in: game)
        deadline = clock.map { $0.deadline.formatted(.iso8601) }
        roundStarts = clock?.roundStarts.map { $0.formatted(.iso8601) }
        awaySeat = stored.turnSeconds > 0 && stored.status == .playing ? game.awaySeat : nil
        turn = stored.turn
        fragment = game.fragment
        let playing = stored.status == .playing && !game.isOver
        let acting = playing ? game.playerToAct : nil
        let you = viewer.flatMap { account in stored.seatAccounts.firstIndex(of: account.id) }
        yourSeat = stored.mode == .online ? you : nil
        players = stored.match.seats.indices.map { seat in
            Player(seat: seat, name: names[seat], kind: stored.match.seats[seat].kind.rawValue, letters: game.ghostLetters(of: seat),
                   out: game.isOut(seat), toAct: seat == acting, isYou: seat == you,
                   seated: stored.match.seats[seat].kind != .person || stored.mode == .hotSeat || stored.seatAccounts[seat] != nil)
        }
        toAct = acting
        challenge = game.pendingChallenge.map { Challenge(challenger: $0.challenger, challenged: $0.challenged) }
        moves = game.roundPlays.map { play in
            Move(seat: play.mover, name: names[play.mover], letter: play.letter, side: play.side.rawValue)
        }
        let speaksTo = Self.speaksTo(stored, yourSeat: yourSeat)
        rounds = game.rounds.enumerated().reversed().map { number, round in
            Round(number: number + 1, loser: round.loser, fragment: round.fragment, summary: round.summary(names: names, you: speaksTo),
                  review: RoundReview(round: round, lexicon: lexicon).sentence(names: names, you: speaksTo))
        }
        winner = game.winner
        openSeats = stored.openSeats.count
        canAct = acting.map { GhostReferee.mayAct(stored, seat: $0, account: viewer) } ?? false
    }
}

/// A room as the lobby lists it: what it is played on, under which rules, who sits and how
/// many seats are free. Made from the stored game alone, so listing rooms never replays a game
/// or reads and indexes its word list.
struct LobbyRoomView: Encodable, Sendable {
    struct Player: Encodable, Sendable {
        let seat: Int
        let name: String
        /// person, easy or hard.
        let kind: String
        /// False for a seat nobody has taken yet.
        let seated: Bool
    }

    let id: MatchID
    let status: String
    /// english, dutch, welsh, or list:N for an uploaded word list.
    let dictionary: String
    /// "English", or an uploaded list's name.
    let dictionaryLabel: String
    let minLength: Int
    let challenges: String
    let variant: String
    let turnSeconds: Int
    let openSeats: Int
    let players: [Player]
    /// When anyone last moved or joined (ISO 8601).
    let updatedAt: String

    init(_ stored: StoredMatch, dictionaryLabel: String) {
        id = stored.id
        status = stored.status.rawValue
        dictionary = stored.match.wordList.map { "list:\($0)" } ?? stored.match.dictionary.rawValue
        self.dictionaryLabel = dictionaryLabel
        minLength = stored.match.minimumLength
        challenges = stored.match.rules.challenges.rawValue
        variant = stored.match.rules.variant.rawValue
        turnSeconds = stored.turnSeconds
        openSeats = stored.openSeats.count
        players = stored.match.seats.indices.map { seat in
            Player(seat: seat, name: stored.match.seats[seat].name, kind: stored.match.seats[seat].kind.rawValue,
                   seated: stored.match.seats[seat].kind != .person || stored.seatAccounts[seat] != nil)
        }
        updatedAt = stored.updatedAt.formatted(.iso8601)
    }
}

extension GhostReferee {
    /// A stored game as `viewer` sees it, its list read and indexed first if need be (and may be:
    /// see `played(_:for:)`).
    func view(_ stored: StoredMatch, viewer: Account?) async throws -> MatchView {
        view(try await played(stored, for: viewer), viewer: viewer)
    }

    /// A page of rooms as the lobby lists them.
    func lobbyViews(_ page: Page<StoredMatch>) async throws -> Page<LobbyRoomView> {
        let labels = try await dictionaryLabels(page.items.map(\.match))
        return Page(total: page.total, items: zip(page.items, labels).map { LobbyRoomView($0, dictionaryLabel: $1) },
                    limit: page.limit, offset: page.offset)
    }

    /// A state already replayed (a move's, pushed to a room), as `viewer` sees it.
    func view(_ played: Played, viewer: Account?) -> MatchView {
        MatchView(played.stored, game: played.game, lexicon: played.lexicon, viewer: viewer, dictionaryLabel: dictionaryLabel(played.stored.match))
    }
}
