import Foundation

/// The tag lexicons as data, in `Resources/` beside this module, so they can be read and
/// corrected without reading Swift:
/// - `curated-roles.txt`: "play | SPEAKER KEY | types" per line, `#` for comments;
/// - `role-words.json`: the words of speaker keys that imply each character type (in order: a
///   word under two types gets both, in this order), and the peoples for roles known by nothing
///   else;
/// - `action-lexicons.json`: each action's cues, strong cues, faint cues and corpus statistics.
///
/// They are checked against `CharacterType` and `SpeechAction` as they load: a type or action
/// the enums do not know, or an action without a lexicon, stops the program with a message,
/// since the tags would otherwise silently change on the next import.
enum LexiconResources {
    struct RoleWords: Decodable {
        struct Group: Decodable {
            let type: CharacterType
            let words: [String]
        }
        let roleWords: [Group]
        let peopleWords: [String: CharacterType]
    }

    static let roleWords: RoleWords = decode("role-words", as: RoleWords.self)

    static let actionLexicons: [TagLexicon.ActionLexicon] = {
        let lexicons = decode("action-lexicons", as: [TagLexicon.ActionLexicon].self)
        let order = lexicons.map(\.action)
        guard order == SpeechAction.allCases else {
            preconditionFailure("Resources/action-lexicons.json lists \(order.map(\.rawValue)); it must list every SpeechAction once, in the enum's order.")
        }
        return lexicons
    }()

    /// Play slug → speaker key → types.
    static let curatedRoles: [String: [String: [String]]] = {
        var table: [String: [String: [String]]] = [:]
        for (number, line) in text("curated-roles", extension: "txt").split(separator: "\n").enumerated() {
            let fields = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if fields.first?.hasPrefix("#") ?? true { continue }
            let types = fields.count == 3 ? fields[2].split(separator: " ").map { CharacterType(rawValue: String($0)) } : []
            guard fields.count == 3, !types.isEmpty, types.allSatisfy({ $0 != nil }) else {
                preconditionFailure("Resources/curated-roles.txt line \(number + 1) is not \"play | KEY | types\" with known types: \(line)")
            }
            table[fields[0], default: [:]][fields[1]] = types.compactMap { $0?.rawValue }
        }
        return table
    }()

    private static func text(_ name: String, extension: String) -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: `extension`, subdirectory: "Resources"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            preconditionFailure("The Monologues module's Resources/\(name).\(`extension`) is missing: rebuild Folio (swift build).")
        }
        return text
    }

    private static func decode<T: Decodable>(_ name: String, as type: T.Type) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(text(name, extension: "json").utf8))
        } catch {
            preconditionFailure("The Monologues module's Resources/\(name).json cannot be read: \(error)")
        }
    }
}
