/// A word list as a device takes it to play without a connection: its counting words, each
/// written as how many characters it shares with the word before and the rest ("3ial" after
/// "abbess" is "abbial"), one a line. Sorted words share long beginnings, so this is a third of
/// the plain list and compresses to under a sixth of it (English: 63,363 words in 92 KB gzipped,
/// Dutch 344,230 in 759 KB, measured with Debian's lists). The browser reads it back and builds
/// the same trie (public/rules/ghost-words.js).
extension WordList {
    /// Every counting word, in the order of the alphabet's letters.
    public var countingWords: [String] {
        var words: [String] = []
        words.reserveCapacity(wordCount)
        var path: [Int] = []
        // Depth first, letters in order: each node's words before its children's.
        func visit(_ node: Int) {
            if isTerminal(node) { words.append(alphabet.spell(path)) }
            var mask = letterMask(node)
            while mask != 0 {
                let c = mask.trailingZeroBitCount
                mask &= mask - 1
                path.append(c)
                visit(child(of: node, letterIndex: c)!)
                path.removeLast()
            }
        }
        if wordCount > 0 { visit(0) }
        return words
    }

    /// The most characters a line says it shares with the word before: a count is one
    /// character from "0" on, and a shared run longer than this is written out.
    public static let longestSharedRun = 60

    /// The counting words, front-coded one a line.
    public var frontCoded: String {
        var out = ""
        var previous: [UInt8] = []
        for word in countingWords {
            let bytes = Array(word.utf8)
            var shared = 0
            while shared < min(previous.count, bytes.count, Self.longestSharedRun), previous[shared] == bytes[shared] { shared += 1 }
            out.unicodeScalars.append(Unicode.Scalar(UInt8(48 + shared)))
            out += String(decoding: bytes[shared...], as: UTF8.self)
            out += "\n"
            previous = bytes
        }
        return out
    }
}
