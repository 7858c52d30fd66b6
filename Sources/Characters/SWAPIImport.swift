import Foundation

/// Reads SWAPI-format JSON — a page (`{"count", "next", "previous", "results": […]}`), a list, or
/// one object — of people, planets and films, and merges it into a catalogue. Which is which is
/// told by the fields (`episode_id` for films, `climate` for planets, `birth_year` or `height` for
/// people). Links between them are SWAPI URLs, resolved by the id at their end.
public enum SWAPIImport {
    /// What a merge did.
    public struct Summary: Sendable, Equatable, Codable {
        public var added = 0
        public var updated = 0
    }

    /// Items of one or more files, sorted into kinds.
    public struct Items {
        var people: [[String: Any]] = []
        var planets: [[String: Any]] = []
        var films: [[String: Any]] = []

        public init() {}

        public var isEmpty: Bool { people.isEmpty && planets.isEmpty && films.isEmpty }
    }

    /// Adds the items of one file; `name` is used in error messages.
    public static func read(_ data: Data, name: String, into items: inout Items) throws(CharactersError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .invalidSWAPI("\(name) is not valid JSON")
        }
        let list: [Any]
        if let page = object as? [String: Any], let results = page["results"] {
            guard let results = results as? [Any] else { throw .invalidSWAPI("\(name): \"results\" is not a list") }
            list = results
        } else if let array = object as? [Any] {
            list = array
        } else if let one = object as? [String: Any] {
            list = [one]
        } else {
            throw .invalidSWAPI("\(name) holds neither an object nor a list")
        }
        for (index, element) in list.enumerated() {
            guard let item = element as? [String: Any] else { throw .invalidSWAPI("\(name): item \(index + 1) is not an object") }
            if item["episode_id"] != nil {
                guard item["title"] is String else { throw .invalidSWAPI("\(name): film \(index + 1) has no title") }
                items.films.append(item)
            } else if item["climate"] != nil || item["terrain"] != nil {
                guard item["name"] is String else { throw .invalidSWAPI("\(name): planet \(index + 1) has no name") }
                items.planets.append(item)
            } else if item["birth_year"] != nil || item["height"] != nil || item["homeworld"] != nil {
                guard item["name"] is String else { throw .invalidSWAPI("\(name): person \(index + 1) has no name") }
                items.people.append(item)
            } else {
                throw .invalidSWAPI("\(name): item \(index + 1) is not a person, a planet or a film")
            }
        }
    }

    /// The number at the end of a SWAPI URL: ".../planets/8/" → 8.
    static func id(fromURL value: Any?) -> Int? {
        guard let url = value as? String else { return nil }
        return url.split(separator: "/").last.flatMap { Int($0) }
    }

    static func text(_ item: [String: Any], _ key: String) -> String {
        if let s = item[key] as? String { return s.isEmpty ? "unknown" : s }
        if let n = item[key] as? NSNumber { return n.stringValue }
        return "unknown"
    }

    /// Merges: films by episode, planets and people by name (ignoring case), updating what
    /// matches and adding the rest with new ids.
    ///
    /// Linear in the size of the catalogue and the import: every match goes through a dictionary
    /// built once, and new ids continue from a running maximum. (Scanning the catalogue for each
    /// person made 4,000 people take 15 times as long as 1,000; `folio-bench swapi` compares them.)
    public static func merge(_ items: Items, into catalogue: inout Catalogue) -> Summary {
        var summary = Summary()
        var appearanceIndex = Dictionary(catalogue.appearances.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Films: SWAPI's film ids are Folio's, so links to them resolve by id.
        var filmIDs: [Int: String] = [:]
        for item in items.films {
            let episode = (item["episode_id"] as? NSNumber)?.intValue ?? 0
            let id = catalogue.films.first { $0.episode == episode }?.id ?? id(fromURL: item["url"]).map(String.init) ?? String(episode)
            var film = Appearance(id: id, kind: .film, title: text(item, "title"), episode: episode, story: Double(episode),
                                  released: text(item, "release_date"), director: text(item, "director"), producer: text(item, "producer"),
                                  summary: "")
            if let index = appearanceIndex[id] {
                film.summary = catalogue.appearances[index].summary
                catalogue.appearances[index] = film
                summary.updated += 1
            } else {
                appearanceIndex[id] = catalogue.appearances.count
                catalogue.appearances.append(film)
                summary.added += 1
            }
            if let source = self.id(fromURL: item["url"]) { filmIDs[source] = id }
        }
        // Planets.
        var planetIndex = NameIndex(catalogue.planets.map(\.name))
        var planetIDs: [Int: Int] = [:]
        var nextPlanetID = (catalogue.planets.map(\.id).max() ?? 0) + 1
        for item in items.planets {
            let name = text(item, "name")
            var planet = Planets.from(item, id: 0)
            if let index = planetIndex[name] {
                planet.id = catalogue.planets[index].id
                catalogue.planets[index] = planet
                summary.updated += 1
            } else {
                planet.id = nextPlanetID
                nextPlanetID += 1
                planetIndex[name] = catalogue.planets.count
                catalogue.planets.append(planet)
                summary.added += 1
            }
            if let source = id(fromURL: item["url"]) { planetIDs[source] = planet.id }
        }
        let knownPlanets = Set(catalogue.planets.map(\.id))
        // People, with links through the maps above (or to what the catalogue already has).
        var characterIndex = NameIndex(catalogue.characters.map(\.name))
        var nextCharacterID = (catalogue.characters.map(\.id).max() ?? 0) + 1
        for item in items.people {
            let name = text(item, "name")
            let home = id(fromURL: item["homeworld"]).flatMap { planetIDs[$0] ?? (knownPlanets.contains($0) ? $0 : nil) }
            let films = ((item["films"] as? [Any]) ?? []).compactMap { id(fromURL: $0) }
                .compactMap { filmIDs[$0] ?? (appearanceIndex[String($0)] != nil ? String($0) : nil) }
            let first = films.compactMap { appearanceIndex[$0].map { catalogue.appearances[$0] } }.min { $0.released < $1.released }?.id
            var person = Character(id: 0, name: name, homeworld: home, birthYear: text(item, "birth_year"),
                                   eyeColour: text(item, "eye_color"), hairColour: text(item, "hair_color"),
                                   skinColour: text(item, "skin_color"), height: text(item, "height"), mass: text(item, "mass"),
                                   gender: text(item, "gender"), species: "unknown", firstAppearance: first, order: 1000, films: films,
                                   wiki: "https://starwars.fandom.com/wiki/" + name.replacingOccurrences(of: " ", with: "_"))
            if let index = characterIndex[name] {
                let old = catalogue.characters[index]
                person.id = old.id
                person.species = old.species
                person.wiki = old.wiki
                person.order = old.order
                person.homeworld = person.homeworld ?? old.homeworld
                person.firstAppearance = old.firstAppearance ?? person.firstAppearance
                if person.films.isEmpty { person.films = old.films }
                catalogue.characters[index] = person
                summary.updated += 1
            } else {
                person.id = nextCharacterID
                nextCharacterID += 1
                characterIndex[name] = catalogue.characters.count
                catalogue.characters.append(person)
                summary.added += 1
            }
        }
        return summary
    }

    /// Positions in a list by name, ignoring case as `caseInsensitiveCompare` does (so "Luke
    /// Skywalker" finds "luke skywalker"); the first of equal names wins, as a scan would find it.
    struct NameIndex {
        private var positions: [String: Int] = [:]

        init(_ names: [String]) {
            for (position, name) in names.enumerated() where positions[Self.key(name)] == nil {
                positions[Self.key(name)] = position
            }
        }

        static func key(_ name: String) -> String { name.folding(options: .caseInsensitive, locale: nil) }

        subscript(name: String) -> Int? {
            get { positions[Self.key(name)] }
            set { positions[Self.key(name)] = newValue }
        }
    }

    enum Planets {
        static func from(_ item: [String: Any], id: Int) -> Planet {
            Planet(id: id, name: text(item, "name"), climate: text(item, "climate"), terrain: text(item, "terrain"),
                   population: text(item, "population"), diameter: text(item, "diameter"), rotationPeriod: text(item, "rotation_period"),
                   orbitalPeriod: text(item, "orbital_period"), gravity: text(item, "gravity"), surfaceWater: text(item, "surface_water"))
        }
    }
}
