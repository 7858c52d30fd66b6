import FolioCore

/// Why a Ghost request was refused.
public enum GhostError: FolioError, Equatable {
    case invalidMinimumLength(Int)
    case dictionaryUnreadable(path: String)
    /// The fragment is not the beginning of any counting word, so no game reaches it.
    case notAPrefix(String)
    /// The fragment is already a counting word: the round ended when it was spelled.
    case alreadyAWord(String)
    case invalidLetter(String)
    case invalidPlayerCount(Int)
    case gameOver
    case challengePending
    case noChallengePending
    case nothingToChallenge

    public var kind: FolioErrorKind {
        switch self {
        case .dictionaryUnreadable: .missingData
        case .gameOver, .challengePending, .noChallengePending, .nothingToChallenge: .conflict
        default: .invalidInput
        }
    }

    public var code: String {
        switch self {
        case .invalidMinimumLength: "invalid_minimum_length"
        case .dictionaryUnreadable: "dictionary_unreadable"
        case .notAPrefix: "not_a_prefix"
        case .alreadyAWord: "already_a_word"
        case .invalidLetter: "invalid_letter"
        case .invalidPlayerCount: "invalid_player_count"
        case .gameOver: "game_over"
        case .challengePending: "challenge_pending"
        case .noChallengePending: "no_challenge_pending"
        case .nothingToChallenge: "nothing_to_challenge"
        }
    }

    public var message: String {
        switch self {
        case .invalidMinimumLength(let n):
            "The minimum word length must be 3, 4 or 5, not \(n)."
        case .dictionaryUnreadable(let path):
            "The word list at \(path) could not be read. Install it or choose another dictionary."
        case .notAPrefix(let f):
            "No word in the dictionary starts with \"\(f)\"."
        case .alreadyAWord(let f):
            "\"\(f)\" is already a word, so the round is over."
        case .invalidLetter(let s):
            "\"\(s)\" is not a letter that can be added here. Add one letter a–z that keeps the fragment the start of a word."
        case .invalidPlayerCount(let n):
            "A game needs 2 to 8 players, not \(n)."
        case .gameOver:
            "The game is over. Start a new game."
        case .challengePending:
            "A challenge is waiting for an answer: name a word or concede first."
        case .noChallengePending:
            "Nobody has been challenged, so there is nothing to answer."
        case .nothingToChallenge:
            "There is no letter to challenge yet."
        }
    }
}
