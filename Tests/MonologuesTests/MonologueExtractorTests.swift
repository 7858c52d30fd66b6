import FolioTestSupport
import Foundation
import Testing
@testable import Monologues

/// The fixtures use a minimum of 20 words so that a monologue fits in three or four invented lines.
@Suite("Monologue extractor")
struct MonologueExtractorTests {
    static let rules = ExtractionRules(minimumWords: 20)

    private func monologues(_ markdown: String, slug: String, genre: Genre,
                            rules: ExtractionRules = Self.rules) throws -> [Monologue] {
        let play = try PlayParser().parse(markdown, slug: slug, genre: genre)
        return MonologueExtractor(rules: rules).monologues(from: play)
    }

    // MARK: - Fixtures

    /// Prospero's second speech is 34 words of verse (10 + 9 + 8 + 7); Trinculo's is 36 words
    /// of prose (14 + 15 + 7). Everything else is under 20 words.
    static let tempest = """
        # The Tempest

        ## ACT I

        ### SCENE II. The island. Before PROSPERO'S cell.

        _Enter PROSPERO and MIRANDA_

        **PROSPERO**  
        Sit down, my child, and hear.

        **MIRANDA**  
        I am attending, sir.

        **PROSPERO**  
        Be still, my child, and hear what I shall tell:  
        The sea that rose tonight was raised by me,  
        And all the sailors sleep beneath the deck,  
        Unharmed, unwet, and dreaming of the shore.

        **MIRANDA**  
        Why did you raise it, father?

        ## ACT II

        ### SCENE II. Another part of the island.

        _Enter TRINCULO_

        **TRINCULO**  
        Here's neither hedge nor hut to keep off the rain, and the sky is  
        black again; if it thunder as it did before, I know not where to hide  
        my head, unless under this fish's gaberdine.
        """

    /// York 26 words, then Henry 25 words to him; York leaves and Henry speaks 26 more.
    static let henryV = """
        # Henry V

        ## ACT IV

        ### SCENE III. The English camp.

        _Enter KING HENRY V, EXETER, and the DUKE OF YORK_

        **DUKE OF YORK**  
        My lord, most humbly on my knee I beg  
        The leading of the vaward, for I would  
        Be first to meet the French upon the field.

        **KING HENRY V**  
        Take it, brave York. Now, soldiers, march away:  
        And how thou pleasest, God, dispose the day!  
        We few shall stand as brothers on this ground.

        **DUKE OF YORK**  
        I go, my lord.

        _Exit DUKE OF YORK_

        **KING HENRY V**  
        Now, Exeter, the day is ours or none;  
        Bid every man look well unto his arms,  
        And pray, as I shall pray, that God be kind.

        **EXETER**  
        God's will, my liege.
        """

    /// Hamlet speaks 36 words to Rosencrantz and Guildenstern, they leave, and he speaks 36 more.
    static let soliloquy = """
        # Hamlet

        ## ACT II

        ### SCENE II. A room in the castle.

        _Enter HAMLET, ROSENCRANTZ, and GUILDENSTERN_

        **GUILDENSTERN**  
        We shall, my lord.

        **ROSENCRANTZ**  
        Good my lord, we take our leave of you.

        **HAMLET**  
        Go, then, and tell the king I'm merry still;  
        Tell him I walk, I read, I sleep, I dine,  
        And let him make of that what pleases him.  
        Farewell, good friends, until we meet at night.

        _Exeunt ROSENCRANTZ and GUILDENSTERN_

        Now I am alone. What a poor thing am I,  
        That cannot speak for my own father's cause,  
        When players weep for nothing but a tale!  
        The play shall be the trap to catch the king.
        """

    /// Hamlet 39 words, Horatio 6, Hamlet 35; `entrance` goes between Hamlet's first part and
    /// Horatio's reply.
    static func interrupted(entrance: String = "") -> String {
        """
        # Hamlet

        ## ACT III

        ### SCENE I. A room in the castle.

        _Enter HAMLET and HORATIO_

        **HAMLET**  
        Give me the man that is not passion's slave,  
        And I will keep him near me, as I keep thee.  
        But hear me now: a play is set tonight  
        Before the king, and one scene tells my father's death.

        \(entrance)

        **HORATIO**  
        Well, my lord; I'll watch him.

        **HAMLET**  
        When that scene comes, watch my uncle's face;  
        If his hid guilt do not show itself,  
        Then it was a lying ghost that we have seen,  
        And all my thoughts are foul. Watch him well.

        **MARCELLUS**  
        My lord, the king is coming.
        """
    }

    // MARK: - Fields

    @Test func longSpeechBecomesAMonologueWithEveryField() throws {
        let found = try monologues(Self.tempest, slug: "the-tempest", genre: .romances)
        #expect(found.count == 2)
        let prospero = try #require(found.first)
        #expect(prospero.id == "the-tempest-1-2-prospero-2")
        #expect(prospero.title == "The Tempest 01")
        #expect(prospero.sortTitle == "Tempest, The 01")
        #expect(prospero.play == "The Tempest")
        #expect(prospero.character == "Prospero")
        #expect(prospero.genre == .romances)
        #expect(prospero.tone == .comedy)
        #expect(prospero.act == 1)
        #expect(prospero.scene == 2)
        #expect(prospero.location == "The island. Before Prospero's cell.")
        #expect(prospero.text == """
            Be still, my child, and hear what I shall tell:
            The sea that rose tonight was raised by me,
            And all the sailors sleep beneath the deck,
            Unharmed, unwet, and dreaming of the shore.
            """)
        #expect(prospero.wordCount == 34)
        #expect(prospero.lineCount == 4)
        // 34 words at 150 a minute is 13.6 seconds.
        #expect(prospero.seconds == 14)
        #expect(prospero.length == .short)
        #expect(prospero.verse)

        let trinculo = try #require(found.last)
        #expect(trinculo.id == "the-tempest-2-2-trinculo-1")
        #expect(trinculo.title == "The Tempest 02")
        #expect(trinculo.sortTitle == "Tempest, The 02")
        #expect(trinculo.character == "Trinculo")
        #expect((trinculo.act, trinculo.scene) == (2, 2))
        #expect(trinculo.wordCount == 36)
        #expect(trinculo.lineCount == 3)
        #expect(trinculo.seconds == 14)
        // Prose: the wrapped lines run on in lowercase.
        #expect(!trinculo.verse)
    }

    @Test func secondsAndLengthFollowTheSpeakingPace() throws {
        // 34 words at 30 a minute is 68 seconds, at 15 a minute 136.
        let slow = try monologues(Self.tempest, slug: "the-tempest", genre: .romances,
                                  rules: ExtractionRules(minimumWords: 20, wordsPerMinute: 30))
        #expect(slow.first?.seconds == 68)
        #expect(slow.first?.length == .medium)
        let slower = try monologues(Self.tempest, slug: "the-tempest", genre: .romances,
                                    rules: ExtractionRules(minimumWords: 20, wordsPerMinute: 15))
        #expect(slower.first?.seconds == 136)
        #expect(slower.first?.length == .long)
        #expect(Length(seconds: 60) == .short)
        #expect(Length(seconds: 61) == .medium)
        #expect(Length(seconds: 120) == .medium)
        #expect(Length(seconds: 121) == .long)
    }

    @Test func charactersInDisplayCase() throws {
        let macbeth = try monologues("""
            # Macbeth

            ## ACT I

            ### SCENE V. Inverness. MACBETH'S castle.

            _Enter LADY MACBETH, reading a letter_

            **LADY MACBETH**  
            Thou shalt be king, and I will make thee so,  
            Though all thy gentle nature bid thee wait;  
            Come, night, and hide the road from those who watch.
            """, slug: "macbeth", genre: .tragedies)
        #expect(macbeth.map(\.character) == ["Lady Macbeth"])
        #expect(macbeth.map(\.id) == ["macbeth-1-5-lady-macbeth-1"])
        #expect(macbeth.first?.wordCount == 28)

        let henry = try monologues(Self.henryV, slug: "henry-v", genre: .histories)
        #expect(henry.map(\.character) == ["Duke of York", "King Henry V", "King Henry V"])
        #expect(henry.map(\.id) == [
            "henry-v-4-3-duke-of-york-1", "henry-v-4-3-king-henry-v-1", "henry-v-4-3-king-henry-v-2",
        ])
        #expect(henry.map(\.wordCount) == [26, 25, 26])
        #expect(henry.map(\.title) == ["Henry V 01", "Henry V 02", "Henry V 03"])
        // No article to move.
        #expect(henry.map(\.sortTitle) == ["Henry V 01", "Henry V 02", "Henry V 03"])
    }

    // MARK: - What is not a monologue

    @Test func shortSpeechesAreNotMonologues() throws {
        let found = try monologues(Self.tempest, slug: "the-tempest", genre: .romances)
        #expect(!found.contains { $0.character == "Miranda" })
        #expect(!found.contains { $0.id == "the-tempest-1-2-prospero-1" })
        // The bound is inclusive: Lady Macbeth's 28 words are enough at 28, not at 29.
        let text = """
            # Macbeth

            ## ACT I

            ### SCENE V. Inverness. MACBETH'S castle.

            **LADY MACBETH**  
            Thou shalt be king, and I will make thee so,  
            Though all thy gentle nature bid thee wait;  
            Come, night, and hide the road from those who watch.
            """
        #expect(try monologues(text, slug: "macbeth", genre: .tragedies, rules: ExtractionRules(minimumWords: 28)).count == 1)
        #expect(try monologues(text, slug: "macbeth", genre: .tragedies, rules: ExtractionRules(minimumWords: 29)).isEmpty)
    }

    @Test func groupSpeechesAreNeverMonologues() throws {
        let found = try monologues("""
            # Hamlet

            ## ACT I

            ### SCENE V. Another part of the platform.

            **MARCELLUS & BERNARDO**  
            We swear by this good sword, and by the night,  
            And by the ghost that walks upon these walls,  
            To keep it close, and never speak of it.

            **ALL**  
            Our duty and our lives are yours, my lord,  
            And what we saw tonight we never saw;  
            No word of it shall pass our lips again.
            """, slug: "hamlet", genre: .tragedies, rules: ExtractionRules(minimumWords: 1))
        #expect(found.isEmpty)
    }

    // MARK: - Splitting and joining speeches

    @Test func soliloquyAfterTheOthersLeaveIsItsOwnMonologue() throws {
        let found = try monologues(Self.soliloquy, slug: "hamlet", genre: .tragedies)
        #expect(found.map(\.id) == ["hamlet-2-2-hamlet-1", "hamlet-2-2-hamlet-1.2"])
        #expect(found.map(\.wordCount) == [36, 36])
        let before = try #require(found.first), alone = try #require(found.last)
        #expect(before.text.hasSuffix("Farewell, good friends, until we meet at night."))
        #expect(!before.text.contains("Exeunt"))
        #expect(alone.text.hasPrefix("Now I am alone."))
        #expect(alone.lineCount == 4)
        #expect(alone.notes.contains("Alone on stage."))
        #expect(!before.notes.contains("Alone on stage."))
        #expect(before.notes.contains("Speaking to Rosencrantz; Guildenstern also on stage."))
    }

    @Test func soliloquyIsSplitOffEvenWhenWhatCameBeforeIsShort() throws {
        let short = Self.soliloquy.replacingOccurrences(of: """
            Go, then, and tell the king I'm merry still;  
            Tell him I walk, I read, I sleep, I dine,  
            And let him make of that what pleases him.  
            Farewell, good friends, until we meet at night.
            """, with: "Farewell, good friends.")
        #expect(short != Self.soliloquy)
        let found = try monologues(short, slug: "hamlet", genre: .tragedies)
        #expect(found.map(\.id) == ["hamlet-2-2-hamlet-1.2"])
        #expect(found.first?.wordCount == 36)
        #expect(found.first?.notes == "Act II, Scene 2. A room in the castle. Alone on stage. Cue (own line): \u{201C}Farewell, good friends.\u{201D}")
    }

    @Test func shortInterjectionIsKeptInsideTheSpeech() throws {
        // Hamlet's second part (35 words) is short of a monologue by itself, so no piece is split off.
        let found = try monologues(Self.interrupted(), slug: "hamlet", genre: .tragedies,
                                   rules: ExtractionRules(minimumWords: 36))
        #expect(found.map(\.id) == ["hamlet-3-1-hamlet-1"])
        let speech = try #require(found.first)
        #expect(speech.text.contains("\n[Horatio: Well, my lord; I'll watch him.]\n"))
        // Horatio's six words are not Hamlet's.
        #expect(speech.wordCount == 39 + 35)
        #expect(speech.lineCount == 8)
        #expect(speech.seconds == 30)
        #expect(!speech.spokenText.contains("Horatio"))
    }

    @Test func interjectionAfterAnEntranceDoesNotMerge() throws {
        let found = try monologues(Self.interrupted(entrance: "_Enter MARCELLUS_"), slug: "hamlet", genre: .tragedies)
        #expect(found.map(\.id) == ["hamlet-3-1-hamlet-1", "hamlet-3-1-hamlet-2"])
        #expect(found.map(\.wordCount) == [39, 35])
        #expect(found.allSatisfy { !$0.text.contains("[Horatio") })
        #expect(found.last?.notes.contains("Speaking to Horatio; Marcellus also on stage.") == true)
    }

    @Test func interjectionBetweenPartsTooShortDoesNotMerge() throws {
        // The second part has 35 words; requiring 36 makes the exchange a dialogue.
        let rules = ExtractionRules(minimumWords: 20, interruptedPartMinWords: 36)
        let found = try monologues(Self.interrupted(), slug: "hamlet", genre: .tragedies, rules: rules)
        #expect(found.map(\.wordCount) == [39, 35])
        // And an interjection longer than allowed ends the speech too.
        let chatty = try monologues(Self.interrupted(), slug: "hamlet", genre: .tragedies,
                                    rules: ExtractionRules(minimumWords: 20, interjectionMaxWords: 5))
        #expect(chatty.map(\.wordCount) == [39, 35])
    }

    // MARK: - Pieces split off an interrupted speech

    @Test func aLongSpeechAfterAShortLeadInStartsAMonologueOfItsOwn() throws {
        let found = try monologues(PlayFixture.hereafter, slug: "macbeth", genre: .tragedies, rules: ExtractionRules(minimumWords: 30))
        #expect(found.map(\.id) == ["macbeth-5-5-macbeth-1", "macbeth-5-5-macbeth-2", "macbeth-5-6-malcolm-1"])
        let joined = found[0], piece = found[1]
        #expect(joined.longerCut == nil)
        #expect(piece.longerCut == joined.id)
        #expect(joined.firstLine == "I have almost forgot the taste of fears;")
        #expect(joined.wordCount == 27 + 46 + 34)
        // From the resumed part to the end of the joined speech: the Messenger's line stays in
        // it, and the part after it, long enough as well, starts nothing more.
        #expect(piece.firstLine == "She should have died hereafter;")
        #expect(piece.wordCount == 46 + 34)
        #expect(piece.text.contains("\n[Messenger: My lord, I saw the wood begin to move.]\nLiar and slave!"))
        #expect(!piece.text.contains("Seyton"))
        // Its cue is the interjection it follows, and it speaks to whoever gave it.
        #expect(piece.notes == "Act V, Scene 5. Dunsinane. Within the castle. Speaking to Seyton. Cue (Seyton): \u{201C}The queen, my lord, is dead.\u{201D}")
        // It stands where its longer cut does: the titles after them are as they were.
        #expect(found.map(\.title) == ["Macbeth 01", "Macbeth 01", "Macbeth 02"])
        #expect(piece.sortTitle == joined.sortTitle)
    }

    @Test func aResumedPartShortOfAMonologueSplitsNothingAndTheWholeSpeechIsTheSame() throws {
        let split = try monologues(PlayFixture.hereafter, slug: "macbeth", genre: .tragedies, rules: ExtractionRules(minimumWords: 30))
        // 46 and 34 words are each short of 47: no part is a monologue by itself.
        let whole = try monologues(PlayFixture.hereafter, slug: "macbeth", genre: .tragedies, rules: ExtractionRules(minimumWords: 47))
        #expect(whole.map(\.id) == ["macbeth-5-5-macbeth-1"])
        // The joined speech is the same monologue, id and all, whether or not a piece is split off it.
        #expect(whole.first == split.first)
    }

    // MARK: - Notes

    @Test func notesGiveActSceneAndLocation() throws {
        let found = try monologues(Self.interrupted(), slug: "hamlet", genre: .tragedies)
        let notes = try #require(found.first?.notes)
        #expect(notes.hasPrefix("Act III, Scene 1. A room in the castle."))
        #expect(notes == "Act III, Scene 1. A room in the castle. On stage: Horatio.")
    }

    @Test func notesOfProloguesAndEpilogues() throws {
        let henryV = try monologues("""
            # Henry V

            ## ACT I

            ### PROLOGUE

            _Enter Chorus_

            **Chorus**  
            O for a muse to lift this wooden ring  
            Into the sky, and make a stage of France,  
            And let the kings themselves step out and play!
            """, slug: "henry-v", genre: .histories)
        #expect(henryV.map(\.id) == ["henry-v-1-0-chorus-1"])
        #expect(henryV.first?.notes.hasPrefix("Act I, Prologue.") == true)

        let henryVIII = try monologues("""
            # Henry VIII

            ### Prologue

            I come no more to make you laugh: now see  
            Things of a weighty and a serious brow,  
            Sad, high, and full of state, and full of woe.

            ## ACT I

            ### SCENE I. London. An ante-chamber in the palace.

            **NORFOLK**  
            Good morrow, and well met.
            """, slug: "henry-viii", genre: .histories)
        #expect(henryVIII.map(\.id) == ["henry-viii-0-0-prologue-1"])
        #expect(henryVIII.first?.character == "Prologue")
        #expect(henryVIII.first?.notes.hasPrefix("Prologue.") == true)

        let tempest = try monologues("""
            # The Tempest

            ## ACT V

            ### SCENE I. Before PROSPERO'S cell.

            **PROSPERO**  
            Please you, draw near.

            _Exeunt_

            EPILOGUE  
            SPOKEN BY PROSPERO  
            My spells are spent, my staff is laid aside,  
            And what I am is only what you see;  
            Release me with your hands, and let me go.
            """, slug: "the-tempest", genre: .romances)
        #expect(tempest.map(\.id) == ["the-tempest-0-0-prospero-1"])
        #expect(tempest.first?.notes.hasPrefix("Epilogue.") == true)
    }

    @Test func notesNameWhoIsAddressedAndTheCue() throws {
        let found = try monologues(Self.henryV, slug: "henry-v", genre: .histories)
        #expect(found.map(\.notes) == [
            "Act IV, Scene 3. The English camp. On stage: Exeter and King Henry V.",
            "Act IV, Scene 3. The English camp. Speaking to Duke of York; Exeter also on stage."
                + " Cue (Duke of York): \u{201C}Be first to meet the French upon the field.\u{201D}",
            // York has gone, so Henry no longer answers him, though York's line is still the cue.
            "Act IV, Scene 3. The English camp. On stage: Exeter. Cue (Duke of York): \u{201C}I go, my lord.\u{201D}",
        ])

        let tempest = try monologues(Self.tempest, slug: "the-tempest", genre: .romances)
        #expect(tempest.first?.notes == "Act I, Scene 2. The island. Before Prospero's cell. Speaking to Miranda."
            + " Cue (Miranda): \u{201C}I am attending, sir.\u{201D}")
        #expect(tempest.last?.notes == "Act II, Scene 2. Another part of the island. Alone on stage.")
    }

    // MARK: - Stability

    @Test func extractingTwiceGivesTheSameMonologues() throws {
        for (text, slug, genre) in [(Self.tempest, "the-tempest", Genre.romances), (Self.henryV, "henry-v", .histories),
                                    (Self.soliloquy, "hamlet", .tragedies), (Self.interrupted(), "hamlet", .tragedies)] {
            let first = try monologues(text, slug: slug, genre: genre)
            let second = try monologues(text, slug: slug, genre: genre)
            #expect(!first.isEmpty)
            #expect(first == second)
        }
    }

    @Test func idsDoNotDependOnTheMinimumLength() throws {
        // The ordinal counts the speaker's speeches in the scene, so letting the short ones in
        // must leave the long ones' ids alone.
        let strict = try monologues(Self.tempest, slug: "the-tempest", genre: .romances)
        let loose = try monologues(Self.tempest, slug: "the-tempest", genre: .romances,
                                   rules: ExtractionRules(minimumWords: 4))
        #expect(strict.map(\.id) == ["the-tempest-1-2-prospero-2", "the-tempest-2-2-trinculo-1"])
        #expect(loose.map(\.id) == [
            "the-tempest-1-2-prospero-1", "the-tempest-1-2-miranda-1", "the-tempest-1-2-prospero-2",
            "the-tempest-1-2-miranda-2", "the-tempest-2-2-trinculo-1",
        ])
        for monologue in strict {
            #expect(loose.first { $0.id == monologue.id }?.text == monologue.text)
        }
    }

    @Test func everyMonologueHasAtLeastTwoTags() throws {
        var all: [Monologue] = []
        all += try monologues(Self.tempest, slug: "the-tempest", genre: .romances, rules: ExtractionRules(minimumWords: 1))
        all += try monologues(Self.henryV, slug: "henry-v", genre: .histories, rules: ExtractionRules(minimumWords: 1))
        all += try monologues(Self.soliloquy, slug: "hamlet", genre: .tragedies, rules: ExtractionRules(minimumWords: 1))
        all += try monologues(Self.interrupted(), slug: "hamlet", genre: .tragedies, rules: ExtractionRules(minimumWords: 1))
        #expect(all.count > 10)
        for monologue in all {
            #expect(monologue.tags.count >= 2, "\(monologue.id): \(monologue.tags)")
            #expect(Set(monologue.tags).count == monologue.tags.count, "\(monologue.id): \(monologue.tags)")
        }
    }
}

/// The spoken text drops every line that opens with a direction, and keeps the rest as written,
/// empty lines and all: as splitting the text at "\n", leaving those lines out and joining again.
@Suite struct SpokenTextTests {
    @Test func linesOpeningWithADirectionAreLeftOutAndTheRestKeptAsWritten() {
        let pool = ["", "", "To be", "[Aside]", "[Exit]", "  [not a direction]", "Ay, [there's] the rub", "/", "Ŵyr—", "["]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...7, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
                .joined(separator: "\n")
            let expected = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("[") }.joined(separator: "\n")
            let monologue = Monologue(id: "m", title: "M 01", sortTitle: "m 01", play: "M", character: "M", gender: .male,
                                      tone: .tragedy, genre: .tragedies, act: 1, scene: 1, location: "", notes: "", text: text,
                                      wordCount: 0, lineCount: 0, seconds: 0, length: .short, verse: true, tags: [])
            #expect(monologue.spokenText == expected, "\(text.debugDescription)")
        }
    }
}
