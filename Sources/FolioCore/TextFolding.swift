import Foundation

/// Case- and diacritic-blind comparison keys: "Gŵr" and "gwr" fold to the same string.
public enum TextFolding {
    /// Lowercased, accents removed, curly apostrophes made straight, ligatures spelt out.
    public static func fold(_ text: String) -> String {
        // Most of the corpus and nearly every query is plain ASCII; folding it is a byte loop.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
        }
        // Otherwise ASCII still goes byte by byte and only the other scalars are decomposed, one
        // at a time: a whole speech with one dash in it went through Unicode scalar by scalar.
        // Decomposing a scalar alone gives what decomposing the text does, as the marks that
        // canonical ordering moves are dropped.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let b = UInt8(scalar.value)
                bytes.append(b >= 65 && b <= 90 ? b + 32 : b)
                continue
            }
            for part in String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars {
                switch part.properties.generalCategory {
                case .nonspacingMark, .enclosingMark, .spacingMark:
                    continue
                default:
                    break
                }
                switch part {
                case "\u{2019}", "\u{2018}", "\u{02BC}": bytes.append(0x27)
                case "æ", "Æ": bytes.append(contentsOf: "ae".utf8)
                case "œ", "Œ": bytes.append(contentsOf: "oe".utf8)
                case "ß": bytes.append(contentsOf: "ss".utf8)
                default:
                    bytes.append(contentsOf: String(part).lowercased().utf8)
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when the bytes of `needle` occur in `haystack`: a plain byte search, where
    /// Foundation's `contains` on strings went through `range(of:)` and took a twentieth of an
    /// import in the parser's hot loops. No folding: compare text folded (or cased) alike.
    @inlinable
    public static func contains(_ haystack: String, _ needle: String) -> Bool {
        var haystack = haystack, needle = needle
        return haystack.withUTF8 { h in needle.withUTF8 { n in contains(h, n) } }
    }

    /// True when `needle` occurs in `haystack`; both must already be folded.
    @inlinable
    public static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        haystack.withUnsafeBufferPointer { h in needle.withUnsafeBufferPointer { n in contains(h, n) } }
    }

    @inlinable
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
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
