import FolioApp
import FolioStore
import Foundation
import Vocabulary

/// The vocabulary trainer's page models.
enum VocabularyPages {
    struct PairRow: Encodable {
        let id: PairID
        let english: String
        let welsh: String
        let type: String
        let tagsText: String
        let editHref: String

        init(_ p: Pair) {
            id = p.id ?? PairID(0)
            english = p.english
            welsh = p.welsh
            type = p.type
            tagsText = p.tags.joined(separator: ", ")
            editHref = SiteRoute.editPair.path(p.id ?? PairID(0))
        }
    }

    /// One page of the learner's pairs, as searched.
    struct PairList: Encodable {
        let query: String
        let tag: String
        let items: [PairRow]
        let empty: Bool
        let newHref = SiteRoute.newPair.path()
        /// "12 pairs", or why the list is empty.
        let countText: String

        init(_ page: Page<Pair>, query: String, tag: String) {
            self.query = query
            self.tag = tag
            items = page.items.map(PairRow.init)
            empty = page.total == 0
            let filtered = !query.isEmpty || !tag.isEmpty
            countText = page.total == 0 ? (filtered ? "No pair matches." : "No pairs yet.") : "\(page.total) pair\(page.total == 1 ? "" : "s")"
        }
    }

    /// The form of a new pair or of one being changed, with what was typed and why it was refused.
    struct Editor: Encodable {
        struct Fields: Encodable {
            let english: String
            let welsh: String
            let note: String
            let type: String
            let tags: String
        }

        let isNew: Bool
        let title: String
        let errors: [String]
        let form: Fields
        let saveAction: String
        let deleteAction: String?

        init(_ pair: Pair, isNew: Bool, errors: [String]) {
            self.isNew = isNew
            title = isNew ? "New pair" : "Edit pair"
            self.errors = errors
            form = Fields(english: pair.english, welsh: pair.welsh, note: pair.note, type: pair.type, tags: pair.tags.joined(separator: ", "))
            saveAction = isNew ? SiteRoute.createPair.path() : SiteRoute.updatePair.path(pair.id ?? PairID(0))
            deleteAction = isNew ? nil : SiteRoute.deletePair.path(pair.id ?? PairID(0))
        }
    }

    /// What to revise: every pair, or one tag, in either direction.
    struct ReviseStart: Encodable {
        struct Choice: Encodable {
            let value: String
            let label: String
        }

        let allCount: Int
        let tags: [VocabularyTag]
        let directions = Direction.allCases.map { Choice(value: $0.rawValue, label: "\($0.from) → \($0.to)") }
    }

    /// Nothing left to revise.
    struct Done: Encodable {
        let done = true
    }

    /// The next pair to answer.
    struct Prompt: Encodable {
        let from: String
        let to: String
        let prompt: String
        let remaining: Int
        /// Screen readers and spell checkers need the language of each side.
        let promptLang: String
        let answerLang: String
        let answerAction = SiteRoute.answer.path()
        let pairId: PairID
        let direction: String
        let tag: String
        let startedAt: Int

        init(_ pair: Pair, direction: Direction, remaining: Int, tag: String?, now: Date) {
            from = direction.from
            to = direction.to
            prompt = direction.prompt(for: pair)
            self.remaining = remaining
            promptLang = direction == .welshToEnglish ? "cy" : "en"
            answerLang = direction == .welshToEnglish ? "en" : "cy"
            pairId = pair.id ?? PairID(0)
            self.direction = direction.rawValue
            self.tag = tag ?? ""
            startedAt = Int(now.timeIntervalSince1970)
        }
    }

    /// An answer checked: the verdict, the expected answer with the letters that differ, and the
    /// ratings to choose from, the proposed one marked.
    struct Result: Encodable {
        struct RatingChoice: Encodable {
            let value: Int
            let label: String
            let proposed: Bool
        }

        let verdict: String
        let verdictLabel: String
        let typed: String
        let expected: String
        let prompt: String
        let ratings: [RatingChoice]
        let rateAction = SiteRoute.rate.path()
        let pairId: PairID
        let direction: String
        let tag: String
        let duration: String
        let differenceMarked: String?

        init(_ checked: Revision.Checked, direction: Direction, tag: String, seconds: TimeInterval?) {
            verdict = checked.result.verdict.rawValue
            verdictLabel = checked.result.verdict.label
            typed = checked.typed
            expected = checked.result.expected
            prompt = direction.prompt(for: checked.pair)
            ratings = Rating.allCases.map { RatingChoice(value: $0.rawValue, label: $0.name, proposed: $0 == checked.proposed) }
            pairId = checked.pair.id ?? PairID(0)
            self.direction = direction.rawValue
            self.tag = tag
            duration = seconds.map { String(format: "%.1f", $0) } ?? ""
            differenceMarked = checked.result.difference?.summary
        }
    }
}
