import Foundation

/// Reads JSON text and reports the first object whose keys are not in strictly increasing order,
/// which `JSONSerialization` and `JSONDecoder` cannot see (they forget the order). Folio's answers
/// promise sorted keys so two runs can be compared byte for byte.
public enum JSONKeyOrder {
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// Nil when every object in `data` has sorted keys; the offending keys otherwise.
    public static func firstUnsorted(in data: Data) throws -> String? {
        var reader = Reader(bytes: Array(data))
        let found = try reader.value()
        reader.skipSpace()
        guard reader.position == reader.bytes.count else { throw Problem(description: "text after the JSON value at \(reader.position)") }
        return found
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
        }

        mutating func expect(_ byte: UInt8) throws {
            skipSpace()
            guard position < bytes.count, bytes[position] == byte else {
                throw Problem(description: "expected \(Character(UnicodeScalar(byte))) at \(position)")
            }
            position += 1
        }

        mutating func peek() -> UInt8? {
            skipSpace()
            return position < bytes.count ? bytes[position] : nil
        }

        /// Returns the first unsorted pair of keys found inside the value, if any.
        mutating func value() throws -> String? {
            switch peek() {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): _ = try string(); return nil
            case .some: scalar(); return nil
            case nil: throw Problem(description: "the text ends where a value should be")
            }
        }

        mutating func object() throws -> String? {
            try expect(UInt8(ascii: "{"))
            var previous: [UInt8]?
            var found: String?
            if peek() == UInt8(ascii: "}") { position += 1; return nil }
            while true {
                let key = try string()
                if let previous, found == nil, !previous.lexicographicallyPrecedes(key) {
                    found = "\"\(String(decoding: previous, as: UTF8.self))\" before \"\(String(decoding: key, as: UTF8.self))\""
                }
                previous = key
                try expect(UInt8(ascii: ":"))
                let inner = try value()
                found = found ?? inner
                if peek() == UInt8(ascii: ",") { position += 1; continue }
                try expect(UInt8(ascii: "}"))
                return found
            }
        }

        mutating func array() throws -> String? {
            try expect(UInt8(ascii: "["))
            var found: String?
            if peek() == UInt8(ascii: "]") { position += 1; return nil }
            while true {
                let inner = try value()
                found = found ?? inner
                if peek() == UInt8(ascii: ",") { position += 1; continue }
                try expect(UInt8(ascii: "]"))
                return found
            }
        }

        /// A string's raw bytes between its quotes (escapes kept as written: enough to compare
        /// keys, which are plain names).
        mutating func string() throws -> [UInt8] {
            try expect(UInt8(ascii: "\""))
            let start = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard position < bytes.count else { throw Problem(description: "unterminated string at \(start)") }
            defer { position += 1 }
            return Array(bytes[start..<position])
        }

        /// A number, true, false or null.
        mutating func scalar() {
            while position < bytes.count, !",}] \n\r\t".utf8.contains(bytes[position]) { position += 1 }
        }
    }
}
