import FolioCore
import FolioStore
import Foundation
import Ghost

/// Ghost's page models.
enum GhostPages {

    /// One seat of the setup form: the first is yours when you are logged in, the second a hard
    /// computer then; rows past the fourth are hidden until asked for.
    struct SetupRow: Encodable {
        let index: Int
        let number: Int
        let more: Bool
        let name: String
        let person: Bool
        let hard: Bool
        let mine: Bool

        init(_ i: Int, you: String?) {
            index = i
            number = i + 1
            more = i >= 4
            name = i == 0 ? (you ?? "Player 1") : (i == 1 ? "Player 2" : "")
            person = i != 1 || you == nil
            hard = i == 1 && you != nil
            mine = i == 0 && you != nil
        }
    }

    struct Choice<Value: Encodable>: Encodable {
        let value: Value
        let label: String?
        let selected: Bool
    }

    struct YourGame: Encodable {
        let href: String
        let players: String
        let state: String
        let mode: String

        init(_ stored: StoredMatch) {
            href = SiteRoute.ghostGame.path(stored.id)
            players = stored.match.seats.map(\.name).joined(separator: ", ")
            state = stored.status == .finished ? "finished" : (stored.status == .waiting ? "waiting for players" : "in play")
            mode = stored.mode == .online ? "online" : "hot-seat"
        }
    }

    /// The setup page: a hot-seat game's seats, an online room, and the player's own games.
    struct Setup: Encodable {
        let rows: [SetupRow]
        let loggedIn: Bool
        let errors: [String]
        let navPlay = true
        let dictionaries = GhostDictionary.allCases.map { Choice(value: $0.rawValue, label: $0.label, selected: $0 == .english) }
        let lengths = WordList.allowedMinimumLengths.map { Choice(value: $0, label: nil, selected: $0 == WordList.defaultMinimumLength) }
        let yourGames: [YourGame]
        let pager: Pager?

        init(rows: Int, you: String?, errors: [String], yourGames: [YourGame], pager: Pager?) {
            self.rows = (0..<rows).map { SetupRow($0, you: you) }
            loggedIn = you != nil
            self.errors = errors
            self.yourGames = yourGames
            self.pager = pager
        }
    }

    struct GamePage: Encodable {
        /// Online rooms load the script that keeps the board live over the room's socket.
        let script: Bool
        let navPlay = true
    }

    /// The board: the view every player shares, plus what only a page needs (names of whoever
    /// acts or won, the form's action, the invitation link, why a move was refused).
    struct Board: Encodable {
        struct Player: Encodable {
            let seat: Int
            let name: String
            let letters: String
            let out: Bool
            let toAct: Bool
            let isYou: Bool
            let seated: Bool
            let computer: Bool
            /// "G H O", or "no letters", for reading aloud.
            let lettersLabel: String

            init(_ player: MatchView.Player) {
                seat = player.seat
                name = player.name
                letters = player.letters
                out = player.out
                toAct = player.toAct
                isYou = player.isYou
                seated = player.seated
                computer = player.kind != "person"
                lettersLabel = player.letters.isEmpty ? "no letters" : player.letters.map(String.init).joined(separator: " ")
            }
        }

        struct Move: Encodable { let name: String; let letter: String }
        struct Round: Encodable { let number: Int; let summary: String; let review: String }
        struct Challenge: Encodable { let challenger: String; let challenged: String }

        let id: String
        let turn: Int
        let mode: String
        let status: String
        let online: Bool
        let dictionaryLabel: String
        let minLength: Int
        let fragment: String
        let players: [Player]
        let moves: [Move]
        let rounds: [Round]
        let canAct: Bool
        let csrfToken: String
        let action: String
        let waiting: Bool
        let playing: Bool
        let finished: Bool
        let toActName: String
        let winnerName: String
        let openSeatsText: String
        let canChallenge: Bool
        let newRound: Bool
        let link: String
        let error: String?
        let challenge: Challenge?
        let canJoin: Bool
        let joinNeedsAccount: Bool
        let canAgain: Bool
        let joinAction: String
        let againAction: String
        let loginHref: String

        init(_ view: MatchView, stored: StoredMatch, viewer: Account?, csrfToken: String, error: String?, publicURL: String) {
            let name = { (seat: Int?) in seat.map { view.players[$0].name } ?? "" }
            id = view.id.rawValue
            turn = view.turn
            mode = view.mode
            status = view.status
            online = view.mode == "online"
            dictionaryLabel = stored.match.dictionary.label
            minLength = view.minLength
            fragment = view.fragment
            players = view.players.map(Player.init)
            moves = view.moves.map { Move(name: $0.name, letter: $0.letter) }
            rounds = view.rounds.map { Round(number: $0.number, summary: $0.summary, review: $0.review) }
            canAct = view.canAct
            self.csrfToken = csrfToken
            action = SiteRoute.ghostMove.path(view.id)
            joinAction = SiteRoute.joinGhostGame.path(view.id)
            againAction = SiteRoute.playAgain.path(view.id)
            loginHref = SiteRoute.loginForm.path(query: ["next": SiteRoute.ghostGame.path(view.id)])
            waiting = view.status == "waiting"
            playing = view.toAct != nil
            finished = view.winner != nil
            toActName = name(view.toAct)
            winnerName = name(view.winner)
            openSeatsText = "\(view.openSeats) more player\(view.openSeats == 1 ? "" : "s")"
            canChallenge = !view.fragment.isEmpty && view.challenge == nil
            newRound = view.fragment.isEmpty
            link = publicURL + SiteRoute.ghostGame.path(view.id)
            self.error = error
            challenge = view.challenge.map { Challenge(challenger: name($0.challenger), challenged: name($0.challenged)) }
            canJoin = viewer.map { view.status == "waiting" && !stored.seatAccounts.contains($0.id) } ?? false
            joinNeedsAccount = view.status == "waiting" && viewer == nil
            canAgain = view.winner != nil && (stored.mode == .hotSeat
                ? GhostReferee.mayAct(stored, seat: 0, account: viewer)
                : viewer.map { stored.seatAccounts.contains($0.id) } ?? false)
        }
    }

    struct ScoreRow: Encodable {
        let rank: Int?
        let isYou: Bool
        let username: String
        let dictionary: String
        let games: Int
        let wins: Int
        let losses: Int
        let rounds: Int
        let roundsLost: Int

        init(_ score: GhostScore, rank: Int? = nil, isYou: Bool = false) {
            self.rank = rank
            self.isYou = isYou
            username = score.username
            dictionary = GhostDictionary(rawValue: score.dictionary)?.label ?? score.dictionary
            games = score.games
            wins = score.wins
            losses = score.losses
            rounds = score.rounds
            roundsLost = score.roundsLost
        }
    }

    struct Scores: Encodable {
        struct DictionaryLink: Encodable { let href: String; let label: String; let current: Bool }

        let dictionaries: [DictionaryLink]
        let dictionaryLabel: String
        let rows: [ScoreRow]
        let empty: Bool
        let yours: [ScoreRow]
        let loggedIn: Bool
        let navScores = true
        let pager: Pager?

        init(dictionary: GhostDictionary, rows: [ScoreRow], empty: Bool, yours: [ScoreRow], loggedIn: Bool, pager: Pager?) {
            dictionaries = GhostDictionary.allCases.map {
                DictionaryLink(href: SiteRoute.ghostScores.path(query: ["dictionary": $0.rawValue]), label: $0.label, current: $0 == dictionary)
            }
            dictionaryLabel = dictionary.label
            self.rows = rows
            self.empty = empty
            self.yours = yours
            self.loggedIn = loggedIn
            self.pager = pager
        }
    }

    struct Help: Encodable {
        let lengths = WordList.allowedMinimumLengths.map(String.init).joined(separator: ", ")
        let defaultLength = WordList.defaultMinimumLength
        let navHelp = true
    }
}
