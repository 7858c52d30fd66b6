import Foundation

/// The tags an actor filters monologues by: who is speaking (character types, from the role) and
/// what the speech does (actions, from its words). Every monologue carries at least one of each.
///
/// Both halves are fixed vocabularies with hand-written lexicons, so a tag means the same thing
/// on every import and can be explained to the person searching. docs/tags.md describes each tag,
/// the rules, the thresholds and how often each tag occurs across the corpus.
enum TagLexicon {
    // MARK: - Vocabulary

    /// Every character type.
    static let characterVocabulary: [String] = CharacterType.allCases.map(\.rawValue)

    /// Every action, in the order the lexicons are scored.
    static let actionVocabulary: [String] = actionLexicons.map(\.tag)

    // MARK: - Tags

    /// Character-type tags for a role: the play's curated entry if it has one, else the words of
    /// the speaker key, else a fallback by gender. Never empty.
    /// - Parameters:
    ///   - play: the corpus slug, e.g. "hamlet", "romeo-and-juliet", "henry-vi-part-1".
    ///   - speaker: the normalised speaker key, e.g. "LADY MACBETH", "FIRST WITCH", "KING HENRY V".
    ///   - gender: the role's gender as `RoleGender` decides it.
    static func characterTags(play: String, speaker: String, gender: Gender) -> [String] {
        if let curated = curatedRoles[play]?[speaker] { return curated }
        var tags: [String] = []
        for word in speaker.split(separator: " ") {
            let word = String(word)
            for tag in roleWords[word] ?? roleWords[singular(word)] ?? [] where !tags.contains(tag) {
                tags.append(tag)
            }
        }
        if !tags.isEmpty { return tags }
        // A people names the role only when no trade or title does: "FRENCH HERALD" is a herald.
        for word in speaker.split(separator: " ") {
            if let tag = peopleWords[singular(String(word))] { return [tag] }
        }
        // A role known only by a trade or a people the word lists miss is open to either gender
        // (see `RoleGender`) and belongs to the town; a named role nobody curated is one of the
        // play's gentry, which is what the unlisted named parts of these plays almost all are.
        return [gender == .any ? "commoner" : "noble"]
    }

    /// Action tags for a speech: one to three, strongest first. Never empty.
    static func actionTags(text: String) -> [String] {
        let scores = actionScores(text: text)
        // Ties go to the earlier action in the vocabulary, so the order never depends on hashing.
        let ranked = scores.indices.sorted {
            scores[$0].standing != scores[$1].standing ? scores[$0].standing > scores[$1].standing : $0 < $1
        }
        let passing = ranked.filter {
            scores[$0].hits >= minimumHits && scores[$0].varied
                && scores[$0].standing >= standingThreshold
        }
        if !passing.isEmpty {
            return passing.prefix(maximumActions).map { actionLexicons[$0].tag }
        }
        // Nothing stands out: take the closest call rather than leave the speech without an action.
        if let best = ranked.first(where: { scores[$0].hits > 0 }) { return [actionLexicons[best].tag] }
        // Without a single cue word (an empty or unreadable text) the speech is taken as a musing.
        return [fallbackAction]
    }

    /// Character types first, then actions, without repeats; at least two tags.
    static func tags(play: String, speaker: String, gender: Gender, text: String) -> [String] {
        var result: [String] = []
        for tag in characterTags(play: play, speaker: speaker, gender: gender) + actionTags(text: text)
        where !result.contains(tag) {
            result.append(tag)
        }
        return result
    }

    // MARK: - Character types: word rules

    /// Words of a speaker key and the types they imply. Titles and trades only; names are curated.
    /// DUKE counts as a ruler because the comedies' dukes govern their cities; the histories' dukes
    /// of places are curated as nobles.
    static let roleWords: [String: [String]] = {
        var table: [String: [String]] = [:]
        for group in LexiconResources.roleWords.roleWords {
            for word in group.words { table[word, default: []].append(group.type.rawValue) }
        }
        return table
    }()

    /// Peoples and nations, for roles known by nothing else ("FIRST FRENCH", "ROMAN"). The Goths,
    /// Volsces and Myrmidons the plays give lines to are all under arms.
    static let peopleWords: [String: String] = LexiconResources.roleWords.peopleWords.mapValues(\.rawValue)

    /// "GHOSTS" → "GHOST", "GENTLEMEN" → "GENTLEMAN".
    private static func singular(_ word: String) -> String {
        if word.hasSuffix("MEN") { return word.dropLast(3) + "MAN" }
        if word.hasSuffix("IEVES") { return word.dropLast(3) + "F" }
        if word.hasSuffix("S"), !word.hasSuffix("SS") { return String(word.dropLast()) }
        return word
    }

    // MARK: - Character types: curated roles

    /// The types of every role with a long speech, play by play, as "play | KEY | types".
    /// An entry replaces the word rules outright, which is how the Player King stays a player and
    /// Gower in Henry V stays a captain rather than Pericles' chorus. At most three types a role,
    /// the defining one first.
    static let curatedRoles: [String: [String: [String]]] = LexiconResources.curatedRoles

    // MARK: - Actions

    /// One action and the words that signal it.
    struct ActionLexicon: Sendable, Decodable {
        let action: SpeechAction
        var tag: String { action.rawValue }
        /// Words and phrases ("i beseech", "once more"), each use counting once. Single words are
        /// written in their plain form and also find their inflections ("revenge" finds "revenges",
        /// "reveng'd", "revenging"); phrases match word for word.
        let cues: [String]
        /// Words and phrases so telling that each use counts double.
        let strongCues: [String]
        /// Pronouns and little words that lean towards the action without deciding it ("we" in a
        /// rallying cry, "he" and "was" in a story): each use counts a quarter.
        let faintCues: [String]
        /// Mean and standard deviation of the cue weight per word over the corpus's monologues.
        let typicalRate: Double
        let spread: Double
    }

    /// A speech's score for one action.
    struct ActionScore: Sendable, Equatable {
        /// Weighted cue count.
        var hits: Double
        /// True when at least two different cues were found: a speech that says "dream" nine times
        /// has one cue, however often.
        var varied: Bool
        /// Standard score of the cue weight per word against the corpus: how far this speech
        /// stands out from the usual for this action.
        var standing: Double
    }

    /// An action is chosen when its cues stand this many standard deviations above the corpus ...
    static let standingThreshold = 1.0
    /// ... and weigh at least this much, from at least two different cues, so that neither one
    /// stray word in a short speech nor one word repeated decides anything.
    static let minimumHits = 3.0
    static let maximumActions = 3
    static let fallbackAction = "reflecting"

    static let actionLexicons: [ActionLexicon] = LexiconResources.actionLexicons

    // MARK: - Scoring

    /// The lexicons as flat tables the scoring loop can walk without allocating, built once.
    struct CompiledLexicons: Sendable {
        /// Every word form the cues use → its number in the tables below.
        var wordIDs: [String: Int] = [:]
        /// The single-word cues of word n are entries singleStart[n] ..< singleStart[n + 1] of
        /// singleAction and singleWeight.
        var singleStart: [Int] = []
        var singleAction: [Int] = []
        var singleWeight: [Double] = []
        /// The phrases starting with word n are entries phraseStart[n] ..< phraseStart[n + 1]: the
        /// words after the first are phraseWords[phraseWordStart[k] ..< phraseWordStart[k + 1]].
        var phraseStart: [Int] = []
        var phraseAction: [Int] = []
        var phraseWeight: [Double] = []
        var phraseWordStart: [Int] = []
        var phraseWords: [Int] = []

        init(_ lexicons: [ActionLexicon]) {
            func id(_ word: String) -> Int {
                if let existing = wordIDs[word] { return existing }
                wordIDs[word] = wordIDs.count
                return wordIDs.count - 1
            }
            var singles: [[(action: Int, weight: Double)]] = []
            var phrases: [[(rest: [Int], action: Int, weight: Double)]] = []
            for (action, lexicon) in lexicons.enumerated() {
                // A cue listed as both plain and strong, or reached as another cue's inflection
                // ("fool" and "fools"), is one cue at the higher weight: no word counts twice.
                var singleWeights: [Int: Double] = [:]
                var phraseWeights: [[Int]: Double] = [:]
                let tiers = [(lexicon.faintCues, 0.25), (lexicon.cues, 1.0), (lexicon.strongCues, 2.0)]
                for (cues, weight) in tiers {
                    for cue in cues {
                        let words = TagLexicon.tokens(cue)
                        if words.count == 1 {
                            for form in TagLexicon.inflections(of: words[0]) {
                                let word = id(form)
                                singleWeights[word] = max(singleWeights[word] ?? 0, weight)
                            }
                        } else if words.count > 1 {
                            let ids = words.map(id)
                            phraseWeights[ids] = max(phraseWeights[ids] ?? 0, weight)
                        }
                    }
                }
                while singles.count < wordIDs.count { singles.append([]) }
                while phrases.count < wordIDs.count { phrases.append([]) }
                for (word, weight) in singleWeights.sorted(by: { $0.key < $1.key }) {
                    singles[word].append((action, weight))
                }
                for (ids, weight) in phraseWeights.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
                    phrases[ids[0]].append((Array(ids.dropFirst()), action, weight))
                }
            }
            for word in singles.indices {
                singleStart.append(singleAction.count)
                for cue in singles[word] {
                    singleAction.append(cue.action)
                    singleWeight.append(cue.weight)
                }
                phraseStart.append(phraseAction.count)
                for phrase in phrases[word] {
                    phraseAction.append(phrase.action)
                    phraseWeight.append(phrase.weight)
                    phraseWordStart.append(phraseWords.count)
                    phraseWords.append(contentsOf: phrase.rest)
                }
            }
            singleStart.append(singleAction.count)
            phraseStart.append(phraseAction.count)
            phraseWordStart.append(phraseWords.count)
        }
    }

    static let compiled = CompiledLexicons(actionLexicons)

    /// Hits and standing for every action, in `actionLexicons` order.
    static func actionScores(text: String) -> [ActionScore] {
        let table = compiled
        let words = tokens(text)
        var ids = [Int](repeating: -1, count: words.count)
        var spoken = 0
        for i in words.indices {
            ids[i] = table.wordIDs[words[i]] ?? -1
            if words[i] != "?" && words[i] != "!" { spoken += 1 }
        }
        var hits = [Double](repeating: 0, count: actionLexicons.count)
        // The first cue each action met (a word's number, or a phrase's as a negative number)
        // and whether another cue has turned up since: all that the two-cue rule needs to know.
        var firstCue = [Int](repeating: .min, count: actionLexicons.count)
        var varied = [Bool](repeating: false, count: actionLexicons.count)
        func record(_ action: Int, _ weight: Double, cue: Int) {
            hits[action] += weight
            if firstCue[action] == .min {
                firstCue[action] = cue
            } else if firstCue[action] != cue {
                varied[action] = true
            }
        }
        for i in 0 ..< ids.count where ids[i] >= 0 {
            let word = ids[i]
            var k = table.singleStart[word]
            while k < table.singleStart[word + 1] {
                record(table.singleAction[k], table.singleWeight[k], cue: word)
                k += 1
            }
            k = table.phraseStart[word]
            while k < table.phraseStart[word + 1] {
                let first = table.phraseWordStart[k], end = table.phraseWordStart[k + 1]
                if i + end - first < ids.count {
                    var j = first
                    while j < end && ids[i + 1 + j - first] == table.phraseWords[j] { j += 1 }
                    if j == end { record(table.phraseAction[k], table.phraseWeight[k], cue: -1 - k) }
                }
                k += 1
            }
        }
        let length = Double(max(spoken, 1))
        var scores: [ActionScore] = []
        scores.reserveCapacity(hits.count)
        for (index, lexicon) in actionLexicons.enumerated() {
            let rate = hits[index] / length
            let standing = lexicon.spread > 0 ? (rate - lexicon.typicalRate) / lexicon.spread : rate
            scores.append(ActionScore(hits: hits[index], varied: varied[index], standing: standing))
        }
        return scores
    }

    // MARK: - Words

    /// Lowercased words, with "?" and "!" kept as words of their own because questions and
    /// outcries are part of what a speech does. Curly apostrophes count as straight ones and stay
    /// inside a word ("o'er", "reveng'd"); hyphens split ("to-morrow" is "to morrow"), as in the
    /// plays' own inconsistent spelling.
    static func tokens(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var result: [String] = []
            result.reserveCapacity(bytes.count / 4)
            var current: [UInt8] = []
            current.reserveCapacity(24)
            func flush() {
                while current.last == 0x27 { current.removeLast() }
                if !current.isEmpty { result.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
            }
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b >= 0x41 && b <= 0x5A {
                    current.append(b + 32)
                } else if (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) {
                    current.append(b)
                } else if b == 0x27 {
                    // A leading apostrophe marks an elision ("'tis" is "tis"), not part of the word.
                    if !current.isEmpty { current.append(b) }
                } else if b == 0xE2, i + 2 < bytes.count {
                    // General punctuation: ‘ and ’ are apostrophes; dashes and curly quotes split.
                    if bytes[i + 1] == 0x80, bytes[i + 2] == 0x98 || bytes[i + 2] == 0x99 {
                        if !current.isEmpty { current.append(0x27) }
                    } else {
                        flush()
                    }
                    i += 2
                } else if b >= 0x80 {
                    // Accented letters ("Alençon") stay inside the word.
                    current.append(b)
                } else {
                    flush()
                    if b == 0x3F { result.append("?") } else if b == 0x21 { result.append("!") }
                }
                i += 1
            }
            flush()
            return result
        }
    }

    /// A cue word and the spellings of it the plays use: "love" gives "loves", "loved", "lov'd",
    /// "loving", "lovest", "lov'st", "loveth" and "love's". Generating forms from the lexicon,
    /// rather than cutting suffixes off the speech, keeps unrelated words apart: "made" never
    /// becomes "mad", nor "note" "not". Words of three letters only take -s and 's ("cur" must not
    /// find "cured"), save the -y verbs ("cry", "cries", "cried"); shorter ones stay as they are
    /// ("i" must not find "is").
    static func inflections(of word: String) -> [String] {
        let letters = Array(word)
        guard letters.count > 2, letters.allSatisfy({ $0.isLetter }) else { return [word] }
        var forms = [word, word + "'s"]
        let last = letters[letters.count - 1], beforeLast = letters[letters.count - 2]
        if last == "y", !"aeiou".contains(beforeLast) {
            let stem = String(letters.dropLast())
            return forms + [stem + "ies", stem + "ied", word + "ing", word + "'d", stem + "i'd"]
        }
        guard letters.count > 3 else { return forms + [word + "s"] }
        if last == "e" {
            let stem = String(letters.dropLast())
            forms += [word + "s", word + "d", stem + "'d", stem + "ing", word + "st", stem + "'st",
                      word + "th", stem + "est"]
        } else {
            let sibilant = last == "s" || last == "x" || (last == "h" && "cs".contains(beforeLast))
            forms += [word + (sibilant ? "es" : "s"), word + "ed", word + "'d", word + "ing",
                      word + "est", word + "'st", word + "eth"]
        }
        return forms
    }
}
