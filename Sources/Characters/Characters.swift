/// Characters owns the Star Wars character browser's catalogue: characters, their home planets
/// and the films and series they first appeared in, read from Folio's own XML catalogue or from
/// SWAPI-format JSON; the sections by first appearance in story order; generated portraits; and
/// the SWAPI-compatible shapes and pages served at `/swapi/`.
///
/// It imports Foundation (and FoundationXML on Linux) and FolioCore only.
public enum Characters {}
