/// Random bits from the system's secure generator, as lowercase hex: session and CSRF tokens,
/// and game ids that must be hard to guess.
public enum RandomHex {
    /// `words` × 64 random bits as `words` × 16 hex digits. Written by hand: every visitor
    /// without a cookie gets a token, and `String(format:)` made that a noticeable share of a request.
    public static func make(words: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var hex = [UInt8]()
        hex.reserveCapacity(words * 16)
        for _ in 0..<words {
            var word: UInt64 = generator.next()
            for _ in 0..<16 {
                hex.append(digits[Int(word >> 60)])
                word <<= 4
            }
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private static let digits = Array("0123456789abcdef".utf8)
}
