import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the XML catalogue:
///
/// ```xml
/// <catalogue>
///   <appearances>
///     <film id="1" episode="4" title="A New Hope" story="4" released="1977-05-25" director="…" producer="…">One sentence.</film>
///     <series id="clone-wars" title="The Clone Wars" story="2.5" released="2008-10-03">One sentence.</series>
///   </appearances>
///   <planets><planet id="1" name="Tatooine" climate="arid" … /></planets>
///   <characters>
///     <character id="1" name="Luke Skywalker" homeworld="1" birth-year="19BBY" eye-colour="blue" first="1" films="1 2 3 6"
///                wiki="https://starwars.fandom.com/wiki/Luke_Skywalker" … />
///   </characters>
/// </catalogue>
/// ```
///
/// Every error names the line and column: XML that does not parse, a missing or malformed
/// attribute, a duplicate id, a home planet or appearance that is not in the file.
public enum CatalogueReader {
    public static func read(_ data: Data) throws(CharactersError) -> Catalogue {
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.delegate = collector
        parser.shouldResolveExternalEntities = false
        // Some platforms' parsers report success and set an error: both mean it failed.
        let parsed = parser.parse()
        if let failure = collector.failure { throw failure }
        if !parsed || parser.parserError != nil {
            let reason = (parser.parserError as NSError?).map { Self.describe($0) } ?? "the XML does not parse"
            throw .malformedCatalogue(line: max(1, parser.lineNumber), column: max(1, parser.columnNumber), reason: reason)
        }
        if let open = collector.open.last {
            throw .malformedCatalogue(line: open.line, column: open.column, reason: "<\(open.name)> is never closed")
        }
        guard collector.sawRoot else { throw .malformedCatalogue(line: 1, column: 1, reason: "the root element must be <catalogue>") }
        return try validate(collector)
    }

    /// libxml2's codes for the mistakes a hand-edited file is likely to hold.
    static let reasons: [Int: String] = [
        4: "the file is empty", 5: "the file ends before its elements are closed", 9: "it holds a character XML does not allow",
        23: "a < starts something that is not an element", 26: "it uses an entity XML does not know (write &amp; for &)",
        38: "an attribute has no value in quotes", 39: "an attribute's value is not in quotes", 41: "an attribute is written twice",
        64: "an element is not closed properly", 68: "a name is expected here", 73: "a tag is not closed with >",
        76: "an opening and a closing tag do not match",
    ]

    static func describe(_ error: NSError) -> String {
        reasons[error.code] ?? "the XML does not parse (libxml2 error \(error.code))"
    }

    struct Located<T> {
        let value: T
        let line: Int
        let column: Int
    }

    final class Collector: NSObject, XMLParserDelegate {
        var appearances: [Located<Appearance>] = []
        var planets: [Located<Planet>] = []
        var characters: [Located<Character>] = []
        var failure: CharactersError?
        var sawRoot = false
        var text = ""
        var pendingAppearance: Located<Appearance>?
        /// Elements opened and not yet closed, so a file that stops short is caught.
        var open: [(name: String, line: Int, column: Int)] = []

        func fail(_ parser: XMLParser, _ reason: String) {
            if failure == nil {
                failure = .malformedCatalogue(line: parser.lineNumber, column: parser.columnNumber, reason: reason)
            }
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let a = Attributes(values: attributes, element: name)
            open.append((name, parser.lineNumber, parser.columnNumber))
            do {
                guard sawRoot || name == "catalogue" else { throw Failure("the root element must be <catalogue>, not <\(name)>") }
                switch name {
                case "catalogue":
                    sawRoot = true
                case "appearances", "planets", "characters":
                    guard sawRoot else { throw Failure("<\(name)> must be inside <catalogue>") }
                case "film", "series":
                    let isFilm = name == "film"
                    let appearance = Appearance(
                        id: try a.required("id"), kind: isFilm ? .film : .series, title: try a.required("title"),
                        episode: isFilm ? try a.integer("episode") : nil, story: try a.number("story"), released: try a.required("released"),
                        director: a.optional("director") ?? "", producer: a.optional("producer") ?? "")
                    pendingAppearance = Located(value: appearance, line: parser.lineNumber, column: parser.columnNumber)
                    text = ""
                case "planet":
                    let planet = Planet(
                        id: try a.integer("id"), name: try a.required("name"), climate: a.optional("climate") ?? "unknown",
                        terrain: a.optional("terrain") ?? "unknown", population: a.optional("population") ?? "unknown",
                        diameter: a.optional("diameter") ?? "unknown", rotationPeriod: a.optional("rotation-period") ?? "unknown",
                        orbitalPeriod: a.optional("orbital-period") ?? "unknown", gravity: a.optional("gravity") ?? "unknown",
                        surfaceWater: a.optional("surface-water") ?? "unknown")
                    planets.append(Located(value: planet, line: parser.lineNumber, column: parser.columnNumber))
                case "character":
                    let character = Character(
                        id: try a.integer("id"), name: try a.required("name"),
                        homeworld: a.optional("homeworld") == nil ? nil : try a.integer("homeworld"),
                        birthYear: a.optional("birth-year") ?? "unknown", eyeColour: try a.required("eye-colour"),
                        hairColour: a.optional("hair-colour") ?? "unknown", skinColour: a.optional("skin-colour") ?? "unknown",
                        height: a.optional("height") ?? "unknown", mass: a.optional("mass") ?? "unknown",
                        gender: a.optional("gender") ?? "unknown", species: a.optional("species") ?? "unknown",
                        firstAppearance: try a.required("first"), order: a.optional("order") == nil ? 0 : try a.integer("order"),
                        films: (a.optional("films") ?? "").split(separator: " ").map(String.init), wiki: try a.required("wiki"))
                    characters.append(Located(value: character, line: parser.lineNumber, column: parser.columnNumber))
                default:
                    throw Failure("unknown element <\(name)>")
                }
            } catch let failure as Failure {
                fail(parser, failure.reason)
            } catch {
                fail(parser, "\(error)")
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if open.last?.name == name { open.removeLast() }
            if (name == "film" || name == "series"), var pending = pendingAppearance {
                pending = Located(value: { var a = pending.value; a.summary = text.trimmingCharacters(in: .whitespacesAndNewlines); return a }(),
                                  line: pending.line, column: pending.column)
                appearances.append(pending)
                pendingAppearance = nil
            }
            text = ""
        }
    }

    struct Failure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// An element's attributes, with errors that name the element and the attribute.
    struct Attributes {
        let values: [String: String]
        let element: String

        func optional(_ name: String) -> String? {
            values[name].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }

        func required(_ name: String) throws(Failure) -> String {
            guard let value = optional(name) else { throw Failure("<\(element)> needs a \(name) attribute") }
            return value
        }

        func integer(_ name: String) throws(Failure) -> Int {
            let raw = try required(name)
            guard let value = Int(raw), value >= 0 else { throw Failure("\(name)=\"\(raw)\" on <\(element)> is not a whole number") }
            return value
        }

        func number(_ name: String) throws(Failure) -> Double {
            let raw = try required(name)
            guard let value = Double(raw), value.isFinite else { throw Failure("\(name)=\"\(raw)\" on <\(element)> is not a number") }
            return value
        }
    }

    static func validate(_ c: Collector) throws(CharactersError) -> Catalogue {
        func failure<T>(_ item: Located<T>, _ reason: String) -> CharactersError {
            .malformedCatalogue(line: item.line, column: item.column, reason: reason)
        }
        var appearanceIDs = Set<String>(), planetIDs = Set<Int>(), characterIDs = Set<Int>()
        for item in c.appearances where !appearanceIDs.insert(item.value.id).inserted {
            throw failure(item, "the appearance id \"\(item.value.id)\" is used twice")
        }
        for item in c.planets where !planetIDs.insert(item.value.id).inserted {
            throw failure(item, "the planet id \(item.value.id) is used twice")
        }
        for item in c.characters {
            let character = item.value
            guard characterIDs.insert(character.id).inserted else { throw failure(item, "the character id \(character.id) is used twice") }
            if let home = character.homeworld, !planetIDs.contains(home) {
                throw failure(item, "\(character.name)'s homeworld \(home) is not among the planets")
            }
            if let first = character.firstAppearance, !appearanceIDs.contains(first) {
                throw failure(item, "\(character.name)'s first appearance \"\(first)\" is not among the appearances")
            }
            for film in character.films where !appearanceIDs.contains(film) {
                throw failure(item, "\(character.name) is said to be in the film \"\(film)\", which is not among the appearances")
            }
            guard character.wiki.hasPrefix("https://") else { throw failure(item, "\(character.name)'s wiki link must start with https://") }
        }
        return Catalogue(characters: c.characters.map(\.value), planets: c.planets.map(\.value), appearances: c.appearances.map(\.value))
    }
}
