import FolioCore
import Foundation

/// The catalogue's planet, where SWAPI's own `Planet` shape would hide it.
public typealias CataloguePlanet = Planet

/// The catalogue in SWAPI's shapes (https://swapi.dev/documentation): snake_case field names,
/// every value a string (but `episode_id`), links as absolute URLs, lists in pages of ten. Built
/// from a base such as `http://127.0.0.1:8080/swapi/`, so clients pointed at Folio follow links
/// back to it.
public struct SWAPI: Sendable {
    public static let pageSize = 10
    /// When the catalogue's records were made, as SWAPI stamps `created` and `edited`.
    public static let stamp = "2026-11-01T00:00:00.000000Z"

    public let catalogue: Catalogue
    /// Ends with a slash: "http://127.0.0.1:8080/swapi/".
    public let base: String

    public init(catalogue: Catalogue, base: String) {
        self.catalogue = catalogue
        self.base = base.hasSuffix("/") ? base : base + "/"
    }

    public struct Person: Codable, Sendable, Equatable {
        public let name, height, mass, hair_color, skin_color, eye_color, birth_year, gender, homeworld: String
        public let films, species, vehicles, starships: [String]
        public let created, edited, url: String
    }

    public struct Planet: Codable, Sendable, Equatable {
        public let name, rotation_period, orbital_period, diameter, climate, gravity, terrain, surface_water, population: String
        public let residents, films: [String]
        public let created, edited, url: String
    }

    public struct Film: Codable, Sendable, Equatable {
        public let title: String
        public let episode_id: Int
        public let opening_crawl, director, producer, release_date: String
        public let characters, planets, starships, vehicles, species: [String]
        public let created, edited, url: String
    }

    public struct Page<T: Codable & Sendable>: Codable, Sendable {
        public let count: Int
        public let next: String?
        public let previous: String?
        public let results: [T]

        enum CodingKeys: String, CodingKey { case count, next, previous, results }

        /// `next` and `previous` are written as null at the ends, as clients read them.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(count, forKey: .count)
            try container.encode(next, forKey: .next)
            try container.encode(previous, forKey: .previous)
            try container.encode(results, forKey: .results)
        }
    }

    func url(_ kind: String, _ id: CustomStringConvertible) -> String { "\(base)\(kind)/\(id)/" }

    public func person(_ c: Character) -> Person {
        Person(name: c.name, height: c.height, mass: c.mass, hair_color: c.hairColour, skin_color: c.skinColour,
               eye_color: c.eyeColour, birth_year: c.birthYear, gender: c.gender,
               homeworld: c.homeworld.map { url("planets", $0) } ?? "",
               films: c.films.filter { catalogue.appearance($0)?.kind == .film }.map { url("films", $0) },
               species: [], vehicles: [], starships: [], created: Self.stamp, edited: Self.stamp, url: url("people", c.id))
    }

    public func planet(_ p: CataloguePlanet) -> Planet {
        let residents = catalogue.characters.filter { $0.homeworld == p.id }
        let films = catalogue.films.filter { film in residents.contains { $0.films.contains(film.id) } }
        return Planet(name: p.name, rotation_period: p.rotationPeriod, orbital_period: p.orbitalPeriod, diameter: p.diameter,
                      climate: p.climate, gravity: p.gravity, terrain: p.terrain, surface_water: p.surfaceWater,
                      population: p.population, residents: residents.map { url("people", $0.id) },
                      films: films.map { url("films", $0.id) }, created: Self.stamp, edited: Self.stamp, url: url("planets", p.id))
    }

    public func film(_ f: Appearance) -> Film {
        let cast = catalogue.characters.filter { $0.films.contains(f.id) }
        let planets = Set(cast.compactMap(\.homeworld)).sorted()
        return Film(title: f.title, episode_id: f.episode ?? 0, opening_crawl: f.summary, director: f.director, producer: f.producer,
                    release_date: f.released, characters: cast.map { url("people", $0.id) }, planets: planets.map { url("planets", $0) },
                    starships: [], vehicles: [], species: [], created: Self.stamp, edited: Self.stamp, url: url("films", f.id))
    }

    public func people(search: String?, page: String?) throws(CharactersError) -> Page<Person> {
        let matching = catalogue.characters.sorted { $0.id < $1.id }.filter { Self.matches($0.name, search) }
        return try Self.page(matching.map(person), kind: "people", base: base, search: search, page: page)
    }

    public func planets(search: String?, page: String?) throws(CharactersError) -> Page<Planet> {
        let matching = catalogue.planets.sorted { $0.id < $1.id }.filter { Self.matches($0.name, search) }
        return try Self.page(matching.map(planet), kind: "planets", base: base, search: search, page: page)
    }

    public func films(search: String?, page: String?) throws(CharactersError) -> Page<Film> {
        let matching = catalogue.films.sorted { Int($0.id) ?? 0 < Int($1.id) ?? 0 }.filter { Self.matches($0.title, search) }
        return try Self.page(matching.map(film), kind: "films", base: base, search: search, page: page)
    }

    public func person(id: String) throws(CharactersError) -> Person {
        guard let n = Int(id), let c = catalogue.character(n) else { throw .notFound(kind: "person", id: String(id.prefix(20))) }
        return person(c)
    }

    public func planet(id: String) throws(CharactersError) -> Planet {
        guard let n = Int(id), let p = catalogue.planet(n) else { throw .notFound(kind: "planet", id: String(id.prefix(20))) }
        return planet(p)
    }

    public func film(id: String) throws(CharactersError) -> Film {
        guard let f = catalogue.appearance(id), f.kind == .film else { throw .notFound(kind: "film", id: String(id.prefix(20))) }
        return film(f)
    }

    /// SWAPI's search: the name contains the text, ignoring case (and, here, accents too).
    static func matches(_ name: String, _ search: String?) -> Bool {
        guard let search, !search.isEmpty else { return true }
        return TextFolding.fold(name).contains(TextFolding.fold(search))
    }

    /// One page of ten. Page 1 of nothing is an empty page; any other page past the end, or a
    /// page that is not a number, is not found, as SWAPI answers.
    static func page<T>(_ all: [T], kind: String, base: String, search: String?, page raw: String?) throws(CharactersError) -> Page<T> {
        let number: Int
        if let raw, !raw.isEmpty {
            guard let n = Int(raw), n >= 1 else { throw .invalidPage(String(raw.prefix(20))) }
            number = n
        } else {
            number = 1
        }
        let pages = max(1, (all.count + pageSize - 1) / pageSize)
        guard number <= pages else { throw .invalidPage(String(number)) }
        func link(_ n: Int) -> String {
            var query: [String] = []
            if let search, !search.isEmpty {
                query.append("search=" + (search.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
            }
            query.append("page=\(n)")
            return "\(base)\(kind)/?" + query.joined(separator: "&")
        }
        let slice = Array(all.dropFirst((number - 1) * pageSize).prefix(pageSize))
        return Page(count: all.count, next: number < pages ? link(number + 1) : nil, previous: number > 1 ? link(number - 1) : nil,
                    results: slice)
    }
}
