import Testing
@testable import FolioCore

struct TagListTests {
    @Test func tagsAreTrimmedCollapsedAndDeduplicated() {
        #expect(TagList.parse("grieving, Audition ,  big  finish, GRIEVING", style: .lowercase) == ["grieving", "audition", "big finish"])
        #expect(TagList.parse("food,\tdrink", existing: ["Food"], style: .capitalised) == ["Food", "Drink"])
    }

    /// A tag cut at the limit right after a space ended in one, and came back without it when a
    /// table was written and read again.
    @Test func aTagCutAtTheLimitNeverEndsInASpace() {
        let long = String(repeating: "a", count: TagList.maximumLength - 1) + " bcd"
        let tag = TagList.parse(long, style: .lowercase)
        #expect(tag == [String(repeating: "a", count: TagList.maximumLength - 1)])
        #expect(TagList.parse(tag[0], style: .lowercase) == tag)
    }
}
