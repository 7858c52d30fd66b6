#if canImport(CryptoKit)
import CryptoKit
#else
import CLibCrypto
#endif
import Foundation

/// SHA-256 and HMAC-SHA-256 from the system's own cryptography: OpenSSL's libcrypto on Linux,
/// CryptoKit on Apple's systems. Folio needs nothing more (names of cached files, a checksum, session
/// digests, CSRF tokens), and a package that brings its own copy of BoringSSL compiles 369 C files
/// into every fresh build for these two functions.
public enum Digest {
    /// The SHA-256 of some bytes: 32 of them.
    public static func sha256(_ data: some DataProtocol) -> [UInt8] {
        let hasher = SHA256Hasher()
        hasher.update(data)
        return hasher.finalize()
    }

    /// The HMAC-SHA-256 of a message under a key: 32 bytes.
    public static func hmacSHA256(_ message: some DataProtocol, key: some DataProtocol) -> [UInt8] {
        let key = Array(key), message = Array(message)
        #if canImport(CryptoKit)
        return Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
        #else
        var code = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let result = key.withUnsafeBytes { key in
            message.withUnsafeBytes { message in
                code.withUnsafeMutableBufferPointer { code in
                    HMAC(EVP_sha256(), key.baseAddress, Int32(key.count),
                         message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count,
                         code.baseAddress, &length)
                }
            }
        }
        // libcrypto fails here only without memory; a wrong code would be a forged-looking token.
        precondition(result != nil && length == 32, "HMAC-SHA-256 failed in libcrypto")
        return Array(code.prefix(32))
        #endif
    }

    /// Bytes as lower-case hexadecimal.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// A SHA-256 fed a piece at a time, for what is too large to hold at once (a table being copied).
public final class SHA256Hasher {
    #if canImport(CryptoKit)
    private var hash = SHA256()
    #else
    private let context: OpaquePointer
    #endif

    public init() {
        #if !canImport(CryptoKit)
        guard let context = EVP_MD_CTX_new() else { fatalError("libcrypto could not allocate a digest context") }
        precondition(EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1, "SHA-256 failed to start in libcrypto")
        self.context = context
        #endif
    }

    deinit {
        #if !canImport(CryptoKit)
        EVP_MD_CTX_free(context)
        #endif
    }

    public func update(_ data: some DataProtocol) {
        for region in data.regions {
            region.withUnsafeBytes { bytes in
                #if canImport(CryptoKit)
                hash.update(bufferPointer: bytes)
                #else
                precondition(EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1, "SHA-256 failed in libcrypto")
                #endif
            }
        }
    }

    /// The digest of everything given so far. The hasher is spent: update it no more.
    public func finalize() -> [UInt8] {
        #if canImport(CryptoKit)
        return Array(hash.finalize())
        #else
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        precondition(EVP_DigestFinal_ex(context, &digest, &length) == 1 && length == 32, "SHA-256 failed to finish in libcrypto")
        return digest
        #endif
    }
}
