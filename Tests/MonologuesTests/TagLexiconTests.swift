import Foundation
import Testing
@testable import Monologues

@Suite("Tag lexicon")
struct TagLexiconTests {
    /// The 38 plays of the corpus, as the corpus reader knows them.
    static let allPlays = Set(PlayCorpus.knownGenres.keys)

    // MARK: - Vocabulary

    @Test func vocabulariesAreSmallFixedSetsOfPlainWords() {
        let characters = TagLexicon.characterVocabulary, actions = TagLexicon.actionVocabulary
        #expect((10...15).contains(characters.count))
        #expect((12...18).contains(actions.count))
        #expect(Set(characters).count == characters.count)
        #expect(Set(actions).count == actions.count)
        #expect(Set(characters).isDisjoint(with: actions))
        for tag in characters + actions {
            #expect(!tag.isEmpty && tag.unicodeScalars.allSatisfy { ("a"..."z").contains($0) }, "\(tag)")
        }
        for core in ["noble", "ruler", "lover", "fool", "servant", "soldier", "parent", "villain", "supernatural"] {
            #expect(characters.contains(core), "\(core)")
        }
        for core in ["lamenting", "entreating", "mocking", "threatening", "recounting", "planning",
                     "inspiring", "confessing", "grieving", "boasting"] {
            #expect(actions.contains(core), "\(core)")
        }
    }

    @Test func everyLexiconIsCalibrated() {
        for lexicon in TagLexicon.actionLexicons {
            #expect(lexicon.typicalRate > 0 && lexicon.spread > 0, "\(lexicon.tag)")
            #expect(!lexicon.cues.isEmpty && !lexicon.strongCues.isEmpty, "\(lexicon.tag)")
        }
        #expect(TagLexicon.actionVocabulary.contains(TagLexicon.fallbackAction))
    }

    @Test func curatedRolesUseTheVocabularyAndKnownPlays() {
        let vocabulary = Set(TagLexicon.characterVocabulary)
        #expect(Set(TagLexicon.curatedRoles.keys) == Self.allPlays)
        for (play, roles) in TagLexicon.curatedRoles {
            for (speaker, tags) in roles {
                #expect((1...3).contains(tags.count), "\(play) \(speaker)")
                #expect(Set(tags).count == tags.count, "\(play) \(speaker)")
                #expect(Set(tags).isSubset(of: vocabulary), "\(play) \(speaker): \(tags)")
                #expect(speaker == speaker.uppercased(), "\(play) \(speaker)")
            }
        }
        for (word, tags) in TagLexicon.roleWords {
            #expect(Set(tags).isSubset(of: vocabulary), "\(word)")
        }
        #expect(Set(TagLexicon.peopleWords.values).isSubset(of: vocabulary))
    }

    @Test func leadingRolesOfEveryPlayAreCurated() {
        let leads: [(String, String)] = [
            ("hamlet", "HAMLET"), ("hamlet", "KING CLAUDIUS"), ("hamlet", "LORD POLONIUS"),
            ("macbeth", "MACBETH"), ("macbeth", "LADY MACBETH"), ("othello", "IAGO"), ("othello", "OTHELLO"),
            ("king-lear", "KING LEAR"), ("king-lear", "EDMUND"), ("romeo-and-juliet", "JULIET"),
            ("romeo-and-juliet", "FRIAR LAURENCE"), ("timon-of-athens", "TIMON"),
            ("the-merchant-of-venice", "SHYLOCK"), ("the-merchant-of-venice", "PORTIA"),
            ("as-you-like-it", "ROSALIND"), ("as-you-like-it", "JAQUES"), ("twelfth-night", "VIOLA"),
            ("the-tempest", "PROSPERO"), ("the-tempest", "ARIEL"), ("a-midsummer-night-s-dream", "PUCK"),
            ("a-winter-s-tale", "LEONTES"), ("cymbeline", "IMOGEN"), ("pericles", "GOWER"),
            ("richard-iii", "KING RICHARD III"), ("richard-ii", "KING RICHARD II"), ("henry-v", "KING HENRY V"),
            ("henry-iv-part-1", "FALSTAFF"), ("henry-iv-part-1", "HOTSPUR"), ("henry-vi-part-1", "TALBOT"),
            ("henry-vi-part-2", "CADE"), ("henry-vi-part-3", "QUEEN MARGARET"), ("henry-viii", "CARDINAL WOLSEY"),
            ("king-john", "CONSTANCE"), ("edward-iii", "KING EDWARD"), ("julius-caesar", "BRUTUS"),
            ("antony-and-cleopatra", "CLEOPATRA"), ("coriolanus", "VOLUMNIA"), ("titus-andronicus", "AARON"),
            ("troilus-and-cressida", "ULYSSES"), ("measure-for-measure", "ISABELLA"),
            ("all-s-well-that-ends-well", "PAROLLES"), ("the-taming-of-the-shrew", "PETRUCHIO"),
            ("much-ado-about-nothing", "BENEDICK"), ("love-s-labours-lost", "BIRON"),
            ("the-comedy-of-errors", "ADRIANA"), ("the-merry-wives-of-windsor", "FORD"),
            ("two-gentlemen-of-verona", "LAUNCE"),
        ]
        for (play, speaker) in leads {
            #expect(TagLexicon.curatedRoles[play]?[speaker] != nil, "\(play) \(speaker)")
        }
    }

    // MARK: - Character types

    private func types(_ play: String, _ speaker: String, _ gender: Gender = .male) -> [String] {
        TagLexicon.characterTags(play: play, speaker: speaker, gender: gender)
    }

    @Test func famousRoles() {
        #expect(types("macbeth", "LADY MACBETH", .female) == ["villain", "noble"])
        #expect(types("macbeth", "MACBETH") == ["ruler", "soldier", "villain"])
        #expect(types("hamlet", "HAMLET") == ["noble", "avenger"])
        #expect(types("othello", "IAGO") == ["villain", "soldier"])
        #expect(types("king-lear", "KING LEAR").contains("parent"))
        #expect(types("romeo-and-juliet", "JULIET", .female).first == "lover")
        #expect(types("romeo-and-juliet", "FRIAR LAURENCE").contains("clergy"))
        #expect(types("hamlet", "LORD POLONIUS") == ["counsellor", "parent"])
        #expect(types("the-tempest", "PROSPERO").contains("supernatural"))
        #expect(types("henry-iv-part-1", "FALSTAFF").first == "rogue")
        #expect(types("as-you-like-it", "TOUCHSTONE") == ["fool"])
        #expect(types("twelfth-night", "CLOWN") == ["fool"])
    }

    @Test func titlesAndTradesDecideUnlistedRoles() {
        #expect(types("macbeth", "FIRST WITCH", .female) == ["supernatural"])
        #expect(types("henry-v", "KING HENRY V").contains("ruler"))
        #expect(types("coriolanus", "THIRD CITIZEN", .any) == ["commoner"])
        #expect(types("timon-of-athens", "VARRO'S FIRST SERVANT", .any) == ["servant"])
        #expect(types("richard-iii", "SECOND MURDERER", .any) == ["villain"])
        #expect(types("richard-iii", "GHOSTS OF YOUNG PRINCES", .any) == ["supernatural", "noble"])
        #expect(types("richard-iii", "GHOST OF KING HENRY VI") == ["supernatural", "ruler"])
        #expect(types("some-new-play", "LADY NOBODY", .female) == ["noble"])
        #expect(types("some-new-play", "SECOND SOLDIER", .any) == ["soldier"])
        #expect(types("some-new-play", "CHORUS", .any) == ["narrator"])
        // A herald of France is a herald; the nation only speaks when nothing else does.
        #expect(types("king-john", "FRENCH HERALD", .any) == ["servant"])
        #expect(types("edward-iii", "FIRST FRENCH", .any) == ["commoner"])
        #expect(types("titus-andronicus", "SECOND GOTH", .any) == ["soldier"])
    }

    @Test func curatedEntriesOverrideTheWordRules() {
        // The Player King is an actor, not a king; Henry V's Gower is a captain, Pericles' a chorus.
        #expect(types("hamlet", "PLAYER KING") == ["commoner"])
        #expect(types("henry-v", "GOWER") == ["soldier"])
        #expect(types("pericles", "GOWER") == ["narrator"])
        #expect(types("romeo-and-juliet", "PRINCE") == ["ruler"])
        #expect(types("richard-ii", "DUKE OF YORK").first == "noble")
    }

    @Test func unknownRolesFallBackByGender() {
        #expect(types("some-new-play", "ZANTHOR", .male) == ["noble"])
        #expect(types("some-new-play", "ZANTHIA", .female) == ["noble"])
        #expect(types("some-new-play", "TOLLKEEPER", .any) == ["commoner"])
        #expect(types("", "", .any) == ["commoner"])
    }

    // MARK: - Actions

    @Test func lament() {
        let text = """
            Alas, alas, wretched that I am! O me, what misery is mine!
            Woe is me, my fortune is undone, and I am left forlorn,
            A poor unhappy wretch that sighs and weeps alone.
            """
        #expect(TagLexicon.actionTags(text: text).first == "lamenting")
    }

    @Test func entreaty() {
        let text = """
            I beseech you, sir, I pray thee, hear me: good my lord,
            Upon my knees I do entreat your grace to pardon him.
            Have mercy, I implore you; prithee, let him live.
            """
        #expect(TagLexicon.actionTags(text: text).first == "entreating")
    }

    @Test func threat() {
        let text = """
            Beware, thou villain: I will be revenged on thee.
            Thou shalt die for this; I'll have thy head upon a pike,
            And vengeance shall be mine ere this night's out.
            """
        #expect(TagLexicon.actionTags(text: text).contains("threatening"))
    }

    @Test func mourning() {
        let text = """
            She's dead, she's dead; my sweet girl lies cold in her grave.
            Bring the coffin; we will mourn her at the tomb,
            And weep upon her corse until our tears run dry.
            """
        #expect(TagLexicon.actionTags(text: text).first == "grieving")
    }

    @Test func wooing() {
        let text = """
            Sweet love, I love thee more than words can wield the matter;
            Thy lips, thy eyes, thy beauty are my heaven. Kiss me, fair one,
            And swear thou lovest me as I adore thee.
            """
        #expect(TagLexicon.actionTags(text: text).first == "wooing")
    }

    @Test func confession() {
        let text = """
            I confess it: I have sinned, and my guilt lies heavy on me.
            Forgive me, heaven; I do repent my fault, my crime, my shame.
            """
        #expect(TagLexicon.actionTags(text: text).first == "confessing")
    }

    @Test func famousSpeeches() {
        let breach = """
            Once more unto the breach, dear friends, once more;
            Or close the wall up with our English dead.
            In peace there's nothing so becomes a man
            As modest stillness and humility:
            But when the blast of war blows in our ears,
            Then imitate the action of the tiger;
            Stiffen the sinews, summon up the blood,
            Disguise fair nature with hard-favour'd rage;
            Now set the teeth and stretch the nostril wide,
            Hold hard the breath and bend up every spirit
            To his full height. On, on, you noblest English.
            Follow your spirit, and upon this charge
            Cry 'God for Harry, England, and Saint George!'
            """
        #expect(TagLexicon.actionTags(text: breach).contains("inspiring"))

        let precepts = """
            And these few precepts in thy memory
            See thou character. Give thy thoughts no tongue,
            Nor any unproportioned thought his act.
            Be thou familiar, but by no means vulgar.
            Those friends thou hast, and their adoption tried,
            Grapple them to thy soul with hoops of steel;
            But do not dull thy palm with entertainment
            Of each new-hatch'd, unfledged comrade. Beware
            Of entrance to a quarrel, but being in,
            Bear't that the opposed may beware of thee.
            Give every man thy ear, but few thy voice;
            Take each man's censure, but reserve thy judgment.
            Neither a borrower nor a lender be;
            This above all: to thine own self be true.
            """
        #expect(TagLexicon.actionTags(text: precepts).contains("counselling"))

        let question = """
            To be, or not to be: that is the question:
            Whether 'tis nobler in the mind to suffer
            The slings and arrows of outrageous fortune,
            Or to take arms against a sea of troubles,
            And by opposing end them? To die: to sleep;
            No more; and by a sleep to say we end
            The heart-ache and the thousand natural shocks
            That flesh is heir to, 'tis a consummation
            Devoutly to be wish'd. To die, to sleep;
            To sleep: perchance to dream: ay, there's the rub;
            For in that sleep of death what dreams may come
            When we have shuffled off this mortal coil,
            Must give us pause.
            """
        #expect(TagLexicon.actionTags(text: question).contains("reflecting"))

        let potion = """
            Farewell! God knows when we shall meet again.
            I have a faint cold fear thrills through my veins,
            That almost freezes up the heat of life:
            What if this mixture do not work at all?
            What if it be a poison, which the friar
            Subtly hath minister'd to have me dead?
            I fear it is: and yet, methinks, it should not.
            How if, when I am laid into the tomb,
            I wake before the time that Romeo
            Come to redeem me? there's a fearful point!
            """
        #expect(TagLexicon.actionTags(text: potion).contains("fearing"))
    }

    @Test func actionsAreOneToThreeDistinctVocabularyTags() {
        let texts = ["", "   \n ", "Nay.", "The the the of of and.", String(repeating: "alas woe ", count: 200)]
        for text in texts {
            let tags = TagLexicon.actionTags(text: text)
            #expect((1...TagLexicon.maximumActions).contains(tags.count), "\(text.prefix(20))")
            #expect(Set(tags).count == tags.count)
            #expect(Set(tags).isSubset(of: TagLexicon.actionVocabulary))
        }
        #expect(TagLexicon.actionTags(text: "") == [TagLexicon.fallbackAction])
    }

    // MARK: - Together

    @Test func atLeastTwoDistinctTagsCharacterTypesFirst() {
        let cases: [(String, String, Gender, String)] = [
            ("macbeth", "LADY MACBETH", .female, "Come, you spirits that tend on mortal thoughts, unsex me here."),
            ("nowhere", "NOBODY", .any, ""),
            ("", "", .male, "   "),
            ("hamlet", "HAMLET", .male, "O, that this too too solid flesh would melt!"),
        ]
        let characters = Set(TagLexicon.characterVocabulary), actions = Set(TagLexicon.actionVocabulary)
        for (play, speaker, gender, text) in cases {
            let tags = TagLexicon.tags(play: play, speaker: speaker, gender: gender, text: text)
            #expect(tags.count >= 2, "\(speaker)")
            #expect(Set(tags).count == tags.count, "\(speaker)")
            #expect(Set(tags).isSubset(of: characters.union(actions)), "\(speaker)")
            let firstAction = tags.firstIndex(where: actions.contains) ?? tags.count
            #expect(firstAction >= 1 && tags[..<firstAction].allSatisfy(characters.contains), "\(tags)")
            #expect(tags[firstAction...].allSatisfy(actions.contains), "\(tags)")
            #expect(tags == TagLexicon.tags(play: play, speaker: speaker, gender: gender, text: text))
        }
    }

    // MARK: - Words

    @Test func tokensKeepElisionsAndSplitHyphens() {
        #expect(TagLexicon.tokens("O’er the hills, to-morrow! Reveng'd?")
            == ["o'er", "the", "hills", "to", "morrow", "!", "reveng'd", "?"])
        #expect(TagLexicon.tokens("'Tis Alençon's — ay, th' end") == ["tis", "alençon's", "ay", "th", "end"])
        #expect(TagLexicon.tokens("").isEmpty)
    }

    @Test func inflectionsFindOldSpellingsButNotOtherWords() {
        let revenge = Set(TagLexicon.inflections(of: "revenge"))
        #expect(revenge.isSuperset(of: ["revenge", "revenges", "revenged", "reveng'd", "revenging"]))
        let kill = Set(TagLexicon.inflections(of: "kill"))
        #expect(kill.isSuperset(of: ["kills", "killed", "kill'd", "killing", "kill'st"]))
        #expect(Set(TagLexicon.inflections(of: "cry")).isSuperset(of: ["cries", "cried"]))
        #expect(TagLexicon.inflections(of: "i") == ["i"])
        #expect(!TagLexicon.inflections(of: "mad").contains("made"))
        #expect(!TagLexicon.inflections(of: "cur").contains("cure"))
    }

    @Test func aRepeatedWordIsOneCue() {
        // Nine dreams are one cue: not enough on their own for any action to stand out.
        let scores = TagLexicon.actionScores(text: String(repeating: "dream ", count: 9))
        #expect(scores.allSatisfy { !$0.varied })
    }

    @Test func fastEnoughForAFullImport() {
        let speech = Array(repeating: """
            To be, or not to be: that is the question: whether 'tis nobler in the mind to suffer
            the slings and arrows of outrageous fortune, or to take arms against a sea of troubles,
            """, count: 10).joined(separator: "\n")
        _ = TagLexicon.actionTags(text: "warm up the tables")
        let start = Date()
        for _ in 0..<500 { _ = TagLexicon.actionTags(text: speech) }
        // About 0.03 ms a 300-word speech in a release build; this bound leaves room for debug.
        #expect(Date().timeIntervalSince(start) < 1.5)
    }
}
