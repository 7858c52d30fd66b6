import Foundation
import Monologues

/// The seed app's search, as its design document wrote it, for a baseline measured on the same
/// data: the settings filter as an NSPredicate-style `contains`/`matches` test per setting, then
/// for each search term an OR of case- and diacritic-insensitive `contains` tests over every
/// field, text and notes with fifteen suffix variants each. As in the seed, the notes test's
/// last three variants look at the text.
struct SeedSearch {
    let monologues: [Monologue]

    private static let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]

    private static func contains(_ field: String, _ q: String) -> Bool {
        field.range(of: q, options: options) != nil
    }

    func search(_ searchString: String, gender: Gender?, tone: Tone?, length: Length?) -> [Monologue] {
        var result = monologues
        if let gender {
            // "male" is matched exactly (it is a substring of "female"); "female" by contains.
            result = result.filter { m in
                gender == .male
                    ? m.gender.rawValue.caseInsensitiveCompare("male") == .orderedSame || m.gender == .any
                    : Self.contains(m.gender.rawValue, gender.rawValue) || m.gender == .any
            }
        }
        if let tone { result = result.filter { Self.contains($0.tone.rawValue, tone.rawValue) } }
        if let length { result = result.filter { Self.contains($0.length.rawValue, length.rawValue) } }

        let queries = searchString.replacingOccurrences(of: ", ", with: " ")
            .components(separatedBy: CharacterSet(charactersIn: ", "))
            .filter { !$0.isEmpty }
        return result.filter { m in
            let tags = m.tags.joined(separator: " ")
            return queries.allSatisfy { q in
                let variants = [" ", ".", ",", ";", "\n", "s", "es", "d", "ed", "-", "?", "!", ":", "ing", "in'"].map { q + $0 }
                let text = variants.contains { Self.contains(m.text, $0) }
                let notes = variants.prefix(12).contains { Self.contains(m.notes, $0) }
                    || variants.suffix(3).contains { Self.contains(m.text, $0) }
                return Self.contains(m.title, q) || Self.contains(m.character, q) || Self.contains(m.gender.rawValue, q)
                    || Self.contains(m.tone.rawValue, q) || notes || Self.contains(tags, q) || text
            }
        }
    }
}
