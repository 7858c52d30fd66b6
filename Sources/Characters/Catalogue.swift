import Foundation

/// Where a character first appeared: one of the saga's films or a television series.
public struct Appearance: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable { case film, series }

    /// "1"…"9" for films (SWAPI's film ids), a name such as "clone-wars" for series.
    public var id: String
    public var kind: Kind
    public var title: String
    /// Films only: the episode number.
    public var episode: Int?
    /// Where it falls in the story (episode numbers; series between them, e.g. 2.5).
    public var story: Double
    public var released: String
    public var director: String
    public var producer: String
    /// One sentence, ours, about what happens.
    public var summary: String

    public init(id: String, kind: Kind, title: String, episode: Int? = nil, story: Double, released: String,
                director: String = "", producer: String = "", summary: String = "") {
        self.id = id
        self.kind = kind
        self.title = title
        self.episode = episode
        self.story = story
        self.released = released
        self.director = director
        self.producer = producer
        self.summary = summary
    }

    public var section: Section {
        guard kind == .film, let episode else { return .series }
        switch episode {
        case 1...3: return .prequel
        case 4...6: return .original
        default: return .sequel
        }
    }
}

/// The sections of the character list, in the order the original app showed them.
public enum Section: String, Sendable, Codable, CaseIterable {
    case original, prequel, sequel, series, other

    public var title: String {
        switch self {
        case .original: "Original trilogy"
        case .prequel: "Prequel trilogy"
        case .sequel: "Sequel trilogy"
        case .series: "TV series"
        case .other: "Other appearances"
        }
    }
}

public struct Planet: Sendable, Hashable, Codable {
    public var id: Int
    public var name: String
    public var climate: String
    public var terrain: String
    public var population: String
    public var diameter: String
    public var rotationPeriod: String
    public var orbitalPeriod: String
    public var gravity: String
    public var surfaceWater: String

    public init(id: Int, name: String, climate: String = "unknown", terrain: String = "unknown", population: String = "unknown",
                diameter: String = "unknown", rotationPeriod: String = "unknown", orbitalPeriod: String = "unknown",
                gravity: String = "unknown", surfaceWater: String = "unknown") {
        self.id = id
        self.name = name
        self.climate = climate
        self.terrain = terrain
        self.population = population
        self.diameter = diameter
        self.rotationPeriod = rotationPeriod
        self.orbitalPeriod = orbitalPeriod
        self.gravity = gravity
        self.surfaceWater = surfaceWater
    }
}

public struct Character: Sendable, Hashable, Codable {
    public var id: Int
    public var name: String
    /// A planet id, or nil when the home planet is unknown.
    public var homeworld: Int?
    /// As SWAPI writes it: "19BBY", "5ABY", "unknown".
    public var birthYear: String
    public var eyeColour: String
    public var hairColour: String
    public var skinColour: String
    public var height: String
    public var mass: String
    /// SWAPI's values: male, female, n/a, none, hermaphrodite, unknown.
    public var gender: String
    public var species: String
    /// The appearance id of the first film or series.
    public var firstAppearance: String?
    /// Order among the characters of the same first appearance (the order they come on).
    public var order: Int
    /// The films (ids) the character is in.
    public var films: [String]
    public var wiki: String

    public init(id: Int, name: String, homeworld: Int?, birthYear: String = "unknown", eyeColour: String = "unknown",
                hairColour: String = "unknown", skinColour: String = "unknown", height: String = "unknown", mass: String = "unknown",
                gender: String = "unknown", species: String = "unknown", firstAppearance: String?, order: Int = 0,
                films: [String] = [], wiki: String = "") {
        self.id = id
        self.name = name
        self.homeworld = homeworld
        self.birthYear = birthYear
        self.eyeColour = eyeColour
        self.hairColour = hairColour
        self.skinColour = skinColour
        self.height = height
        self.mass = mass
        self.gender = gender
        self.species = species
        self.firstAppearance = firstAppearance
        self.order = order
        self.films = films
        self.wiki = wiki
    }
}

extension Character {
    /// A SWAPI value as a page shows it: SWAPI writes "unknown" (or nothing) where it has no
    /// fact, which reads as a slip in a sentence of facts, so it becomes "Unknown".
    public static func readable(_ value: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || trimmed.lowercased() == "unknown" ? "Unknown" : trimmed
    }
}

/// Characters, planets and appearances, consistent with each other.
public struct Catalogue: Sendable, Hashable, Codable {
    public var characters: [Character]
    public var planets: [Planet]
    public var appearances: [Appearance]

    public init(characters: [Character] = [], planets: [Planet] = [], appearances: [Appearance] = []) {
        self.characters = characters
        self.planets = planets
        self.appearances = appearances
    }

    public func character(_ id: Int) -> Character? { characters.first { $0.id == id } }
    public func planet(_ id: Int?) -> Planet? { id.flatMap { id in planets.first { $0.id == id } } }

    /// The home planet as a reader sees it: "Unknown" when there is none on record or the record
    /// is SWAPI's own placeholder planet named "unknown", never an empty value or a link.
    public func homePlanetName(of character: Character) -> String {
        Character.readable(planet(character.homeworld)?.name ?? "")
    }
    public func appearance(_ id: String?) -> Appearance? { id.flatMap { id in appearances.first { $0.id == id } } }
    public var films: [Appearance] { appearances.filter { $0.kind == .film }.sorted { ($0.episode ?? 0) < ($1.episode ?? 0) } }

    public func section(of character: Character) -> Section {
        appearance(character.firstAppearance)?.section ?? .other
    }

    /// The list as the app shows it: sections in order, each in story order (by where its
    /// first appearance falls in the story, then the order characters come on, then name).
    /// One window of the list in story order, `offset` characters in and at most `limit` long,
    /// still grouped by section (a section cut by the window shows only its part), with how many
    /// characters the whole list (of `section`, or of every section) holds.
    public func sections(in section: Section? = nil, offset: Int, limit: Int)
        -> (total: Int, sections: [(section: Section, characters: [Character])]) {
        var total = 0
        var page: [(section: Section, characters: [Character])] = []
        for (each, members) in sections() where section == nil || each == section {
            let start = max(0, offset - total), end = min(members.count, offset + limit - total)
            if start < end { page.append((each, Array(members[start..<end]))) }
            total += members.count
        }
        return (total, page)
    }

    public func sections() -> [(section: Section, characters: [Character])] {
        let grouped = Dictionary(grouping: characters, by: section(of:))
        return Section.allCases.compactMap { section in
            guard let members = grouped[section], !members.isEmpty else { return nil }
            return (section, members.sorted { a, b in
                let sa = appearance(a.firstAppearance)?.story ?? .infinity, sb = appearance(b.firstAppearance)?.story ?? .infinity
                if sa != sb { return sa < sb }
                if a.order != b.order { return a.order < b.order }
                return a.name < b.name
            })
        }
    }

    /// The bundled catalogue (`Resources/characters.xml`).
    public static let bundled: Result<Catalogue, CharactersError> = Result { () throws(CharactersError) in
        guard let url = Bundle.module.url(forResource: "characters", withExtension: "xml", subdirectory: "Resources"),
              let data = try? Data(contentsOf: url) else {
            throw .malformedCatalogue(line: 0, column: 0, reason: "the bundled characters.xml is missing; rebuild Folio")
        }
        return try CatalogueReader.read(data)
    }
}
