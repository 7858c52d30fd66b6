import FolioTestSupport
import Monologues
import Testing

@Suite struct AuditionSetTests {
    static func piece(_ id: String, play: String, genre: Genre, seconds: Int, verse: Bool, tags: [String]) -> Monologue {
        var m = LibraryFixture.monologue(id, play: play, character: id.capitalized, gender: .female, genre: genre, seconds: seconds,
                                         text: "A line.", tags: tags)
        m.verse = verse
        return m
    }

    static let pieces = [
        piece("rosalind", play: "As You Like It", genre: .comedies, seconds: 75, verse: false, tags: ["witty", "lover"]),
        piece("phebe", play: "As You Like It", genre: .comedies, seconds: 80, verse: true, tags: ["lover"]),
        piece("helena", play: "A Midsummer Night's Dream", genre: .comedies, seconds: 90, verse: true, tags: ["lover", "lamenting"]),
        piece("lady-macbeth", play: "Macbeth", genre: .tragedies, seconds: 95, verse: true, tags: ["villain", "planning"]),
        piece("constance", play: "King John", genre: .histories, seconds: 100, verse: true, tags: ["grieving", "mother"]),
        piece("emilia", play: "Othello", genre: .tragedies, seconds: 70, verse: true, tags: ["witty"]),
        piece("long", play: "Hamlet", genre: .tragedies, seconds: 200, verse: true, tags: []),
    ]

    @Test func twoPiecesThatContrastAndFitComeFirstWithTheirReasons() throws {
        let brief = try AuditionBrief(pieces: 2, seconds: 180, verseAndProse: true, comic: true).validated()
        let sets = AuditionSets.sets(from: Self.pieces, brief: brief)
        #expect(!sets.isEmpty)
        for set in sets {
            #expect(set.seconds <= 180 && set.pieces.count == 2)
            #expect(Set(set.pieces.map(\.play)).count == 2, "two pieces from one play")
            #expect(set.pieces.contains { $0.verse } && set.pieces.contains { !$0.verse })
            #expect(set.pieces.contains { $0.tone == .comedy } && set.pieces.contains { $0.tone != .comedy })
            #expect(!set.pieces.contains { $0.id == "long" })
        }
        // Rosalind is the only prose: every set has her, against the fullest serious piece that fits.
        #expect(sets[0].pieces.map(\.id).sorted() == ["constance", "rosalind"])
        #expect(sets[0].reasons.contains("comic (Rosalind) against historical (Constance)"))
        #expect(sets[0].reasons.contains("verse and prose"))
        #expect(sets[0].reasons.contains("different kinds of role"))
        #expect(sets[0].reasons.last == "2 plays, together 2 min 55 s of 3 min")
        #expect(zip(sets, sets.dropFirst()).allSatisfy { $0.score >= $1.score })
    }

    @Test func withoutConstraintsTheContrastStillRanksAndAPieceLeadsOnce() throws {
        let sets = AuditionSets.sets(from: Self.pieces, brief: try AuditionBrief(seconds: 170).validated(), limit: 20)
        #expect(sets.allSatisfy { $0.seconds <= 170 })
        #expect(Set(sets.map { $0.pieces[0].id }).count == sets.count)
        // A comic piece against a serious one beats two serious ones.
        let best = try #require(sets.first)
        #expect(best.pieces.contains { $0.tone == .comedy })
    }

    /// Sets for a woman: roles open to anyone (a Chorus, a Rumour) pass her filter, but six of
    /// seven sets once paired her comic piece with one. Hers come first; one open to anyone only
    /// where nothing of hers fits, said in the reasons.
    @Test func aSetForAWomanIsMadeOfWomensRolesFirst() throws {
        var chorus = Self.piece("chorus", play: "Henry V", genre: .histories, seconds: 100, verse: true, tags: ["narrating"])
        chorus.gender = .any
        var rumour = Self.piece("rumour", play: "Henry IV, Part 2", genre: .histories, seconds: 98, verse: true, tags: ["narrating"])
        rumour.gender = .any
        let pool = Self.pieces + [chorus, rumour]
        let brief = try AuditionBrief(pieces: 2, seconds: 180, comic: true, gender: .female).validated()
        let sets = AuditionSets.sets(from: pool, brief: brief)
        let hasOpenRole = sets.map { $0.pieces.contains { $0.gender == .any } }
        let open = sets.filter { $0.pieces.contains { $0.gender == .any } }
        // Every set of hers ranks above every set with a role open to anyone.
        #expect(!sets.isEmpty && !hasOpenRole[0] && hasOpenRole == hasOpenRole.sorted { !$0 && $1 },
                "\(sets.map { $0.pieces.map(\.id) })")
        for set in open {
            #expect(set.reasons.contains { $0.contains("is a role open to anyone") }, "\(set.reasons)")
        }
        // Only a role open to anyone can give the comic piece its contrast: it comes in, and says why.
        let comicOnly = [Self.pieces[0], chorus]
        let needed = AuditionSets.sets(from: comicOnly, brief: brief)
        #expect(needed.count == 1 && needed[0].reasons.contains("Chorus is a role open to anyone: no woman's piece made as good a set"))
        // Asked for nobody in particular, nothing is said of it.
        #expect(!AuditionSets.sets(from: comicOnly, brief: try AuditionBrief(comic: true).validated())[0].reasons
            .contains { $0.contains("open to anyone") })
    }

    @Test func threePiecesAndBadBriefs() throws {
        let three = AuditionSets.sets(from: Self.pieces, brief: try AuditionBrief(pieces: 3, seconds: 300, comic: true).validated())
        #expect(three.allSatisfy { $0.pieces.count == 3 && $0.seconds <= 300 && Set($0.pieces.map(\.play)).count == 3 })
        #expect(!three.isEmpty)
        #expect(throws: AuditionBrief.Problem.pieces(5)) { try AuditionBrief(pieces: 5).validated() }
        #expect(throws: AuditionBrief.Problem.seconds(20)) { try AuditionBrief(seconds: 20).validated() }
        // Nothing can fit a minute between two pieces of at least 70 s.
        #expect(AuditionSets.sets(from: Self.pieces, brief: try AuditionBrief(seconds: 60).validated()).isEmpty)
    }
}
