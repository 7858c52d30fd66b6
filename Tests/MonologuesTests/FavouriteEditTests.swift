import FolioCore
import Testing
@testable import Monologues

/// A favourite's edit, checked once for the editor page and the API.
@Suite struct FavouriteEditTests {
    let original = Monologue(id: "hamlet-3-1-hamlet-1", title: "To be, or not to be", sortTitle: "to be", play: "Hamlet",
                             character: "Hamlet", gender: .male, tone: .tragedy, genre: .tragedies, act: 3, scene: 1,
                             location: "A room in the castle", notes: "Alone.", text: "To be, or not to be, that is the question:\nWhether 'tis nobler",
                             wordCount: 13, lineCount: 2, seconds: 10, length: .short, verse: true, tags: ["soliloquy", "grief"])

    @Test func anUntouchedFormLeavesAFavouriteUnedited() throws {
        let edited = try FavouriteEdit(text: original.text.replacingOccurrences(of: "\n", with: "\r\n"), notes: original.notes,
                                       tags: "SOLILOQUY, Grief", gender: .male)
            .applied(to: Favourite(monologueID: original.id), of: original, knownTags: [])
        #expect(!edited.isEdited)
    }

    @Test func onlyTheFieldsGivenChangeAndOtherEditsStay() throws {
        let cut = Favourite(monologueID: original.id, text: "To be, or not to be.", notes: "Mine.")
        let edited = try FavouriteEdit(gender: .female).applied(to: cut, of: original, knownTags: [])
        #expect(edited == Favourite(monologueID: original.id, text: "To be, or not to be.", notes: "Mine.", gender: .female))
        // Typed tags take a known tag's spelling and are stored lowercase.
        let tagged = try FavouriteEdit(tags: "Audition, soliloquy").applied(to: edited, of: original, knownTags: ["audition"])
        #expect(tagged.tags == ["audition", "soliloquy"])
    }

    @Test func everyProblemIsNamedAtOnce() {
        let tooMany = (1...21).map { "tag\($0)" }.joined(separator: ",")
        let edit = FavouriteEdit(text: " \n\t\n", notes: String(repeating: "n", count: Favourite.maximumNotesLength + 1), tags: tooMany)
        #expect(throws: MonologueError.invalidEdit([.emptyText, .notesTooLong(length: Favourite.maximumNotesLength + 1, limit: 5_000),
                                                   .tooManyTags(count: 21, limit: 20)])) {
            try edit.applied(to: Favourite(monologueID: original.id), of: original, knownTags: [])
        }
        let long = FavouriteEdit(text: String(repeating: "x", count: Favourite.maximumTextLength + 1))
        #expect(throws: MonologueError.invalidEdit([.textTooLong(length: 50_001, limit: 50_000)])) {
            try long.applied(to: Favourite(monologueID: original.id), of: original, knownTags: [])
        }
        #expect(MonologueError.invalidEdit([.emptyText]).code == "invalid_parameter")
        #expect(MonologueError.invalidEdit([.emptyText]).kind == .invalidInput)
    }
}
