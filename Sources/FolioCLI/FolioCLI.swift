/// FolioCLI owns the `folio` command line: one subcommand group per app, each thin — parse the
/// arguments, call the app module or the store, print text or JSON.
public enum FolioCLI {}
