import Characters
import FolioCore
import FolioStore
import Foundation
import Ghost
import Monologues
import Plots
import Vocabulary

/// `folio-bench scale-seed --data-dir DIR --username NAME`: gives an existing account (made with
/// `folio account create`, over a library made with `folio import shakespeare`) what the product's
/// floors are stated for — 25,000 vocabulary pairs, 10,000 reviews, 500 monologue favourites with
/// edits, 300 finished Ghost games, and some kept plots, grammars and characters — through the store's own
/// write methods, in batches, never through HTTP.
enum ScaleSeed {
    struct Options {
        var dataDirectory: String?
        var username: String?
        var pairs = 25_000
        var reviews = 10_000
        var favourites = 500
        var games = 300

        init(_ arguments: [String]) throws {
            var rest = arguments[...]
            func value(_ flag: String) throws -> String {
                guard let value = rest.popFirst() else { throw SeedError("\(flag) needs a value") }
                return value
            }
            func number(_ flag: String) throws -> Int {
                guard let n = Int(try value(flag)), n >= 0 else { throw SeedError("\(flag) needs a whole number") }
                return n
            }
            while let flag = rest.popFirst() {
                switch flag {
                case "--data-dir": dataDirectory = try value(flag)
                case "--username": username = try value(flag)
                case "--pairs": pairs = try number(flag)
                case "--reviews": reviews = try number(flag)
                case "--favourites": favourites = try number(flag)
                case "--games": games = try number(flag)
                default: throw SeedError("unknown option \(flag)")
                }
            }
            guard dataDirectory != nil, username != nil else {
                throw SeedError("usage: folio-bench scale-seed --data-dir DIR --username NAME [--pairs N] [--reviews N] [--favourites N] [--games N]")
            }
        }
    }

    struct SeedError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func run(_ arguments: [String]) async throws {
        let options = try Options(arguments)
        let database = try AppDatabase.open(in: DataDirectory(path: options.dataDirectory!))
        guard let account = try await database.credentials(username: options.username!)?.account else {
            throw SeedError("no account \(options.username!): create it first with `folio account create`")
        }
        try await step("\(options.pairs) vocabulary pairs") { try await pairs(options.pairs, account: account, database) }
        try await step("\(options.reviews) reviews") { try await reviews(options.reviews, account: account, database) }
        try await step("\(options.favourites) favourites with edits") { try await favourites(options.favourites, account: account, database) }
        try await step("\(options.games) finished Ghost games") { try await games(options.games, account: account, database) }
        try await step("20 kept plots and 10 grammars") { try await plots(account: account, database) }
        try await step("every bundled character kept") {
            for character in try Catalogue.bundled.get().characters {
                try await database.keepCharacter(accountID: account.id, characterID: character.id)
            }
        }
    }

    static func step(_ what: String, _ body: () async throws -> Void) async throws {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        print(String(format: "seeded %@ in %.1f s", what, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
    }

    /// Made-up words from syllables, so searches find some pairs and not others, as with a real list.
    static func word(_ n: Int, _ syllables: [String]) -> String {
        var n = n, parts: [String] = []
        repeat {
            parts.append(syllables[n % syllables.count])
            n /= syllables.count
        } while n > 0
        return parts.joined()
    }

    static let tags = ["Food", "Family", "Travel", "Work", "Home", "Weather", "Body", "Time", "Numbers", "Colours",
                       "Animals", "Verbs", "Places", "Feelings", "School", "Health", "Town", "Sport", "Music", "Nature"]

    static func pairs(_ count: Int, account: Account, _ database: AppDatabase) async throws {
        let english = ["ba", "ke", "lo", "mi", "nu", "ra", "se", "ti", "vo", "we", "do", "fa", "gi", "ho", "pu"]
        let welsh = ["ll", "dd", "ch", "wy", "ae", "rh", "ff", "th", "yw", "aw", "ei", "ng", "si", "ŵ", "ô"]
        let types = ["noun", "verb", "adjective", "phrase", "adverb"]
        for start in stride(from: 0, to: count, by: 1_000) {
            let batch = (start..<min(start + 1_000, count)).map { n in
                Pair(english: word(n, english), welsh: word(n * 7 + 3, welsh), note: n % 5 == 0 ? "Heard in the café, number \(n)." : "",
                     type: types[n % types.count], tags: n % 4 == 3 ? [] : [tags[n % tags.count], tags[(n / 20) % tags.count]])
            }
            try await database.importPairs(accountID: account.id, batch)
        }
    }

    /// Reviews spread over the last year; half the cards revised are due again by now.
    static func reviews(_ count: Int, account: Account, _ database: AppDatabase) async throws {
        let pairs = try await database.vocabulary.pairs(accountID: account.id)
        guard !pairs.isEmpty else { return }
        let scheduler = Scheduler()
        let now = Date()
        var cards: [Int: Card] = [:]
        var random = SeededRandom(seed: 13)
        for n in 0..<count {
            // Two reviews per card on average: cards 0…count/2 in turn, each direction alike.
            let slot = n % max(1, count / 2)
            let pair = pairs[(slot * 5) % pairs.count]
            let direction: Direction = slot % 2 == 0 ? .englishToWelsh : .welshToEnglish
            let date = now.addingTimeInterval(-Double(365 - (n * 365 / count)) * 86_400)
            let rating = Rating(rawValue: Int(random.next() % 4) + 1) ?? .good
            let (card, log) = scheduler.review(cards[slot] ?? Card(due: date), rating: rating, at: date, duration: 4)
            cards[slot] = card
            try await database.recordReview(accountID: account.id, pairID: pair.id!, direction: direction, card: card, log: log)
        }
    }

    static func favourites(_ count: Int, account: Account, _ database: AppDatabase) async throws {
        let library = try await database.librarySnapshot().monologues
        guard library.count >= count else { throw SeedError("the library has \(library.count) monologues; import the plays first") }
        let start = Date().addingTimeInterval(-Double(count) * 3_600)
        for (n, monologue) in library.prefix(count).enumerated() {
            try await database.addFavourite(accountID: account.id, monologueID: monologue.id, now: start.addingTimeInterval(Double(n) * 3_600))
            // Cut to the first two thirds, with notes and tags of the user's own.
            let lines = monologue.text.split(separator: "\n", omittingEmptySubsequences: false)
            let cut = lines.prefix(max(1, lines.count * 2 / 3)).joined(separator: "\n")
            try await database.saveFavouriteEdits(accountID: account.id, Favourite(
                monologueID: monologue.id, text: cut, notes: "Audition piece \(n): breathe after the second line.",
                tags: monologue.tags + ["audition", "set-\(n % 12)"], gender: nil))
        }
    }

    /// Hot-seat games against the easy computer, the account's own moves chosen by the easy
    /// computer too, stored as the referee stores them: created, then played to the end.
    static func games(_ count: Int, account: Account, _ database: AppDatabase) async throws {
        let words = try WordList(contentsOfFile: GhostDictionary.english.defaultPath, minimumLength: 4)
        let lexicon = Lexicon(words: words)
        var random = SeededRandom(seed: 7)
        let player = ComputerPlayer(level: .easy)
        for n in 0..<count {
            let seats = [Match.Seat(name: account.username, kind: .person), Match.Seat(name: "Computer", kind: .easy)]
            let empty = try Match(dictionary: .english, minimumLength: 4, seats: seats, firstPlayer: n % 2)
            var match = empty
            var game = try match.start(lexicon: lexicon, using: &random)
            while !game.isOver { game = try match.play(player.action(in: game, lexicon: lexicon, using: &random), lexicon: lexicon, using: &random) }
            let id = MatchID(rawValue: String((0..<32).map { _ in "0123456789abcdef".randomElement(using: &random)! }))!
            let played = Date().addingTimeInterval(-Double(count - n) * 600)
            try await database.createMatch(StoredMatch(id: id, mode: .hotSeat, status: .playing, ownerID: account.id,
                                                       seatAccounts: [account.id, nil], match: empty, createdAt: played, updatedAt: played))
            let finished = match, standings = Match.standings(of: game)
            try await database.updateMatch(id: id, now: played.addingTimeInterval(60)) { _ in MatchChange(match: finished, standings: standings) }
        }
    }

    static func plots(account: Account, _ database: AppDatabase) async throws {
        let wheels = try Wheels.standard.get()
        for seed in UInt64(1)...20 {
            let plot = wheels.plot(seed: seed)
            try await database.keepPlot(accountID: account.id, ids: plot.ids, seed: seed, text: plot.text)
        }
        for n in 1...10 {
            let json = ##"{"origin": ["#hero# meets #foe# in #place#"], "hero": ["a baker", "a pilot", "a twin"], "##
                + ##""foe": ["a rival", "a ghost"], "place": ["Cardiff", "the rain", "scene \##(n)"]}"##
            _ = try await database.saveGrammar(accountID: account.id, name: "Grammar \(n)", json: json)
        }
    }
}
