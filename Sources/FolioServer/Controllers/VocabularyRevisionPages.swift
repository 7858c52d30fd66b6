import FolioApp
import FolioCore
import FolioStore
import Foundation
import Vocabulary

/// The page models of Revision: choosing what to revise, a prompt, a checked answer with its
/// ratings, and a session's summary.
extension VocabularyPages {
    struct Choice: Encodable {
        let value: String
        let label: String
        let selected: Bool
    }

    /// What a session is about, carried by every form and link of it.
    struct SessionFields: Encodable {
        let direction: String
        let tag: String
        let size: Int
        let session: String

        init(direction: Direction, tag: String?, session: RevisionSession) {
            self.direction = direction.rawValue
            self.tag = tag ?? ""
            size = session.size
            self.session = session.token
        }

        /// The session page's address for this state.
        var href: String {
            SiteRoute.revisionSession.path(query: ["direction": direction, "tag": tag.isEmpty ? nil : tag, "size": String(size),
                                                   "session": session])
        }
    }

    /// What to revise: every pair, or one tag, in either direction, so many cards at a time.
    struct ReviseStart: Encodable {
        let allCount: Int
        let tags: [Choice]
        let directions: [Choice]
        let sizes: [Choice]
        /// "New cards: 3 of 20 today · Reviews: 10 of 200".
        let todayText: String
        let dayText: String
        let directionTitle: String
        /// What waits today for all pairs, then for each tag with anything waiting.
        let waiting: [WaitingRow]
        let moreTagsText: String?
        let allLabel: String

        struct WaitingRow: Encodable {
            let name: String
            let due: String
            let new: String
            let held: String?
            let href: String
        }

        /// Rows of the "waiting today" table: a learner with hundreds of tags sees the first ones.
        static let waitingRows = 100

        init(allCount: Int, tags: [VocabularyTag], tag: String, direction: Direction, overview: Revision.Overview) {
            self.allCount = allCount
            let byTag = Dictionary(overview.tags.map { ($0.tag ?? "", $0) }, uniquingKeysWith: { first, _ in first })
            func summary(_ line: Revision.Overview.Line?) -> String {
                guard let line else { return "" }
                return " — \(VocabularyPages.number(line.due)) due, \(VocabularyPages.number(line.new)) new"
            }
            self.tags = tags.map { Choice(value: $0.name, label: "\($0.name) (\(VocabularyPages.number($0.count)))\(summary(byTag[$0.name]))",
                                          selected: $0.name.lowercased() == tag.lowercased()) }
            allLabel = "All pairs (\(VocabularyPages.number(allCount)))\(summary(overview.all))"
            directions = Direction.allCases.map { Choice(value: $0.rawValue, label: $0.title, selected: $0 == direction) }
            sizes = RevisionSession.sizes.map { Choice(value: String($0), label: "\($0) cards", selected: $0 == RevisionSession.defaultSize) }
            let today = overview.today, settings = today.settings
            // Past a limit lowered during the day, "11 of 2" said nothing of what it meant.
            func used(_ done: Int, of limit: Int) -> String {
                done > limit ? "\(VocabularyPages.number(done)) today, past the limit of \(VocabularyPages.number(limit)): no more until tomorrow"
                    : "\(VocabularyPages.number(done)) of \(VocabularyPages.number(limit))"
            }
            todayText = "New cards: \(used(today.studied.newCards, of: settings.newCardsPerDay))\(today.studied.newCards > settings.newCardsPerDay ? "" : " today") · "
                + "Reviews: \(used(today.studied.reviews, of: settings.reviewsPerDay))"
            dayText = "A new day starts at \(String(format: "%02d:00", settings.dayStartHour)) (\(settings.timeZone))."
            directionTitle = direction.title
            let shown = [overview.all] + overview.tags.filter { $0.due + $0.new + $0.waiting > 0 }
            waiting = shown.prefix(Self.waitingRows).map { line in
                WaitingRow(name: line.tag ?? "All pairs", due: VocabularyPages.number(line.due), new: VocabularyPages.number(line.new),
                           held: line.waiting > 0 ? "\(VocabularyPages.number(line.waiting)) more after today's limits" : nil,
                           href: SiteRoute.revisionSession.path(query: ["direction": direction.rawValue, "tag": line.tag]))
            }
            moreTagsText = shown.count > Self.waitingRows ? "and \(VocabularyPages.number(shown.count - Self.waitingRows)) more tags" : nil
        }
    }

    /// The learner's record, drawn by the server.
    struct StatisticsPage: Encodable {
        struct MonthRow: Encodable { let month: String; let text: String }
        struct HardRow: Encodable { let english: String; let welsh: String; let lapses: String; let href: String }

        let streakText: String
        let totalText: String
        let heatmap: String
        let forecast: String
        let forecastText: String
        let retention: String
        let targetText: String
        let months: [MonthRow]
        let hardest: [HardRow]
        let hasHardest: Bool

        init(_ s: StudyStatistics, dueNow: Int) {
            let days = { (n: Int) in "\(VocabularyPages.number(n)) day\(n == 1 ? "" : "s")" }
            streakText = "Streak: \(days(s.currentStreak)) (longest \(days(s.longestStreak)))"
            totalText = "\(VocabularyPages.plural(s.totalReviews, "review")) in the last year, on \(days(s.days.filter { $0.reviews > 0 }.count))."
            heatmap = StatisticsCharts.heatmap(s.days)
            forecast = StatisticsCharts.forecast(s.forecast)
            let today = s.forecast.first?.cards ?? 0, month = s.forecast.reduce(0) { $0 + $1.cards }
            let later = max(0, today - dueNow)
            forecastText = "\(VocabularyPages.number(dueNow)) \(dueNow == 1 ? "card" : "cards") due now and \(VocabularyPages.number(later)) more later today, "
                + "in both directions and before today's limits; \(VocabularyPages.number(month)) in the next \(s.forecast.count) days."
            retention = StatisticsCharts.retention(s.months, target: s.target)
            targetText = "Target \(Int((s.target * 100).rounded()))%"
            // Only the months with reviews of learned cards: twelve rows saying there were none
            // stood under an empty chart.
            months = s.months.reversed().compactMap { m in
                m.retention.map { MonthRow(month: m.month, text: "\(Int(($0 * 100).rounded()))% of \(VocabularyPages.plural(m.reviews, "review"))") }
            }
            hardest = s.hardest.map { HardRow(english: $0.english, welsh: $0.welsh, lapses: VocabularyPages.plural($0.lapses, "lapse"),
                                               href: SiteRoute.pair.path($0.pairID)) }
            hasHardest = !s.hardest.isEmpty
        }
    }

    /// The daily limits form, as saved or as typed.
    struct SettingsForm: Encodable {
        struct Hour: Encodable {
            let value: Int
            let label: String
            let selected: Bool
        }

        let newCardsPerDay: String
        let reviewsPerDay: String
        let hours: [Hour]
        let timeZone: String
        let desiredRetention: String
        let leechThreshold: String
        let errors: [String]
        let hasErrors: Bool
        let timeZones: [String]
        let action = SiteRoute.saveStudySettings.path()
        let tuneAction = SiteRoute.tuneScheduler.path()
        /// Weights fitted to the learner's reviews are in use.
        let tuned: Bool
        /// After "Fit to my reviews": what the fitted weights would do.
        let tuning: TuningPanel?

        struct TuningPanel: Encodable {
            let text: String
            let canApply: Bool
        }
        let newRange = "\(StudySettings.newCardsRange.lowerBound)–\(StudySettings.newCardsRange.upperBound)"
        let reviewsRange = "\(StudySettings.reviewsRange.lowerBound)–\(StudySettings.reviewsRange.upperBound)"

        init(_ settings: StudySettings, errors: [String], typed: WebForm? = nil, tuning: Revision.Tuning? = nil) {
            tuned = settings.parameters != nil
            self.tuning = tuning.map { t in
                let reviews = VocabularyPages.plural(t.result.reviewCount, "review")
                guard t.result.enoughHistory, let before = t.result.before, let after = t.result.after else {
                    return TuningPanel(text: "Not enough history yet: \(reviews) of the \(Optimizer<String>.minimumReviews) a fit needs.",
                                       canApply: false)
                }
                let figures = String(format: "log loss %.4f → %.4f, RMSE %.3f → %.3f", before.logLoss, after.logLoss, before.rmse, after.rmse)
                return TuningPanel(text: "Fitted to \(reviews). On reviews kept aside, the defaults against your weights: \(figures)."
                                   + (t.isImprovement ? "" : " Your weights would not do better, so the defaults stay."),
                                   canApply: t.isImprovement)
            }
            newCardsPerDay = typed.map { String($0.string("newCardsPerDay").prefix(20)) } ?? String(settings.newCardsPerDay)
            reviewsPerDay = typed.map { String($0.string("reviewsPerDay").prefix(20)) } ?? String(settings.reviewsPerDay)
            let hour = typed.flatMap { Int($0.string("dayStartHour")) } ?? settings.dayStartHour
            hours = StudySettings.hourRange.map { Hour(value: $0, label: String(format: "%02d:00", $0), selected: $0 == hour) }
            timeZone = settings.timeZone
            leechThreshold = typed.map { String($0.string("leechThreshold").prefix(20)) } ?? String(settings.leechThreshold)
            desiredRetention = typed.map { String($0.string("desiredRetention").prefix(20)) } ?? String(format: "%.2f", settings.desiredRetention)
            self.errors = errors
            hasErrors = !errors.isEmpty
            timeZones = TimeZone.knownTimeZoneIdentifiers.sorted()
        }
    }

    /// The next pair to answer.
    struct Prompt: Encodable {
        let from: String
        let to: String
        let prompt: String
        /// "Card 4 of 12".
        let progressText: String
        let progressValue: Int
        let progressMax: Int
        let isReturn: Bool
        let returnsText: String
        /// Screen readers and spell checkers need the language of each side.
        let promptLang: String
        let answerLang: String
        /// Accent buttons only where the answer is Welsh: English needs none.
        let welshAnswer: Bool
        let accents = AccentKeys.all
        let accentTarget = "answer"
        let answerAction = SiteRoute.answer.path()
        let pairId: PairID
        let startedAt: Int
        let fields: SessionFields
        let endHref: String
        /// Once a card of the session has been rated, its rating can be taken back.
        let canUndo: Bool
        let undoAction = SiteRoute.undoRating.path()

        init(_ step: Revision.Step, pair: Pair, direction: Direction, tag: String?, now: Date) {
            from = direction.from
            to = direction.to
            prompt = direction.prompt(for: pair)
            let session = step.session
            progressMax = max(step.planned, session.seen.count + (step.isReturn ? 0 : 1), 1)
            progressValue = session.seen.count
            progressText = step.isReturn ? "\(session.seen.count) of \(progressMax) asked" : "Card \(session.seen.count + 1) of \(progressMax)"
            // A card asked again because its rating was taken back is no card "rated Again".
            isReturn = step.isReturn && !(pair.id.map(session.isRetake) ?? false)
            let waiting = session.returns.filter { !$0.retake }.count
            returnsText = waiting == 0 ? "" : "\(waiting) to come back"
            promptLang = direction == .welshToEnglish ? "cy" : "en"
            answerLang = direction == .welshToEnglish ? "en" : "cy"
            welshAnswer = direction == .englishToWelsh
            pairId = pair.id ?? PairID(0)
            startedAt = Int(now.timeIntervalSince1970)
            fields = SessionFields(direction: direction, tag: tag, session: session)
            canUndo = session.answered > 0
            endHref = SiteRoute.revisionSession.path(query: ["direction": direction.rawValue, "tag": tag, "size": String(session.size),
                                                             "session": session.token, "end": "1"])
        }
    }

    /// An answer checked: the verdict, the expected answer with the letters that differ, and the
    /// ratings to choose from, each with when the card would come back, the proposed one marked.
    struct Result: Encodable {
        let verdict: String
        let verdictLabel: String
        let typed: String
        let expected: String
        let prompt: String
        let promptLang: String
        let answerLang: String
        let note: String
        let ratings: [RatingChoice]
        let proposedLabel: String
        let rateAction = SiteRoute.rate.path()
        let pairId: PairID
        let duration: String
        let differenceMarked: String?
        let fields: SessionFields
        /// The card as it stood when checked: a rating sent again from this page is not stored twice.
        let checkedCard: String

        init(_ checked: Revision.Checked, outcomes: [(rating: Rating, due: Date)], direction: Direction, tag: String?,
             session: RevisionSession, seconds: TimeInterval?, now: Date, stamp: CardStamp) {
            verdict = checked.result.verdict.rawValue
            verdictLabel = checked.result.label
            typed = checked.typed
            expected = checked.result.expected
            prompt = direction.prompt(for: checked.pair)
            promptLang = direction == .welshToEnglish ? "cy" : "en"
            answerLang = direction == .welshToEnglish ? "en" : "cy"
            note = checked.pair.note
            ratings = RatingChoice.all(outcomes, now: now, proposed: checked.proposed)
            proposedLabel = checked.proposed.name
            pairId = checked.pair.id ?? PairID(0)
            duration = seconds.map { String(format: "%.1f", $0) } ?? ""
            // A mutation is named by the verdict; its letters ("dd" for "d") would say less.
            if case .mutation = checked.result.almost { differenceMarked = nil } else { differenceMarked = checked.result.difference?.summary }
            fields = SessionFields(direction: direction, tag: tag, session: session)
            checkedCard = stamp.formValue
        }
    }

    /// A session over: how it went, each pair with when it comes back, and what to do next.
    struct Summary: Encodable {
        struct Row: Encodable {
            let prompt: String
            let answer: String
            let promptLang: String
            let answerLang: String
            let nextText: String
            let href: String
        }

        struct Tally: Encodable {
            let label: String
            let count: Int
            let kind: String
        }

        /// Nothing was asked: nothing was due or new when the session began.
        let nothing: Bool
        let heading: String
        let tallies: [Tally]
        let answeredText: String
        let nextDueText: String
        let rows: [Row]
        let waitingText: String
        let againHref: String?
        let otherDirectionHref: String
        let otherDirectionLabel: String
        /// The last card's rating can be taken back here too: it is then asked again.
        let fields: SessionFields
        let canUndo: Bool
        let undoAction = SiteRoute.undoRating.path()

        init(_ summary: Revision.Summary, direction: Direction, tag: String?, now: Date) {
            let session = summary.session
            fields = SessionFields(direction: direction, tag: tag, session: session)
            canUndo = session.answered > 0
            nothing = session.answered == 0
            heading = nothing ? "Nothing to revise right now" : "Session complete"
            tallies = [Tally(label: "Right", count: session.right, kind: "right"),
                       Tally(label: "Almost", count: session.almost, kind: "almost"),
                       Tally(label: "Wrong", count: session.wrong, kind: "wrong")]
            answeredText = "\(VocabularyPages.plural(summary.cards.count, "card")), \(VocabularyPages.plural(session.answered, "answer"))"
                + (session.answered > summary.cards.count ? " (cards rated Again came back)" : "")
            if let due = summary.nextDue {
                nextDueText = due <= now ? "Next due: now." : "Next due: \(Interval(from: now, to: due).inWords)."
            } else {
                nextDueText = ""
            }
            let answerLang = direction == .welshToEnglish ? "en" : "cy"
            let promptLang = direction == .welshToEnglish ? "cy" : "en"
            rows = summary.cards.map { pair, card in
                Row(prompt: direction.prompt(for: pair), answer: direction.answer(for: pair), promptLang: promptLang, answerLang: answerLang,
                    nextText: card.map { $0.due <= now ? "due now" : Interval(from: now, to: $0.due).inWords } ?? "not rated",
                    href: SiteRoute.pair.path(pair.id ?? PairID(0)))
            }
            let waiting = summary.waiting
            let more = waiting >= Revision.Summary.waitingLimit ? "\(Revision.Summary.waitingLimit)+" : VocabularyPages.number(waiting)
            let scope = direction.title + (tag.map { ", tag \($0)" } ?? "")
            waitingText = waiting == 0
                ? (nothing ? "No pair is due or new in \(scope)." : "Nothing else is due or new in \(scope).")
                : "\(more) more \(waiting == 1 ? "pair is" : "pairs are") ready to revise in \(scope)."
            againHref = waiting == 0 ? nil
                : SiteRoute.revisionSession.path(query: ["direction": direction.rawValue, "tag": tag, "size": String(session.size)])
            let other = direction == .englishToWelsh ? Direction.welshToEnglish : .englishToWelsh
            otherDirectionHref = SiteRoute.revisionSession.path(query: ["direction": other.rawValue, "tag": tag, "size": String(session.size)])
            otherDirectionLabel = "Revise \(other.title)"
        }
    }
}
