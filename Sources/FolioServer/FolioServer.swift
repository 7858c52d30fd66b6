/// FolioServer owns the HTTP face of Folio: `buildApplication`, the request context, one
/// controller per app, and the single place where module errors become HTTP statuses and JSON.
public enum FolioServer {}
