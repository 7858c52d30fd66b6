import Foundation
import Monologues

/// The favourite editor's audition slot: the running time against it, and the cuts that would
/// bring the speech within it (`CutToTime`), as the page shows them and as its script asks for
/// them again after every tap.
struct SlotPlan: Encodable, Sendable {
    /// The plan as a part of the editor's model: `{{#slotPlan}}`.
    struct Part: Encodable, Sendable { let slotPlan: SlotPlan }

    struct Choice: Encodable, Sendable { let value: String; let label: String; let selected: Bool }

    struct Proposal: Encodable, Sendable {
        let number: Int
        /// Positions in the text's lines, for the script to mark them cut.
        let lines: [Int]
        /// The same, as the page's `data-lines`: "3,4".
        let indexes: String
        let text: [String]
        let saves: String
        let seconds: Int
    }

    let slots: [Choice]
    let hasSlot: Bool
    let target: Int
    let targetLabel: String
    let seconds: Int
    /// "11 s over", "fits, with 9 s to spare".
    let verdict: String
    let fits: Bool
    let keyWords: [String]
    let keyWordsText: String
    let proposals: [Proposal]
    let hasProposals: Bool
    /// When no choice of whole sentences fits: where to start and stop instead.
    let excerpt: Excerpt?

    struct Excerpt: Encodable, Sendable {
        /// "Whole sentences cannot bring it within 1 min: play from “…” to “…” (58 s)."
        let text: String
        /// The lines outside the stretch, for the script to mark them cut.
        let lines: [Int]
        let indexes: String
    }
    /// With every proposal taken.
    let after: String
    let cutsAction: String
    /// The editor itself, which the slot form asks again with `?slot=`.
    let editHref: String
    let secondsLabel: String

    /// The slot a request names: one of the offered ones, or any whole number of seconds within
    /// reason; nothing (or nonsense) is no slot.
    static func slot(_ raw: String?) -> Int? {
        guard let raw, let seconds = Int(raw), (10...CutToTime.maximumTarget).contains(seconds) else { return nil }
        return seconds
    }

    init(text: String, slot: Int?, id: String, library: MonologueLibrary) {
        let target = slot ?? 0
        let offered = Swift.Set(CutToTime.slots + (slot.map { [$0] } ?? [])).sorted()
        slots = [Choice(value: "", label: "No slot", selected: slot == nil)]
            + offered.map { Choice(value: String($0), label: CutSheet.duration($0), selected: $0 == slot) }
        hasSlot = slot != nil
        self.target = target
        targetLabel = CutSheet.duration(target)
        cutsAction = SiteRoute.favouriteCuts.path(id)
        editHref = SiteRoute.editFavourite.path(id)
        let plan = CutToTime.plan(text: text, target: slot ?? Int.max / 2, weight: library.rarity(of:))
        seconds = plan.seconds
        secondsLabel = CutSheet.duration(plan.seconds)
        fits = plan.seconds <= target
        verdict = !hasSlot ? "" : fits ? (plan.seconds == target ? "fits exactly" : "fits, with \(CutSheet.duration(target - plan.seconds)) to spare")
            : "\(CutSheet.duration(plan.seconds - target)) over"
        keyWords = plan.keyWords
        keyWordsText = plan.keyWords.joined(separator: ", ")
        // When no choice of sentences fits, the stretch is offered instead of them.
        proposals = hasSlot && plan.excerpt == nil ? plan.proposals.enumerated().map { n, p in
            Proposal(number: n + 1, lines: p.lines, indexes: p.lines.map(String.init).joined(separator: ","), text: p.text, saves: CutSheet.duration(p.seconds), seconds: p.seconds)
        } : []
        hasProposals = !proposals.isEmpty
        after = CutSheet.duration(plan.secondsAfter)
        excerpt = hasSlot ? plan.excerpt.map { stretch in
            Excerpt(text: "Cutting whole sentences cannot bring it within \(CutSheet.duration(target)) (all of them leave \(CutSheet.duration(plan.secondsAfter))). "
                        + "Play a stretch of it instead: from “\(stretch.firstLine)” to “\(stretch.lastLine)”, \(CutSheet.duration(stretch.seconds)).",
                    lines: stretch.cut, indexes: stretch.cut.map(String.init).joined(separator: ","))
        } : nil
    }
}
