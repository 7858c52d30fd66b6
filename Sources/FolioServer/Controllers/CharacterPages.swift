import Characters
import Foundation

// The character browser's page models: what each template shows, built from the catalogue.

/// A character as a row of the list, and the head of their own pages.
struct CharacterRow: Encodable {
    let id: Int
    let name: String
    let planet: String
    let href: String
    /// The full-size portrait, and the thumbnail a list row shows.
    let portrait: String
    let thumbnail: String
    let isFavourite: Bool
    let toggleAction: String
    let canKeep: Bool
    let appearance: String
    /// Where keeping or letting go of the character returns to without scripts: the row itself
    /// on a list (its anchor), so the reader is not sent back to the top.
    let back: String

    init(_ c: Character, in catalogue: Catalogue, isFavourite: Bool, canKeep: Bool, back: String) {
        id = c.id
        name = c.name
        planet = catalogue.homePlanetName(of: c)
        href = SiteRoute.character.path(c.id)
        portrait = SiteRoute.characterPortrait.path(c.id)
        thumbnail = SiteRoute.characterPortrait.path(c.id, query: ["size": "small"])
        self.isFavourite = isFavourite
        toggleAction = SiteRoute.toggleCharacterFavourite.path(c.id)
        self.canKeep = canKeep
        appearance = catalogue.appearance(c.firstAppearance)?.title ?? ""
        self.back = back
    }

    /// The row's element id, which a list's `back` points at.
    static func anchor(_ id: Int) -> String { "character-\(id)" }
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
        facts = Self.facts(c, in: catalogue)
        webHref = SiteRoute.characterWeb.path(c.id)
    }

    /// What Folio holds about a character, below the heading that names them (so no "Name"
    /// here: the page would say it twice). The web page repeats them for when the site cannot be
    /// shown.
    static func facts(_ c: Character, in catalogue: Catalogue) -> [Fact] {
        let height = Character.readable(c.height)
        return [
            Fact(label: "Home planet", value: catalogue.homePlanetName(of: c), id: "fact-planet"),
            Fact(label: "Birth year", value: Character.readable(c.birthYear), id: "fact-birth-year"),
            Fact(label: "Eye colour", value: Character.readable(c.eyeColour), id: "fact-eye-colour"),
            Fact(label: "Species", value: Character.readable(c.species), id: "fact-species"),
            Fact(label: "Height", value: height == "Unknown" || Double(height) == nil ? height : "\(height) cm", id: "fact-height"),
            Fact(label: "First appearance", value: catalogue.appearance(c.firstAppearance)?.title ?? "Unknown", id: "fact-first"),
        ]
    }
}

/// The character's web page in a frame, with what to do when the site will not be shown there.
struct CharacterWeb: Encodable {
    let name: String
    let url: String
    /// The site's name, for the words beside the frame ("starwars.fandom.com").
    let site: String
    let back: String
    let facts: [CharacterDetails.Fact]
    /// How long the page may take before the frame gives way to the link and the facts.
    let patienceSeconds: Int

    init(_ c: Character, url: String, in catalogue: Catalogue, patienceSeconds: Int = 6) {
        name = c.name
        self.url = url
        site = URLComponents(string: url)?.host ?? url
        back = SiteRoute.characterDetails.path(c.id)
        facts = CharacterDetails.facts(c, in: catalogue)
        self.patienceSeconds = patienceSeconds
    }
}

/// What the page's script gets back after pressing a star: the new state, and the words the
/// button and the status line then say.
struct FavouriteState: Encodable {
    let id: Int
    let isFavourite: Bool
    /// False when the press was sent late (made offline) and a later change stood instead.
    let applied: Bool
    let message: String
}
