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
        let a = try await s.saveGrammar(accountID: c.ann.id, name: "a", json: #"{"origin":"a"}"#, limit: 2, now: conformanceNow)
        // A name in other letters' case is the same name: replaced, keeping the name it was saved under.
        let capital = try await s.saveGrammar(accountID: c.ann.id, name: "A", json: #"{"origin":"A"}"#, limit: 2, now: conformanceNow)
        #expect(capital.id == a.id && capital.name == "a")
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

    @Test(arguments: StoreEngine.all) func aStarSentLateYieldsToALaterChange(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let s = c.stores
        let noon = conformanceNow
        // Given Ann starred character 7 online at noon
        #expect(try await s.setCharacterKept(accountID: c.ann.id, characterID: 7, kept: true, changedAt: noon, onlyIfLater: false))
        // When a device sends an unstar it made at eleven, Then the later star stands
        #expect(try await s.setCharacterKept(accountID: c.ann.id, characterID: 7, kept: false, changedAt: noon.addingTimeInterval(-3_600),
                                             onlyIfLater: true) == false)
        #expect(try await s.keepsCharacter(accountID: c.ann.id, characterID: 7))
        // When another device sends one it made at one, Then it is applied; sent again, it still holds
        for _ in 0..<2 {
            #expect(try await s.setCharacterKept(accountID: c.ann.id, characterID: 7, kept: false, changedAt: noon.addingTimeInterval(3_600),
                                                 onlyIfLater: true))
        }
        #expect(try await !s.keepsCharacter(accountID: c.ann.id, characterID: 7))
        // And a star made at half past twelve, sent after it, yields to that later unstar
        #expect(try await s.setCharacterKept(accountID: c.ann.id, characterID: 7, kept: true, changedAt: noon.addingTimeInterval(1_800),
                                             onlyIfLater: true) == false)
        #expect(try await !s.keepsCharacter(accountID: c.ann.id, characterID: 7))
        // And a press made online always counts, even on an instance whose clock is behind
        #expect(try await s.setCharacterKept(accountID: c.ann.id, characterID: 7, kept: true, changedAt: noon, onlyIfLater: false))
        #expect(try await s.keepsCharacter(accountID: c.ann.id, characterID: 7))
        // And what was recorded is kept per account: Bob's late press is his own
        #expect(try await s.setCharacterKept(accountID: c.bob.id, characterID: 7, kept: true, changedAt: noon.addingTimeInterval(-86_400),
                                             onlyIfLater: true))
        #expect(try await s.keepsCharacter(accountID: c.bob.id, characterID: 7))
    }

    @Test(arguments: StoreEngine.all) func aPlotKeptLateYieldsToALaterChange(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let s = c.stores
        let noon = conformanceNow
        // Given Ann kept a plot at noon and let it go at one, online
        #expect(try await s.setPlotKept(accountID: c.ann.id, ids: "s1-p2-m3", seed: 9, text: "A plot.", kept: true, changedAt: noon,
                                        onlyIfLater: false))
        #expect(try await s.setPlotKept(accountID: c.ann.id, ids: "s1-p2-m3", seed: nil, text: "", kept: false,
                                        changedAt: noon.addingTimeInterval(3_600), onlyIfLater: false))
        // When a device sends a Keep pressed at half past twelve, Then the later letting go stands
        #expect(try await s.setPlotKept(accountID: c.ann.id, ids: "s1-p2-m3", seed: 9, text: "A plot.", kept: true,
                                        changedAt: noon.addingTimeInterval(1_800), onlyIfLater: true) == false)
        #expect(try await !s.isKept(accountID: c.ann.id, ids: "s1-p2-m3"))
        // When one pressed at two comes, Then it is kept, with its seed and words
        #expect(try await s.setPlotKept(accountID: c.ann.id, ids: "s1-p2-m3", seed: 9, text: "A plot.", kept: true,
                                        changedAt: noon.addingTimeInterval(7_200), onlyIfLater: true))
        let kept = try await s.keptPlots(accountID: c.ann.id, limit: 10, offset: 0)
        #expect(kept.items.map(\.ids) == ["s1-p2-m3"] && kept.items.first?.seed == 9 && kept.items.first?.text == "A plot.")
        // And Bob's late Keep of the same plot is his own
        #expect(try await s.setPlotKept(accountID: c.bob.id, ids: "s1-p2-m3", seed: nil, text: "A plot.", kept: true,
                                        changedAt: noon.addingTimeInterval(-86_400), onlyIfLater: true))
        #expect(try await s.isKept(accountID: c.bob.id, ids: "s1-p2-m3"))
    }
}
