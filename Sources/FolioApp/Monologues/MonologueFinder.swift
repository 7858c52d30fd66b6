import FolioCore
import Foundation
import Monologues

/// Finding a speech, the same from the pages, the API and the command line: one search of the
/// library as the account sees it (its own tags and the genders it gave favourites count in its
/// filters), a page of results, each with the actor's cut when it is a favourite, a snippet of
/// the text around the words matched, its playing age and whether it is often heard.
public struct MonologueFinder: Sendable {
    public let favourites: Favourites?

    /// `favourites` nil: nobody is logged in anywhere (the command line), so nothing is personal.
    public init(favourites: Favourites?) {
        self.favourites = favourites
    }

    public struct Item: Sendable {
        /// The monologue's position in the library (the server's encoded JSON is kept by it).
        public let number: Int
        public let original: Monologue
        public let favourite: Favourite?
        /// The text around the matches, cut from the actor's own version when they have one.
        public let snippet: Snippet?
        public let playingAge: PlayingAge
        public let isOftenHeard: Bool
        /// The monologue as this actor keeps it.
        public var monologue: Monologue { favourite.map { $0.applied(to: original) } ?? original }
    }

    public struct Results: Sendable {
        public let total: Int
        public let items: [Item]
        /// The query as the search read it: a page says from it what was searched for.
        public let query: MonologueLibrary.PreparedQuery
    }

    /// Why a search found nothing, so that a page or the command line can say what to change.
    public enum Nothing: Sendable, Equatable {
        /// No words, and no monologue fits the filters.
        case noneFitTheFilters
        /// The filters in force hide `count` monologues that the words find.
        case hiddenByFilters(count: Int)
        /// These terms (a word, `venge*`, or a phrase's words) are in no monologue at all.
        case foundNowhere([String])
        /// Every term is in some monologue, but none has them all.
        case notTogether
    }

    /// Why `found`, the results of `filter` and the query as `find` read it, holds nothing:
    /// searched again without the filters, then each term alone (at most
    /// `QueryTerms.maximumTerms` searches of a few µs, and only for an empty page).
    public func whyNothing(_ found: Results, filter: MonologueFilter, in library: MonologueLibrary, personal view: PersonalView) -> Nothing {
        let prepared = found.query
        let parsed = prepared.terms.parsed
        guard !prepared.terms.isEmpty, !parsed.isEmpty else { return .noneFitTheFilters }
        let unfiltered = MonologueFilter()
        if filter != unfiltered {
            let found = library.searchNumbers(prepared, filter: unfiltered, limit: 0, personal: view).total
            if found > 0 { return .hiddenByFilters(count: found) }
        }
        func typed(_ term: QueryTerms.Term) -> String {
            switch term.kind {
            case .word: term.text
            case .prefix: term.text + "*"
            case .phrase(let lastIsPrefix): "\"" + term.text + (lastIsPrefix ? "*" : "") + "\""
            }
        }
        func shown(_ term: QueryTerms.Term) -> String {
            if case .prefix = term.kind { return term.text + "*" }
            return term.text
        }
        guard parsed.count > 1 else { return .foundNowhere([shown(parsed[0])]) }
        let nowhere = parsed.indices.filter { index in
            let alone = library.prepare(typed(parsed[index]), lastWordIsPrefix: prepared.typing && index == parsed.count - 1)
            return library.searchNumbers(alone, filter: unfiltered, limit: 0, personal: view).total == 0
        }
        return nowhere.isEmpty ? .notTogether : .foundNowhere(nowhere.map { shown(parsed[$0]) })
    }

    /// The account's own view of the library (none when logged out).
    public func personalView(accountID: Account.ID?) async throws -> PersonalView {
        guard let accountID, let favourites else { return .none }
        return try await favourites.personalView(accountID: accountID)
    }

    /// The tags a strict query may name: the library's and the account's own.
    public static func knownTags(_ library: MonologueLibrary, personal: PersonalView) -> Set<String> {
        library.knownTags.union(personal.tags.values.flatMap { $0.map(TextFolding.fold) })
    }

    /// One page of what `query` finds. `typing`: the last word is still being typed (live
    /// search). Snippets are cut for this page only, never for every match.
    public func find(_ query: MonologueQuery, in library: MonologueLibrary, limit: Int, offset: Int, accountID: Account.ID?,
                     personal: PersonalView? = nil, typing: Bool = false, snippets: Bool = true) async throws -> Results {
        let view: PersonalView
        if let personal { view = personal } else { view = try await personalView(accountID: accountID) }
        let prepared = library.prepare(query.text, lastWordIsPrefix: typing)
        let page = library.searchNumbers(prepared, filter: query.filter, limit: limit, offset: offset, personal: view)
        let originals = page.numbers.map { library.monologues[$0] }
        var kept: [String: Favourite] = [:]
        if let accountID, let favourites, !originals.isEmpty {
            kept = try await favourites.favourites(among: originals.map(\.id), accountID: accountID)
        }
        let shown = originals.map { original in kept[original.id].map { $0.applied(to: original) } ?? original }
        // An actor's own cut of a speech is read as it stands; the library's texts, from the index.
        let ownTexts = originals.indices.map { k in kept[originals[k].id] == nil ? nil : shown[k].spokenText }
        let cut = snippets && !query.text.isEmpty ? library.snippets(of: page.numbers, ownTexts: ownTexts, for: prepared) : []
        let items = originals.indices.map { k in
            let original = originals[k]
            return Item(number: page.numbers[k], original: original, favourite: kept[original.id], snippet: cut.isEmpty ? nil : cut[k],
                        playingAge: library.playingAge(id: original.id), isOftenHeard: library.isOftenHeard(id: original.id))
        }
        return Results(total: page.total, items: items, query: prepared)
    }
}
