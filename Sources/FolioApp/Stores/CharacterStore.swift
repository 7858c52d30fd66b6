import FolioCore
import Foundation
import Characters

/// Where the character catalogue (bundled or imported from SWAPI) and the characters each
/// account keeps are stored.
public protocol CharacterStore: Sendable {
    /// Replaces the stored catalogue; returns its new revision.
    func saveCatalogue(_ catalogue: Catalogue, now: Date) async throws -> Int
    /// The stored catalogue and its revision; nil until one is imported.
    func storedCatalogue() async throws -> (catalogue: Catalogue, revision: Int)?
    func catalogueRevision() async throws -> Int
    func keepCharacter(accountID: Account.ID, characterID: Int, now: Date) async throws
    func forgetCharacter(accountID: Account.ID, characterID: Int) async throws
    func keptCharacters(accountID: Account.ID) async throws -> [Int]
    func keptCharacters(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<Int>
    func keepsCharacter(accountID: Account.ID, characterID: Int) async throws -> Bool
    /// Keeps the character or lets it go, as a change made at `changedAt`, and records when. With
    /// `onlyIfLater` (a change made on a device and sent late), only when no later change of it is
    /// recorded for the account: otherwise false, and nothing changes (the later change stands).
    /// Without it (a change made now, online), always, recording the later of the two times, so
    /// that instances whose clocks differ a little never refuse a reader's own press.
    func setCharacterKept(accountID: Account.ID, characterID: Int, kept: Bool, changedAt: Date, onlyIfLater: Bool) async throws -> Bool
}
