/// A play as the parser reads it: scenes in order, each a run of speeches and stage directions.
/// It keeps what the text says and nothing derived, so extraction rules can change without
/// touching the parser.
public struct PlayScript: Sendable, Hashable {
    /// The corpus file's name without extension: "romeo-and-juliet". Part of every monologue id.
    public var slug: String
    /// Display title: "Romeo and Juliet".
    public var title: String
    public var genre: Genre
    public var scenes: [SceneScript]
    /// Oddities the parser worked around, for the importer to report.
    public var warnings: [String]

    public init(slug: String, title: String, genre: Genre, scenes: [SceneScript], warnings: [String] = []) {
        self.slug = slug
        self.title = title
        self.genre = genre
        self.scenes = scenes
        self.warnings = warnings
    }
}

/// Which part of the play a scene belongs to.
public enum SceneKind: String, Sendable, Hashable {
    /// An ordinary numbered scene.
    case scene
    /// A prologue or chorus, before the play or before an act.
    case prologue
    /// An epilogue after the last act.
    case epilogue
    /// The Shrew's induction: scenes that stand before Act I.
    case induction
}

public struct SceneScript: Sendable, Hashable {
    public var kind: SceneKind
    /// 0 outside the acts.
    public var act: Int
    /// 0 for prologues, choruses and epilogues.
    public var scene: Int
    /// The place, from the heading: "Elsinore. A platform before the castle." Empty when not given.
    public var location: String
    public var events: [ScriptEvent]

    public init(kind: SceneKind, act: Int, scene: Int, location: String, events: [ScriptEvent] = []) {
        self.kind = kind
        self.act = act
        self.scene = scene
        self.location = location
        self.events = events
    }

    public var speeches: [Speech] {
        events.compactMap { if case .speech(let s) = $0 { s } else { nil } }
    }
}

public enum ScriptEvent: Sendable, Hashable {
    /// A stage direction between speeches.
    case direction(String)
    case speech(Speech)
}

/// Everything one speaker label introduces, up to the next label or heading.
public struct Speech: Sendable, Hashable {
    /// Normalised key: uppercased, typos and aliases resolved, split labels joined. "LADY MACBETH".
    public var speaker: String
    /// True for ALL, BOTH, "X & Y" and crowd labels: never a monologue.
    public var isGroup: Bool
    public var parts: [SpeechPart]

    public init(speaker: String, isGroup: Bool, parts: [SpeechPart] = []) {
        self.speaker = speaker
        self.isGroup = isGroup
        self.parts = parts
    }

    public var lines: [String] {
        parts.compactMap { if case .line(let l) = $0 { l } else { nil } }
    }
}

public enum SpeechPart: Sendable, Hashable {
    /// A spoken line as printed.
    case line(String)
    /// A stage direction inside the speech: the speech goes on after it.
    case direction(String)
}
