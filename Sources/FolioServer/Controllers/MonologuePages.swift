import FolioApp
import FolioCore
import Foundation
import Monologues

/// The monologue finder's page models.
enum MonologuePages {
    typealias Paths = MonologuePagesController

    /// A search result as a card: the monologue as the actor keeps it (their cut, when they have
    /// one), with its length and first line.
    struct Card: Encodable {
        /// A piece of a snippet: the template escapes each text and wraps the matches in <mark>,
        /// so no speech or query text is ever written out unescaped.
        struct SnippetPart: Encodable { let text: String; let isMatch: Bool }

        let id: String
        let href: String
        let title: String
        let character: String
        let play: String
        /// "Act 3, Scene 2": with the play, where the speech stands. The card leads with who speaks
        /// and how the speech begins, as actors name a speech; "Romeo and Juliet 55" said neither.
        let actScene: String
        let lengthLabel: String
        let firstLine: String
        let isFavourite: Bool
        /// The text around the words searched for, when the text held them.
        let snippet: [SnippetPart]
        let hasSnippet: Bool
        let oftenHeard: Bool
        let playingAge: String
        let hasPlayingAge: Bool

        init(_ item: MonologueFinder.Item) {
            let m = item.original, shown = item.monologue
            id = m.id
            href = SiteRoute.monologue.path(m.id)
            title = m.title
            character = m.character
            play = m.play
            actScene = m.actScene
            lengthLabel = Paths.lengthLabel(shown)
            firstLine = shown.firstLine
            isFavourite = item.favourite != nil
            snippet = item.snippet?.parts.map { SnippetPart(text: $0.text, isMatch: $0.isMatch) } ?? []
            hasSnippet = !snippet.isEmpty
            oftenHeard = item.isOftenHeard
            playingAge = item.playingAge.rawValue
            hasPlayingAge = item.playingAge != .any
        }
    }

    /// One page of results, as the page shows it and as live search swaps it in.
    struct Results: Encodable {
        let total: Int
        let empty: Bool
        let countText: String
        let items: [Card]
        let pager: Pager?

        /// `uri` is the request's own address: the page links keep its other parameters. `query`:
        /// what was typed, which may hold no word at all (`*`, quotes alone): every monologue is
        /// then listed, and the count says why rather than looking like an answer to it. When the
        /// last word is being typed, it stands for any word it starts; the count says so, as
        /// Search (whole words) may then find fewer ("ham": 110 as typed, 100). `nothing`: why an
        /// empty page is empty, which the count turns into what to change.
        init(_ result: MonologueFinder.Results, query: String = "", nothing: MonologueFinder.Nothing? = nil, page: Int, pageSize: Int,
             uri: String) {
            total = result.total
            empty = result.total == 0
            let typed = query.trimmingCharacters(in: .whitespacesAndNewlines)
            countText = Self.count(result, typed: typed, nothing: nothing)
            items = result.items.map(Card.init)
            pager = Pager(page: page, pageSize: pageSize, shown: result.items.count, total: result.total, label: "Result pages") { page in
                var items = URLComponents(string: uri)?.queryItems?.filter { $0.name != "page" && $0.name != "fragment" } ?? []
                items.append(URLQueryItem(name: "page", value: String(page)))
                var components = URLComponents()
                components.path = SiteRoute.monologues.path()
                components.queryItems = items
                return components.string ?? SiteRoute.monologues.path()
            }
        }

        /// What the count says: how many were found and, when none, what to change (a word
        /// found nowhere, the words together, or the filters, whichever is at fault).
        static func count(_ result: MonologueFinder.Results, typed: String, nothing: MonologueFinder.Nothing?) -> String {
            let all = "\(result.total) monologue\(result.total == 1 ? "" : "s")"
            if result.total > 0 {
                if !typed.isEmpty && result.query.terms.isEmpty { return "No words to search for in “\(typed)”: all \(all) are listed." }
                return result.query.wordBeingTyped.map { "\(all), counting words that start with “\($0)”" } ?? all
            }
            // A phrase is shown with its own quotes, not wrapped in a second pair.
            let words = typed.contains(where: { $0 == "\"" || $0 == "“" || $0 == "”" }) ? typed : "“\(typed)”"
            switch nothing ?? .notTogether {
            case .noneFitTheFilters:
                return "No monologue fits the filters in use: clear them above to search every monologue."
            case .hiddenByFilters(let count):
                return "No monologue within your filters has \(words), but \(count) without them: clear the filters above to see "
                    + (count == 1 ? "it." : "them.")
            case .foundNowhere(let terms) where result.query.terms.terms.count <= 1:
                return "No monologue has “\(terms.first ?? typed)”. Check the spelling, or try another word."
            case .foundNowhere(let terms):
                let named = terms.map { "“\($0)”" }.joined(separator: " or ")
                return "No monologue has \(named): search without " + (terms.count == 1 ? "it." : "them.")
            case .notTogether:
                return "No monologue has all of \(words). Try fewer words."
            }
        }
    }

    /// The search box and the filters in force.
    struct SearchForm: Encodable {
        struct Field: Encodable { let name: String; let value: String }

        let query: String
        /// Filters that came in the address, kept as hidden fields so a search without
        /// JavaScript keeps them.
        let filterFields: [Field]
        let hasFilters: Bool
        let filterSummary: String
        let optionsHref = SiteRoute.monologueOptions.path()
        /// One tap clears every filter, remembered or in the address, and keeps the words
        /// searched: filters saved long ago hid Juliet's speeches from an actor looking for them.
        let clearAction = SiteRoute.saveMonologueOptions.path()
    }

    struct Choice: Encodable {
        let value: String
        let label: String
        let selected: Bool

        static func textSizes(selected: MonologueOptions.TextSize) -> [Choice] {
            MonologueOptions.TextSize.allCases.map {
                Choice(value: $0.rawValue, label: $0 == .xlarge ? "Extra large" : $0.rawValue.capitalized, selected: selected == $0)
            }
        }
    }

    /// The remembered search options and the text size.
    struct Options: Encodable {
        let genders: [Choice]
        let tones: [Choice]
        let lengths: [Choice]
        let forms: [Choice]
        let ages: [Choice]
        let plays: [Choice]
        let fresh: Bool
        let sizes: [Choice]
        let saved: Bool
        let overdoneHref = SiteRoute.monologues.path(query: ["fresh": "0"])

        init(_ options: MonologueOptions, saved: Bool, plays: [PlayName] = []) {
            func choices<T: RawRepresentable & Equatable>(_ all: [T], _ current: T?) -> [Choice] where T.RawValue == String {
                [Choice(value: "", label: "Any", selected: current == nil)]
                    + all.map { Choice(value: $0.rawValue, label: $0.rawValue.capitalized, selected: current == $0) }
            }
            genders = choices([Gender.male, .female], options.gender == .any ? nil : options.gender)
            tones = choices(Tone.allCases, options.tone)
            lengths = choices(Length.allCases, options.length)
            forms = choices(Form.allCases, options.form)
            ages = [Choice(value: "", label: "Any", selected: options.age == nil)]
                + [PlayingAge.young, .adult, .older].map { age in
                    Choice(value: age.rawValue, label: Paths.ageLabel(age), selected: options.age == age)
                }
            self.plays = [Choice(value: "", label: "Any play", selected: options.play == nil)]
                + plays.map { Choice(value: $0.slug, label: $0.name, selected: options.play == $0.slug) }
            fresh = options.fresh
            sizes = Choice.textSizes(selected: options.textSize)
            self.saved = saved
        }
    }

    struct Tags: Encodable {
        struct Tag: Encodable { let name: String; let count: Int; let selected: Bool }

        let tags: [Tag]
        let personalTags: [Tag]
        let hasMorePersonalTags: Bool
        let morePersonalTags: Int
    }

    /// One monologue to read: its facts, its lines (stage directions and beats marked), its tags
    /// as searches, and the monologues like it.
    struct Show: Encodable {
        struct Facts: Encodable {
            let id: String
            let title: String
            let character: String
            let play: String
            let genderLabel: String
            let toneLabel: String
            let lengthLabel: String
            let location: String
            let actScene: String
            let wordCount: Int
            let verseLabel: String
            let notes: String
            let oftenHeard: Bool
            let playingAgeLabel: String
            let hasPlayingAge: Bool
        }

        /// A speech this one links to, named as actors know a speech, by where it begins: the one
        /// before or after it in its play, or the other end of its longer cut.
        /// A speech linked from another's page, named as actors know it: who speaks, where, and
        /// how it begins (its catalogue title, "Romeo and Juliet 39", says none of that).
        struct Neighbour: Encodable {
            let href: String
            let character: String
            let actScene: String
            let firstLine: String
            let wordCount: Int

            init?(_ m: Monologue?) {
                guard let m else { return nil }
                href = SiteRoute.monologue.path(m.id)
                character = m.character
                actScene = m.actScene
                firstLine = m.firstLine
                wordCount = m.wordCount
            }
        }

        struct Line: Encodable {
            let text: String
            let isDirection: Bool
            let isBeat: Bool
            /// Prose set as one paragraph: its edition's line breaks are only where a printed
            /// page ran out, and kept at a large text size they wrapped into choppy half-lines.
            var isProse = false
        }
        struct Tag: Encodable { let name: String; let href: String }
        struct Related: Encodable {
            let href: String
            let title: String
            let character: String
            let play: String
            let firstLine: String
            let reasons: String
            let oftenHeard: Bool
        }

        let monologue: Facts
        let lines: [Line]
        let notes: String
        let tags: [Tag]
        let related: [Related]
        let canFavourite: Bool
        let isFavourite: Bool
        let isEdited: Bool
        let favouriteAction: String
        /// The speech's id, for the script that forgets what the device kept of a favourite let go.
        let favouriteID: String
        let editHref: String
        let loginHref: String
        /// The search the reader came from, so going back keeps its words and filters.
        let backHref: String
        /// The reading size, changed on the reading screen itself.
        let textSizes: [Choice]
        let textSizeAction: String
        let previous: Neighbour?
        let next: Neighbour?
        let hasNeighbours: Bool
        /// On a piece split off a longer speech: the whole speech.
        let longerCut: Neighbour?
        /// On that whole speech: the piece it is the longer cut of.
        let longerCutOf: Neighbour?

        /// The speech's lines as the page sets them: verse a line at a time, with a hanging
        /// indent where one wraps; prose run on between stage directions and beats.
        static func lines(of m: Monologue) -> [Line] {
            var lines: [Line] = []
            for raw in m.text.split(separator: "\n", omittingEmptySubsequences: false) {
                let isBeat = raw == "/", isDirection = raw.hasPrefix("[")
                if !m.verse, !isBeat, !isDirection, !raw.isEmpty, let last = lines.last, last.isProse {
                    lines[lines.count - 1] = Line(text: last.text + " " + raw, isDirection: false, isBeat: false, isProse: true)
                } else {
                    lines.append(Line(text: isBeat ? "" : String(raw), isDirection: isDirection, isBeat: isBeat,
                                      isProse: !m.verse && !isBeat && !isDirection && !raw.isEmpty))
                }
            }
            return lines
        }

        init(_ m: Monologue, related: [RelatedMonologue], favourite: Favourite?, canFavourite: Bool,
             backHref: String = SiteRoute.monologues.path(), textSize: MonologueOptions.TextSize = .medium,
             oftenHeard: Bool = false, playingAge: PlayingAge = .any, previous: Monologue? = nil, next: Monologue? = nil,
             longerCut: Monologue? = nil, longerCutOf: Monologue? = nil, isOftenHeard: (String) -> Bool = { _ in false }) {
            monologue = Facts(id: m.id, title: m.speechName, character: m.character, play: m.play, genderLabel: m.gender.rawValue,
                              toneLabel: m.tone.rawValue, lengthLabel: Paths.lengthLabel(m), location: m.location,
                              actScene: m.actScene, wordCount: m.wordCount, verseLabel: m.verse ? "verse" : "prose", notes: m.notes,
                              oftenHeard: oftenHeard, playingAgeLabel: Paths.ageLabel(playingAge), hasPlayingAge: playingAge != .any)
            self.previous = Neighbour(previous)
            self.next = Neighbour(next)
            hasNeighbours = previous != nil || next != nil
            self.longerCut = Neighbour(longerCut)
            self.longerCutOf = Neighbour(longerCutOf)
            lines = Self.lines(of: m)
            notes = m.notes
            tags = m.tags.map { Tag(name: $0, href: SiteRoute.monologues.path(query: ["tag": $0])) }
            self.related = related.map {
                Related(href: SiteRoute.monologue.path($0.monologue.id), title: $0.monologue.title,
                        character: $0.monologue.character, play: $0.monologue.play, firstLine: $0.monologue.firstLine,
                        reasons: $0.reasons.joined(separator: "; "), oftenHeard: isOftenHeard($0.monologue.id))
            }
            self.canFavourite = canFavourite
            isFavourite = favourite != nil
            isEdited = favourite?.isEdited ?? false
            favouriteAction = SiteRoute.toggleFavourite.path(m.id)
            favouriteID = m.id
            editHref = SiteRoute.editFavourite.path(m.id)
            loginHref = SiteRoute.loginForm.path(query: ["next": SiteRoute.monologue.path(m.id)])
            self.backHref = backHref
            textSizes = Choice.textSizes(selected: textSize)
            textSizeAction = SiteRoute.saveMonologueTextSize.path(m.id)
        }
    }

    /// The actor's own version of a favourite: text, notes, tags and gender, with why a save
    /// was refused.
    struct Editor: Encodable {
        struct Heading: Encodable { let id: String; let title: String; let character: String; let play: String; let href: String }
        struct Fields: Encodable { let text: String; let notes: String; let tags: String; let genders: [Choice] }

        let monologue: Heading
        let form: Fields
        let errors: [String]
        let isEdited: Bool
        /// Just saved: the editor says so and stays open.
        let saved: Bool
        let saveAction: String
        let restoreAction: String
        let removeAction: String
        let printHref: String
        let rehearseHref: String
        /// The library's text, from which the line editor offers cut lines back.
        let originalText: String
        let wordsPerMinute: Int
        let runningTime: String
        /// Where the page's script sends an edit made without a connection, and whose drafts the
        /// device keeps (the service worker's short account tag).
        let apiAction: String
        let account: String
        /// The pages that show this favourite, which the service worker is asked to keep afresh
        /// once an edit is saved, so that none shows an old cut offline.
        let showsHrefs: String

        init(_ m: Monologue, original: Monologue, isEdited: Bool, errors: [String], tagsText: String?, saved: Bool = false,
             accountID: Account.ID?) {
            monologue = Heading(id: m.id, title: m.speechName, character: m.character, play: m.play, href: SiteRoute.monologue.path(m.id))
            originalText = original.text
            wordsPerMinute = Int(ExtractionRules.standard.wordsPerMinute)
            runningTime = CutSheet.duration(m.withText(m.text).seconds)
            self.saved = saved
            form = Fields(text: m.text, notes: m.notes, tags: tagsText ?? m.tags.joined(separator: ", "),
                          genders: Gender.allCases.map { Choice(value: $0.rawValue, label: $0.rawValue.capitalized, selected: $0 == m.gender) })
            self.errors = errors
            self.isEdited = isEdited
            saveAction = SiteRoute.saveFavouriteEdits.path(m.id)
            restoreAction = SiteRoute.restoreFavourite.path(m.id)
            removeAction = SiteRoute.removeFavourite.path(m.id)
            printHref = SiteRoute.printFavourite.path(m.id)
            rehearseHref = SiteRoute.rehearse.path(m.id)
            apiAction = APIRoute.editFavourite.path(m.id)
            account = OfflinePagesMiddleware.accountTag(accountID)
            showsHrefs = [SiteRoute.monologue.path(m.id), SiteRoute.monologueFavourites.path(), SiteRoute.editFavourite.path(m.id)].joined(separator: " ")
        }
    }

    /// Without JavaScript there is no confirm(): restoring asks on a page of its own.
    struct ConfirmRestore: Encodable {
        struct Heading: Encodable { let title: String; let href: String }

        let monologue: Heading
        let restoreAction: String

        init(_ original: Monologue) {
            monologue = Heading(title: original.speechName, href: SiteRoute.editFavourite.path(original.id))
            restoreAction = SiteRoute.restoreFavourite.path(original.id)
        }
    }
}
