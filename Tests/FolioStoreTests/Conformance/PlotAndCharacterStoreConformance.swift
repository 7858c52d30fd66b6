import Characters
import FolioApp
import Foundation
import Testing

@Suite struct PlotStoreConformance {
    @Test(arguments: StoreEngine.all) func keptPlotsComeNewestFirstForTheirOwnerOnly(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let s = c.stores
        for i in 1...3 {
            try await s.keepPlot(accountID: c.ann.id, ids: "s\(i)-p1-m1", seed: UInt64(i), text: "Plot \(i)", now: conformanceNow.addingTimeInterval(Double(i)))
        }
        // Keeping one twice keeps one
        try await s.keepPlot(accountID: c.ann.id, ids: "s1-p1-m1", seed: 1, text: "Plot 1", now: conformanceNow.addingTimeInterval(9))
        let page = try await s.keptPlots(accountID: c.ann.id, limit: 2, offset: 0)
        #expect(page.total == 3 && page.items.map(\.ids) == ["s3-p1-m1", "s2-p1-m1"])
        #expect(try await s.isKept(accountID: c.ann.id, ids: "s2-p1-m1"))
        #expect(try await !s.isKept(accountID: c.bob.id, ids: "s2-p1-m1"))
        // Bob cannot forget Ann's plot; Ann can, once
        await #expect(throws: StoreError.notFound(what: "kept plot", id: "s2-p1-m1")) { try await s.forgetPlot(accountID: c.bob.id, ids: "s2-p1-m1") }
        try await s.forgetPlot(accountID: c.ann.id, ids: "s2-p1-m1")
        #expect(try await s.keptPlots(accountID: c.ann.id, limit: 10, offset: 0).total == 2)
    }

    @Test(arguments: StoreEngine.all) func grammarsAreSavedByNameWithinTheQuota(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let s = c.stores
        let b = try await s.saveGrammar(accountID: c.ann.id, name: "b", json: #"{"origin":"b"}"#, limit: 2, now: conformanceNow)
        _ = try await s.saveGrammar(accountID: c.ann.id, name: "a", json: #"{"origin":"a"}"#, limit: 2, now: conformanceNow)
        // A third name is past the quota; the same name replaces
        await #expect(throws: GrammarQuotaError.reached(limit: 2)) {
            _ = try await s.saveGrammar(accountID: c.ann.id, name: "c", json: "{}", limit: 2, now: conformanceNow)
        }
        let replaced = try await s.saveGrammar(accountID: c.ann.id, name: "b", json: #"{"origin":"B"}"#, limit: 2, now: conformanceNow)
        #expect(replaced.id == b.id)
        #expect(try await s.grammar(accountID: c.ann.id, id: b.id)?.json == #"{"origin":"B"}"#)
        // Listed by name; Bob sees none and cannot delete
        #expect(try await s.grammars(accountID: c.ann.id, limit: 10, offset: 0).items.map(\.name) == ["a", "b"])
        #expect(try await s.grammar(accountID: c.bob.id, id: b.id) == nil)
        await #expect(throws: StoreError.notFound(what: "grammar", id: String(b.id))) { try await s.deleteGrammar(accountID: c.bob.id, id: b.id) }
        try await s.deleteGrammar(accountID: c.ann.id, id: b.id)
        #expect(try await s.grammars(accountID: c.ann.id, limit: 10, offset: 0).total == 1)
    }
}

@Suite struct CharacterStoreConformance {
    @Test(arguments: StoreEngine.all) func aStoredCatalogueHasARevision(engine: StoreEngine) async throws {
        let s = try await engine.make()
        #expect(try await s.storedCatalogue() == nil)
        let first = try await s.catalogueRevision()
        let catalogue = Catalogue(characters: [Character(id: 1, name: "Luke Skywalker", homeworld: nil, firstAppearance: nil)])
        let revision = try await s.saveCatalogue(catalogue, now: conformanceNow)
        #expect(revision > first)
        #expect(try await s.catalogueRevision() == revision)
        let stored = try #require(try await s.storedCatalogue())
        #expect(stored.revision == revision && stored.catalogue.characters.map(\.name) == ["Luke Skywalker"])
    }

    @Test(arguments: StoreEngine.all) func keptCharactersBelongToTheirAccount(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let s = c.stores
        for id in [3, 1, 2] { try await s.keepCharacter(accountID: c.ann.id, characterID: id, now: conformanceNow) }
        try await s.keepCharacter(accountID: c.ann.id, characterID: 1, now: conformanceNow)
        #expect(Set(try await s.keptCharacters(accountID: c.ann.id)) == [1, 2, 3])
        let page = try await s.keptCharacters(accountID: c.ann.id, limit: 2, offset: 0)
        #expect(page.total == 3 && page.items.count == 2)
        #expect(try await s.keepsCharacter(accountID: c.ann.id, characterID: 2))
        #expect(try await !s.keepsCharacter(accountID: c.bob.id, characterID: 2))
        await #expect(throws: StoreError.notFound(what: "favourite character", id: "2")) {
            try await s.forgetCharacter(accountID: c.bob.id, characterID: 2)
        }
        try await s.forgetCharacter(accountID: c.ann.id, characterID: 2)
        #expect(Set(try await s.keptCharacters(accountID: c.ann.id)) == [1, 3])
    }
}
