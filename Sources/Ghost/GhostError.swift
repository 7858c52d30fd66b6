import FolioCore

/// Why a Ghost request was refused.
public enum GhostError: FolioError, Equatable {
    case invalidMinimumLength(Int)
    case dictionaryUnreadable(path: String)
    /// A dictd index with a line that is not `headword⇥offset⇥length`.
    case malformedIndex(path: String, line: Int, reason: String)
    /// A named dictionary's word list is not installed.
    case dictionaryMissing(GhostDictionary, path: String)
    /// The fragment is not the beginning of any counting word, so no game reaches it.
    case notAPrefix(String)
    /// In Superghost: the fragment is not part of any counting word.
    case notAnInfix(String)
    /// The fragment is as long as a fragment may grow; challenge instead.
    case fragmentTooLong(limit: Int)
    /// The variant does not allow that move (a letter at the start in plain Ghost).
    case moveNotInVariant(Rules.Variant)
    /// The fragment is already a counting word: the round ended when it was spelled.
    case alreadyAWord(String)
    case invalidLetter(String)
    /// The move is not one letter of the game's alphabet.
    case letterNotInAlphabet(String, Alphabet)
    /// Two letters played side by side would read as another letter ("l" then "l" spells "ll"
    /// in Welsh): `played` the letters as played, `reading` how the fragment would read.
    case lettersRunTogether(played: [String], reading: [String])
    case invalidPlayerCount(Int)
    /// The word list has no word of the minimum length.
    case emptyDictionary
    case invalidPlayerName(String)
    case duplicatePlayerNames
    /// Every seat is a computer's.
    case noPerson
    /// The player asking is not the one to act.
    case notYourTurn(waitingFor: String)
    /// Acting at an online table without a seat, or at someone else's hot-seat game.
    case notYourSeat
    /// The action was chosen against an older state of the game.
    case staleMove
    case waitingForPlayers(Int)
    case tableFull
    case alreadySeated
    case gameNotFound(String)
    case gameOver
    case challengePending
    case noChallengePending
    case nothingToChallenge
    /// The account already sits in as many unfinished online rooms as the server allows.
    case tooManyOpenRooms(limit: Int)
    /// This address started as many games without an account this hour as the server allows.
    case tooManyAnonymousGames(limit: Int)
    /// An account started its most games an hour (hot-seat or against the computer).
    case tooManyGames(limit: Int)
    /// An account has its most listed rooms on uploaded word lists open.
    case tooManyListedRooms(limit: Int)
    /// The server is reading or indexing as many word lists as it allows at once.
    case wordListsBusy
    /// A game's uploaded list is not in memory, and only a player's request loads it.
    case wordListNotLoaded
    /// This address has as many of the server's game sockets open as it allows.
    case tooManySocketsFromAddress(limit: Int)
    /// The game has as many sockets open (players and watchers) as the server allows.
    case tooManySocketsOnGame(limit: Int)
    /// The session a socket was opened with has ended: logged out, or the password changed.
    case sessionEnded
    /// An uploaded word list's name is empty or too long.
    case invalidWordListName(String)
    /// An uploaded word list is larger than a list may be.
    case wordListTooLarge(bytes: Int, words: Int)
    /// An uploaded word list has no word of three letters or more a–z.
    case emptyWordList
    /// An uploaded list too large to index for Superghost.
    case wordListTooLargeForSuperghost(limit: Int)
    /// No word list of this number belongs to the player.
    case wordListNotFound(Int64)
    /// The player keeps as many word lists as the server allows.
    case tooManyWordLists(limit: Int)
    /// A turn time that is not one a room can have.
    case invalidTurnTime(Int)
    /// The turn timer was asked to run out before the deadline.
    case turnTimeLeft
    /// A move during the pause after a round, before the next round's clock starts for everyone.
    case roundNotStarted(secondsLeft: Int)

    public var kind: FolioErrorKind {
        switch self {
        case .dictionaryUnreadable, .dictionaryMissing, .malformedIndex: .missingData
        case .gameOver, .challengePending, .noChallengePending, .nothingToChallenge, .notYourTurn, .staleMove,
             .waitingForPlayers, .tableFull, .alreadySeated, .turnTimeLeft, .roundNotStarted: .conflict
        case .notYourSeat: .forbidden
        case .gameNotFound, .wordListNotFound: .notFound
        case .tooManyOpenRooms, .tooManyAnonymousGames, .tooManyGames, .tooManySocketsFromAddress, .tooManySocketsOnGame: .rateLimited
        case .tooManyListedRooms: .conflict
        case .wordListsBusy, .wordListNotLoaded: .busy
        case .tooManyWordLists: .conflict
        case .sessionEnded: .unauthorized
        default: .invalidInput
        }
    }

    public var code: String {
        switch self {
        case .invalidMinimumLength: "invalid_minimum_length"
        case .dictionaryUnreadable: "dictionary_unreadable"
        case .malformedIndex: "malformed_index"
        case .dictionaryMissing: "dictionary_missing"
        case .notAPrefix: "not_a_prefix"
        case .notAnInfix: "not_an_infix"
        case .fragmentTooLong: "fragment_too_long"
        case .moveNotInVariant: "move_not_in_variant"
        case .alreadyAWord: "already_a_word"
        // Not one letter is as invalid a letter as one that leaves no word: clients that check
        // the code see the same one, and the message says which it was.
        case .invalidLetter, .letterNotInAlphabet: "invalid_letter"
        case .lettersRunTogether: "letters_run_together"
        case .invalidPlayerCount: "invalid_player_count"
        case .emptyDictionary: "empty_dictionary"
        case .invalidPlayerName: "invalid_player_name"
        case .duplicatePlayerNames: "duplicate_player_names"
        case .noPerson: "no_person"
        case .notYourTurn: "not_your_turn"
        case .notYourSeat: "not_your_seat"
        case .staleMove: "stale_move"
        case .waitingForPlayers: "waiting_for_players"
        case .tableFull: "table_full"
        case .alreadySeated: "already_seated"
        case .gameNotFound: "game_not_found"
        case .gameOver: "game_over"
        case .challengePending: "challenge_pending"
        case .noChallengePending: "no_challenge_pending"
        case .nothingToChallenge: "nothing_to_challenge"
        case .tooManyOpenRooms: "too_many_open_rooms"
        case .tooManyAnonymousGames: "too_many_anonymous_games"
        case .tooManyGames: "too_many_games"
        case .tooManyListedRooms: "too_many_listed_rooms"
        case .wordListsBusy: "word_lists_busy"
        case .wordListNotLoaded: "word_list_not_loaded"
        case .tooManySocketsFromAddress: "too_many_sockets_from_address"
        case .tooManySocketsOnGame: "too_many_sockets_on_game"
        case .sessionEnded: "session_ended"
        case .invalidTurnTime: "invalid_turn_time"
        case .invalidWordListName: "invalid_word_list_name"
        case .wordListTooLarge: "word_list_too_large"
        case .emptyWordList: "empty_word_list"
        case .wordListTooLargeForSuperghost: "word_list_too_large_for_superghost"
        case .wordListNotFound: "word_list_not_found"
        case .tooManyWordLists: "too_many_word_lists"
        case .turnTimeLeft: "turn_time_left"
        case .roundNotStarted: "round_not_started"
        }
    }

    public var message: String {
        switch self {
        case .invalidMinimumLength(let n):
            "The minimum word length must be 3, 4 or 5, not \(n)."
        case .dictionaryUnreadable(let path):
            "The word list at \(path) could not be read. Install it or choose another dictionary."
        case .malformedIndex(let path, let line, let reason):
            "\(path) is not a dictd index: line \(line): \(reason). Reinstall the dictionary's package, or give a file of one word a line."
        case .dictionaryMissing(let dictionary, let path):
            "The \(dictionary.label) word list (\(path)) is not there. Run scripts/setup.sh, which installs Debian's \(dictionary.package), or give the path of a file of one word a line."
        case .notAPrefix(let f):
            "No word in the dictionary starts with “\(f)”."
        case .notAnInfix(let f):
            "No word in the dictionary contains “\(f)”."
        case .fragmentTooLong(let limit):
            "The fragment already has \(limit) letters, the most a round allows. Challenge the last letter instead."
        case .moveNotInVariant(let variant):
            "\(variant.label) adds letters at the end only. Add a letter at the end, or challenge."
        case .alreadyAWord(let f):
            "“\(f)” is already a word, so the round is over."
        case .invalidLetter(let s):
            "“\(s)” is not a letter that can be added here: no word goes on that way. Try another."
        case .letterNotInAlphabet(let s, let alphabet):
            "“\(s)” is not a letter of this game. Add \(alphabet.oneLetter)."
        case .lettersRunTogether(let played, let reading):
            "\(played.joined(separator: "-")) would read as \(reading.joined(separator: "-")): letters that spell another letter together cannot stand side by side. Play that letter instead."
        case .invalidPlayerCount(let n):
            "A game needs 2 to 8 players, not \(n)."
        case .emptyDictionary:
            "The word list has no word of the minimum length, so there is nothing to play. Choose another list or a shorter minimum."
        case .invalidPlayerName(let name):
            "A player's name is 1 to \(Match.maximumNameLength) characters, not \"\(name)\"."
        case .duplicatePlayerNames:
            "Two players have the same name. Give each player a name of their own."
        case .noPerson:
            "A game needs at least one person at the table, not only computers."
        case .notYourTurn(let name):
            "It is \(name)'s turn. Wait for your turn."
        case .notYourSeat:
            "You have no seat to play at this game. Join the room, or start a game of your own."
        case .staleMove:
            "The game has moved on since you last looked. Reload to see the latest move, then play again."
        case .waitingForPlayers(let n):
            "Waiting for \(n) more player\(n == 1 ? "" : "s") to join. Share the room's link."
        case .tableFull:
            "Every seat at this table is taken. Start a room of your own."
        case .alreadySeated:
            "You already have a seat at this table."
        case .gameNotFound(let id):
            "There is no Ghost game \"\(id)\". Check the link, or start a new game."
        case .gameOver:
            "The game is over. Start a new game."
        case .challengePending:
            "A challenge is waiting for an answer: name a word or concede first."
        case .noChallengePending:
            "Nobody has been challenged, so there is nothing to answer."
        case .nothingToChallenge:
            "There is no letter to challenge yet."
        case .tooManyOpenRooms(let limit):
            "You already have \(limit) open online room\(limit == 1 ? "" : "s"), the most this server allows (open rooms per account). Finish one, or wait a day for an abandoned one to stop counting."
        case .tooManyAnonymousGames(let limit):
            "\(limit) game\(limit == 1 ? " was" : "s were") started from your address in the last hour without an account, the most this server allows (games without an account per address per hour). Log in, or try again later."
        case .tooManyGames(let limit):
            "You started \(limit) game\(limit == 1 ? "" : "s") in the last hour, the most this server allows (games per account per hour). Finish one you have, or try again later."
        case .tooManyListedRooms(let limit):
            "You already have \(limit) room\(limit == 1 ? "" : "s") on your own word lists in the lobby, the most this server allows. Finish one, or open this room unlisted and share its link."
        case .wordListNotLoaded:
            "This game is played on an uploaded word list that is not loaded on this server just now; it will be once a player comes back. Try again in a moment."
        case .wordListsBusy:
            "The server is loading as many word lists as it can hold at once. Try again in a few seconds, or play on a built-in dictionary."
        case .tooManySocketsFromAddress(let limit):
            "Your address has \(limit) live game connection\(limit == 1 ? "" : "s") open, the most this server allows (sockets per address). Close a game's tab, then reload."
        case .tooManySocketsOnGame(let limit):
            "This game has \(limit) live connection\(limit == 1 ? "" : "s") open, the most this server allows (sockets per game). Reload later; the page still works without live updates."
        case .invalidWordListName(let name):
            "A word list's name is 1 to \(WordListUpload.maximumNameLength) characters, not \"\(name)\"."
        case .wordListTooLarge(let bytes, let words):
            "A word list may have up to \(words) words and \(bytes / 1000) kB. Split it, or keep the words you want to play with."
        case .emptyWordList:
            "The list has no word of three letters or more made of letters a–z (accents are folded: é counts as e). Put one word on each line."
        case .wordListTooLargeForSuperghost(let limit):
            "This list has too many pieces of words to index for Superghost (more than \(limit)). Play it as Ghost, or upload a shorter list."
        case .wordListNotFound(let id):
            "You have no word list number \(id). Upload one on the Ghost page, or choose a dictionary."
        case .tooManyWordLists(let limit):
            "You already keep \(limit) word lists, the most this server allows. Delete one you no longer play with first."
        case .invalidTurnTime(let seconds):
            "A turn may be given 0 (no limit) to \(600) seconds, not \(seconds)."
        case .turnTimeLeft:
            "The player to act still has time. Wait for the turn to end."
        case .roundNotStarted(let seconds):
            "The next round starts in \(max(1, seconds)) s, for everyone at once. Play your letter then."
        case .sessionEnded:
            "Your session has ended (you logged out, or the password was changed). Log in again, then reload the game."
        }
    }
}
