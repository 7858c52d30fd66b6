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
    func keepCharacter(accountID: Int64, characterID: Int, now: Date) async throws
    func forgetCharacter(accountID: Int64, characterID: Int) async throws
    func keptCharacters(accountID: Int64) async throws -> [Int]
    func keptCharacters(accountID: Int64, limit: Int, offset: Int) async throws -> Page<Int>
    func keepsCharacter(accountID: Int64, characterID: Int) async throws -> Bool
}
