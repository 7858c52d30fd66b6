import GRDB
import Vocabulary

extension AppDatabase {
    /// Append-only: a migration that has landed is never edited; changes come as new ones.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-monologue-library") { db in
            try db.create(table: "library") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("revision", .integer).notNull().defaults(to: 0)
                t.column("importedAt", .datetime)
                t.column("source", .text)
            }
            try db.create(table: "monologue") { t in
                t.primaryKey("id", .text)
                t.column("title", .text).notNull()
                t.column("sortTitle", .text).notNull()
                t.column("play", .text).notNull()
                t.column("character", .text).notNull()
                t.column("gender", .text).notNull().check { ["male", "female", "any"].contains($0) }
                t.column("tone", .text).notNull().check { ["comedy", "tragedy", "history"].contains($0) }
                t.column("genre", .text).notNull()
                t.column("act", .integer).notNull()
                t.column("scene", .integer).notNull()
                t.column("location", .text).notNull()
                t.column("notes", .text).notNull()
                t.column("text", .text).notNull()
                t.column("wordCount", .integer).notNull()
                t.column("lineCount", .integer).notNull()
                t.column("seconds", .integer).notNull()
                t.column("length", .text).notNull().check { ["short", "medium", "long"].contains($0) }
                t.column("verse", .boolean).notNull()
                t.column("tags", .text).notNull()
                t.column("revision", .integer).notNull()
                t.column("retired", .boolean).notNull().defaults(to: false)
            }
            try db.create(index: "monologue_on_revision", on: "monologue", columns: ["revision"])
        }
        registerAccountMigrations(&migrator)
        registerVocabularyMigrations(&migrator)
        registerGhostMigrations(&migrator)
        registerPlotMigrations(&migrator)
        registerCharacterMigrations(&migrator)
        registerSessionDigestMigration(&migrator)
        registerPlotLimitsMigration(&migrator)
        registerLoginThrottleMigration(&migrator)
        registerVocabularyIndexMigration(&migrator)
        registerGhostLimitsMigration(&migrator)
        registerListIndexMigration(&migrator)
        registerMonologueFindingOptionsMigration(&migrator)
        registerMonologueLongerCutMigration(&migrator)
        registerLineDrillMigration(&migrator)
        registerStudyLimitsMigration(&migrator)
        registerQueueHealthMigration(&migrator)
        registerSchedulerParametersMigration(&migrator)
        registerGhostRulesMigration(&migrator)
        registerGhostRatingsMigration(&migrator)
        registerGhostRoomsMigration(&migrator)
        registerDailyPuzzleMigration(&migrator)
        registerWordListsMigration(&migrator)
        registerLoginNetworkMigration(&migrator)
        registerVocabularyImportMigration(&migrator)
        registerSyncOperationMigration(&migrator)
        registerKeptChangeMigration(&migrator)
        migrator.registerMigration("v29-sync-operation-results") { db in
            // The pair a device's "add" made, so that a resend answers with the same pair.
            try db.alter(table: "syncOperation") { t in t.add(column: "result", .integer) }
        }
        migrator.registerMigration("v30-unrevisable-pairs") { db in
            // The few pairs revision skips (a side empty, or suspended), found without reading
            // every pair: what waits is counted over all pairs by the indexes, less these.
            try db.execute(sql: """
                CREATE INDEX vocabPair_unrevisable ON vocabPair(accountId) WHERE english = '' OR welsh = '' OR suspended
                """)
        }
        return migrator
    }
}

extension AppDatabase {
    /// Accounts, their sessions and log-in attempts, and what users keep of the monologue library.
    static func registerAccountMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2-accounts-and-favourites") { db in
            try db.create(table: "account") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("username", .text).notNull().unique().collate(.nocase)
                t.column("passwordHash", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "session") { t in
                t.primaryKey("token", .text)
                t.belongsTo("account", onDelete: .cascade).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull()
            }
            try db.create(table: "loginFailure") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("key", .text).notNull()
                t.column("at", .datetime).notNull()
            }
            try db.create(index: "loginFailure_on_key_at", on: "loginFailure", columns: ["key", "at"])
            try db.create(table: "monologueOptions") { t in
                t.primaryKey("accountId", .integer).references("account", onDelete: .cascade)
                t.column("gender", .text)
                t.column("tone", .text)
                t.column("length", .text)
                t.column("textSize", .text).notNull().defaults(to: "medium")
            }
            try db.create(table: "favourite") { t in
                t.belongsTo("account", onDelete: .cascade).notNull()
                t.column("monologueId", .text).notNull().references("monologue")
                t.primaryKey(["accountId", "monologueId"])
                t.column("createdAt", .datetime).notNull()
                t.column("text", .text)
                t.column("notes", .text)
                t.column("tags", .text)
                t.column("gender", .text)
                t.column("editedAt", .datetime)
            }
        }
    }
}

extension AppDatabase {
    /// The vocabulary trainer: pairs and their tags, one FSRS card per pair and direction, and
    /// every review. All of it belongs to an account and goes with it.
    static func registerVocabularyMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3-vocabulary") { db in
            try db.create(table: "vocabPair") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("account", onDelete: .cascade).notNull()
                t.column("english", .text).notNull()
                t.column("welsh", .text).notNull()
                t.column("note", .text).notNull()
                t.column("type", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "vocabTag") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("account", onDelete: .cascade).notNull()
                t.column("name", .text).notNull().collate(.nocase)
                t.uniqueKey(["accountId", "name"])
            }
            try db.create(table: "vocabPairTag") { t in
                t.column("pairId", .integer).notNull().references("vocabPair", onDelete: .cascade)
                t.column("tagId", .integer).notNull().references("vocabTag", onDelete: .cascade)
                t.primaryKey(["pairId", "tagId"])
            }
            try db.create(index: "vocabPairTag_on_tagId", on: "vocabPairTag", columns: ["tagId"])
            try db.create(table: "vocabCard") { t in
                t.column("pairId", .integer).notNull().references("vocabPair", onDelete: .cascade)
                t.column("direction", .text).notNull().check { ["englishToWelsh", "welshToEnglish"].contains($0) }
                t.primaryKey(["pairId", "direction"])
                t.column("state", .integer).notNull().check { (1...3).contains($0) }
                t.column("step", .integer)
                t.column("stability", .double)
                t.column("difficulty", .double)
                t.column("due", .datetime).notNull()
                t.column("lastReview", .datetime)
            }
            try db.create(table: "vocabReview") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("pairId", .integer).notNull().references("vocabPair", onDelete: .cascade)
                t.column("direction", .text).notNull()
                t.column("rating", .integer).notNull().check { (1...4).contains($0) }
                t.column("reviewedAt", .datetime).notNull()
                t.column("duration", .double)
            }
            try db.create(index: "vocabReview_on_pairId", on: "vocabReview", columns: ["pairId"])
        }
    }
}

extension AppDatabase {
    /// Ghost: each game's settings and seats, every action in order (the game is rebuilt by
    /// replaying them), and one result row per account and finished game for the high scores.
    static func registerGhostMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4-ghost") { db in
            try db.create(table: "ghostGame") { t in
                t.primaryKey("id", .text)
                t.column("mode", .text).notNull().check { ["hotseat", "online"].contains($0) }
                t.column("status", .text).notNull().check { ["waiting", "playing", "finished"].contains($0) }
                t.column("dictionary", .text).notNull()
                t.column("minLength", .integer).notNull().check { (3...5).contains($0) }
                t.column("firstPlayer", .integer).notNull().defaults(to: 0)
                t.column("ownerId", .integer).references("account", onDelete: .setNull)
                // Moves on with every join and move, so watchers can tell cheaply that something changed.
                t.column("version", .integer).notNull().defaults(to: 0)
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(index: "ghostGame_on_ownerId", on: "ghostGame", columns: ["ownerId"])
            try db.create(table: "ghostSeat") { t in
                t.column("gameId", .text).notNull().references("ghostGame", onDelete: .cascade)
                t.column("seat", .integer).notNull()
                t.primaryKey(["gameId", "seat"])
                t.column("name", .text).notNull()
                t.column("kind", .text).notNull().check { ["person", "easy", "hard"].contains($0) }
                t.column("accountId", .integer).references("account", onDelete: .setNull)
                t.uniqueKey(["gameId", "accountId"])
            }
            try db.create(index: "ghostSeat_on_accountId", on: "ghostSeat", columns: ["accountId"])
            try db.create(table: "ghostMove") { t in
                t.column("gameId", .text).notNull().references("ghostGame", onDelete: .cascade)
                t.column("seq", .integer).notNull()
                t.primaryKey(["gameId", "seq"])
                t.column("action", .text).notNull()
                t.column("at", .datetime).notNull()
            }
            // Results outlive the game they came from, so pruning old games never costs a score.
            try db.create(table: "ghostResult") { t in
                t.column("gameId", .text).notNull()
                t.belongsTo("account", onDelete: .cascade).notNull()
                t.primaryKey(["gameId", "accountId"])
                t.column("dictionary", .text).notNull()
                t.column("minLength", .integer).notNull()
                t.column("won", .boolean).notNull()
                t.column("rounds", .integer).notNull()
                t.column("roundsLost", .integer).notNull()
                t.column("finishedAt", .datetime).notNull()
            }
            try db.create(index: "ghostResult_on_dictionary", on: "ghostResult", columns: ["dictionary"])
        }
    }
}

extension AppDatabase {
    /// Plots: the plots an account keeps (by their entry ids, with the sentence as it read) and
    /// the Tracery grammars it loaded.
    static func registerPlotMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5-plots") { db in
            try db.create(table: "plotFavourite") { t in
                t.belongsTo("account", onDelete: .cascade).notNull()
                t.column("plotIds", .text).notNull()
                t.primaryKey(["accountId", "plotIds"])
                t.column("seed", .integer)
                t.column("text", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "plotGrammar") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("account", onDelete: .cascade).notNull()
                t.column("name", .text).notNull().collate(.nocase)
                t.uniqueKey(["accountId", "name"])
                t.column("json", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
        }
    }
}

extension AppDatabase {
    /// Characters: the catalogue once it differs from the bundled one (after a SWAPI import), as
    /// one document with a revision count, and the characters each account keeps as favourites.
    static func registerCharacterMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6-characters") { db in
            try db.create(table: "characterCatalogue") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("revision", .integer).notNull()
                t.column("json", .text).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "characterFavourite") { t in
                t.belongsTo("account", onDelete: .cascade).notNull()
                t.column("characterId", .integer).notNull()
                t.primaryKey(["accountId", "characterId"])
                t.column("createdAt", .datetime).notNull()
            }
        }
    }
}

extension AppDatabase {
    /// Sessions keep the SHA-256 of their token instead of the token: existing sessions are
    /// rewritten in place, so nobody is signed out by the change.
    static func registerSessionDigestMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v7-session-token-digests") { db in
            try db.alter(table: "session") { t in t.rename(column: "token", to: "tokenDigest") }
            let tokens = try String.fetchAll(db, sql: "SELECT tokenDigest FROM session")
            for token in tokens {
                try db.execute(sql: "UPDATE session SET tokenDigest = ? WHERE tokenDigest = ?",
                               arguments: [SessionDigest.of(token), token])
            }
        }
    }

    /// The kept plots list reads one account's plots newest first, a page at a time.
    static func registerPlotLimitsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v8-plots-limits") { db in
            try db.create(index: "plotFavourite_accountId_createdAt", on: "plotFavourite", columns: ["accountId", "createdAt"])
        }
    }
}

extension AppDatabase {
    /// Vocabulary at the size of a whole dictionary (12,000–25,000 pairs an account): a folded
    /// search key per pair, so accent-blind search is one scan of the account's own rows in SQL;
    /// the pair list's order as an index, so a page reads 50 rows instead of sorting thousands;
    /// the account on each card, so the due queue of one account and direction is an index range.
    static func registerVocabularyIndexMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v10-vocabulary-indexes") { db in
            try db.alter(table: "vocabPair") { t in
                t.add(column: "searchKey", .text).notNull().defaults(to: "")
            }
            let rows = try Row.fetchAll(db, sql: "SELECT id, english, welsh FROM vocabPair")
            let update = try db.makeStatement(sql: "UPDATE vocabPair SET searchKey = ? WHERE id = ?")
            for row in rows {
                let pair = Pair(english: row["english"], welsh: row["welsh"])
                try update.execute(arguments: [pair.searchKey, row["id"] as Int64])
            }
            try db.execute(sql: """
                CREATE INDEX vocabPair_on_accountId_english_welsh
                ON vocabPair(accountId, english COLLATE NOCASE, welsh COLLATE NOCASE)
                """)
            try db.alter(table: "vocabCard") { t in
                t.add(column: "accountId", .integer).references("account", onDelete: .cascade)
            }
            try db.execute(sql: "UPDATE vocabCard SET accountId = (SELECT accountId FROM vocabPair WHERE id = vocabCard.pairId)")
            try db.create(index: "vocabCard_on_accountId_direction_due", on: "vocabCard", columns: ["accountId", "direction", "due"])
        }
    }
}

extension AppDatabase {
    /// Lists read a page at a time in the order they are shown, so each walks an index in that
    /// order, stopping after the page, instead of sorting the account's whole list for every
    /// page (checked with EXPLAIN QUERY PLAN in `ListPagingStoreTests`).
    static func registerListIndexMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v13-list-indexes") { db in
            try db.execute(sql: "CREATE INDEX favourite_on_accountId_createdAt ON favourite (accountId, createdAt DESC, monologueId)")
            try db.execute(sql: """
                CREATE INDEX characterFavourite_on_accountId_createdAt ON characterFavourite (accountId, createdAt DESC, characterId)
                """)
        }
    }
}

extension AppDatabase {
    /// Ghost quotas and paging: the starts of games without an account (an hour's worth, per
    /// address), an index that answers the leaderboard from the index alone, and no more high
    /// scores from hot-seat games an account played against itself.
    static func registerGhostLimitsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v11-ghost-limits") { db in
            try db.create(table: "ghostAnonymousStart") { t in
                t.column("address", .text).notNull()
                t.column("startedAt", .datetime).notNull()
            }
            try db.create(index: "ghostAnonymousStart_on_address_startedAt", on: "ghostAnonymousStart", columns: ["address", "startedAt"])
            try db.create(index: "ghostResult_on_dictionary_accountId", on: "ghostResult",
                          columns: ["dictionary", "accountId", "won", "rounds", "roundsLost"])
            // A hot-seat game has one account at most; with a person's seat nobody held, that
            // account played the other seats itself.
            try db.execute(sql: """
                DELETE FROM ghostResult WHERE gameId IN (
                    SELECT g.id FROM ghostGame g WHERE g.mode = 'hotseat' AND EXISTS (
                        SELECT 1 FROM ghostSeat s WHERE s.gameId = g.id AND s.kind = 'person' AND s.accountId IS NULL))
                """)
        }
    }
}

extension AppDatabase {
    /// Log-in attempts are counted per username and network (one row per attempt, written before
    /// the password is checked), replacing the failures counted per username and per address;
    /// registrations are counted per network; and the installation's secrets (the CSRF key) live
    /// here so every server instance shares them.
    static func registerLoginThrottleMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v9-login-throttle") { db in
            try db.drop(table: "loginFailure")
            try db.create(table: "loginAttempt") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("username", .text).notNull()
                t.column("network", .text).notNull()
                t.column("at", .datetime).notNull()
            }
            try db.create(index: "loginAttempt_on_username_network", on: "loginAttempt", columns: ["username", "network"])
            try db.create(index: "loginAttempt_on_at", on: "loginAttempt", columns: ["at"])
            try db.create(table: "registrationAttempt") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("network", .text).notNull()
                t.column("at", .datetime).notNull()
            }
            try db.create(index: "registrationAttempt_on_network", on: "registrationAttempt", columns: ["network"])
            try db.create(index: "registrationAttempt_on_at", on: "registrationAttempt", columns: ["at"])
            try db.create(table: "serverSecret") { t in
                t.primaryKey("name", .text)
                t.column("value", .blob).notNull()
            }
        }
    }

    /// The Monologues options gained verse or prose, play, playing age and "not overdone": kept
    /// with the account like the others (a logged-out visitor keeps them in a cookie).
    static func registerMonologueFindingOptionsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v14-monologue-finding-options") { db in
            try db.alter(table: "monologueOptions") { t in
                t.add(column: "form", .text)
                t.add(column: "play", .text)
                t.add(column: "age", .text)
                t.add(column: "fresh", .boolean).notNull().defaults(to: false)
            }
        }
    }

    /// A piece split off an interrupted speech names the whole speech, kept as its longer cut.
    static func registerMonologueLongerCutMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v15-monologue-longer-cut") { db in
            try db.alter(table: "monologue") { t in
                t.add(column: "longerCut", .text)
            }
        }
    }

    /// Each line of a favourite an actor rehearses is a card of its own, scheduled as the
    /// Vocabulary app's cards are, with the help its prompt still gives. Letting a favourite go
    /// lets its lines go.
    static func registerLineDrillMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v16-line-drill") { db in
            try db.create(table: "rehearsedLine") { t in
                t.column("accountId", .integer).notNull()
                t.column("monologueId", .text).notNull()
                t.column("lineKey", .text).notNull()
                t.primaryKey(["accountId", "monologueId", "lineKey"])
                t.foreignKey(["accountId", "monologueId"], references: "favourite", columns: ["accountId", "monologueId"],
                             onDelete: .cascade)
                t.column("state", .integer).notNull()
                t.column("step", .integer)
                t.column("stability", .double)
                t.column("difficulty", .double)
                t.column("due", .datetime).notNull()
                t.column("lastReview", .datetime)
                t.column("help", .integer).notNull()
                t.column("wordPerfect", .boolean).notNull()
                t.column("reviews", .integer).notNull()
                t.column("misses", .integer).notNull()
            }
        }
    }

    /// Daily limits count the new cards and the reviews of learned cards an account has done
    /// since its day began: the review log learns whose it is and what the card was, with an
    /// index to count a day by. Reviews logged before this knew neither: the first review of a
    /// card counts as its new one, the others as reviews (the learning steps are not told apart).
    static func registerStudyLimitsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v17-study-limits") { db in
            try db.alter(table: "vocabReview") { t in
                t.add(column: "accountId", .integer)
                t.add(column: "kind", .text)
            }
            try db.execute(sql: "UPDATE vocabReview SET accountId = (SELECT accountId FROM vocabPair WHERE vocabPair.id = vocabReview.pairId)")
            try db.execute(sql: """
                UPDATE vocabReview SET kind = CASE WHEN id = (SELECT MIN(r.id) FROM vocabReview r
                  WHERE r.pairId = vocabReview.pairId AND r.direction = vocabReview.direction) THEN 'new' ELSE 'review' END
                """)
            try db.create(index: "vocabReview_on_accountId_reviewedAt", on: "vocabReview", columns: ["accountId", "reviewedAt"])
            try db.create(table: "vocabSettings") { t in
                t.primaryKey("accountId", .integer).references("account", onDelete: .cascade)
                t.column("newCardsPerDay", .integer).notNull()
                t.column("reviewsPerDay", .integer).notNull()
                t.column("dayStartHour", .integer).notNull()
                t.column("timeZone", .text).notNull()
                t.column("desiredRetention", .double).notNull()
            }
        }
    }

    /// Keeping the queue healthy: a pair may be suspended; a card counts its lapses (a leech is
    /// tagged and suspended at the account's threshold); and each review keeps the card as it was
    /// before, so the last rating can be taken back. Older reviews kept nothing: they are marked
    /// as not undoable rather than guessed at.
    static func registerQueueHealthMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v18-queue-health") { db in
            try db.alter(table: "vocabPair") { t in t.add(column: "suspended", .boolean).notNull().defaults(to: false) }
            try db.alter(table: "vocabCard") { t in t.add(column: "lapses", .integer).notNull().defaults(to: 0) }
            try db.alter(table: "vocabReview") { t in
                t.add(column: "undoable", .boolean).notNull().defaults(to: false)
                t.add(column: "prevState", .integer)
                t.add(column: "prevStep", .integer)
                t.add(column: "prevStability", .double)
                t.add(column: "prevDifficulty", .double)
                t.add(column: "prevDue", .datetime)
                t.add(column: "prevLastReview", .datetime)
                t.add(column: "prevLapses", .integer).notNull().defaults(to: 0)
                t.add(column: "lapses", .integer).notNull().defaults(to: 0)
            }
            try db.alter(table: "vocabSettings") { t in t.add(column: "leechThreshold", .integer).notNull().defaults(to: 8) }
        }
    }

    /// A learner may apply FSRS weights fitted to their own reviews: kept as a JSON array of 21
    /// numbers, read back through `SchedulerParameters`' bounds.
    static func registerSchedulerParametersMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19-scheduler-parameters") { db in
            try db.alter(table: "vocabSettings") { t in t.add(column: "weights", .text) }
        }
    }

    /// Each game's rules: forgiving or classic challenges, Ghost or Superghost. Games from
    /// before were forgiving Ghost, the defaults.
    static func registerGhostRulesMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v20-ghost-rules") { db in
            try db.alter(table: "ghostGame") { t in
                t.add(column: "challenges", .text).notNull().defaults(to: "forgiving").check { ["forgiving", "classic"].contains($0) }
                t.add(column: "variant", .text).notNull().defaults(to: "ghost").check { ["ghost", "superghost"].contains($0) }
            }
        }
    }

    /// Ghost ratings and remembered choices: an Elo rating per account and dictionary, moved by
    /// each game finished between accounts from now on (games finished before have none to
    /// replay fairly, and ratings start level at 1500), and the dictionary, shortest word and
    /// rules each account last started a game with.
    static func registerGhostRatingsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v21-ghost-ratings-and-choices") { db in
            try db.create(table: "ghostRating") { t in
                t.column("accountId", .integer).notNull().references("account", onDelete: .cascade)
                t.column("dictionary", .text).notNull()
                t.primaryKey(["accountId", "dictionary"])
                // Kept unrounded: rounding after every game would drift.
                t.column("rating", .double).notNull()
                t.column("ratedGames", .integer).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(index: "ghostRating_on_dictionary_rating", on: "ghostRating", columns: ["dictionary", "rating"])
            try db.create(table: "ghostPreferences") { t in
                t.primaryKey("accountId", .integer).references("account", onDelete: .cascade)
                t.column("dictionary", .text).notNull()
                t.column("minLength", .integer).notNull().check { (3...5).contains($0) }
                t.column("challenges", .text).notNull().check { ["forgiving", "classic"].contains($0) }
                t.column("variant", .text).notNull().check { ["ghost", "superghost"].contains($0) }
            }
        }
    }

    /// Online rooms a host lists in the public lobby, and a turn timer per room. A partial
    /// index keeps the lobby's read to the rooms it can show, however many games are finished.
    static func registerGhostRoomsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v22-ghost-rooms") { db in
            try db.alter(table: "ghostGame") { t in
                t.add(column: "listed", .boolean).notNull().defaults(to: false)
                t.add(column: "turnSeconds", .integer).notNull().defaults(to: 0).check { $0 >= 0 && $0 <= 600 }
            }
            try db.execute(sql: """
                CREATE INDEX ghostGame_lobby ON ghostGame (updatedAt) WHERE listed AND mode = 'online' AND status <> 'finished'
                """)
        }
    }

    /// Each account's answer to each day's Ghost puzzle: the first answer of a day is the one
    /// kept, and a streak is read from the correct ones.
    static func registerDailyPuzzleMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v23-ghost-daily-puzzle") { db in
            try db.create(table: "ghostPuzzleAnswer") { t in
                t.belongsTo("account", onDelete: .cascade).notNull()
                t.column("day", .integer).notNull()
                t.column("letter", .text).notNull()
                t.column("correct", .boolean).notNull()
                t.column("answeredAt", .datetime).notNull()
                t.primaryKey(["accountId", "day"])
            }
        }
    }

    /// Word lists players upload, and the list a game plays on. A list is hidden when its
    /// owner deletes it (`deletedAt`), not removed: games played on it still replay.
    static func registerWordListsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v24-ghost-word-lists") { db in
            try db.create(table: "ghostWordList") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("account", onDelete: .cascade).notNull()
                t.column("name", .text).notNull()
                t.column("words", .text).notNull()
                t.column("wordCount", .integer).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("deletedAt", .datetime)
            }
            try db.alter(table: "ghostGame") { t in t.add(column: "wordListId", .integer) }
        }
    }

    /// Failed log-ins counted per network across usernames (`LoginBackoff.failuresPerNetwork`).
    static func registerLoginNetworkMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v25-login-network-budget") { db in
            try db.create(index: "loginAttempt_on_network_at", on: "loginAttempt", columns: ["network", "at"])
        }
    }

    /// Big imports written in chunks, all or nothing: the import is recorded while under way and
    /// its pairs carry its id, so an unfinished one can be taken out (`importPairs`).
    static func registerVocabularyImportMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v26-vocabulary-imports") { db in
            try db.create(table: "vocabImport") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("account", onDelete: .cascade).notNull()
                t.column("startedAt", .datetime).notNull()
            }
            try db.alter(table: "vocabPair") { t in t.add(column: "importId", .integer) }
            try db.execute(sql: "CREATE INDEX vocabPair_on_importId ON vocabPair(importId) WHERE importId IS NOT NULL")
        }
    }

    /// The ids of the operations devices made without a connection and have sent since (a review
    /// revised offline), one row each, so that a batch sent twice is applied once.
    static func registerSyncOperationMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v27-sync-operations") { db in
            try db.create(table: "syncOperation") { t in
                t.belongsTo("account", onDelete: .cascade).notNull()
                t.column("id", .text).notNull()
                t.column("appliedAt", .datetime).notNull()
                t.primaryKey(["accountId", "id"])
            }
        }
    }

    /// When each thing an account keeps (a character: "character:42") was last kept or let go,
    /// so that a change made on a device without a connection and sent later yields to a later
    /// one: the later change wins.
    static func registerKeptChangeMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v28-kept-changes") { db in
            try db.create(table: "keptChange") { t in
                t.belongsTo("account", onDelete: .cascade).notNull()
                t.column("item", .text).notNull()
                t.column("changedAt", .datetime).notNull()
                t.primaryKey(["accountId", "item"])
            }
        }
    }
}
