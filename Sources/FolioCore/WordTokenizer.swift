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
        var current: [UInt8] = []
        current.reserveCapacity(24)
        func flush() {
            // Trim apostrophes at the edges, but keep the one that ends "in'".
            while current.first == 0x27 { current.removeFirst() }
            while current.last == 0x27 {
                let n = current.count
                if n >= 3 && current[n - 2] == 0x6E && current[n - 3] == 0x69 { break }
                current.removeLast()
            }
            if !current.isEmpty { body(String(decoding: current, as: UTF8.self)) }
            current.removeAll(keepingCapacity: true)
        }
        var bytes = Array(folded.utf8)
        bytes.append(0x20)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if isWordByte(b) {
                current.append(b)
            } else if b == 0x27, !current.isEmpty {
                current.append(b)
            } else if b >= 0x80 {
                // Multi-byte letters that survived folding (Welsh ŵ decomposes, but Greek and
                // the like do not) still belong to the word.
                current.append(b)
            } else {
                flush()
            }
            i += 1
        }
    }

    @inline(__always)
    static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A)
    }

    /// Number of spoken words in a line: runs that contain at least one letter or digit.
    public static func wordCount(_ text: Substring) -> Int {
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
}
