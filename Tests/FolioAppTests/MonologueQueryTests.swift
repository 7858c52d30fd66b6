import FolioApp
import Monologues
import Testing

@Suite struct MonologueQueryTests {
    let known: Set<String> = ["villain", "planning", "grief"]

    @Test func strictReadsFoldedValuesAndCommaSeparatedTags() throws {
        let query = try MonologueQuery.strict(text: "raven", gender: "Female", tone: " tragedy ", length: nil,
                                              tags: ["villain,planning", "GRIEF"], knownTags: known)
        #expect(query.text == "raven")
        #expect(query.filter == MonologueFilter(gender: .female, tone: .tragedy, tags: ["villain", "planning", "grief"]))
    }

    @Test func strictRefusesUnknownValuesNamingTheAllowedOnes() {
        #expect(throws: MonologueError.unknownFilterValue(field: "tone", value: "jolly", allowed: Tone.allCases.map(\.rawValue))) {
            try MonologueQuery.strict(text: nil, gender: nil, tone: "jolly", length: nil, tags: [], knownTags: known)
        }
        #expect(throws: MonologueError.unknownFilterValue(field: "tag", value: "pirate", allowed: ["grief", "planning", "villain"])) {
            try MonologueQuery.strict(text: nil, gender: nil, tone: nil, length: nil, tags: ["villain", "pirate"], knownTags: known)
        }
    }

    @Test func lenientStartsFromTheRememberedOptionsAndIgnoresWhatItDoesNotKnow() {
        let options = MonologueOptions(gender: .male, tone: .comedy, length: .short)
        let kept = MonologueQuery.lenient(text: nil, gender: "nonsense", tone: "jolly", length: nil, tags: ["", "my-own-tag"], options: options)
        #expect(kept.filter == MonologueFilter(gender: .male, tone: .comedy, length: .short, tags: ["my-own-tag"]))
        let narrowed = MonologueQuery.lenient(text: "crown", gender: "any", tone: "tragedy", length: "long", tags: [], options: options)
        #expect(narrowed.filter == MonologueFilter(gender: nil, tone: .tragedy, length: .long))
        #expect(narrowed.text == "crown")
    }

    @Test func theTextIsCutToItsLongest() {
        let query = MonologueQuery.lenient(text: String(repeating: "a ", count: 2_000), gender: nil, tone: nil, length: nil, tags: [],
                                           options: MonologueOptions())
        #expect(query.text.count == MonologueQuery.longestText)
    }
}
