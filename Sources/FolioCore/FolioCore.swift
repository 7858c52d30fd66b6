/// FolioCore owns what every Folio app shares and nothing app-specific: folding text for
/// case- and accent-blind matching, splitting text into words and queries into terms, and the
/// error shape that the server and the command line turn into status codes and messages.
///
/// It imports Foundation only, so an Apple-platform client can reuse it unchanged.
public enum FolioCore {}
