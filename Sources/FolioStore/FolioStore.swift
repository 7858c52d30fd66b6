/// FolioStore owns Folio's SQLite database: the migrations, one record type per table, and one
/// repository per app. `AppDatabase` is the only way to write; every query is parameterised
/// and lives here, so another storage engine could replace this module without touching the apps.
public enum FolioStore {}

// The store interfaces and the values they carry (pages, summaries, errors) belong to FolioApp;
// whoever opens this engine uses them too.
@_exported import FolioApp
