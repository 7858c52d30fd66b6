import Testing
@testable import Vocabulary

/// The mutation tables of docs/welsh-mutations.md, consonant by consonant, and what revision and
/// search make of them.
struct WelshMutationTests {
    /// Radical → (soft, nasal, aspirate); nil where the letter does not mutate so.
    static let table: [(String, String?, String?, String?)] = [
        ("pen", "ben", "mhen", "phen"),
        ("tad", "dad", "nhad", "thad"),
        ("cath", "gath", "nghath", "chath"),
        ("bara", "fara", "mara", nil),
        ("drws", "ddrws", "nrws", nil),
        ("gardd", "ardd", "ngardd", nil),
        ("mam", "fam", nil, nil),
        ("llaw", "law", nil, nil),
        ("rhaff", "raff", nil, nil),
        // The letters that never mutate, digraphs read whole: ch is not c + h, ll not l + l.
        ("chwaer", nil, nil, nil), ("ddoe", nil, nil, nil), ("ffenest", nil, nil, nil), ("ffordd", nil, nil, nil),
        ("nghath", nil, nil, nil), ("phen", nil, nil, nil), ("thad", nil, nil, nil), ("siop", nil, nil, nil),
        ("nos", nil, nil, nil), ("lori", nil, nil, nil), ("haf", nil, nil, nil),
    ]

    @Test(arguments: table) func eachConsonantMutatesAsTheTableSays(row: (String, String?, String?, String?)) {
        let (radical, soft, nasal, aspirate) = row
        #expect(WelshMutation.soft.apply(to: radical) == soft, "soft \(radical)")
        #expect(WelshMutation.nasal.apply(to: radical) == nasal, "nasal \(radical)")
        #expect(WelshMutation.aspirate.apply(to: radical) == aspirate, "aspirate \(radical)")
        // Every mutated form leads back to its radical.
        for form in [soft, nasal, aspirate].compactMap({ $0 }) {
            #expect(WelshMutation.radicals(of: form).contains { $0.radical == radical }, "\(form) → \(radical)")
        }
    }

    @Test func llAndRhSoftenAsWholeLetters() {
        #expect(WelshMutation.firstLetter(of: "llaw") == "ll" && WelshMutation.firstLetter(of: "Rhaff") == "rh")
        #expect(WelshMutation.soft.apply(to: "Llanelli") == "Lanelli")
        #expect(WelshMutation.soft.apply(to: "rhedeg") == "redeg")
        // A single l or r is a radical that does not mutate; "law" may come from llaw or glaw.
        #expect(WelshMutation.soft.apply(to: "lori") == nil && WelshMutation.soft.apply(to: "lle") == "le")
        #expect(WelshMutation.soft.apply(to: "rhif") == "rif")
        #expect(Set(WelshMutation.radicals(of: "law").map(\.radical)) == ["llaw", "glaw"])
        #expect(WelshMutation.radicals(of: "raff").contains { $0.radical == "rhaff" })
        // The longest mutated beginning decides: "nhad" is tad, never "dhad".
        #expect(WelshMutation.radicals(of: "nhad").map(\.radical) == ["tad"])
        #expect(WelshMutation.radicals(of: "nghath").map(\.radical) == ["cath"])
    }

    @Test func anHBeforeAVowelAndCapitalsKept() {
        #expect(WelshMutation.hBeforeVowel.apply(to: "enw") == "henw")
        #expect(WelshMutation.hBeforeVowel.apply(to: "ŵyr") == "hŵyr")
        #expect(WelshMutation.hBeforeVowel.apply(to: "Ysgol") == "Hysgol")
        #expect(WelshMutation.hBeforeVowel.apply(to: "cath") == nil)
        #expect(WelshMutation.soft.apply(to: "Caerdydd") == "Gaerdydd")
        #expect(WelshMutation.soft.apply(to: "Gwynedd") == "Wynedd")
        #expect(WelshMutation.radicals(of: "henw").map(\.radical) == ["enw"])
    }

    @Test func aMutatedWordIsAlmostWithTheMutationNamed() {
        let soft = AnswerCheck.check("gath", against: "cath", mutations: .almost)
        #expect(soft.verdict == .almost && soft.label == "Almost — soft mutation of c (cath → gath)")
        #expect(AnswerCheck.check("fy nhad", against: "fy tad", mutations: .almost).label == "Almost — nasal mutation of t (tad → nhad)")
        #expect(AnswerCheck.check("ei chath hi", against: "ei cath hi", mutations: .almost).label
            == "Almost — aspirate mutation of c (cath → chath)")
        #expect(AnswerCheck.check("henw", against: "enw", mutations: .almost).label == "Almost — h before a vowel (enw → henw)")
        // The other way round: the answer is the mutated form and the radical was typed.
        #expect(AnswerCheck.check("ei cath", against: "ei gath", mutations: .almost).label == "Almost — soft mutation of c (cath → gath)")
        #expect(AnswerCheck.proposedRating(for: soft.verdict) == 2)
        // A pair that says so takes any mutated form as right; an English answer has no mutations.
        #expect(AnswerCheck.check("nghath", against: "cath", mutations: .accepted).verdict == .right)
        #expect(AnswerCheck.check("pat", against: "bat").verdict == .wrong)
        #expect(AnswerCheck.check("ci", against: "cath", mutations: .almost).verdict == .wrong)
        // Two words changed is not one mutation.
        #expect(AnswerCheck.check("fy nghath ddu", against: "fy cath du", mutations: .almost).verdict == .wrong)
    }

    @Test func aSingleSlipInALongWordIsATypo() {
        let wrongLetter = AnswerCheck.check("ysgrifenu", against: "ysgrifennu")
        #expect(wrongLetter.verdict == .almost && wrongLetter.label == "Almost — a typo")
        #expect(wrongLetter.difference != nil)
        #expect(AnswerCheck.check("ysgirfennu", against: "ysgrifennu").almost == .typo)   // two swapped
        #expect(AnswerCheck.check("ysgrifenmu", against: "ysgrifennu").almost == .typo)   // one wrong
        #expect(AnswerCheck.check("ysgrifenneu", against: "ysgrifennu").almost == .typo)  // one extra
        #expect(AnswerCheck.check("to rember", against: "to remember").verdict == .wrong)  // two missing
        #expect(AnswerCheck.check("to remembre", against: "to remember").almost == .typo)
        // Short words are not forgiven: another short word is another word.
        #expect(AnswerCheck.check("cat", against: "cath").verdict == .wrong)
        #expect(AnswerCheck.check("bread", against: "breed").verdict == .wrong)
        // A slip and an accent are told apart: accents alone are "mind the accents".
        #expect(AnswerCheck.check("gwr", against: "gŵr").label == "Almost — mind the accents")
    }

    @Test func searchLooksForTheRadicalsOfEachWordInTheWelshSide() {
        #expect(Pair.mutationNeedles("gath").contains("cath"))
        #expect(Pair.mutationNeedles("nhad") == ["tad"])
        #expect(Pair.mutationNeedles("Fy Nghath").contains("fy cath"))
        #expect(Pair.mutationNeedles("cath").isEmpty)
        let many = Pair.mutationNeedles("fam fara ddrws gath law raff henw nhad")
        #expect(many.count == Pair.maximumNeedles - 1)
    }
}
