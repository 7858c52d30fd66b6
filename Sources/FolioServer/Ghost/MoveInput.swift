import FolioApp
import FolioCore
import Ghost

/// An action as a form, the API or a WebSocket message names it.
struct MoveInput: Decodable, Sendable {
    static let maximumWordLength = 64

    let type: String
    let letter: String?
    /// start or end (the default): where a letter goes, in Superghost.
    let side: String?
    let word: String?
    let turn: Int?

    init(type: String, letter: String?, side: String? = nil, word: String?, turn: Int?) {
        self.type = type
        self.letter = letter
        self.side = side
        self.word = word
        self.turn = turn
    }

    func action() throws -> Game.Action {
        switch type {
        case "letter":
            // Which letters there are is the game's alphabet's to say ("ll" is one in Welsh), so
            // the rules refuse anything else, naming the letters they take.
            let letter = (self.letter ?? "").trimmingSpaces.lowercased()
            guard !letter.isEmpty else {
                throw InputError.parameter("letter", "", "a letter of the game's alphabet")
            }
            let sideName = (self.side ?? "").trimmingSpaces.lowercased()
            guard let side = sideName.isEmpty ? .end : Side(rawValue: sideName) else {
                throw InputError.parameter("side", String(sideName.prefix(20)), "start or end")
            }
            return .letter(letter, at: side)
        case "challenge":
            return .challenge
        case "answer":
            let word = (self.word ?? "").trimmingSpaces.lowercased()
            guard (1...Self.maximumWordLength).contains(word.count) else {
                throw InputError.parameter("word", String(word.prefix(20)), "a word of 1 to \(Self.maximumWordLength) letters, or concede")
            }
            return .answer(word)
        case "concede":
            return .answer(nil)
        default:
            throw InputError.parameter("type", String(type.prefix(20)), "letter, challenge, answer or concede")
        }
    }
}

/// A table's rules as a form or the API names them; either left out is today's default.
enum RulesInput {
    static func rules(challenges: String?, variant: String?) throws -> Rules {
        let challengesName = (challenges ?? "").trimmingSpaces.lowercased()
        let variantName = (variant ?? "").trimmingSpaces.lowercased()
        guard let parsedChallenges = challengesName.isEmpty ? .forgiving : Rules.Challenges(rawValue: challengesName) else {
            throw InputError.parameter("challenges", String(challengesName.prefix(20)), "forgiving or classic")
        }
        guard let parsedVariant = variantName.isEmpty ? .ghost : Rules.Variant(rawValue: variantName) else {
            throw InputError.parameter("variant", String(variantName.prefix(20)), "ghost or superghost")
        }
        return Rules(challenges: parsedChallenges, variant: parsedVariant)
    }
}

/// The list a game is played on, as a form or the API names it: a dictionary by name, or one of
/// the player's uploaded lists as "list:N".
enum DictionaryInput {
    static let listPrefix = "list:"

    static func read(_ raw: String?) throws -> (dictionary: GhostDictionary, wordList: Int64?) {
        let name = (raw ?? GhostDictionary.english.rawValue).trimmingSpaces.lowercased()
        if name.hasPrefix(listPrefix), let id = Int64(name.dropFirst(listPrefix.count)), id > 0 {
            return (.english, id)
        }
        guard let dictionary = GhostDictionary(rawValue: name) else {
            throw InputError.parameter("dictionary", String(name.prefix(20)),
                                       GhostDictionary.names + ", or list:N for one of your word lists")
        }
        return (dictionary, nil)
    }

    static func value(of list: StoredWordList) -> String { listPrefix + String(list.id) }
}
