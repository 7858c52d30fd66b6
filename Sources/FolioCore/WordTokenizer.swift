/// Splits running text into folded words, the unit of whole-word search.
///
/// A word is a run of letters and digits with inner apostrophes ("o'er", "is't"). Hyphens split
/// words ("to-night" gives "to" and "night") so that a search for "night" finds it. A leading
/// apostrophe is dropped ("'tis" → "tis") and so is a trailing one, except in the dropped-g
/// ending "in'" ("goin'"), which product search lets a query match.
public enum WordTokenizer {
    public static func words(_ text: String) -> [String] {
        var result: [String] = []
        forEachWord(in: TextFolding.fold(text)) { result.append($0) }
        return result
    }

    /// Calls `body` with each word of already folded text.
    public static func forEachWord(in folded: String, _ body: (String) -> Void) {
        forEachWordBytes(in: folded) { body(String(decoding: $0, as: UTF8.self)) }
    }

    /// Calls `body` with the bytes of each word of already folded text, valid during the call:
    /// for callers that look words up without making a string of each (building the library's
    /// index met 400,000 of them).
    public static func forEachWordBytes(in folded: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = folded
        text.withUTF8 { bytes in
            var start = -1
            func flush(_ end: Int) {
                guard start >= 0 else { return }
                // Trim apostrophes at the edges, but keep the one that ends "in'".
                var s = start, e = end
                while s < e, bytes[s] == 0x27 { s += 1 }
                while e > s, bytes[e - 1] == 0x27 {
                    if e - s >= 3 && bytes[e - 2] == 0x6E && bytes[e - 3] == 0x69 { break }
                    e -= 1
                }
                if e > s { body(UnsafeBufferPointer(rebasing: bytes[s..<e])) }
                start = -1
            }
            for i in 0..<bytes.count {
                let b = bytes[i]
                // Multi-byte letters that survived folding (Welsh ŵ decomposes, but Greek and
                // the like do not) still belong to the word; an apostrophe joins a word begun.
                if isWordByte(b) || b >= 0x80 {
                    if start < 0 { start = i }
                } else if b == 0x27, start >= 0 {
                    continue
                } else {
                    flush(i)
                }
            }
            flush(bytes.count)
        }
    }

    /// True when folded `text` is one word as `forEachWord` reads it, the text itself: letters and
    /// digits of ASCII only. Nearly every search term is; it is then looked up as it is, with no
    /// list of its words made.
    @inlinable
    public static func isOneWord(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { b in (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) }
    }

    @inline(__always)
    static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A)
    }

    /// Number of spoken words in a line: runs that contain at least one letter or digit.
    public static func wordCount(_ text: Substring) -> Int {
        // Nearly every line is ASCII, counted byte by byte without Unicode's property tables
        // (which took a tenth of building the library when every scalar went through them).
        if let count = asciiWordCount(text.utf8) { return count }
        var count = 0
        var inWord = false
        var hasAlnum = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if inWord && hasAlnum { count += 1 }
                inWord = false
                hasAlnum = false
            } else {
                inWord = true
                if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { hasAlnum = true }
            }
        }
        if inWord && hasAlnum { count += 1 }
        return count
    }

    /// The count for ASCII text, as Unicode's whitespace and letters have it there; nil at the
    /// first byte that is not ASCII.
    private static func asciiWordCount(_ bytes: Substring.UTF8View) -> Int? {
        var count = 0
        var inWord = false
        var hasAlnum = false
        for b in bytes {
            if b >= 0x80 { return nil }
            if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
                if inWord && hasAlnum { count += 1 }
                inWord = false
                hasAlnum = false
            } else {
                inWord = true
                if isWordByte(b) { hasAlnum = true }
            }
        }
        if inWord && hasAlnum { count += 1 }
        return count
    }
}
