import FolioApp
import FolioCore
import FolioStore
import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// The library's change feed as it is sent, JSON and gzip, kept for the current revision.
///
/// `changes?since=0` is the whole library (3.3 MB of JSON for the Shakespeare plays): encoding it
/// and compressing it for every client that keeps a copy would cost far more than reading it
/// once per revision. A client that already holds the current revision's answer gets a 304 on
/// its ETag without the feed being read at all.
final class LibraryChangesCache: Sendable {
    struct Feed: Sendable {
        let revision: Int
        let since: Int
        let json: ByteBuffer
        let gzip: ByteBuffer

        /// Strong validators, one per representation (RFC 9110 §8.8.3): the gzip bytes are not
        /// the JSON bytes.
        func eTag(gzipped: Bool) -> String {
            LibraryChangesCache.eTag(revision: revision, since: since, gzipped: gzipped)
        }
    }

    /// Feeds kept at once, one per `since`: a few clients at different revisions, not a way to
    /// fill memory by asking for every `since` in turn.
    static var capacity: Int { 4 }

    private let store: any LibraryStore
    private let feeds = Mutex<[Int: Feed]>([:])

    init(store: any LibraryStore) {
        self.store = store
    }

    static func eTag(revision: Int, since: Int, gzipped: Bool) -> String {
        "\"library-\(revision)-since-\(since)\(gzipped ? "-gzip" : "")\""
    }

    /// The library's revision now, to answer If-None-Match without reading the feed.
    func revision() async throws -> Int {
        try await store.libraryRevision()
    }

    /// The feed after `since` at `revision` (the current one), read and compressed once.
    func feed(since: Int, revision: Int) async throws -> Feed {
        if let kept = feeds.withLock({ $0[since] }), kept.revision >= revision {
            return kept
        }
        let changes = try await store.libraryChanges(since: since)
        let json = ByteBuffer(bytes: try JSONEncoder.folio().encode(changes))
        let feed = Feed(revision: changes.latestUpdateCount, since: since, json: json,
                        gzip: try Gzip.compress(json, level: .defaultCompressionLevel))
        feeds.withLock { feeds in
            feeds = feeds.filter { $0.value.revision >= feed.revision }
            if feeds[since] == nil, feeds.count >= Self.capacity, let oldest = feeds.min(by: { $0.value.revision < $1.value.revision }) {
                feeds[oldest.key] = nil
            }
            if (feeds[since]?.revision ?? -1) <= feed.revision { feeds[since] = feed }
        }
        return feed
    }
}
