import FolioCore

/// One side of a pair, as it can be heard.
public enum Side: String, Codable, Sendable, CaseIterable {
    case welsh
    case english

    /// The espeak-ng voice that reads the side: `espeak-ng --voices` lists `cy` (Welsh) and
    /// `en-gb` (English, Great Britain), which pronounces the British spellings learners of
    /// Welsh meet alongside it.
    public var voice: String {
        switch self {
        case .welsh: "cy"
        case .english: "en-gb"
        }
    }

    /// "Welsh", "English".
    public var title: String {
        switch self {
        case .welsh: "Welsh"
        case .english: "English"
        }
    }

    /// The language tag of pages and players.
    public var language: String {
        switch self {
        case .welsh: "cy"
        case .english: "en"
        }
    }

    public func text(of pair: Pair) -> String {
        self == .welsh ? pair.welsh : pair.english
    }

    /// The side a request names; anything else is refused with the values allowed.
    public static func named(_ raw: String?) throws(SpeechError) -> Side {
        guard let raw, let side = Side(rawValue: raw) else { throw .unknownSide(String((raw ?? "").prefix(40))) }
        return side
    }
}

/// What to say and in which voice: a side of a pair, on one line, never longer than a side may
/// be. The engine is given the text as one argument, so nothing in it is read as an option.
public struct Utterance: Sendable, Hashable {
    public let side: Side
    public let text: String
    public var voice: String { side.voice }
    /// Whose recording it is (an account's id), when recordings are kept per listener: a shared
    /// one answered in 2.6 ms where a new one took 14–23 ms, which told anyone whether someone
    /// else had heard the words.
    public var listener: String?

    /// A saved side is at most `Pair.maximumSideLength` characters (about half a minute of
    /// speech, 1.3 MB of audio); the same cap here bounds what any one request can have spoken,
    /// whatever the pair it was given.
    public static let maximumLength = Pair.maximumSideLength

    /// The side of `pair` to say. Throws `.nothingToSay` for an empty side, `.tooLong` for one
    /// past the cap.
    public init(pair: Pair, side: Side) throws(SpeechError) {
        let text = Pair.singleLine(side.text(of: pair))
        guard !text.isEmpty else { throw .nothingToSay(side) }
        guard text.count <= Self.maximumLength else { throw .tooLong(side, length: text.count, limit: Self.maximumLength) }
        self.side = side
        self.text = text
    }
}

/// Why a side of a pair cannot be heard.
public enum SpeechError: FolioError, Equatable {
    /// A side that is neither `welsh` nor `english`.
    case unknownSide(String)
    /// The side is empty: there is nothing to say yet.
    case nothingToSay(Side)
    case tooLong(Side, length: Int, limit: Int)
    /// Debian's espeak-ng is not installed (or not where it was looked for).
    case engineMissing(path: String)
    /// The engine ran but gave no sound: it exited with an error, or wrote something that is not a WAV file.
    case engineFailed(String)
    /// The engine took longer than it may, and was stopped.
    case timedOut(seconds: Double)
    /// As many sides are being spoken as the machine allows at once.
    case busy
    /// The folder spoken sides are kept in cannot be written.
    case cacheUnwritable(String)

    public var kind: FolioErrorKind {
        switch self {
        case .unknownSide, .tooLong: .invalidInput
        case .nothingToSay: .notFound
        case .engineMissing, .engineFailed, .timedOut, .cacheUnwritable: .missingData
        case .busy: .rateLimited
        }
    }

    public var code: String {
        switch self {
        case .unknownSide: "invalid_side"
        case .nothingToSay: "nothing_to_say"
        case .tooLong: "text_too_long"
        case .engineMissing: "speech_not_installed"
        case .engineFailed: "speech_failed"
        case .timedOut: "speech_timed_out"
        case .busy: "speech_busy"
        case .cacheUnwritable: "speech_cache_unwritable"
        }
    }

    public var message: String {
        switch self {
        case .unknownSide(let given):
            given.isEmpty ? "Say which side to hear: side=welsh or side=english."
                : "There is no side \"\(given)\" to hear: use welsh or english."
        case .nothingToSay(let side):
            "This pair has no \(side.title) yet, so there is nothing to hear. Fill it in first."
        case .tooLong(let side, let length, let limit):
            "The \(side.title) is \(length) characters long; at most \(limit) can be spoken. Shorten it, or move the detail into the note."
        case .engineMissing(let path):
            "Hearing a pair needs Debian's espeak-ng (looked for at \(path)). Run scripts/setup.sh, or apt-get install espeak-ng."
        case .engineFailed(let reason):
            "The speech engine could not say this (\(reason)). Try again; if it keeps failing, reinstall espeak-ng with scripts/setup.sh."
        case .timedOut(let seconds):
            "The speech engine took longer than \(Self.seconds(seconds)) and was stopped. Try again in a moment."
        case .busy:
            "The server is speaking as many pairs as it can at once. Try again in a moment."
        case .cacheUnwritable(let path):
            "Spoken pairs cannot be kept in \(path). An administrator can make the data directory writable."
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
