import FolioCore
import Foundation

/// The rules that decide what counts as a monologue.
public struct ExtractionRules: Sendable, Hashable {
    /// A speech of at least this many spoken words is a monologue.
    public var minimumWords: Int
    /// Speaking pace for `seconds` and `length`.
    public var wordsPerMinute: Double
    /// An interruption this short (one speech, at most this many words) between two parts of one
    /// speaker's speech is kept inside it in [brackets] rather than ending it.
    public var interjectionMaxWords: Int
    /// Each part around a kept interjection must have at least this many words; two short
    /// exchanges are a dialogue, not an interrupted speech.
    public var interruptedPartMinWords: Int

    public init(minimumWords: Int = 80, wordsPerMinute: Double = 150, interjectionMaxWords: Int = 12,
                interruptedPartMinWords: Int = 25) {
        self.minimumWords = minimumWords
        self.wordsPerMinute = wordsPerMinute
        self.interjectionMaxWords = interjectionMaxWords
        self.interruptedPartMinWords = interruptedPartMinWords
    }

    public static let standard = ExtractionRules()
}

/// Turns parsed plays into monologues with every field filled in.
public struct MonologueExtractor: Sendable {
    public var rules: ExtractionRules

    public init(rules: ExtractionRules = .standard) {
        self.rules = rules
    }

    public func monologues(from play: PlayScript) -> [Monologue] {
        var speakers: Set<String> = []
        for scene in play.scenes {
            for speech in scene.speeches where !speech.isGroup { speakers.insert(speech.speaker) }
        }
        let stage = StagePresence(speakers: speakers)
        var result: [Monologue] = []
        // Title number per monologue, in play order.
        var numbers: [Int] = []
        for scene in play.scenes {
            for merged in mergeInterjections(turns(in: scene, stage: stage))
            where !merged.turn.isGroup && merged.turn.spokenWords >= rules.minimumWords {
                let joined = monologue(from: merged.turn, scene: scene, play: play)
                result.append(joined)
                numbers.append((numbers.last ?? 0) + 1)
                if let part = merged.piece {
                    var piece = monologue(from: part, scene: scene, play: play)
                    piece.longerCut = joined.id
                    result.append(piece)
                    // The piece shares its longer cut's number rather than taking the next one:
                    // both stand at the same place in the play, and every title after it stays
                    // as it was before pieces were split off, so a re-import changes nothing else.
                    numbers.append(numbers.last!)
                }
            }
        }
        let sortPlay = Self.sortTitle(play.title)
        for i in result.indices {
            let number = String(format: "%02d", numbers[i])
            result[i].title = "\(play.title) \(number)"
            result[i].sortTitle = "\(sortPlay) \(number)"
        }
        return result
    }

    // MARK: - Turns

    /// One speaker's uninterrupted stretch of a speech, the unit a monologue is made of.
    struct Turn {
        enum Piece { case spoken(String), direction(String), interjection(speaker: String, text: String) }
        var speaker: String
        var isGroup: Bool
        /// The id's position part: the speaker's speech number in the scene, and ".2" for the
        /// soliloquy split off the end of a speech.
        var position: String
        var pieces: [Piece] = []
        var spokenWords = 0
        var alone = false
        /// True when this turn starts where others left the speaker alone mid-speech.
        var startsSoliloquy = false
        var othersOnStage: [String] = []
        /// True when an entrance or exit came between the previous speech and this one: the
        /// situation changed, so this turn never continues the one before.
        var followsDirection = false
        var addressed: String?
        var cue: (speaker: String, line: String)?

        var spokenLines: [String] {
            pieces.compactMap { if case .spoken(let l) = $0 { l } else { nil } }
        }

        /// Continues this turn with `resumed`'s words, `interjection` between them.
        mutating func append(_ resumed: Turn, after interjection: Piece) {
            pieces.append(interjection)
            pieces.append(contentsOf: resumed.pieces)
            spokenWords += resumed.spokenWords
        }
    }

    func turns(in scene: SceneScript, stage: StagePresence) -> [Turn] {
        var presence = stage
        var turns: [Turn] = []
        var ordinals: [String: Int] = [:]
        var lastSpeaker: String?
        var lastLine: (speaker: String, line: String)?
        var directionSinceLastSpeech = false

        for event in scene.events {
            switch event {
            case .direction(let direction):
                presence.apply(direction, lastSpeaker: lastSpeaker)
                directionSinceLastSpeech = true
            case .speech(let speech):
                let wasAlone = turns.last.map { $0.speaker == speech.speaker && $0.alone } ?? false
                if !speech.isGroup { presence.speaks(speech.speaker) }
                ordinals[speech.speaker, default: 0] += 1
                let ordinal = ordinals[speech.speaker]!
                var turn = newTurn(speech.speaker, isGroup: speech.isGroup, position: "\(ordinal)",
                                   presence: presence, lastSpeaker: lastSpeaker, cue: lastLine)
                turn.followsDirection = directionSinceLastSpeech
                directionSinceLastSpeech = false
                // Left alone by the others' exit: a soliloquy begins, whatever came before.
                if turn.alone, !wasAlone, !turns.isEmpty { turn.startsSoliloquy = true }
                var segment = 1
                for part in speech.parts {
                    switch part {
                    case .line(let line):
                        turn.pieces.append(.spoken(line))
                        turn.spokenWords += WordTokenizer.wordCount(Substring(line))
                    case .direction(let direction):
                        let left = presence.apply(direction, lastSpeaker: speech.speaker)
                        let nowAlone = presence.onStage == [speech.speaker]
                        if !left.isEmpty, !left.contains(speech.speaker), nowAlone, turn.spokenWords > 0, !speech.isGroup {
                            // The others have gone: what follows is a soliloquy of its own.
                            let cue = turn.spokenLines.last.map { (speech.speaker, $0) }
                            turns.append(turn)
                            segment += 1
                            turn = newTurn(speech.speaker, isGroup: false, position: "\(ordinal).\(segment)",
                                           presence: presence, lastSpeaker: nil, cue: cue)
                            turn.startsSoliloquy = true
                        } else if !turn.pieces.isEmpty {
                            turn.pieces.append(.direction(direction))
                        }
                    }
                }
                while case .direction = turn.pieces.last { turn.pieces.removeLast() }
                turns.append(turn)
                lastSpeaker = speech.speaker
                if let line = speech.lines.last { lastLine = (speech.speaker, line) }
            }
        }
        return turns
    }

    private func newTurn(_ speaker: String, isGroup: Bool, position: String, presence: StagePresence,
                         lastSpeaker: String?, cue: (speaker: String, line: String)?) -> Turn {
        var turn = Turn(speaker: speaker, isGroup: isGroup, position: position)
        let others = presence.onStage.subtracting([speaker])
        turn.alone = others.isEmpty
        turn.othersOnStage = others.sorted()
        // The one who spoke last is who this answers, if still there; crowds are never on the
        // tracked stage, so a crowd that just spoke counts as present.
        if let last = lastSpeaker, last != speaker, others.contains(last) || SpeakerName.isGroup(last) {
            turn.addressed = last
        }
        if let cue, cue.speaker != speaker || turn.alone { turn.cue = cue }
        return turn
    }

    /// A merged turn, and the piece that begins inside it, if any.
    struct MergedTurn {
        var turn: Turn
        /// From the first resumed part that is a monologue's length by itself to the end of the
        /// turn: a famous speech often starts only after a short exchange ("She should have died
        /// hereafter" follows "The queen, my lord, is dead"), and actors know it from there. The
        /// turn stays whole beside it as its longer cut.
        var piece: Turn?
    }

    /// Joins A – short B – A into one turn of A's with B's words in brackets.
    func mergeInterjections(_ turns: [Turn]) -> [MergedTurn] {
        var result: [MergedTurn] = []
        var i = 0
        while i < turns.count {
            var turn = turns[i]
            var piece: Turn?
            while i + 2 < turns.count {
                let interjection = turns[i + 1], resumed = turns[i + 2]
                guard !turn.isGroup, interjection.speaker != turn.speaker, resumed.speaker == turn.speaker,
                      !resumed.startsSoliloquy, !interjection.followsDirection, !resumed.followsDirection,
                      interjection.spokenWords <= rules.interjectionMaxWords,
                      turn.spokenWords >= rules.interruptedPartMinWords,
                      resumed.spokenWords >= rules.interruptedPartMinWords else { break }
                let words = interjection.spokenLines.joined(separator: " ")
                turn.append(resumed, after: .interjection(speaker: interjection.speaker, text: words))
                if piece != nil {
                    piece!.append(resumed, after: .interjection(speaker: interjection.speaker, text: words))
                } else if resumed.spokenWords >= rules.minimumWords {
                    // Its own cue (the interjection's line), addressee and company come with it.
                    piece = resumed
                }
                i += 2
            }
            result.append(MergedTurn(turn: turn, piece: piece))
            i += 1
        }
        return result
    }

    // MARK: - Fields

    func monologue(from turn: Turn, scene: SceneScript, play: PlayScript) -> Monologue {
        let speakerSlug = SpeakerName.slug(turn.speaker)
        let id = "\(play.slug)-\(scene.act)-\(scene.scene)-\(speakerSlug)-\(turn.position)"
        let character = SpeakerName.displayName(turn.speaker)
        let gender = RoleGender.gender(play: play.slug, speaker: turn.speaker)
        var textLines: [String] = []
        for piece in turn.pieces {
            switch piece {
            case .spoken(let line): textLines.append(line)
            case .direction(let direction): textLines.append("[\(direction)]")
            case .interjection(let speaker, let text):
                textLines.append("[\(SpeakerName.displayName(speaker)): \(text)]")
            }
        }
        let spoken = turn.spokenLines
        let seconds = Int((Double(turn.spokenWords) * 60 / rules.wordsPerMinute).rounded())
        let notes = Self.notes(scene: scene, turn: turn, addressed: turn.addressed)
        return Monologue(
            id: id, title: "", sortTitle: "", play: play.title, character: character, gender: gender,
            tone: play.genre.tone, genre: play.genre, act: scene.act, scene: scene.scene,
            location: scene.location, notes: notes, text: textLines.joined(separator: "\n"),
            wordCount: turn.spokenWords, lineCount: spoken.count, seconds: seconds,
            length: Length(seconds: seconds), verse: Self.isVerse(spoken),
            tags: TagLexicon.tags(play: play.slug, speaker: turn.speaker, gender: gender,
                                  text: spoken.joined(separator: "\n")))
    }

    static func whereInPlay(_ scene: SceneScript) -> String {
        switch scene.kind {
        case .epilogue: return "Epilogue."
        case .induction: return "Induction, Scene \(scene.scene)."
        case .prologue: return scene.act == 0 ? "Prologue." : "Act \(roman(scene.act)), Prologue."
        case .scene: return scene.act == 0 ? "Scene \(scene.scene)." : "Act \(roman(scene.act)), Scene \(scene.scene)."
        }
    }

    static func notes(scene: SceneScript, turn: Turn, addressed: String?) -> String {
        var parts = [whereInPlay(scene)]
        if !scene.location.isEmpty {
            parts.append(scene.location.hasSuffix(".") ? scene.location : scene.location + ".")
        }
        let names = { (keys: [String]) -> String in
            let shown = keys.prefix(6).map(SpeakerName.displayName)
            let list = shown.count > 1 ? shown.dropLast().joined(separator: ", ") + " and " + shown.last! : shown.joined()
            return keys.count > 6 ? list + " and others" : list
        }
        if turn.alone || turn.startsSoliloquy {
            parts.append("Alone on stage.")
        } else if let addressed {
            let others = turn.othersOnStage.filter { $0 != addressed }
            parts.append("Speaking to \(SpeakerName.displayName(addressed))" + (others.isEmpty ? "." : "; \(names(others)) also on stage."))
        } else if !turn.othersOnStage.isEmpty {
            parts.append("On stage: \(names(turn.othersOnStage)).")
        }
        if let cue = turn.cue {
            let who = cue.speaker == turn.speaker ? "own line" : SpeakerName.displayName(cue.speaker)
            parts.append("Cue (\(who)): \u{201C}\(cue.line)\u{201D}")
        }
        return parts.joined(separator: " ")
    }

    /// Verse lines begin with a capital; prose runs on, so its wrapped lines mostly do not.
    static func isVerse(_ lines: [String]) -> Bool {
        let rest = lines.dropFirst()
        guard !rest.isEmpty else { return true }
        let capitalised = rest.filter { line in line.first(where: { $0.isLetter })?.isUppercase ?? false }.count
        return Double(capitalised) / Double(rest.count) >= 0.6
    }

    public static func roman(_ n: Int) -> String {
        let table: [(Int, String)] = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var n = n, out = ""
        for (value, numeral) in table {
            while n >= value { out += numeral; n -= value }
        }
        return out
    }

    /// "The Tempest" → "Tempest, The"; a leading article would put every such play under T or A.
    static func sortTitle(_ title: String) -> String {
        for article in ["The ", "A ", "An "] where title.hasPrefix(article) {
            return String(title.dropFirst(article.count)) + ", " + article.trimmingCharacters(in: .whitespaces)
        }
        return title
    }
}
