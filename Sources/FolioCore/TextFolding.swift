import Foundation

/// Case- and diacritic-blind comparison keys: "Gŵr" and "gwr" fold to the same string.
public enum TextFolding {
    /// Lowercased, accents removed, curly apostrophes made straight, ligatures spelt out.
    public static func fold(_ text: String) -> String {
        // Most of the corpus and nearly every query is plain ASCII; folding it is a byte loop.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark:
                continue
            default:
                break
            }
            switch scalar {
            case "\u{2019}", "\u{2018}", "\u{02BC}": scalars.append("'")
            case "æ", "Æ": scalars.append(contentsOf: "ae".unicodeScalars)
            case "œ", "Œ": scalars.append(contentsOf: "oe".unicodeScalars)
            case "ß": scalars.append(contentsOf: "ss".unicodeScalars)
            default:
                scalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            }
        }
        return String(scalars)
    }

    /// True when `needle` occurs in `haystack`; both must already be folded.
    @inlinable
    public static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        let n = needle.count, h = haystack.count
        if n == 0 { return true }
        if n > h { return false }
        let first = needle[0]
        var i = 0
        while i <= h - n {
            if haystack[i] == first {
                var j = 1
                while j < n && haystack[i + j] == needle[j] { j += 1 }
                if j == n { return true }
            }
            i += 1
        }
        return false
    }
}
