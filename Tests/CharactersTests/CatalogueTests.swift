import FolioCore
import Foundation
import Testing
@testable import Characters
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct CatalogueTests {
    let catalogue = try! Catalogue.bundled.get()

    @Test func windowsCoverTheListInStoryOrderOnceEach() throws {
        let whole = catalogue.sections().flatMap { section, members in members.map { (section, $0.id) } }
        for size in [1, 7, 10, 50] {
            var walked: [(Section, Int)] = []
            var offset = 0
            while offset < whole.count + size {
                let page = catalogue.sections(offset: offset, limit: size)
                #expect(page.total == whole.count)
                let ids = page.sections.flatMap { section, members in members.map { (section, $0.id) } }
                #expect(ids.count == min(size, max(0, whole.count - offset)), "size \(size) offset \(offset)")
                walked += ids
                offset += size
            }
            #expect(walked.map(\.1) == whole.map(\.1) && walked.map(\.0) == whole.map(\.0), "size \(size)")
        }
        let series = catalogue.sections().first { $0.section == .series }!.characters
        let page = catalogue.sections(in: .series, offset: 1, limit: 2)
        #expect(page.total == series.count && page.sections.count == 1)
        #expect(page.sections[0].characters.map(\.id) == series.dropFirst().prefix(2).map(\.id))
        #expect(catalogue.sections(offset: 10_000, limit: 50).sections.isEmpty)
    }

    @Test func theBundledCatalogueIsWholeAndInStoryOrder() throws {
        #expect(catalogue.characters.count >= 24)
        let sections = catalogue.sections()
        #expect(sections.map(\.section) == [.original, .prequel, .sequel, .series])
        for (_, members) in sections {
            let keys = members.map { (catalogue.appearance($0.firstAppearance)!.story, $0.order) }
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 || ($0.0 == $1.0 && $0.1 <= $1.1) })
        }
        // The first appearance decides the section, and the original trilogy starts where the seed's list did.
        #expect(sections[0].characters.first?.name == "C-3PO")
        #expect(sections[1].characters.map(\.name).prefix(2) == ["Qui-Gon Jinn", "Padmé Amidala"])
        #expect(sections[3].characters.map(\.name) == ["Ahsoka Tano", "Ezra Bridger", "Hera Syndulla", "Din Djarin", "Grogu"])
        for character in catalogue.characters {
            #expect(catalogue.planet(character.homeworld) != nil, "\(character.name)")
            #expect(character.films.allSatisfy { catalogue.appearance($0)?.kind == .film }, "\(character.name)")
            #expect(character.wiki.hasPrefix("https://starwars.fandom.com/wiki/"))
            #expect(!character.eyeColour.isEmpty && !character.birthYear.isEmpty)
        }
        #expect(catalogue.films.map(\.episode) == Array(1...9))
    }

    func error(_ xml: String) -> CharactersError? {
        do {
            _ = try CatalogueReader.read(Data(xml.utf8))
            return nil
        } catch {
            return error
        }
    }

    static let film = #"<appearances><film id="1" episode="4" title="A New Hope" story="4" released="1977-05-25">x</film></appearances>"#
    static let planet = #"<planets><planet id="1" name="Tatooine"/></planets>"#
    static func character(_ attributes: String) -> String {
        "<characters>\n<character \(attributes)/>\n</characters>"
    }
    static let good = #"id="1" name="Luke" homeworld="1" eye-colour="blue" first="1" films="1" wiki="https://starwars.fandom.com/wiki/Luke""#

    @Test func malformedCataloguesNameTheLine() throws {
        let base = "<catalogue>\n\(Self.film)\n\(Self.planet)\n"
        #expect(error(base + Self.character(Self.good) + "\n</catalogue>") == nil)
        let cases: [(String, Int, String)] = [
            (base + "<characters>\n<character \(Self.good)>\n</characters>\n</catalogue>", 7, "ends before"),
            (base + Self.character(#"id="1" name="Luke" homeworld="1" first="1" wiki="https://x""#) + "</catalogue>", 5, "eye-colour"),
            (base + Self.character(Self.good.replacingOccurrences(of: #"homeworld="1""#, with: #"homeworld="9""#)) + "</catalogue>", 5, "homeworld 9"),
            (base + Self.character(Self.good.replacingOccurrences(of: #"first="1""#, with: #"first="7""#)) + "</catalogue>", 5, "first appearance"),
            (base + Self.character(Self.good.replacingOccurrences(of: #"id="1""#, with: #"id="one""#)) + "</catalogue>", 5, "not a whole number"),
            (base + "<characters>\n<character \(Self.good)/>\n<character \(Self.good)/>\n</characters></catalogue>", 6, "used twice"),
            (base + "<villains/>\n</catalogue>", 4, "unknown element"),
        ]
        for (xml, line, words) in cases {
            guard case .malformedCatalogue(let at, _, let reason) = error(xml) else {
                Issue.record("no error for \(xml)")
                continue
            }
            #expect(at == line, "\(reason)")
            #expect(reason.contains(words), "\(reason)")
        }
        #expect(error("not xml at all") != nil)
        #expect(error("<other/>")?.message.contains("<catalogue>") == true)
    }
}

@Suite struct SWAPITests {
    let catalogue = try! Catalogue.bundled.get()
    var swapi: SWAPI { SWAPI(catalogue: catalogue, base: "http://folio.test/swapi") }

    func object(_ value: some Encodable) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as! [String: Any]
    }

    @Test func peopleHaveSWAPIsFieldsAndLinks() throws {
        let luke = try object(try swapi.person(id: "1"))
        #expect(Set(luke.keys) == ["name", "height", "mass", "hair_color", "skin_color", "eye_color", "birth_year", "gender",
                                   "homeworld", "films", "species", "vehicles", "starships", "created", "edited", "url"])
        #expect(luke["name"] as? String == "Luke Skywalker" && luke["birth_year"] as? String == "19BBY" && luke["height"] as? String == "172")
        #expect(luke["url"] as? String == "http://folio.test/swapi/people/1/")
        #expect(luke["homeworld"] as? String == "http://folio.test/swapi/planets/1/")
        #expect((luke["films"] as? [String])?.first == "http://folio.test/swapi/films/1/")
        let tatooine = try object(try swapi.planet(id: "1"))
        #expect(tatooine["name"] as? String == "Tatooine" && tatooine["climate"] as? String == "arid")
        #expect((tatooine["residents"] as? [String])?.contains("http://folio.test/swapi/people/1/") == true)
        let film = try object(try swapi.film(id: "1"))
        #expect(film["episode_id"] as? Int == 4 && film["title"] as? String == "A New Hope" && film["release_date"] as? String == "1977-05-25")
        #expect(throws: CharactersError.self) { try swapi.person(id: "999") }
        #expect(throws: CharactersError.self) { try swapi.film(id: "clone-wars") }
    }

    @Test func pagesOfTenWithSearch() throws {
        let first = try swapi.people(search: nil, page: nil)
        #expect(first.count == catalogue.characters.count && first.results.count == 10)
        #expect(first.previous == nil && first.next == "http://folio.test/swapi/people/?page=2")
        let pages = (catalogue.characters.count + 9) / 10
        let last = try swapi.people(search: nil, page: String(pages))
        #expect(last.next == nil && last.previous == "http://folio.test/swapi/people/?page=\(pages - 1)")
        #expect(try object(last)["next"] is NSNull)
        #expect(throws: CharactersError.invalidPage(String(pages + 1))) { try swapi.people(search: nil, page: String(pages + 1)) }
        #expect(throws: CharactersError.self) { try swapi.people(search: nil, page: "abc") }
        #expect(throws: CharactersError.self) { try swapi.people(search: nil, page: "0") }
        let sky = try swapi.people(search: "SKY", page: nil)
        #expect(sky.results.map(\.name) == ["Luke Skywalker", "Anakin Skywalker"])
        #expect(try swapi.people(search: "padme", page: nil).results.map(\.name) == ["Padmé Amidala"])
        let none = try swapi.people(search: "zzz", page: nil)
        #expect(none.count == 0 && none.results.isEmpty && none.next == nil)
        let a = try swapi.people(search: "a", page: "1")
        if a.count > 10 { #expect(a.next == "http://folio.test/swapi/people/?search=a&page=2") }
        #expect(try swapi.films(search: "hope", page: nil).results.map(\.episode_id) == [4])
    }
}

@Suite struct SWAPIImportTests {
    let people = #"""
        {"count": 2, "next": null, "previous": null, "results": [
        {"name": "Wedge Antilles", "height": "170", "mass": "77", "hair_color": "brown", "skin_color": "fair", "eye_color": "hazel",
         "birth_year": "21BBY", "gender": "male", "homeworld": "https://swapi.dev/api/planets/22/",
         "films": ["https://swapi.dev/api/films/1/", "https://swapi.dev/api/films/2/"], "url": "https://swapi.dev/api/people/18/"},
        {"name": "luke skywalker", "height": "172", "mass": "78", "hair_color": "blond", "skin_color": "fair", "eye_color": "blue",
         "birth_year": "19BBY", "gender": "male", "homeworld": "https://swapi.dev/api/planets/1/", "films": [], "url": "https://swapi.dev/api/people/1/"}
    ]}
    """#
    let planets = #"""
        [{"name": "Corellia", "climate": "temperate", "terrain": "plains", "population": "3000000000", "url": "https://swapi.dev/api/planets/22/"},
                     {"name": "Bespin", "climate": "temperate", "terrain": "gas giant", "population": "6000000", "diameter": 118000, "url": "https://swapi.dev/api/planets/6/"}]
    """#
    let film = #"{"title": "A New Hope", "episode_id": 4, "director": "George Lucas", "producer": "Gary Kurtz", "release_date": "1977-05-25", "url": "https://swapi.dev/api/films/1/"}"#

    @Test func pagesListsAndSingleObjectsMerge() throws {
        var items = SWAPIImport.Items()
        try SWAPIImport.read(Data(people.utf8), name: "people.json", into: &items)
        try SWAPIImport.read(Data(planets.utf8), name: "planets.json", into: &items)
        try SWAPIImport.read(Data(film.utf8), name: "film.json", into: &items)
        var catalogue = try Catalogue.bundled.get()
        let before = catalogue.characters.count
        let summary = SWAPIImport.merge(items, into: &catalogue)
        #expect(summary == .init(added: 2, updated: 3))
        #expect(catalogue.characters.count == before + 1)
        let wedge = try #require(catalogue.characters.first { $0.name == "Wedge Antilles" })
        // SWAPI's planet 22 is Corellia, which the catalogue already has under its own id.
        #expect(catalogue.planet(wedge.homeworld)?.name == "Corellia")
        #expect(wedge.films == ["1", "2"] && wedge.firstAppearance == "1" && catalogue.section(of: wedge) == .original)
        let luke = try #require(catalogue.characters.first { $0.id == 1 })
        #expect(luke.mass == "78" && luke.species == "Human" && luke.films.count == 7)
        #expect(catalogue.planets.first { $0.name == "Bespin" }?.diameter == "118000")
    }

    /// The merge matches names through an index built once: people and planets repeated in any
    /// case within one import update what the import itself added, and new ids carry on from the
    /// highest in use, one each.
    @Test func namesRepeatedInOneImportMatchWhatItAdded() throws {
        let json = #"""
            [{"name": "Generated World", "climate": "arid", "url": "https://swapi.dev/api/planets/900/"},
             {"name": "GENERATED WORLD", "climate": "frozen", "url": "https://swapi.dev/api/planets/901/"},
             {"name": "Ada Vell", "height": "160", "homeworld": "https://swapi.dev/api/planets/900/", "url": "https://swapi.dev/api/people/900/"},
             {"name": "Bo Krin", "height": "170", "url": "https://swapi.dev/api/people/901/"},
             {"name": "ada vell", "height": "161", "url": "https://swapi.dev/api/people/902/"},
             {"name": "LUKE SKYWALKER", "height": "173", "url": "https://swapi.dev/api/people/1/"}]
            """#
        var items = SWAPIImport.Items()
        try SWAPIImport.read(Data(json.utf8), name: "mixed.json", into: &items)
        var catalogue = try Catalogue.bundled.get()
        let highest = catalogue.characters.map(\.id).max()!, highestPlanet = catalogue.planets.map(\.id).max()!
        let summary = SWAPIImport.merge(items, into: &catalogue)
        #expect(summary == .init(added: 3, updated: 3))
        let world = try #require(catalogue.planets.first { $0.name.lowercased() == "generated world" })
        #expect(world.id == highestPlanet + 1 && world.climate == "frozen" && catalogue.planets.filter { $0.id == world.id }.count == 1)
        let ada = catalogue.characters.filter { $0.name.lowercased() == "ada vell" }
        #expect(ada.count == 1 && ada[0].id == highest + 1 && ada[0].height == "161" && ada[0].homeworld == world.id)
        #expect(catalogue.characters.first { $0.name == "Bo Krin" }?.id == highest + 2)
        #expect(catalogue.characters.first { $0.id == 1 }?.height == "173")
        #expect(Set(catalogue.characters.map(\.id)).count == catalogue.characters.count)
    }

    @Test func malformedJSONIsRefused() {
        var items = SWAPIImport.Items()
        for bad in ["{", "42", #"{"results": 5}"#, #"[1, 2]"#, #"[{"name": "x"}]"#, #"[{"episode_id": 4}]"#] {
            #expect(throws: CharactersError.self) { try SWAPIImport.read(Data(bad.utf8), name: "bad.json", into: &items) }
        }
        #expect(items.isEmpty)
    }
}

@Suite struct PortraitTests {
    final class Check: NSObject, XMLParserDelegate {
        var title = ""
        var inTitle = false
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            inTitle = name == "title"
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { if inTitle { title += string } }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) { inTitle = false }
    }

    @Test func portraitsAreWellFormedSameEachTimeAndEscaped() throws {
        let catalogue = try Catalogue.bundled.get()
        for character in catalogue.characters {
            let svg = Portrait.svg(for: character)
            #expect(svg == Portrait.svg(for: character))
            let check = Check()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = check
            #expect(parser.parse(), "\(character.name)")
            #expect(check.title == character.name)
        }
        let odd = Character(id: 99, name: #"<Zam & "Wesell">"#, homeworld: nil, eyeColour: "yellow", firstAppearance: nil)
        let svg = Portrait.svg(for: odd)
        let check = Check()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = check
        #expect(parser.parse())
        #expect(check.title == odd.name)
        #expect(Portrait.initials("Obi-Wan Kenobi") == "OW" && Portrait.initials("R2-D2") == "RD")
        #expect(Portrait.svg(for: catalogue.character(1)!) != Portrait.svg(for: catalogue.character(5)!))
    }

    /// Every element of a portrait, with whether it sits inside the group clipped to the frame.
    final class Elements: NSObject, XMLParserDelegate {
        var all: [(name: String, attributes: [String: String], clipped: Bool)] = []
        var groups: [Bool] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            let clipped = groups.contains(true)
            all.append((name, attributes, clipped))
            if name == "g" { groups.append(attributes["clip-path"] == "url(#frame)") }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "g" { groups.removeLast() }
        }

        static func of(_ svg: String) -> Elements {
            let elements = Elements()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = elements
            _ = parser.parse()
            return elements
        }
    }

    /// WCAG's contrast ratio of two #rrggbb colours.
    static func contrast(_ a: String, _ b: String) -> Double {
        func luminance(_ hex: String) -> Double {
            let value = Int(hex.dropFirst(), radix: 16)!
            func linear(_ byte: Int) -> Double {
                let c = Double(byte) / 255
                return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            let red: Double = linear((value >> 16) & 0xff), green: Double = linear((value >> 8) & 0xff), blue: Double = linear(value & 0xff)
            return 0.2126 * red + 0.7152 * green + 0.0722 * blue
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test func figuresStayInsideTheRingAndInitialsSitOnBlackBeneathIt() throws {
        let catalogue = try Catalogue.bundled.get()
        for character in catalogue.characters {
            let elements = Elements.of(Portrait.svg(for: character)).all
            let number = { (e: (name: String, attributes: [String: String], clipped: Bool), key: String) in Double(e.attributes[key] ?? "0")! }
            // Only the background, the ring, the clip's own circle and the initials' band and text
            // are drawn outside the clipped group: hair, a robe or a droid's body cannot spill out.
            let loose = elements.filter { !$0.clipped && !["svg", "title", "defs", "clipPath", "g"].contains($0.name) }
            #expect(loose.map(\.name) == ["circle", "rect", "circle", "rect", "text"], "\(character.name): \(loose.map(\.name))")
            #expect(elements.contains { $0.clipped } , "\(character.name) draws nothing in the frame")
            let ring = try #require(elements.last { $0.name == "circle" && !$0.clipped })
            let band = try #require(elements.last { $0.name == "rect" })
            let text = try #require(elements.first { $0.name == "text" })
            let ringBottom = number(ring, "cy") + number(ring, "r") + number(ring, "stroke-width") / 2
            let (bandTop, bandBottom) = (number(band, "y"), number(band, "y") + number(band, "height"))
            let (baseline, size) = (number(text, "y"), number(text, "font-size"))
            #expect(ringBottom < bandTop && bandBottom <= 240, "\(character.name): ring \(ringBottom), band \(bandTop)–\(bandBottom)")
            // Capitals rise about 0.75 of the type size above the baseline.
            #expect(bandTop <= baseline - 0.75 * size && baseline <= bandBottom, "\(character.name): text at \(baseline)")
            #expect(size >= 24, "initials large enough to read at full size")
            let ink = try #require(text.attributes["fill"]), paper = try #require(band.attributes["fill"])
            #expect(Self.contrast(ink, paper) >= 4.5, "\(character.name): \(ink) on \(paper)")
        }
        // A thumbnail is the ring alone, square, without initials too small to read.
        let small = Portrait.svg(for: catalogue.character(1)!, small: true)
        let elements = Elements.of(small).all
        #expect(!elements.contains { $0.name == "text" })
        let box = try #require(elements.first?.attributes["viewBox"]).split(separator: " ").compactMap { Double($0) }
        #expect(box.count == 4 && box[2] == box[3] && box[0] >= 0 && box[0] + box[2] <= 240)
    }

    @Test func unknownPlanetsAndFactsReadUnknown() throws {
        var catalogue = try Catalogue.bundled.get()
        catalogue.planets.append(Planet(id: 99, name: "unknown"))
        let nowhere = Character(id: 900, name: "Nobody", homeworld: nil, firstAppearance: nil)
        let placeholder = Character(id: 901, name: "Placeholder", homeworld: 99, firstAppearance: nil)
        let lost = Character(id: 902, name: "Lost", homeworld: 404, firstAppearance: nil)
        for character in [nowhere, placeholder, lost] {
            #expect(catalogue.homePlanetName(of: character) == "Unknown", "\(character.name)")
        }
        #expect(catalogue.homePlanetName(of: catalogue.character(1)!) == "Tatooine")
        #expect(Character.readable("unknown") == "Unknown" && Character.readable(" ") == "Unknown" && Character.readable("UNKNOWN") == "Unknown")
        #expect(Character.readable("19BBY") == "19BBY" && Character.readable("n/a") == "n/a")
    }
}
