import FolioApp
import Foundation
import Hummingbird
import Monologues

/// "Two contrasting pieces in three minutes": the brief as a form, the sets as cards with the
/// reasons they contrast. A GET form, so a brief can be bookmarked and shared.
struct AuditionSetPages: Sendable {
    let finder: MonologueFinder
    let library: LibraryCache
    let auditionSets: AuditionSetCache
    let pages: PageRenderer

    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/monologues")
            .on(page: .auditionSets, use: sets)
    }

    @Sendable func sets(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let form = WebForm(query: request)
        let asked = form.get("seconds") != nil
        let plan = AuditionPlan.lenient(pieces: form.get("pieces"), seconds: form.get("seconds"), verseAndProse: form.get("verseAndProse"),
                                        comic: form.get("comic"), gender: form.get("gender"), age: form.get("age"), tone: form.get("tone"),
                                        fresh: form.get("fresh"))
        let (library, revision) = try await library.currentWithRevision()
        let personal = try await finder.personalView(accountID: context.account?.id)
        let sets = asked ? try await auditionSets.sets(plan, in: library, revision: revision, personal: personal) : []
        return try pages.render("monologues/sets", title: "Audition sets", tab: .monologues,
                                model: [Page(plan, sets: sets, asked: asked)], context: context)
    }

    struct Choice: Encodable { let value: String; let label: String; let selected: Bool }

    struct Page: Encodable {
        struct Piece: Encodable {
            let href: String
            let title: String
            let character: String
            let play: String
            let kind: String
            let firstLine: String
        }

        struct Set: Encodable {
            let number: Int
            let duration: String
            let reasons: [String]
            let pieces: [Piece]
        }

        let pieces: [Choice]
        let seconds: [Choice]
        let genders: [Choice]
        let ages: [Choice]
        let verseAndProse: Bool
        let comic: Bool
        let fresh: Bool
        let asked: Bool
        let sets: [Set]
        let empty: Bool

        init(_ plan: AuditionPlan, sets: [AuditionSet], asked: Bool) {
            let brief = plan.brief
            pieces = [2, 3].map { Choice(value: String($0), label: "\($0) pieces", selected: brief.pieces == $0) }
            // The slots panels ask for, and whatever a link named.
            let offered = Swift.Set([60, 90, 120, 150, 180, 240, 300, brief.seconds]).sorted()
            seconds = offered.map { Choice(value: String($0), label: CutSheet.duration($0), selected: brief.seconds == $0) }
            genders = [("", "Any"), ("female", "A woman"), ("male", "A man")].map { value, label in
                Choice(value: value, label: label, selected: (plan.filter.gender?.rawValue ?? "") == value)
            }
            ages = [("", "Any"), ("young", "Young"), ("adult", "Adult"), ("older", "Older")].map { value, label in
                Choice(value: value, label: label, selected: (plan.filter.age?.rawValue ?? "") == value)
            }
            verseAndProse = brief.verseAndProse
            comic = brief.comic
            fresh = plan.filter.fresh
            self.asked = asked
            self.sets = sets.enumerated().map { n, set in
                Set(number: n + 1, duration: CutSheet.duration(set.seconds), reasons: set.reasons, pieces: set.pieces.map { m in
                    Piece(href: SiteRoute.monologue.path(m.id), title: m.title, character: m.character, play: m.play,
                          kind: [m.verse ? "verse" : "prose", m.tone.rawValue, CutSheet.duration(m.seconds)].joined(separator: " · "),
                          firstLine: m.firstLine)
                })
            }
            empty = asked && sets.isEmpty
        }
    }
}
