import HTTPTypes

/// Every endpoint of the JSON API and of the SWAPI-compatible API, as openapi.json describes
/// them (its `operationId` is the case's name; OpenAPITests holds the two to each other). The
/// API router registers its handlers from these cases and nothing else.
enum APIRoute: String, Route {
    case ping, openAPI
    case searchMonologues, monologueStats, monologueChanges, monologue, relatedMonologues, monologueTags
    case defineWord, auditionSets
    case favourites, saveFavourite, deleteFavourite, editFavourite, restoreFavourite, exportFavourite
    case rehearsal, rehearseLine, syncRehearsal
    case pairs, createPair, pair, updatePair, deletePair, pairAudio, vocabularyTags, nextReview, review, exportPairs, importPairs
    case studySettings, saveStudySettings, studyToday, undoReview, suspendPair, vocabularyStats, schedulerTuning, applySchedulerTuning
    case offlineRevision, syncReviews, offlinePairs, syncPairs
    case randomPlot, plotWheels, expandGrammar, keptPlots, keepPlot, forgetPlot, grammars, saveGrammar, deleteGrammar, plot
    case characters, characterFavourites, saveCharacterFavourite, deleteCharacterFavourite, character
    case ghostHighScores, ghostGames, startGhostGame, ghostGame, ghostMove, joinGhostGame, ghostLobby, ghostDaily, answerGhostDaily
    case ghostPreferences, ghostWordLists, uploadGhostWordList, deleteGhostWordList, ghostWords, syncGhostGames
    case swapiRoot, swapiPeople, swapiPerson, swapiPlanets, swapiPlanet, swapiFilms, swapiFilm

    /// Where the two APIs are mounted: every path under these belongs to the API router, whose
    /// answers (errors and unknown paths included) are JSON, so a client asking for an API version
    /// that does not exist gets a JSON 404 too.
    static let mounts = ["/api", "/swapi"]
    /// Made once: every request is sent to its router by these.
    private static let mountPrefixes = mounts.map { $0 + "/" }

    static func isMounted(_ path: String) -> Bool {
        mounts.contains(path) || mountPrefixes.contains { path.hasPrefix($0) }
    }

    var method: HTTPRequest.Method {
        switch self {
        case .createPair, .review, .importPairs, .undoReview, .syncReviews, .syncPairs, .syncRehearsal, .syncGhostGames, .suspendPair, .applySchedulerTuning, .expandGrammar, .saveGrammar, .startGhostGame, .ghostMove, .joinGhostGame, .answerGhostDaily, .uploadGhostWordList,
             .restoreFavourite, .rehearseLine:
            .post
        case .saveFavourite, .updatePair, .keepPlot, .saveCharacterFavourite, .saveStudySettings: .put
        case .deleteFavourite, .deletePair, .forgetPlot, .deleteGrammar, .deleteCharacterFavourite, .deleteGhostWordList: .delete
        case .editFavourite: .patch
        default: .get
        }
    }

    var pattern: String {
        switch self {
        case .ping: "/api/v1/ping"
        case .openAPI: "/api/v1/openapi.json"
        case .searchMonologues: "/api/v1/monologues"
        case .monologueStats: "/api/v1/monologues/stats"
        case .monologueChanges: "/api/v1/monologues/changes"
        case .defineWord: "/api/v1/monologues/define"
        case .auditionSets: "/api/v1/monologues/sets"
        case .monologue: "/api/v1/monologues/{id}"
        case .relatedMonologues: "/api/v1/monologues/{id}/related"
        case .monologueTags: "/api/v1/tags"
        case .favourites: "/api/v1/favourites"
        case .saveFavourite, .deleteFavourite, .editFavourite: "/api/v1/favourites/{id}"
        case .restoreFavourite: "/api/v1/favourites/{id}/restore"
        case .exportFavourite: "/api/v1/favourites/{id}/export"
        case .rehearsal, .rehearseLine: "/api/v1/favourites/{id}/rehearsal"
        case .syncRehearsal: "/api/v1/rehearsal/sync"
        case .pairs, .createPair: "/api/v1/vocab/pairs"
        case .pair, .updatePair, .deletePair: "/api/v1/vocab/pairs/{id}"
        case .pairAudio: "/api/v1/vocab/pairs/{id}/audio"
        case .vocabularyTags: "/api/v1/vocab/tags"
        case .nextReview: "/api/v1/vocab/review"
        case .review: "/api/v1/vocab/review/{id}"
        case .exportPairs: "/api/v1/vocab/export"
        case .importPairs: "/api/v1/vocab/import"
        case .studySettings, .saveStudySettings: "/api/v1/vocab/settings"
        case .studyToday: "/api/v1/vocab/today"
        case .undoReview: "/api/v1/vocab/review/undo"
        case .vocabularyStats: "/api/v1/vocab/stats"
        case .schedulerTuning, .applySchedulerTuning: "/api/v1/vocab/optimizer"
        case .suspendPair: "/api/v1/vocab/pairs/{id}/suspend"
        case .offlineRevision: "/api/v1/vocab/offline"
        case .syncReviews: "/api/v1/vocab/sync"
        case .offlinePairs: "/api/v1/vocab/offline/pairs"
        case .syncPairs: "/api/v1/vocab/sync/pairs"
        case .randomPlot: "/api/v1/plots"
        case .plotWheels: "/api/v1/plots/wheels"
        case .expandGrammar: "/api/v1/plots/expand"
        case .keptPlots: "/api/v1/plots/kept"
        case .keepPlot, .forgetPlot: "/api/v1/plots/kept/{ids}"
        case .grammars, .saveGrammar: "/api/v1/plots/grammars"
        case .deleteGrammar: "/api/v1/plots/grammars/{id}"
        case .plot: "/api/v1/plots/{plot}"
        case .characters: "/api/v1/characters"
        case .characterFavourites: "/api/v1/characters/favourites"
        case .saveCharacterFavourite, .deleteCharacterFavourite: "/api/v1/characters/favourites/{id}"
        case .character: "/api/v1/characters/{id}"
        case .ghostHighScores: "/api/v1/ghost/highscores"
        case .ghostGames, .startGhostGame: "/api/v1/ghost/games"
        case .ghostGame: "/api/v1/ghost/games/{id}"
        case .ghostMove: "/api/v1/ghost/games/{id}/moves"
        case .joinGhostGame: "/api/v1/ghost/games/{id}/join"
        case .ghostLobby: "/api/v1/ghost/lobby"
        case .ghostDaily, .answerGhostDaily: "/api/v1/ghost/daily"
        case .ghostPreferences: "/api/v1/ghost/preferences"
        case .ghostWordLists, .uploadGhostWordList: "/api/v1/ghost/wordlists"
        case .deleteGhostWordList: "/api/v1/ghost/wordlists/{id}"
        case .ghostWords: "/api/v1/ghost/words/{dictionary}"
        case .syncGhostGames: "/api/v1/ghost/offline-games"
        case .swapiRoot: "/swapi/"
        case .swapiPeople: "/swapi/people/"
        case .swapiPerson: "/swapi/people/{id}/"
        case .swapiPlanets: "/swapi/planets/"
        case .swapiPlanet: "/swapi/planets/{id}/"
        case .swapiFilms: "/swapi/films/"
        case .swapiFilm: "/swapi/films/{id}/"
        }
    }
}
