import Foundation

/// A favourite as the actor cut it, laid out to be printed, taken into rehearsal or sent to a
/// coach: the facts, the situation and cue the library knows, the running time, the text with
/// its beats, and the actor's own notes.
public struct CutSheet: Sendable, Hashable {
    /// One part of the text, in order.
    public enum Block: Sendable, Hashable {
        /// Lines spoken one after another (stage directions among them, in brackets).
        case lines([String])
        /// A beat the actor marked between two stretches of lines.
        case beat
    }

    public var title: String
    public var character: String
    public var play: String
    /// "Act II, Scene 1", "Prologue or epilogue"…
    public var actScene: String
    /// The library's notes: where the speech stands, who is on stage, its cue.
    public var situation: String
    /// The actor's own notes; empty when they wrote none.
    public var notes: String
    public var blocks: [Block]
    public var wordCount: Int
    public var lineCount: Int
    public var seconds: Int
    /// The uncut speech's running time, when the actor cut it.
    public var originalSeconds: Int?
    public var verse: Bool

    /// - Parameters:
    ///   - edited: the favourite with its edits applied (`Favourite.applied(to:)`).
    ///   - original: the library's monologue, for its own notes and running time.
    public init(edited: Monologue, original: Monologue) {
        title = edited.title
        character = edited.character
        play = edited.play
        actScene = edited.actScene
        situation = original.notes
        notes = edited.notes == original.notes ? "" : edited.notes
        var blocks: [Block] = []
        var current: [String] = []
        for line in edited.text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line == "/" {
                if !current.isEmpty { blocks.append(.lines(current)) }
                current = []
                if !blocks.isEmpty, blocks.last != .beat { blocks.append(.beat) }
            } else {
                current.append(String(line))
            }
        }
        if !current.isEmpty { blocks.append(.lines(current)) }
        if blocks.last == .beat { blocks.removeLast() }
        self.blocks = blocks
        wordCount = edited.wordCount
        lineCount = edited.lineCount
        seconds = edited.seconds
        originalSeconds = edited.text == original.text ? nil : original.seconds
        verse = edited.verse
    }

    /// "1 min 25 s", "45 s", "3 min".
    public static func duration(_ seconds: Int) -> String {
        let minutes = seconds / 60, rest = seconds % 60
        if minutes == 0 { return "\(rest) s" }
        return rest == 0 ? "\(minutes) min" : "\(minutes) min \(rest) s"
    }

    /// "1 min 45 s · 263 words · 32 lines · verse · cut from 2 min 5 s".
    public var timing: String {
        var parts = [Self.duration(seconds), "\(wordCount) words", "\(lineCount) lines", verse ? "verse" : "prose"]
        if let originalSeconds { parts.append("cut from \(Self.duration(originalSeconds))") }
        return parts.joined(separator: " · ")
    }

    /// A name for the downloaded file: "macbeth-16.md".
    public func fileName(extension ext: String) -> String {
        let slug = title.lowercased().unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" }
        let collapsed = String(slug).split(separator: "-", omittingEmptySubsequences: true).joined(separator: "-")
        return (collapsed.isEmpty ? "monologue" : collapsed) + "." + ext
    }

    // MARK: - Text

    /// Markdown (CommonMark): verse lines end in a hard break, a beat is a rule between blank
    /// lines, stage directions are in italics, and anything in the text that Markdown would read
    /// as markup is escaped, so the speech reads the same in any renderer.
    public var markdown: String {
        var out = "# \(Self.escaped(title))\n\n"
        // The place is in the library's notes, quoted next.
        out += "**\(Self.escaped(character))** · *\(Self.escaped(play))* · \(Self.escaped(actScene))\n\n"
        if !situation.isEmpty { out += "> \(Self.escaped(situation))\n\n" }
        out += "Running time: \(timing)\n\n"
        for block in blocks {
            switch block {
            case .beat:
                out += "* * *\n\n"
            case .lines(let lines):
                let rendered = lines.map { line -> String in
                    line.hasPrefix("[") ? "*\(Self.escaped(line))*" : Self.escaped(line)
                }
                // Two trailing spaces: a hard line break that every renderer knows.
                out += rendered.joined(separator: "  \n") + "\n\n"
            }
        }
        if !notes.isEmpty {
            out += "## Notes\n\n"
            out += notes.split(separator: "\n", omittingEmptySubsequences: false).map { Self.escaped(String($0)) }.joined(separator: "  \n")
            out += "\n"
        }
        return out.hasSuffix("\n\n") ? String(out.dropLast()) : out
    }

    /// Plain text, for a message or a notes app: a beat is a line with "~" alone.
    public var plainText: String {
        var parts = [title, "\(character) · \(play) · \(actScene)"]
        if !situation.isEmpty { parts.append(situation) }
        parts.append("Running time: \(timing)")
        var out = parts.joined(separator: "\n") + "\n\n"
        for block in blocks {
            switch block {
            case .beat: out += "~\n\n"
            case .lines(let lines): out += lines.joined(separator: "\n") + "\n\n"
            }
        }
        if !notes.isEmpty { out += "Notes:\n" + notes + "\n" }
        return out.hasSuffix("\n\n") ? String(out.dropLast()) : out
    }

    /// Markdown's own characters escaped where they would act (emphasis, code, links, raw
    /// HTML anywhere; headings, lists and rules at the start of a line), and nowhere else, so
    /// the file still reads as plain verse.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for character in text {
            if "\\`*_[]<>".contains(character) { out.append("\\") }
            out.append(character)
        }
        if let first = out.first, "#+-=|".contains(first) { out.insert("\\", at: out.startIndex) }
        // "1. " or "1) " at the start of a line would begin a numbered list.
        if let mark = out.firstIndex(where: { $0 == "." || $0 == ")" }), !out[..<mark].isEmpty, out[..<mark].allSatisfy(\.isNumber) {
            out.insert("\\", at: mark)
        }
        return out
    }
}
