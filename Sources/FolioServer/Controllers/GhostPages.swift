import FolioCore
import FolioStore
import Foundation
import Ghost

/// Ghost's page models.
enum GhostPages {

    /// One seat of the setup form. "One device, taking turns" is people passing a phone round,
    /// so every seat starts as a person: the first is yours when you are logged in, the second
    /// "Player 2"; rows past the fourth are hidden until asked for. The computer has its own form.
    struct SetupRow: Encodable {
        let index: Int
        let number: Int
        let more: Bool
        let name: String
        let mine: Bool

        init(_ i: Int, you: String?) {
            index = i
            number = i + 1
            more = i >= 4
            name = i == 0 ? (you ?? "Player 1") : (i == 1 ? "Player 2" : "")
            mine = i == 0 && you != nil
        }
    }

    struct Choice<Value: Encodable>: Encodable {
        let value: Value
        let label: String?
        let selected: Bool
    }

    struct RefusedList: Encodable {
        let error: String
        let name: String
        let words: String
    }

    /// One of the player's games, told apart from another with the same people by its words
    /// and when it last moved (two rooms with one friend read alike by names alone).
    struct YourGame: Encodable {
        let href: String
        let players: String
        let state: String
        let mode: String
        /// "English, 4+ letters", or "your word list".
        let words: String
        /// The last move (or the start), in UTC, which app.js turns into the reader's own time.
        let lastMoved: VocabularyPages.LocalTime

        init(_ stored: StoredMatch) {
            href = SiteRoute.ghostGame.path(stored.id)
            players = stored.match.seats.map(\.name).joined(separator: ", ")
            state = stored.status == .finished ? "finished" : (stored.status == .waiting ? "waiting for players" : "in play")
            mode = stored.mode == .online ? "online"
                : stored.match.seats.contains(where: { $0.kind.computer != nil }) ? "against the computer" : "hot-seat"
            words = stored.match.wordList == nil
                ? "\(stored.match.dictionary.label), \(stored.match.minimumLength)+ letters" : "your word list"
            lastMoved = VocabularyPages.LocalTime(stored.updatedAt)
        }
    }

    /// The setup page: a hot-seat game's seats, a game against the computer, an online room, and
    /// the player's own games. Every form starts on the choices the account last started a game
    /// with (the defaults for a visitor).
    struct Setup: Encodable {
        let rows: [SetupRow]
        let loggedIn: Bool
        /// The person's seat at a game against the computer: their username, or "You".
        let soloName: String
        let errors: [String]
        let navPlay = true
        let dictionaries: [Choice<String>]
        let lengths: [Choice<Int>]
        /// The rules' fields, one set per form (their ids differ).
        let turnTimes = StoredMatch.turnSecondsChoices.map { Choice(value: $0, label: $0 == 0 ? "No limit" : "\($0) seconds", selected: $0 == 0) }
        let hotseatRules: RuleFields
        let computerRules: RuleFields
        let roomRules: RuleFields
        let yourGames: [YourGame]
        let pager: Pager?
        /// Registering from here comes back here, as logging in does.
        let registerHref = SiteRoute.registerForm.path(query: ["next": SiteRoute.ghost.path()])

        /// The player's uploaded lists, each offered in the Dictionary selects too.
        let wordLists: [WordListRow]
        let wordListLimit = GhostReferee.wordListsPerAccount
        let wordListBytes = WordListUpload.maximumBytes
        let canUpload: Bool
        /// What the last upload kept and left out.
        let notice: String?
        /// A list the form sent that was refused: why, and what was typed, shown again in the form.
        let refusedList: RefusedList?

        struct WordListRow: Encodable {
            let name: String
            let wordCount: Int
            let deleteAction: String
        }

        init(rows: Int, you: String?, errors: [String], yourGames: [YourGame], pager: Pager?, preferences: GhostPreferences = .standard,
             wordLists: [StoredWordList] = [], notice: String? = nil, refusedList: RefusedList? = nil) {
            self.notice = notice
            self.refusedList = refusedList
            self.rows = (0..<rows).map { SetupRow($0, you: you) }
            loggedIn = you != nil
            soloName = you ?? "You"
            self.errors = errors
            self.yourGames = yourGames
            self.pager = pager
            dictionaries = GhostDictionary.allCases.map { Choice(value: $0.rawValue, label: $0.label, selected: $0 == preferences.dictionary) }
                + wordLists.map { Choice(value: DictionaryInput.value(of: $0), label: "\($0.name) (your list)", selected: false) }
            self.wordLists = wordLists.map {
                WordListRow(name: $0.name, wordCount: $0.wordCount, deleteAction: SiteRoute.deleteWordList.path(String($0.id)))
            }
            canUpload = you != nil && wordLists.count < GhostReferee.wordListsPerAccount
            lengths = WordList.allowedMinimumLengths.map { Choice(value: $0, label: nil, selected: $0 == preferences.minimumLength) }
            hotseatRules = RuleFields(form: "hotseat", rules: preferences.rules)
            computerRules = RuleFields(form: "computer", rules: preferences.rules)
            roomRules = RuleFields(form: "room", rules: preferences.rules)
        }
    }

    /// Today's puzzle: the fragment, a key per choice, and after the answer, the verdict.
    struct Daily: Encodable {
        let puzzle: PuzzleView
        let keys: [Board.Key]
        let answered: Bool
        let correct: Bool
        let csrfToken: String
        let error: String?
        let navDaily = true
        let streakText: String
        let loginHref = SiteRoute.loginForm.path(query: ["next": SiteRoute.ghostDaily.path()])

        init(_ puzzle: PuzzleView, csrfToken: String, error: String?) {
            self.puzzle = puzzle
            keys = puzzle.choices.map { Board.Key(letter: $0, label: $0.uppercased()) }
            answered = puzzle.answered != nil
            correct = puzzle.answered?.correct ?? false
            self.csrfToken = csrfToken
            self.error = error
            streakText = countText(puzzle.streak, "day") + " in a row"
        }
    }

    /// One room of the lobby: its table and rules, how many seats are free, and the way in.
    struct LobbyRoom: Encodable {
        let host: String
        let players: String
        let dictionaryLabel: String
        let minLength: Int
        let rulesLabel: String
        /// "30 s a turn", or nil without a timer.
        let timer: String?
        let openSeats: Int
        let openSeatsText: String
        let waiting: Bool
        /// Join (a form, for a logged-in viewer not seated yet) or watch (a link).
        let canJoin: Bool
        let seated: Bool
        let href: String
        let joinAction: String

        init(_ stored: StoredMatch, viewer: Account?, dictionaryLabel: String) {
            host = stored.match.seats.first?.name ?? ""
            players = stored.match.seats.indices.filter { !stored.openSeats.contains($0) }.map { stored.match.seats[$0].name }
                .joined(separator: ", ")
            self.dictionaryLabel = dictionaryLabel
            minLength = stored.match.minimumLength
            rulesLabel = stored.match.rules == .standard ? "Ghost, forgiving rules" : stored.match.rules.label
            timer = stored.turnSeconds > 0 ? "\(stored.turnSeconds) s a turn" : nil
            openSeats = stored.openSeats.count
            openSeatsText = "\(openSeats) seat\(openSeats == 1 ? "" : "s") free"
            waiting = stored.status == .waiting
            seated = viewer.map { stored.seatAccounts.contains($0.id) } ?? false
            canJoin = waiting && viewer != nil && !seated
            href = SiteRoute.ghostGame.path(stored.id)
            joinAction = SiteRoute.joinGhostGame.path(stored.id)
        }
    }

    struct Lobby: Encodable {
        let rooms: [LobbyRoom]
        let empty: Bool
        let loggedIn: Bool
        let csrfToken: String
        let pager: Pager?
        let navLobby = true
        let loginHref = SiteRoute.loginForm.path(query: ["next": SiteRoute.ghostLobby.path()])

        init(rooms: [LobbyRoom], loggedIn: Bool, csrfToken: String, pager: Pager?) {
            self.rooms = rooms
            empty = rooms.isEmpty
            self.loggedIn = loggedIn
            self.csrfToken = csrfToken
            self.pager = pager
        }
    }

    /// The two rules of a game as a setup form offers them, `rules` chosen.
    struct RuleFields: Encodable {
        let form: String
        let challenges: [Choice<String>]
        let variants: [Choice<String>]

        init(form: String, rules: Rules = .standard) {
            self.form = form
            challenges = Rules.Challenges.allCases.map { Choice(value: $0.rawValue, label: $0.label, selected: $0 == rules.challenges) }
            variants = Rules.Variant.allCases.map { Choice(value: $0.rawValue, label: $0.label, selected: $0 == rules.variant) }
        }
    }

    /// Letters of G-H-O-S-T as a strip: those a player holds, then those still to take, so a
    /// glance shows how close to out each one is.
    struct GhostStrip: Encodable {
        /// The letters held, "G", "H": drawn filled, and the text that counts.
        let taken: [String]
        /// The rest, "O", "S", "T", drawn as empty boxes.
        let left: [String]
        /// "G H", or "no letters", for reading aloud.
        let lettersLabel: String

        init(_ letters: String) {
            taken = letters.map(String.init)
            left = Game.ghost.dropFirst(letters.count).map(String.init)
            lettersLabel = letters.isEmpty ? "no letters" : taken.joined(separator: " ")
        }
    }

    /// The board: the view every player shares, plus what only a page needs (names of whoever
    /// acts or won, the forms' actions, the invitation, why a move was refused, and the moment
    /// a round ends).
    struct Board: Encodable {
        struct Player: Encodable {
            let seat: Int
            let name: String
            let strip: GhostStrip
            let out: Bool
            let toAct: Bool
            let isYou: Bool
            let seated: Bool
            let computer: Bool

            init(_ player: MatchView.Player) {
                seat = player.seat
                name = player.name
                strip = GhostStrip(player.letters)
                out = player.out
                toAct = player.toAct
                isYou = player.isYou
                seated = player.seated
                computer = player.kind != "person"
            }
        }

        struct Move: Encodable { let name: String; let letter: String; let atStart: Bool }
        struct Round: Encodable { let number: Int; let summary: String; let review: String }
        /// A challenge as this phone says it: in a room, to the challenged "Bob challenges you" and
        /// "Finish your word", and to the challenger that the table waits for the answer; on one
        /// device, by name, for whoever holds the phone.
        struct Challenge: Encodable {
            let text: String
            /// The answer field's label: "Ann, finish your word" (or "name" in Superghost).
            let answerLabel: String

            init(challenger: Int, challenged: Int, names: (Int) -> String, you: Int?, online: Bool, wordRelation: String, superghost: Bool) {
                let verb = superghost ? "name" : "finish"
                switch (online, you) {
                case (true, challenged):
                    text = "\(names(challenger)) challenges you: name a word that \(wordRelation)."
                    answerLabel = "\(verb.capitalized) your word"
                case (true, challenger):
                    text = "Waiting for \(names(challenged)) to name a word that \(wordRelation)."
                    answerLabel = ""
                default:
                    text = "\(names(challenger)) challenges \(names(challenged)): name a word that \(wordRelation)."
                    answerLabel = "\(names(challenged)), \(verb) your word"
                }
            }
        }

        /// The moment a round ends, before the next begins: the word that ended it, who takes a
        /// letter, where the round was lost, and the way on.
        struct RoundOver: Encodable {
            let number: Int
            /// The word completed or named; or, when a challenge found no word, the fragment it stopped at.
            let word: String
            /// The word is only the start of one (a challenge the challenged player could not answer).
            let unfinished: Bool
            let summary: String
            /// Where the loser's position became lost; nil when the view has no review of it.
            let review: String?
            let loserName: String
            let strip: GhostStrip
            let out: Bool
            /// The next round's page (or the next result, when one move ended several rounds);
            /// nil once the game is over.
            let nextHref: String?
            /// What the word means, for an English game whose round ended on a whole word.
            var meaning: Meaning?
            /// For the latest round of a timed game: when the next begins for everyone (ISO
            /// 8601). The page counts down to it and then moves on by itself.
            var nextStarts: String?
            var breakSeconds = StoredMatch.roundBreakSeconds

            struct Meaning: Encodable {
                let headword: String
                let partOfSpeech: String?
                let sense: String
            }

            init(number: Int, result: Game.RoundResult, round: MatchView.Round?, names: [String], nextHref: String?) {
                self.number = number
                switch result.reason {
                case .completedWord(let word), .calledWord(let word): (self.word, unfinished) = (word, false)
                case .failedChallenge(let answer): (self.word, unfinished) = (answer, false)
                case .conceded, .invalidAnswer, .timedOut: (self.word, unfinished) = (result.fragment, true)
                }
                summary = round?.summary ?? result.summary(names: names)
                review = round?.review
                loserName = names.indices.contains(result.loser) ? names[result.loser] : ""
                strip = GhostStrip(String(Game.ghost.prefix(result.lettersAfter)))
                out = result.eliminated
                self.nextHref = nextHref
            }
        }

        /// A key of the on-screen keyboard: the letter sent, and the capitals shown ("LL").
        struct Key: Encodable {
            let letter: String
            let label: String
        }

        /// A key for each letter of the game's alphabet, in its order: A–Z, or Welsh's A B C CH D DD ….
        static func keys(_ alphabet: Alphabet) -> [Key] {
            alphabet.letters.map { Key(letter: $0, label: $0.uppercased()) }
        }

        /// What the typed-letter field takes: a letter is one character, or two where the
        /// alphabet has letters of two (the rules say which are letters).
        struct LetterField: Encodable {
            let maxLength: Int
            let pattern: String
            /// What the answer field takes: letters, and in Welsh the accented vowels it folds.
            let wordPattern: String

            init(_ alphabet: Alphabet) {
                let longest = alphabet.letters.map(\.count).max() ?? 1
                maxLength = longest
                pattern = longest == 1 ? "[A-Za-z]" : "[A-Za-z]{1,\(longest)}"
                wordPattern = alphabet.foldsAccents ? "[A-Za-zÀ-ÖØ-öø-ÿŴŵŶŷẀ-ẅỲỳ]+" : "[A-Za-z]+"
            }
        }

        let id: String
        let turn: Int
        let mode: String
        let status: String
        let online: Bool
        let dictionaryLabel: String
        let minLength: Int
        /// "Superghost, classic rules"; nil for forgiving Ghost, today's default.
        let rulesLabel: String?
        /// Letters may go at either end.
        let superghost: Bool
        /// Bluffs are allowed, so a challenge may be right.
        let classic: Bool
        /// What a challenged player must name: "starts with “ca”", "has “ca” in it".
        let wordRelation: String
        /// The turn timer while a timed game is played: seconds a turn, and the deadline (ISO 8601)
        /// the page's script counts down to.
        let turnSeconds: Int?
        let deadline: String?
        /// When the round in play begins for everyone, during the pause after a round (ISO 8601).
        let roundStarts: String?
        /// The player to act ran out of time last turn and has not acted since: the table waits.
        let awayText: String?
        let fragment: String
        let players: [Player]
        let moves: [Move]
        let rounds: [Round]
        /// How many rounds have ended: a move sends back how many its player had seen, so the
        /// answer can show the round it ended.
        let roundCount: Int
        var roundOver: RoundOver?
        let canAct: Bool
        let csrfToken: String
        let action: String
        let waiting: Bool
        /// The round in play is shown: the game goes on and no round's end is being shown.
        let playing: Bool
        let finished: Bool
        let toActName: String
        /// "Ann wins the game.", or "You win the game." to the winner on their own phone.
        let winnerText: String
        /// Seats still waiting for a player: a room's script redraws the board when one is taken.
        let openSeats: Int
        let openSeatsText: String
        let canChallenge: Bool
        let newRound: Bool
        let link: String
        let hostName: String
        let error: String?
        let challenge: Challenge?
        let canJoin: Bool
        let joinNeedsAccount: Bool
        /// The room's link and share buttons are for those already seated: a visitor who has not
        /// joined is invited to take the seat, not to invite others to it.
        let sharesLink: Bool
        /// Whose turn it is, said once: in a room, "Your turn." to the player it is and "Waiting
        /// for Ann to play." to the others; on one device, the name of whoever takes the phone.
        let turnText: String
        let canAgain: Bool
        let joinAction: String
        let againAction: String
        let loginHref: String
        let registerHref: String
        let keys: [Key]
        let letterField: LetterField

        /// - Parameter shownRound: the round whose end to show (1 is the first); nil shows the
        ///   round in play, or the last round once the game is over.
        init(_ view: MatchView, game: Game, stored: StoredMatch, viewer: Account?, csrfToken: String, error: String?,
             publicURL: String, shownRound: Int?) {
            let names = stored.match.seats.map(\.name)
            let name = { (seat: Int?) in seat.map { view.players[$0].name } ?? "" }
            id = view.id.rawValue
            turn = view.turn
            mode = view.mode
            status = view.status
            online = view.mode == "online"
            dictionaryLabel = view.dictionaryLabel
            minLength = view.minLength
            let rules = stored.match.rules
            rulesLabel = rules == .standard ? nil : rules.label
            superghost = rules.variant == .superghost
            classic = rules.challenges == .classic
            turnSeconds = stored.turnSeconds > 0 ? stored.turnSeconds : nil
            deadline = view.deadline
            roundStarts = view.roundStarts
            awayText = view.awaySeat.map { seat in
                seat == view.yourSeat
                    ? "You ran out of time last turn: the game waits for your first letter, with no clock."
                    : "\(view.players[seat].name) ran out of time and may be away: the game waits for their first letter, with no clock."
            }
            wordRelation = rules.variant == .superghost ? "has “\(view.fragment)” in it" : "starts with “\(view.fragment)”"
            fragment = view.fragment
            keys = Board.keys(game.words.alphabet)
            letterField = LetterField(game.words.alphabet)
            players = view.players.map(Player.init)
            moves = view.moves.map { Move(name: $0.name, letter: $0.letter, atStart: $0.side == Side.start.rawValue) }
            roundCount = game.rounds.count
            let gamePath = SiteRoute.ghostGame.path(view.id)
            if let number = shownRound ?? (view.winner != nil ? game.rounds.count : nil), game.rounds.indices.contains(number - 1) {
                let next: String? = number < game.rounds.count
                    ? SiteRoute.ghostGame.path(view.id, query: ["over": String(number + 1)])
                    : (view.winner == nil ? gamePath : nil)
                roundOver = RoundOver(number: number, result: game.rounds[number - 1],
                                      round: view.rounds.first { $0.number == number }, names: names, nextHref: next)
                // The latest round's end moves on by itself after the pause, for everyone: also
                // when the next round waits for a player away (no clock, so no roundStarts), or
                // both boards sat on the round's end while the game had moved on.
                if number == game.rounds.count, let starts = stored.roundStarts(in: game) {
                    roundOver?.nextStarts = starts.formatted(.iso8601)
                }
            } else {
                roundOver = nil
            }
            // The round whose end is on screen is not listed again below it.
            let onScreen = roundOver?.number
            rounds = view.rounds.filter { $0.number != onScreen }
                .map { Round(number: $0.number, summary: $0.summary, review: $0.review) }
            canAct = view.canAct
            self.csrfToken = csrfToken
            action = SiteRoute.ghostMove.path(view.id)
            joinAction = SiteRoute.joinGhostGame.path(view.id)
            againAction = SiteRoute.playAgain.path(view.id)
            loginHref = SiteRoute.loginForm.path(query: ["next": gamePath])
            registerHref = SiteRoute.registerForm.path(query: ["next": gamePath])
            waiting = view.status == "waiting"
            playing = view.toAct != nil && roundOver == nil
            finished = view.winner != nil
            toActName = name(view.toAct)
            winnerText = view.winner.map { $0 == MatchView.speaksTo(stored, yourSeat: view.yourSeat) ? "You win the game." : "\(name($0)) wins the game." } ?? ""
            openSeats = view.openSeats
            openSeatsText = "\(view.openSeats) more player\(view.openSeats == 1 ? "" : "s")"
            canChallenge = !view.fragment.isEmpty && view.challenge == nil
            newRound = view.fragment.isEmpty
            link = publicURL + gamePath
            hostName = names.first ?? ""
            self.error = error
            let (isOnline, relation, isSuperghost) = (online, wordRelation, superghost)
            challenge = view.challenge.map {
                Challenge(challenger: $0.challenger, challenged: $0.challenged, names: { view.players[$0].name }, you: view.yourSeat,
                          online: isOnline, wordRelation: relation, superghost: isSuperghost)
            }
            canJoin = viewer.map { view.status == "waiting" && !stored.seatAccounts.contains($0.id) } ?? false
            joinNeedsAccount = view.status == "waiting" && viewer == nil
            sharesLink = waiting && !canJoin && !joinNeedsAccount
            turnText = !online ? "\(toActName) to play."
                : view.canAct ? "Your turn." : "Waiting for \(toActName) to play."
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
        /// "1 game", "12 games".
        let gamesText: String
        let wins: Int
        let losses: Int
        let rounds: Int
        let roundsLost: Int
        /// The rating, or a dash until the player's first game against another account.
        let ratingText: String
        let rated: Bool
        /// "rated over 1 game", "rated over 12 games".
        let ratedGamesText: String

        init(_ score: GhostScore, rank: Int? = nil, isYou: Bool = false) {
            self.rank = rank
            self.isYou = isYou
            username = score.username
            dictionary = GhostDictionary(rawValue: score.dictionary)?.label ?? score.dictionary
            games = score.games
            gamesText = countText(score.games, "game")
            wins = score.wins
            losses = score.losses
            rounds = score.rounds
            roundsLost = score.roundsLost
            ratingText = score.rating.map(String.init) ?? "–"
            rated = score.rating != nil
            ratedGamesText = countText(score.ratedGames, "game")
        }
    }

    struct Scores: Encodable {
        struct DictionaryLink: Encodable { let href: String; let label: String; let current: Bool }
        struct OrderLink: Encodable { let href: String; let label: String; let current: Bool }

        let dictionaries: [DictionaryLink]
        let dictionaryLabel: String
        /// The leaderboard sorted by wins or by rating, on the same dictionary.
        let orders: [OrderLink]
        /// "most wins first", "highest rating first".
        let orderText: String
        let rows: [ScoreRow]
        let empty: Bool
        let yours: [ScoreRow]
        let loggedIn: Bool
        let navScores = true
        let pager: Pager?

        /// The `order` of a leaderboard link: left out for wins, the default, so those links
        /// stay as they were.
        static func orderQuery(_ order: GhostScoreOrder) -> String? {
            order == .wins ? nil : order.rawValue
        }

        init(dictionary: GhostDictionary, order: GhostScoreOrder = .wins, rows: [ScoreRow], empty: Bool, yours: [ScoreRow], loggedIn: Bool,
             pager: Pager?) {
            dictionaries = GhostDictionary.allCases.map {
                DictionaryLink(href: SiteRoute.ghostScores.path(query: ["dictionary": $0.rawValue, "order": Self.orderQuery(order)]),
                               label: $0.label, current: $0 == dictionary)
            }
            orders = GhostScoreOrder.allCases.map {
                OrderLink(href: SiteRoute.ghostScores.path(query: ["dictionary": dictionary.rawValue, "order": Self.orderQuery($0)]),
                          label: $0 == .wins ? "Most wins" : "Highest rating", current: $0 == order)
            }
            orderText = order == .wins ? "most wins first" : "highest rating first"
            dictionaryLabel = dictionary.label
            self.rows = rows
            self.empty = empty
            self.yours = yours
            self.loggedIn = loggedIn
            self.pager = pager
        }
    }

    /// Ghost on this device: the setup's defaults and where its script downloads dictionaries.
    struct OnDevice: Encodable {
        struct Seat: Encodable {
            let index: Int
            let number: Int
            let name: String
            let person: Bool
            let hard: Bool
        }
        struct Dictionary: Encodable {
            let value: String
            let label: String
        }
        let navPlay = true
        let wordsPattern = APIRoute.ghostWords.pattern
        let syncHref = APIRoute.syncGhostGames.path()
        let seats: [Seat]
        let dictionaries = GhostDictionary.allCases.map { Dictionary(value: $0.rawValue, label: $0.label) }

        /// You against the hard computer, and two more seats to fill for a table of people.
        init(account: Account?) {
            let you = account.map { String($0.username.prefix(Match.maximumNameLength)) } ?? "Me"
            seats = [Seat(index: 0, number: 1, name: you, person: true, hard: false),
                     Seat(index: 1, number: 2, name: "Computer", person: false, hard: true),
                     Seat(index: 2, number: 3, name: "", person: true, hard: false),
                     Seat(index: 3, number: 4, name: "", person: true, hard: false)]
        }
    }

    struct Help: Encodable {
        let lengths = WordList.allowedMinimumLengths.map(String.init).joined(separator: ", ")
        let defaultLength = WordList.defaultMinimumLength
        let roundBreakSeconds = StoredMatch.roundBreakSeconds
        let navHelp = true
    }
}
