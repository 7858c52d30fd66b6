import FolioStore
import FolioTestSupport
import Foundation
import HummingbirdTesting
import Monologues
import Testing

/// Audition sets through the API and the page: the brief's conditions hold in every set, bad
/// values are refused, and an actor's own gender for a favourite counts for them alone.
@Suite struct AuditionSetsServerTests {
    static func piece(_ id: String, play: String, character: String, gender: Gender, genre: Genre, seconds: Int, verse: Bool) -> Monologue {
        var m = LibraryFixture.monologue(id, play: play, character: character, gender: gender, genre: genre, seconds: seconds,
                                         text: "\(character) speaks.")
        m.verse = verse
        return m
    }

    static let library = [
        piece("as-you-like-it-3-5-rosalind-1", play: "As You Like It", character: "Rosalind", gender: .female, genre: .comedies, seconds: 75, verse: false),
        piece("macbeth-1-5-lady-macbeth-1", play: "Macbeth", character: "Lady Macbeth", gender: .female, genre: .tragedies, seconds: 95, verse: true),
        piece("king-john-3-4-constance-1", play: "King John", character: "Constance", gender: .female, genre: .histories, seconds: 100, verse: true),
        piece("hamlet-3-1-hamlet-1", play: "Hamlet", character: "Hamlet", gender: .male, genre: .tragedies, seconds: 90, verse: true),
        piece("twelfth-night-2-5-malvolio-1", play: "Twelfth Night", character: "Malvolio", gender: .male, genre: .comedies, seconds: 80, verse: false),
    ]

    func withApp(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await TestApp.run(database: try TestApp.database(library: Self.library)) { client, _ in try await test(client) }
    }

    struct Sets: Decodable {
        struct Item: Decodable { let seconds: Int; let reasons: [String]; let pieces: [Piece] }
        struct Piece: Decodable { let id: String; let gender: Gender; let verse: Bool; let tone: Tone; let seconds: Int }
        let items: [Item]
    }

    @Test func theAPIAnswersSetsThatMeetTheBrief() async throws {
        try await withApp { client in
            var script = Visitor(client)
            let page = try await script.api("/api/v1/monologues/sets?seconds=180&gender=female&verseAndProse=1&comic=1", method: .get)
            #expect(page.status == .ok)
            let sets = try JSONDecoder().decode(Sets.self, from: Data(page.body.utf8))
            #expect(!sets.items.isEmpty)
            for set in sets.items {
                #expect(set.seconds <= 180 && set.pieces.reduce(0) { $0 + $1.seconds } == set.seconds)
                #expect(set.pieces.allSatisfy { $0.gender != .male })
                #expect(set.pieces.contains { $0.verse } && set.pieces.contains { !$0.verse })
                #expect(set.pieces.contains { $0.tone == .comedy } && set.pieces.contains { $0.tone != .comedy })
            }
            #expect(sets.items[0].pieces.map(\.id).contains("as-you-like-it-3-5-rosalind-1"))
            for bad in ["pieces=4", "seconds=10", "seconds=abc", "gender=robot", "comic=maybe", "age=ancient"] {
                let refused = try await script.api("/api/v1/monologues/sets?\(bad)", method: .get)
                #expect(refused.status == .badRequest, "\(bad): \(refused.status)")
                #expect(refused.body.contains("\"code\""), "\(bad)")
            }
            // Nothing fits a minute for two pieces of 75 s and more: an empty list, not an error.
            let none = try await script.api("/api/v1/monologues/sets?seconds=60", method: .get)
            #expect(none.status == .ok && none.body.contains("\"items\":[]"))
        }
    }

    @Test func theActorsOwnGenderForAFavouriteCountsForThemAlone() async throws {
        try await withApp { client in
            var actor = Visitor(client)
            try await actor.register("viola")
            // Viola plays Malvolio as a woman.
            try await actor.post("/monologues/twelfth-night-2-5-malvolio-1/favourite", [:])
            try await actor.post("/monologues/favourites/twelfth-night-2-5-malvolio-1/edit",
                                 ["text": "Malvolio speaks.", "notes": "", "tags": "", "gender": "female"])
            let hers = try await actor.api("/api/v1/monologues/sets?gender=female&seconds=180", method: .get)
            #expect(hers.body.contains("twelfth-night-2-5-malvolio-1"))
            var other = Visitor(client)
            let theirs = try await other.api("/api/v1/monologues/sets?gender=female&seconds=180", method: .get)
            #expect(theirs.status == .ok && !theirs.body.contains("twelfth-night-2-5-malvolio-1"))
        }
    }

    @Test func thePageAsksAndShowsTheSetsWithTheirReasons() async throws {
        try await withApp { client in
            var actor = Visitor(client)
            let blank = try await actor.get("/monologues/sets")
            #expect(blank.status == .ok && blank.body.contains(#"<form id="sets-form""#) && !blank.body.contains("audition-set card"))
            let page = try await actor.get("/monologues/sets?pieces=2&seconds=180&gender=female&verseAndProse=1&comic=1")
            #expect(page.body.contains(#"<li class="audition-set card">"#))
            #expect(page.body.contains("comic (Rosalind) against"))
            #expect(page.body.contains(#"<a class="set-piece" href="/monologues/as-you-like-it-3-5-rosalind-1">"#))
            #expect(page.body.contains(#"<input id="sets-comic" type="checkbox" name="comic" value="1" checked>"#))
            // A hand-edited link still shows a page, with the defaults where it made no sense.
            let odd = try await actor.get("/monologues/sets?pieces=9&seconds=-3&gender=robot")
            #expect(odd.status == .ok && odd.body.contains(#"<option value="180" selected>3 min</option>"#))
            let none = try await actor.get("/monologues/sets?seconds=60")
            #expect(none.body.contains(#"id="sets-empty""#))
        }
    }
}
