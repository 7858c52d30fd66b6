import Characters
import Foundation

extension CharacterStore {
    /// The catalogue in use: the one stored by a SWAPI import, else the one bundled with Folio.
    public func catalogueInUse() async throws -> Catalogue {
        try await storedCatalogue()?.catalogue ?? Catalogue.bundled.get()
    }
}
