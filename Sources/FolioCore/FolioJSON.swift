import Foundation

extension JSONEncoder {
    /// Folio's JSON, for the API and the command line alike: keys in sorted order, so that the
    /// same answer is the same bytes on every run (a Swift dictionary's order changes from one
    /// process to the next, and two outputs could not be compared byte for byte), and slashes
    /// left unescaped (paths and links stay readable).
    public static func folio(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
