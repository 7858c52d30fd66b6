import Foundation
import Monologues

/// Small hand-made libraries: each test states exactly which monologues exist.
public enum LibraryFixture {
    public static func monologue(_ id: String, play: String = "Hamlet", number: Int = 1, character: String = "Hamlet",
                          gender: Gender = .male, genre: Genre = .tragedies, seconds: Int = 90,
                          notes: String = "Act I, Scene 1.", text: String, tags: [String] = ["noble", "lamenting"]) -> Monologue {
        let title = "\(play) \(number < 10 ? "0" : "")\(number)"
        return Monologue(id: id, title: title, sortTitle: sortTitle(title, play: play),
                         play: play, character: character, gender: gender, tone: genre.tone, genre: genre,
                         act: 1, scene: 1, location: "", notes: notes, text: text,
                         wordCount: text.split(separator: " ").count, lineCount: 1, seconds: seconds,
                         length: Length(seconds: seconds), verse: true, tags: tags)
    }

    /// Two speeches most server and use-case tests start from: Hamlet's "To be" (male, short)
    /// and Lady Macbeth's raven (female, long, tagged villain and planning).
    public static let twoSpeeches = [
        monologue("hamlet-3-1-hamlet-1", number: 1, text: "To be, or not to be: that is the question:\nWhether 'tis nobler in the mind to suffer"),
        monologue("macbeth-1-5-lady-macbeth-1", play: "Macbeth", character: "Lady Macbeth", gender: .female,
                  seconds: 200, text: "The raven himself is hoarse\nThat croaks the fatal entrance of Duncan", tags: ["villain", "planning"]),
    ]

    /// "The Tempest 01" sorts as "Tempest, The 01".
    static func sortTitle(_ title: String, play: String) -> String {
        for article in ["The ", "A ", "An "] where play.hasPrefix(article) {
            return String(play.dropFirst(article.count)) + ", " + article.dropLast() + title.dropFirst(play.count)
        }
        return title
    }
}

/// The real corpus, when the test command has fetched it (scripts/test.sh sets FOLIO_CORPUS).
/// Under CI it must be there: a missing corpus fails instead of skipping.
public enum RealCorpus {
    public static let directory: URL? = ProcessInfo.processInfo.environment["FOLIO_CORPUS"].map { URL(fileURLWithPath: $0) }
    public static let required = ProcessInfo.processInfo.environment["CI"] == "true"
    public static var available: Bool { directory != nil || required }

    /// Built once for the whole test run.
    public static let monologues: Result<[Monologue], any Error> = Result {
        guard let directory else { throw CorpusError.missing(path: "$FOLIO_CORPUS (unset; run scripts/test.sh)") }
        return try PlayCorpus.monologues(from: PlayCorpus.files(in: directory)).monologues
    }

    public static let library: Result<MonologueLibrary, any Error> = monologues.map { MonologueLibrary($0) }
}

