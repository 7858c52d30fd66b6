import FolioTestSupport
import Monologues
import Testing

@Suite struct CutSheetTests {
    static let original = LibraryFixture.monologue(
        "macbeth-2-1-macbeth-6", play: "Macbeth", number: 16, character: "Macbeth",
        notes: "Alone on stage. Cue: “Get thee to bed.”",
        text: "Is this a dagger which I see before me,\nThe handle toward my hand? Come, let me clutch thee.\n[Exit Servant]\nI have thee not, and yet I see thee still.\n*Art* thou not, fatal vision, sensible")

    /// Cut the second line, a beat before the last, and notes of one's own.
    static let edited = Favourite(monologueID: original.id,
                                  text: "Is this a dagger which I see before me,\n[Exit Servant]\n/\nI have thee not, and yet I see thee still.\n*Art* thou not, fatal vision, sensible",
                                  notes: "Breathe.\n1. Slow.").applied(to: original)

    @Test func theSheetHasTheBeatsTheSituationAndTheTimeOfTheCut() {
        let sheet = CutSheet(edited: Self.edited, original: Self.original)
        #expect(sheet.blocks == [.lines(["Is this a dagger which I see before me,", "[Exit Servant]"]), .beat,
                                 .lines(["I have thee not, and yet I see thee still.", "*Art* thou not, fatal vision, sensible"])])
        #expect(sheet.situation == "Alone on stage. Cue: “Get thee to bed.”")
        #expect(sheet.notes == "Breathe.\n1. Slow.")
        #expect(sheet.actScene == "Act I, Scene 1")
        // 25 spoken words at 150 a minute; the fixture gives the uncut speech 90 s.
        #expect(sheet.timing == "10 s · 25 words · 3 lines · verse · cut from 1 min 30 s")
        #expect(sheet.fileName(extension: "md") == "macbeth-16.md")
    }

    @Test func markdownKeepsLinesAndBeatsAndEscapesWhatWouldBeMarkup() {
        let markdown = CutSheet(edited: Self.edited, original: Self.original).markdown
        #expect(markdown.hasPrefix("# Macbeth 16\n\n**Macbeth** · *Macbeth* · Act I, Scene 1\n\n> Alone on stage. Cue: “Get thee to bed.”\n\n"))
        // A hard break after each line, the direction in italics with its brackets escaped, a
        // rule between blank lines for the beat, the text's own asterisks escaped.
        #expect(markdown.contains("Is this a dagger which I see before me,  \n*\\[Exit Servant\\]*\n\n* * *\n\nI have thee not, and yet I see thee still.  \n\\*Art\\* thou not, fatal vision, sensible\n\n"))
        // A note line that would start a numbered list stays text.
        #expect(markdown.hasSuffix("## Notes\n\nBreathe.  \n1\\. Slow.\n"))
    }

    @Test func plainTextIsTheSameSheetWithoutMarkup() {
        let text = CutSheet(edited: Self.edited, original: Self.original).plainText
        #expect(text == """
            Macbeth 16
            Macbeth · Macbeth · Act I, Scene 1
            Alone on stage. Cue: “Get thee to bed.”
            Running time: 10 s · 25 words · 3 lines · verse · cut from 1 min 30 s

            Is this a dagger which I see before me,
            [Exit Servant]

            ~

            I have thee not, and yet I see thee still.
            *Art* thou not, fatal vision, sensible

            Notes:
            Breathe.
            1. Slow.

            """)
    }

    @Test func anUncutFavouriteSaysNoCutAndBeatsAtTheEdgesAreDropped() {
        let untouched = CutSheet(edited: Self.original, original: Self.original)
        #expect(!untouched.timing.contains("cut from"))
        #expect(untouched.notes.isEmpty)
        let edges = Favourite(monologueID: Self.original.id, text: "/\nIs this a dagger which I see before me,\n/\n/").applied(to: Self.original)
        #expect(CutSheet(edited: edges, original: Self.original).blocks == [.lines(["Is this a dagger which I see before me,"])])
    }
}
