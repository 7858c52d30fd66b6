import Foundation
import Ghost
import Synchronization

/// The uploaded word lists games are being played on, read from the store when a game on one
/// is first seen (`GhostReferee` loads it before refereeing starts) and kept for the moves that
/// follow. At most `capacity` lists are kept: a list may hold 150,000 words and its Superghost
/// index more, so the oldest loaded gives way, and is read again if its game goes on.
public final class UploadedLexicons: Sendable {
    struct Key: Hashable {
        let list: Int64
        let minimumLength: Int
        let variant: Rules.Variant
    }

    struct Entry {
        let lexicon: Lexicon
        let name: String
        let loaded: UInt64
    }

    /// At most `WordListUpload.maximumSuperghostInfixes` infixes each (about 130 MB at worst),
    /// so the lists kept stay near a gigabyte however they are chosen.
    public static let capacity = 8
    private let entries = Mutex<(lists: [Key: Entry], clock: UInt64)>(([:], 0))

    /// The list a match plays on, if it is loaded.
    func lexicon(for match: Match) -> Lexicon? {
        guard let list = match.wordList else { return nil }
        return entries.withLock { $0.lists[Key(list: list, minimumLength: match.minimumLength, variant: match.rules.variant)]?.lexicon }
    }

    /// The list's name, if loaded for any game.
    func name(of list: Int64) -> String? {
        entries.withLock { state in state.lists.first { $0.key.list == list }?.value.name }
    }

    func isLoaded(_ match: Match) -> Bool { lexicon(for: match) != nil }

    /// Builds and keeps the list's lexicon for games like `match`.
    @discardableResult
    func load(_ list: StoredWordList, for match: Match) throws -> Lexicon {
        if match.rules.variant == .superghost, WordListUpload.infixBound(of: list.words ?? "") > WordListUpload.maximumSuperghostInfixes {
            throw GhostError.wordListTooLargeForSuperghost(limit: WordListUpload.maximumSuperghostInfixes)
        }
        let words = try WordList(text: list.words ?? "", minimumLength: match.minimumLength)
        guard words.wordCount > 0 else { throw GhostError.emptyDictionary }
        let lexicon = Lexicon(words: words, variant: match.rules.variant)
        let key = Key(list: list.id, minimumLength: match.minimumLength, variant: match.rules.variant)
        entries.withLock { state in
            state.clock += 1
            if state.lists.count >= Self.capacity, state.lists[key] == nil,
               let oldest = state.lists.min(by: { $0.value.loaded < $1.value.loaded })?.key {
                state.lists[oldest] = nil
            }
            state.lists[key] = Entry(lexicon: lexicon, name: list.name, loaded: state.clock)
        }
        return lexicon
    }
}
