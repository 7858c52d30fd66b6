import FolioApp

/// Readable game names in the tests ("room-1") stand for well-formed ids: the name's bytes in
/// hex, padded to 32 digits, so each name is its own id and the same name the same id.
extension MatchID: ExpressibleByStringLiteral {
    public init(stringLiteral name: String) {
        let hex = name.utf8.map { String($0, radix: 16) }.joined()
        self.init(rawValue: String((hex + String(repeating: "0", count: 32)).prefix(32)))!
    }
}
