import HTTPTypes

/// Every page and form target of the web app. The pages router registers its handlers from
/// these cases, and page models and redirects build their links with `path(…)`, so a page's
/// address is written once.
enum SiteRoute: String, Route {
    case home
    // The installable shell: the page shown offline and the service worker, which must be
    // served from the root to control every page.
    case offline, serviceWorker
    // Monologues
    case monologues, monologueOptions, saveMonologueOptions, monologueTags, monologueFavourites
    case editFavourite, saveFavouriteEdits, restoreFavourite, removeFavourite, monologue, toggleFavourite, saveMonologueTextSize
    case printFavourite, exportFavourite, auditionSets, favouriteCuts
    case rehearse, checkLine, rateLine, restartRehearsal, rehearseOffline
    // Vocabulary
    case vocabulary, newPair, createPair, editPair, updatePair, deletePair
    case revise, reviseOffline, pairsOffline, revisionSession, answer, rate, studySettings, saveStudySettings, undoRating, suspendPair, vocabularyStats, tuneScheduler
    case pair, pairTags, vocabularyImport, previewImport, importTable, importDictionary, exportPairs
    // Characters
    case characters, characterFavourites, character, characterDetails, characterWeb, characterPortrait, toggleCharacterFavourite
    // Plots
    case plots, keptPlots, keepPlot, forgetPlot, grammars, saveGrammar, grammar, deleteGrammar, plot
    // Ghost
    case ghost, ghostOffline, startHotSeat, openRoom, ghostGame, ghostMove, joinGhostGame, playAgain, ghostScores, ghostHelp, ghostSocket, ghostLobby, ghostDaily, answerGhostDaily,
         uploadWordList, deleteWordList
    // Account
    case account, registerForm, register, loginForm, login, logout, changePassword

    /// A form that stores nothing (checking a typed answer) is a GET, so that its answer page can
    /// be reloaded and gone Back to like any other; every form that changes something is a POST
    /// answered with a redirect.
    var method: HTTPRequest.Method {
        switch self {
        case .saveMonologueOptions, .saveFavouriteEdits, .restoreFavourite, .removeFavourite, .toggleFavourite, .saveMonologueTextSize,
             .favouriteCuts, .rateLine, .restartRehearsal,
             .createPair, .updatePair, .deletePair, .rate, .saveStudySettings, .undoRating, .suspendPair, .tuneScheduler, .toggleCharacterFavourite,
             .keepPlot, .forgetPlot, .saveGrammar, .deleteGrammar,
             .startHotSeat, .openRoom, .ghostMove, .joinGhostGame, .playAgain, .answerGhostDaily, .uploadWordList, .deleteWordList,
             .register, .login, .logout, .changePassword:
            .post
        case .previewImport, .importTable, .importDictionary:
            .post
        default: .get
        }
    }

    var pattern: String {
        switch self {
        case .home: "/"
        case .offline: "/offline"
        case .serviceWorker: "/sw.js"
        case .monologues: "/monologues"
        case .monologueOptions, .saveMonologueOptions: "/monologues/options"
        case .monologueTags: "/monologues/tags"
        case .monologueFavourites: "/monologues/favourites"
        case .editFavourite, .saveFavouriteEdits: "/monologues/favourites/{id}/edit"
        case .restoreFavourite: "/monologues/favourites/{id}/restore"
        case .removeFavourite: "/monologues/favourites/{id}/remove"
        case .printFavourite: "/monologues/favourites/{id}/print"
        case .auditionSets: "/monologues/sets"
        case .favouriteCuts: "/monologues/favourites/{id}/cuts"
        case .exportFavourite: "/monologues/favourites/{id}/export"
        case .rehearse: "/monologues/favourites/{id}/rehearse"
        case .checkLine: "/monologues/favourites/{id}/rehearse/check"
        case .rateLine: "/monologues/favourites/{id}/rehearse/rate"
        case .restartRehearsal: "/monologues/favourites/{id}/rehearse/restart"
        case .rehearseOffline: "/monologues/rehearse/offline"
        case .monologue: "/monologues/{id}"
        case .toggleFavourite: "/monologues/{id}/favourite"
        case .saveMonologueTextSize: "/monologues/{id}/text-size"
        case .vocabulary: "/vocab"
        case .newPair: "/vocab/new"
        case .createPair: "/vocab/pairs"
        case .editPair: "/vocab/pairs/{id}/edit"
        case .updatePair: "/vocab/pairs/{id}"
        case .deletePair: "/vocab/pairs/{id}/delete"
        case .revise: "/vocab/revise"
        case .reviseOffline: "/vocab/revise/offline"
        case .pairsOffline: "/vocab/offline"
        case .revisionSession: "/vocab/revise/session"
        case .answer: "/vocab/revise/answer"
        case .rate: "/vocab/revise/rate"
        case .studySettings, .saveStudySettings: "/vocab/settings"
        case .undoRating: "/vocab/revise/undo"
        case .vocabularyStats: "/vocab/stats"
        case .tuneScheduler: "/vocab/settings/tune"
        case .suspendPair: "/vocab/pairs/{id}/suspend"
        case .pair: "/vocab/pairs/{id}"
        case .pairTags: "/vocab/tags"
        case .vocabularyImport: "/vocab/import"
        case .previewImport: "/vocab/import/preview"
        case .importTable: "/vocab/import/table"
        case .importDictionary: "/vocab/import/dictionary"
        case .exportPairs: "/vocab/export"
        case .characters: "/characters"
        case .characterFavourites: "/characters/favourites"
        case .character: "/characters/{id}"
        case .characterDetails: "/characters/{id}/details"
        case .characterWeb: "/characters/{id}/web"
        case .characterPortrait: "/characters/{id}/portrait.svg"
        case .toggleCharacterFavourite: "/characters/{id}/favourite"
        case .plots: "/plots"
        case .keptPlots, .keepPlot: "/plots/kept"
        case .forgetPlot: "/plots/kept/{ids}/remove"
        case .grammars, .saveGrammar: "/plots/grammars"
        case .grammar: "/plots/grammars/{id}"
        case .deleteGrammar: "/plots/grammars/{id}/delete"
        case .plot: "/plots/{plot}"
        case .ghost: "/ghost"
        case .ghostOffline: "/ghost/offline"
        case .startHotSeat: "/ghost/games"
        case .openRoom: "/ghost/rooms"
        case .ghostGame: "/ghost/games/{id}"
        case .ghostMove: "/ghost/games/{id}/move"
        case .joinGhostGame: "/ghost/games/{id}/join"
        case .playAgain: "/ghost/games/{id}/again"
        case .ghostScores: "/ghost/scores"
        case .ghostHelp: "/ghost/help"
        case .ghostLobby: "/ghost/lobby"
        case .ghostDaily, .answerGhostDaily: "/ghost/daily"
        case .uploadWordList: "/ghost/wordlists"
        case .deleteWordList: "/ghost/wordlists/{id}/delete"
        case .ghostSocket: "/ghost/games/{id}/socket"
        case .account: "/account"
        case .registerForm, .register: "/account/register"
        case .loginForm, .login: "/account/login"
        case .logout: "/account/logout"
        case .changePassword: "/account/password"
        }
    }
}
