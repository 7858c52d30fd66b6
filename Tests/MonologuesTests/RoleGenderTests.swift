import Testing
@testable import Monologues

@Suite("Role gender")
struct RoleGenderTests {
    /// The 38 plays of the corpus, as the corpus reader knows them.
    static let allPlays = Set(PlayCorpus.knownGenres.keys)

    @Test func leadingWomen() {
        #expect(RoleGender.gender(play: "macbeth", speaker: "LADY MACBETH") == .female)
        #expect(RoleGender.gender(play: "macbeth", speaker: "FIRST WITCH") == .female)
        #expect(RoleGender.gender(play: "romeo-and-juliet", speaker: "NURSE") == .female)
        #expect(RoleGender.gender(play: "romeo-and-juliet", speaker: "JULIET") == .female)
        #expect(RoleGender.gender(play: "measure-for-measure", speaker: "JULIET") == .female)
        #expect(RoleGender.gender(play: "hamlet", speaker: "QUEEN GERTRUDE") == .female)
        #expect(RoleGender.gender(play: "the-merchant-of-venice", speaker: "PORTIA") == .female)
        #expect(RoleGender.gender(play: "julius-caesar", speaker: "PORTIA") == .female)
        #expect(RoleGender.gender(play: "richard-iii", speaker: "DUCHESS OF YORK") == .female)
        #expect(RoleGender.gender(play: "richard-ii", speaker: "DUCHESS OF YORK") == .female)
        #expect(RoleGender.gender(play: "richard-iii", speaker: "GHOST OF LADY ANNE") == .female)
        #expect(RoleGender.gender(play: "henry-vi-part-1", speaker: "COUNTESS OF AUVERGNE") == .female)
        #expect(RoleGender.gender(play: "edward-iii", speaker: "QUEEN PHILIP") == .female)
    }

    @Test func men() {
        #expect(RoleGender.gender(play: "macbeth", speaker: "MACBETH") == .male)
        #expect(RoleGender.gender(play: "hamlet", speaker: "HAMLET") == .male)
        #expect(RoleGender.gender(play: "hamlet", speaker: "GHOST") == .male)
        #expect(RoleGender.gender(play: "king-lear", speaker: "KING LEAR") == .male)
        #expect(RoleGender.gender(play: "king-lear", speaker: "FOOL") == .male)
        #expect(RoleGender.gender(play: "cymbeline", speaker: "JUPITER") == .male)
        #expect(RoleGender.gender(play: "henry-vi-part-1", speaker: "BISHOP OF WINCHESTER") == .male)
        #expect(RoleGender.gender(play: "richard-iii", speaker: "GHOSTS OF YOUNG PRINCES") == .male)
    }

    /// Names and labels that change sex, or stay put, from one play to the next.
    @Test(arguments: [
        ("the-merry-wives-of-windsor", "PAGE", Gender.male),
        ("the-merry-wives-of-windsor", "MISTRESS PAGE", .female),
        ("romeo-and-juliet", "PAGE", .male),
        ("othello", "EMILIA", .female),
        ("a-winter-s-tale", "EMILIA", .female),
        ("othello", "BIANCA", .female),
        ("the-taming-of-the-shrew", "BIANCA", .female),
        ("twelfth-night", "MARIA", .female),
        ("love-s-labours-lost", "MARIA", .female),
        ("a-midsummer-night-s-dream", "HELENA", .female),
        ("all-s-well-that-ends-well", "HELENA", .female),
        ("henry-v", "KATHARINE", .female),
        ("henry-viii", "KATHARINE", .female),
        ("a-midsummer-night-s-dream", "MOTH", .any),
        ("love-s-labours-lost", "MOTH", .male),
        ("henry-viii", "CHAMBERLAIN", .male),
        ("henry-iv-part-1", "CHAMBERLAIN", .any),
    ])
    func sameLabelAcrossPlays(play: String, speaker: String, expected: Gender) {
        #expect(RoleGender.gender(play: play, speaker: speaker) == expected)
    }

    @Test func spiritsAndVoicesOutsideTheStory() {
        #expect(RoleGender.gender(play: "the-tempest", speaker: "ARIEL") == .any)
        #expect(RoleGender.gender(play: "a-midsummer-night-s-dream", speaker: "PUCK") == .any)
        #expect(RoleGender.gender(play: "henry-v", speaker: "CHORUS") == .any)
        #expect(RoleGender.gender(play: "romeo-and-juliet", speaker: "CHORUS") == .any)
        #expect(RoleGender.gender(play: "henry-iv-part-2", speaker: "RUMOUR") == .any)
        #expect(RoleGender.gender(play: "a-winter-s-tale", speaker: "TIME") == .any)
        #expect(RoleGender.gender(play: "macbeth", speaker: "SECOND APPARITION") == .any)
    }

    @Test func occupationsAndCrowds() {
        #expect(RoleGender.gender(play: "macbeth", speaker: "MESSENGER") == .any)
        #expect(RoleGender.gender(play: "antony-and-cleopatra", speaker: "SECOND MESSENGER") == .any)
        #expect(RoleGender.gender(play: "timon-of-athens", speaker: "VARRO'S FIRST SERVANT") == .any)
        #expect(RoleGender.gender(play: "edward-iii", speaker: "FIRST CITIZEN OF CALAIS") == .any)
        #expect(RoleGender.gender(play: "edward-iii", speaker: "FIRST FRENCH CAPTAIN") == .any)
        #expect(RoleGender.gender(play: "coriolanus", speaker: "SENATORS") == .any)
        #expect(RoleGender.gender(play: "macbeth", speaker: "BOTH MURDERERS") == .any)
        #expect(RoleGender.gender(play: "hamlet", speaker: "FIRST PLAYER") == .any)
    }

    /// A word that fixes the sex outranks the occupation next to it.
    @Test func genderedWordsBeatOccupations() {
        #expect(RoleGender.gender(play: "hamlet", speaker: "PLAYER QUEEN") == .female)
        #expect(RoleGender.gender(play: "hamlet", speaker: "PLAYER KING") == .male)
        #expect(RoleGender.gender(play: "richard-iii", speaker: "LORD MAYOR") == .male)
        #expect(RoleGender.gender(play: "coriolanus", speaker: "FIRST SERVINGMAN") == .male)
        #expect(RoleGender.gender(play: "othello", speaker: "SECOND GENTLEMEN") == .male)
        // Not in any play's table: the word rules alone decide.
        #expect(RoleGender.gender(play: "hamlet", speaker: "FIRST LADY") == .female)
        #expect(RoleGender.gender(play: "hamlet", speaker: "OLD MAN") == .male)
    }

    @Test func everyPlayHasItsWomen() {
        #expect(Set(RoleGender.femaleRoles.keys) == Self.allPlays)
        for play in Self.allPlays {
            #expect(!(RoleGender.femaleRoles[play] ?? []).isEmpty, "no women in \(play)")
        }
        let women = RoleGender.femaleRoles.values.map(\.count).reduce(0, +)
        #expect(women >= 150)
        #expect(RoleGender.femaleRoles["macbeth"]?.count == 7)
        #expect(RoleGender.femaleRoles["julius-caesar"]?.count == 2)
    }

    @Test func tablesUseRealPlaysAndExtractorKeys() {
        #expect(Set(RoleGender.openRoles.keys).isSubset(of: Self.allPlays))
        #expect(Set(RoleGender.titledMen.keys).isSubset(of: Self.allPlays))

        let tables = [RoleGender.femaleRoles, RoleGender.openRoles, RoleGender.titledMen]
        let keys = tables.flatMap { $0.values.flatMap { $0 } } + RoleGender.openInEveryPlay
        for key in keys {
            let normalised = key.uppercased().split(separator: " ").joined(separator: " ")
            #expect(key == normalised, "\"\(key)\" is not in the extractor's form")
        }
        for (play, women) in RoleGender.femaleRoles {
            #expect(women.isDisjoint(with: RoleGender.openRoles[play] ?? []), "\(play) lists a role twice")
        }
    }
}
