import FolioServer
import FolioStore
import FolioTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Every JSON answer has its keys in sorted order, so the same request answers the same bytes on
/// every run, whatever order a dictionary happened to hold its keys in.
@Suite struct StableJSONTests {
    @Test func theCheckerSeesAnUnsortedObject() throws {
        #expect(try JSONKeyOrder.firstUnsorted(in: Data(#"{"a":1,"b":{"c":[{"d":null,"e":"x\"y"}]}}"#.utf8)) == nil)
        #expect(try JSONKeyOrder.firstUnsorted(in: Data(#"{"a":1,"b":[{"e":true,"d":2}]}"#.utf8)) == #""e" before "d""#)
        #expect(try JSONKeyOrder.firstUnsorted(in: Data(#"{"total":1,"items":[]}"#.utf8)) == #""total" before "items""#)
    }

    @Test func answersHaveSortedKeys() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            try await visitor.register("sorted")
            // A grammar is a dictionary: its symbols would come back in a different order in
            // every process if the encoder did not sort them.
            let grammar = ##"{"grammar":{"origin":"#zebra# and #apple#","zebra":["z"],"apple":"a","mango":"m","kiwi":"k"},"count":2,"seed":3}"##
            let pair = #"{"english":"dog","welsh":"ci","tags":["animals"]}"#
            let requests: [(String, HTTPRequest.Method, String?)] = [
                ("/api/v1/monologues?q=raven", .get, nil),
                ("/api/v1/monologues/hamlet-3-1-hamlet-1", .get, nil),
                ("/api/v1/monologues/no-such-monologue", .get, nil),
                ("/api/v1/plots/wheels", .get, nil),
                ("/api/v1/plots/expand", .post, grammar),
                ("/api/v1/characters?limit=3", .get, nil),
                ("/api/v1/vocab/pairs", .post, pair),
                ("/api/v1/vocab/pairs", .get, nil),
                ("/api/v1/favourites", .get, nil),
            ]
            for (uri, method, body) in requests {
                let answer = try await visitor.api(uri, method: method, json: body)
                #expect(answer.status.code < 300 || uri.hasSuffix("no-such-monologue"), "\(uri): \(answer.status)")
                let data = Data(answer.body.utf8)
                #expect(!data.isEmpty, "\(uri)")
                #expect(try JSONKeyOrder.firstUnsorted(in: data) == nil, "\(uri): \(answer.body.prefix(300))")
            }
        }
    }
}
