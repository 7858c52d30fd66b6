import Characters
import FolioCore
import Foundation

/// The characters an account keeps, the same from the pages and the API. A character is named
/// by the id in a path, checked against the catalogue in use.
public struct CharacterFavourites: Sendable {
    public let store: any CharacterStore

    public init(store: any CharacterStore) {
        self.store = store
    }

    /// The catalogue's character with the id as it came in a path; anything else is not found.
    public static func character(_ rawID: String, in catalogue: Catalogue) throws(CharactersError) -> Character {
        guard let id = Int(rawID), let character = catalogue.character(id) else {
            throw .notFound(kind: "character", id: String(rawID.prefix(20)))
        }
        return character
    }

    /// Every id the account keeps (a list page marks them).
    public func keptIDs(accountID: Account.ID) async throws -> Set<Int> {
        Set(try await store.keptCharacters(accountID: accountID))
    }

    public func keeps(_ character: Character, accountID: Account.ID) async throws -> Bool {
        try await store.keepsCharacter(accountID: accountID, characterID: character.id)
    }

    /// Kept characters in the order they were kept, a page at a time; a character the catalogue
    /// no longer has is counted but not shown.
    public func page(accountID: Account.ID, limit: Int, offset: Int, in catalogue: Catalogue) async throws -> Page<Character> {
        try await store.keptCharacters(accountID: accountID, limit: limit, offset: offset).compactMap { catalogue.character($0) }
    }

    public func keep(_ character: Character, accountID: Account.ID, now: Date = Date()) async throws {
        _ = try await store.setCharacterKept(accountID: accountID, characterID: character.id, kept: true, changedAt: now, onlyIfLater: false)
    }

    /// Lets go of a kept character, by the id in a path, even one the catalogue has since lost.
    public func forget(_ rawID: String, accountID: Account.ID, now: Date = Date()) async throws {
        guard let id = Int(rawID), try await store.keepsCharacter(accountID: accountID, characterID: id) else {
            throw StoreError.notFound(what: "favourite character", id: String(rawID.prefix(20)))
        }
        _ = try await store.setCharacterKept(accountID: accountID, characterID: id, kept: false, changedAt: now, onlyIfLater: false)
    }

    /// Keeps the character, or lets it go when it is kept; returns whether it is now kept.
    @discardableResult
    public func toggle(_ character: Character, accountID: Account.ID, now: Date = Date()) async throws -> Bool {
        let kept = !(try await keeps(character, accountID: accountID))
        _ = try await store.setCharacterKept(accountID: accountID, characterID: character.id, kept: kept, changedAt: now, onlyIfLater: false)
        return kept
    }

    /// What became of a star set on a device.
    public struct Starred: Sendable, Equatable {
        /// Whether the account keeps the character now.
        public var kept: Bool
        /// False when a later change stood (made on another device, or online).
        public var applied: Bool
    }

    /// Keeps the character or lets it go, as the reader asked at `madeAt` — on a device without
    /// a connection, perhaps, and sent later (never later than `now`, whatever its clock says).
    /// A change of the same character made later stands instead: the later change wins.
    public func set(_ character: Character, kept: Bool, madeAt: Date, accountID: Account.ID, now: Date = Date()) async throws -> Starred {
        if try await store.setCharacterKept(accountID: accountID, characterID: character.id, kept: kept, changedAt: OfflineRevision.deviceTime(madeAt, now: now), onlyIfLater: true) {
            return Starred(kept: kept, applied: true)
        }
        return Starred(kept: try await keeps(character, accountID: accountID), applied: false)
    }
}
