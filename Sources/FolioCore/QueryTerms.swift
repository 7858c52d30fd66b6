/// A search string split the way the seed app split it: on spaces and commas, empty pieces
/// dropped, every term folded.
public struct QueryTerms: Sendable, Hashable {
    public let terms: [String]

    public init(_ query: String) {
        let folded = TextFolding.fold(query)
        terms = folded.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" })
            .map { String($0) }
    }

    public var isEmpty: Bool { terms.isEmpty }
}
