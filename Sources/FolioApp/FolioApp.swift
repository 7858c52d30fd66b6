/// FolioApp is the layer between the five apps and the three faces (pages, API, command line):
/// the interfaces of the stores each app needs — one protocol per app, implemented by each
/// storage engine and held to one conformance suite — and the use cases written once on them.
///
/// It imports Foundation, FolioCore, the apps and swift-crypto (SHA-256, to name spoken sides'
/// files) only: no server, no database. The programs it runs (gzip, espeak-ng) are run with
/// Foundation's `Process`, never through a shell.
public enum FolioApp {}

/// Every store interface at once: what a storage engine provides.
public typealias FolioStores = AccountStore & LibraryStore & FavouriteStore & VocabularyStore & PlotStore & CharacterStore & GhostStore
