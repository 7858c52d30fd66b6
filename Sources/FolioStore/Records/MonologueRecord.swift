import Foundation
import GRDB
import Monologues

/// A row of `monologue`: the library's copy of one monologue, with the library revision at which
/// it last changed. A monologue that a re-import no longer produces is kept, retired, so that
/// favourites and the changes feed can still name it.
struct MonologueRecord: Codable, Hashable {
    var id: String
    var title: String
    var sortTitle: String
    var play: String
    var character: String
    var gender: String
    var tone: String
    var genre: String
    var act: Int
    var scene: Int
    var location: String
    var notes: String
    var text: String
    var wordCount: Int
    var lineCount: Int
    var seconds: Int
    var length: String
    var verse: Bool
    /// JSON array of strings.
    var tags: String
    /// The id of the monologue this one was split from (`Monologue.longerCut`).
    var longerCut: String?
    var revision: Int
    var retired: Bool
}

extension MonologueRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "monologue"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let revision = Column(CodingKeys.revision)
        static let retired = Column(CodingKeys.retired)
        static let sortTitle = Column(CodingKeys.sortTitle)
    }
}

extension MonologueRecord {
    init(_ m: Monologue, revision: Int, retired: Bool = false) {
        let tagsJSON = (try? JSONEncoder().encode(m.tags)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        self.init(id: m.id, title: m.title, sortTitle: m.sortTitle, play: m.play, character: m.character,
                  gender: m.gender.rawValue, tone: m.tone.rawValue, genre: m.genre.rawValue, act: m.act,
                  scene: m.scene, location: m.location, notes: m.notes, text: m.text, wordCount: m.wordCount,
                  lineCount: m.lineCount, seconds: m.seconds, length: m.length.rawValue, verse: m.verse,
                  tags: tagsJSON, longerCut: m.longerCut, revision: revision, retired: retired)
    }

    /// The monologue this row holds; a row that no longer decodes (edited by hand) is reported, not guessed.
    func monologue() throws -> Monologue {
        guard let gender = Gender(rawValue: gender), let tone = Tone(rawValue: tone),
              let genre = Genre(rawValue: genre), let length = Length(rawValue: length),
              let tags = try? JSONDecoder().decode([String].self, from: Data(tags.utf8)) else {
            throw StoreError.corruptRow(table: Self.databaseTableName, id: id)
        }
        return Monologue(id: id, title: title, sortTitle: sortTitle, play: play, character: character,
                         gender: gender, tone: tone, genre: genre, act: act, scene: scene, location: location,
                         notes: notes, text: text, wordCount: wordCount, lineCount: lineCount, seconds: seconds,
                         length: length, verse: verse, tags: tags, longerCut: longerCut)
    }
}

/// The single row of `library`: the revision count of the monologue library.
struct LibraryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "library"
    var id: Int = 1
    var revision: Int
    var importedAt: Date?
    var source: String?
}
