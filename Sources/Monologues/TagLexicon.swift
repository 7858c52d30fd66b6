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
    static let characterVocabulary: [String] = [
        "ruler", "noble", "soldier", "lover", "parent", "villain", "avenger", "counsellor",
        "clergy", "servant", "commoner", "fool", "rogue", "supernatural", "narrator",
    ]

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
        let groups: [(String, [String])] = [
            ("ruler", ["KING", "QUEEN", "EMPEROR", "EMPRESS", "DUKE", "SULTAN", "GOVERNOR"]),
            ("noble", ["LORD", "LADY", "EARL", "COUNT", "COUNTESS", "DUCHESS", "PRINCE", "PRINCESS",
                       "SIR", "BARON", "MARQUIS", "THANE", "DAUPHIN", "GENTLEMAN", "GENTLEWOMAN",
                       "KNIGHT", "DON", "NOBLEMAN", "ESQUIRE", "PATRICIAN"]),
            ("soldier", ["SOLDIER", "CAPTAIN", "GENERAL", "SERGEANT", "LIEUTENANT", "ANCIENT",
                         "SENTINEL", "SENTRY", "GUARD", "WARDER", "SCOUT", "MARSHAL", "CENTURION"]),
            ("counsellor", ["SENATOR", "TRIBUNE", "AEDILE", "AMBASSADOR", "COUNSELLOR", "CHANCELLOR",
                            "SECRETARY", "LAWYER", "JUDGE"]),
            ("clergy", ["FRIAR", "PRIEST", "BISHOP", "ARCHBISHOP", "CARDINAL", "ABBOT", "ABBESS",
                        "CURATE", "PARSON", "CHAPLAIN", "MONK", "NUN", "LEGATE"]),
            ("servant", ["SERVANT", "SERVINGMAN", "PAGE", "STEWARD", "NURSE", "MESSENGER", "ATTENDANT",
                         "GROOM", "FOOTMAN", "HERALD", "PORTER", "USHER", "CLERK", "SCRIBE", "SURVEYOR",
                         "MAN", "BOY", "DRAWER", "TAPSTER", "POST", "MAID", "PURSUIVANT", "CRIER"]),
            ("commoner", ["CITIZEN", "COMMONER", "COMMONS", "NEIGHBOUR", "PETITIONER", "SHEPHERD",
                          "SHEPHERDESS", "GARDENER", "HOST", "HOSTESS", "MARINER", "SAILOR",
                          "FISHERMAN", "CARRIER", "OSTLER", "TAILOR", "HABERDASHER", "VINTNER",
                          "MERCHANT", "JEWELLER", "STRANGER", "TRAVELLER", "PLAYER", "POET", "PAINTER",
                          "MUSICIAN", "SCRIVENER", "DOCTOR", "APOTHECARY", "GAOLER", "JAILER", "KEEPER",
                          "OFFICER", "WATCH", "WATCHMAN", "CONSTABLE", "BEADLE", "SHERIFF", "MAYOR",
                          "PROVOST", "EXECUTIONER", "SEXTON", "PEDANT", "TUTOR", "SCHOOLMASTER",
                          "WIDOW", "WIFE", "MISTRESS", "WOMAN", "FORESTER", "HUNTSMAN", "BOATSWAIN",
                          "MASTER", "FRENCHMAN", "FRENCHWOMAN", "TOWNSMAN", "COURTEZAN"]),
            ("fool", ["FOOL", "CLOWN", "JESTER"]),
            ("rogue", ["THIEF", "OUTLAW", "BANDIT", "BAWD", "PANDAR", "PIRATE"]),
            ("villain", ["MURDERER", "ASSASSIN", "CONSPIRATOR"]),
            ("parent", ["FATHER", "MOTHER"]),
            ("supernatural", ["GHOST", "WITCH", "SPIRIT", "APPARITION", "FAIRY", "HECATE", "GOD",
                              "GODDESS", "ANGEL", "SOOTHSAYER", "CONJURER", "SORCERER", "JUPITER",
                              "JUNO", "CERES", "IRIS", "HYMEN", "CUPID"]),
            ("narrator", ["CHORUS", "PROLOGUE", "EPILOGUE", "PRESENTER", "RUMOUR", "TIME"]),
        ]
        var table: [String: [String]] = [:]
        for (tag, words) in groups {
            for word in words { table[word, default: []].append(tag) }
        }
        return table
    }()

    /// Peoples and nations, for roles known by nothing else ("FIRST FRENCH", "ROMAN"). The Goths,
    /// Volsces and Myrmidons the plays give lines to are all under arms.
    static let peopleWords: [String: String] = [
        "FRENCH": "commoner", "ENGLISH": "commoner", "ROMAN": "commoner", "ATHENIAN": "commoner",
        "EGYPTIAN": "commoner", "DANE": "commoner", "VENETIAN": "commoner", "SCOT": "commoner",
        "GOTH": "soldier", "VOLSCE": "soldier", "MYRMIDON": "soldier",
    ]

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
    static let curatedRoles: [String: [String: [String]]] = {
        var table: [String: [String: [String]]] = [:]
        for line in curatedRoleTable.split(separator: "\n") {
            let fields = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 3, !fields[0].hasPrefix("#") else { continue }
            table[fields[0], default: [:]][fields[1]] = fields[2].split(separator: " ").map(String.init)
        }
        return table
    }()

    private static let curatedRoleTable = """
        # Comedies
        a-midsummer-night-s-dream | THESEUS | ruler lover
        a-midsummer-night-s-dream | HIPPOLYTA | ruler
        a-midsummer-night-s-dream | EGEUS | parent noble
        a-midsummer-night-s-dream | HELENA | lover
        a-midsummer-night-s-dream | HERMIA | lover
        a-midsummer-night-s-dream | LYSANDER | lover
        a-midsummer-night-s-dream | DEMETRIUS | lover
        a-midsummer-night-s-dream | OBERON | supernatural ruler
        a-midsummer-night-s-dream | TITANIA | supernatural ruler lover
        a-midsummer-night-s-dream | PUCK | supernatural fool servant
        a-midsummer-night-s-dream | BOTTOM | fool commoner
        a-midsummer-night-s-dream | PYRAMUS | fool commoner
        a-midsummer-night-s-dream | THISBE | fool commoner
        a-midsummer-night-s-dream | QUINCE | commoner
        a-midsummer-night-s-dream | FLUTE | fool commoner
        a-midsummer-night-s-dream | SNOUT | fool commoner
        a-midsummer-night-s-dream | SNUG | fool commoner
        a-midsummer-night-s-dream | WALL | fool commoner
        a-midsummer-night-s-dream | LION | fool commoner
        a-midsummer-night-s-dream | MOONSHINE | fool commoner
        a-midsummer-night-s-dream | PROLOGUE | narrator commoner
        a-midsummer-night-s-dream | PHILOSTRATE | servant
        as-you-like-it | ROSALIND | lover noble
        as-you-like-it | ORLANDO | lover noble
        as-you-like-it | CELIA | noble
        as-you-like-it | TOUCHSTONE | fool
        as-you-like-it | JAQUES | noble
        as-you-like-it | OLIVER | noble villain
        as-you-like-it | DUKE SENIOR | ruler
        as-you-like-it | DUKE FREDERICK | ruler villain
        as-you-like-it | ADAM | servant
        as-you-like-it | CORIN | commoner
        as-you-like-it | SILVIUS | lover commoner
        as-you-like-it | PHEBE | lover commoner
        as-you-like-it | AUDREY | commoner
        as-you-like-it | WILLIAM | commoner
        as-you-like-it | CHARLES | commoner
        as-you-like-it | LE BEAU | noble
        as-you-like-it | AMIENS | noble
        as-you-like-it | HYMEN | supernatural
        as-you-like-it | JAQUES DE BOYS | noble
        love-s-labours-lost | FERDINAND | ruler lover
        love-s-labours-lost | BIRON | lover noble
        love-s-labours-lost | LONGAVILLE | lover noble
        love-s-labours-lost | DUMAIN | lover noble
        love-s-labours-lost | PRINCESS | noble
        love-s-labours-lost | ROSALINE | lover noble
        love-s-labours-lost | MARIA | noble
        love-s-labours-lost | KATHARINE | noble
        love-s-labours-lost | BOYET | noble counsellor
        love-s-labours-lost | DON ADRIANO DE ARMADO | fool lover
        love-s-labours-lost | MOTH | servant
        love-s-labours-lost | COSTARD | fool commoner
        love-s-labours-lost | DULL | fool commoner
        love-s-labours-lost | HOLOFERNES | fool commoner
        love-s-labours-lost | SIR NATHANIEL | clergy fool
        love-s-labours-lost | JAQUENETTA | commoner
        love-s-labours-lost | MERCADE | servant
        love-s-labours-lost | SPRING | narrator
        love-s-labours-lost | WINTER | narrator
        much-ado-about-nothing | BENEDICK | lover soldier
        much-ado-about-nothing | BEATRICE | lover noble
        much-ado-about-nothing | CLAUDIO | lover soldier
        much-ado-about-nothing | HERO | lover noble
        much-ado-about-nothing | DON PEDRO | ruler soldier
        much-ado-about-nothing | DON JOHN | villain noble
        much-ado-about-nothing | LEONATO | parent ruler
        much-ado-about-nothing | ANTONIO | noble
        much-ado-about-nothing | BORACHIO | villain
        much-ado-about-nothing | CONRADE | villain
        much-ado-about-nothing | DOGBERRY | fool commoner
        much-ado-about-nothing | VERGES | fool commoner
        much-ado-about-nothing | MARGARET | servant
        much-ado-about-nothing | URSULA | servant
        much-ado-about-nothing | BALTHASAR | servant
        much-ado-about-nothing | FRIAR FRANCIS | clergy counsellor
        the-comedy-of-errors | ANTIPHOLUS OF SYRACUSE | lover noble
        the-comedy-of-errors | ANTIPHOLUS OF EPHESUS | noble
        the-comedy-of-errors | DROMIO OF SYRACUSE | servant fool
        the-comedy-of-errors | DROMIO OF EPHESUS | servant fool
        the-comedy-of-errors | ADRIANA | noble
        the-comedy-of-errors | LUCIANA | noble counsellor
        the-comedy-of-errors | AEGEON | parent commoner
        the-comedy-of-errors | AEMELIA | clergy parent
        the-comedy-of-errors | DUKE SOLINUS | ruler
        the-comedy-of-errors | ANGELO | commoner
        the-comedy-of-errors | BALTHAZAR | commoner
        the-comedy-of-errors | PINCH | fool commoner
        the-comedy-of-errors | LUCE | servant
        the-comedy-of-errors | COURTEZAN | rogue
        the-merry-wives-of-windsor | FALSTAFF | rogue lover
        the-merry-wives-of-windsor | MISTRESS QUICKLY | servant
        the-merry-wives-of-windsor | MISTRESS PAGE | commoner parent
        the-merry-wives-of-windsor | MISTRESS FORD | commoner
        the-merry-wives-of-windsor | FORD | commoner
        the-merry-wives-of-windsor | PAGE | commoner parent
        the-merry-wives-of-windsor | FENTON | lover noble
        the-merry-wives-of-windsor | ANNE PAGE | lover commoner
        the-merry-wives-of-windsor | SLENDER | fool lover
        the-merry-wives-of-windsor | SHALLOW | fool
        the-merry-wives-of-windsor | SIR HUGH EVANS | clergy fool
        the-merry-wives-of-windsor | DOCTOR CAIUS | fool commoner
        the-merry-wives-of-windsor | HOST | commoner
        the-merry-wives-of-windsor | PISTOL | rogue
        the-merry-wives-of-windsor | NYM | rogue
        the-merry-wives-of-windsor | BARDOLPH | rogue
        the-merry-wives-of-windsor | SIMPLE | servant fool
        twelfth-night | DUKE ORSINO | ruler lover
        twelfth-night | VIOLA | lover
        twelfth-night | OLIVIA | noble lover
        twelfth-night | SEBASTIAN | lover noble
        twelfth-night | ANTONIO | soldier
        twelfth-night | MALVOLIO | servant
        twelfth-night | MARIA | servant
        twelfth-night | SIR TOBY BELCH | rogue noble
        twelfth-night | SIR ANDREW | fool noble
        twelfth-night | CLOWN | fool
        twelfth-night | FABIAN | servant
        twelfth-night | VALENTINE | servant
        twelfth-night | CURIO | servant
        twelfth-night | CAPTAIN | commoner
        two-gentlemen-of-verona | PROTEUS | lover villain
        two-gentlemen-of-verona | VALENTINE | lover
        two-gentlemen-of-verona | JULIA | lover
        two-gentlemen-of-verona | SILVIA | lover
        two-gentlemen-of-verona | DUKE | ruler parent
        two-gentlemen-of-verona | THURIO | lover fool
        two-gentlemen-of-verona | EGLAMOUR | noble
        two-gentlemen-of-verona | ANTONIO | parent
        two-gentlemen-of-verona | PANTHINO | servant
        two-gentlemen-of-verona | SPEED | servant fool
        two-gentlemen-of-verona | LAUNCE | servant fool
        two-gentlemen-of-verona | LUCETTA | servant
        two-gentlemen-of-verona | HOST | commoner
        # Histories
        edward-iii | KING EDWARD | ruler lover soldier
        edward-iii | KING JOHN | ruler soldier
        edward-iii | PRINCE EDWARD | noble soldier
        edward-iii | COUNTESS | noble
        edward-iii | WARWICK | noble parent
        edward-iii | AUDLEY | soldier noble
        edward-iii | CHARLES | noble soldier
        edward-iii | PHILIP | noble soldier
        edward-iii | KING DAVID | ruler
        edward-iii | QUEEN PHILIP | ruler
        edward-iii | LODOWICK | servant
        edward-iii | SALISBURY | noble soldier
        edward-iii | VILLIERS | noble soldier
        edward-iii | COPLAND | soldier
        henry-iv-part-1 | KING HENRY IV | ruler parent
        henry-iv-part-1 | PRINCE HENRY | noble rogue soldier
        henry-iv-part-1 | HOTSPUR | soldier noble
        henry-iv-part-1 | FALSTAFF | rogue soldier
        henry-iv-part-1 | EARL OF WORCESTER | noble villain
        henry-iv-part-1 | NORTHUMBERLAND | noble parent
        henry-iv-part-1 | GLENDOWER | soldier supernatural
        henry-iv-part-1 | MORTIMER | noble lover
        henry-iv-part-1 | LADY PERCY | noble lover
        henry-iv-part-1 | VERNON | soldier noble
        henry-iv-part-1 | SIR WALTER BLUNT | soldier noble
        henry-iv-part-1 | DOUGLAS | soldier noble
        henry-iv-part-1 | WESTMORELAND | noble
        henry-iv-part-1 | POINS | rogue
        henry-iv-part-1 | GADSHILL | rogue
        henry-iv-part-1 | BARDOLPH | rogue
        henry-iv-part-1 | PETO | rogue
        henry-iv-part-1 | CHAMBERLAIN | servant
        henry-iv-part-1 | HOSTESS | commoner
        henry-iv-part-2 | KING HENRY IV | ruler parent
        henry-iv-part-2 | PRINCE HENRY | noble rogue
        henry-iv-part-2 | KING HENRY V | ruler
        henry-iv-part-2 | FALSTAFF | rogue soldier
        henry-iv-part-2 | NORTHUMBERLAND | noble parent
        henry-iv-part-2 | LADY PERCY | noble
        henry-iv-part-2 | LADY NORTHUMBERLAND | noble parent
        henry-iv-part-2 | LANCASTER | noble soldier
        henry-iv-part-2 | WARWICK | noble counsellor
        henry-iv-part-2 | WESTMORELAND | noble
        henry-iv-part-2 | MOWBRAY | noble soldier
        henry-iv-part-2 | HASTINGS | noble soldier
        henry-iv-part-2 | LORD BARDOLPH | noble
        henry-iv-part-2 | CLARENCE | noble
        henry-iv-part-2 | HARCOURT | noble
        henry-iv-part-2 | MORTON | servant
        henry-iv-part-2 | TRAVERS | servant
        henry-iv-part-2 | MISTRESS QUICKLY | commoner
        henry-iv-part-2 | DOLL TEARSHEET | rogue commoner
        henry-iv-part-2 | PISTOL | rogue soldier
        henry-iv-part-2 | POINS | rogue
        henry-iv-part-2 | BARDOLPH | rogue
        henry-iv-part-2 | PETO | rogue
        henry-iv-part-2 | SHALLOW | fool
        henry-iv-part-2 | SILENCE | fool
        henry-iv-part-2 | DAVY | servant
        henry-iv-part-2 | MOULDY | commoner
        henry-iv-part-2 | BULLCALF | commoner
        henry-iv-part-2 | FEEBLE | commoner
        henry-iv-part-2 | DANCER | narrator
        henry-v | KING HENRY V | ruler soldier
        henry-v | CHORUS | narrator
        henry-v | CANTERBURY | clergy counsellor
        henry-v | ELY | clergy
        henry-v | EXETER | noble soldier
        henry-v | WESTMORELAND | noble soldier
        henry-v | SALISBURY | noble soldier
        henry-v | FLUELLEN | soldier
        henry-v | GOWER | soldier
        henry-v | MACMORRIS | soldier
        henry-v | JAMY | soldier
        henry-v | WILLIAMS | soldier commoner
        henry-v | BATES | soldier commoner
        henry-v | COURT | soldier commoner
        henry-v | PISTOL | rogue soldier
        henry-v | NYM | rogue soldier
        henry-v | BARDOLPH | rogue soldier
        henry-v | BOY | servant
        henry-v | HOSTESS | commoner
        henry-v | KING OF FRANCE | ruler parent
        henry-v | FRENCH KING | ruler parent
        henry-v | QUEEN ISABEL | ruler parent
        henry-v | DAUPHIN | noble soldier
        henry-v | CONSTABLE | soldier noble
        henry-v | BOURBON | noble soldier
        henry-v | ORLEANS | noble soldier
        henry-v | GRANDPRE | noble soldier
        henry-v | RAMBURES | noble soldier
        henry-v | BURGUNDY | noble counsellor
        henry-v | MONTJOY | servant
        henry-v | KATHARINE | noble lover
        henry-v | ALICE | servant
        henry-v | GOVERNOR | noble soldier
        henry-vi-part-1 | KING HENRY VI | ruler
        henry-vi-part-1 | TALBOT | soldier parent
        henry-vi-part-1 | JOHN TALBOT | soldier noble
        henry-vi-part-1 | JOAN LA PUCELLE | soldier supernatural
        henry-vi-part-1 | GLOUCESTER | noble counsellor
        henry-vi-part-1 | BISHOP OF WINCHESTER | clergy villain
        henry-vi-part-1 | CARDINAL OF WINCHESTER | clergy villain
        henry-vi-part-1 | SUFFOLK | noble lover
        henry-vi-part-1 | PLANTAGENET | noble
        henry-vi-part-1 | RICHARD PLANTAGENET | noble
        henry-vi-part-1 | YORK | noble soldier
        henry-vi-part-1 | MORTIMER | noble
        henry-vi-part-1 | BEDFORD | noble soldier
        henry-vi-part-1 | EXETER | noble counsellor
        henry-vi-part-1 | WARWICK | noble
        henry-vi-part-1 | SOMERSET | noble
        henry-vi-part-1 | SALISBURY | soldier noble
        henry-vi-part-1 | LUCY | soldier
        henry-vi-part-1 | VERNON | soldier
        henry-vi-part-1 | BASSET | soldier
        henry-vi-part-1 | CHARLES | noble soldier
        henry-vi-part-1 | ALENCON | noble soldier
        henry-vi-part-1 | REIGNIER | ruler parent
        henry-vi-part-1 | BURGUNDY | noble soldier
        henry-vi-part-1 | BASTARD OF ORLEANS | soldier noble
        henry-vi-part-1 | COUNTESS OF AUVERGNE | noble villain
        henry-vi-part-1 | MARGARET | noble lover
        henry-vi-part-1 | SHEPHERD | commoner parent
        henry-vi-part-2 | KING HENRY VI | ruler
        henry-vi-part-2 | QUEEN MARGARET | ruler villain lover
        henry-vi-part-2 | GLOUCESTER | noble counsellor
        henry-vi-part-2 | DUCHESS | noble
        henry-vi-part-2 | SUFFOLK | noble villain lover
        henry-vi-part-2 | YORK | noble villain
        henry-vi-part-2 | CARDINAL | clergy villain
        henry-vi-part-2 | WARWICK | noble
        henry-vi-part-2 | SALISBURY | noble
        henry-vi-part-2 | BUCKINGHAM | noble
        henry-vi-part-2 | SOMERSET | noble
        henry-vi-part-2 | CLIFFORD | noble soldier
        henry-vi-part-2 | YOUNG CLIFFORD | noble soldier avenger
        henry-vi-part-2 | RICHARD | noble soldier
        henry-vi-part-2 | SAY | noble
        henry-vi-part-2 | SCALES | noble soldier
        henry-vi-part-2 | CADE | rogue commoner
        henry-vi-part-2 | IDEN | commoner
        henry-vi-part-2 | HUME | clergy villain
        henry-vi-part-2 | BOLINGBROKE | supernatural
        henry-vi-part-2 | MARGARET JOURDAIN | supernatural
        henry-vi-part-2 | HORNER | commoner
        henry-vi-part-2 | PETER | servant
        henry-vi-part-2 | SIMPCOX | rogue commoner
        henry-vi-part-2 | WHITMORE | rogue
        henry-vi-part-2 | VAUX | servant
        henry-vi-part-2 | SIR HUMPHREY | soldier
        henry-vi-part-3 | KING HENRY VI | ruler
        henry-vi-part-3 | QUEEN MARGARET | ruler soldier parent
        henry-vi-part-3 | KING EDWARD IV | ruler lover
        henry-vi-part-3 | EDWARD | noble soldier
        henry-vi-part-3 | RICHARD | noble villain
        henry-vi-part-3 | GLOUCESTER | noble villain
        henry-vi-part-3 | GEORGE | noble
        henry-vi-part-3 | CLARENCE | noble
        henry-vi-part-3 | YORK | noble parent
        henry-vi-part-3 | RUTLAND | noble
        henry-vi-part-3 | WARWICK | noble soldier
        henry-vi-part-3 | CLIFFORD | noble avenger
        henry-vi-part-3 | NORTHUMBERLAND | noble
        henry-vi-part-3 | OXFORD | noble soldier
        henry-vi-part-3 | SOMERSET | noble
        henry-vi-part-3 | MONTAGUE | noble soldier
        henry-vi-part-3 | PRINCE EDWARD | noble
        henry-vi-part-3 | KING LEWIS XI | ruler
        henry-vi-part-3 | QUEEN ELIZABETH | ruler parent
        henry-vi-part-3 | LADY GREY | noble parent
        henry-vi-part-3 | FATHER | soldier parent commoner
        henry-vi-part-3 | SON | soldier commoner
        henry-viii | KING HENRY VIII | ruler
        henry-viii | QUEEN KATHARINE | ruler
        henry-viii | KATHARINE | ruler
        henry-viii | ANNE | noble
        henry-viii | CARDINAL WOLSEY | clergy villain counsellor
        henry-viii | CARDINAL CAMPEIUS | clergy
        henry-viii | CRANMER | clergy
        henry-viii | GARDINER | clergy villain
        henry-viii | LINCOLN | clergy
        henry-viii | BUCKINGHAM | noble
        henry-viii | NORFOLK | noble
        henry-viii | SUFFOLK | noble
        henry-viii | SURREY | noble
        henry-viii | CHAMBERLAIN | noble
        henry-viii | CHANCELLOR | counsellor
        henry-viii | ABERGAVENNY | noble
        henry-viii | SANDS | noble
        henry-viii | LOVELL | noble
        henry-viii | GUILDFORD | noble
        henry-viii | CROMWELL | servant
        henry-viii | GRIFFITH | servant
        henry-viii | OLD LADY | servant
        henry-viii | SURVEYOR | servant villain
        henry-viii | PORTER | servant fool
        henry-viii | MAN | servant
        king-john | KING JOHN | ruler villain
        king-john | QUEEN ELINOR | ruler parent
        king-john | BASTARD | soldier noble
        king-john | CONSTANCE | parent noble
        king-john | ARTHUR | noble
        king-john | KING PHILIP | ruler
        king-john | LEWIS | noble soldier
        king-john | CARDINAL PANDULPH | clergy counsellor
        king-john | HUBERT | servant
        king-john | SALISBURY | noble
        king-john | PEMBROKE | noble
        king-john | BIGOT | noble
        king-john | MELUN | noble
        king-john | BLANCH | noble
        king-john | AUSTRIA | ruler soldier
        king-john | CHATILLON | counsellor
        king-john | ROBERT | noble
        king-john | LADY FAULCONBRIDGE | noble parent
        king-john | PRINCE HENRY | noble
        richard-ii | KING RICHARD II | ruler
        richard-ii | QUEEN | ruler
        richard-ii | HENRY BOLINGBROKE | noble soldier
        richard-ii | JOHN OF GAUNT | noble parent counsellor
        richard-ii | DUKE OF YORK | noble parent counsellor
        richard-ii | DUCHESS OF YORK | noble parent
        richard-ii | DUCHESS | noble
        richard-ii | DUKE OF AUMERLE | noble
        richard-ii | DUKE OF SURREY | noble
        richard-ii | THOMAS MOWBRAY | noble soldier
        richard-ii | NORTHUMBERLAND | noble
        richard-ii | HENRY PERCY | noble soldier
        richard-ii | SIR STEPHEN SCROOP | soldier noble
        richard-ii | BISHOP OF CARLISLE | clergy counsellor
        richard-ii | ABBOT | clergy
        richard-ii | BUSHY | noble
        richard-ii | BAGOT | noble
        richard-ii | GREEN | noble
        richard-ii | EXTON | villain noble
        richard-ii | GARDENER | commoner counsellor
        richard-ii | GROOM | servant
        richard-iii | KING RICHARD III | ruler villain
        richard-iii | KING EDWARD IV | ruler
        richard-iii | QUEEN ELIZABETH | ruler parent
        richard-iii | QUEEN MARGARET | ruler avenger
        richard-iii | DUCHESS OF YORK | noble parent
        richard-iii | LADY ANNE | noble
        richard-iii | BUCKINGHAM | noble villain
        richard-iii | CLARENCE | noble
        richard-iii | HASTINGS | noble
        richard-iii | RIVERS | noble
        richard-iii | DORSET | noble
        richard-iii | GREY | noble
        richard-iii | RICHMOND | noble soldier
        richard-iii | DERBY | noble
        richard-iii | STANLEY | noble
        richard-iii | PRINCE EDWARD | noble
        richard-iii | YORK | noble
        richard-iii | BOY | noble
        richard-iii | BRAKENBURY | soldier
        richard-iii | CATESBY | servant villain
        richard-iii | RATCLIFF | servant villain
        richard-iii | TYRREL | villain
        richard-iii | CHRISTOPHER | clergy
        # Problem plays
        all-s-well-that-ends-well | HELENA | lover
        all-s-well-that-ends-well | KING | ruler
        all-s-well-that-ends-well | COUNTESS | noble parent
        all-s-well-that-ends-well | BERTRAM | noble soldier
        all-s-well-that-ends-well | LAFEU | noble counsellor
        all-s-well-that-ends-well | PAROLLES | rogue soldier
        all-s-well-that-ends-well | CLOWN | fool servant
        all-s-well-that-ends-well | DIANA | commoner
        all-s-well-that-ends-well | WIDOW | commoner parent
        all-s-well-that-ends-well | MARIANA | commoner
        all-s-well-that-ends-well | FIRST LORD | noble soldier
        all-s-well-that-ends-well | SECOND LORD | noble soldier
        measure-for-measure | DUKE VINCENTIO | ruler
        measure-for-measure | ANGELO | ruler villain
        measure-for-measure | ESCALUS | counsellor
        measure-for-measure | ISABELLA | clergy
        measure-for-measure | CLAUDIO | lover
        measure-for-measure | JULIET | lover
        measure-for-measure | MARIANA | lover
        measure-for-measure | LUCIO | rogue
        measure-for-measure | POMPEY | rogue fool
        measure-for-measure | MISTRESS OVERDONE | rogue
        measure-for-measure | ELBOW | fool commoner
        measure-for-measure | FROTH | fool
        measure-for-measure | BARNARDINE | rogue
        measure-for-measure | ABHORSON | commoner
        measure-for-measure | PROVOST | commoner
        measure-for-measure | FRIAR PETER | clergy
        measure-for-measure | FRANCISCA | clergy
        the-merchant-of-venice | PORTIA | noble lover
        the-merchant-of-venice | NERISSA | servant
        the-merchant-of-venice | SHYLOCK | villain parent avenger
        the-merchant-of-venice | JESSICA | lover
        the-merchant-of-venice | ANTONIO | commoner
        the-merchant-of-venice | BASSANIO | lover noble
        the-merchant-of-venice | GRATIANO | noble
        the-merchant-of-venice | LORENZO | lover noble
        the-merchant-of-venice | SALARINO | noble
        the-merchant-of-venice | SALANIO | noble
        the-merchant-of-venice | SALERIO | noble
        the-merchant-of-venice | MOROCCO | lover ruler
        the-merchant-of-venice | ARRAGON | lover ruler
        the-merchant-of-venice | LAUNCELOT | fool servant
        the-merchant-of-venice | GOBBO | commoner parent
        the-merchant-of-venice | TUBAL | commoner
        the-merchant-of-venice | DUKE | ruler
        the-taming-of-the-shrew | PETRUCHIO | lover
        the-taming-of-the-shrew | KATHARINA | lover
        the-taming-of-the-shrew | BIANCA | lover
        the-taming-of-the-shrew | BAPTISTA | parent
        the-taming-of-the-shrew | VINCENTIO | parent
        the-taming-of-the-shrew | LUCENTIO | lover
        the-taming-of-the-shrew | HORTENSIO | lover
        the-taming-of-the-shrew | GREMIO | lover fool
        the-taming-of-the-shrew | TRANIO | servant
        the-taming-of-the-shrew | GRUMIO | servant fool
        the-taming-of-the-shrew | BIONDELLO | servant
        the-taming-of-the-shrew | CURTIS | servant
        the-taming-of-the-shrew | WIDOW | commoner
        the-taming-of-the-shrew | LORD | noble
        the-taming-of-the-shrew | SLY | rogue commoner
        the-taming-of-the-shrew | HOSTESS | commoner
        troilus-and-cressida | TROILUS | lover soldier
        troilus-and-cressida | CRESSIDA | lover
        troilus-and-cressida | PANDARUS | rogue
        troilus-and-cressida | HECTOR | soldier noble
        troilus-and-cressida | PARIS | lover noble
        troilus-and-cressida | PRIAM | ruler parent
        troilus-and-cressida | CASSANDRA | supernatural
        troilus-and-cressida | ANDROMACHE | noble
        troilus-and-cressida | HELEN | lover
        troilus-and-cressida | AENEAS | soldier
        troilus-and-cressida | ANTENOR | soldier
        troilus-and-cressida | CALCHAS | clergy parent
        troilus-and-cressida | AGAMEMNON | ruler soldier
        troilus-and-cressida | MENELAUS | ruler soldier
        troilus-and-cressida | ULYSSES | counsellor soldier
        troilus-and-cressida | NESTOR | counsellor soldier
        troilus-and-cressida | ACHILLES | soldier
        troilus-and-cressida | AJAX | soldier fool
        troilus-and-cressida | DIOMEDES | soldier
        troilus-and-cressida | PATROCLUS | soldier
        troilus-and-cressida | THERSITES | fool
        troilus-and-cressida | ALEXANDER | servant
        # Roman plays
        antony-and-cleopatra | MARK ANTONY | ruler soldier lover
        antony-and-cleopatra | CLEOPATRA | ruler lover
        antony-and-cleopatra | OCTAVIUS CAESAR | ruler
        antony-and-cleopatra | LEPIDUS | ruler
        antony-and-cleopatra | OCTAVIA | noble
        antony-and-cleopatra | POMPEY | soldier
        antony-and-cleopatra | DOMITIUS ENOBARBUS | soldier counsellor
        antony-and-cleopatra | AGRIPPA | soldier counsellor
        antony-and-cleopatra | MAECENAS | counsellor
        antony-and-cleopatra | DOLABELLA | soldier
        antony-and-cleopatra | PROCULEIUS | soldier
        antony-and-cleopatra | THYREUS | servant
        antony-and-cleopatra | EUPHRONIUS | counsellor
        antony-and-cleopatra | VENTIDIUS | soldier
        antony-and-cleopatra | SCARUS | soldier
        antony-and-cleopatra | EROS | servant soldier
        antony-and-cleopatra | DERCETAS | soldier
        antony-and-cleopatra | PHILO | soldier
        antony-and-cleopatra | MENAS | soldier rogue
        antony-and-cleopatra | CHARMIAN | servant
        antony-and-cleopatra | IRAS | servant
        antony-and-cleopatra | ALEXAS | servant
        antony-and-cleopatra | MARDIAN | servant
        antony-and-cleopatra | DIOMEDES | servant
        antony-and-cleopatra | SELEUCUS | servant
        antony-and-cleopatra | CLOWN | fool commoner
        coriolanus | CORIOLANUS | soldier noble
        coriolanus | VOLUMNIA | parent noble
        coriolanus | VIRGILIA | noble
        coriolanus | VALERIA | noble
        coriolanus | MENENIUS | counsellor noble
        coriolanus | COMINIUS | soldier
        coriolanus | LARTIUS | soldier
        coriolanus | AUFIDIUS | soldier avenger
        coriolanus | SICINIUS | counsellor
        coriolanus | BRUTUS | counsellor
        coriolanus | YOUNG MARCIUS | noble
        julius-caesar | CAESAR | ruler soldier
        julius-caesar | BRUTUS | noble soldier
        julius-caesar | CASSIUS | noble soldier
        julius-caesar | ANTONY | noble avenger
        julius-caesar | OCTAVIUS | ruler soldier
        julius-caesar | LEPIDUS | ruler
        julius-caesar | CASCA | noble
        julius-caesar | DECIUS BRUTUS | noble
        julius-caesar | METELLUS CIMBER | noble
        julius-caesar | CINNA | noble
        julius-caesar | LIGARIUS | noble
        julius-caesar | TREBONIUS | noble
        julius-caesar | PORTIA | noble
        julius-caesar | CALPURNIA | noble
        julius-caesar | FLAVIUS | counsellor
        julius-caesar | MARULLUS | counsellor
        julius-caesar | ARTEMIDORUS | counsellor
        julius-caesar | CICERO | counsellor
        julius-caesar | TITINIUS | soldier
        julius-caesar | MESSALA | soldier
        julius-caesar | LUCILIUS | soldier
        julius-caesar | PINDARUS | servant
        julius-caesar | LUCIUS | servant
        julius-caesar | CINNA THE POET | commoner
        titus-andronicus | TITUS ANDRONICUS | soldier parent avenger
        titus-andronicus | MARCUS ANDRONICUS | counsellor noble
        titus-andronicus | MARCUS | counsellor noble
        titus-andronicus | LUCIUS | soldier avenger
        titus-andronicus | YOUNG LUCIUS | noble
        titus-andronicus | LAVINIA | noble
        titus-andronicus | QUINTUS | noble
        titus-andronicus | MARTIUS | noble
        titus-andronicus | MUTIUS | noble
        titus-andronicus | SATURNINUS | ruler villain
        titus-andronicus | BASSIANUS | noble lover
        titus-andronicus | TAMORA | ruler villain avenger
        titus-andronicus | AARON | villain soldier
        titus-andronicus | DEMETRIUS | villain
        titus-andronicus | CHIRON | villain
        titus-andronicus | AEMILIUS | noble
        titus-andronicus | CLOWN | fool commoner
        # Romances
        a-winter-s-tale | LEONTES | ruler parent
        a-winter-s-tale | HERMIONE | ruler parent
        a-winter-s-tale | POLIXENES | ruler parent
        a-winter-s-tale | FLORIZEL | lover noble
        a-winter-s-tale | PERDITA | lover
        a-winter-s-tale | CAMILLO | counsellor noble
        a-winter-s-tale | PAULINA | noble counsellor
        a-winter-s-tale | ANTIGONUS | noble
        a-winter-s-tale | CLEOMENES | noble
        a-winter-s-tale | DION | noble
        a-winter-s-tale | ARCHIDAMUS | noble
        a-winter-s-tale | EMILIA | servant
        a-winter-s-tale | AUTOLYCUS | rogue
        a-winter-s-tale | SHEPHERD | commoner parent
        a-winter-s-tale | CLOWN | fool commoner
        a-winter-s-tale | MOPSA | commoner
        a-winter-s-tale | DORCAS | commoner
        a-winter-s-tale | TIME | narrator supernatural
        cymbeline | CYMBELINE | ruler parent
        cymbeline | QUEEN | ruler villain parent
        cymbeline | IMOGEN | lover noble
        cymbeline | POSTHUMUS LEONATUS | lover soldier
        cymbeline | CLOTEN | noble villain fool
        cymbeline | IACHIMO | villain noble
        cymbeline | PHILARIO | noble
        cymbeline | PISANIO | servant
        cymbeline | BELARIUS | soldier parent
        cymbeline | GUIDERIUS | noble
        cymbeline | ARVIRAGUS | noble
        cymbeline | CAIUS LUCIUS | soldier
        cymbeline | CORNELIUS | commoner
        cymbeline | SICILIUS LEONATUS | supernatural parent
        cymbeline | FRENCHMAN | noble
        pericles | PERICLES | ruler parent
        pericles | GOWER | narrator
        pericles | ANTIOCHUS | ruler villain
        pericles | SIMONIDES | ruler parent
        pericles | CLEON | ruler
        pericles | DIONYZA | villain parent
        pericles | HELICANUS | counsellor
        pericles | ESCANES | counsellor
        pericles | THAISA | lover noble
        pericles | MARINA | noble
        pericles | LYSIMACHUS | ruler lover
        pericles | CERIMON | noble supernatural
        pericles | THALIARD | villain
        pericles | LEONINE | villain
        pericles | BOULT | rogue servant
        pericles | DIANA | supernatural
        the-tempest | PROSPERO | ruler parent supernatural
        the-tempest | MIRANDA | lover
        the-tempest | FERDINAND | lover noble
        the-tempest | ARIEL | supernatural servant
        the-tempest | CALIBAN | supernatural servant
        the-tempest | ALONSO | ruler parent
        the-tempest | SEBASTIAN | villain noble
        the-tempest | ANTONIO | villain noble
        the-tempest | GONZALO | counsellor
        the-tempest | ADRIAN | noble
        the-tempest | FRANCISCO | noble
        the-tempest | TRINCULO | fool
        the-tempest | STEPHANO | rogue
        # Tragedies
        hamlet | HAMLET | noble avenger
        hamlet | KING CLAUDIUS | ruler villain
        hamlet | QUEEN GERTRUDE | ruler parent
        hamlet | GHOST | supernatural ruler parent
        hamlet | LORD POLONIUS | counsellor parent
        hamlet | LAERTES | noble avenger
        hamlet | OPHELIA | lover noble
        hamlet | HORATIO | noble
        hamlet | ROSENCRANTZ | noble
        hamlet | GUILDENSTERN | noble
        hamlet | OSRIC | noble fool
        hamlet | MARCELLUS | soldier
        hamlet | BERNARDO | soldier
        hamlet | FRANCISCO | soldier
        hamlet | VOLTIMAND | counsellor
        hamlet | CORNELIUS | counsellor
        hamlet | PRINCE FORTINBRAS | noble soldier
        hamlet | FIRST PLAYER | commoner
        hamlet | PLAYER KING | commoner
        hamlet | PLAYER QUEEN | commoner
        hamlet | FIRST CLOWN | fool commoner
        hamlet | SECOND CLOWN | fool commoner
        king-lear | KING LEAR | ruler parent
        king-lear | GONERIL | villain noble
        king-lear | REGAN | villain noble
        king-lear | CORDELIA | noble
        king-lear | KING OF FRANCE | ruler lover
        king-lear | ALBANY | noble
        king-lear | CORNWALL | noble villain
        king-lear | KENT | noble counsellor servant
        king-lear | GLOUCESTER | noble parent
        king-lear | EDGAR | noble
        king-lear | EDMUND | villain noble
        king-lear | FOOL | fool
        king-lear | OSWALD | servant villain
        king-lear | OLD MAN | commoner
        macbeth | MACBETH | ruler soldier villain
        macbeth | LADY MACBETH | villain noble
        macbeth | DUNCAN | ruler
        macbeth | MALCOLM | noble
        macbeth | DONALBAIN | noble
        macbeth | BANQUO | soldier noble
        macbeth | MACDUFF | noble avenger
        macbeth | LADY MACDUFF | noble parent
        macbeth | ROSS | noble
        macbeth | LENNOX | noble
        macbeth | ANGUS | noble
        macbeth | MENTEITH | noble
        macbeth | CAITHNESS | noble
        macbeth | SIWARD | soldier parent
        macbeth | PORTER | servant fool
        macbeth | HECATE | supernatural
        othello | OTHELLO | soldier lover
        othello | DESDEMONA | lover noble
        othello | IAGO | villain soldier
        othello | EMILIA | servant
        othello | CASSIO | soldier
        othello | RODERIGO | lover fool
        othello | BRABANTIO | parent counsellor
        othello | DUKE OF VENICE | ruler
        othello | MONTANO | ruler soldier
        othello | LODOVICO | noble
        othello | GRATIANO | noble
        othello | BIANCA | lover commoner
        othello | CLOWN | fool servant
        romeo-and-juliet | ROMEO | lover noble
        romeo-and-juliet | JULIET | lover noble
        romeo-and-juliet | FRIAR LAURENCE | clergy counsellor
        romeo-and-juliet | FRIAR JOHN | clergy
        romeo-and-juliet | NURSE | servant
        romeo-and-juliet | MERCUTIO | noble
        romeo-and-juliet | BENVOLIO | noble
        romeo-and-juliet | TYBALT | noble
        romeo-and-juliet | PARIS | lover noble
        romeo-and-juliet | CAPULET | parent noble
        romeo-and-juliet | LADY CAPULET | parent noble
        romeo-and-juliet | MONTAGUE | parent noble
        romeo-and-juliet | LADY MONTAGUE | parent noble
        romeo-and-juliet | PRINCE | ruler
        romeo-and-juliet | BALTHASAR | servant
        romeo-and-juliet | PETER | servant fool
        romeo-and-juliet | SAMPSON | servant
        romeo-and-juliet | GREGORY | servant
        romeo-and-juliet | APOTHECARY | commoner
        timon-of-athens | TIMON | noble
        timon-of-athens | APEMANTUS | fool
        timon-of-athens | ALCIBIADES | soldier
        timon-of-athens | FLAVIUS | servant
        timon-of-athens | FLAMINIUS | servant
        timon-of-athens | SERVILIUS | servant
        timon-of-athens | LUCILIUS | servant
        timon-of-athens | CAPHIS | servant
        timon-of-athens | PHILOTUS | servant
        timon-of-athens | LUCULLUS | noble
        timon-of-athens | LUCIUS | noble
        timon-of-athens | SEMPRONIUS | noble
        timon-of-athens | VENTIDIUS | noble
        timon-of-athens | OLD ATHENIAN | commoner parent
        timon-of-athens | PHRYNIA | rogue
        timon-of-athens | TIMANDRA | rogue
        """

    // MARK: - Actions

    /// One action and the words that signal it.
    struct ActionLexicon: Sendable {
        let tag: String
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

    static let actionLexicons: [ActionLexicon] = [
        ActionLexicon(
            tag: "lamenting",
            cues: ["woeful", "wretch", "sorrow", "sorrowful", "grief", "grieve", "heavy", "heaviness",
                   "despair", "desperate", "forlorn", "forsake", "forsaken", "undone", "wail", "bewail",
                   "moan", "sigh", "groan", "comfortless", "wretchedness", "cruel", "sad", "sadness",
                   "poor", "weary", "distress", "calamity", "ruin", "banish", "banishment", "exile",
                   "hopeless", "friendless", "unfortunate", "mischance", "would i had", "would i were",
                   "would god", "o god", "o heavens", "o heaven", "my heart", "why should", "broken",
                   "fallen", "fall'n", "weep", "tears", "complain", "complaint", "fortune", "care"],
            strongCues: ["alas", "alack", "wretched", "miserable", "misery", "miseries", "lament",
                         "lamentation", "woe", "woes", "ay me", "o me", "woe is me", "well a day",
                         "woe the day", "unhappy", "hapless", "luckless", "o woeful"],
            faintCues: ["o", "me", "my", "!"],
            typicalRate: 0.0167, spread: 0.0157),
        ActionLexicon(
            tag: "grieving",
            cues: ["death", "buried", "bury", "burial", "mourner", "tears", "weeping", "murder'd",
                   "murdered", "lifeless", "breathless", "cold", "pale", "clay", "dust", "rites",
                   "sepulchre", "departed", "no more", "never more", "lost", "loss", "farewell",
                   "bleeding", "wounds", "gone", "body", "ghost", "kill'd", "killed", "murder",
                   "grief", "sorrow", "heaven", "rest", "sweet soul"],
            strongCues: ["dead", "corse", "corpse", "funeral", "mourn", "mourning", "grave", "tomb",
                         "hearse", "coffin", "obsequies", "is dead", "slain", "weep", "wept",
                         "are dead", "art dead", "was dead", "he is gone", "she is gone"],
            faintCues: ["son", "father", "brother", "child", "husband", "sweet", "poor", "soul", "o"],
            typicalRate: 0.0141, spread: 0.0170),
        ActionLexicon(
            tag: "entreating",
            cues: ["pray", "pardon", "mercy", "merciful", "pity", "grant", "suit", "petition",
                   "humbly", "spare", "good my lord", "sweet lord", "gentle", "please", "gracious",
                   "knee", "knees", "plead", "intercede", "o let", "o hear", "for pity", "if ever",
                   "good sir", "help", "hear", "entreaty", "pitiful", "relent", "forgive", "stay",
                   "do not", "dear", "good"],
            strongCues: ["beseech", "prithee", "entreat", "intreat", "implore", "beg", "i pray",
                         "i pray thee", "pray you", "for god's sake", "for heaven's sake",
                         "have mercy", "pardon me", "forgive me", "vouchsafe", "kneel",
                         "on my knees", "upon my knees", "hear me", "i do beseech", "let me",
                         "i pray you", "suitor", "o let me"],
            faintCues: ["me", "let", "do", "you", "your"],
            typicalRate: 0.0225, spread: 0.0213),
        ActionLexicon(
            tag: "mocking",
            cues: ["foolish", "laughter", "fie", "forsooth", "quoth", "marry", "ape", "goose", "wit",
                   "knave", "rascal", "cuckold", "horn", "horns", "idiot", "dolt", "puppy", "monkey",
                   "baboon", "jackanapes", "sirrah", "i warrant", "good faith", "tickle", "sport",
                   "merry", "quotha", "pretty", "brave", "simple",
                   "simplicity", "foppery", "folly", "fashion", "humour", "mad", "jig", "ballad",
                   "rhyme", "wise", "gull", "fat", "ha"],
            strongCues: ["coxcomb", "mock", "mockery", "scorn", "jest", "ha ha", "jeer", "flout",
                         "scoff", "fool", "fools", "ass", "asses", "buffoon", "laugh", "ridiculous",
                         "ninny", "zany", "jester", "gibe", "o monstrous", "fine fool"],
            faintCues: ["sir"],
            typicalRate: 0.0072, spread: 0.0128),
        ActionLexicon(
            tag: "threatening",
            cues: ["kill", "blood", "bloody", "sword", "dagger", "tremble", "hang", "destroy",
                   "burn", "perish", "scourge", "punish", "torture", "rack", "wrath", "steel",
                   "blade", "thy life", "thy head", "thy throat", "thy heart", "your head",
                   "your life", "or else", "throat", "strike", "thou shalt", "you shall",
                   "look to", "die", "hew", "slaughter", "massacre", "butcher",
                   "execute", "execution", "dog", "fire"],
            strongCues: ["revenge", "vengeance", "beware", "slay", "avenge", "shalt die",
                         "thou diest", "i'll kill", "i will kill", "off with", "i'll have",
                         "i will have", "i'll tear", "look to it", "thou shalt die", "shall die",
                         "i'll be revenged", "i will be revenged", "i'll make thee", "i'll be",
                         "i will be", "thou shalt not", "revengeful", "vengeful"],
            faintCues: ["i'll", "shall", "shalt", "if", "ere", "thou", "thee"],
            typicalRate: 0.0139, spread: 0.0138),
        ActionLexicon(
            tag: "raging",
            cues: ["devil", "devils", "villain", "villains", "slave", "slaves", "vile", "foul",
                   "monster", "monstrous", "dog", "dogs", "cur", "viper", "serpent", "toad", "rot",
                   "rotten", "poison", "infect", "hate", "hateful", "detested", "abhorred", "mad",
                   "madness", "beast", "damnable", "wolf", "filthy", "black", "blow", "crack",
                   "thunder", "storm", "burst", "howl", "blood", "tear", "wrath", "kite", "hag",
                   "pernicious", "bloody", "treacherous", "lecherous", "remorseless", "fiery"],
            strongCues: ["damn", "damned", "plague", "curse", "cursed", "accursed", "fiend", "whore",
                         "strumpet", "a plague", "out on", "out upon", "o vengeance", "blast",
                         "death and damnation", "hell", "rage", "fury", "o villain", "damnation",
                         "bloody villain"],
            faintCues: ["!", "o", "out", "fie", "thou", "thy"],
            typicalRate: 0.0154, spread: 0.0173),
        ActionLexicon(
            tag: "accusing",
            cues: ["false", "falsehood", "liar", "deceive", "deceit", "wrong", "injury", "injurious",
                   "injustice", "slander", "slanderous", "unkind", "unnatural", "ungrateful",
                   "guilty", "murderer", "shame", "dishonour", "abuse", "usurp", "usurper",
                   "perfidious", "faithless", "shameless", "why didst", "didst", "thou wast",
                   "thou art", "you are", "hast thou", "have you", "disloyal",
                   "dishonest", "wanton", "villany", "villainy", "spite", "malice", "envy",
                   "envious", "cruelty", "corrupt", "corrupted"],
            strongCues: ["traitor", "traitors", "treason", "treacherous", "perjured", "perjury",
                         "forsworn", "betray", "accuse", "thou liest", "you lie", "shame on",
                         "hypocrite", "how dare", "ingratitude", "thou hast", "thou didst",
                         "didst thou", "thou art a", "you are a", "you have", "slanderer"],
            faintCues: ["thou", "thy", "thee", "you", "your"],
            typicalRate: 0.0176, spread: 0.0178),
        ActionLexicon(
            tag: "recounting",
            cues: ["came", "saw", "went", "said", "told", "heard", "found", "met", "took", "gave",
                   "began", "fell", "stood", "ran", "bade", "sent", "brought", "left", "whilst",
                   "the while", "ago", "yesterday", "anon", "seen", "cried", "spoke", "fled", "lay",
                   "knew", "struck", "smote", "rode", "wept", "laid", "sat", "followed", "turned",
                   "ere long", "presently", "straight", "then he", "then she", "when he",
                   "when she"],
            strongCues: ["methought", "whereat", "spake", "quoth he", "quoth she", "i saw", "he said",
                         "she said", "there was", "at last", "at length", "whereupon", "thereupon",
                         "it chanced", "upon a time", "one day", "last night", "i met", "we came",
                         "he came", "she came", "there came", "he did", "she did", "they did", "he was", "she was",
                         "they were", "did he", "we did", "i did"],
            faintCues: ["he", "she", "they", "him", "them", "his", "her", "their", "then", "when",
                        "was", "were", "had", "did"],
            typicalRate: 0.0233, spread: 0.0193),
        ActionLexicon(
            tag: "planning",
            cues: ["i shall", "we will", "we shall", "shall we", "let's", "tomorrow", "to morrow",
                   "tonight", "to night", "means", "first", "next", "presently", "letter", "meet",
                   "send", "hence", "soon", "hour", "work", "away", "subtle", "cunning", "crafty",
                   "trap", "bait", "lure", "instrument", "set on", "to set", "after", "practise", "practice", "scheme", "snare",
                   "net", "advantage", "occasion", "opportunity", "invention", "engine", "secret",
                   "secretly", "closely", "dispatch", "despatch", "execute", "effect", "shape",
                   "abuse", "make him", "i'll go", "i will go", "do it", "see it"],
            strongCues: ["plot", "plots", "devise", "device", "stratagem", "policy", "contrive",
                         "purpose", "intend", "design", "i will", "i'll", "we'll", "let us",
                         "will i", "i must", "shall be", "my purpose", "this night", "how to",
                         "i'll do", "i will do", "he shall", "it shall", "must be", "resolve",
                         "resolved", "determine", "determined"],
            faintCues: ["will", "shall", "must", "go", "how", "way", "then"],
            typicalRate: 0.0272, spread: 0.0254),
        ActionLexicon(
            tag: "inspiring",
            cues: ["honour", "valour", "valiant", "brave", "bravely", "follow", "cheer",
                   "arms", "soldier", "soldiers", "conquer", "glory", "strike", "sound", "drum",
                   "trumpet", "banner", "banners", "colours", "england", "manhood", "lion", "lions",
                   "tiger", "spirit", "spirits", "hearts", "dare", "field", "battle", "foe", "foes",
                   "enemy", "enemies", "gentlemen", "lords", "friends", "mettle", "noble",
                   "yeomen", "fathers", "breach", "triumph", "dauntless", "stand"],
            strongCues: ["once more", "follow me", "on on", "fear not", "cheerly", "courage",
                         "saint george", "god for", "victory", "charge", "countrymen", "come on",
                         "upon them", "set on", "let us", "advance", "forward", "march", "let's",
                         "we few", "be brave", "fight"],
            faintCues: ["we", "us", "our", "on", "!", "let"],
            typicalRate: 0.0190, spread: 0.0173),
        ActionLexicon(
            tag: "persuading",
            cues: ["think", "cause", "reason", "reasons", "prove", "argument", "believe", "rather",
                   "sure", "surely", "ambitious", "honourable", "bid", "suppose", "grant",
                   "if you", "if it", "if he", "should", "would", "could", "what then", "say",
                   "speak", "answer", "plead", "lose", "gain", "profit", "know"],
            strongCues: ["consider", "therefore", "were it not", "is it not", "bethink", "persuade",
                         "i tell you", "tell me", "what say you", "you know", "think you",
                         "judge", "mark", "look you", "answer me", "did you not", "you see",
                         "wherefore", "would you", "why then", "you all", "i say", "hear me",
                         "believe me", "will you", "shall we", "is not", "are not"],
            faintCues: ["you", "your", "?", "if", "not", "no", "but", "yet", "for", "why", "then"],
            typicalRate: 0.0441, spread: 0.0266),
        ActionLexicon(
            tag: "counselling",
            cues: ["remember", "wise", "wisdom", "learn", "keep", "neither", "always", "trust",
                   "temper", "moderate", "govern", "lest", "take", "use", "bear", "youth", "young",
                   "friend", "friends", "virtue", "honest", "company", "give", "careful", "heed",
                   "caution", "guard", "avoid", "shun", "observe", "modest", "modesty", "duty",
                   "obey", "obedience", "patient", "beware"],
            strongCues: ["counsel", "advise", "advice", "take heed", "be not", "do not",
                         "above all", "patience", "be wise", "mark me", "be ruled", "be advised",
                         "look thou", "let not", "see thou", "beware of", "be thou", "give thy",
                         "thou must", "you must", "never be",
                         "do thou", "keep thy", "take my"],
            faintCues: ["be", "thy", "thee", "let", "never", "nor", "should", "must", "look",
                        "you", "your", "not"],
            typicalRate: 0.0291, spread: 0.0189),
        ActionLexicon(
            tag: "confessing",
            cues: ["sin", "crime", "fault", "shame", "ashamed", "conscience", "forgive",
                   "forgiveness", "the truth", "truth", "secret", "reveal", "acknowledge",
                   "deserve", "pardon", "offence", "pray", "prayer", "wicked", "wickedness",
                   "remorse", "unworthy", "deed", "deeds", "folly", "blame", "i was", "i did",
                   "i have been", "i have done", "i know", "heaven", "soul", "grace", "own",
                   "foul", "wretch", "i must tell"],
            strongCues: ["confess", "confession", "sinned", "sinn'd", "guilty", "guilt", "repent",
                         "repentance", "penitent", "forgive me", "heaven forgive", "god forgive",
                         "i confess", "my sin", "my sins", "my fault", "my faults", "my offence",
                         "the truth is", "i am ashamed", "my crime", "my guilt", "pardon me",
                         "i have sinned", "my shame", "i have offended", "i did it"],
            faintCues: ["i", "me", "my", "myself"],
            typicalRate: 0.0232, spread: 0.0171),
        ActionLexicon(
            tag: "boasting",
            cues: ["none", "match", "thousand", "hundred", "fought", "slew", "valour", "mighty",
                   "strong", "strength", "fame", "famous", "beat", "greater", "bold", "dare",
                   "conquered", "conquer'd", "vanquish", "vanquished", "proud", "greatest",
                   "scorn", "master", "sword", "arm", "hand", "fear not", "i can", "i will", "i'll", "as i", "beard", "twenty", "fifty", "threescore", "army",
                   "giant", "hercules", "alexander", "wonder", "myself", "i am", "i have"],
            strongCues: ["none but", "my sword", "my valour", "my fame", "i dare", "there's none",
                         "who dares", "i warrant", "by this hand", "by this sword", "my arm",
                         "i have slain", "i'll make", "as i am", "i'll warrant", "i killed",
                         "i kill'd", "i slew", "i fought", "i beat", "my might", "my power",
                         "my strength", "my prowess", "i'll fight", "let me see", "i could",
                         "am i not", "i have done", "i am a"],
            faintCues: ["i", "me", "my", "mine"],
            typicalRate: 0.0316, spread: 0.0233),
        ActionLexicon(
            tag: "wooing",
            cues: ["sweet", "fair", "fairest", "beauteous", "eyes", "eye", "face", "cheek", "hand",
                   "heart", "dear", "dearest", "mistress", "lady", "vow", "rose", "passion",
                   "embrace", "sigh", "gentle", "blush", "smile", "cupid", "venus", "desire",
                   "belov'd", "lov'd", "sweetheart", "bosom", "breast", "maid", "loving", "tender",
                   "soft", "bright", "star", "stars", "angel", "saint", "wooer", "marry", "wife",
                   "husband", "romeo", "juliet", "night", "moon"],
            strongCues: ["love", "kiss", "woo", "i love", "lips", "beauty", "my love", "sweet love",
                         "adore", "lover", "beloved", "my lady", "my mistress", "sweet heart",
                         "thy love", "in love", "lovely", "lovers", "dear love"],
            faintCues: ["thou", "thee", "thy", "her", "she", "o"],
            typicalRate: 0.0329, spread: 0.0299),
        ActionLexicon(
            tag: "reflecting",
            cues: ["world", "men", "thought", "think", "mind", "reason", "soul", "fortune", "sleep",
                   "dream", "death", "conscience", "virtue", "heaven", "earth", "nothing",
                   "something", "being", "wisdom", "age", "youth", "end", "vanity", "shadow", "seem",
                   "opinion", "custom", "doubt", "question", "things", "live", "man", "life",
                   "time", "nature", "flesh", "dust", "stage", "player", "honour", "ambition",
                   "kings", "beggar", "fate", "destiny", "happy", "happiness", "content",
                   "pleasure", "glory"],
            strongCues: ["to be", "not to be", "mortal", "mortality", "what is", "philosophy",
                         "the world", "this world", "all the world", "such stuff", "our life",
                         "man's life", "what's", "what are", "is it", "what a", "we are",
                         "all men", "who would", "no man", "every man"],
            faintCues: ["?", "why", "all", "we", "our", "us", "such", "what", "every", "some", "each",
                        "thus", "so"],
            typicalRate: 0.0427, spread: 0.0237),
        ActionLexicon(
            tag: "praising",
            cues: ["noble", "nobly", "worthy", "rare", "virtue", "virtuous", "gracious", "glory",
                   "honourable", "admire", "wonder", "wondrous", "perfect", "goodly", "godlike",
                   "divine", "heavenly", "fame", "deserve", "merit", "bounty", "bounteous", "kind",
                   "best", "brave", "gentle", "valiant", "grace", "excellence", "he was",
                   "was he", "honour", "royal", "majesty", "fairest", "sweetest", "gentlest",
                   "wisest", "bravest", "kindest", "beauty", "delicate", "fair", "rich"],
            strongCues: ["praise", "peerless", "paragon", "renowned", "noblest", "matchless",
                         "excellent", "perfection", "o noble", "most noble", "worthiest",
                         "admirable", "glorious", "so noble", "the noblest", "most worthy",
                         "praised", "such a", "the best", "never was", "he was a"],
            faintCues: ["most", "so"],
            typicalRate: 0.0141, spread: 0.0151),
        ActionLexicon(
            tag: "fearing",
            cues: ["fear", "fright", "terrible", "dreadful", "horrible", "horrid", "shake", "ghost",
                   "spirit", "methinks", "strange", "dark", "darkness", "night", "owl", "scream",
                   "shriek", "sweat", "amaze", "amazed", "danger", "dangerous", "safe", "safety",
                   "lest", "coward", "cowardice", "blood", "death", "hide", "vision",
                   "apparition", "nightmare", "cold", "faint", "pale", "knock", "bell", "grave",
                   "mad", "madness", "alone", "tomb"],
            strongCues: ["afraid", "terror", "dread", "horror", "tremble", "i fear", "affright",
                         "ghastly", "fearful", "what if", "i am afraid", "my fear", "help",
                         "hark", "who's there", "quake", "shudder", "i dare not", "what's that", "o god", "i'll not", "mercy on"],
            faintCues: ["what", "?", "if", "o", "!"],
            typicalRate: 0.0184, spread: 0.0160),
    ]

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
