import FolioServer
import FolioStore
import FolioTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Monologues
import Testing

/// A piece split off an interrupted speech and the whole speech kept as its longer cut: the
/// longer cut is never listed, but it is read, linked and kept like any other monologue.
@Suite struct LongerCutServerTests {
    static let cut = "macbeth-5-5-macbeth-2", piece = "macbeth-5-5-macbeth-4"

    /// The fixture, with a longer cut whose first line needs escaping.
    static let library: [Monologue] = LibraryFixture.longerCut.map { m in
        guard m.id == cut else { return m }
        return m.withText("I have <almost> forgot the taste of \"fears\" & all;\n" + m.text.split(separator: "\n").dropFirst().joined(separator: "\n"))
    }

    struct Entry: Decodable {
        let id: String
        let longerCut: String?
        let longerCutOf: String?
    }
    struct SearchBody: Decodable { let total: Int; let items: [Entry] }
    struct Related: Decodable { struct Item: Decodable { let monologue: Entry }; let items: [Item] }
    struct Stats: Decodable { let count: Int; let longerCuts: Int }

    func withApp(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await TestApp.run(database: try TestApp.database(library: Self.library)) { client, _ in try await test(client) }
    }

    @Test func theAPIListsThePieceAndNamesBothEnds() async throws {
        try await withApp { client in
            var v = Visitor(client)
            let all = try await v.api("/api/v1/monologues", method: .get)
            // Every entry says whether it has a longer cut or is one, null when not.
            #expect(all.body.contains(#""longerCut":null"#) && all.body.contains(#""longerCutOf":null"#))
            let found = try JSONDecoder().decode(SearchBody.self, from: Data(all.body.utf8))
            #expect(found.total == 3)
            #expect(!found.items.map(\.id).contains(Self.cut))
            #expect(found.items.first { $0.id == Self.piece }?.longerCut == Self.cut)
            let leadIn = try JSONDecoder().decode(SearchBody.self, from: Data(try await v.api("/api/v1/monologues?q=forgot", method: .get).body.utf8))
            #expect(leadIn.items.map(\.id) == [Self.cut])

            // The longer cut is read by id, and names its piece.
            let cut = try await v.api("/api/v1/monologues/\(Self.cut)", method: .get)
            #expect(cut.status == .ok)
            #expect(try JSONKeyOrder.firstUnsorted(in: Data(cut.body.utf8)) == nil)
            let whole = try JSONDecoder().decode(Entry.self, from: Data(cut.body.utf8))
            #expect((whole.longerCut, whole.longerCutOf) == (nil, Self.piece))
            let piece = try JSONDecoder().decode(Entry.self, from: Data(try await v.api("/api/v1/monologues/\(Self.piece)", method: .get).body.utf8))
            #expect((piece.longerCut, piece.longerCutOf) == (Self.cut, nil))

            let related = try JSONDecoder().decode(Related.self, from: Data(try await v.api("/api/v1/monologues/\(Self.piece)/related", method: .get).body.utf8))
            #expect(!related.items.map(\.monologue.id).contains(Self.cut))
            let stats = try JSONDecoder().decode(Stats.self, from: Data(try await v.api("/api/v1/monologues/stats", method: .get).body.utf8))
            #expect((stats.count, stats.longerCuts) == (3, 1))
        }
    }

    @Test func eachEndsPageLinksTheOther() async throws {
        try await withApp { client in
            var v = Visitor(client)
            let piece = try await v.get("/monologues/\(Self.piece)")
            #expect(piece.status == .ok)
            #expect(piece.body.contains(#"<p id="longer-cut" class="longer-cut">Longer cut: <a href="/monologues/macbeth-5-5-macbeth-2">the whole speech, from “I have &lt;almost&gt; forgot the taste of &quot;fears&quot; &amp; all;”</a>, with what interrupts it ("#))
            // Named by how it begins, never by its catalogue number.
            #expect(!piece.body.contains("Macbeth 02"))
            #expect(!piece.body.contains("longer-cut-of"))
            // The play's order steps over the longer cut.
            #expect(!piece.body.contains(#"href="/monologues/macbeth-5-5-macbeth-2" rel="#))

            let cut = try await v.get("/monologues/\(Self.cut)")
            #expect(cut.status == .ok)
            #expect(cut.body.contains(#"<p id="longer-cut-of" class="longer-cut">The longer cut of <a href="/monologues/macbeth-5-5-macbeth-4">the piece from “She should have died hereafter;”</a>"#))
            #expect(!cut.body.contains(#"id="longer-cut""#))

            let list = try await v.get("/monologues")
            #expect(list.body.contains("/monologues/\(Self.piece)") && !list.body.contains("/monologues/\(Self.cut)"))
        }
    }

    @Test func aLongerCutCanBeAFavourite() async throws {
        try await withApp { client in
            var v = Visitor(client)
            try await v.register("ann")
            #expect(try await v.post("/monologues/\(Self.cut)/favourite", [:]).status == .seeOther)
            #expect(try await v.get("/monologues/favourites").body.contains("/monologues/\(Self.cut)"))
            #expect(try await v.get("/monologues/\(Self.cut)").body.contains("Remove from favourites"))
        }
    }
}
