import FolioCore
import Foundation

/// Speaker labels as printed in the corpus, turned into one key per role and a display name.
enum SpeakerName {
    /// Printing slips in the corpus's labels, corrected so a role keeps one key.
    static let typos: [String: String] = [
        "SU FFOLK": "SUFFOLK",
        "HERNIA": "HERMIA",
        "POMPHEY": "POMPEY",
        "KATARINA": "KATHARINA",
        "SHEPARD": "SHEPHERD",
        "FIRST MURDER": "FIRST MURDERER",
        "SECOND GENTLEMEN": "SECOND GENTLEMAN",
    ]

    /// Roles printed under two labels in one play: the actor plays one part, so it gets one key.
    /// Keyed by play slug.
    static let aliases: [String: [String: String]] = [
        "richard-iii": ["GLOUCESTER": "KING RICHARD III"],
        "coriolanus": ["MARCIUS": "CORIOLANUS"],
        "love-s-labours-lost": ["ARMADO": "DON ADRIANO DE ARMADO"],
        "king-lear": ["LEAR": "KING LEAR"],
        "measure-for-measure": ["DUKE": "DUKE VINCENTIO"],
        "henry-iv-part-1": ["WORCESTER": "EARL OF WORCESTER"],
    ]

    /// Labels naming a crowd rather than one person.
    static let crowdWords: Set<String> = [
        "ALL", "BOTH", "SOME", "SEVERAL", "LORDS", "CITIZENS", "SENATORS", "DANES", "MARINERS",
        "SERVANTS", "SOLDIERS", "THIEVES", "TRAVELLERS", "SENTINELS", "COMMONS", "OUTLAWS", "PLAYERS",
        "PRINCES", "KNIGHTS", "MYRMIDONS", "BANDITTI", "TRIBUNES", "GENTLEMEN", "CHILDREN", "WATCH",
        "ATTENDANTS", "GHOSTS", "CONSPIRATORS", "LADIES", "MUSICIANS", "OTHERS", "PEOPLE",
    ]

    /// The key for a raw label: uppercased, spaces collapsed, stray colons dropped, typos fixed,
    /// the play's aliases applied.
    static func key(_ label: String, play slug: String) -> String {
        let words = label.uppercased()
            .filter { $0 != ":" }
            .split(whereSeparator: { $0 == " " || $0 == "\t" })
        var key = words.joined(separator: " ")
        key = typos[key] ?? key
        if let alias = aliases[slug]?[key] { key = alias }
        return key
    }

    /// True when the label speaks for several people at once.
    static func isGroup(_ key: String) -> Bool {
        if key.utf8.contains(0x26) || TextFolding.contains(Array(key.utf8), Array(" AND ".utf8)) { return true }
        let words = key.split(separator: " ")
        guard let first = words.first, let last = words.last else { return true }
        return crowdWords.contains(String(first)) || crowdWords.contains(String(last))
    }

    private static let lowercaseWords: Set<String> = ["of", "the", "and", "de", "la", "le", "in", "to"]
    private static let romanNumerals: Set<String> = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "XI"]

    /// "LADY MACBETH" → "Lady Macbeth", "KING HENRY V" → "King Henry V", "DUKE OF YORK" → "Duke of York".
    static func displayName(_ key: String) -> String {
        let words = key.split(separator: " ").map(String.init)
        return words.enumerated().map { index, word in
            if index > 0 && romanNumerals.contains(word) { return word }
            let lower = word.lowercased()
            if index > 0 && lowercaseWords.contains(lower) { return lower }
            // Capitalise after apostrophes and hyphens too: "O'Brien" is not a Folio speaker,
            // but "Varro's" must not become "Varro'S".
            var result = ""
            var capitalizeNext = true
            for ch in lower {
                if capitalizeNext && ch.isLetter {
                    result += ch.uppercased()
                    capitalizeNext = false
                } else {
                    result.append(ch)
                }
                if ch == "-" { capitalizeNext = true }
            }
            return result
        }.joined(separator: " ")
    }

    /// A URL- and id-safe form of a key: "LADY MACBETH" → "lady-macbeth".
    static func slug(_ key: String) -> String {
        var out = ""
        var lastWasDash = true
        for scalar in TextFolding.fold(key).unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash {
                out.append("-")
                lastWasDash = true
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }
}
