import FolioApp
import FolioTestSupport
import Monologues
import Testing

@Suite struct AuditionPlanTests {
    /// A set never offers a longer cut: its piece comes instead, though the longer cut would use
    /// more of the time.
    @Test func setsNeverHoldALongerCut() {
        let library = MonologueLibrary([LibraryFixture.twoSpeeches[0]] + LibraryFixture.longerCut.filter { $0.id.hasPrefix("macbeth-5-5") })
        let sets = AuditionPlan().sets(in: library)
        #expect(!sets.isEmpty)
        #expect(sets.allSatisfy { $0.pieces.map(\.id).sorted() == ["hamlet-3-1-hamlet-1", "macbeth-5-5-macbeth-4"] })
    }
}
