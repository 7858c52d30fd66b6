import Foundation
import Monologues

/// Small hand-made libraries: each test states exactly which monologues exist.
public enum LibraryFixture {
    public static func monologue(_ id: String, play: String = "Hamlet", number: Int = 1, character: String = "Hamlet",
                          gender: Gender = .male, genre: Genre = .tragedies, seconds: Int = 90,
                          notes: String = "Act I, Scene 1.", text: String, tags: [String] = ["noble", "lamenting"],
                          longerCut: String? = nil) -> Monologue {
        let title = "\(play) \(number < 10 ? "0" : "")\(number)"
        return Monologue(id: id, title: title, sortTitle: sortTitle(title, play: play),
                         play: play, character: character, gender: gender, tone: genre.tone, genre: genre,
                         act: 1, scene: 1, location: "", notes: notes, text: text,
                         wordCount: text.split(separator: " ").count, lineCount: 1, seconds: seconds,
                         length: Length(seconds: seconds), verse: true, tags: tags, longerCut: longerCut)
    }

    /// Macbeth's "To-morrow" as the library holds it: the whole interrupted speech (Macbeth 02)
    /// and the piece split off it, which names the whole as its longer cut, between two speeches
    /// of the same play.
    public static let longerCut = [
        monologue("macbeth-5-3-macbeth-1", play: "Macbeth", number: 1, character: "Macbeth", text: "Seyton! I am sick at heart.",
                  tags: ["ruler", "fearing"]),
        monologue("macbeth-5-5-macbeth-2", play: "Macbeth", number: 2, character: "Macbeth", seconds: 63,
                  text: "I have almost forgot the taste of fears;\n[Seyton: The queen, my lord, is dead.]\nShe should have died hereafter;\nTo-morrow, and to-morrow, and to-morrow",
                  tags: ["ruler", "reflecting"]),
        monologue("macbeth-5-5-macbeth-4", play: "Macbeth", number: 2, character: "Macbeth", seconds: 42,
                  notes: "Act V, Scene 5. Speaking to Seyton. Cue (Seyton): \u{201C}The queen, my lord, is dead.\u{201D}",
                  text: "She should have died hereafter;\nTo-morrow, and to-morrow, and to-morrow", tags: ["ruler", "reflecting"],
                  longerCut: "macbeth-5-5-macbeth-2"),
        monologue("macbeth-5-8-macduff-1", play: "Macbeth", number: 3, character: "Macduff", text: "Turn, hell-hound, turn!",
                  tags: ["soldier", "threatening"]),
    ]

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

/// Small hand-made plays, in the corpus's Markdown.
public enum PlayFixture {
    /// Macbeth 27 words, Seyton 6, Macbeth 46, a Messenger 8, Macbeth 34, joined into one
    /// speech; then Malcolm 34 in the next scene.
    public static let hereafter = """
        # Macbeth

        ## ACT V

        ### SCENE V. Dunsinane. Within the castle.

        _Enter MACBETH and SEYTON_

        **MACBETH**  
        I have almost forgot the taste of fears;  
        The time has been my senses would have cooled  
        To hear a cry at night. Wherefore was that cry?

        **SEYTON**  
        The queen, my lord, is dead.

        **MACBETH**  
        She should have died hereafter;  
        There would have been a time for such a word.  
        Tomorrow, and tomorrow, and tomorrow,  
        Creeps in this petty pace from day to day  
        To the last syllable of recorded time.  
        Out, out, brief candle! Life is but a walking shadow.

        **MESSENGER**  
        My lord, I saw the wood begin to move.

        **MACBETH**  
        Liar and slave! If thou speak false,  
        Upon the next tree shalt thou hang alive  
        Till famine cling thee; if thy speech be true,  
        I care not if thou dost for me as much.

        ### SCENE VI. Dunsinane. Before the castle.

        _Enter MALCOLM and MACDUFF_

        **MALCOLM**  
        Now near enough; your leavy screens throw down,  
        And show like those you are. You, worthy uncle,  
        Shall with my cousin lead our first battle  
        And we shall take the rest upon us here.
        """
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

