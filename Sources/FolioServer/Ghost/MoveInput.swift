import FolioCore
import Ghost

/// An action as a form, the API or a WebSocket message names it.
struct MoveInput: Decodable, Sendable {
    static let maximumWordLength = 64

    let type: String
    let letter: String?
    let word: String?
    let turn: Int?

    func action() throws -> Game.Action {
        switch type {
        case "letter":
            let letter = (self.letter ?? "").trimmingSpaces.lowercased()
            guard letter.count == 1, let c = letter.first else {
                throw InputError.parameter("letter", String((self.letter ?? "").prefix(20)), "one letter a–z")
            }
            return .letter(c)
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
