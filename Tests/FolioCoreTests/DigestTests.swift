import Foundation
import Testing
@testable import FolioDigest

/// Published answers: FIPS 180-2's examples for SHA-256 and RFC 4231's test cases for HMAC-SHA-256.
/// Session digests, CSRF tokens and the speech cache's file names all depend on these being exact.
struct DigestTests {
    @Test func sha256OfPublishedExamples() {
        #expect(Digest.hex(Digest.sha256(Data("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Digest.hex(Digest.sha256(Data())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Digest.hex(Digest.sha256(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func aHasherFedInPiecesAgreesWithOneCall() {
        let text = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let hasher = SHA256Hasher()
        var start = 0
        for size in [0, 1, 63, 64, 65, 1000, 8807] {
            hasher.update(text[start ..< start + size])
            start += size
        }
        #expect(start == text.count)
        #expect(hasher.finalize() == Digest.sha256(text))
    }

    @Test func hmacOfPublishedCases() {
        // RFC 4231, test case 2: a key shorter than the block.
        #expect(Digest.hex(Digest.hmacSHA256(Data("what do ya want for nothing?".utf8), key: Data("Jefe".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // RFC 4231, test case 6: a key longer than the block, which is hashed first.
        #expect(Digest.hex(Digest.hmacSHA256(Data("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                                             key: [UInt8](repeating: 0xaa, count: 131)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }
}
