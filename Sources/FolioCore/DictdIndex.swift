/// The index of a dictd dictionary, the format Debian's `dict-*` packages ship: one
/// `headword⇥offset⇥length` line per entry, the numbers in dictd's base 64, pointing into the
/// `.dict` file (shipped as `.dict.dz`, gzip). Shared by every app that reads one — FreeDict's
/// Welsh dictionaries for Vocabulary, GCIDE for the Monologues glossary — so each keeps only
/// what it makes of the entries.
public enum DictdIndex {
    /// A line that is not an index line.
    public struct Problem: Sendable, Hashable {
        public var line: Int
        public var reason: String

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    /// Calls `visit` with the headword bytes, offset, length and 1-based line number of every
    /// good line, and returns the lines that are not index lines. Works on bytes so a caller
    /// reading GCIDE's 200,000 lines makes strings only of the headwords it keeps.
    public static func scan<Bytes: BidirectionalCollection<UInt8>>(
        _ bytes: Bytes, _ visit: (_ headword: Bytes.SubSequence, _ offset: Int, _ length: Int, _ line: Int) -> Void
    ) -> [Problem] {
        var problems: [Problem] = []
        var lineNumber = 0
        // Split as bytes: "\r\n" is a single Character, which a split at "\n" would not see.
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.last == 0x0D ? rawLine.dropLast() : rawLine
            if line.isEmpty { continue }
            let fields = line.split(separator: 0x09, maxSplits: 4, omittingEmptySubsequences: false)
            // Some dictfmt versions add the unsimplified headword as a fourth column.
            guard fields.count == 3 || fields.count == 4, !fields[0].isEmpty else {
                problems.append(.init(line: lineNumber, reason: "expected a headword, an offset and a length separated by tabs"))
                continue
            }
            guard let offset = decodeNumber(fields[1]) else {
                problems.append(.init(line: lineNumber, reason: numberProblem(fields[1], what: "offset")))
                continue
            }
            guard let length = decodeNumber(fields[2]) else {
                problems.append(.init(line: lineNumber, reason: numberProblem(fields[2], what: "length")))
                continue
            }
            visit(fields[0], offset, length, lineNumber)
        }
        return problems
    }

    /// dictd's numbers: base 64, most significant digit first, digits A–Z a–z 0–9 + /.
    /// Nil for an empty number, a character outside the alphabet, or more than 60 bits.
    public static func decodeNumber<Digits: Collection<UInt8>>(_ digits: Digits) -> Int? {
        guard !digits.isEmpty, digits.count <= 10 else { return nil }
        var value = 0
        for byte in digits {
            let digit: Int
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = Int(byte) - 65
            case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = Int(byte) - 97 + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte) - 48 + 52
            case UInt8(ascii: "+"): digit = 62
            case UInt8(ascii: "/"): digit = 63
            default: return nil
            }
            value = value << 6 | digit
        }
        return value
    }

    /// The inverse of `decodeNumber`, for writing an index.
    public static func encodeNumber(_ value: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var n = max(0, value)
        var digits: [Character] = [alphabet[n & 63]]
        n >>= 6
        while n > 0 {
            digits.append(alphabet[n & 63])
            n >>= 6
        }
        return String(digits.reversed())
    }

    /// dictfmt drops the hyphens of "00-database-info" unless told to keep every character.
    public static func isMetadata(_ headword: String) -> Bool {
        headword.hasPrefix("00-database-") || headword.hasPrefix("00database")
    }

    private static func numberProblem<Field: Collection<UInt8>>(_ field: Field, what: String) -> String {
        let text = String(decoding: field, as: UTF8.self)
        if field.isEmpty { return "the \(what) is missing" }
        if field.count > 10 { return "the \(what) \"\(text)\" is too large" }
        return "the \(what) \"\(text)\" is not a dictd number (digits A–Z, a–z, 0–9, + and /)"
    }
}
