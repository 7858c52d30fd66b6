import FolioApp
import FolioCore
import FolioStore
import Foundation
import Vocabulary

/// The vocabulary trainer's page models: Translations (the list, a pair's page, the editor, the
/// tags) here; Revision in `VocabularyRevisionPages.swift`; import and export in
/// `VocabularyImportPages.swift`.
enum VocabularyPages {
    /// The three parts of the app, as pills under the title.
    struct Nav: Encodable {
        enum Section { case translations, revision, transfer }

        struct Item: Encodable {
            let label: String
            let href: String
            let current: Bool
        }

        let nav: [Item]

        init(_ current: Section) {
            nav = [Item(label: "Translations", href: SiteRoute.vocabulary.path(), current: current == .translations),
                   Item(label: "Revision", href: SiteRoute.revise.path(), current: current == .revision),
                   Item(label: "Import & export", href: SiteRoute.vocabularyImport.path(), current: current == .transfer)]
        }
    }

    /// The offline revision page's addresses, and whose cards the device keeps (the same short
    /// tag the service worker keeps pages under, so two accounts on one phone never mix).
    struct OfflineRevision: Encodable {
        let account: String
        let packHref = APIRoute.offlineRevision.pattern
        let syncHref = APIRoute.syncReviews.pattern
        let undoHref = APIRoute.undoReview.pattern
        let onlineHref = SiteRoute.revise.path()
        let offlineHref = SiteRoute.reviseOffline.path()
        let accents = AccentKeys.all
        let accentTarget = "answer"

        init(accountID: Account.ID) {
            account = OfflinePagesMiddleware.accountTag(accountID)
        }
    }

    /// The page that keeps the account's pairs on the device (public/vocab-pairs-offline.js): its
    /// addresses, and whose pairs the device keeps (the service worker's account tag).
    struct OfflinePairs: Encodable {
        let account: String
        let pairsHref = APIRoute.offlinePairs.pattern
        let syncHref = APIRoute.syncPairs.pattern
        let onlineHref = SiteRoute.vocabulary.path()
        let selfHref = SiteRoute.pairsOffline.path()
        let reviseHref = SiteRoute.reviseOffline.path()
        let accents = AccentKeys.all
        let accentTarget = "pair-welsh"
        let types = Pair.typeSuggestions

        init(accountID: Account.ID) {
            account = OfflinePagesMiddleware.accountTag(accountID)
        }
    }

    /// The list's line that keeps the pairs on the device (public/vocab-pairs-take.js).
    struct OfflinePairsLink: Encodable {
        let offlinePairs: OfflinePairs
    }

    /// "12,152": grouped the British way whatever the server's own locale.
    static func number(_ value: Int) -> String {
        value.formatted(.number.locale(Locale(identifier: "en_GB")))
    }

    /// "1 review", "1,204 reviews".
    static func plural(_ count: Int, _ noun: String) -> String {
        "\(number(count)) \(noun)\(count == 1 ? "" : "s")"
    }

    /// "1 pair", "12,152 pairs".
    static func pairCount(_ count: Int) -> String { plural(count, "pair") }

    /// "English — Welsh", or the one side a pair has: how a pair is named in titles and notices.
    static func name(_ pair: Pair) -> String {
        [pair.english, pair.welsh].filter { !$0.isEmpty }.joined(separator: " — ")
    }

    // MARK: - The list

    struct PairRow: Encodable {
        let english: String
        let welsh: String
        let hasBoth: Bool
        let type: String
        let tagsText: String
        let hasMeta: Bool
        let href: String

        init(_ p: Pair) {
            english = p.english
            welsh = p.welsh
            hasBoth = !p.english.isEmpty && !p.welsh.isEmpty
            type = p.type
            tagsText = p.tags.joined(separator: ", ")
            hasMeta = !p.type.isEmpty || !p.tags.isEmpty
            href = SiteRoute.pair.path(p.id ?? PairID(0))
        }
    }

    struct TagOption: Encodable {
        let name: String
        let label: String
        let selected: Bool
    }

    /// One page of the learner's pairs, as searched and filtered. The empty states are told apart
    /// here, so the page says one thing: no pairs at all, or none that match.
    struct PairList: Encodable {
        let query: String
        let tag: String
        let items: [PairRow]
        /// The account has pairs, whatever the filter: the search and the filter are shown.
        let hasPairs: Bool
        /// A search or a tag found nothing (whether or not the account has pairs).
        let noMatch: Bool
        /// No pairs and nothing asked for: the first-visit welcome.
        let welcome: Bool
        let filtered: Bool
        let countText: String
        let noMatchText: String
        let tagOptions: [TagOption]
        let newHref = SiteRoute.newPair.path()

        init(_ page: Page<Pair>, query: String, tag: String, accountPairs: Int, tags: Page<VocabularyTag>) {
            self.query = query
            self.tag = tag
            items = page.items.map(PairRow.init)
            hasPairs = accountPairs > 0
            filtered = !query.isEmpty || !tag.isEmpty
            noMatch = filtered && page.total == 0
            welcome = !hasPairs && !filtered
            let noun = VocabularyPages.pairCount(page.total)
            countText = filtered ? "\(noun) of \(VocabularyPages.number(accountPairs))" : noun
            let what = switch (query.isEmpty, tag.isEmpty) {
            case (false, true): "No pair matches “\(query)”"
            case (true, false): "No pair is tagged \(tag)"
            default: "No pair tagged \(tag) matches “\(query)”"
            }
            noMatchText = what + (hasPairs ? "." : ": you have no pairs yet.")
            var options = tags.items.map { TagOption(name: $0.name, label: "\($0.name) (\(VocabularyPages.number($0.count)))", selected: $0.name.lowercased() == tag.lowercased()) }
            if !tag.isEmpty, !options.contains(where: \.selected) {
                // A tag reached from the tags page, beyond the ones the filter lists.
                options.insert(TagOption(name: tag, label: tag, selected: true), at: 0)
            }
            tagOptions = options
        }
    }

    // MARK: - The editor

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
        let errors: [String]
        let form: Fields
        let saveAction: String
        let deleteAction: String?
        let cancelHref: String
        /// After "Save and add another": the English field takes the focus for the next pair.
        let focusEnglish: Bool
        let types = Pair.typeSuggestions
        let accents = AccentKeys.all
        let accentTarget = "pair-welsh"

        init(_ pair: Pair, isNew: Bool, errors: [String], focusEnglish: Bool = false) {
            self.isNew = isNew
            self.errors = errors
            form = Fields(english: pair.english, welsh: pair.welsh, note: pair.note, type: pair.type, tags: pair.tags.joined(separator: ", "))
            saveAction = isNew ? SiteRoute.createPair.path() : SiteRoute.updatePair.path(pair.id ?? PairID(0))
            deleteAction = isNew ? nil : SiteRoute.deletePair.path(pair.id ?? PairID(0))
            cancelHref = isNew ? SiteRoute.vocabulary.path() : SiteRoute.pair.path(pair.id ?? PairID(0))
            self.focusEnglish = focusEnglish
        }
    }

    // MARK: - A pair's page

    /// A pair with everything known about it: both sides, the note, the type, the tags, where its
    /// card stands in each direction and a page of its reviews.
    struct PairPage: Encodable {
        struct TagLink: Encodable {
            let name: String
            let href: String
        }

        struct DirectionStatus: Encodable {
            let title: String
            let status: String
            let detail: String
            let due: LocalTime?
            let isDue: Bool
        }

        struct HistoryRow: Encodable {
            let when: LocalTime
            let rating: String
            let ratingClass: String
            let took: String
        }

        let english: String
        let welsh: String
        let note: String
        let type: String
        let tags: [TagLink]
        let directions: [DirectionStatus]
        let history: [HistoryRow]
        let reviewCount: String
        let editHref: String
        /// A suspended pair is never asked until let back in.
        let suspended: Bool
        let suspendAction: String

        init(_ pair: Pair, cards: [(direction: Direction, card: Card?)], history: Page<ReviewLog>, now: Date, suspended: Bool = false) {
            self.suspended = suspended
            suspendAction = SiteRoute.suspendPair.path(pair.id ?? PairID(0))
            english = pair.english
            welsh = pair.welsh
            note = pair.note
            type = pair.type
            tags = pair.tags.map { TagLink(name: $0, href: SiteRoute.vocabulary.path(query: ["tag": $0])) }
            directions = cards.map { direction, card in
                let revisable = direction.isRevisable(pair)
                let status: String
                var detail = ""
                if !revisable {
                    status = "Needs both sides to be revised"
                } else if let card {
                    status = card.due <= now ? "Due now" : "Due " + Interval(from: now, to: card.due).inWords
                    // Stability is FSRS's "days until recall falls to 90%": meaningful once a
                    // card has left its first steps, noise before.
                    detail = card.state == .review
                        ? card.state.name + (card.stability.map { " · memory holds about " + Interval(from: now, to: now.addingTimeInterval($0 * 86_400)).long } ?? "")
                        : card.state.name + ": still in its first steps"
                } else {
                    status = "New: not revised this way yet"
                }
                return DirectionStatus(title: direction.title, status: status, detail: detail,
                                       due: revisable ? card.map { LocalTime($0.due) } : nil,
                                       isDue: revisable && (card.map { $0.due <= now } ?? true))
            }
            self.history = history.items.map { log in
                HistoryRow(when: LocalTime(log.date), rating: log.rating.name, ratingClass: "rating-\(log.rating.name.lowercased())",
                           took: log.duration.map { String(format: "%.0f s", $0.rounded()) } ?? "")
            }
            reviewCount = history.total == 0 ? "Not revised yet." : VocabularyPages.plural(history.total, "review")
            editHref = SiteRoute.editPair.path(pair.id ?? PairID(0))
        }
    }

    // MARK: - Tags

    struct TagsPage: Encodable {
        struct Row: Encodable {
            let name: String
            let count: String
            let href: String
            let reviseHref: String
        }

        let tags: [Row]
        let countText: String

        init(_ page: Page<VocabularyTag>) {
            tags = page.items.map {
                Row(name: $0.name, count: VocabularyPages.pairCount($0.count), href: SiteRoute.vocabulary.path(query: ["tag": $0.name]),
                    reviseHref: SiteRoute.revisionSession.path(query: ["tag": $0.name]))
            }
            countText = VocabularyPages.plural(page.total, "tag")
        }
    }
}

/// The small parts several Vocabulary pages share.
extension VocabularyPages {
    /// A moment shown as text a server can write without knowing the reader's time zone ("12 Mar 2026,
    /// 14:05 UTC"), with the instant for `<time datetime>`, which vocab.js turns into local time.
    struct LocalTime: Encodable {
        let iso: String
        let text: String

        init(_ date: Date) {
            iso = date.formatted(.iso8601)
            text = date.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened, locale: Locale(identifier: "en_GB"),
                                                   timeZone: TimeZone(identifier: "UTC")!)) + " UTC"
        }
    }

    /// How long until a card is due, as a rating button shows it ("3 d") and as a sentence says it
    /// ("in 3 days").
    struct Interval: Equatable {
        let short: String
        let long: String

        init(from start: Date, to end: Date) {
            let seconds = max(0, end.timeIntervalSince(start))
            let minutes = seconds / 60, hours = minutes / 60, days = hours / 24
            func unit(_ value: Double, _ short: String, _ singular: String) -> (String, String) {
                // Whole numbers below ten months read best; beyond, a decimal says "about".
                let shown = value < 10 && (short == "mo" || short == "y") ? (value * 10).rounded() / 10 : value.rounded()
                let number = shown == shown.rounded() ? String(Int(shown)) : String(format: "%.1f", shown)
                return ("\(number) \(short)", "\(number) \(singular)\(shown == 1 ? "" : "s")")
            }
            let parts: (String, String)
            if minutes < 59.5 {
                parts = unit(max(1, minutes), "min", "minute")
            } else if hours < 23.5 {
                parts = unit(hours, "h", "hour")
            } else if days < 30.5 {
                parts = unit(days, "d", "day")
            } else if days < 365 {
                parts = unit(days / 30.4375, "mo", "month")
            } else {
                parts = unit(days / 365.25, "y", "year")
            }
            short = parts.0
            long = parts.1
        }

        var inWords: String { "in " + long }
    }

    /// The letters Welsh writes with accents, for the buttons under a Welsh answer: the to bach
    /// (circumflex) on every vowel first, as it is by far the most used, then the diaeresis, acute
    /// and grave that a few words need.
    enum AccentKeys {
        struct Row: Encodable {
            let label: String
            let letters: [String]
        }

        static let toBach = ["â", "ê", "î", "ô", "û", "ŵ", "ŷ"]
        static let more = [Row(label: "Diaeresis", letters: ["ä", "ë", "ï", "ö", "ü", "ẅ", "ÿ"]),
                           Row(label: "Acute", letters: ["á", "é", "í", "ó", "ú", "ẃ", "ý"]),
                           Row(label: "Grave", letters: ["à", "è", "ì", "ò", "ù", "ẁ", "ỳ"])]

        struct Keys: Encodable {
            let toBach: [String]
            let more: [Row]
        }

        static let all = Keys(toBach: toBach, more: more)
    }
}
