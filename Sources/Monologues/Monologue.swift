import FolioCore

/// The presumed gender of a role. `any` marks roles the text leaves open (spirits, choruses,
/// people known only by their occupation), which is why a male or female filter also returns them.
public enum Gender: String, Codable, Sendable, CaseIterable, Hashable {
    case male, female, any
}

/// The kind of play a monologue comes from. This describes the play, not the speech:
/// the Porter in Macbeth is funny and still a tragedy monologue.
public enum Tone: String, Codable, Sendable, CaseIterable, Hashable {
    case comedy, tragedy, history
}

/// The finer grouping of the plays, as the corpus files them.
public enum Genre: String, Codable, Sendable, CaseIterable, Hashable {
    case comedies, histories, problems, roman, romances, tragedies

    /// Problem plays and romances are played as comedies; the Roman plays as tragedies.
    public var tone: Tone {
        switch self {
        case .comedies, .problems, .romances: .comedy
        case .tragedies, .roman: .tragedy
        case .histories: .history
        }
    }
}

/// How long a monologue takes to speak: short up to a minute, medium up to two, long beyond.
public enum Length: String, Codable, Sendable, CaseIterable, Hashable {
    case short, medium, long

    public init(seconds: Int) {
        self = seconds <= 60 ? .short : (seconds <= 120 ? .medium : .long)
    }
}

/// One speech an actor could take to an audition.
public struct Monologue: Codable, Sendable, Hashable, Identifiable {
    /// Derived from play, act, scene, speaker and position: identical after every re-import.
    public var id: String
    /// The play and a two-digit number in play order: "Hamlet 07".
    public var title: String
    /// The title with a leading article moved to the end of the play name: "Tempest, The 03".
    public var sortTitle: String
    public var play: String
    /// The speaker in display case: "Lady Macbeth".
    public var character: String
    public var gender: Gender
    public var tone: Tone
    public var genre: Genre
    /// 0 for prologues, epilogues and inductions that stand outside the acts.
    public var act: Int
    public var scene: Int
    public var location: String
    public var notes: String
    /// Line breaks kept; stage directions and the interjections of others in [brackets].
    public var text: String
    public var wordCount: Int
    public var lineCount: Int
    public var seconds: Int
    public var length: Length
    public var verse: Bool
    public var tags: [String]
    /// The id of the whole interrupted speech this piece was split from, kept beside it as its
    /// longer cut; nil for every other monologue. Optional in the encoding, so what was written
    /// before pieces were split off still reads.
    public var longerCut: String?

    public init(id: String, title: String, sortTitle: String, play: String, character: String,
                gender: Gender, tone: Tone, genre: Genre, act: Int, scene: Int, location: String,
                notes: String, text: String, wordCount: Int, lineCount: Int, seconds: Int,
                length: Length, verse: Bool, tags: [String], longerCut: String? = nil) {
        self.id = id
        self.title = title
        self.sortTitle = sortTitle
        self.play = play
        self.character = character
        self.gender = gender
        self.tone = tone
        self.genre = genre
        self.act = act
        self.scene = scene
        self.location = location
        self.notes = notes
        self.text = text
        self.wordCount = wordCount
        self.lineCount = lineCount
        self.seconds = seconds
        self.length = length
        self.verse = verse
        self.tags = tags
        self.longerCut = longerCut
    }
}

extension Monologue {
    /// The first line the speaker says: how actors know a speech, beside its title.
    public var firstLine: String {
        spokenText.split(separator: "\n").first { $0 != "/" }.map(String.init) ?? ""
    }

    /// The speech as actors name it, by who speaks and how it begins: "Juliet: “Gallop apace,
    /// you fiery-footed steeds…”". Page headings and titles use it; "Romeo and Juliet 55" said
    /// neither.
    public var speechName: String {
        let line = firstLine.drop { $0 == " " }
        guard line.count > Self.openingLength else { return "\(character): “\(line)”" }
        let cut = line.prefix(Self.openingLength)
        var atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        while let last = atWord.last, " ,;:.".contains(last) { atWord = atWord.dropLast() }
        return "\(character): “\(atWord)…”"
    }

    static let openingLength = 48

    /// "Act II, Scene 1", "Prologue or epilogue", "Induction, Scene 2".
    public var actScene: String {
        if act == 0 { return scene == 0 ? "Prologue or epilogue" : "Induction, Scene \(scene)" }
        return scene == 0 ? "Act \(MonologueExtractor.roman(act)), Prologue" : "Act \(MonologueExtractor.roman(act)), Scene \(scene)"
    }

    /// The speaker's own words: the text without the bracketed stage directions and
    /// interjections, which search and word counts leave out.
    public var spokenText: String {
        var text = text
        return text.withUTF8 { bytes in
            // A line that opens with "[" is a direction. Most speeches have none of their own,
            // and then the text is its own spoken text. Lines are cut at "\n" alone, as the
            // parser writes them.
            var kept: [UInt8] = []
            var lineStart = 0, anyDropped = false
            for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x0A {
                if lineStart < bytes.count, bytes[lineStart] == 0x5B, lineStart < end {
                    if !anyDropped {
                        anyDropped = true
                        kept.reserveCapacity(bytes.count)
                        // The lines before this one, each with the "\n" that ends it.
                        kept.append(contentsOf: bytes[0..<lineStart])
                    }
                } else if anyDropped {
                    kept.append(contentsOf: bytes[lineStart..<end])
                    kept.append(0x0A)
                }
                lineStart = end + 1
            }
            guard anyDropped else { return String(decoding: bytes, as: UTF8.self) }
            if kept.last == 0x0A { kept.removeLast() }
            return String(decoding: kept, as: UTF8.self)
        }
    }
}

extension Monologue {
    /// The same monologue with another text: word and line counts, timing and length follow it.
    /// A line holding only "/" marks a beat and is not spoken.
    public func withText(_ newText: String, wordsPerMinute: Double = ExtractionRules.standard.wordsPerMinute) -> Monologue {
        var m = self
        m.text = newText
        // Lines cut at the "\n" byte (texts keep "\n" alone: an edit's CRLF is made "\n" when
        // saved), not by Characters: a page of 20 edited favourites spent 11% of its time here.
        var words = 0, lines = 0
        for line in m.spokenText.utf8.split(separator: 0x0A) where !(line.count == 1 && line.first == 0x2F) {
            lines += 1
            words += WordTokenizer.wordCount(Substring(line))
        }
        m.wordCount = words
        m.lineCount = lines
        m.seconds = Int((Double(m.wordCount) * 60 / wordsPerMinute).rounded())
        m.length = Length(seconds: m.seconds)
        return m
    }
}
