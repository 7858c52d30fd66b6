import CompressNIO
import FolioApp
import FolioCore
import FolioDigest
import Foundation
import Ghost
import NIOCore
import Synchronization

/// Each named dictionary as a device downloads it to play Ghost without a connection: its
/// counting words at the shortest minimum length, front-coded (`WordList.frontCoded`), plain and
/// gzipped. Made once a dictionary, on the Ghost dictionaries' work runner (Dutch's 344,230
/// words take about a second), and kept: every device asks for the same bytes, and one that has
/// them already gets a 304 on its ETag.
final class GhostWordPacks: Sendable {
    struct Pack: Sendable {
        let plain: ByteBuffer
        let gzip: ByteBuffer
        let words: Int
        /// One per representation (RFC 9110 §8.8.3).
        func eTag(gzipped: Bool) -> String {
            "\"\(digest)\(gzipped ? "-gzip" : "")\""
        }
        let digest: String
    }

    private let dictionaries: GhostDictionaries
    private let packs = Mutex<[GhostDictionary: Task<Pack, any Error>]>([:])

    init(dictionaries: GhostDictionaries) {
        self.dictionaries = dictionaries
    }

    func pack(_ dictionary: GhostDictionary) async throws -> Pack {
        let task = packs.withLock { packs in
            if let made = packs[dictionary] { return made }
            let task = Task { [dictionaries] in
                let words = try await dictionaries.prepared(dictionary, minimumLength: WordList.allowedMinimumLengths.lowerBound, variant: .ghost).words
                return try await dictionaries.builds.run { _ in
                    let text = ByteBuffer(string: words.frontCoded)
                    return Pack(plain: text, gzip: try Gzip.compress(text, level: .bestCompression), words: words.wordCount,
                                digest: Digest.hex(Digest.sha256(Data(text.readableBytesView)).prefix(12)))
                }
            }
            packs[dictionary] = task
            return task
        }
        do {
            return try await task.value
        } catch {
            // A list missing now may be installed later: the next request tries again.
            packs.withLock { if $0[dictionary] == task { $0[dictionary] = nil } }
            throw error
        }
    }
}
