import FolioApp
import FolioCore
import FolioStore
import Foundation
import HTTPTypes
import Testing
import Vocabulary
@testable import FolioServer

/// The Vocabulary pages a learner goes through, as forms post them: the list's empty states and
/// tag filter, "Save and add another", a pair's own page, a revision session from its first
/// card to its summary, import and export, and what another account can reach of all that.
@Suite struct VocabularyFlowPagesTests {
    static func owner(_ database: AppDatabase, _ name: String) async throws -> Account {
        try #require(try await database.credentials(username: name)?.account)
    }

    static func occurrences(_ text: String, in body: String) -> Int {
        body.components(separatedBy: text).count - 1
    }

    static func hiddenFields(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        let pattern = /<input type="hidden" name="(\w+)" value="([^"]*)"/
        for match in body.matches(of: pattern) { fields[String(match.1)] = String(match.2).replacingOccurrences(of: "&amp;", with: "&") }
        return fields
    }

    // MARK: - Translations

    @Test func theListSaysEachEmptyStateOnceAndFiltersByTag() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            try await a.register("ffion")
            let empty = try await a.get("/vocab")
            #expect(Self.occurrences("No pairs", in: empty.body) == 1)
            #expect(!empty.body.contains("id=\"vocab-search\""))
            #expect(empty.body.contains("href=\"/vocab/import\""))
            // A search of an empty account says both things in one sentence.
            let searched = try await a.get("/vocab?q=bara")
            #expect(Self.occurrences("No pair", in: searched.body) == 1)
            #expect(searched.body.contains("No pair matches “bara”: you have no pairs yet."))

            let owner = try await Self.owner(database, "ffion")
            try await database.importPairs(accountID: owner.id, [
                Pair(english: "bread", welsh: "bara", type: "noun", tags: ["Food"]),
                Pair(english: "cheese", welsh: "caws", tags: ["Food"]),
                Pair(english: "man", welsh: "gŵr", tags: ["People"]),
            ])
            let list = try await a.get("/vocab")
            #expect(list.body.contains("id=\"vocab-tag\"") && list.body.contains("<option value=\"Food\">Food (2)</option>"))
            let food = try await a.get("/vocab?tag=food")
            #expect(food.body.contains("2 pairs of 3") && food.body.contains("caws") && !food.body.contains("lang=\"cy\">gŵr<"))
            #expect(food.body.contains("<option value=\"Food\" selected>"))
            let none = try await a.get("/vocab?tag=Food&q=zzz")
            #expect(Self.occurrences("No pair", in: none.body) == 1)
            #expect(none.body.contains("No pair tagged Food matches “zzz”."))
            #expect(!none.body.contains("id=\"pair-count\""))
            // A tag no pair has is an empty list, not an error.
            #expect(try await a.get("/vocab?tag=Nowhere").status == .ok)

            let tags = try await a.get("/vocab/tags")
            #expect(tags.body.contains("Food") && tags.body.contains("2 pairs") && tags.body.contains("href=\"/vocab?tag=People\""))
        }
    }

    @Test func saveAndAddAnotherComesBackToABlankFormWithTheTags() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            try await a.register("gethin")
            let saved = try await a.post("/vocab/pairs", ["english": "water", "welsh": "dw^r", "note": "", "type": "noun",
                                                          "tags": "drinks, Basics", "then": "another"])
            #expect(saved.status == .seeOther)
            let location = try #require(saved.location)
            #expect(location.hasPrefix("/vocab/new?added="))
            let form = try await a.get(location)
            #expect(form.body.contains("Added “water — dŵr”."))
            let kept = try #require(form.body.firstMatch(of: /id="pair-tags" name="tags" type="text" value="([^"]*)"/).map { String($0.1) })
            #expect(kept.components(separatedBy: ", ").sorted() == ["Basics", "Drinks"])
            #expect(form.body.contains("id=\"pair-english\" name=\"english\" type=\"text\" value=\"\""))
            #expect(form.body.contains("autofocus"))
            let done = try await a.post("/vocab/pairs", ["english": "tea", "welsh": "te", "note": "", "type": "", "tags": "Drinks", "then": "done"])
            #expect(done.location?.hasPrefix("/vocab?added=") == true)
            let owner = try await Self.owner(database, "gethin")
            #expect(try await database.vocabulary.pairs(accountID: owner.id).map(\.welsh).sorted() == ["dŵr", "te"])
            // Someone else's pair id in `added` says nothing.
            var b = Visitor(client)
            try await b.register("heulwen")
            #expect(!(try await b.get(location).body.contains("water")))
        }
    }

    @Test func aPairsPageShowsItAllAndPagesItsHistory() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            try await a.register("iestyn")
            let owner = try await Self.owner(database, "iestyn")
            let pair = try await database.savePair(accountID: owner.id, Pair(english: "man", welsh: "gŵr", note: "also husband\nplural gwŷr",
                                                                             type: "noun", tags: ["People", "Family"]))
            let id = try #require(pair.id)
            let fresh = try await a.get("/vocab/pairs/\(id)")
            #expect(fresh.status == .ok)
            for text in ["man", "gŵr", "also husband\nplural gwŷr", "noun", "href=\"/vocab?tag=Family\"", "English → Welsh", "Welsh → English",
                         "New: not revised this way yet", "Not revised yet.", "href=\"/vocab/pairs/\(id)/edit\""] {
                #expect(fresh.body.contains(text), "\(text)")
            }
            let revision = Revision(store: database)
            let start = Date().addingTimeInterval(-3_600)
            for i in 0..<22 {
                try await revision.rate(accountID: owner.id, pairID: id, direction: i % 2 == 0 ? .englishToWelsh : .welshToEnglish,
                                        rating: .good, seconds: 4, now: start.addingTimeInterval(Double(i)))
            }
            let first = try await a.get("/vocab/pairs/\(id)")
            #expect(first.body.contains("22 reviews") && first.body.contains("1–20 of 22"))
            #expect(Self.occurrences("class=\"history-row\"", in: first.body) == 20)
            #expect(first.body.contains("href=\"/vocab/pairs/\(id)?page=2\""))
            #expect(Self.occurrences("schedule-status\">Due ", in: first.body) == 2)
            #expect(first.body.contains("<time datetime="))
            let second = try await a.get("/vocab/pairs/\(id)?page=2")
            #expect(Self.occurrences("class=\"history-row\"", in: second.body) == 2)

            // Saving the editor comes back here, saying so.
            let edited = try await a.post("/vocab/pairs/\(id)", ["english": "man", "welsh": "gŵr", "note": "", "type": "noun", "tags": "People"])
            #expect(edited.location == "/vocab/pairs/\(id)?saved=1")
            #expect(try await a.get(edited.location!).body.contains("Changes saved."))

            var b = Visitor(client)
            try await b.register("jac")
            #expect(try await b.get("/vocab/pairs/\(id)").status == .notFound)
            #expect(try await b.get("/vocab/pairs/\(id)?page=2").status == .notFound)
            #expect(try await b.get("/vocab/pairs/nonsense").status == .notFound)
        }
    }

    // MARK: - Revision

    @Test func aSessionShowsIntervalsBringsAgainBackAndEndsWithASummary() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            try await a.register("kelly")
            let owner = try await Self.owner(database, "kelly")
            try await database.importPairs(accountID: owner.id, [Pair(english: "bread", welsh: "bara", tags: ["Food"]),
                                                                 Pair(english: "cheese", welsh: "caws", tags: ["Food"])])
            let answers = ["bread": "bara", "cheese": "caws"]
            var path = "/vocab/revise/session?direction=englishToWelsh&tag=Food&size=10"
            var prompts: [String] = []
            for _ in 0..<6 {
                let page = try await a.get(path)
                #expect(page.status == .ok)
                guard page.body.contains("id=\"answer-form\"") else {
                    #expect(page.body.contains("Session complete"))
                    #expect(page.body.contains("id=\"tally-right\">2<") && page.body.contains("id=\"tally-wrong\">1<"))
                    #expect(page.body.contains("2 cards, 3 answers"))
                    #expect(page.body.contains("Next due: in "))
                    #expect(page.body.contains("Revise Welsh → English"))
                    break
                }
                // Accent keys under a Welsh answer.
                #expect(page.body.contains("class=\"accent-keys\" data-for=\"answer\""))
                let prompt = try #require(page.body.firstMatch(of: /id="prompt"[^>]*>([^<]*)</).map { String($0.1) })
                let returning = page.body.contains("id=\"again-badge\"")
                prompts.append(prompt + (returning ? "+" : ""))
                var fields = Self.hiddenFields(page.body)
                fields["answer"] = prompt == "bread" && !returning ? "menyn" : answers[prompt] ?? ""
                let result = try await a.get("/vocab/revise/answer", fields)
                #expect(result.status == .ok)
                // Each rating shows when the card would be back: minutes for a new card's first three.
                let intervals = result.body.matches(of: /<span aria-hidden="true">([^<]+)<\/span>/).map { String($0.1) }
                if !returning { #expect(intervals == ["1 min", "6 min", "10 min", "8 d"], "\(intervals)") }
                var rate = Self.hiddenFields(result.body)
                rate["rating"] = result.body.contains("verdict-wrong") ? "1" : "3"
                let rated = try await a.post("/vocab/revise/rate", rate)
                path = try #require(rated.location)
            }
            #expect(prompts == ["bread", "cheese", "bread+"])

            // Welsh → English answers are English: no accent keys.
            let english = try await a.get("/vocab/revise/session?direction=welshToEnglish")
            #expect(english.body.contains("id=\"answer-form\"") && !english.body.contains("accent-keys"))
            // Ended early, a session still sums up; a damaged one is told so.
            let ended = try await a.get("/vocab/revise/session?direction=welshToEnglish&end=1")
            #expect(ended.body.contains("Nothing to revise right now") || ended.body.contains("Session complete"))
            let damaged = try await a.get("/vocab/revise/session?direction=welshToEnglish&session=9-9-9-9.x.")
            #expect(damaged.status == .badRequest && damaged.body.contains("damaged"))
            #expect(try await a.get("/vocab/revise/session?direction=sideways").status == .badRequest)
        }
    }

    // MARK: - Import and export

    @Test func aPastedTableIsPreviewedWithItsBadLinesThenImported() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            try await a.register("llinos")
            let owner = try await Self.owner(database, "llinos")
            let bad = "English,Welsh,Note\nbread,bara,\n,,just a note\nmilk,llaeth,\n"
            let refused = try await a.post("/vocab/import/preview", ["text": bad, "format": "csv"])
            #expect(refused.status == .badRequest)
            #expect(refused.body.contains("Line 3: neither English nor Welsh is filled in"))
            #expect(!refused.body.contains("id=\"import-confirm\""))
            #expect(refused.body.contains("just a note"))

            let good = "English,Welsh,Note,Type,Tags\nbread,bara,,noun,Food\nmilk,llaeth,,noun,Food\n"
            let preview = try await a.post("/vocab/import/preview", ["text": good, "format": "csv"])
            #expect(preview.status == .ok && preview.body.contains("2 pairs will be added."))
            #expect(preview.body.contains("<td lang=\"cy\">llaeth</td>") && preview.body.contains("Food <small>(new)</small>"))
            #expect(try await database.vocabulary.pairCount(accountID: owner.id) == 0)
            let checksum = try #require(preview.body.firstMatch(of: /name="checksum" value="(\w+)"/).map { String($0.1) })

            let changed = try await a.post("/vocab/import/table", ["text": good + "tea,te,,,\n", "format": "csv", "checksum": checksum])
            #expect(changed.status == .conflict && changed.body.contains("changed after its preview"))
            #expect(changed.body.contains("3 pairs will be added."))
            let imported = try await a.post("/vocab/import/table", ["text": good, "format": "csv", "checksum": checksum])
            #expect(imported.location == "/vocab?imported=2&skipped=0")
            #expect(try await a.get(imported.location!).body.contains("Imported 2 pairs."))
            #expect(try await database.vocabulary.pairCount(accountID: owner.id) == 2)
            let empty = try await a.post("/vocab/import/preview", ["text": "  \n", "format": "csv"])
            #expect(empty.status == .badRequest && empty.body.contains("nothing to import"))
        }
    }

    @Test func aChosenFileIsPreviewedAndImportedOrRefusedClearly() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            try await a.register("mali")
            let owner = try await Self.owner(database, "mali")
            _ = try await database.savePair(accountID: owner.id, Pair(english: "milk", welsh: "llaeth"))
            let anki = "#separator:tab\n#html:false\n#columns:English\tWelsh\tNote\tType\tTags\nmilk\tllaeth\t\t\t\nwater\tdŵr\t\tnoun\tDrinks\n"
            let preview = try await a.api("/vocab/import/preview?fragment=1&name=anki.txt", method: .post, json: anki,
                                          contentTypeOverride: "text/tab-separated-values")
            #expect(preview.status == .ok)
            #expect(preview.body.hasPrefix("<div id=\"import-preview\""))
            #expect(preview.body.contains("Preview of anki.txt") && preview.body.contains("1 pair will be added.") && preview.body.contains("1 row repeats"))
            let checksum = try #require(preview.body.firstMatch(of: /data-checksum="(\w+)"/).map { String($0.1) })
            let imported = try await a.api("/vocab/import/table?fragment=1&name=anki.txt&checksum=\(checksum)", method: .post, json: anki,
                                           contentTypeOverride: "text/tab-separated-values")
            #expect(imported.status == .seeOther && imported.location == "/vocab?imported=1&skipped=1")
            #expect(try await database.vocabulary.pairCount(accountID: owner.id) == 2)

            let refusals: [(String, String, String)] = [
                ("/vocab/import/preview?fragment=1&name=words.xlsx", "PK", "is not a CSV or TSV file"),
                ("/vocab/import/preview?fragment=1&name=words.csv", "PK\u{3}\u{4}\u{0}binary", "is not a text file"),
                ("/vocab/import/preview?fragment=1&name=big.csv", String(repeating: "a", count: TableImport.maximumFileBytes + 1), "larger than 2 MB"),
            ]
            for (path, body, message) in refusals {
                let page = try await a.api(path, method: .post, json: body, contentTypeOverride: "text/csv")
                #expect(page.status == .badRequest, "\(path)")
                #expect(page.body.contains(message), "\(path): \(page.body.prefix(300))")
            }
            // A file sent without the page's token is refused before it is read.
            #expect(try await a.api("/vocab/import/preview?fragment=1&name=a.csv", method: .post, json: "a,b", csrf: false,
                                    contentTypeOverride: "text/csv").status == .forbidden)
        }
    }

    @Test func anExportIsTheAccountsOwnAndCanBeOneTag() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            try await a.register("nia")
            let owner = try await Self.owner(database, "nia")
            try await database.importPairs(accountID: owner.id, [Pair(english: "bread", welsh: "bara", tags: ["Food"]),
                                                                 Pair(english: "=cmd", welsh: "x", tags: ["Odd"])])
            let food = try await a.get("/vocab/export?format=csv&tag=Food")
            #expect(food.status == .ok && food.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(food.headers[.contentDisposition]?.contains("vocabulary-food-") == true)
            #expect(food.body == "English,Welsh,Note,Type,Tags\r\nbread,bara,,,Food\r\n")
            let all = try await a.get("/vocab/export?format=tsv")
            #expect(all.body.hasPrefix("#separator:tab") && all.body.contains("'=cmd"))
            #expect(try await a.get("/vocab/export?format=xlsx").status == .badRequest)

            var b = Visitor(client)
            try await b.register("osian")
            #expect(try await b.get("/vocab/export?format=csv&tag=Food").body == "English,Welsh,Note,Type,Tags\r\n")
            #expect(try await b.get("/vocab/export?format=csv").body == "English,Welsh,Note,Type,Tags\r\n")
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/dictd/freedict-cym-eng.index")))
    func anInstalledDictionaryImportsBatchByBatchOrWhole() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            try await a.register("prys")
            let page = try await a.get("/vocab/import")
            #expect(page.body.contains("id=\"dictionary-cym-eng\"") && page.body.contains("Not imported yet."))
            let owner = try await Self.owner(database, "prys")
            let form = ["dictionary": "cym-eng", "tag": "", "from": "0", "csrfToken": a.csrf]
            let body = form.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" }.joined(separator: "&")
            let batch = try await a.send("/vocab/import/dictionary", method: .post, body: body, contentType: "application/x-www-form-urlencoded",
                                         extra: [.accept: "application/json"])
            #expect(batch.status == .ok)
            let progress = try JSONSerialization.jsonObject(with: Data(batch.body.utf8)) as? [String: Any]
            #expect(progress?["imported"] as? Int == DictionaryImport.batchSize && progress?["done"] as? Bool == false)
            #expect(try await database.vocabulary.pairCount(accountID: owner.id) == DictionaryImport.batchSize)
            // The same first batch again is refused, as JSON for the script.
            let again = try await a.send("/vocab/import/dictionary", method: .post, body: body, contentType: "application/x-www-form-urlencoded",
                                         extra: [.accept: "application/json"])
            #expect(again.status == .conflict && again.body.contains("tag_in_use"))
            let partial = try await a.get("/vocab/import")
            #expect(partial.body.contains("Partly imported: 1,500 of") && partial.body.contains("Continue importing"))
            // Without script, the rest in one request.
            let rest = try await a.post("/vocab/import/dictionary", ["dictionary": "cym-eng", "tag": "FreeDict cym-eng", "from": "1500"])
            #expect(rest.status == .seeOther && rest.location?.hasPrefix("/vocab?tag=FreeDict%20cym-eng&dictionary=") == true)
            let total = try await database.vocabulary.pairCount(accountID: owner.id)
            #expect(total > 10_000)
            #expect(try await a.get("/vocab/import").body.contains("Imported: "))
            #expect(try await a.post("/vocab/import/dictionary", ["dictionary": "../../etc/passwd", "tag": "", "from": "0"]).status == .notFound)
        }
    }

    // MARK: - Parts

    @Test func intervalsReadAsARatingButtonAndASentenceSayThem() {
        let now = Date(timeIntervalSince1970: 0)
        let cases: [(TimeInterval, String, String)] = [
            (20, "1 min", "1 minute"), (330, "6 min", "6 minutes"), (600, "10 min", "10 minutes"), (3 * 3_600, "3 h", "3 hours"),
            (86_400, "1 d", "1 day"), (8 * 86_400, "8 d", "8 days"), (45 * 86_400, "1.5 mo", "1.5 months"),
            (400 * 86_400, "1.1 y", "1.1 years"), (4_000 * 86_400, "11 y", "11 years"),
        ]
        for (seconds, short, long) in cases {
            let interval = VocabularyPages.Interval(from: now, to: now.addingTimeInterval(seconds))
            #expect(interval.short == short && interval.long == long, "\(seconds)")
        }
    }

    @Test func pagesStayUnderTheirSizeWith25000PairsAndManyTags() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            try await a.register("rhys")
            let owner = try await Self.owner(database, "rhys")
            try await database.importPairs(accountID: owner.id, (0..<25_000).map {
                Pair(english: "word number \($0)", welsh: "gair rhif \($0)", note: "a note", type: "noun", tags: ["Tag \($0 % 400)", "All"])
            })
            let id = try #require(try await database.vocabulary.pairs(accountID: owner.id, filter: PairFilter(), limit: 1, offset: 0).items.first?.id)
            for path in ["/vocab", "/vocab?q=rhif&page=300", "/vocab?tag=All&page=2", "/vocab/tags", "/vocab/tags?page=4", "/vocab/import",
                         "/vocab/revise", "/vocab/revise/session", "/vocab/pairs/\(id)"] {
                let page = try await a.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(page.body.utf8.count <= 150 * 1024, "\(path) is \(page.body.utf8.count) bytes")
            }
            let list = try await a.get("/vocab")
            #expect(list.body.contains("1–50 of 25,000") || list.body.contains("1–50 of 25000"))
            #expect(list.body.contains("id=\"tag-list-link\" class=\"vocab-all-tags\" href=\"/vocab/tags\""))
        }
    }
}
