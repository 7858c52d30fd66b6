import Foundation

/// The letters a word list is spelled in, in alphabetical order: a–z for English and Dutch, and
/// Welsh's 29, eight of them written with two characters (ch dd ff ng ll ph rh th).
///
/// A spelling is read greedily, the longer letter first, so "llan" is ll·a·n. That misreads a few
/// words: in "Bangor" the n and g are two letters, which a list of headwords cannot tell from the
/// letter ng, so every "ng" is read as ng. Reading one way everywhere means a word's letters are
/// the same wherever they are met, at the start, in the middle or in a fragment on the table,
/// which the tries and the games rely on.
public struct Alphabet: Sendable, Hashable, CustomStringConvertible {
    /// What players call it: "a–z", "Welsh".
    public let name: String
    /// The letters in alphabetical order; a letter's index is its place here.
    public let letters: [String]
    /// Whether a vowel written with a circumflex, acute, grave or diaeresis (ŵ, á, ï, ỳ) is read as
    /// the plain vowel. Welsh marks length and stress that way; the word is the same word.
    public let foldsAccents: Bool

    /// Per byte: the index of the one-character letter it is (`none` if it is none), with
    /// `beginsPair` set when a two-character letter starts with it.
    @usableFromInline let codes: [UInt8]
    /// The two-character letters: their two bytes (first << 8 | second) and their index.
    @usableFromInline let pairs: [UInt32]
    /// Exactly a–z, each letter one character, its byte minus 97: word lists read it without a
    /// table, and nothing can run together.
    public let isLatin: Bool

    @usableFromInline static let none: UInt8 = 31
    @usableFromInline static let indexBits: UInt8 = 31
    @usableFromInline static let beginsPair: UInt8 = 1 << 7
    /// A letter is one or two characters, so a fragment reads without looking further ahead.
    public static let longestLetter = 2
    /// A trie node keeps one bit per letter beside its word bit.
    static let mostLetters = 31

    init(name: String, letters: [String], foldsAccents: Bool = false) {
        precondition((1...Self.mostLetters).contains(letters.count), "a trie node has one bit per letter, 31 at most")
        precondition(Set(letters).count == letters.count, "a letter is listed once")
        var codes = [UInt8](repeating: Self.none, count: 256)
        var pairs: [UInt32] = []
        for (index, letter) in letters.enumerated() {
            let bytes = Array(letter.utf8)
            precondition((1...Self.longestLetter).contains(bytes.count) && bytes.allSatisfy { (97...122).contains($0) },
                         "a letter is one or two characters a–z")
            if bytes.count == 1 {
                codes[Int(bytes[0])] = codes[Int(bytes[0])] & Self.beginsPair | UInt8(index)
            } else {
                codes[Int(bytes[0])] |= Self.beginsPair
                pairs.append(UInt32(bytes[0]) << 16 | UInt32(bytes[1]) << 8 | UInt32(index))
            }
        }
        self.name = name
        self.letters = letters
        self.foldsAccents = foldsAccents
        self.codes = codes
        self.pairs = pairs
        isLatin = letters == (97...122).map { String(UnicodeScalar(UInt8($0))) }
    }

    /// English's and Dutch's: the lists keep only words written in a–z.
    public static let latin = Alphabet(name: "a–z", letters: (97...122).map { String(UnicodeScalar(UInt8($0))) })

    /// Welsh's 29 letters in Welsh order. J is not native but is in loanwords (jam, garej); k, q,
    /// v, x and z are not Welsh letters, so words with them are left out.
    public static let welsh = Alphabet(
        name: "Welsh",
        letters: ["a", "b", "c", "ch", "d", "dd", "e", "f", "ff", "g", "ng", "h", "i", "j", "l", "ll",
                  "m", "n", "o", "p", "ph", "r", "rh", "s", "t", "th", "u", "w", "y"],
        foldsAccents: true)

    /// Every alphabet a game can be played in: what a stored move's letter may be.
    public static let all: [Alphabet] = [.latin, .welsh]

    public var count: Int { letters.count }

    public var description: String { name }

    /// "one letter a–z", "one letter of the Welsh alphabet (a, b, c, ch, …)": what a message
    /// asks a player for.
    public var oneLetter: String {
        isLatin ? "one letter a–z" : "one letter of the \(name) alphabet (\(letters.joined(separator: ", ")))"
    }

    public static func == (lhs: Alphabet, rhs: Alphabet) -> Bool {
        lhs.name == rhs.name && lhs.letters == rhs.letters && lhs.foldsAccents == rhs.foldsAccents
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(letters)
    }

    // MARK: Reading

    /// The index of a letter ("ll" in Welsh is 15), or nil when it is not one letter of this alphabet.
    @inlinable
    public func index(of letter: some StringProtocol) -> Int? {
        var bytes = letter.utf8.makeIterator()
        guard let first = bytes.next() else { return nil }
        let code = codes[Int(first)]
        guard let second = bytes.next() else {
            let single = code & Self.indexBits
            return single == Self.none ? nil : Int(single)
        }
        guard bytes.next() == nil, code & Self.beginsPair != 0 else { return nil }
        return pairIndex(first, second)
    }

    @inlinable
    func pairIndex(_ first: UInt8, _ second: UInt8) -> Int? {
        let key = UInt32(first) << 16 | UInt32(second) << 8
        for pair in pairs where pair & ~0xFF == key { return Int(pair & 0xFF) }
        return nil
    }

    /// The next letter of `bytes` from `i`, read greedily, moving `i` past it; nil when the
    /// bytes there are no letter.
    @inlinable
    func letter(at i: inout Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let code = codes[Int(bytes[i])]
        if code & Self.beginsPair != 0, i + 1 < bytes.count, let pair = pairIndex(bytes[i], bytes[i + 1]) {
            i += 2
            return pair
        }
        let single = code & Self.indexBits
        guard single != Self.none else { return nil }
        i += 1
        return Int(single)
    }

    /// The letters of a spelling as indices, read greedily; nil when some part of it is no letter.
    public func indices(of spelling: some StringProtocol) -> [Int]? {
        var text = String(spelling)
        return text.withUTF8 { bytes in
            var result: [Int] = []
            var i = 0
            while i < bytes.count {
                guard let c = letter(at: &i, in: bytes) else { return nil }
                result.append(c)
            }
            return result
        }
    }

    /// The letters of a spelling: "llan" is ["ll", "a", "n"]; nil when some part of it is no letter.
    public func split(_ spelling: some StringProtocol) -> [String]? {
        indices(of: spelling)?.map { letters[$0] }
    }

    /// The letters with these indices, written out.
    public func spell(_ indices: some Sequence<Int>) -> String {
        indices.reduce(into: "") { $0 += letters[$1] }
    }

    /// A word as a person or a word list writes it, in this alphabet's letters: accents folded
    /// where the alphabet folds them ("llŷn" is "llyn"). Nil when anything else is left: a
    /// capital, a digit, a space, a hyphen, a letter from another alphabet; nil for nothing at all.
    public func word(_ written: some StringProtocol) -> String? {
        let written = String(written)
        guard !written.isEmpty else { return nil }
        if written.utf8.allSatisfy({ $0 < 0x80 }) {
            return indices(of: written) != nil ? written : nil
        }
        guard foldsAccents else { return nil }
        var folded = String.UnicodeScalarView()
        for scalar in written.decomposedStringWithCanonicalMapping.unicodeScalars {
            if Self.foldedMarks.contains(scalar.value), let vowel = folded.last, Self.vowels.contains(vowel) { continue }
            folded.append(scalar)
        }
        let word = String(folded)
        return word.utf8.allSatisfy({ $0 < 0x80 }) && indices(of: word) != nil ? word : nil
    }

    /// Combining grave, acute, circumflex and diaeresis: what decomposing à, á, â and ä leaves after the vowel.
    static let foldedMarks: Set<UInt32> = [0x300, 0x301, 0x302, 0x308]
    /// Welsh's vowels, w and y among them.
    static let vowels: Set<Unicode.Scalar> = ["a", "e", "i", "o", "u", "w", "y"]
}
