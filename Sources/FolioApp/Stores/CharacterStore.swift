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
}
