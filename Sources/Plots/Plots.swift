/// Plots owns the movie-plot generator: a Tracery-compatible grammar engine (rules, actions,
/// modifiers with correct English) driven by a seeded random source, and the three wheels
/// (subject, predicate, modifier) read from a grammar, with every predicate in the form that
/// agrees with its subject.
///
/// It imports Foundation and FolioCore only, so an Apple-platform client can reuse it unchanged.
public enum Plots {}
