import FolioCore
import Foundation
import Monologues

/// "Two contrasting pieces, together at most three minutes, for a young woman, one verse and one
/// prose, one comic, nothing overdone": read once from the strings every face receives, and
/// answered with ranked sets.
public struct AuditionPlan: Sendable, Hashable {
    public var brief: AuditionBrief
    /// Who the pieces are for (gender, playing age, tone) and what to leave out (often heard).
    public var filter: MonologueFilter

    public init(brief: AuditionBrief = AuditionBrief(), filter: MonologueFilter = MonologueFilter()) {
        self.brief = brief
        self.filter = filter
    }

    /// The API's and the command line's reading: anything unknown is an error naming what is
    /// allowed. Empty strings mean "not asked".
    public static func parse(pieces: String?, seconds: String?, verseAndProse: String?, comic: String?,
                             gender: String?, age: String?, tone: String?, fresh: String?) throws(MonologueError) -> AuditionPlan {
        let brief = AuditionBrief(pieces: try MonologueQuery.wholeNumber(pieces, name: "pieces", range: AuditionBrief.pieceRange, default: 2),
                                  seconds: try MonologueQuery.wholeNumber(seconds, name: "seconds", range: AuditionBrief.secondsRange, default: 180),
                                  verseAndProse: try MonologueFilter.flag(verseAndProse, field: "verseAndProse"),
                                  comic: try MonologueFilter.flag(comic, field: "comic"))
        let filter = try MonologueFilter.parse(gender: gender, tone: tone, length: nil, age: age, fresh: fresh)
        return AuditionPlan(brief: brief, filter: filter)
    }

    /// The pages' reading: what cannot be read is left at its default, so a hand-edited link
    /// still shows a page.
    public static func lenient(pieces: String?, seconds: String?, verseAndProse: String?, comic: String?,
                               gender: String?, age: String?, tone: String?, fresh: String?) -> AuditionPlan {
        var plan = AuditionPlan()
        if let n = pieces.flatMap(Int.init), AuditionBrief.pieceRange.contains(n) { plan.brief.pieces = n }
        if let s = seconds.flatMap(Int.init), AuditionBrief.secondsRange.contains(s) { plan.brief.seconds = s }
        plan.brief.verseAndProse = (try? MonologueFilter.flag(verseAndProse, field: "verseAndProse")) ?? false
        plan.brief.comic = (try? MonologueFilter.flag(comic, field: "comic")) ?? false
        plan.filter.gender = gender.flatMap(Gender.init(rawValue:)).flatMap { $0 == .any ? nil : $0 }
        plan.filter.age = age.flatMap(PlayingAge.init(rawValue:)).flatMap { $0 == .any ? nil : $0 }
        plan.filter.tone = tone.flatMap(Tone.init(rawValue:))
        plan.filter.fresh = (try? MonologueFilter.flag(fresh, field: "fresh")) ?? false
        return plan
    }

    /// Ranked sets from the library as this user sees it (a favourite whose gender they changed
    /// counts as they changed it).
    public func sets(in library: MonologueLibrary, personal: PersonalView = .none, limit: Int = 10) -> [AuditionSet] {
        // Sets are made of pieces: a longer cut is its piece and more.
        let candidates = library.search("", filter: filter, personal: personal).items.filter { !library.isLongerCut(id: $0.id) }
        var asked = brief
        asked.gender = filter.gender == .any ? nil : filter.gender
        return AuditionSets.sets(from: candidates, brief: asked, limit: limit)
    }
}
