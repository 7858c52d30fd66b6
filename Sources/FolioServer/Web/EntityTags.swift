import Foundation

/// Entity tags as requests send them, for answers that a client may keep and ask after again.
enum EntityTags {
    /// The entity tags of If-None-Match headers, compared weakly as RFC 9110 §13.1.2 asks: a
    /// `W/` prefix is ignored.
    static func ifNoneMatch(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { tag in
            let trimmed = tag.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
        }
    }
}
