import FolioServer
import FolioStore
import Foundation
import Testing
import Vocabulary

@Suite struct VocabularyPagesTests {
    @Test func translationsAndARevisionThroughTheForms() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            let loggedOut = try await a.get("/vocab")
            #expect(loggedOut.location?.hasPrefix("/account/login") == true)
            try await a.register("eirlys")
            #expect(try await a.post("/vocab/pairs", ["english": "man", "welsh": "gŵr", "note": "", "type": "noun", "tags": "People, family"]).status == .seeOther)
            #expect(try await a.post("/vocab/pairs", ["english": "woman", "welsh": "gwraig", "note": "", "type": "", "tags": "PEOPLE"]).status == .seeOther)
            let refused = try await a.post("/vocab/pairs", ["english": "", "welsh": "", "note": "just a note", "type": "", "tags": ""])
            #expect(refused.status == .badRequest)

            let list = try await a.get("/vocab?q=gwr")
            #expect(list.body.contains("gŵr") && list.body.contains("gwraig"))
            let owner = try #require(try await database.credentials(username: "eirlys")?.account)
            let pairs = try await database.vocabulary.pairs(accountID: owner.id)
            #expect(pairs.count == 2)
            let man = try #require(pairs.first { $0.english == "man" })
            #expect(man.tags == ["Family", "People"])

            #expect(try await a.post("/vocab/pairs/\(man.id!)", ["english": "man", "welsh": "gŵr", "note": "", "type": "noun", "tags": "people"]).status == .seeOther)
            #expect(try await database.vocabulary.pair(accountID: owner.id, id: man.id!)?.tags == ["People"])
            #expect(try await a.get("/vocab/revise").body.contains("People"))

            let session = try await a.get("/vocab/revise/session?direction=englishToWelsh&tag=People")
            #expect(session.status == .ok)
            #expect(session.body.contains("man"))
            let result = try await a.get("/vocab/revise/answer", ["pairId": String(man.id!), "direction": "englishToWelsh", "tag": "People",
                                                                   "answer": "gwr", "startedAt": String(Int(Date().timeIntervalSince1970) - 3)])
            #expect(result.status == .ok)
            #expect(result.body.contains("verdict-almost"))
            #expect(result.body.contains("rating-proposed"))
            // The answer's page carries the card as it stood when checked ("new" here).
            let checkedCard = try #require(result.body.firstMatch(of: #/name="checkedCard" value="([^"]*)"/#)?.output.1)
            #expect(checkedCard == "new")
            let fields = ["pairId": String(man.id!), "direction": "englishToWelsh", "tag": "People", "rating": "2", "duration": "3.0",
                          "checkedCard": String(checkedCard)]
            let rated = try await a.post("/vocab/revise/rate", fields)
            #expect(rated.location?.hasPrefix("/vocab/revise/session") == true)
            #expect(try await database.vocabulary.reviewCount(accountID: owner.id) == 1)
            // The same rating sent again from that page (a second tap, Back to the answer): the
            // first stands, nothing is stored twice, and the session goes on as it did.
            let again = try await a.post("/vocab/revise/rate", fields.merging(["rating": "1"]) { $1 })
            #expect(again.status == .seeOther && again.location == rated.location)
            #expect(try await database.vocabulary.reviewCount(accountID: owner.id) == 1)
            // Checked afresh, the answer's page carries the card as it now stands.
            let recheck = try await a.get("/vocab/revise/answer", ["pairId": String(man.id!), "direction": "englishToWelsh", "answer": "gŵr"])
            #expect(recheck.body.firstRange(of: #/name="checkedCard" value="(\d+)"/#) != nil)
            let card = try await database.vocabulary.card(accountID: owner.id, pairID: man.id!, direction: .englishToWelsh)
            #expect(card?.lastReview != nil)
            #expect(try await a.post("/vocab/revise/rate", ["pairId": String(man.id!), "direction": "englishToWelsh", "rating": "7"]).status == .badRequest)

            var b = Visitor(client)
            try await b.register("bryn")
            #expect(!(try await b.get("/vocab").body.contains("gwraig")))
            #expect(try await b.get("/vocab/pairs/\(man.id!)/edit").status == .notFound)
            #expect(try await b.post("/vocab/pairs/\(man.id!)", ["english": "x", "welsh": "y", "note": "", "type": "", "tags": ""]).status == .notFound)
            #expect(try await b.post("/vocab/pairs/\(man.id!)/delete", [:]).status == .notFound)
            #expect(try await b.get("/vocab/revise/answer", ["pairId": String(man.id!), "direction": "englishToWelsh", "answer": "gŵr"]).status == .notFound)
            #expect(try await b.post("/vocab/revise/rate", ["pairId": String(man.id!), "direction": "englishToWelsh", "rating": "3"]).status == .notFound)
            #expect(try await database.vocabulary.pair(accountID: owner.id, id: man.id!)?.english == "man")
            #expect(try await database.vocabulary.reviewCount(accountID: owner.id) == 1)
        }
    }

    @Test func theTranslationsListComesFiftyAPageWithLinks() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            try await a.register("heledd")
            let owner = try #require(try await database.credentials(username: "heledd")?.account)
            try await database.importPairs(accountID: owner.id, (0..<120).map {
                Pair(english: String(format: "word %03d", $0), welsh: "gair", tags: [$0 < 60 ? "First" : "Second"])
            })
            let first = try await a.get("/vocab")
            #expect(first.body.components(separatedBy: "class=\"pair\"").count - 1 == 50)
            #expect(first.body.contains("120 pairs") && first.body.contains("1–50 of 120"))
            #expect(first.body.contains("href=\"/vocab?page=2\"") && !first.body.contains("previous-page"))
            let third = try await a.get("/vocab?page=3")
            #expect(third.body.components(separatedBy: "class=\"pair\"").count - 1 == 20)
            #expect(third.body.contains("word 119") && !third.body.contains("word 099"))
            #expect(third.body.contains("href=\"/vocab?page=2\"") && !third.body.contains("next-page"))

            // A search and a tag ride along in the links.
            let tagged = try await a.get("/vocab?q=WORD&tag=second&page=2")
            #expect(tagged.body.contains("51–60 of 60"))
            #expect(tagged.body.contains("href=\"/vocab?q=WORD&amp;tag=second\"") || tagged.body.contains("href=\"/vocab?q=WORD&tag=second\""))
            let past = try await a.get("/vocab?page=9")
            #expect(past.status == .ok && past.body.contains("past the last"))
        }
    }

    @Test func aDurationFromTheRevisionFormIsCheckedAsTheAPIChecksIt() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            try await a.register("iolo")
            #expect(try await a.post("/vocab/pairs", ["english": "dog", "welsh": "ci", "note": "", "type": "", "tags": ""]).status == .seeOther)
            let owner = try #require(try await database.credentials(username: "iolo")?.account)
            let dog = try #require(try await database.vocabulary.pairs(accountID: owner.id).first)
            for duration in ["-5", "1e12", "nan", "2.5"] {
                let rated = try await a.post("/vocab/revise/rate", ["pairId": String(dog.id!), "direction": "englishToWelsh", "rating": "3",
                                                                    "duration": duration])
                #expect(rated.status == .seeOther)
            }
            let reviews = try await database.vocabulary.reviews(accountID: owner.id, pairID: dog.id!, limit: 10, offset: 0)
            #expect(reviews.total == 4)
            #expect(reviews.items.compactMap(\.duration) == [2.5])
        }
    }
}
