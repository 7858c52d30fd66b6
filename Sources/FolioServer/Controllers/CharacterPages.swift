import Characters
import Foundation

// The character browser's page models: what each template shows, built from the catalogue.

/// A character as a row of the list, and the head of their own pages.
struct CharacterRow: Encodable {
    let id: Int
    let name: String
    let planet: String
    let href: String
    let portrait: String
    let isFavourite: Bool
    let toggleAction: String
    let canKeep: Bool
    let appearance: String
    /// Where keeping or letting go of the character returns to.
    let back: String

    init(_ c: Character, in catalogue: Catalogue, isFavourite: Bool, canKeep: Bool, back: String) {
        id = c.id
        name = c.name
        planet = catalogue.planet(c.homeworld)?.name ?? "unknown"
        href = SiteRoute.character.path(c.id)
        portrait = SiteRoute.characterPortrait.path(c.id)
        self.isFavourite = isFavourite
        toggleAction = SiteRoute.toggleCharacterFavourite.path(c.id)
        self.canKeep = canKeep
        appearance = catalogue.appearance(c.firstAppearance)?.title ?? ""
        self.back = back
    }
}

struct CharacterSection: Encodable {
    let id: String
    let title: String
    let rows: [CharacterRow]
}

struct CharacterList: Encodable {
    let sections: [CharacterSection]
    let loggedIn: Bool
    let navList: Bool
}

struct FavouriteCharacters: Encodable {
    let rows: [CharacterRow]
    let empty: Bool
    let countText: String
    let navFavourites: Bool
}

struct CharacterPage: Encodable {
    let detailsHref: String
}

/// The facts page: each fact with its label and an id the browser tests find it by.
struct CharacterDetails: Encodable {
    struct Fact: Encodable {
        let label: String
        let value: String
        let id: String
    }

    let facts: [Fact]
    let webHref: String

    init(_ c: Character, in catalogue: Catalogue) {
        facts = [
            Fact(label: "Name", value: c.name, id: "fact-name"),
            Fact(label: "Home planet", value: catalogue.planet(c.homeworld)?.name ?? "unknown", id: "fact-planet"),
            Fact(label: "Birth year", value: c.birthYear, id: "fact-birth-year"),
            Fact(label: "Eye colour", value: c.eyeColour, id: "fact-eye-colour"),
            Fact(label: "Species", value: c.species, id: "fact-species"),
            Fact(label: "Height", value: c.height == "unknown" ? "unknown" : "\(c.height) cm", id: "fact-height"),
            Fact(label: "First appearance", value: catalogue.appearance(c.firstAppearance)?.title ?? "unknown", id: "fact-first"),
        ]
        webHref = SiteRoute.characterWeb.path(c.id)
    }
}

struct CharacterWeb: Encodable {
    let name: String
    let url: String
    let back: String
}
