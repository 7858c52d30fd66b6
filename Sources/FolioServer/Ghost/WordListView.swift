import FolioApp
import FolioCore
import Foundation
import Ghost
import Hummingbird

/// An uploaded word list as the API shows it, and what the upload kept and left out.
struct WordListView: ResponseEncodable, Sendable {
    let id: Int64
    /// What a game's `dictionary` names it by: "list:N".
    let dictionary: String
    let name: String
    let wordCount: Int
    let createdAt: String
    /// On upload only: lines that were not a word of letters a–z, and words that came twice.
    let dropped: Int?
    let repeated: Int?

    init(_ list: StoredWordList, upload: WordListUpload? = nil) {
        id = list.id
        dictionary = DictionaryInput.value(of: list)
        name = list.name
        wordCount = list.wordCount
        createdAt = list.createdAt.formatted(.iso8601)
        dropped = upload?.dropped
        repeated = upload?.repeated
    }
}

struct WordListsView: ResponseEncodable, Sendable {
    let items: [WordListView]
    /// How many lists an account may keep.
    let limit: Int
}
